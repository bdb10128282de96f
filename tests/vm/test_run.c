/* porcheck run on the golden concurrent programs of tests/vm/concurrent. Each source says what
 * the checker must report: "// expect: ok", or one or more "// expect: violation TEXT" (TEXT
 * appears in a reported violation), and optionally "// expect outcomes: "out1" "out2"" (the exact
 * set of standard outputs of the end states, C escapes) and "// expect dfs states: JPF SAFE" (the
 * exact number of states dfs stores under each classifier) and "// expect dfs end states: JPF SAFE"
 * (the exact number of end states it reaches). For both classifiers, dfs, jpf, s-por, de-s-por
 * and dl-s-por, and one of the other seven searches in turn (all seven where a line
 * "// every search" says so; none that a line "// not under: ALGO... (why)" names), exploring
 * everything (--all), must reach that verdict and the same set of outcomes; and so must every
 * search with --heap-symmetry (dfs storing no more states than without); the first violation
 * reported by a default run must be reproduced by
 * --replay of its schedule; --exact-states and --stateless agree.
 *
 * PORCHECK_TEST_QUICK=1 (the sanitizer build, there to catch memory errors) runs each program
 * under one classifier (jpf and safe in turn) under dfs and one of the other eleven searches in
 * turn, and with --heap-symmetry under dfs and one of the other five in turn (each search still
 * meets both classifiers and several programs; LockFreeListSet, the largest, under safe only and
 * not under dfs), replays each program's first violation under the same classifier, runs the
 * stateless search on VectorIteratorStep, and compares every other sequential golden program with
 * HotSpot's run; the normal build samples LockFreeListSet under jpf as a quick run does (dfs
 * included). */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runproc.h"

static const char *const program_names[] = {
#include "concurrent_list.h"
};

enum { PROGRAM_COUNT = sizeof program_names / sizeof program_names[0], MAX_EXPECT = 8 };

/* One test case: a program under a classifier. */
typedef struct run_case {
    char name[64];
    char classifier[8];
    size_t index; /* its place in the list of cases: the searches a quick run makes */
} run_case;

/* True when PORCHECK_TEST_QUICK asks for the sanitizer build's smaller sample. */
static bool quick(void)
{
    const char *v = getenv("PORCHECK_TEST_QUICK");
    return v && !strcmp(v, "1");
}

/* True when case [c] is sampled as in a quick run: in every quick run, and in the normal build
 * for the largest program under jpf (its runs under jpf took 25 of the test's 61 s; it meets
 * every search under safe). */
static bool sampled(const run_case *c)
{
    return quick() || (!strcmp(c->name, "LockFreeListSet") && !strcmp(c->classifier, "jpf"));
}

/* Whether case [c] runs search [a] of [count], 0 being dfs: sampled, dfs and the one whose turn
 * it is (program p takes the (p mod count-1)th of the others under jpf and the next under safe,
 * so each search meets both classifiers), and in a quick run of LockFreeListSet that one alone
 * (its dfs runs took 35 of the sanitizer build's 64 CPU seconds on it); else the first [always]
 * and, of the rest, the one whose turn it is the same way, or all of them where [every] says
 * so. */
static bool runs_search(const run_case *c, size_t a, size_t count, size_t always, bool every)
{
    size_t program = c->index / 2, safe = c->index % 2;
    if (sampled(c) && quick() && !strcmp(c->name, "LockFreeListSet"))
        return a == 1 + (program + safe) % (count - 1); /* dfs meets every other program */
    if (sampled(c)) return a == 0 || a == 1 + (program + safe) % (count - 1);
    return a < always || every || a - always == (program + safe) % (count - always);
}

/* What a program's source says. */
typedef struct expectation {
    bool ok;
    char violations[MAX_EXPECT][256];
    size_t violation_count;
    char outcomes[MAX_EXPECT][512];
    size_t outcome_count;
    bool has_outcomes;
    long dfs_states[2];  /* jpf, safe; -1 when the source does not say */
    long dfs_ends[2];    /* end states dfs reaches under jpf, safe; -1 when not said */
    char not_under[256]; /* " A B ... " from "// not under: A B ... (why)": searches left out */
    bool every_search;   /* "// every search": the normal build runs all of them, none in turn */
} expectation;

