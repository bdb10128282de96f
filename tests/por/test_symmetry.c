/* States matched up to object names (por_lts_ops.names), the situation heap symmetry creates in
 * the VM, on random toy programs. A wrapper names the toy's objects (shared variables and locks)
 * as the VM names objects: once given, a name stays to the end of the path, but which name an
 * object gets depends on the path. Here an object is named by the first transition that
 * accesses it, with the next unused name, so two orders of the same steps reach the same toy
 * state under different names. Its fingerprint is the toy's (names left out), its labels carry
 * the names (an object not named yet goes by the name it would get), and names() hashes the
 * naming. Every stateful search must then find exactly the terminal states, deadlocks and
 * failed assertions of plain dfs on the toy; without names() the DE and DL searches read labels
 * recorded under other names at face value, and the control test shows that they then miss
 * outcomes on some programs.
 *
 * PORCHECK_TEST_QUICK=1 (the sanitizer build, there to catch memory errors) checks the first
 * QUICK_PROGRAMS programs, under every search and order as the normal build checks all PROGRAMS
 * (and the control still finds disagreements among them). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "harness.h"

enum {
    OBJECTS = 8,              /* object names the wrapper permutes (all of a random program's) */
    PROGRAMS = 1500,          /* random programs checked */
    QUICK_PROGRAMS = 500,     /* the same under PORCHECK_TEST_QUICK=1 */
    ORACLE_MAX_STATES = 3000, /* bigger programs are drawn again */
    SEARCH_MAX_STATES = 200000,
    SOURCE_SIZE = 8192,
};

/* An object without a name yet. */
#define NAMELESS 0xFF

/* The wrapper's model: the toy and the names of its objects on the current path. */
typedef struct renamer {
    por_lts toy;
    uint8_t name[OBJECTS]; /* per toy object: its name, or NAMELESS */
    uint8_t next;          /* the name the next object gets */
} renamer;

/* A wrapper snapshot: the toy's and the naming. */
typedef struct renamer_snap {
    por_snapshot *toy;
    uint8_t name[OBJECTS];
    uint8_t next;
} renamer_snap;

static size_t rn_threads(const void *m)
{
    const renamer *r = m;
    return r->toy.ops->thread_count(r->toy.model);
}

static por_tset rn_enabled(const void *m)
{
    const renamer *r = m;
    return r->toy.ops->enabled(r->toy.model);
}

static por_tset rn_waiting(const void *m)
{
    const renamer *r = m;
    return r->toy.ops->waiting(r->toy.model);
}

/* The toy's label with its object named; the toy object it accesses goes to [*object] (or
 * OBJECTS when none of the named ones). */
static void named_label(const renamer *r, size_t t, por_label *out, size_t *object)
{
    r->toy.ops->peek(r->toy.model, t, out);
    *object = OBJECTS;
    if (out->access == POR_INVISIBLE || out->object >= OBJECTS) return;
    *object = out->object;
    out->object = r->name[*object] == NAMELESS ? r->next : r->name[*object];
}

static void rn_peek(const void *m, size_t t, por_label *out)
{
    size_t object;
    named_label(m, t, out, &object);
}

/* Names the object the step accesses if it has no name yet, then runs the toy's step. */
static por_step_result rn_step(void *m, size_t t, por_error *err)
{
    renamer *r = m;
    por_label l;
    size_t object;
    named_label(r, t, &l, &object);
    if (object < OBJECTS && r->name[object] == NAMELESS) r->name[object] = r->next++;
    return r->toy.ops->step(r->toy.model, t, err);
}

/* The toy's fingerprint: states that differ only in the renaming are one state. */
static por_fp rn_fingerprint(const void *m)
{
    const renamer *r = m;
    return r->toy.ops->fingerprint(r->toy.model);
}

/* A hash of the current naming. */
static uint64_t rn_names(const void *m)
{
    const renamer *r = m;
    uint64_t h = 0;
    for (size_t i = 0; i < OBJECTS; i++) h = h * 257 + r->name[i];
    return h;
}

static por_snapshot *rn_save(void *m)
{
    renamer *r = m;
    renamer_snap *s = malloc(sizeof *s);
    cr_assert(s);
    s->toy = r->toy.ops->save(r->toy.model);
    memcpy(s->name, r->name, sizeof s->name);
    s->next = r->next;
    return (por_snapshot *)(void *)s;
}

static void rn_restore(void *m, const por_snapshot *snap)
{
    renamer *r = m;
    const renamer_snap *s = (const renamer_snap *)(const void *)snap;
    r->toy.ops->restore(r->toy.model, s->toy);
    memcpy(r->name, s->name, sizeof r->name);
    r->next = s->next;
}

static void rn_release(void *m, por_snapshot *snap)
{
    renamer *r = m;
    renamer_snap *s = (renamer_snap *)(void *)snap;
    r->toy.ops->release(r->toy.model, s->toy);
    free(s);
}

static const por_lts_ops with_names = {rn_threads,     rn_enabled, rn_waiting, rn_peek,    rn_step,
                                       rn_fingerprint, rn_save,    rn_restore, rn_release, rn_names,
                                       NULL,           false,      NULL,       NULL};

