/* The differential oracle: random toy programs, every search stateful and stateless under a
 * seq and a random order, compared with stateful dfs on exact terminal states, deadlocks and
 * failed assertions; every explored transition must exist and every backtrack set must hold
 * only enabled threads. A mismatch is shrunk and the smallest failing program printed.
 *
 * A program whose stateless dfs tree exceeds POR_RANDOM_MAX_TREE states (default 2500) is
 * redrawn: the stateless searches must be able to finish it. POR_RANDOM_PROGRAMS (default
 * 10000) sets how many programs are checked, POR_RANDOM_SEED (default 1) the first seed. A
 * longer bench run with bigger programs:
 *   POR_RANDOM_PROGRAMS=100000 POR_RANDOM_MAX_TREE=20000 build/tests/por/test_por_random
 * PORCHECK_TEST_QUICK=1 (the sanitizer build, there to catch memory errors) makes the default
 * QUICK_PROGRAMS: every configuration still runs on each of them, as in the normal build, which
 * checks all 10000. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "harness.h"

enum {
    ORACLE_MAX_STATES = 3000,    /* bigger programs are drawn again */
    MAX_TREE = 2500,             /* default POR_RANDOM_MAX_TREE */
    PROGRAMS = 10000,            /* default POR_RANDOM_PROGRAMS */
    QUICK_PROGRAMS = 1000,       /* the default under PORCHECK_TEST_QUICK=1 */
    REDUCED_MAX_STATES = 200000, /* a reduced search beyond this is a failure */
    PARTS = 4,                   /* Criterion tests the programs are split over */
    SOURCE_SIZE = 8192,
};

/* One search configuration. */
typedef struct config {
    por_algo algo;
    bool stateless;
    bool random_order;
} config;

enum { CONFIGS = POR_ALGO_COUNT * 4 };

static config config_at(size_t i)
{
    config c = {(por_algo)(i / 4), (i / 2) % 2 == 1, i % 2 == 1};
    return c;
}

/* The oracle of one program. */
typedef struct oracle {
    toy_program *toy;
    outcomes want;
    char seq[64], random[32];
    size_t max_tree;
    bool acyclic; /* no spin loop, no infinite loop: optimal-dpor must not be sleep-blocked */
    size_t runs[POR_ALGO_COUNT]; /* complete runs of each DPOR search under the seq order */
} oracle;

/* True when no thread of [p] can repeat a state: no spin loop, no infinite loop. */
static bool acyclic(const gen_program *p)
{
    for (size_t t = 0; t < p->nthreads; t++) {
        const gen_thread *th = &p->threads[t];
        if (th->spin_var >= 0 || th->forever) return false;
        for (size_t i = 0; i < th->n; i++)
            if (th->items[i].kind == G_SPIN) return false;
    }
    return true;
}

typedef enum verdict { V_OK, V_SKIP, V_FAIL } verdict;

/* What failed: the configuration (its index, + CONFIGS for the first-error check) and why. */
typedef struct failure {
    int config;
    char why[512];
} failure;

/* Writes the seq permutation and the random seed of program [seed] with [n] threads. */
static void orders_for(uint64_t seed, size_t n, oracle *o)
{
    uint8_t perm[GEN_MAX_THREADS];
    for (size_t t = 0; t < n; t++) perm[t] = (uint8_t)t;
    uint64_t s = seed * 0x9E3779B97F4A7C15ull + 7;
    for (size_t t = n; t > 1; t--) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        size_t k = (size_t)(s >> 33) % t;
        uint8_t tmp = perm[t - 1];
        perm[t - 1] = perm[k];
        perm[k] = tmp;
    }
    size_t len = (size_t)snprintf(o->seq, sizeof o->seq, "seq");
    for (size_t t = 0; t < n; t++)
        len += (size_t)snprintf(o->seq + len, sizeof o->seq - len, "%c%u", t ? ',' : ':', perm[t]);
    snprintf(o->random, sizeof o->random, "random:%llu", (unsigned long long)seed);
}

static size_t env_size(const char *name, size_t fallback)
{
    const char *v = getenv(name);
    return v && *v ? (size_t)strtoull(v, NULL, 10) : fallback;
}

/* Programs whose oracle found a livelock (the part's count: each part runs in a process). */
static size_t livelocked;

/* True when some state of the oracle's whole state space cannot reach a terminal state. */
static bool has_stuck_state(const outcomes *o)
{
    for (size_t i = 0; i < o->edges.cap; i++)
        if (o->edges.items[i] && !bset_has(&o->finishing, o->edges.items[i] + 4, 16)) return true;
    return false;
}