ParameterizedTestParameters(vm_run, verdicts)
{
    run_case *cases = cr_malloc(sizeof *cases * PROGRAM_COUNT * 2);
    for (size_t i = 0; i < PROGRAM_COUNT * 2; i++) {
        snprintf(cases[i].name, sizeof cases[i].name, "%s", program_names[i / 2]);
        snprintf(cases[i].classifier, sizeof cases[i].classifier, "%s", i % 2 ? "safe" : "jpf");
        cases[i].index = i;
    }
    return cr_make_param_array(run_case, cases, PROGRAM_COUNT * 2);
}

/* Parses the quoted strings with C escapes of [s] into [e]'s outcomes. */
static void parse_outcomes(const char *s, expectation *e)
{
    e->has_outcomes = true;
    while ((s = strchr(s, '"')) && e->outcome_count < MAX_EXPECT) {
        char *out = e->outcomes[e->outcome_count++];
        size_t n = 0;
        for (s++; *s && *s != '"' && n < 511; s++) {
            char c = *s;
            if (c == '\\' && s[1]) c = *++s == 'n' ? '\n' : *s == 't' ? '\t' : *s;
            out[n++] = c;
        }
        out[n] = '\0';
        if (*s) s++;
    }
}

/* Reads the expectation lines of program [name]. */
static void read_expectation(const char *name, expectation *e)
{
    char path[1024], line[1024];
    snprintf(path, sizeof path, "%s/%s.java", CONCURRENT_SRC, name);
    memset(e, 0, sizeof *e);
    e->dfs_states[0] = e->dfs_states[1] = e->dfs_ends[0] = e->dfs_ends[1] = -1;
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "cannot read %s", path);
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        if (!strcmp(line, "// expect: ok")) e->ok = true;
        if (!strncmp(line, "// expect: violation ", 21) && e->violation_count < MAX_EXPECT)
            snprintf(e->violations[e->violation_count++], 256, "%.250s", line + 21);
        if (!strncmp(line, "// expect outcomes:", 19)) parse_outcomes(line + 19, e);
        if (!strncmp(line, "// expect dfs states:", 21))
            cr_assert_eq(sscanf(line + 21, "%ld %ld", &e->dfs_states[0], &e->dfs_states[1]), 2);
        if (!strcmp(line, "// every search")) e->every_search = true;
        if (!strncmp(line, "// not under:", 13))
            snprintf(e->not_under, sizeof e->not_under, "%.*s ", (int)strcspn(line + 13, "("),
                     line + 13);
        if (!strncmp(line, "// expect dfs end states:", 25))
            cr_assert_eq(sscanf(line + 25, "%ld %ld", &e->dfs_ends[0], &e->dfs_ends[1]), 2);
    }
    fclose(f);
    cr_assert(e->ok != (e->violation_count > 0), "%s: expect ok or violations", name);
}

/* True when [e]'s "not under" line names search [algo]. */
static bool left_out(const expectation *e, const char *algo)
{
    char word[64];
    snprintf(word, sizeof word, " %s ", algo);
    return strstr(e->not_under, word) != NULL;
}

/* Runs porcheck run with [extra] options (NULL-terminated) on [c]; returns the parsed --json. */
static json_t *run_json(const run_case *c, const char *const *extra, int *status)
{
    char json[256];
    snprintf(json, sizeof json, "/tmp/porcheck-run-%d-%s-%s.json", (int)getpid(), c->name,
             c->classifier);
    char *argv[32] = {PORCHECK,       "run",
                      "--classpath",  GOLDEN_BUILD "/concurrent.jar",
                      "--classifier", (char *)c->classifier,
                      "--json",       json};
    int n = 8;
    for (; *extra; extra++) argv[n++] = (char *)*extra;
    argv[n++] = (char *)c->name;
    argv[n] = NULL;
    proc_result r;
    cr_assert(run_process(argv, 300, &r), "cannot run porcheck");
    *status = r.status;
    json_error_t jerr;
    json_t *doc = json_load_file(json, JSON_ALLOW_NUL, &jerr);
    remove(json);
    cr_assert_not_null(doc, "%s %s: no JSON report (exit %d): %s", c->name, c->classifier, r.status,
                       r.err);
    proc_result_free(&r);
    return doc;
}

