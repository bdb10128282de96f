/* porcheck run: model-checks a Java program's main over all thread interleavings (the VM as a
 * por transition system), reporting failed assertions and other uncaught exceptions, deadlocks,
 * the outputs of the end states and statistics; every violation comes with the schedule that
 * reproduces it, printed as a readable trace by replaying it. --replay runs one schedule. */
#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "commands.h"
#include "vm.h"

enum { MAX_SHOWN = 10, MAX_VISIBLE = 64 };

/* run_search's status when a race widened the visible set: explore again. */
enum { RUN_AGAIN = -1 };

/* ---- Collected results ----------------------------------------------------------------------- */

/* A distinct end-state output and how many end states printed it. */
typedef struct outcome {
    char *text;
    size_t len, count;
} outcome;

/* What went wrong. */
typedef enum violation_kind { V_UNCAUGHT, V_DEADLOCK } violation_kind;

/* A distinct violation: its description, the first schedule reaching it, its replayed trace. */
typedef struct violation {
    violation_kind kind;
    char *text;
    size_t count;
    uint8_t *schedule;
    size_t length;
    char **trace; /* [length] lines, filled by the replay */
    bool reproduced;
} violation;

/* Growable arrays of outcomes and violations. */
typedef struct results {
    outcome *outcomes;
    size_t outcome_count, outcome_cap;
    violation *violations;
    size_t violation_count, violation_cap;
    vm *machine;
    bool nomem;
} results;

/* Command-line settings. */
/* The races that widened the visible set (safe classifier), and the classes they named. */
typedef struct widening {
    char **races, **classes; /* owned */
    size_t race_count, class_count, race_cap, class_cap;
} widening;

typedef struct run_args {
    vm_options vm;
    vm_check_options check;
    const char *visible[MAX_VISIBLE];
    widening wide;
    por_options opt;
    const char *json, *replay, *main;
    cli_progress progress;
    int argc; /* program arguments */
    char **argv;
} run_args;

