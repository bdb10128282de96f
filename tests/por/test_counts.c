/* Exact state counts on parametric toy programs (threads stored as pc + locals):
 *   writers(n): n threads each writing its own value to x once: n*2^(n-1)+1 states (dfs);
 *   readers(n): a writer x = 1 and n readers r1 = y_i; r2 = x: 3^n + 4^n states (dfs);
 *   disjoint(k, m): k threads writing m times to their own variable: (m+1)^k states (dfs),
 *     a single interleaving (k*m + 1 states) for de-s-por and dl-s-por, all of them for s-por.
 * Stateless counts are the nodes of the tree of interleavings, computed independently. Every
 * reduced search explores at most dfs's states and finds exactly dfs's terminal states, and
 * de-s-por and dl-s-por explore the same number of states under the same order. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"

enum { SRC = 4096 };

static void writers(size_t n, char *src)
{
    size_t len = (size_t)snprintf(src, SRC, "shared x\n");
    for (size_t i = 0; i < n; i++)
        len += (size_t)snprintf(src + len, SRC - len, "thread T%zu { x = %zu }\n", i, i + 1);
}

static void readers(size_t n, char *src)
{
    size_t len = (size_t)snprintf(src, SRC, "shared x");
    for (size_t i = 1; i <= n; i++) len += (size_t)snprintf(src + len, SRC - len, ", y%zu", i);
    len += (size_t)snprintf(src + len, SRC - len, "\nthread W { x = 1 }\n");
    for (size_t i = 1; i <= n; i++)
        len += (size_t)snprintf(src + len, SRC - len,
                                "thread R%zu {\n r1 = y%zu\n r2 = x\n return r1, r2\n}\n", i, i);
}

static void disjoint(size_t k, size_t m, char *src)
{
    size_t len = (size_t)snprintf(src, SRC, "shared x0");
    for (size_t i = 1; i < k; i++) len += (size_t)snprintf(src + len, SRC - len, ", x%zu", i);
    len += (size_t)snprintf(src + len, SRC - len, "\n");
    for (size_t i = 0; i < k; i++) {
        len += (size_t)snprintf(src + len, SRC - len, "thread T%zu {\n", i);
        for (size_t j = 1; j <= m; j++)
            len += (size_t)snprintf(src + len, SRC - len, " x%zu = %zu\n", i, j);
        len += (size_t)snprintf(src + len, SRC - len, "}\n");
    }
}

/* Runs [opt] on [src] and returns the new states; checks the outcomes against [oracle] when it
 * is not NULL. */
static size_t run_count(const char *src, por_options opt, const outcomes *oracle)
{
    toy_program *toy = harness_parse(src);
    outcomes got;
    por_result r;
    run_spec spec = {toy, opt, oracle ? &oracle->edges : NULL, true, NULL};
    cr_assert_eq(harness_run(&spec, &got, &r), POR_OK);
    cr_assert_eq(r.stop, POR_STOP_COMPLETE);
    char why[512];
    if (oracle)
        cr_assert(harness_same(oracle, &got, why, sizeof why), "%s %s: %s\n%s",
                  por_algo_name(opt.algo), opt.stateless ? "stateless" : "stateful", why, src);
    cr_assert_eq(got.problems, 0, "%s", got.problem);
    outcomes_free(&got);
    toy_free(toy);
    return r.stats.states_new;
}

/* The states [algo] explores on [src] under [order]. */
#define count(src, algo, stateless, order, oracle)                                                 \
    run_count(src, harness_options(algo, stateless, order), oracle)

/* The oracle outcomes of [src] (stateful dfs); returns its state count. */
static size_t oracle_of(const char *src, outcomes *out)
{
    toy_program *toy = harness_parse(src);
    por_options opt = harness_options(POR_ALGO_DFS, false, "seq");
    por_result r;
    run_spec spec = {toy, opt, NULL, true, NULL};
    cr_assert_eq(harness_run(&spec, out, &r), POR_OK);
    toy_free(toy);
    return r.stats.states_new;
}

static const char *const orders[] = {"seq", "seq:2,1,0", "seq:1,0,3,2", "random:1", "random:42"};

/* Every search, stateful and stateless, every order: same outcomes as dfs, at most its states,
 * and DE == DL on each order. Returns nothing; [stateful_dfs] is dfs's count. */
static void check_all(const char *src, size_t stateful_dfs)
{
    outcomes oracle;
    cr_assert_eq(oracle_of(src, &oracle), stateful_dfs);
    for (size_t o = 0; o < sizeof orders / sizeof orders[0]; o++)
        for (int stateless = 0; stateless < 2; stateless++) {
            size_t full = count(src, POR_ALGO_DFS, stateless, orders[o], &oracle);
            size_t n[POR_ALGO_COUNT];
            for (int a = 0; a < POR_ALGO_DPOR; a++) { /* the DPOR family: test_dpor.c */
                n[a] = count(src, (por_algo)a, stateless, orders[o], &oracle);
                cr_assert_leq(n[a], full, "%s explored %zu > dfs %zu", por_algo_name((por_algo)a),
                              n[a], full);
            }
            cr_assert_eq(n[POR_ALGO_DE_SPOR], n[POR_ALGO_DL_SPOR], "order %s", orders[o]);
            cr_assert_eq(n[POR_ALGO_DE_JPF], n[POR_ALGO_DL_JPF], "order %s", orders[o]);
        }
    outcomes_free(&oracle);
}

