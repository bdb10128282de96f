/* The differential test: every golden program, compiled with javac --release 8 and with the
 * default release (17), runs on HotSpot and on porcheck exec (switch and computed-goto dispatch);
 * standard output must be byte-identical, the exit status the same, and so the first line of
 * standard error (the uncaught exception, if any). HotSpot runs once per program and release, at
 * build time (tests/vm/hotspot.sh, so that the sanitizer build reuses the normal build's runs),
 * and both dispatch modes are compared with that run (a sample under PORCHECK_TEST_QUICK, see
 * quick()). A line "// golden-flags: -ea" in a source
 * passes that flag to both JVMs. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runproc.h"

/* One test case: a program and a compilation (inline: parameters cross into another
 * process). */
typedef struct golden_case {
    char name[64];
    int release;
    size_t index; /* its place in the list of cases: the dispatch mode a quick run uses */
} golden_case;

/* True when PORCHECK_TEST_QUICK asks for the sanitizer build's smaller sample: each program then
 * runs once, compiled for release 8 (even programs) or 17 (odd ones), under one dispatch mode
 * (goto for programs 0 and 1, switch for 2 and 3, and so on), so that each mode meets both
 * releases; the normal build compares both modes on every program and release. */
static bool quick(void)
{
    const char *v = getenv("PORCHECK_TEST_QUICK");
    return v && !strcmp(v, "1");
}

/* porcheck exec's dispatch modes, each compared with HotSpot. */
static const char *const dispatch_modes[] = {"goto", "switch"};

static const char *const golden_names[] = {
#include "golden_list.h"
};

enum { GOLDEN_COUNT = sizeof golden_names / sizeof golden_names[0] };

ParameterizedTestParameters(vm_golden, matches_hotspot)
{
    golden_case *cases = cr_malloc(sizeof *cases * GOLDEN_COUNT * 2);
    size_t n = 0;
    for (size_t i = 0; i < GOLDEN_COUNT; i++)
        for (int r = 0; r < 2; r++) {
            golden_case *c = &cases[n++];
            snprintf(c->name, sizeof c->name, "%s", golden_names[i]);
            c->release = r ? 17 : 8;
            c->index = n - 1;
        }
    return cr_make_param_array(golden_case, cases, n);
}

/* Reads the golden-flags line of program [name] into [flag] ("" when none). */
static void golden_flags(const char *name, char *flag, size_t cap)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.java", GOLDEN_SRC, name);
    if (!read_golden_flag(path, flag, cap)) flag[0] = '\0';
}

/* Reads HotSpot's run of [c] into [r]: the build ran it (tests/vm/hotspot.sh) into
 * hotspotRELEASE/NAME.out, .err and .status beside the jars. */
static void hotspot_run(const golden_case *c, proc_result *r)
{
    char prefix[1024];
    snprintf(prefix, sizeof prefix, "%s/hotspot%d/%s", GOLDEN_BUILD, c->release, c->name);
    cr_assert(read_recorded_run(prefix, r), "%s: no HotSpot run (made by the build)", prefix);
}

/* Runs porcheck exec on [c] with [dispatch] into [r]. */
static void run_porcheck(const golden_case *c, const char *dispatch, const char *jar,
                         const char *flag, proc_result *r)
{
    char *argv[10];
    int n = 0;
    argv[n++] = PORCHECK;
    argv[n++] = "exec";
    argv[n++] = "--dispatch";
    argv[n++] = (char *)dispatch;
    if (flag[0]) argv[n++] = (char *)flag;
    argv[n++] = "--classpath";
    argv[n++] = (char *)jar;
    argv[n++] = (char *)c->name;
    argv[n] = NULL;
    cr_assert(run_process(argv, 120, r), "cannot run porcheck");
}

/* Returns the index of the first byte where [a] and [b] differ. */
static size_t first_difference(const char *a, const char *b)
{
    size_t i = 0;
    while (a[i] && a[i] == b[i]) i++;
    return i;
}

/* Compares porcheck exec of [c] under [dispatch] with HotSpot's run [want]. */
static void expect_same_as_java(const golden_case *c, const char *dispatch, const char *jar,
                                const char *flag, const proc_result *want)
{
    proc_result got = {0};
    run_porcheck(c, dispatch, jar, flag, &got);
    size_t at = first_difference(want->out, got.out);
    cr_expect(want->out_len == got.out_len && !memcmp(want->out, got.out, want->out_len),
              "%s (release %d, %s): stdout differs at byte %zu:\n--- java:\n%.300s\n--- "
              "porcheck:\n%.300s\n"
              "--- porcheck stderr:\n%.500s",
              c->name, c->release, dispatch, at, want->out + (at > 100 ? at - 100 : 0),
              got.out + (at > 100 ? at - 100 : 0), got.err);
    cr_expect_eq(want->status, got.status,
                 "%s (release %d, %s): exit status java %d, porcheck %d; stderr: %.500s", c->name,
                 c->release, dispatch, want->status, got.status, got.err);
    char want_line[2048];
    snprintf(want_line, sizeof want_line, "%s", first_line(want->err));
    cr_expect_str_eq(want_line, first_line(got.err),
                     "%s (release %d, %s): first line of stderr differs", c->name, c->release,
                     dispatch);
    proc_result_free(&got);
}

ParameterizedTest(golden_case *c, vm_golden, matches_hotspot, .timeout = 240)
{
    size_t program = c->index / 2, modes = sizeof dispatch_modes / sizeof *dispatch_modes;
    if (quick() && c->index % 2 != program % 2) return; /* the program's other release runs */
    char jar[1024], flag[64];
    snprintf(jar, sizeof jar, "%s/golden%d.jar", GOLDEN_BUILD, c->release);
    golden_flags(c->name, flag, sizeof flag);
    proc_result want = {0};
    hotspot_run(c, &want);
    for (size_t m = 0; m < modes; m++)
        if (!quick() || m == program / 2 % modes)
            expect_same_as_java(c, dispatch_modes[m], jar, flag, &want);
    proc_result_free(&want);
}