/* True when the outcome strings of [doc] are exactly [outs] (order ignored). */
static bool same_outcomes(json_t *doc, char outs[][512], size_t count)
{
    json_t *arr = json_object_get(doc, "outcomes");
    if (json_array_size(arr) != count) return false;
    for (size_t i = 0; i < count; i++) {
        bool found = false;
        for (size_t k = 0; k < count && !found; k++)
            found = !strcmp(json_string_value(json_object_get(json_array_get(arr, k), "output")),
                            outs[i]);
        if (!found) return false;
    }
    return true;
}

/* Copies the outcome strings of [doc] into [outs]; returns their number. */
static size_t outcomes_of(json_t *doc, char outs[][512])
{
    json_t *arr = json_object_get(doc, "outcomes");
    size_t n = json_array_size(arr);
    for (size_t i = 0; i < n && i < 64; i++)
        snprintf(outs[i], 512, "%s",
                 json_string_value(json_object_get(json_array_get(arr, i), "output")));
    return n < 64 ? n : 64;
}

/* Checks the verdict of [doc] (exit [status]) against [e]. */
static void check_verdict(const run_case *c, const char *algo, json_t *doc, int status,
                          const expectation *e)
{
    json_t *viols = json_object_get(doc, "violations");
    cr_assert_eq(status, e->ok ? 0 : 1, "%s %s %s: exit %d", c->name, c->classifier, algo, status);
    cr_assert_eq(json_array_size(viols) == 0, e->ok, "%s %s %s", c->name, c->classifier, algo);
    for (size_t i = 0; i < e->violation_count; i++) {
        bool found = false;
        for (size_t k = 0; k < json_array_size(viols) && !found; k++)
            found = strstr(json_string_value(json_object_get(json_array_get(viols, k), "message")),
                           e->violations[i]) != NULL;
        cr_assert(found, "%s %s %s: no violation mentions '%s'", c->name, c->classifier, algo,
                  e->violations[i]);
    }
}

/* Checks the state and end-state counts of dfs run [doc] against what [e] says of them. */
static void check_dfs_counts(const run_case *c, json_t *doc, const expectation *e)
{
    bool safe = strcmp(c->classifier, "jpf") != 0;
    json_t *stats = json_object_get(doc, "statistics");
    long long states = json_integer_value(json_object_get(stats, "states_new"));
    long long ends = json_integer_value(json_object_get(stats, "end_states"));
    if (e->dfs_states[safe] >= 0)
        cr_assert_eq(states, e->dfs_states[safe], "%s %s dfs: %lld states, expected %ld", c->name,
                     c->classifier, states, e->dfs_states[safe]);
    if (e->dfs_ends[safe] >= 0)
        cr_assert_eq(ends, e->dfs_ends[safe], "%s %s dfs: %lld end states, expected %ld", c->name,
                     c->classifier, ends, e->dfs_ends[safe]);
}

/* Returns states_new of [doc]'s statistics. */
static json_int_t states_new(json_t *doc)
{
    return json_integer_value(json_object_get(json_object_get(doc, "statistics"), "states_new"));
}

/* Every search matching states up to a renaming of objects reaches [e]'s verdict and the
 * [count] outcomes [outs] of the plain searches (the DE and DL ones reading labels recorded
 * beyond a renamed state as any object); dfs stores no more states than the [dfs_states] of
 * plain dfs. */