Test(por_counts, writers_have_n_2_to_the_n_minus_1_plus_1_states)
{
    static const size_t want[] = {0, 0, 5, 13, 33}, tree[] = {0, 0, 5, 16, 65};
    char src[SRC];
    for (size_t n = 2; n <= 4; n++) {
        writers(n, src);
        for (int a = 0; a < POR_ALGO_DPOR; a++) {
            cr_assert_eq(count(src, (por_algo)a, false, "seq", NULL), want[n], "%s n=%zu",
                         por_algo_name((por_algo)a), n);
            cr_assert_eq(count(src, (por_algo)a, true, "seq", NULL), tree[n], "stateless %s n=%zu",
                         por_algo_name((por_algo)a), n);
        }
        check_all(src, want[n]);
    }
}

Test(por_counts, readers_have_3_to_the_n_plus_4_to_the_n_states)
{
    static const size_t want[] = {0, 7, 25, 91}, tree[] = {0, 9, 90, 1841};
    char src[SRC];
    for (size_t n = 1; n <= 3; n++) {
        readers(n, src);
        cr_assert_eq(count(src, POR_ALGO_DFS, false, "seq", NULL), want[n]);
        cr_assert_eq(count(src, POR_ALGO_JPF, false, "random:5", NULL), want[n]);
        cr_assert_eq(count(src, POR_ALGO_SPOR, false, "seq", NULL), want[n], "no invisible step");
        cr_assert_eq(count(src, POR_ALGO_DFS, true, "seq", NULL), tree[n]);
        check_all(src, want[n]);
    }
}

Test(por_counts, readers_are_reduced_by_the_dynamic_searches)
{
    /* Regression figures of this implementation (all <= dfs, DE == DL, same terminal states). */
    char src[SRC];
    readers(2, src);
    cr_assert_eq(count(src, POR_ALGO_DE_SPOR, false, "seq", NULL), 19);
    cr_assert_eq(count(src, POR_ALGO_DL_SPOR, false, "random:3", NULL), 18);
    cr_assert_eq(count(src, POR_ALGO_DL_SPOR, true, "seq", NULL), 34);
    readers(3, src);
    cr_assert_eq(count(src, POR_ALGO_DE_SPOR, false, "seq", NULL), 47);
    cr_assert_eq(count(src, POR_ALGO_DL_JPF, false, "seq", NULL), 47);
    cr_assert_eq(count(src, POR_ALGO_DE_JPF, true, "random:3", NULL), 90);
}

Test(por_counts, disjoint_threads_need_one_interleaving)
{
    char src[SRC];
    static const size_t shapes[][2] = {{2, 1}, {2, 3}, {3, 2}, {4, 2}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        size_t k = shapes[i][0], m = shapes[i][1], all = 1;
        for (size_t j = 0; j < k; j++) all *= m + 1;
        disjoint(k, m, src);
        cr_assert_eq(count(src, POR_ALGO_DFS, false, "seq", NULL), all);
        cr_assert_eq(count(src, POR_ALGO_SPOR, false, "seq", NULL), all,
                     "s-por has no dynamic reduction");
        for (int stateless = 0; stateless < 2; stateless++)
            for (size_t o = 0; o < sizeof orders / sizeof orders[0]; o++) {
                por_algo dyn[] = {POR_ALGO_DE_SPOR, POR_ALGO_DL_SPOR, POR_ALGO_DE_JPF,
                                  POR_ALGO_DL_JPF};
                for (size_t a = 0; a < 4; a++)
                    cr_assert_eq(count(src, dyn[a], stateless, orders[o], NULL), k * m + 1,
                                 "%s %s k=%zu m=%zu", por_algo_name(dyn[a]), orders[o], k, m);
            }
        check_all(src, all);
    }
}

Test(por_counts, invisible_steps_are_reduced_by_safe_sets)
{
    /* Two threads of two invisible steps, then one write each to x. dfs: every pair of pcs
     * 0..3, with two end states (x = 1 or 2) for (3, 3): 17. s-por runs A's invisible steps,
     * then B's (safe sets of one thread), then both writes in both orders: 9 states. */
    const char *src =
        "shared x\nthread A {\n local\n local\n x = 1\n}\nthread B {\n local\n local\n x = 2\n}\n";
    size_t dfs = count(src, POR_ALGO_DFS, false, "seq", NULL);
    cr_assert_eq(dfs, 4 * 4 + 1);
    cr_assert_eq(count(src, POR_ALGO_SPOR, false, "seq", NULL), 9);
    cr_assert_eq(count(src, POR_ALGO_DE_SPOR, false, "seq", NULL), 9);
    cr_assert_eq(count(src, POR_ALGO_DL_SPOR, false, "seq", NULL), 9);
    /* Without safe sets the dynamic searches still find the invisible steps independent. */
    cr_assert_eq(count(src, POR_ALGO_DL_JPF, false, "seq", NULL), 11);
    check_all(src, dfs);
}