/* The same wrapper hiding how it names objects: the control. */
static const por_lts_ops without_names = {
    rn_threads, rn_enabled, rn_waiting, rn_peek, rn_step, rn_fingerprint, rn_save,
    rn_restore, rn_release, NULL,       NULL,    false,   NULL,           NULL};

/* The number of random programs to check: PROGRAMS, or QUICK_PROGRAMS under
 * PORCHECK_TEST_QUICK=1. */
static size_t program_count(void)
{
    return harness_quick() ? QUICK_PROGRAMS : PROGRAMS;
}

/* Draws program [seed] into a toy; false when plain dfs does not finish it within the limit. */
static bool open_program(uint64_t seed, toy_program **toy, outcomes *want)
{
    gen_program p;
    char src[SOURCE_SIZE];
    gen_random(&p, seed);
    cr_assert_lt(gen_render(&p, src, sizeof src), sizeof src);
    *toy = harness_parse(src);
    por_options opt = harness_options(POR_ALGO_DFS, false, "seq");
    opt.max_states = ORACLE_MAX_STATES;
    por_result r;
    run_spec spec = {*toy, opt, NULL, false, NULL};
    cr_assert_eq(harness_run(&spec, want, &r), POR_OK);
    if (r.stop == POR_STOP_COMPLETE) return true;
    outcomes_free(want);
    toy_free(*toy);
    return false;
}

/* Searches [toy] renamed by the wrapper [ops] with [algo] and [order]; true when it finds what
 * [want] holds, else writes the difference into [why]. */
static bool renamed_search_agrees(toy_program *toy, const por_lts_ops *ops, por_algo algo,
                                  const char *order, const outcomes *want, char *why, size_t size)
{
    renamer model = {toy_lts(toy), {0}, 0};
    memset(model.name, NAMELESS, sizeof model.name);
    por_lts lts = {ops, &model};
    por_options opt = harness_options(algo, false, order);
    opt.max_states = SEARCH_MAX_STATES;
    outcomes got;
    por_result r;
    run_spec spec = {toy, opt, &want->edges, false, &lts};
    cr_assert_eq(harness_run(&spec, &got, &r), POR_OK);
    bool same = r.stop == POR_STOP_COMPLETE && harness_same(want, &got, why, size);
    outcomes_free(&got);
    return same;
}

/* Counts the first program_count() programs (from seed 1) on which some stateful search of the
 * renamed toy under [ops] misses or adds an outcome; with [must_agree], fails on the first. */
static size_t disagreements(const por_lts_ops *ops, bool must_agree)
{
    static const char *const orders[] = {"seq", "random:3"};
    size_t bad = 0, checked = 0;
    size_t programs = program_count();
    for (uint64_t seed = 1; checked < programs; seed++) {
        toy_program *toy;
        outcomes want;
        if (!open_program(seed, &toy, &want)) continue;
        checked++;
        bool agrees = true;
        for (int a = 0; a < POR_ALGO_COUNT && agrees; a++) /* the DPOR family refuses names */
            for (size_t o = 0; o < 2 && agrees && !por_algo_is_dpor((por_algo)a); o++) {
                char why[512] = "";
                agrees =
                    renamed_search_agrees(toy, ops, (por_algo)a, orders[o], &want, why, sizeof why);
                if (!agrees && must_agree)
                    cr_assert_fail("program seed %llu, %s, order %s: %s", (unsigned long long)seed,
                                   por_algo_name((por_algo)a), orders[o], why);
            }
        bad += !agrees;
        outcomes_free(&want);
        toy_free(toy);
    }
    return bad;
}

Test(por_symmetry, every_search_agrees_with_dfs_when_states_match_up_to_names, .timeout = 600)
{
    cr_assert_eq(disagreements(&with_names, true), 0);
}

Test(por_symmetry, labels_read_at_face_value_miss_outcomes, .timeout = 600)
{
    size_t bad = disagreements(&without_names, false);
    cr_log_info("%zu of %zu programs disagree without names", bad, program_count());
    cr_assert_gt(bad, 0, "the renaming never mattered: the test above proves nothing");
}

Test(por_symmetry, the_dpor_family_refuses_states_matched_up_to_names)
{
    toy_program *toy = harness_parse("shared x\nthread A {\n x = 1\n}\nthread B {\n r = x\n}\n");
    for (int a = POR_ALGO_DPOR; a <= POR_ALGO_O_DPOR; a++) {
        renamer model = {toy_lts(toy), {0}, 0};
        memset(model.name, NAMELESS, sizeof model.name);
        por_lts lts = {&with_names, &model};
        por_options opt = harness_options((por_algo)a, false, "seq");
        por_result r;
        por_error err;
        cr_assert_eq(por_search(&lts, &opt, &r, &err), POR_ERR_ARG, "%s",
                     por_algo_name((por_algo)a));
        cr_assert(strstr(err.message, "cannot match states up to object names"), "%s", err.message);
    }
    toy_free(toy);
}
