/* Incremental fingerprints against the ground truth, in-process: for every golden concurrent
 * program (tests/vm/concurrent) and the checker benchmark's programs, under both classifiers,
 * searches run with verify_fingerprints (every incremental fingerprint is recomputed from scratch
 * by a plain walk and hashes computed without any cache; a difference fails the run), and the
 * states they store must be exactly those of --exact-states, which compares whole canonical
 * serialisations: a wrong merge (two different states with one fingerprint) gives fewer states,
 * a wrong split (garbage, handles or history in a fingerprint) more. dfs, de-s-por and dl-s-por
 * restore states in different orders, so each exercises other chains of incremental updates.
 * Under heap symmetry (states equal up to object names are one), dfs with hashed serialisations
 * stores exactly the states of the exact table, and never more than without symmetry; every
 * symmetric fingerprint taken from the memo (by plain fingerprint) is checked against the
 * state's own serialisation.
 *
 * PORCHECK_TEST_QUICK=1 (the sanitizer build, which is there to catch memory errors) checks each
 * program under one classifier, alternating, and one of dfs, de-s-por and dl-s-por, in turn
 * (each algorithm still meets both classifiers and a sixth of the programs), and heap symmetry
 * on every program under one classifier, alternating; but not LockFreeListSet (286 K states: its
 * one run under safe took 70 of the sanitizer build's 100 s). The normal build checks every case
 * under all three algorithms and heap symmetry on every case, except LockFreeListSet: dfs, dl-s-por
 * and heap symmetry under safe only (its runs took 72 of the test's 97 s: de-s-por's re-traversals
 * under safe 20, dfs under jpf 16; every other program meets both). */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explore.h"
#include "por.h"

static const char *const concurrent_names[] = {
#include "concurrent_list.h"
};

enum { CONCURRENT_COUNT = sizeof concurrent_names / sizeof concurrent_names[0] };

/* The benchmark's own program (bench/run/programs), compiled into bench.jar; its other one is
 * a golden concurrent program. */
static const char *const bench_names[] = {"SyncListSet"};

enum { BENCH_COUNT = 1, CASE_COUNT = (CONCURRENT_COUNT + BENCH_COUNT) * 2 };

/* One test case: a program of a jar under a classifier. */
typedef struct fp_case {
    char jar[512];
    char name[64];
    explore_classifier classifier;
    size_t index; /* its place in the list of cases: which checks a quick run makes */
} fp_case;

/* True when PORCHECK_TEST_QUICK asks for the sanitizer build's smaller sample. */
static bool quick(void)
{
    const char *v = getenv("PORCHECK_TEST_QUICK");
    return v && !strcmp(v, "1");
}

/* True when case [c] leaves out algorithm [algo] (POR_ALGO_DFS for the heap symmetry check): the
 * quick sample leaves out every case of the largest program, whose one remaining run took 70 of
 * the sanitizer build's 100 s here (test_vm_run still runs it under the sanitizers); the normal
 * build checks it under safe only, with dfs, dl-s-por and symmetry (every other program still
 * meets every algorithm under both classifiers). */
static bool left_out(const fp_case *c, por_algo algo)
{
    if (strcmp(c->name, "LockFreeListSet")) return false;
    if (quick()) return true;
    return c->classifier == EXPLORE_CLASSIFY_JPF || algo == POR_ALGO_DE_SPOR;
}

/* Returns every program under both classifiers (cr_malloc'd, as Criterion wants). */
static fp_case *all_cases(void)
{
    fp_case *cases = cr_malloc(sizeof *cases * CASE_COUNT);
    for (size_t i = 0; i < CASE_COUNT; i++) {
        size_t p = i / 2;
        bool bench = p >= CONCURRENT_COUNT;
        snprintf(cases[i].jar, sizeof cases[i].jar, "%s",
                 bench ? GOLDEN_BUILD "/bench.jar" : GOLDEN_BUILD "/concurrent.jar");
        snprintf(cases[i].name, sizeof cases[i].name, "%s",
                 bench ? bench_names[p - CONCURRENT_COUNT] : concurrent_names[p]);
        cases[i].classifier = i % 2 ? EXPLORE_CLASSIFY_SAFE : EXPLORE_CLASSIFY_JPF;
        cases[i].index = i;
    }
    return cases;
}

ParameterizedTestParameters(vm_fp, matches_exact_states)
{
    return cr_make_param_array(fp_case, all_cases(), CASE_COUNT);
}

/* Program output is discarded (the checker keeps it in the state). */
static void sink(void *ctx, int fd, const char *bytes, size_t len)
{
    (void)ctx, (void)fd, (void)bytes, (void)len;
}

/* Explores [c] with [algo] under [options] into [out]. The safe cases take the narrowed
 * visible set of the paper's S-POR (the program's classes and java.util.concurrent), where it
 * differs most from jpf (its default, every class, explores nearly jpf's states). */