/* Returns a NUL-terminated copy of the [n] bytes at [s], or NULL. */
static char *dup_bytes(const char *s, size_t n)
{
    char *d = base_malloc(n + 1);
    if (!d) return NULL;
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

/* Grows [*items] of [*cap] elements of [size] bytes to hold one more; false when out of memory. */
static bool grow(void **items, size_t *cap, size_t count, size_t size)
{
    if (count < *cap) return true;
    size_t n = *cap ? *cap * 2 : 16;
    void *grown = base_realloc(*items, n * size);
    if (!grown) return false;
    *items = grown;
    *cap = n;
    return true;
}

/* Counts output [text] of [len] bytes as an outcome. */
static void add_outcome(results *r, const char *text, size_t len)
{
    for (size_t i = 0; i < r->outcome_count; i++)
        if (r->outcomes[i].len == len && !memcmp(r->outcomes[i].text, text, len)) {
            r->outcomes[i].count++;
            return;
        }
    char *copy = dup_bytes(text, len);
    if (!copy ||
        !grow((void **)&r->outcomes, &r->outcome_cap, r->outcome_count, sizeof *r->outcomes)) {
        base_free(copy);
        r->nomem = true;
        return;
    }
    r->outcomes[r->outcome_count++] = (outcome){copy, len, 1};
}

/* Records violation [text] of [kind] reached by [schedule]. */
static void add_violation(results *r, violation_kind kind, const char *text,
                          const por_trace *schedule)
{
    for (size_t i = 0; i < r->violation_count; i++)
        if (r->violations[i].kind == kind && !strcmp(r->violations[i].text, text)) {
            r->violations[i].count++;
            return;
        }
    char *copy = dup_bytes(text, strlen(text));
    uint8_t *path = base_malloc(schedule->length + 1);
    if (!copy || !path ||
        !grow((void **)&r->violations, &r->violation_cap, r->violation_count,
              sizeof *r->violations)) {
        base_free(copy), base_free(path);
        r->nomem = true;
        return;
    }
    if (schedule->length) memcpy(path, schedule->threads, schedule->length);
    r->violations[r->violation_count++] =
        (violation){kind, copy, 1, path, schedule->length, NULL, false};
}

/* Frees everything [r] holds. */
static void free_results(results *r)
{
    for (size_t i = 0; i < r->outcome_count; i++) base_free(r->outcomes[i].text);
    for (size_t i = 0; i < r->violation_count; i++) {
        violation *v = &r->violations[i];
        for (size_t k = 0; v->trace && k < v->length; k++) base_free(v->trace[k]);
        base_free(v->trace);
        base_free(v->text);
        base_free(v->schedule);
    }
    base_free(r->outcomes);
    base_free(r->violations);
}

/* ---- Describing states ----------------------------------------------------------------------- */

/* Writes the deadlock of the current state: each waiting thread and the wait-for cycle. */
static void describe_deadlock(vm *machine, por_tset waiting, char *buf, size_t cap)
{
    size_t len = (size_t)snprintf(buf, cap, "deadlock");
    char name[256], what[1024];
    for (uint32_t t = 0; t < 64 && len < cap; t++) {
        if (!(waiting >> t & 1)) continue;
        vm_thread_name(machine, t, name, sizeof name);
        vm_describe_waiting(machine, t, what, sizeof what);
        len += (size_t)snprintf(buf + len, cap - len, "\n  %s %s", name, what);
    }
    for (uint32_t start = 0; start < 64 && len < cap; start++) {
        if (!(waiting >> start & 1)) continue;
        int t = (int)start, steps = 0;
        while (steps++ < 64 && t >= 0 && (waiting >> t & 1)) {
            t = vm_waits_for(machine, (uint32_t)t);
            if (t == (int)start) break;
        }
        if (t != (int)start) continue;
        len += (size_t)snprintf(buf + len, cap - len, "\n  cycle:");
        do {
            vm_thread_name(machine, (uint32_t)t, name, sizeof name);
            len += (size_t)snprintf(buf + len, cap - len, " %s ->", name);
            t = vm_waits_for(machine, (uint32_t)t);
        } while (t != (int)start && len < cap);
        vm_thread_name(machine, start, name, sizeof name);
        snprintf(buf + len, cap - len, " %s", name);
        return;
    }
}

/* Observer: counts the output of an end state; a deadlock is a violation. */
static por_verdict on_final(void *ctx, const por_trace *schedule, por_tset waiting)
{
    results *r = ctx;
    size_t len;
    const char *out = vm_check_output(r->machine, &len);
    add_outcome(r, out, len);
    if (waiting) {
        char text[8192];
        describe_deadlock(r->machine, waiting, text, sizeof text);
        add_violation(r, V_DEADLOCK, text, schedule);
    }
    return POR_CONTINUE;
}

/* Observer: records the uncaught exception of [thread]. */
static void on_assert(void *ctx, size_t thread, const por_trace *schedule)
{
    results *r = ctx;
    char text[8192], name[256];
    vm_thread_name(r->machine, (uint32_t)thread, name, sizeof name);
    int n = snprintf(text, sizeof text, "uncaught exception in thread \"%s\": ", name);
    vm_describe_uncaught(r->machine, (uint32_t)thread, text + n, sizeof text - (size_t)n);
    size_t len = strlen(text);
    while (len && text[len - 1] == '\n') text[--len] = '\0';
    add_violation(r, V_UNCAUGHT, text, schedule);
}

/* ---- Schedules ------------------------------------------------------------------------------- */

/* Writes [schedule] compactly ("0*3,1,2*2") into a new string. */
static char *schedule_text(const uint8_t *schedule, size_t length)
{
    char *s = base_malloc(length * 8 + 1), *p = s;
    if (!s) return NULL;
    *p = '\0';
    for (size_t i = 0; i < length;) {
        size_t run = 1;
        while (i + run < length && schedule[i + run] == schedule[i]) run++;
        p += sprintf(p, "%s%u", i ? "," : "", schedule[i]);
        if (run > 1) p += sprintf(p, "*%zu", run);
        i += run;
    }
    return s;
}

/* Parses "0*3,1,2" into a new array in [*out] of [*length] thread ids; false when malformed. */
static bool parse_schedule(const char *text, uint8_t **out, size_t *length)
{
    size_t cap = 64, n = 0;
    uint8_t *s = base_malloc(cap);
    const char *p = text;
    while (s && *p) {
        char *end;
        unsigned long t = strtoul(p, &end, 10), run = 1;
        if (end == p || t >= 64) break;
        if (*end == '*') {
            p = end + 1;
            run = strtoul(p, &end, 10);
            if (end == p || run == 0 || run > 1000000) break;
        }
        for (; run > 0 && s; run--) {
            if (n == cap) s = base_realloc(s, cap *= 2);
            if (s) s[n++] = (uint8_t)t;
        }
        p = *end == ',' ? end + 1 : end;
        if (*end && *end != ',') break;
    }
    if (!s || *p || n == 0) {
        base_free(s);
        return false;
    }
    *out = s;
    *length = n;
    return true;
}

/* ---- Replay ---------------------------------------------------------------------------------- */

/* Runs [schedule] from the initial state [init], storing one trace line per step in [lines]
 * (when not NULL); returns the result of the last step, or POR_STEP_ERROR with [err] set when a
 * thread is not enabled or the VM fails. */
static por_step_result replay(vm *machine, const por_snapshot *init, const uint8_t *schedule,
                              size_t length, char **lines, por_error *err)
{
    por_lts lts = vm_lts(machine);
    lts.ops->restore(machine, init);
    por_step_result r = POR_STEP_OK;
    for (size_t i = 0; i < length; i++) {
        uint32_t t = schedule[i];
        if (t >= vm_check_threads(machine) || !(lts.ops->enabled(machine) >> t & 1)) {
            por_fail(err, POR_ERR_ARG, "step %zu of the schedule: thread %u is not enabled", i + 1,
                     t);
            return POR_STEP_ERROR;
        }
        char name[256], what[2048], line[2400];
        vm_thread_name(machine, t, name, sizeof name);
        vm_describe_next(machine, t, what, sizeof what);
        snprintf(line, sizeof line, "%4zu  %-14s %s", i + 1, name, what);
        if (lines && !(lines[i] = dup_bytes(line, strlen(line)))) {
            por_fail(err, POR_ERR_NOMEM, "out of memory");
            return POR_STEP_ERROR;
        }
        r = lts.ops->step(machine, t, err);
        if (r == POR_STEP_ERROR) return r;
    }
    return r;
}

/* Replays every shown violation to fill its trace and check that it reproduces. */
static bool trace_violations(results *r, const por_snapshot *init, por_error *err)
{
    por_lts lts = vm_lts(r->machine);
    for (size_t i = 0; i < r->violation_count && i < MAX_SHOWN; i++) {
        violation *v = &r->violations[i];
        v->trace = base_calloc(v->length + 1, sizeof *v->trace);
        if (!v->trace) return por_fail(err, POR_ERR_NOMEM, "out of memory"), false;
        por_step_result s = replay(r->machine, init, v->schedule, v->length, v->trace, err);
        if (s == POR_STEP_ERROR) return false;
        v->reproduced = v->kind == V_UNCAUGHT
                            ? s == POR_STEP_ASSERT
                            : !lts.ops->enabled(r->machine) && lts.ops->waiting(r->machine);
    }
    return true;
}

/* ---- Output ---------------------------------------------------------------------------------- */

/* Prints [len] bytes at [s] as a double-quoted string with C escapes. */
static void print_quoted(FILE *out, const char *s, size_t len)
{
    fputc('"', out);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\n')
            fputs("\\n", out);
        else if (c == '\t')
            fputs("\\t", out);
        else if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 32)
            fprintf(out, "\\x%02x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

static const char *classifier_name(vm_classifier c)
{
    return c == VM_CLASSIFY_SAFE ? "safe" : "jpf";
}

/* Prints violation [v] with its schedule and trace. */
static void print_violation(const violation *v)
{
    printf("%s\n", v->text);
    if (v->count > 1) printf("  (reached %zu times)\n", v->count);
    char *sched = schedule_text(v->schedule, v->length);
    printf("  schedule (%zu transitions): %s\n", v->length, sched ? sched : "?");
    base_free(sched);
    for (size_t k = 0; v->trace && k < v->length; k++) printf("  %s\n", v->trace[k]);
    if (v->trace && !v->reproduced) printf("  warning: the replay did not reproduce it\n");
}

/* Prints the visible set in force (safe classifier) and the races that widened it. */
static void print_visible(const run_args *a)
{
    if (a->check.classifier != VM_CLASSIFY_SAFE) return;
    const widening *w = &a->wide;
    cli_print_visible(&(cli_visible){a->check.visible, a->check.visible_count,
                                     (const char *const *)w->classes, w->class_count,
                                     (const char *const *)w->races, w->race_count},
                      "program");
}

/* Prints the report: header, outcomes, violations, statistics. */
static void print_text(const run_args *a, const results *r, const por_result *res)
{
    printf("porcheck run: %s (algorithm %s, classifier %s%s)\n", a->main,
           por_algo_name(a->opt.algo), classifier_name(a->check.classifier),
           a->opt.stateless ? ", stateless" : "");
    print_visible(a);
    cli_print_verdict(res, r->violation_count > 0);
    printf("outcomes (%zu):\n", r->outcome_count);
    for (size_t i = 0; i < r->outcome_count; i++) {
        printf("  ");
        print_quoted(stdout, r->outcomes[i].text, r->outcomes[i].len);
        printf("   [%zu end state%s]\n", r->outcomes[i].count,
               r->outcomes[i].count == 1 ? "" : "s");
    }
    printf("violations (%zu):\n", r->violation_count);
    for (size_t i = 0; i < r->violation_count && i < MAX_SHOWN; i++)
        print_violation(&r->violations[i]);
    if (r->violation_count > MAX_SHOWN)
        printf("... and %zu more\n", r->violation_count - MAX_SHOWN);
    por_stats_print(stdout, res);
}

/* Returns violation [v] as a JSON object. */
static json_t *violation_json(const violation *v)
{
    char *sched = schedule_text(v->schedule, v->length);
    json_t *trace = json_array();
    for (size_t k = 0; trace && v->trace && k < v->length; k++)
        json_array_append_new(trace, json_string(v->trace[k]));
    json_t *o =
        json_pack("{s:s, s:s, s:I, s:s, s:o*}", "kind",
                  v->kind == V_DEADLOCK ? "deadlock" : "uncaught exception", "message", v->text,
                  "count", (json_int_t)v->count, "schedule", sched ? sched : "", "trace", trace);
    base_free(sched);
    return o;
}

/* Returns the report as one JSON document (NULL when out of memory). */
static json_t *report_json(const run_args *a, const results *r, const por_result *res)
{
    json_t *outs = json_array(), *viols = json_array();
    for (size_t i = 0; outs && i < r->outcome_count; i++)
        json_array_append_new(outs, json_pack("{s:s%, s:I}", "output", r->outcomes[i].text,
                                              r->outcomes[i].len, "end_states",
                                              (json_int_t)r->outcomes[i].count));
    for (size_t i = 0; viols && i < r->violation_count; i++)
        json_array_append_new(viols, violation_json(&r->violations[i]));
    json_t *widened = json_array(), *races = json_array();
    for (size_t i = 0; widened && i < a->wide.class_count; i++)
        json_array_append_new(widened, json_string(a->wide.classes[i]));
    for (size_t i = 0; races && i < a->wide.race_count; i++)
        json_array_append_new(races, json_string(a->wide.races[i]));
    return json_pack("{s:s, s:s, s:s, s:b, s:s, s:s, s:o*, s:o*, s:o*, s:o*, s:o*}", "main",
                     a->main, "algorithm", por_algo_name(a->opt.algo), "classifier",
                     classifier_name(a->check.classifier), "stateless", a->opt.stateless, "verdict",
                     cli_verdict_json(res, r->violation_count > 0), "stop",
                     por_stop_name(res->stop), "outcomes", outs, "violations", viols, "statistics",
                     por_stats_json(res), "widened", widened, "races", races);
}

/* ---- Arguments ------------------------------------------------------------------------------- */

static int usage(void)
{
    fprintf(stderr,
            "usage: porcheck run --classpath P [--algo A] [--classifier jpf|safe] [--visible "
            "PREFIX]...\n"
            "       [--order seq:PERM|random:SEED] [--stateless] [--all] [--exact-states]\n"
            "       [--heap-symmetry]\n"
            "       [--max-states N] [--timeout S] [--max-memory MB] [--max-threads N]\n"
            "       [--max-instructions N] [--json OUT] [-ea|-da] [--replay SCHEDULE]\n"
            "       [--progress | --no-progress] MAIN [ARGS...]\n"
            "exit status: 0 explored completely, no violation; 1 a violation; 2 bad input; 3\n"
            "incomplete (stopped by a limit, no violation); 128 + N after signal N\n");
    return EXIT_BAD_INPUT;
}

/* Result of reading the arguments. */
typedef enum args_status { ARGS_OK, ARGS_USAGE, ARGS_REPORTED } args_status;

/* Reports a bad option value (printf-style [fmt] with [value]). */
static args_status bad(const char *fmt, const char *value)
{
    fprintf(stderr, "porcheck run: ");
    fprintf(stderr, fmt, value);
    fprintf(stderr, "\n");
    return ARGS_REPORTED;
}

/* Adds the comma-separated prefixes of [value] to the visible classes. */
static args_status add_visible(run_args *a, char *value)
{
    for (char *p = strtok(value, ","); p; p = strtok(NULL, ",")) {
        if (a->check.visible_count == MAX_VISIBLE) return bad("too many --visible prefixes%s", "");
        a->visible[a->check.visible_count++] = p;
    }
    return ARGS_OK;
}

/* Parses an option that takes a number. */
static args_status number_option(run_args *a, const char *name, const char *value)
{
    if (cli_is_limit(name))
        return cli_set_limit("run", &a->opt, name, value) ? ARGS_OK : ARGS_REPORTED;
    double v;
    if (!cli_parse_number(value, &v)) {
        fprintf(stderr, "porcheck run: %s: expected a non-negative number, got '%s'\n", name,
                value);
        return ARGS_REPORTED;
    }
    if (!strcmp(name, "--max-threads"))
        a->check.max_threads = (uint32_t)v;
    else if (!strcmp(name, "--max-instructions"))
        a->check.max_instructions = (uint64_t)v;
    else
        return ARGS_USAGE;
    if (!strcmp(name, "--max-threads") && (v < 1 || v > VM_MAX_THREADS))
        return bad("--max-threads: expected 1 to " VM_MAX_THREADS_TEXT ", got '%s'", value);
    return ARGS_OK;
}

/* Parses an option with a value. */
static args_status value_option(run_args *a, const char *name, char *value)
{
    por_error err = {0};
    if (!strcmp(name, "--classpath") || !strcmp(name, "-cp"))
        return a->vm.classpath = value, ARGS_OK;
    if (!strcmp(name, "--json")) return a->json = value, ARGS_OK;
    if (!strcmp(name, "--replay")) return a->replay = value, ARGS_OK;
    if (!strcmp(name, "--visible")) return add_visible(a, value);
    if (!strcmp(name, "--classifier")) {
        if (!strcmp(value, "jpf"))
            a->check.classifier = VM_CLASSIFY_JPF;
        else if (!strcmp(value, "safe"))
            a->check.classifier = VM_CLASSIFY_SAFE;
        else
            return bad("unknown classifier '%s' (jpf or safe)", value);
        return ARGS_OK;
    }
    if (!strcmp(name, "--algo") || !strcmp(name, "--order")) {
        por_status s = !strcmp(name, "--algo") ? por_algo_parse(value, &a->opt.algo, &err)
                                               : por_order_parse(value, &a->opt.order, &err);
        return s == POR_OK ? ARGS_OK : bad("%s", err.message);
    }
    return number_option(a, name, value);
}

/* Parses the option at argv[*i]. */
static args_status parse_option(int argc, char **argv, int *i, run_args *a)
{
    const char *name = argv[*i];
    if (!strcmp(name, "--stateless")) return a->opt.stateless = true, ARGS_OK;
    if (!strcmp(name, "--all")) return a->opt.first_error = false, ARGS_OK;
    if (!strcmp(name, "--exact-states")) return a->check.exact = true, ARGS_OK;
    if (!strcmp(name, "--heap-symmetry")) return a->check.heap_symmetry = true, ARGS_OK;
    if (!strcmp(name, "-ea")) return a->vm.assertions = true, ARGS_OK;
    if (!strcmp(name, "-da")) return a->vm.assertions = false, ARGS_OK;
    if (cli_progress_option(name, &a->progress)) return ARGS_OK;
    if (*i + 1 >= argc) return ARGS_USAGE;
    return value_option(a, name, argv[++*i]);
}

/* Reads the command line into [a]. */
static args_status parse_args(int argc, char **argv, run_args *a)
{
    memset(a, 0, sizeof *a);
    por_options_init(&a->opt);
    a->opt.first_error = true;
    a->vm.assertions = true;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        args_status s = parse_option(argc, argv, &i, a);
        if (s != ARGS_OK) return s;
    }
    if (i >= argc) return ARGS_USAGE;
    a->main = argv[i];
    a->argc = argc - i - 1;
    a->argv = argv + i + 1;
    a->check.visible = a->visible;
    if (a->check.visible_count && a->check.classifier != VM_CLASSIFY_SAFE)
        return bad("--visible%s applies to --classifier safe only", "");
    if (a->check.heap_symmetry && !cli_heap_symmetry_allows("run", a->opt.algo, a->opt.stateless))
        return ARGS_REPORTED;
    return ARGS_OK;
}

/* ---- The command ----------------------------------------------------------------------------- */

/* Creates and starts the VM, then turns it into a transition system. */
static vm *start_vm(run_args *a)
{
    vm *machine = NULL;
    vm_error err = {0};
    if (vm_new(&a->vm, &machine, &err) == VM_OK &&
        vm_start(machine, a->main, a->argc, a->argv, &err) == VM_OK &&
        vm_check_begin(machine, &a->check, &err) == VM_OK)
        return machine;
    fprintf(stderr, "porcheck run: %s\n", err.message);
    vm_free(machine);
    return NULL;
}

/* Prints what the end of a replayed schedule shows; returns the exit status. */
static int replay_outcome(vm *machine, por_step_result last)
{
    por_lts lts = vm_lts(machine);
    size_t len;
    const char *out = vm_check_output(machine, &len);
    printf("output so far: ");
    print_quoted(stdout, out, len);
    printf("\n");
    por_tset enabled = lts.ops->enabled(machine), waiting = lts.ops->waiting(machine);
    if (last == POR_STEP_ASSERT) {
        printf("result: the last transition threw an uncaught exception\n");
        return EXIT_VIOLATION;
    }
    if (!enabled && waiting) {
        char text[8192];
        describe_deadlock(machine, waiting, text, sizeof text);
        printf("result: %s\n", text);
        return EXIT_VIOLATION;
    }
    printf("result: %s\n", enabled ? "the schedule stops before the end (threads can still run)"
                                   : "an end state, no violation");
    return EXIT_PASS;
}

/* --replay: runs one schedule, printing its trace. */
static int run_replay(const run_args *a, vm *machine)
{
    uint8_t *schedule;
    size_t length;
    if (!parse_schedule(a->replay, &schedule, &length)) {
        fprintf(stderr, "porcheck run: --replay: malformed schedule '%s'\n", a->replay);
        return EXIT_BAD_INPUT;
    }
    por_snapshot *init = vm_lts(machine).ops->save(machine);
    char **lines = base_calloc(length, sizeof *lines);
    por_error err = {0};
    por_step_result r = init && lines
                            ? replay(machine, init, schedule, length, lines, &err)
                            : (por_fail(&err, POR_ERR_NOMEM, "out of memory"), POR_STEP_ERROR);
    for (size_t i = 0; lines && i < length; i++)
        if (lines[i]) printf("%s\n", lines[i]), base_free(lines[i]);
    int status = EXIT_BAD_INPUT;
    if (r == POR_STEP_ERROR)
        fprintf(stderr, "porcheck run: %s\n", err.message);
    else
        status = replay_outcome(machine, r);
    if (r == POR_STEP_ASSERT) {
        char text[8192];
        if (vm_describe_uncaught(machine, schedule[length - 1], text, sizeof text))
            printf("%s", text);
    }
    base_free(lines);
    base_free(schedule);
    if (init) vm_lts(machine).ops->release(machine, init);
    return status;
}

/* Prints why the search of [machine] could not report (one line); [r] and [err] say why. */
static void search_failed(vm *machine, const results *r, const por_error *err)
{
    const char *msg = r->nomem                                  ? "out of memory"
                      : vm_last_error(machine)->status != VM_OK ? vm_last_error(machine)->message
                                                                : err->message;
    fprintf(stderr, "porcheck run: %s\n", msg);
}

/* Appends a copy of [text] to [*list] of [*count] (room [*cap]); false when out of memory. */
static bool push_copy(char ***list, size_t *count, size_t *cap, const char *text)
{
    if (*count == *cap && !grow((void **)list, cap, *count, sizeof **list)) return false;
    char *copy = dup_bytes(text, strlen(text));
    if (!copy) return false;
    (*list)[(*count)++] = copy;
    return true;
}

/* Takes the races [machine]'s search found into [a], widening its visible set with the classes
 * they name; true when there were any ([*status] is RUN_AGAIN, or EXIT_BAD_INPUT when out of
 * memory). */
static bool widen(run_args *a, const vm *machine, int *status)
{
    const vm_race *races;
    size_t n = vm_check_races(machine, &races);
    widening *w = &a->wide;
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        ok = push_copy(&w->races, &w->race_count, &w->race_cap, races[i].text);
        for (size_t k = 0; k < races[i].class_count && ok; k++)
            ok = push_copy(&w->classes, &w->class_count, &w->class_cap, races[i].classes[k]);
    }
    for (size_t i = 0; i < w->class_count; i++)
        for (char *p = w->classes[i]; *p; p++)
            if (*p == '/') *p = '.';
    a->check.widened = (const char *const *)w->classes;
    a->check.widened_count = w->class_count;
    if (!ok) fprintf(stderr, "porcheck run: out of memory\n");
    *status = ok ? RUN_AGAIN : EXIT_BAD_INPUT;
    return n > 0;
}

