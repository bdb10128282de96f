/* The paper's worked examples as unit tests of the current / backtrack / done updates at the
 * initial state s, observed after each backtrack to s (the figures number threads from 1; the
 * toy programs below name thread k "Tk", with id k - 1).
 *
 * Figure 3 (DE-S-POR): T1 writes o1; T2 reads o2 then o1; T3 writes o1. After T1's subtree,
 * current[1] = {1,2,3} and backtrack copies it; after T2's, current[2] = {2}: {2} is a
 * persistent set, so backtrack = done = {1,2} and T3 is never explored from s.
 *
 * Figure 4 (DL-S-POR): after T1, current[1] = {1..5}; after T2, current[2] = {2,3}; after T3,
 * current[3] = {3,4}; after T4, current[4] = {2,3,4}: {2,3,4} is closed, so backtrack = done =
 * {1,2,3,4} and T5 is never explored from s. */
#include <criterion/criterion.h>
#include <string.h>

#include "harness.h"

enum { MAX_EVENTS = 8, THREADS = 5 };

/* One update of the sets of s. */
typedef struct snapshot_sets {
    por_tset backtrack, done, current[THREADS];
    bool complete;
} snapshot_sets;

typedef struct recorder {
    snapshot_sets ev[MAX_EVENTS];
    size_t count;
} recorder;

static void on_frame(void *ctx, const por_frame_event *ev)
{
    recorder *r = ctx;
    if (ev->depth != 0) return;
    cr_assert_lt(r->count, MAX_EVENTS);
    snapshot_sets *s = &r->ev[r->count++];
    s->backtrack = ev->backtrack;
    s->done = ev->done;
    s->complete = ev->complete;
    for (size_t t = 0; t < ev->thread_count && t < THREADS; t++) s->current[t] = ev->current[t];
}

/* The set of the 1-based thread numbers in [list] (0-terminated). */
static por_tset threads(const int *list)
{
    por_tset s = 0;
    for (; *list; list++) s |= (por_tset)1 << (*list - 1);
    return s;
}

#define T(...) threads((const int[]){__VA_ARGS__, 0})

static recorder record(const char *src, por_algo algo)
{
    toy_program *toy = harness_parse(src);
    recorder r = {0};
    por_observer obs = {.ctx = &r, .frame = on_frame};
    por_options opt = harness_options(algo, false, "seq");
    opt.observer = &obs;
    por_lts lts = toy_lts(toy);
    por_result res;
    por_error err;
    cr_assert_eq(por_search(&lts, &opt, &res, &err), POR_OK);
    toy_free(toy);
    return r;
}

static const char *const figure3 = "shared o1, o2\n"
                                   "thread T1 { o1 = 1 }\n"
                                   "thread T2 {\n r = o2\n r = o1\n}\n"
                                   "thread T3 { o1 = 2 }\n";

static const char *const figure4 = "shared a, b, c, d\n"
                                   "thread T1 { d = 1 }\n"
                                   "thread T2 {\n a = 1\n r = c\n r = d\n}\n"
                                   "thread T3 {\n b = 1\n r = a\n r = c\n r = d\n}\n"
                                   "thread T4 {\n c = 1\n r = b\n r = d\n}\n"
                                   "thread T5 { r = d }\n";

static void check_figure3(por_algo algo)
{
    recorder r = record(figure3, algo);
    cr_assert_eq(r.count, 3, "two backtracks to s, then s is left");
    /* (d): after T1's subtree, T2 and T3 are in current[1]; backtrack copies it. */
    cr_assert_eq(r.ev[0].done, T(1));
    cr_assert_eq(r.ev[0].current[0], T(1, 2, 3));
    cr_assert_eq(r.ev[0].backtrack, T(1, 2, 3));
    /* (e): T2's read of o2 is independent of everything later: current[2] = {2}. */
    cr_assert_eq(r.ev[1].done, T(1, 2));
    cr_assert_eq(r.ev[1].current[1], T(2));
    cr_assert_eq(r.ev[1].current[0], T(1, 2, 3), "current[1] is not touched again");
    /* (f): {2} is persistent, done = {1,2} a source set: stop. */
    cr_assert_eq(r.ev[1].backtrack, T(1, 2));
    cr_assert(r.ev[2].complete);
    cr_assert_eq(r.ev[2].backtrack, T(1, 2));
    cr_assert_eq(r.ev[2].done, T(1, 2));
    cr_assert_eq(r.ev[2].current[2], 0, "T3 never explored from s");
}

Test(por_figures, figure3_de_s_por)
{
    check_figure3(POR_ALGO_DE_SPOR);
}

Test(por_figures, figure3_dl_s_por_computes_the_same_sets)
{
    check_figure3(POR_ALGO_DL_SPOR);
}

static void check_figure4(por_algo algo)
{
    recorder r = record(figure4, algo);
    cr_assert_eq(r.count, 5, "four backtracks to s, then s is left");
    cr_assert_eq(r.ev[0].done, T(1));
    cr_assert_eq(r.ev[0].current[0], T(1, 2, 3, 4, 5));
    cr_assert_eq(r.ev[0].backtrack, T(1, 2, 3, 4, 5), "(a): backtrack = current[1]");
    cr_assert_eq(r.ev[1].done, T(1, 2));
    cr_assert_eq(r.ev[1].current[1], T(2, 3));
    cr_assert_eq(r.ev[1].backtrack, T(1, 2, 3, 4, 5), "unchanged after the second backtrack");
    cr_assert_eq(r.ev[2].done, T(1, 2, 3));
    cr_assert_eq(r.ev[2].current[2], T(3, 4));
    cr_assert_eq(r.ev[2].backtrack, T(1, 2, 3, 4, 5));
    /* (b): current[4] = {2,3,4} closes {2,3,4}: persistent, so done = {1,2,3,4} suffices. */
    cr_assert_eq(r.ev[3].done, T(1, 2, 3, 4));
    cr_assert_eq(r.ev[3].current[3], T(2, 3, 4));
    cr_assert_eq(r.ev[3].backtrack, T(1, 2, 3, 4));
    /* (c): s is left with T5 unexplored. */
    cr_assert(r.ev[4].complete);
    cr_assert_eq(r.ev[4].done, T(1, 2, 3, 4));
    cr_assert_eq(r.ev[4].current[4], 0);
}

Test(por_figures, figure4_dl_s_por)
{
    check_figure4(POR_ALGO_DL_SPOR);
}

Test(por_figures, figure4_de_s_por_computes_the_same_sets)
{
    check_figure4(POR_ALGO_DE_SPOR);
}

/* Appendix A, Fig. 11(a): DL does not re-traverse from the last successor of a state. A
 * reducible state (one invisible thread) is complete as soon as its one thread is done. */
Test(por_figures, dl_skips_the_retraversal_of_the_last_successor)
{
    const char *src = "shared x\nthread A {\n local\n x = 1\n}\nthread B {\n local\n x = 2\n}\n";
    toy_program *toy = harness_parse(src);
    por_options opt = harness_options(POR_ALGO_DL_SPOR, false, "seq");
    outcomes got;
    por_result r;
    run_spec spec = {toy, opt, NULL, true, NULL};
    cr_assert_eq(harness_run(&spec, &got, &r), POR_OK);
    /* Re-traversals happen only at the irreducible state where both writes are enabled, and
     * only after its first child (the second is its last successor). */
    cr_assert_eq(r.stats.retraversed, 1, "one edge (B's write) walked once");
    outcomes_free(&got);
    toy_free(toy);
}