/* Parses [p] and runs the oracle; V_SKIP when it is too big. */
static verdict oracle_open(const gen_program *p, uint64_t seed, oracle *o)
{
    char src[SOURCE_SIZE];
    cr_assert_lt(gen_render(p, src, sizeof src), sizeof src);
    memset(o, 0, sizeof *o);
    o->toy = harness_parse(src);
    o->max_tree = env_size("POR_RANDOM_MAX_TREE", MAX_TREE);
    o->acyclic = acyclic(p);
    orders_for(seed, p->nthreads, o);
    por_options opt = harness_options(POR_ALGO_DFS, false, "seq");
    opt.max_states = ORACLE_MAX_STATES;
    por_result r;
    run_spec spec = {o->toy, opt, NULL, false, NULL};
    cr_assert_eq(harness_run(&spec, &o->want, &r), POR_OK);
    cr_assert_eq(o->want.problems, 0, "oracle: %s\n%s", o->want.problem, src);
    if (r.stop != POR_STOP_COMPLETE) return V_SKIP;
    harness_note_finishing(&o->want);
    for (size_t i = 0; i < o->want.livelocks.cap;
         i++) /* dfs reports only states that cannot finish */
        cr_assert(!o->want.livelocks.items[i] ||
                      !bset_has(&o->want.finishing, o->want.livelocks.items[i] + 4, 16),
                  "oracle: a livelock at a state that finishes\n%s", src);
    cr_assert_eq(o->want.livelocks.count > 0, has_stuck_state(&o->want),
                 "oracle: livelocks %zu\n%s", o->want.livelocks.count, src);
    livelocked += o->want.livelocks.count > 0;
    return V_OK;
}

static void oracle_close(oracle *o)
{
    outcomes_free(&o->want);
    toy_free(o->toy);
}

/* Runs configuration [c] against [o]; V_SKIP when a stateless dfs tree is too big. */
static verdict run_config(oracle *o, config c, char *why, size_t size)
{
    por_options opt = harness_options(c.algo, c.stateless, c.random_order ? o->random : o->seq);
    bool filter = c.stateless && c.algo == POR_ALGO_DFS;
    opt.max_states = filter ? o->max_tree : REDUCED_MAX_STATES;
    outcomes got;
    por_result r;
    run_spec spec = {o->toy, opt, &o->want.edges, false, NULL};
    harness_run(&spec, &got, &r);
    verdict v = V_OK;
    if (r.stop == POR_STOP_STATES && filter)
        v = V_SKIP;
    else if (r.stop != POR_STOP_COMPLETE) {
        snprintf(why, size, "stopped: %s after %zu states", por_stop_name(r.stop),
                 r.stats.states_new);
        v = V_FAIL;
    } else if (!harness_same(&o->want, &got, why, size)) {
        v = V_FAIL;
    } else if (c.algo == POR_ALGO_OPTIMAL_DPOR && o->acyclic && r.stats.sleep_blocked) {
        snprintf(why, size, "optimal-dpor: %zu sleep-set-blocked runs", r.stats.sleep_blocked);
        v = V_FAIL;
    } else if (o->acyclic && por_algo_is_dpor(c.algo) && !c.random_order &&
               (c.stateless || por_algo_is_stateless(c.algo))) {
        /* one complete run per trace: every stateless DPOR search completes as many */
        o->runs[c.algo] = r.stats.end_states;
        if (o->runs[POR_ALGO_DPOR] && r.stats.end_states != o->runs[POR_ALGO_DPOR]) {
            snprintf(why, size, "%zu complete runs, dpor had %zu", r.stats.end_states,
                     o->runs[POR_ALGO_DPOR]);
            v = V_FAIL;
        }
    }
    outcomes_free(&got);
    return v;
}

/* A --first-error search must stop at a violation exactly when the oracle has one. */
static verdict run_first_error(oracle *o, config c, char *why, size_t size)
{
    por_options opt = harness_options(c.algo, c.stateless, c.random_order ? o->random : o->seq);
    opt.first_error = true;
    opt.max_states = REDUCED_MAX_STATES;
    outcomes got;
    por_result r;
    run_spec spec = {o->toy, opt, &o->want.edges, false, NULL};
    harness_run(&spec, &got, &r);
    bool want = o->want.deadlocks.count || o->want.asserts.count || o->want.livelocks.count;
    bool found = r.stop == POR_STOP_ERROR;
    outcomes_free(&got);
    if (want == found && (found || r.stop == POR_STOP_COMPLETE)) return V_OK;
    snprintf(why, size, "--first-error: oracle has %s violation, search stopped %s",
             want ? "a" : "no", por_stop_name(r.stop));
    return V_FAIL;
}

/* Checks [p] under every configuration (or only [only] when >= 0); on V_FAIL, [f] says which
 * failed and why. */
