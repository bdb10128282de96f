/* The DPOR family (dpor, source-dpor, optimal-dpor) on programs whose number of Mazurkiewicz
 * traces theory gives. Each complete run (one that reaches an end state) is one trace: sleep
 * sets never let two equivalent runs complete, and every trace needs one, so the count is exact
 * for all three algorithms; runs blocked by sleep sets are counted apart and are 0 for
 * optimal-dpor:
 *   writers(n, k): n threads writing k times to one variable: (nk)! / (k!)^n;
 *   readers(n): a writer of x and n readers of x: 2^n;
 *   increments(n): n threads doing r = x; x = r + 1: (n!)^2;
 *   locked(n): the same inside lock m ... unlock m: n!;
 *   lastzero(n) (the optimal-DPOR paper's Table 3): (n + 3) 2^(n-2), lastzero(5) = 64,
 *     lastzero(10) = 3328;
 *   ABBA lock order: 3 traces, one of them a deadlock.
 * Then the pitfalls met while building them, each a program on which a search once missed an
 * outcome that dfs finds, under the order that showed it. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness.h"

enum { SRC = 8192 };

/* What one DPOR search counted. */
typedef struct runs {
    size_t complete, deadlocks, blocked, states;
} runs;

/* Programs whose dfs oracle is too big to run in every test (lastzero(8) and beyond) are
 * checked on counts alone. */
static bool with_oracle = true;

/* Runs [algo] on [src] under [order], checks its outcomes against dfs's, returns its counts. */
static runs run_dpor(const char *src, por_algo algo, const char *order)
{
    toy_program *toy = harness_parse(src);
    outcomes want, got;
    por_result r;
    run_spec oracle = {toy, harness_options(POR_ALGO_DFS, false, "seq"), NULL, false, NULL};
    if (with_oracle) cr_assert_eq(harness_run(&oracle, &want, &r), POR_OK);
    run_spec spec = {toy, harness_options(algo, false, order), with_oracle ? &want.edges : NULL,
                     false, NULL};
    cr_assert_eq(harness_run(&spec, &got, &r), POR_OK);
    cr_assert_eq(r.stop, POR_STOP_COMPLETE);
    char why[512];
    cr_assert(!with_oracle || harness_same(&want, &got, why, sizeof why), "%s, order %s: %s\n%s",
              por_algo_name(algo), order, why, src);
    if (with_oracle) outcomes_free(&want);
    outcomes_free(&got);
    toy_free(toy);
    runs out = {r.stats.end_states, r.stats.deadlocks, r.stats.sleep_blocked, r.stats.states_new};
    return out;
}

static const char *const orders[] = {"seq", "seq:2,0,1", "random:7"};

/* Checks that every stateless DPOR algorithm under every order completes [traces] runs on
 * [src], [dead] of them deadlocks, and that optimal-dpor has no sleep-set-blocked run; o-dpor,
 * which matches states, finds dfs's outcomes in no more states than source-dpor. */
static void expect_traces(const char *src, size_t traces, size_t dead)
{
    for (int a = POR_ALGO_DPOR; a <= POR_ALGO_O_DPOR; a++)
        for (size_t o = 0; o < sizeof orders / sizeof orders[0]; o++) {
            runs got = run_dpor(src, (por_algo)a, orders[o]);
            if (!por_algo_is_stateless((por_algo)a)) {
                size_t source = run_dpor(src, POR_ALGO_SOURCE_DPOR, orders[o]).states;
                cr_assert_leq(got.states, source, "%s, order %s: %zu states, source-dpor %zu\n%s",
                              por_algo_name((por_algo)a), orders[o], got.states, source, src);
                continue;
            }
            cr_assert_eq(got.complete, traces, "%s, order %s: %zu runs, want %zu\n%s",
                         por_algo_name((por_algo)a), orders[o], got.complete, traces, src);
            cr_assert_eq(got.deadlocks, dead, "%s", por_algo_name((por_algo)a));
            if (a == POR_ALGO_OPTIMAL_DPOR)
                cr_assert_eq(got.blocked, 0, "optimal-dpor, order %s: %zu blocked runs", orders[o],
                             got.blocked);
        }
}

/* Appends printf-style text to [src]. */
#define put(...) len += (size_t)snprintf(src + len, SRC - len, __VA_ARGS__)

static void writers(size_t n, size_t k, char *src)
{
    size_t len = 0;
    put("shared x\n");
    for (size_t i = 0; i < n; i++) {
        put("thread T%zu {\n", i);
        for (size_t j = 1; j <= k; j++) put(" x = %zu\n", 10 * i + j);
        put("}\n");
    }
}