static void check_heap_symmetry(const run_case *c, const expectation *e, char outs[][512],
                                size_t count, json_int_t dfs_states)
{
    static const char *const algos[] = {"dfs", "jpf", "s-por", "de-s-por", "dl-s-por", "dl-jpf"};
    enum { ALGO_COUNT = sizeof algos / sizeof *algos };
    int status;
    for (size_t a = 0; a < ALGO_COUNT; a++) {
        if (!runs_search(c, a, ALGO_COUNT, ALGO_COUNT, true)) continue;
        const char *extra[] = {"--all", "--heap-symmetry", "--algo", algos[a], NULL};
        json_t *doc = run_json(c, extra, &status);
        check_verdict(c, algos[a], doc, status, e);
        cr_assert(same_outcomes(doc, outs, count), "%s %s %s --heap-symmetry: outcomes differ",
                  c->name, c->classifier, algos[a]);
        if (a == 0)
            cr_assert_leq(states_new(doc), dfs_states,
                          "%s %s: heap symmetry stores more states than plain dfs", c->name,
                          c->classifier);
        json_decref(doc);
    }
}

/* True when a quick run leaves case [c] out: each program is checked under one classifier, jpf
 * for the even ones and safe for the odd ones (each search still meets both), and LockFreeListSet
 * under safe (its runs under jpf took 70 s of the sanitizer build). */
static bool quick_leaves_out(const run_case *c)
{
    if (!quick()) return false;
    if (!strcmp(c->name, "LockFreeListSet")) return strcmp(c->classifier, "safe") != 0;
    return c->index % 2 != (c->index / 2) % 2;
}

ParameterizedTest(run_case *c, vm_run, verdicts, .timeout = 900)
{
    if (quick_leaves_out(c)) return;
    expectation e;
    read_expectation(c->name, &e);
    /* the pragmatic paper's searches first: every case runs them */
    enum { PAPER_SEARCHES = 5 };
    static const char *const algos[] = {"dfs",         "jpf",          "s-por",  "de-s-por",
                                        "dl-s-por",    "de-jpf",       "dl-jpf", "dpor",
                                        "source-dpor", "optimal-dpor", "o-dpor", "cartesian"};
    enum { ALGO_COUNT = sizeof algos / sizeof *algos };
    char first[64][512];
    size_t first_count = 0;
    const char *first_algo = NULL; /* the first search run: dfs unless it is left out */
    json_int_t dfs_states = 0;
    bool carry = false; /* the search whose turn it was is left out: the next one runs instead */
    for (size_t a = 0; a < ALGO_COUNT; a++) {
        if (!runs_search(c, a, ALGO_COUNT, PAPER_SEARCHES, e.every_search) && !carry) continue;
        carry = left_out(&e, algos[a]);
        if (carry) continue;
        const char *extra[] = {"--all", "--algo", algos[a], NULL};
        int status;
        json_t *doc = run_json(c, extra, &status);
        check_verdict(c, algos[a], doc, status, &e);
        if (e.has_outcomes)
            cr_assert(same_outcomes(doc, e.outcomes, e.outcome_count), "%s %s %s: outcomes differ",
                      c->name, c->classifier, algos[a]);
        if (a == 0) {
            check_dfs_counts(c, doc, &e);
            dfs_states = states_new(doc);
        }
        if (!first_algo) {
            first_count = outcomes_of(doc, first);
            first_algo = algos[a];
        } else {
            cr_assert(same_outcomes(doc, first, first_count), "%s %s %s: outcomes differ from %s",
                      c->name, c->classifier, algos[a], first_algo);
        }
        json_decref(doc);
    }
    check_heap_symmetry(c, &e, first, first_count, dfs_states);
}

/* The first reported violation of [c] (default run: stop at the first) replays to the same.
 * A program expected ok is left out: its default run, dfs to the end, is the dfs --all run that
 * the verdicts test makes (LockFreeListSet's two took 5 s). */
