/* porcheck toy: runs a search of por over a program of the toy language and prints its
 * outcomes, violations (failed assertions, deadlocks) and statistics, as text or JSON. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "commands.h"
#include "por.h"
#include "toy.h"

enum { MAX_SHOWN_VIOLATIONS = 10 };

/* A counted string in a sorted set. */
typedef struct entry {
    char *text;
    size_t count;
    char *schedule; /* violations: how to reach it */
} entry;

/* A set of strings, kept sorted. */
typedef struct strset {
    entry *items;
    size_t count, cap;
} strset;

/* What the observer collects. */
typedef struct collect {
    toy_program *toy;
    strset outcomes;   /* outcome of each distinct final state */
    strset violations; /* "assertion failed: ..." or "deadlock: ..." */
    bool nomem;
} collect;

/* Command-line settings. */
typedef struct toy_args {
    const char *file, *json;
    por_options opt;
    cli_progress progress;
} toy_args;

/* Returns a copy of [s] from the base allocator. */
static char *dup_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = base_malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

/* Counts [text] in [set]; returns the entry, or NULL when out of memory. [*added] tells whether
 * it was new. */
static entry *strset_add(strset *set, const char *text, bool *added)
{
    size_t lo = 0, hi = set->count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(set->items[mid].text, text);
        if (c == 0) {
            *added = false;
            set->items[mid].count++;
            return &set->items[mid];
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (set->count == set->cap) {
        size_t cap = set->cap ? set->cap * 2 : 16;
        entry *items = base_realloc(set->items, cap * sizeof *items);
        if (!items) return NULL;
        set->items = items;
        set->cap = cap;
    }
    char *copy = dup_string(text);
    if (!copy) return NULL;
    memmove(set->items + lo + 1, set->items + lo, (set->count - lo) * sizeof *set->items);
    set->items[lo] = (entry){copy, 1, NULL};
    set->count++;
    *added = true;
    return &set->items[lo];
}

/* Frees [set] and its strings. */
static void strset_free(strset *set)
{
    for (size_t i = 0; i < set->count; i++) {
        base_free(set->items[i].text);
        base_free(set->items[i].schedule);
    }
    base_free(set->items);
}

/* Writes [schedule] as thread names separated by spaces into a new string. */
static char *schedule_text(const toy_program *toy, const por_trace *schedule)
{
    size_t len = 1;
    for (size_t i = 0; i < schedule->length; i++)
        len += strlen(toy_thread_name(toy, schedule->threads[i])) + 1;
    char *s = base_malloc(len), *p = s;
    if (!s) return NULL;
    *p = '\0';
    for (size_t i = 0; i < schedule->length; i++)
        p += sprintf(p, "%s%s", i ? " " : "", toy_thread_name(toy, schedule->threads[i]));
    return s;
}

/* Records violation [text] reached by [schedule]. */
static void add_violation(collect *c, const char *text, const por_trace *schedule)
{
    bool added;
    entry *e = strset_add(&c->violations, text, &added);
    if (!e)
        c->nomem = true;
    else if (added && !(e->schedule = schedule_text(c->toy, schedule)))
        c->nomem = true;
}

/* Counts the outcome of a final state; a deadlock is a violation. */
static por_verdict on_final(void *ctx, const por_trace *schedule, por_tset waiting)
{
    collect *c = ctx;
    char buf[4096];
    toy_outcome(c->toy, buf, sizeof buf);
    bool added;
    if (!strset_add(&c->outcomes, buf, &added)) c->nomem = true;
    if (waiting) {
        char msg[4200];
        snprintf(msg, sizeof msg, "deadlock: %s", buf);
        add_violation(c, msg, schedule);
    }
    return POR_CONTINUE;
}

/* Records a failed assertion with the failing thread's state. */
static void on_assert(void *ctx, size_t thread, const por_trace *schedule)
{
    collect *c = ctx;
    char state[4096], msg[4200];
    toy_describe_thread(c->toy, thread, state, sizeof state);
    snprintf(msg, sizeof msg, "assertion failed: %s", state);
    add_violation(c, msg, schedule);
}

/* ---- Output ---------------------------------------------------------------------------------- */

/* Prints the report: header, outcomes, violations, statistics. */
static void print_text(const toy_args *a, const collect *c, const por_result *r)
{
    char order[300];
    por_order_format(&a->opt.order, order, sizeof order);
    printf("%s: %s, order %s, %s%s\n", a->file, por_algo_name(a->opt.algo), order,
           a->opt.stateless ? "stateless" : "stateful", a->opt.first_error ? ", first error" : "");
    cli_print_verdict(r, c->violations.count > 0);
    printf("outcomes (%zu):\n", c->outcomes.count);
    for (size_t i = 0; i < c->outcomes.count; i++)
        printf("  %s   [%zu end state%s]\n", c->outcomes.items[i].text, c->outcomes.items[i].count,
               c->outcomes.items[i].count == 1 ? "" : "s");
    printf("violations (%zu):\n", c->violations.count);
    for (size_t i = 0; i < c->violations.count && i < MAX_SHOWN_VIOLATIONS; i++)
        printf("  %s\n    schedule: %s\n", c->violations.items[i].text,
               c->violations.items[i].schedule);
    if (c->violations.count > MAX_SHOWN_VIOLATIONS)
        printf("  ... and %zu more\n", c->violations.count - MAX_SHOWN_VIOLATIONS);
    por_stats_print(stdout, r);
}

/* Returns [set] as a JSON array of outcomes or violations. */
static json_t *strset_json(const strset *set, bool violations)
{
    json_t *arr = json_array();
    for (size_t i = 0; arr && i < set->count; i++) {
        const entry *e = &set->items[i];
        json_t *o = violations ? json_pack("{s:s, s:s}", "violation", e->text, "schedule",
                                           e->schedule ? e->schedule : "")
                               : json_pack("{s:s, s:I}", "outcome", e->text, "end_states",
                                           (json_int_t)e->count);
        if (!o || json_array_append_new(arr, o)) {
            json_decref(arr);
            return NULL;
        }
    }
    return arr;
}

/* Returns the report as one JSON document (NULL when out of memory). */
static json_t *report_json(const toy_args *a, const collect *c, const por_result *r)
{
    char order[300];
    por_order_format(&a->opt.order, order, sizeof order);
    return json_pack("{s:s, s:s, s:s, s:b, s:b, s:s, s:o*, s:o*, s:o*}", "file", a->file,
                     "algorithm", por_algo_name(a->opt.algo), "order", order, "stateless",
                     a->opt.stateless, "first_error", a->opt.first_error, "verdict",
                     verdict_name(verdict_of(r, c->violations.count > 0)), "outcomes",
                     strset_json(&c->outcomes, false), "violations",
                     strset_json(&c->violations, true), "statistics", por_stats_json(r));
}

/* ---- Arguments ------------------------------------------------------------------------------- */

/* Prints the usage line; returns the bad-input status. */
static int usage(void)
{
    fprintf(stderr,
            "usage: porcheck toy FILE [--algo A] [--order seq:PERM|random:SEED] [--stateless]\n"
            "       [--first-error] [--max-states N] [--timeout S] [--max-memory MB] [--json OUT]\n"
            "       [--progress | --no-progress]\n"
            "exit status: 0 explored completely, no violation; 1 a violation; 2 bad input; 3\n"
            "incomplete (stopped by a limit, no violation); 128 + N after signal N\n");
    return EXIT_BAD_INPUT;
}

/* Result of reading the arguments. */
typedef enum args_status { ARGS_OK, ARGS_USAGE, ARGS_REPORTED } args_status;

/* Parses the option at argv[*i] (with its value) into [a]. */
static args_status parse_option(int argc, char **argv, int *i, toy_args *a)
{
    const char *name = argv[*i], *value = *i + 1 < argc ? argv[*i + 1] : NULL;
    por_error err = {0};
    if (!strcmp(name, "--stateless")) return a->opt.stateless = true, ARGS_OK;
    if (!strcmp(name, "--first-error")) return a->opt.first_error = true, ARGS_OK;
    if (cli_progress_option(name, &a->progress)) return ARGS_OK;
    if (!value) return ARGS_USAGE;
    (*i)++;
    if (!strcmp(name, "--algo") || !strcmp(name, "--order")) {
        por_status s = !strcmp(name, "--algo") ? por_algo_parse(value, &a->opt.algo, &err)
                                               : por_order_parse(value, &a->opt.order, &err);
        if (s == POR_OK) return ARGS_OK;
        fprintf(stderr, "porcheck toy: %s\n", err.message);
        return ARGS_REPORTED;
    }
    if (!strcmp(name, "--json")) return a->json = value, ARGS_OK;
    if (!cli_is_limit(name)) return ARGS_USAGE;
    return cli_set_limit("toy", &a->opt, name, value) ? ARGS_OK : ARGS_REPORTED;
}

/* Reads the command line into [a]. */
static args_status parse_args(int argc, char **argv, toy_args *a)
{
    memset(a, 0, sizeof *a);
    por_options_init(&a->opt);
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] != '-' || !argv[i][1]) {
            if (a->file) return ARGS_USAGE;
            a->file = argv[i];
            continue;
        }
        args_status s = parse_option(argc, argv, &i, a);
        if (s != ARGS_OK) return s;
    }
    a->opt.stateless |= por_algo_is_stateless(a->opt.algo);
    return a->file ? ARGS_OK : ARGS_USAGE;
}