static void readers(size_t n, char *src)
{
    size_t len = 0;
    put("shared x\nthread W { x = 1 }\n");
    for (size_t i = 0; i < n; i++) put("thread R%zu {\n r = x\n return r\n}\n", i);
}

static void increments(size_t n, bool locked, char *src)
{
    size_t len = 0;
    put("shared x\n%s", locked ? "lock m\n" : "");
    for (size_t i = 0; i < n; i++)
        put("thread T%zu {\n%s r = x\n x = r + 1\n%s return r\n}\n", i, locked ? " lock m\n" : "",
            locked ? " unlock m\n" : "");
}

/* Thread 0 looks for the last zero of a[0..n] from the top; thread j sets a[j] = a[j-1] + 1. */
static void lastzero(size_t n, char *src)
{
    size_t len = 0;
    put("shared a0");
    for (size_t i = 1; i <= n; i++) put(", a%zu", i);
    put("\nthread Z {\n");
    for (size_t i = n + 1; i-- > 0;) put(" r = a%zu\n if (r == 0) goto found%zu\n", i, i);
    for (size_t i = 0; i <= n; i++) put(" found%zu:\n local at = %zu\n return at\n", i, i);
    put("}\n");
    for (size_t j = 1; j <= n; j++)
        put("thread T%zu {\n r = a%zu\n a%zu = r + 1\n}\n", j, j - 1, j);
}

Test(por_dpor, writers_give_nk_factorial_over_k_factorial_to_the_n)
{
    char src[SRC];
    static const size_t cases[][3] = {{2, 1, 2},  {3, 1, 6},  {4, 1, 24}, {2, 2, 6},
                                      {2, 3, 20}, {3, 2, 90}, {2, 4, 70}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        writers(cases[i][0], cases[i][1], src);
        expect_traces(src, cases[i][2], 0);
    }
}

Test(por_dpor, readers_give_2_to_the_n)
{
    char src[SRC];
    for (size_t n = 1; n <= 8; n++) {
        readers(n, src);
        expect_traces(src, (size_t)1 << n, 0);
    }
}

Test(por_dpor, increments_give_n_factorial_squared)
{
    char src[SRC];
    static const size_t want[] = {0, 1, 4, 36, 576};
    for (size_t n = 1; n <= 4; n++) {
        increments(n, false, src);
        expect_traces(src, want[n], 0);
    }
}

Test(por_dpor, locked_increments_give_n_factorial)
{
    char src[SRC];
    static const size_t want[] = {0, 1, 2, 6, 24, 120};
    for (size_t n = 1; n <= 5; n++) {
        increments(n, true, src);
        expect_traces(src, want[n], 0);
    }
}

/* Up to lastzero(10), the paper's largest; the sanitizer build stops at lastzero(8) (9 and 10
 * took 33 of its 35 s in this test). */
Test(por_dpor, lastzero_gives_n_plus_3_times_2_to_the_n_minus_2)
{
    char src[SRC];
    size_t last = harness_quick() ? 8 : 10;
    for (size_t n = 2; n <= last; n++) {
        lastzero(n, src);
        with_oracle = n <= 6;
        expect_traces(src, (n + 3) << (n - 2), 0);
    }
    with_oracle = true;
}

Test(por_dpor, abba_has_three_traces_one_a_deadlock)
{
    expect_traces("lock a, b\n"
                  "thread A {\n lock a\n lock b\n unlock b\n unlock a\n}\n"
                  "thread B {\n lock b\n lock a\n unlock a\n unlock b\n}\n",
                  3, 1);
}

/* ---- Pitfalls -------------------------------------------------------------------------------- */

/* Fig. 4 of the DPOR paper adds p to backtrack(pre(S, i)) whenever p is enabled there; with sleep
 * sets p may sleep there, and the run where Z finds a1 zero was missed. */
Test(por_dpor, a_sleeping_racer_is_no_backtrack_point)
{
    char src[SRC];
    lastzero(2, src);
    for (size_t o = 0; o < sizeof orders / sizeof orders[0]; o++)
        run_dpor(src, POR_ALGO_DPOR, orders[o]);
}

/* Taking only the last racing event (Fig. 3) relies on exploring its alternative to find the
 * earlier races; with sleep sets that alternative may sleep: T3 reading 2 while T1 reads 0 was
 * missed. */
