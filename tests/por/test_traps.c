/* The known traps of stateful source-set POR, each reproduced on a tiny program, checked under
 * every search, stateful and stateless, and several orders: exact outcome sets, failed
 * assertions and deadlocks equal to dfs's. */
#include <criterion/criterion.h>
#include <string.h>

#include "harness.h"

static const char *const orders[] = {"seq",      "seq:1,0",  "seq:2,1,0", "seq:1,2,0",
                                     "random:1", "random:2", "random:3"};

/* Runs one search on [src]; returns its result and checks it completed without problems. */
#define check_everywhere(src, want, n, asserts, deadlocks)                                         \
    check_expect(src, (expect){want, n, asserts, deadlocks})

static por_result run_one(const char *src, por_algo algo, bool stateless, const char *order)
{
    toy_program *toy = harness_parse(src);
    por_options opt = harness_options(algo, stateless, order);
    outcomes got;
    por_result r;
    run_spec spec = {toy, opt, NULL, true, NULL};
    cr_assert_eq(harness_run(&spec, &got, &r), POR_OK);
    cr_assert_eq(got.problems, 0, "%s", got.problem);
    outcomes_free(&got);
    toy_free(toy);
    return r;
}

/* What every search must find: exactly these outcomes, and so many distinct failed
 * assertions and deadlocked states. */
typedef struct expect {
    const char *const *want;
    size_t n, asserts, deadlocks;
} expect;

/* Every search on [src] finds exactly what [e] says, like dfs. */
static void check_expect(const char *src, expect e)
{
    const char *const *want = e.want;
    size_t n = e.n;
    toy_program *toy = harness_parse(src);
    por_options opt = harness_options(POR_ALGO_DFS, false, "seq");
    outcomes oracle;
    por_result r;
    run_spec spec = {toy, opt, NULL, true, NULL};
    cr_assert_eq(harness_run(&spec, &oracle, &r), POR_OK);
    cr_assert(outcomes_are(&oracle, want, n), "dfs: %zu outcomes", oracle.texts.count);
    cr_assert_eq(oracle.asserts.count, e.asserts);
    cr_assert_eq(oracle.deadlocks.count, e.deadlocks);
    for (int a = 0; a < POR_ALGO_COUNT; a++)
        for (int stateless = 0; stateless < 2; stateless++)
            for (size_t o = 0; o < sizeof orders / sizeof orders[0]; o++) {
                outcomes got;
                char why[512];
                run_spec each = {toy, harness_options((por_algo)a, stateless, orders[o]),
                                 &oracle.edges, true, NULL};
                cr_assert_eq(harness_run(&each, &got, &r), POR_OK);
                cr_assert(harness_same(&oracle, &got, why, sizeof why) &&
                              outcomes_are(&got, want, n),
                          "%s %s %s: %s (%zu outcomes)", por_algo_name((por_algo)a),
                          stateless ? "stateless" : "stateful", orders[o], why, got.texts.count);
                outcomes_free(&got);
            }
    outcomes_free(&oracle);
    toy_free(toy);
}

/* Naive stateful DPOR stops at a visited state and forgets what lies beyond it: exploring T1
 * first after T0's write, T1 -> T0 reaches a visited state and r1 = 0 is lost. The paper's
 * re-traversal of A_s (Algorithm 2 lines 20-22) finds T1's read of v2 beyond it. */
Test(por_traps, naive_stateful_dpor_loses_outcomes)
{
    const char *src = "shared v0, v2\nthread T0 { v2 = 1 }\n"
                      "thread T1 {\n r0 = v0\n r1 = v2\n return r0, r1\n}\n";
    const char *const want[] = {"T0: -; T1: r0=0, r1=0", "T0: -; T1: r0=0, r1=1"};
    check_everywhere(src, want, 2, 0, 0);
    por_result r = run_one(src, POR_ALGO_DE_SPOR, false, "seq");
    cr_assert_gt(r.stats.retraversed, 0, "the outcome needs a re-traversal");
    cr_assert_gt(r.stats.states_visited, 0);
}

/* With locks as writes, the last transition dependent on T1's lock is T0's unlock, where T1 is
 * blocked; UpdateCurr must update every dependent transition on the stack (Appendix A), so
 * that T0's lock gets T1 in its current set and r = 1 is found. The two-thread program
 * is also covered by the pending action of the blocked T1; the three-thread one (found by the
 * differential oracle) is lost with the last dependent transition only, under seq:1,2,0. */
Test(por_traps, update_curr_must_update_all_dependent_transitions)
{
    const char *src = "shared v\nlock l\nthread T0 {\n lock l\n r = v\n unlock l\n return r\n}\n"
                      "thread T1 {\n lock l\n v = 1\n unlock l\n}\n";
    const char *const want[] = {"T0: r=0; T1: -", "T0: r=1; T1: -"};
    check_everywhere(src, want, 2, 0, 0);
    const char *three =
        "shared v\nlock l\nthread A {\n lock l\n r = v\n unlock l\n return r\n}\n"
        "thread B {\n r = v\n return r\n}\nthread C {\n lock l\n v = 1\n unlock l\n}\n";
    const char *const want3[] = {"A: r=0; B: r=0; C: -", "A: r=0; B: r=1; C: -",
                                 "A: r=1; B: r=0; C: -", "A: r=1; B: r=1; C: -"};
    check_everywhere(three, want3, 4, 0, 0);
}