static void check_replay(const run_case *c, const expectation *e)
{
    if (e->ok) return;
    const char *extra[] = {NULL};
    int status;
    json_t *doc = run_json(c, extra, &status);
    check_verdict(c, "first-error", doc, status, e);
    json_t *v = json_array_get(json_object_get(doc, "violations"), 0);
    if (!v) {
        json_decref(doc);
        return;
    }
    char message[512];
    snprintf(message, sizeof message, "%s", json_string_value(json_object_get(v, "message")));
    message[strcspn(message, "\n")] = '\0';
    const char *schedule = json_string_value(json_object_get(v, "schedule"));
    char *argv[] = {PORCHECK,        "run",
                    "--classpath",   GOLDEN_BUILD "/concurrent.jar",
                    "--classifier",  (char *)c->classifier,
                    "--replay",      (char *)schedule,
                    (char *)c->name, NULL};
    proc_result r;
    cr_assert(run_process(argv, 120, &r));
    cr_assert_eq(r.status, 1, "%s: replay exit %d: %s", c->name, r.status, r.err);
    const char *key = strncmp(message, "deadlock", 8) ? strchr(message, ':') + 2 : "deadlock";
    cr_assert(strstr(r.out, key), "%s: the replay does not show '%s':\n%s", c->name, key, r.out);
    proc_result_free(&r);
    json_decref(doc);
}

Test(vm_run, replay_reproduces_every_first_violation, .timeout = 900)
{
    for (size_t i = 0; i < PROGRAM_COUNT * 2; i++) {
        run_case c = {.index = i};
        snprintf(c.name, sizeof c.name, "%s", program_names[i / 2]);
        snprintf(c.classifier, sizeof c.classifier, "%s", i % 2 ? "safe" : "jpf");
        if (quick_leaves_out(&c)) continue; /* one classifier, in turn */
        expectation e;
        read_expectation(c.name, &e);
        check_replay(&c, &e);
    }
}

Test(vm_run, exact_and_stateless_agree, .timeout = 600)
{
    /* exact states on the bigger list set; stateless (no state matching: millions of states on
     * the list set) on a smaller program with three outcomes */
    run_case c = {"LockListSet", "safe", 0}, small = {"ReadWriteCounter", "safe", 0};
    if (quick()) /* ReadWriteCounter's 1.3 M stateless steps took 27 s in the sanitizer build */
        snprintf(small.name, sizeof small.name, "VectorIteratorStep"); /* 58 K, 3 outcomes too */
    const char *plain[] = {"--all", NULL}, *exact[] = {"--all", "--exact-states", NULL};
    const char *stateless[] = {"--all", "--stateless", "--algo", "dl-s-por", NULL};
    int s1, s2, s3, s4;
    json_t *a = run_json(&c, plain, &s1), *b = run_json(&c, exact, &s2);
    json_t *sp = run_json(&small, plain, &s3), *sl = run_json(&small, stateless, &s4);
    cr_assert(s1 == 0 && s2 == 0 && s3 == 0 && s4 == 0);
    json_t *sa = json_object_get(a, "statistics"), *sb = json_object_get(b, "statistics");
    cr_assert(json_equal(json_object_get(sa, "states_new"), json_object_get(sb, "states_new")),
              "exact states changed the state count (a fingerprint collision?)");
    char outs[64][512];
    size_t n = outcomes_of(a, outs);
    cr_assert(same_outcomes(b, outs, n), "exact states changed the outcomes");
    n = outcomes_of(sp, outs);
    cr_assert_eq(n, 3, "%s has three outcomes, not %zu", small.name, n);
    cr_assert(same_outcomes(sl, outs, n), "stateless dl-s-por changed the outcomes");
    json_decref(a), json_decref(b), json_decref(sp), json_decref(sl);
}