Test(por_dpor, every_race_is_reversed_not_only_the_last)
{
    run_dpor("shared v0, v1\n"
             "thread T0 {\n r1 = v0\n return r0, r1, r2\n}\n"
             "thread T1 {\n r0 = cas(v1, 0, 2)\n v0 = r0 + 1\n r1 = v0\n return r0, r1, r2\n}\n"
             "thread T2 {\n v1 = 2\n r2 = v0\n return r0, r1, r2\n}\n",
             POR_ALGO_DPOR, "random:3000066");
}

/* A sleeping thread of E that performs an event of v after another one does not cover v: taking
 * it for the backtrack point missed T3 reading v1 before T2's CAS and T0 after it. */
Test(por_dpor, a_sleeping_thread_covers_only_as_an_initial)
{
    run_dpor("shared v0, v1\n"
             "thread T2 {\n r2 = cas(v1, 0, 2)\n return r0, r1, r2\n}\n"
             "thread T3 {\n r1 = cas(v0, 1, 2)\n r1 = v1\n return r0, r1, r2\n}\n"
             "thread T0 {\n r1 = v1\n return r0, r1, r2\n}\n"
             "thread T1 {\n r2 = v0\n return r0, r1, r2\n}\n",
             POR_ALGO_DPOR, "random:5");
}

/* A branch that a spin iteration cut (it led back to a stack state) did not explore its runs: as
 * a sleeper it hid T2's second read before the write. */
Test(por_dpor, a_branch_cut_by_a_cycle_does_not_sleep)
{
    const char *src = "shared v0, v1\n"
                      "thread T2 {\n r2 = v0\n r2 = v0\n return r0, r1, r2\n}\n"
                      "thread T0 {\n while (v0 == 0);\n return r0, r1, r2\n}\n"
                      "thread T1 {\n v0 = r0 + 1\n return r0, r1, r2\n}\n";
    for (int a = POR_ALGO_DPOR; a <= POR_ALGO_O_DPOR; a++) run_dpor(src, (por_algo)a, "seq:2,1,0");
}

/* A branch the cycle proviso adds stands for no race: a reversal that reached it was taken as
 * covered, and T0 never read v1 = 2. */
Test(por_dpor, a_proviso_branch_covers_no_reversal)
{
    run_dpor("shared v0, v1\n"
             "thread T0 {\n r0 = v1\n return r0, r1, r2\n}\n"
             "thread T1 {\n while (v0 == 0);\n v0 = 2\n return r0, r1, r2\n}\n"
             "thread T2 {\n v0 = 1\n r0 = cas(v0, 1, 1)\n v1 = r0 + 1\n return r0, r1, r2\n}\n",
             POR_ALGO_OPTIMAL_DPOR, "seq:1,2,0");
}

/* The wakeup sequences below a branch that a cycle cut continue from the state it led back to;
 * left below the cut, T1's two reads before T0's write were never tried. */
Test(por_dpor, wakeup_sequences_below_a_cut_are_kept)
{
    run_dpor("shared v0, v1\n"
             "thread T2 {\n while (v1 == 0);\n r2 = v1\n return r0, r1, r2\n}\n"
             "thread T0 {\n v0 = 2\n r0 = cas(v1, 0, 2)\n return r0, r1, r2\n}\n"
             "thread T3 {\n r1 = v0\n return r0, r1, r2\n}\n"
             "thread T1 {\n r0 = v0\n r0 = v0\n return r0, r1, r2\n}\n",
             POR_ALGO_OPTIMAL_DPOR, "random:57512");
}

/* A stateless search's bound is the cycle: a spin loop that never ends is cut where it repeats a
 * stack state, and the search completes with the deadlock-free end states of dfs. */
Test(por_dpor, spin_loops_are_cut_not_unrolled)
{
    const char *src = "shared flag, x\n"
                      "thread W {\n x = 1\n flag = 1\n}\n"
                      "thread S {\n while (flag == 0);\n r = x\n return r\n}\n";
    for (int a = POR_ALGO_DPOR; a <= POR_ALGO_O_DPOR; a++) {
        runs got = run_dpor(src, (por_algo)a, "seq");
        cr_assert_eq(got.complete, 1, "%s: %zu", por_algo_name((por_algo)a), got.complete);
    }
}

/* I(v) is the order of E'.v: T2's lock happened before T0's lock in E through T1's read and T2's
 * write, which v leaves out, and optimal-dpor, taking T0 for no initial, ran into a state whose
 * threads all slept. */