static void explore_with(const fp_case *c, por_algo algo, const explore_check_options *options,
                         por_result *out)
{
    const char *narrowed[] = {c->name, "java/util/concurrent/"};
    explore_check_options check = *options;
    if (check.classifier == EXPLORE_CLASSIFY_SAFE)
        check.visible = narrowed, check.visible_count = 2;
    vm_options opts = {.classpath = c->jar, .write = sink, .assertions = true};
    vm *machine;
    vm_error err = {0};
    cr_assert_eq(vm_new(&opts, &machine, &err), VM_OK, "%s", err.message);
    cr_assert_eq(vm_start(machine, c->name, 0, NULL, &err), VM_OK, "%s", err.message);
    cr_assert_eq(explore_check_begin(machine, &check, &err), VM_OK, "%s", err.message);
    por_options opt;
    por_options_init(&opt);
    opt.algo = algo;
    por_lts lts = explore_lts(machine);
    por_error perr = {0};
    cr_assert_eq(por_search(&lts, &opt, out, &perr), POR_OK, "%s %s: %s", c->name,
                 por_algo_name(algo), perr.message);
    vm_free(machine);
}

/* Explores [c] with [algo] (exact or verified incremental fingerprints) into [out]. */
static void explore(const fp_case *c, por_algo algo, bool exact, por_result *out)
{
    explore_check_options check = {
        .classifier = c->classifier, .exact = exact, .verify_fingerprints = !exact};
    explore_with(c, algo, &check, out);
}

ParameterizedTest(fp_case *c, vm_fp, matches_exact_states)
{
    static const por_algo algos[] = {POR_ALGO_DFS, POR_ALGO_DE_SPOR, POR_ALGO_DL_SPOR};
    enum { ALGO_COUNT = sizeof algos / sizeof algos[0] };
    for (size_t i = 0; i < ALGO_COUNT; i++) {
        /* quick: program p under jpf when p is even and safe when odd, case k under algorithm
         * k mod 3 (the cases kept, k = 0, 3, 4, 7, 8, 11, meet every algorithm and classifier) */
        bool other_classifier = c->index % 2 != (c->index / 2) % 2;
        if ((quick() && (other_classifier || i != c->index % ALGO_COUNT)) || left_out(c, algos[i]))
            continue;
        por_result inc, exact;
        explore(c, algos[i], false, &inc);
        explore(c, algos[i], true, &exact);
        const char *classifier = c->classifier == EXPLORE_CLASSIFY_JPF ? "jpf" : "safe";
        cr_assert_eq(inc.stats.states_new, exact.stats.states_new,
                     "%s (%s, %s): %zu states with incremental fingerprints, %zu exact", c->name,
                     classifier, por_algo_name(algos[i]), inc.stats.states_new,
                     exact.stats.states_new);
        cr_assert_eq(inc.stats.transitions, exact.stats.transitions, "%s (%s, %s)", c->name,
                     classifier, por_algo_name(algos[i]));
        cr_assert_eq(inc.stats.end_states, exact.stats.end_states);
    }
}

ParameterizedTestParameters(vm_fp, heap_symmetry_matches_exact_states)
{
    return cr_make_param_array(fp_case, all_cases(), CASE_COUNT);
}

ParameterizedTest(fp_case *c, vm_fp, heap_symmetry_matches_exact_states)
{
    /* quick: program p under the jpf classifier when p is even, the safe one when odd */
    size_t program = c->index / 2;
    if ((quick() && c->index % 2 != program % 2) || left_out(c, POR_ALGO_DFS)) return;
    explore_check_options hashed = {
        .classifier = c->classifier, .heap_symmetry = true, .verify_fingerprints = true};
    explore_check_options exact = {
        .classifier = c->classifier, .heap_symmetry = true, .exact = true};
    explore_check_options plain = {.classifier = c->classifier, .exact = true};
    por_result h, e, p;
    explore_with(c, POR_ALGO_DFS, &hashed, &h);
    explore_with(c, POR_ALGO_DFS, &exact, &e);
    explore_with(c, POR_ALGO_DFS, &plain, &p);
    const char *classifier = c->classifier == EXPLORE_CLASSIFY_JPF ? "jpf" : "safe";
    cr_assert_eq(h.stats.states_new, e.stats.states_new, "%s (%s): %zu states hashed, %zu exact",
                 c->name, classifier, h.stats.states_new, e.stats.states_new);
    cr_assert_eq(h.stats.end_states, e.stats.end_states, "%s (%s)", c->name, classifier);
    cr_assert_leq(e.stats.states_new, p.stats.states_new, "%s (%s): symmetry split states", c->name,
                  classifier);
}