Test(vm_run, bad_input_is_one_line_and_exit_2)
{
    char *argv[] = {PORCHECK,     "run", "--classpath", GOLDEN_BUILD "/concurrent.jar",
                    "NoSuchMain", NULL};
    proc_result r;
    cr_assert(run_process(argv, 60, &r));
    cr_assert_eq(r.status, 2);
    cr_assert_eq(strchr(r.err, '\n'), r.err + strlen(r.err) - 1, "%s", r.err);
    proc_result_free(&r);
    char *bad_replay[] = {PORCHECK,   "run", "--classpath",   GOLDEN_BUILD "/concurrent.jar",
                          "--replay", "0,9", "LockedCounter", NULL};
    cr_assert(run_process(bad_replay, 60, &r));
    cr_assert_eq(r.status, 2);
    cr_assert(strstr(r.err, "not enabled"), "%s", r.err);
    proc_result_free(&r);
    char *bad_algo[] = {PORCHECK, "run", "--algo", "nope", "LockedCounter", NULL};
    cr_assert(run_process(bad_algo, 60, &r));
    cr_assert_eq(r.status, 2);
    proc_result_free(&r);
    char *bad_symmetry[] = {
        PORCHECK,          "run",         "--classpath", GOLDEN_BUILD "/concurrent.jar",
        "--heap-symmetry", "--stateless", "--algo",      "dl-s-por",
        "LockedCounter",   NULL};
    cr_assert(run_process(bad_symmetry, 60, &r));
    cr_assert_eq(r.status, 2);
    cr_assert_str_eq(r.err, "porcheck run: --heap-symmetry does not go with a stateless dl-s-por "
                            "search (its summaries name objects as the path that explored them)\n");
    proc_result_free(&r);
    static const char *const numbers[][3] = {
        {"--timeout", "soon",
         "porcheck run: --timeout: expected a non-negative number, got 'soon'\n"},
        {"--max-threads", "-1",
         "porcheck run: --max-threads: expected a non-negative number, got '-1'\n"},
        {"--max-threads", "61", "porcheck run: --max-threads: expected 1 to 60, got '61'\n"}};
    for (size_t i = 0; i < 3; i++) {
        char *bad_number[] = {PORCHECK,        "run", (char *)numbers[i][0], (char *)numbers[i][1],
                              "LockedCounter", NULL};
        cr_assert(run_process(bad_number, 60, &r));
        cr_assert_eq(r.status, 2);
        cr_assert_str_eq(r.err, numbers[i][2]);
        proc_result_free(&r);
    }
}

static const char *const golden_names[] = {
#include "golden_list.h"
};

/* Reads the golden-flags line of golden program [name] ("-da" when none). */
static void golden_flag(const char *name, char *flag, size_t cap)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.java", GOLDEN_SRC, name);
    if (!read_golden_flag(path, flag, cap)) snprintf(flag, cap, "-da");
}

/* Every golden program of the VM tests whose state space is small and that ends without an
 * uncaught exception prints under the checker exactly what HotSpot prints (its run, made by the
 * build, which test_vm_golden compares with porcheck exec): the trail, the slot types and the
 * serialisation leave the program's semantics alone. */
Test(vm_run, sequential_golden_programs_print_what_hotspot_prints, .timeout = 900)
{
    size_t compared = 0;
    size_t step = quick() ? 2 : 1;
    for (size_t i = 0; i < sizeof golden_names / sizeof *golden_names; i += step) {
        char flag[8], json[256];
        golden_flag(golden_names[i], flag, sizeof flag);
        snprintf(json, sizeof json, "/tmp/porcheck-golden-%d.json", (int)getpid());
        char *run[] = {
            PORCHECK, "run",    "--classpath", GOLDEN_BUILD "/golden17.jar", flag, "--max-states",
            "3000",   "--json", json,          (char *)golden_names[i],      NULL};
        char hotspot[1024];
        snprintf(hotspot, sizeof hotspot, "%s/hotspot17/%s", GOLDEN_BUILD, golden_names[i]);
        proc_result r, x;
        cr_assert(run_process(run, 300, &r));
        cr_assert(read_recorded_run(hotspot, &x), "%s: no HotSpot run (made by the build)",
                  hotspot);
        json_t *doc = json_load_file(json, JSON_ALLOW_NUL, NULL);
        remove(json);
        cr_assert_not_null(doc, "%s: %s", golden_names[i], r.err);
        json_t *outs = json_object_get(doc, "outcomes");
        bool complete = !strcmp(json_string_value(json_object_get(doc, "stop")), "complete");
        if (complete && x.status == 0 && json_array_size(outs) == 1) {
            json_t *out = json_object_get(json_array_get(outs, 0), "output");
            cr_assert(json_string_length(out) == x.out_len &&
                          !memcmp(json_string_value(out), x.out, x.out_len),
                      "%s: the checker's outcome differs from HotSpot's", golden_names[i]);
            compared++;
        }
        json_decref(doc);
        proc_result_free(&r), proc_result_free(&x);
    }
    cr_assert_gt(compared, 50 / step);
}