Test(por_dpor, initials_follow_only_the_events_of_v)
{
    static const char *const each[] = {"seq:1,0,2", "seq", "random:7"};
    for (size_t o = 0; o < 3; o++) {
        runs got = run_dpor("shared v0\nlock l1\n"
                            "thread T1 {\n r1 = v0\n return r0, r1, r2\n}\n"
                            "thread T0 {\n lock l1\n unlock l1\n return r0, r1, r2\n}\n"
                            "thread T2 {\n lock l1\n v0 = 2\n unlock l1\n return r0, r1, r2\n}\n",
                            POR_ALGO_OPTIMAL_DPOR, each[o]);
        cr_assert_eq(got.blocked, 0, "order %s", each[o]);
    }
}

/* ---- o-dpor: the pitfalls of matching states ------------------------------------------------ */

/* Runs o-dpor on [src] under each order of [each] ([n] of them) against dfs. */
static void o_dpor_agrees(const char *src, const char *const *each, size_t n)
{
    for (size_t o = 0; o < n; o++) run_dpor(src, POR_ALGO_O_DPOR, each[o]);
}

/* A matched state's runs race with the new path to it: without those races T0's second write
 * never came before T1's write here, and the CAS of T0 never failed in the second program. */
Test(por_dpor, o_dpor_races_what_a_matched_state_reaches)
{
    static const char *const each[] = {"seq:0,1", "seq:0,1,2", "seq", "random:7"};
    o_dpor_agrees("shared v0, v1, v2\n"
                  "thread T1 {\n v2 = 2\n return r0, r1, r2\n}\n"
                  "thread T0 {\n v2 = 2\n v2 = r2 + 1\n return r0, r1, r2\n}\n",
                  each, 4);
    o_dpor_agrees("shared v0\n"
                  "thread T2 {\n r2 = cas(v0, 0, 1)\n return r0, r1, r2\n}\n"
                  "thread T1 {\n r1 = cas(v0, 1, 2)\n return r0, r1, r2\n}\n"
                  "thread T0 {\n r0 = cas(v0, 0, 2)\n v0 = r0 + 1\n return r0, r1, r2\n}\n",
                  each + 1, 3);
}

/* A state first explored while T1 slept was matched on a path where T1 did not: the runs that
 * start with T1 there were never explored (one outcome of 19 was missed). */
Test(por_dpor, o_dpor_matches_only_within_the_first_sleep_set)
{
    static const char *const each[] = {"random:8004578", "seq", "random:7"};
    o_dpor_agrees("shared v0\nlock l0\n"
                  "thread T0 {\n r0 = v0\n r1 = v0\n return r0, r1, r2\n}\n"
                  "thread T1 {\n v0 = 1\n v0 = 2\n return r0, r1, r2\n}\n"
                  "thread T2 {\n r0 = cas(v0, 1, 1)\n v0 = r0 + 1\n r2 = v0\n lock l0\n"
                  " unlock l0\n return r0, r1, r2\n}\n",
                  each, 3);
}

/* optimal-dpor leaves runs below a state to the wakeup sequences that races elsewhere insert
 * above it: from T0's CAS, with T1 asleep, it explores only T2's write first, and T0 reading
 * v1 and v0 before T1 writes v0 comes from a sequence the root got from the T1-first runs. A
 * first o-dpor that kept wakeup trees matched states below the root there, inserted no such
 * sequence, and missed T1's CAS succeeding while T0 read v0 = 0. */
Test(por_dpor, o_dpor_keeps_no_wakeup_tree)
{
    static const char *const each[] = {"seq:0,1,2", "seq:2,1,0", "random:2592"};
    o_dpor_agrees("shared v0, v1\n"
                  "thread T1 {\n v0 = 1\n r2 = cas(v1, 1, 1)\n return r0, r1, r2\n}\n"
                  "thread T2 {\n v1 = 2\n return r0, r1, r2\n}\n"
                  "thread T0 {\n r1 = cas(v1, 0, 1)\n r2 = v1\n r2 = v0\n return r0, r1, r2\n}\n",
                  each, 3);
}

/* ---- An lts that restores only along the path (the VM's undo trail) -------------------------- */

/* The toy behind a trail: a snapshot stays valid only while every snapshot saved before it
 * still is and no older one was restored since it was saved (then it died). */
typedef struct trail_model {
    por_lts toy;
    uint32_t live[4096]; /* ids of the valid snapshots, oldest first */
    size_t len;
    uint32_t next_id;
    bool broken; /* a dead snapshot was restored */
} trail_model;

typedef struct trail_snap {
    por_snapshot *toy;
    uint32_t id;
} trail_snap;