/* A spin loop makes the state space cyclic. Without the cycle proviso, de-s-por and dl-s-por
 * run T0's read of f, come back to the same state, find its current set closed and never run
 * T1: the terminal state is lost. */
Test(por_traps, spin_loop_needs_the_cycle_proviso)
{
    const char *src =
        "shared f, x\nthread T0 {\n while (f == 0) {}\n x = 1\n}\nthread T1 { f = 1 }\n";
    const char *const want[] = {"T0: -; T1: -"};
    check_everywhere(src, want, 1, 0, 0);
    por_algo provisoed[] = {POR_ALGO_DE_SPOR, POR_ALGO_DL_SPOR, POR_ALGO_DE_JPF, POR_ALGO_DL_JPF};
    for (size_t a = 0; a < 4; a++)
        for (int stateless = 0; stateless < 2; stateless++)
            cr_assert_gt(run_one(src, provisoed[a], stateless, "seq").stats.proviso_fired, 0, "%s",
                         por_algo_name(provisoed[a]));
    cr_assert_eq(run_one(src, POR_ALGO_DFS, false, "seq").stats.proviso_fired, 0);
}

/* A purely local infinite loop in T0: S-POR's safe set is T0's invisible step for ever (the
 * ignoring problem); the proviso expands the state that closes the cycle, so T1 still reaches
 * its failing assertion. Both a loop of local steps and a loop of control only. */
Test(por_traps, local_infinite_loop_does_not_hide_other_threads)
{
    const char *loops[] = {"while (true) { local }", "L: goto L", "while (1) { local r = 1 - r }"};
    for (size_t i = 0; i < 3; i++) {
        char src[256];
        snprintf(src, sizeof src,
                 "shared x\nthread T0 {\n %s\n}\nthread T1 {\n r = x\n assert(r != 0)\n}\n",
                 loops[i]);
        check_everywhere(src, NULL, 0, 1, 0);
        por_result r = run_one(src, POR_ALGO_SPOR, false, "seq");
        cr_assert_eq(r.stats.assert_failures, 1);
        cr_assert_gt(r.stats.proviso_fired, 0);
    }
}

/* UpdateBack's first case looks only at current[tid(a)]; once an earlier thread's current set
 * holds a thread outside safeSet(s) (here one blocked on l1), the third case would put that
 * disabled thread into backtrack. Testing the first case over the whole done set keeps
 * backtrack within the enabled threads (the harness checks every frame). */
Test(por_traps, update_back_never_proposes_a_disabled_thread)
{
    const char *src = "shared v2\nlock l1\nthread T1 {\n r0 = v2\n return r0\n}\n"
                      "thread T0 {\n lock l1\n unlock l1\n}\n"
                      "thread T2 {\n lock l1\n unlock l1\n v2 = r1 + 1\n}\n";
    const char *const want[] = {"T1: r0=0; T0: -; T2: -", "T1: r0=1; T0: -; T2: -"};
    check_everywhere(src, want, 2, 0, 0);
}

/* Found by the differential oracle: T1 fails an assertion while holding l, so T0's lock never
 * runs in that execution and no explored transition shows its dependency with T1's lock (the
 * paper assumes no deadlocks). The pending actions of waiting threads count as dependent
 * transitions after the state, as in Flanagan-Godefroid DPOR. */
Test(por_traps, blocked_threads_pending_actions_count)
{
    const char *src = "lock l\nthread T0 {\n lock l\n unlock l\n}\n"
                      "thread T1 {\n lock l\n assert(r0 != 0)\n unlock l\n}\n";
    const char *const want[] = {"T0: -; T1: failed at line 8",
                                "T0: blocked at line 3; T1: failed at line 8"};
    check_everywhere(src, want, 2, 1, 1);
}

/* Two locks taken in opposite orders deadlock; every search finds the deadlock and both
 * orders of the critical sections. */
Test(por_traps, lock_order_inversion_deadlocks)
{
    const char *src =
        "shared x\nlock a, b\nthread T0 {\n lock a\n lock b\n x = 1\n unlock b\n unlock a\n}\n"
        "thread T1 {\n lock b\n lock a\n r = x\n unlock a\n unlock b\n return r\n}\n";
    const char *const want[] = {"T0: -; T1: r=0", "T0: -; T1: r=1",
                                "T0: blocked at line 5; T1: blocked at line 12"};
    check_everywhere(src, want, 3, 0, 1);
}

/* A CAS retry loop is cyclic too: two increments by CAS always end with x = 2. */
Test(por_traps, cas_retry_loops_terminate)
{
    const char *src = "shared x\n"
                      "thread T0 {\n L: r = x\n local n = r + 1\n ok = cas(x, r, n)\n if (ok == 0) "
                      "goto L\n return n\n}\n"
                      "thread T1 {\n L: r = x\n local n = r + 1\n ok = cas(x, r, n)\n if (ok == 0) "
                      "goto L\n return n\n}\n";
    const char *const want[] = {"T0: n=1; T1: n=2", "T0: n=2; T1: n=1"};
    check_everywhere(src, want, 2, 0, 0);
}
