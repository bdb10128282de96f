/* Cartesian POR (cartesian-por.txt) on the toy language: the paper's worked examples with the
 * counts they give, and the cases where Java's blocking and spin loops would lose an end state,
 * each checked against dfs (end states, deadlocks and failed assertions). */
#include <criterion/criterion.h>

#include "harness.h"

/* The states dfs stored in the last run_cartesian. */
static size_t dfs_states;

/* Runs cartesian on [src] under [order], checks it against dfs, returns its result. */
static por_result run_cartesian(const char *src, const char *order)
{
    toy_program *toy = harness_parse(src);
    outcomes want, got;
    por_result r;
    run_spec oracle = {toy, harness_options(POR_ALGO_DFS, false, "seq"), NULL, false, NULL};
    cr_assert_eq(harness_run(&oracle, &want, &r), POR_OK);
    dfs_states = r.stats.states_new;
    run_spec spec = {toy, harness_options(POR_ALGO_CARTESIAN, false, order), &want.edges, false,
                     NULL};
    cr_assert_eq(harness_run(&spec, &got, &r), POR_OK);
    cr_assert_eq(r.stop, POR_STOP_COMPLETE);
    char why[512];
    cr_assert(harness_same(&want, &got, why, sizeof why), "order %s: %s\n%s", order, why, src);
    outcomes_free(&want);
    outcomes_free(&got);
    toy_free(toy);
    return r;
}

static const char *const orders[] = {"seq", "seq:1,0", "random:7"};

/* Fig. 5: two threads of three independent steps each. The vector of the initial state holds
 * all three steps of each, so the search stores 4 states, (0,0), (3,0), (0,3) and (3,3), and
 * runs 12 transitions of the 24 (the paper: "saves 12 transitions"). */
Test(por_cartesian, fig5_runs_each_thread_to_its_end)
{
    for (size_t o = 0; o < 3; o++) {
        por_result r = run_cartesian("shared x, y\n"
                                     "thread T1 {\n x = 1\n x = 2\n x = 3\n}\n"
                                     "thread T2 {\n y = 1\n y = 2\n y = 3\n}\n",
                                     orders[o]);
        cr_assert_eq(r.stats.states_new, 4, "order %s: %zu states", orders[o], r.stats.states_new);
        cr_assert_eq(r.stats.transitions, 12);
    }
}

/* Fig. 2 and Example 2: T1's prefix stops before y := 7 (T2 read y), T2's before priv := x (T1
 * wrote x); every end state of the program is still reached, in fewer than half the states dfs
 * stores (17 of 38 under seq). */
Test(por_cartesian, fig2_keeps_every_end_state)
{
    const char *src = "shared x, y, z, q\n"
                      "thread T1 {\n z = 8\n x = 1\n z = 42\n y = 7\n w = z\n return w\n}\n"
                      "thread T2 {\n q = 8\n p = y\n q = 42\n p = x\n return p\n}\n";
    for (size_t o = 0; o < 3; o++) {
        por_result r = run_cartesian(src, orders[o]);
        cr_assert_lt(2 * r.stats.states_new, dfs_states, "order %s: %zu states, dfs %zu", orders[o],
                     r.stats.states_new, dfs_states);
    }
}

/* The paper assumes that no thread is disabled. Once T0 holds the lock, T1 cannot run and has
 * no prefix, and T0's ran on past its unlock to its second read of v0: the end state where T1
 * writes between T0's two reads was lost. Either rule keeps it: T1's pending lock counts as the
 * last step of a prefix (so the unlock, which depends on it, ends T0's), and a step that lets a
 * thread run ends its prefix. */
Test(por_cartesian, a_thread_that_cannot_run_still_stops_prefixes)
{
    static const char *const each[] = {"seq:0,1", "seq:1,0", "random:7"};
    for (size_t o = 0; o < 3; o++)
        run_cartesian("shared v0\nlock l0\n"
                      "thread T1 {\n lock l0\n v0 = 1\n unlock l0\n}\n"
                      "thread T0 {\n lock l0\n r1 = v0\n unlock l0\n r0 = v0\n"
                      " return r0, r1\n}\n",
                      each[o]);
}

/* ABBA: the deadlock is an end state too. */
Test(por_cartesian, deadlocks_are_found)
{
    for (size_t o = 0; o < 3; o++) {
        por_result r = run_cartesian("lock a, b\n"
                                     "thread A {\n lock a\n lock b\n unlock b\n unlock a\n}\n"
                                     "thread B {\n lock b\n lock a\n unlock a\n unlock b\n}\n",
                                     orders[o]);
        cr_assert_eq(r.stats.deadlocks, 1);
    }
}