/* Frees what [w] holds. */
static void free_widening(widening *w)
{
    for (size_t i = 0; i < w->race_count; i++) base_free(w->races[i]);
    for (size_t i = 0; i < w->class_count; i++) base_free(w->classes[i]);
    base_free(w->races);
    base_free(w->classes);
}

/* Runs the search and prints the report, writing it to [json] (opened for --json, or NULL);
 * returns the exit status, or RUN_AGAIN when a race widened the visible set. */
static int run_search(run_args *a, vm *machine, FILE *json)
{
    results r = {0};
    r.machine = machine;
    por_observer obs = {&r, on_final, on_assert, NULL, NULL};
    a->opt.observer = &obs;
    a->opt.stop_flag = cli_stop_flag();
    cli_progress_attach(&a->progress, &a->opt);
    por_lts lts = vm_lts(machine);
    por_snapshot *init = lts.ops->save(machine);
    por_result res;
    por_error err = {0};
    int status = EXIT_BAD_INPUT;
    bool searched = init && por_search(&lts, &a->opt, &res, &err) == POR_OK;
    cli_progress_end(&a->progress);
    if (!init) por_fail(&err, POR_ERR_NOMEM, "out of memory");
    bool fine = searched && !r.nomem && vm_last_error(machine)->status == VM_OK;
    if (fine && res.stop != POR_STOP_SIGNAL && widen(a, machine, &status)) {
        /* a race: explore again with the wider set (or out of memory: [status] says) */
    } else if (fine && trace_violations(&r, init, &err)) {
        print_text(a, &r, &res);
        fflush(stdout);
        status = cli_search_status(&res, r.violation_count > 0);
        if (json) cli_write_json("run", a->json, json, report_json(a, &r, &res));
    } else {
        search_failed(machine, &r, &err);
        if (json) fclose(json), remove(a->json);
    }
    if (init) lts.ops->release(machine, init);
    free_results(&r);
    return status;
}

int cmd_run(int argc, char **argv)
{
    run_args a;
    args_status s = parse_args(argc, argv, &a);
    if (s == ARGS_USAGE) return usage();
    if (s == ARGS_REPORTED) return EXIT_BAD_INPUT;
    cli_signals_install();
    vm *machine = start_vm(&a);
    if (!machine) return cli_exit_status(EXIT_BAD_INPUT);
    fflush(stdout);
    FILE *json = NULL;
    int status = EXIT_BAD_INPUT;
    if (a.replay)
        status = run_replay(&a, machine);
    else if (!a.json || (json = cli_open_output("run", a.json)))
        status = run_search(&a, machine, json);
    while (status == RUN_AGAIN) {
        vm_free(machine);
        machine = start_vm(&a);
        status = machine ? run_search(&a, machine, json) : EXIT_BAD_INPUT;
        if (!machine && json) fclose(json), remove(a.json);
    }
    vm_free(machine);
    free_widening(&a.wide);
    return cli_exit_status(status);
}
