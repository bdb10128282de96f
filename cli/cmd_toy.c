/* porcheck toy: runs a search of por over a program of the toy language and prints its
 * outcomes, violations (failed assertions, deadlocks, livelocks) and statistics, as text or
 * JSON. */
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
    strset violations; /* "assertion failed: ...", "deadlock: ..." or "livelock: ..." */
    bool nomem;
} collect;

/* Command-line settings. */
typedef struct toy_args {
    const char *file, *json;
    por_options opt;
    cli_progress progress;
    cli_portfolio portfolio; /* --algo portfolio[:...], --jobs */
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

/* Records a livelock: the threads that run for ever, each with its state. */
static por_verdict on_livelock(void *ctx, const por_trace *schedule, por_tset running)
{
    collect *c = ctx;
    char msg[4200], state[1024];
    base_textbuf out = base_textbuf_make(msg, sizeof msg);
    base_textbuf_printf(&out, "livelock: no end state is reachable; running for ever:");
    for (size_t t = 0; t < POR_MAX_THREADS; t++)
        if (running >> t & 1) {
            toy_describe_thread(c->toy, t, state, sizeof state);
            base_textbuf_printf(&out, " %s", state);
        }
    add_violation(c, msg, schedule);
    return POR_VIOLATION;
}

/* ---- Output ---------------------------------------------------------------------------------- */

/* Prints the report of the search with [used]: header, outcomes, violations, statistics. */
static void print_text(const toy_args *a, const por_options *used, const collect *c,
                       const por_result *r)
{
    char order[300];
    por_order_format(&used->order, order, sizeof order);
    printf("%s: %s, order %s, %s%s", a->file, por_algo_name(used->algo), order,
           used->stateless ? "stateless" : "stateful", used->first_error ? ", first error" : "");
    printf(used->workers > 1 ? ", %zu workers\n" : "\n", used->workers);
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

/* Returns the report of the search with [used] as one JSON document (NULL when out of memory). */
static json_t *report_json(const toy_args *a, const por_options *used, const collect *c,
                           const por_result *r)
{
    char order[300];
    por_order_format(&used->order, order, sizeof order);
    return json_pack("{s:s, s:s, s:s, s:b, s:b, s:I, s:s, s:o*, s:o*, s:o*}", "file", a->file,
                     "algorithm", por_algo_name(used->algo), "order", order, "stateless",
                     used->stateless, "first_error", used->first_error, "workers",
                     (json_int_t)(used->workers > 1 ? used->workers : 1), "verdict",
                     verdict_name(verdict_of(r, c->violations.count > 0)), "outcomes",
                     strset_json(&c->outcomes, false), "violations",
                     strset_json(&c->violations, true), "statistics", por_stats_json(r));
}

/* ---- Arguments ------------------------------------------------------------------------------- */

/* The options (see cli_syntax). */
static const cli_option options[] = {
    CLI_OPT_PORTFOLIO_ALGO("dfs"),
    CLI_OPT_JOBS,
    CLI_OPT_WORKERS,
    CLI_OPT_ORDER,
    CLI_OPT_STATELESS,
    {"first-error", NULL, "stop at the first violation", CLI_VALUE_TEXT, NULL, NULL},
    CLI_OPT_MAX_STATES,
    CLI_OPT_TIMEOUT,
    CLI_OPT_MAX_MEMORY,
    CLI_OPT_JSON,
    CLI_OPT_PROGRESS,
    CLI_OPT_NO_PROGRESS,
};

const cli_syntax cli_toy_syntax = {
    "toy",
    "FILE [options]",
    "explore a toy-language program with a search algorithm; print outcomes and statistics",
    options,
    sizeof options / sizeof options[0],
    CLI_SEARCH_STATUS_NOTES,
    false,
    cmd_toy};

/* Takes option [name] with [value] into [a] (a cli_option_fn). */
static bool take_option(void *ctx, const char *name, const char *value)
{
    toy_args *a = ctx;
    if (!name && a->file) {
        fprintf(stderr, "porcheck toy: unexpected argument '%s' (one FILE)\n", value);
        return false;
    }
    if (!name) return a->file = value, true;
    if (cli_portfolio_option(name, value, &a->portfolio)) return true;
    int shared = cli_search_option("toy", name, value, &a->opt);
    if (shared) return shared == 1;
    if (cli_progress_option(name, &a->progress)) return true;
    a->json = value; /* --json */
    return true;
}

/* Reads the command line into [a]; returns CLI_CONTINUE or the exit status. */
static int parse_args(int argc, char **argv, toy_args *a)
{
    memset(a, 0, sizeof *a);
    por_options_init(&a->opt);
    cli_default_max_memory(&a->opt);
    int status = cli_parse(&cli_toy_syntax, argc, argv, take_option, a, NULL);
    if (status != CLI_CONTINUE) return status;
    if (!a->file) return cli_usage_error(&cli_toy_syntax, "missing FILE");
    a->opt.stateless |= por_algo_is_stateless(a->opt.algo);
    return cli_portfolio_finish("toy", &a->portfolio, &a->opt) ? CLI_CONTINUE : EXIT_BAD_INPUT;
}

/* ---- The command ----------------------------------------------------------------------------- */

/* One search of the program: its own copy of the program, what its observer collected, how it
 * failed. */
typedef struct toy_search {
    toy_program *toy;
    collect c;
    por_error err;
} toy_search;

/* The searches of a run: one, or one per member of a portfolio. */
typedef struct toy_run {
    toy_args *a;
    toy_search s[POR_MAX_MEMBERS];
    por_result results[POR_MAX_MEMBERS];
    por_portfolio_result ended;
} toy_run;

/* Opens search [i] of [run]: its copy of the program (the first has cmd_toy's) and its
 * observer; false (its error filled) when the program cannot be read again. */
static bool open_search(toy_run *run, size_t i, por_observer *obs)
{
    toy_search *s = &run->s[i];
    if (!s->toy && toy_load(run->a->file, &s->toy, &s->err) != POR_OK) return false;
    s->c = (collect){s->toy, {0}, {0}, false};
    *obs = (por_observer){&s->c, on_final, on_assert, on_livelock, NULL, NULL};
    return true;
}

/* Searches the program of [ctx] (a toy_run) as search [i] with [opt] on a copy of its own (a
 * por_member_fn); the first search shows the progress line. */
static bool search_toy(void *ctx, size_t i, const por_options *opt, por_result *out)
{
    toy_run *run = ctx;
    toy_search *s = &run->s[i];
    por_observer obs;
    if (!open_search(run, i, &obs)) return false;
    por_options o = *opt;
    o.observer = &obs;
    if (i == 0) cli_progress_attach(&run->a->progress, &o);
    por_lts lts = toy_lts(s->toy);
    bool ok = por_search(&lts, &o, out, &s->err) == POR_OK;
    if (ok && s->c.nomem)
        ok = false, snprintf(s->err.message, sizeof s->err.message, "out of memory");
    return ok;
}

/* Adds the strings of [from] to [to] with their counts (and the schedules of new ones); false
 * when out of memory. */
static bool strset_merge(strset *to, const strset *from)
{
    for (size_t i = 0; i < from->count; i++) {
        bool added;
        entry *e = strset_add(to, from->items[i].text, &added);
        if (!e) return false;
        e->count += from->items[i].count - 1; /* strset_add counted one */
        if (added && from->items[i].schedule &&
            !(e->schedule = dup_string(from->items[i].schedule)))
            return false;
    }
    return true;
}

/* Searches the program with [opt]'s workers over one shared state set into [out]; the findings
 * are merged into the first search's. */
static bool search_parallel(toy_run *run, const por_options *opt, por_result *out)
{
    size_t n = opt->workers;
    por_observer obs[POR_MAX_MEMBERS];
    por_lts lts[POR_MAX_MEMBERS];
    por_worker w[POR_MAX_MEMBERS];
    for (size_t i = 0; i < n; i++) {
        if (!open_search(run, i, &obs[i])) return run->s[0].err = run->s[i].err, false;
        lts[i] = toy_lts(run->s[i].toy);
        w[i] = (por_worker){.lts = &lts[i], .observer = &obs[i]};
    }
    por_options o = *opt;
    cli_progress_attach(&run->a->progress, &o);
    toy_search *first = &run->s[0];
    if (por_search_parallel(w, n, &o, out, &first->err) != POR_OK) return false;
    bool ok = !first->c.nomem;
    for (size_t i = 1; i < n && ok; i++)
        ok = !run->s[i].c.nomem && strset_merge(&first->c.outcomes, &run->s[i].c.outcomes) &&
             strset_merge(&first->c.violations, &run->s[i].c.violations);
    if (!ok) snprintf(first->err.message, sizeof first->err.message, "out of memory");
    return ok;
}

/* Runs the search of [a], or its portfolio, into [run]; returns the search whose result stands,
 * or -1 after one line on stderr. */
static long search_all(toy_args *a, toy_run *run)
{
    run->a = a;
    if (!a->portfolio.text && a->opt.workers > 1) {
        por_options opt = a->opt;
        opt.stop_flag = cli_stop_flag();
        bool ok = search_parallel(run, &opt, &run->results[0]);
        cli_progress_end(&a->progress);
        if (!ok) fprintf(stderr, "porcheck toy: %s: %s\n", a->file, run->s[0].err.message);
        return ok ? 0 : -1;
    }
    if (!a->portfolio.text) {
        por_options opt = a->opt;
        opt.stop_flag = cli_stop_flag();
        bool ok = search_toy(run, 0, &opt, &run->results[0]);
        cli_progress_end(&a->progress);
        if (!ok) fprintf(stderr, "porcheck toy: %s: %s\n", a->file, run->s[0].err.message);
        return ok ? 0 : -1;
    }
    por_error err = {0};
    const por_portfolio *p = &a->portfolio.members;
    por_status st = por_portfolio_run(p, cli_stop_flag(), search_toy, run, &run->ended, &err);
    cli_progress_end(&a->progress);
    for (size_t i = 0; i < p->count; i++) run->results[i] = run->ended.results[i];
    if (st == POR_OK && run->ended.winner < p->count) return (long)run->ended.winner;
    fprintf(stderr, "porcheck toy: %s: %s\n", a->file, st ? err.message : run->s[0].err.message);
    return -1;
}

/* Runs the search of [a] (or its portfolio) on [toy] (taken; a portfolio's other members read
 * copies of their own) and prints the report, writing it to [json] (opened for --json, or
 * NULL); returns the exit status. */
static int run(toy_args *a, toy_program *toy, FILE *json)
{
    toy_run *runs = base_calloc(1, sizeof *runs);
    if (!runs) {
        fprintf(stderr, "porcheck toy: %s: out of memory\n", a->file);
        if (json) cli_discard_output(a->json, json);
        toy_free(toy);
        return EXIT_BAD_INPUT;
    }
    runs->s[0].toy = toy;
    cli_signals_install();
    long w = search_all(a, runs);
    int status = EXIT_BAD_INPUT;
    if (w < 0) {
        if (json) cli_discard_output(a->json, json);
    } else {
        const por_options *used = a->portfolio.text ? &a->portfolio.members.members[w] : &a->opt;
        const collect *c = &runs->s[w].c;
        print_text(a, used, c, &runs->results[w]);
        if (a->portfolio.text) cli_portfolio_print(stdout, &a->portfolio, &runs->ended);
        fflush(stdout);
        status = (int)verdict_of(&runs->results[w], c->violations.count > 0);
        json_t *doc = json ? report_json(a, used, c, &runs->results[w]) : NULL;
        if (doc && a->portfolio.text)
            json_object_set_new(doc, "portfolio", cli_portfolio_json(&a->portfolio, &runs->ended));
        if (json) cli_write_json("toy", a->json, json, doc);
    }
    for (size_t i = 0; i < POR_MAX_MEMBERS; i++) {
        strset_free(&runs->s[i].c.outcomes);
        strset_free(&runs->s[i].c.violations);
        if (runs->s[i].toy) toy_free(runs->s[i].toy);
    }
    base_free(runs);
    return cli_exit_status(status);
}

int cmd_toy(int argc, char **argv)
{
    toy_args a;
    int parsed = parse_args(argc, argv, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    toy_program *toy; /* read before any report opens: a bad program is one line */
    por_error err = {0};
    if (toy_load(a.file, &toy, &err) != POR_OK) {
        fprintf(stderr, "porcheck toy: %s\n", err.message);
        return EXIT_BAD_INPUT;
    }
    FILE *json = NULL;
    if (a.json && !(json = cli_open_output("toy", a.json))) {
        toy_free(toy);
        return EXIT_BAD_INPUT;
    }
    return run(&a, toy, json);
}