static verdict check_program(const gen_program *p, uint64_t seed, int only, failure *f)
{
    oracle o;
    verdict v = oracle_open(p, seed, &o);
    for (int i = 0; v == V_OK && i < 2 * CONFIGS; i++) {
        if (only >= 0 && i != only) continue;
        config c = config_at((size_t)(i % CONFIGS));
        /* --first-error: seq orders, on programs with a violation (the exhaustive runs
         * already show that the others have none). */
        if (i >= CONFIGS && (c.random_order || !(o.want.deadlocks.count || o.want.asserts.count ||
                                                 o.want.livelocks.count)))
            continue;
        v = i < CONFIGS ? run_config(&o, c, f->why, sizeof f->why)
                        : run_first_error(&o, c, f->why, sizeof f->why);
        if (v == V_FAIL) f->config = i;
    }
    oracle_close(&o);
    return v;
}

/* Shrinks failing [p] for the configuration of [first] and prints the smallest failing
 * program. */
static void report_failure(gen_program p, uint64_t seed, failure first)
{
    char src[SOURCE_SIZE];
    int failed = first.config;
    failure last = first;
    for (bool smaller = true; smaller;) {
        smaller = false;
        for (size_t k = 0; k < gen_mutations(&p) && !smaller; k++) {
            gen_program q;
            failure f;
            if (gen_mutate(&p, k, &q) && check_program(&q, seed, failed, &f) == V_FAIL) {
                p = q;
                last = f;
                smaller = true;
            }
        }
    }
    gen_render(&p, src, sizeof src);
    config c = config_at((size_t)(failed % CONFIGS));
    oracle o;
    orders_for(seed, p.nthreads, &o);
    cr_assert_fail("program seed %llu: %s%s %s, order %s: %s\nsmallest failing program:\n%s",
                   (unsigned long long)seed, failed >= CONFIGS ? "--first-error " : "",
                   por_algo_name(c.algo), c.stateless ? "stateless" : "stateful",
                   c.random_order ? o.random : o.seq, last.why, src);
}

/* Checks programs [part] of PARTS of the configured range; returns how many were checked. */
static void check_part(size_t part)
{
    size_t total = env_size("POR_RANDOM_PROGRAMS", harness_quick() ? QUICK_PROGRAMS : PROGRAMS);
    uint64_t first = env_size("POR_RANDOM_SEED", 1);
    size_t want = total / PARTS + (part < total % PARTS), checked = 0, skipped = 0;
    for (uint64_t seed = first + part * 1000003ull; checked < want; seed++) {
        gen_program p;
        gen_random(&p, seed);
        failure f;
        verdict v = check_program(&p, seed, -1, &f);
        if (v == V_FAIL) report_failure(p, seed, f);
        if (v == V_SKIP)
            skipped++;
        else
            checked++;
        cr_assert_lt(skipped, 4 * want + 100, "too many programs redrawn as too big");
    }
    cr_log_info("part %zu: %zu programs checked (%zu of them with a livelock), %zu redrawn as too "
                "big",
                part, checked, livelocked, skipped);
    cr_assert_gt(livelocked, checked / 50, "too few programs with a livelock to compare searches");
}

Test(por_random, programs_part0, .timeout = 600)
{
    check_part(0);
}
Test(por_random, programs_part1, .timeout = 600)
{
    check_part(1);
}
Test(por_random, programs_part2, .timeout = 600)
{
    check_part(2);
}
Test(por_random, programs_part3, .timeout = 600)
{
    check_part(3);
}

/* The generator covers what the issue asks for: sanity-check a sample of programs. */
Test(por_random, generator_covers_every_feature)
{
    static const char *const features[] = {"= cas(",   "lock l",  "unlock l",        "if (r",
                                           "assert(r", "local r", "while (v0 == 0)", "while (true)",
                                           " + 1",     " != 2);"};
    bool seen[sizeof features / sizeof features[0]] = {0};
    size_t threads[GEN_MAX_THREADS + 1] = {0};
    for (uint64_t seed = 1; seed <= 2000; seed++) {
        gen_program p;
        char src[SOURCE_SIZE];
        gen_random(&p, seed);
        threads[p.nthreads]++;
        gen_render(&p, src, sizeof src);
        for (size_t i = 0; i < sizeof features / sizeof features[0]; i++)
            if (strstr(src, features[i])) seen[i] = true;
        toy_free(harness_parse(src));
    }
    for (size_t i = 0; i < sizeof features / sizeof features[0]; i++)
        cr_expect(seen[i], "no generated program has '%s'", features[i]);
    cr_expect(threads[2] && threads[3] && threads[4]);
}

/* Shrinking keeps a failure and makes the program smaller. */
Test(por_random, shrinking_removes_threads_and_operations)
{
    gen_program p, q;
    char src[SOURCE_SIZE];
    gen_random(&p, 12345);
    size_t before = gen_render(&p, src, sizeof src), changed = 0;
    for (size_t k = 0; k < gen_mutations(&p); k++)
        if (gen_mutate(&p, k, &q)) {
            changed++;
            cr_expect_lt(gen_render(&q, src, sizeof src), before);
            toy_free(harness_parse(src));
        }
    cr_expect_gt(changed, 0);
}