/* ---- The command ----------------------------------------------------------------------------- */

/* Runs the search on [toy] and prints the report, writing it to [json] (opened for --json, or
 * NULL); returns the exit status. */
static int run(toy_args *a, toy_program *toy, FILE *json)
{
    collect c = {toy, {0}, {0}, false};
    por_observer obs = {&c, on_final, on_assert, NULL, NULL};
    por_options opt = a->opt;
    opt.observer = &obs;
    opt.stop_flag = cli_stop_flag();
    cli_progress_attach(&a->progress, &opt);
    por_lts lts = toy_lts(toy);
    por_result r;
    por_error err = {0};
    int status = EXIT_BAD_INPUT;
    cli_signals_install();
    por_status st = por_search(&lts, &opt, &r, &err);
    cli_progress_end(&a->progress);
    if (st != POR_OK || c.nomem) {
        fprintf(stderr, "porcheck toy: %s: %s\n", a->file, c.nomem ? "out of memory" : err.message);
        if (json) fclose(json), remove(a->json);
    } else {
        print_text(a, &c, &r);
        fflush(stdout);
        status = (int)verdict_of(&r, c.violations.count > 0);
        if (json) cli_write_json("toy", a->json, json, report_json(a, &c, &r));
    }
    strset_free(&c.outcomes);
    strset_free(&c.violations);
    return cli_exit_status(status);
}

int cmd_toy(int argc, char **argv)
{
    toy_args a;
    args_status s = parse_args(argc, argv, &a);
    if (s == ARGS_USAGE) return usage();
    if (s == ARGS_REPORTED) return EXIT_BAD_INPUT;
    toy_program *toy;
    por_error err = {0};
    if (toy_load(a.file, &toy, &err) != POR_OK) {
        fprintf(stderr, "porcheck toy: %s\n", err.message);
        return EXIT_BAD_INPUT;
    }
    FILE *json = NULL;
    int status = EXIT_BAD_INPUT;
    if (!a.json || (json = cli_open_output("toy", a.json))) status = run(&a, toy, json);
    toy_free(toy);
    return status;
}