static size_t tr_threads(const void *m)
{
    const trail_model *t = m;
    return t->toy.ops->thread_count(t->toy.model);
}

static por_tset tr_enabled(const void *m)
{
    const trail_model *t = m;
    return t->toy.ops->enabled(t->toy.model);
}

static por_tset tr_waiting(const void *m)
{
    const trail_model *t = m;
    return t->toy.ops->waiting(t->toy.model);
}

static void tr_peek(const void *m, size_t thread, por_label *out)
{
    const trail_model *t = m;
    t->toy.ops->peek(t->toy.model, thread, out);
}

static por_step_result tr_step(void *m, size_t thread, por_error *err)
{
    trail_model *t = m;
    if (t->broken) {
        por_fail(err, POR_ERR_LTS, "a snapshot was restored out of order");
        return POR_STEP_ERROR;
    }
    return t->toy.ops->step(t->toy.model, thread, err);
}

static por_fp tr_fingerprint(const void *m)
{
    const trail_model *t = m;
    return t->toy.ops->fingerprint(t->toy.model);
}

static por_snapshot *tr_save(void *m)
{
    trail_model *t = m;
    trail_snap *s = malloc(sizeof *s);
    cr_assert(s && t->len < sizeof t->live / sizeof t->live[0]);
    s->toy = t->toy.ops->save(t->toy.model);
    s->id = t->next_id++;
    t->live[t->len++] = s->id;
    return (por_snapshot *)s;
}

static void tr_restore(void *m, const por_snapshot *snap)
{
    trail_model *t = m;
    const trail_snap *s = (const trail_snap *)snap;
    size_t at = t->len;
    while (at > 0 && t->live[at - 1] != s->id) at--;
    if (at == 0) {
        t->broken = true;
        return;
    }
    t->len = at; /* every later snapshot dies */
    t->toy.ops->restore(t->toy.model, s->toy);
}

static void tr_release(void *m, por_snapshot *snap)
{
    trail_model *t = m;
    trail_snap *s = (trail_snap *)snap;
    t->toy.ops->release(t->toy.model, s->toy);
    free(s);
}

static bool tr_may_block(const void *m, size_t thread, const por_label *next)
{
    const trail_model *t = m;
    return t->toy.ops->may_block(t->toy.model, thread, next);
}

static const por_lts_ops trail_ops = {tr_threads,     tr_enabled, tr_waiting, tr_peek,    tr_step,
                                      tr_fingerprint, tr_save,    tr_restore, tr_release, NULL,
                                      tr_may_block,   true,       NULL,       NULL};

/* Every DPOR search on [src] behind the trail: the outcomes of dfs on the plain toy, and (with
 * [rerun] false, the control) the trail breaks when the search does not run its path again. */
static void behind_a_trail(const char *src, bool rerun)
{
    toy_program *toy = harness_parse(src);
    outcomes want, got;
    por_result r;
    run_spec oracle = {toy, harness_options(POR_ALGO_DFS, false, "seq"), NULL, false, NULL};
    cr_assert_eq(harness_run(&oracle, &want, &r), POR_OK);
    por_lts_ops ops = trail_ops;
    ops.restores_along_path = rerun;
    for (int a = POR_ALGO_DPOR; a <= POR_ALGO_O_DPOR; a++) {
        trail_model *model = calloc(1, sizeof *model);
        model->toy = toy_lts(toy);
        por_lts lts = {&ops, model};
        run_spec spec = {toy, harness_options((por_algo)a, false, "seq"), NULL, false, &lts};
        por_status st = harness_run(&spec, &got, &r);
        char why[512] = "";
        if (rerun)
            cr_assert(st == POR_OK && r.stop == POR_STOP_COMPLETE &&
                          harness_same(&want, &got, why, sizeof why),
                      "%s: %s", por_algo_name((por_algo)a), why);
        else
            cr_assert(model->broken, "%s: the control never restored a dead snapshot",
                      por_algo_name((por_algo)a));
        outcomes_free(&got);
        free(model);
    }
    outcomes_free(&want);
    toy_free(toy);
}

Test(por_dpor, a_replay_behind_an_undo_trail_runs_the_path_again)
{
    char src[SRC];
    increments(3, true, src);
    behind_a_trail(src, true);
    behind_a_trail(src, false);
    behind_a_trail("lock a, b\n"
                   "thread A {\n lock a\n lock b\n unlock b\n unlock a\n}\n"
                   "thread B {\n lock b\n lock a\n unlock a\n unlock b\n}\n",
                   true);
}
