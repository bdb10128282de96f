/* porcheck check: model-checks clients of a data structure from a jar. For each client it prints
 * the verdict, the outcomes the end states gave (with how many end states gave each), the
 * unexpected ones, and for each violation the schedule that reproduces it replayed as an
 * interleaving table; then the search statistics. --replay runs one schedule of one client. */
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "clients.h"
#include "commands.h"

/* The most --visible prefixes; the longest replay command prefix (longer: no replay lines). */
enum { MAX_VISIBLE = 64, MAX_COMMAND = 8192 };

/* Command-line settings. */
typedef struct check_args {
    const char *spec, *client, *clients, *jar, *json, *html, *replay, *oracle;
    const char *visible[MAX_VISIBLE];
    char command[MAX_COMMAND]; /* the command line without the options a replay drops */
    base_textbuf command_out;  /* writes [command] */
    verdict_check_options opt;
    cli_progress progress;
    cli_portfolio portfolio; /* --algo portfolio[:...], --jobs */
    base_arena strings;      /* copies of the --visible values, cut at their commas */
    bool minimise;           /* after a violation, look for the smallest client that still fails */
    harness_binding *bindings; /* how each spec method is bound to the class (base_free) */
} check_args;

/* The options (see cli_syntax). */
_Static_assert(VERDICT_STRUCTURE_THREADS == 4, "--max-threads's help gives the default");
static const cli_option options[] = {
    {"jar", "J", "jar(s) holding the class under test, ':'-separated", CLI_VALUE_FILE, NULL, NULL},
    CLI_OPT_SPEC,
    CLI_OPT_CLIENT,
    CLI_OPT_CLIENTS,
    CLI_OPT_PORTFOLIO_ALGO("dl-s-por"),
    CLI_OPT_JOBS,
    CLI_OPT_WORKERS,
    {"classifier", "K",
     "safe or jpf scheduling points (default: jpf for the\n"
     "DPOR and *jpf algorithms, else safe)",
     CLI_VALUE_WORDS, "safe jpf", NULL},
    {"visible", "P,...",
     "narrow the safe classifier's visible set to these classes\n"
     "or packages (default: the spec's, else every class);\n"
     "races on what it leaves out widen it again",
     CLI_VALUE_TEXT, NULL, NULL},
    CLI_OPT_ORDER,
    {"first-error", NULL, "stop each client's search at its first violation", CLI_VALUE_TEXT, NULL,
     NULL},
    CLI_OPT_STATELESS,
    CLI_OPT_HEAP_SYMMETRY,
    CLI_OPT_EXACT_STATES,
    {"oracle", "O",
     "expected outcomes from impl (the class run sequentially,\n"
     "default) or adt (the spec's ADT model; also reports where\n"
     "the class run sequentially disagrees with it)",
     CLI_VALUE_WORDS, "impl adt", NULL},
    CLI_OPT_MAX_STATES,
    CLI_OPT_TIMEOUT,
    CLI_OPT_MAX_MEMORY,
    {"max-threads", "N",
     "the most threads a client's program may have: the\n"
     "harness's main, one per client thread and those the\n"
     "structure starts (1 to " VM_MAX_THREADS_TEXT "; default: the harness's and 4)",
     CLI_VALUE_TEXT, NULL, NULL},
    {"json", "OUT",
     "also write the report as JSON to OUT ('-': stdout, and the\n"
     "text report goes to stderr); opened before the first\n"
     "client (exit 2 when it cannot be); when writing it fails\n"
     "at the end the exit status stays the verdict's",
     CLI_VALUE_FILE, NULL, NULL},
    {"html", "OUT",
     "also write the report as one self-contained HTML page to\n"
     "OUT ('-': stdout): the outcomes, each violation's\n"
     "interleaving as a timeline per thread, the command that\n"
     "replays it, the statistics",
     CLI_VALUE_FILE, NULL, NULL},
    CLI_OPT_PROGRESS,
    CLI_OPT_NO_PROGRESS,
    {"trace-format", "F",
     "how interleavings are printed: table (one column per\n"
     "thread, wrapped to 120 columns; the default), list (one\n"
     "action per line, with Class.method(File.java:line)) or\n"
     "json",
     CLI_VALUE_WORDS, "table list json", NULL},
    {"max-traces", "N",
     "replay and print at most N violations per client, each a\n"
     "distinct unexpected outcome, deadlock, livelock or exception\n"
     "(default 3; 0: none)",
     CLI_VALUE_TEXT, NULL, NULL},
    {"minimize", NULL,
     "after a violation, remove each invocation whose removal\n"
     "keeps a violation, and report the smallest failing client\n"
     "first, then the original (the default)",
     CLI_VALUE_TEXT, NULL, NULL},
    {"no-minimize", NULL, "report the client as it is", CLI_VALUE_TEXT, NULL, NULL},
    {"replay", "SCHEDULE",
     "run one schedule (as a report prints it) of the one\n"
     "client and print its interleaving table",
     CLI_VALUE_TEXT, NULL, NULL},
    CLI_OPT_JDK,
};

const cli_syntax cli_check_syntax = {
    "check",
    "--jar J --spec S (--client C | --clients FILE) [options]",
    "model-check clients of a data structure: verdicts, unexpected outcomes, interleavings",
    options,
    sizeof options / sizeof options[0],
    "An end state where threads are blocked is ok when some linearization leaves exactly\n"
    "those invocations blocked (a blocked outcome, e.g. (1, blocked, not run)), else a\n"
    "deadlock. A state from which no end state can be reached (threads spinning for ever) is\n"
    "a livelock. A bad line of a clients file is an error row; the other clients are checked.\n"
    "SIGINT, SIGTERM or SIGHUP stops the search: the current client is reported\n"
    "(incomplete), the rest are not checked, the summary and --json are written.\n"
    "exit status: 0 every client explored completely and ok; 1 a violation (an unexpected\n"
    "outcome, a deadlock no linearization explains, a livelock, an uncaught exception), also\n"
    "when the search was then stopped; 2 bad input (a bad spec, jar or option; or an error\n"
    "row and no violation); 3 incomplete (a search stopped by --timeout, --max-states or\n"
    "--max-memory, no violation); 128 + N after signal N\n",
    false,
    cmd_check};

/* Reports a bad option value (printf-style [fmt] with [value]); returns false. */
static bool bad(const char *fmt, const char *value)
{
    fprintf(stderr, "porcheck check: ");
    fprintf(stderr, fmt, value);
    fprintf(stderr, "\n");
    return false;
}

/* Parses --classifier. */
static bool classifier_option(check_args *a, const char *value)
{
    if (!strcmp(value, "safe"))
        a->opt.classifier = VERDICT_CLASSIFY_SAFE;
    else if (!strcmp(value, "jpf"))
        a->opt.classifier = VERDICT_CLASSIFY_JPF;
    else
        return bad("unknown classifier '%s' (safe or jpf)", value);
    return true;
}

/* Adds the comma-separated class names or prefixes of [value] to the visible set of [a]. */
static bool add_visible(check_args *a, const char *value)
{
    char *copy = base_arena_strndup(&a->strings, value, strlen(value));
    if (!copy) return bad("out of memory%s", "");
    for (char *p = strtok(copy, ","); p; p = strtok(NULL, ",")) {
        if (a->opt.visible_count == MAX_VISIBLE) return bad("too many --visible entries%s", "");
        a->visible[a->opt.visible_count++] = p;
    }
    a->opt.visible = a->visible;
    return true;
}

/* Parses --trace-format. */
static bool trace_format_option(check_args *a, const char *value)
{
    static const char *const names[] = {"table", "list", "json"};
    for (size_t i = 0; i < 3; i++)
        if (!strcmp(value, names[i])) return a->opt.trace_format = (verdict_trace_format)i, true;
    return bad("unknown trace format '%s' (table, list or json)", value);
}

/* Parses --max-traces (0: none, which no_traces records). */
static bool max_traces_option(check_args *a, const char *value)
{
    double v;
    if (!cli_parse_number(value, &v) || v != (double)(size_t)v || v > 1000)
        return bad("--max-traces: expected a whole number from 0 to 1000, got '%s'", value);
    a->opt.max_traced = (size_t)v;
    a->opt.no_traces = v == 0;
    return true;
}

/* Adds option [name] with [value] to the replay command of [a] unless a replay has no use for it
 * (what to check and report, the limits of the search) or sets it itself (--visible). */
static void keep_for_replay(check_args *a, const char *name, const char *value)
{
    static const char *const dropped[] = {
        "client",      "clients", "json",        "html",    "replay",     "max-traces", "minimize",
        "no-minimize", "visible", "first-error", "timeout", "max-states", "max-memory", "progress",
        "no-progress", "algo",    "classifier",  "order",   "jobs",       "workers"};
    for (size_t i = 0; i < sizeof dropped / sizeof dropped[0]; i++)
        if (!strcmp(name, dropped[i])) return;
    base_textbuf_printf(&a->command_out, " --%s", name);
    if (value)
        base_textbuf_printf(&a->command_out, " "), base_textbuf_shell_word(&a->command_out, value);
}

/* Takes option [name] with [value] into [a] (a cli_option_fn). */
static bool take_option(void *ctx, const char *name, const char *value)
{
    check_args *a = ctx;
    if (!name) return bad("unexpected argument '%s' (see porcheck check --help)", value);
    keep_for_replay(a, name, value);
    if (cli_portfolio_option(name, value, &a->portfolio)) return true;
    int shared = cli_jdk_option("check", name, value);
    if (!shared) shared = cli_search_option("check", name, value, &a->opt.search);
    if (shared) return shared == 1;
    if (cli_progress_option(name, &a->progress)) return true;
    if (!strcmp(name, "heap-symmetry")) return a->opt.heap_symmetry = true;
    if (!strcmp(name, "exact-states")) return a->opt.exact_states = true;
    if (!strcmp(name, "minimize")) return a->minimise = true;
    if (!strcmp(name, "no-minimize")) return a->minimise = false, true;
    if (!strcmp(name, "classifier")) return classifier_option(a, value);
    if (!strcmp(name, "visible")) return add_visible(a, value);
    if (!strcmp(name, "trace-format")) return trace_format_option(a, value);
    if (!strcmp(name, "max-traces")) return max_traces_option(a, value);
    if (!strcmp(name, "max-threads"))
        return cli_max_threads_option("check", value, &a->opt.max_threads);
    const char **slot = !strcmp(name, "spec")      ? &a->spec
                        : !strcmp(name, "client")  ? &a->client
                        : !strcmp(name, "clients") ? &a->clients
                        : !strcmp(name, "jar")     ? &a->jar
                        : !strcmp(name, "json")    ? &a->json
                        : !strcmp(name, "html")    ? &a->html
                        : !strcmp(name, "replay")  ? &a->replay
                                                   : &a->oracle;
    *slot = value;
    return true;
}

/* Checks what the options say together; false after one line on stderr. */
static bool check_args_agree(check_args *a)
{
    const char *missing = !a->jar                     ? "missing --jar J"
                          : !a->spec                  ? "missing --spec S"
                          : !a->client && !a->clients ? "missing --client C or --clients FILE"
                          : a->client && a->clients   ? "--client and --clients together"
                                                      : NULL;
    if (missing) return cli_usage_error(&cli_check_syntax, missing), false;
    client_error err = {0};
    if (harness_classpath_check(a->jar, &err) != CLIENT_OK) return bad("%s", err.message);
    if (a->json && a->html && !strcmp(a->json, "-") && !strcmp(a->html, "-"))
        return bad("%s", "--json and --html cannot both write to stdout ('-')");
    if (a->oracle && strcmp(a->oracle, "impl") && strcmp(a->oracle, "adt"))
        return bad("unknown oracle '%s' (impl or adt)", a->oracle);
    a->opt.oracle_adt = a->oracle && !strcmp(a->oracle, "adt");
    a->opt.search.stateless |= por_algo_is_stateless(a->opt.search.algo);
    if (!cli_portfolio_finish("check", &a->portfolio, &a->opt.search)) return false;
    if (a->opt.exact_states && a->opt.search.workers > 1) return bad("%s", CLI_WORKERS_EXACT);
    const por_portfolio *p = &a->portfolio.members;
    for (size_t i = 0; i < (a->portfolio.text ? p->count : 1); i++) { /* each member's search */
        verdict_check_options m = a->opt;
        if (a->portfolio.text) m.search = p->members[i];
        if (m.visible_count && verdict_check_classifier(&m) == VERDICT_CLASSIFY_JPF)
            return bad("%s", "--visible applies to the safe classifier only");
        if (m.heap_symmetry &&
            !cli_heap_symmetry_allows("check", m.search.algo, m.search.stateless))
            return false;
    }
    a->opt.impl.classpath = a->jar;
    a->opt.replay_command = a->command_out.len < sizeof a->command ? a->command : NULL;
    return true;
}

/* Reads the command line into [a]; returns CLI_CONTINUE or the exit status. */
static int parse_args(int argc, char **argv, check_args *a)
{
    memset(a, 0, sizeof *a);
    base_arena_init(&a->strings);
    por_options_init(&a->opt.search);
    cli_default_max_memory(&a->opt.search);
    a->opt.search.algo = POR_ALGO_DL_SPOR;
    a->minimise = true;
    a->command_out = base_textbuf_make(a->command, sizeof a->command);
    base_textbuf_shell_word(&a->command_out, cli_program);
    base_textbuf_printf(&a->command_out, " check");
    int status = cli_parse(&cli_check_syntax, argc, argv, take_option, a, NULL);
    if (status == CLI_CONTINUE && !check_args_agree(a)) status = EXIT_BAD_INPUT;
    return status;
}

/* ---- Tally ----------------------------------------------------------------------------------- */

/* How the clients of a run ended, for the summary and the exit status. */
typedef struct tally {
    size_t ok, violations, incomplete, errors, unchecked;
    int status; /* the exit status so far */
} tally;

/* Returns the algorithm of [a] as the report names it: its name, or the portfolio asked for. */
static const char *algorithm_name(const check_args *a)
{
    return a->portfolio.text ? a->portfolio.text : por_algo_name(a->opt.search.algo);
}

/* Returns the JSON document with the client [reports] and the summary [t]. */
static json_t *report_json(const check_args *a, const client_spec *spec, json_t *reports,
                           const tally *t)
{
    size_t clients = t->ok + t->violations + t->incomplete + t->errors + t->unchecked;
    json_t *doc =
        json_pack("{ss ss ss ss sI ss ss sb sb sO s{sIsIsIsIsIsI}}", "spec", a->spec, "class",
                  spec->class_name, "jar", a->jar, "algorithm", algorithm_name(a), "workers",
                  (json_int_t)(a->opt.search.workers > 1 ? a->opt.search.workers : 1), "classifier",
                  verdict_classifier_name(verdict_check_classifier(&a->opt)), "oracle",
                  a->opt.oracle_adt ? "adt" : "impl", "heap_symmetry", a->opt.heap_symmetry,
                  "exact_states", a->opt.exact_states, "clients", reports, "summary", "clients",
                  (json_int_t)clients, "ok", (json_int_t)t->ok, "violations",
                  (json_int_t)t->violations, "incomplete", (json_int_t)t->incomplete, "errors",
                  (json_int_t)t->errors, "not_checked", (json_int_t)t->unchecked);
    if (doc && a->bindings)
        json_object_set_new(doc, "bindings", cli_bindings_json(spec, a->bindings));
    if (doc && cli_signal_received())
        json_object_set_new(doc, "signal", json_string(cli_signal_name(cli_signal_received())));
    return doc;
}

/* ---- Running --------------------------------------------------------------------------------- */

/* Returns the name of the stopping signal received, or NULL. */
static const char *signal_name(void)
{
    return cli_signal_received() ? cli_signal_name(cli_signal_received()) : NULL;
}

/* Prints [err] of client [i] of [list] on stderr as one line "porcheck check: ORIGIN:LINE: ...". */
static void print_client_error(const check_args *a, const client_list *list, size_t i,
                               const client_error *err)
{
    size_t n = strlen(a->spec);
    bool named = !strncmp(err->message, a->spec, n) && err->message[n] == ':';
    if (err->status == CLIENT_ERR_SPEC && named)
        fprintf(stderr, "porcheck check: %s\n", err->message);
    else if (err->status == CLIENT_ERR_SPEC)
        fprintf(stderr, "porcheck check: %s: %s\n", a->spec, err->message);
    else
        fprintf(stderr, "porcheck check: %s:%zu: %s\n", a->clients ? a->clients : "--client",
                list->lines[i], err->message);
}

/* Reports [err] for client [i] of [list]; returns the bad-input status. */
static int client_error_exit(const check_args *a, const client_list *list, size_t i,
                             const client_error *err)
{
    print_client_error(a, list, i, err);
    return EXIT_BAD_INPUT;
}

/* Returns " on N workers" for a parallel search of [workers] workers, else "". */
static const char *workers_text(size_t workers)
{
    static _Thread_local char text[48];
    if (workers < 2) return "";
    snprintf(text, sizeof text, " on %zu workers", workers);
    return text;
}

/* Prints the first line of the report. */
static void print_title(const check_args *a, const client_spec *spec)
{
    printf("porcheck check: %s from %s (algorithm %s%s, classifier %s%s, oracle %s)\n",
           spec->class_name, a->jar, algorithm_name(a), workers_text(a->opt.search.workers),
           verdict_classifier_name(verdict_check_classifier(&a->opt)),
           a->opt.search.stateless ? ", stateless" : "",
           a->opt.oracle_adt ? "adt" : "implementation");
    cli_print_bindings(stdout, spec, a->bindings);
}

/* Reports client [i] of [list] as an error row with [message] (text, JSON into [reports] and
 * [t]). */
static void error_row(const client_list *list, size_t i, const char *message, json_t *reports,
                      tally *t)
{
    if (!list->items[i]) printf("\n");
    printf("client %zu (line %zu): error: %s\n", i + 1, list->lines[i], message);
    t->errors++;
    t->status = cli_worse_status(t->status, EXIT_BAD_INPUT);
    if (!reports) return;
    json_t *j = json_pack("{sIssss}", "line", (json_int_t)list->lines[i], "verdict", "error",
                          "message", message);
    if (j && list->items[i]) {
        char text[16384];
        client_format(list->items[i], text, sizeof text);
        json_object_set_new(j, "client", json_string(text));
    }
    json_array_append_new(reports, j);
}

/* Counts and records the result [r] of client [i] of [list], checked as [opt] says, in [t] and
 * [reports]. */
static void tally_result(const client_list *list, size_t i, const verdict_check_options *opt,
                         const verdict_check_result *r, json_t *reports, tally *t)
{
    int status = (int)verdict_check_verdict(r);
    t->ok += status == EXIT_PASS;
    t->violations += status == EXIT_VIOLATION;
    t->incomplete += status == EXIT_INCOMPLETE;
    t->status = cli_worse_status(t->status, status);
    if (reports)
        json_array_append_new(reports, verdict_check_json(list->items[i], opt, r, list->lines[i]));
}

/* ---- Minimising ------------------------------------------------------------------------------ */

/* Returns client [text] of [spec] when a search as [a] says (stopping at the first violation)
 * finds a violation in it, else NULL. */
static client *still_fails(const check_args *a, const client_spec *spec, const char *text)
{
    client *c = NULL;
    client_error err = {0};
    client_source src = {"minimised client", 1};
    if (client_parse(spec, text, &src, &c, &err) != CLIENT_OK) return NULL;
    verdict_check_options opt = a->opt;
    opt.search.first_error = true;
    opt.no_traces = true;
    opt.search.stop_flag = cli_stop_flag();
    verdict_check_result r;
    bool failed = false;
    if (verdict_check(c, &opt, &r, &err) == CLIENT_OK) {
        failed = verdict_check_violated(&r);
        verdict_check_result_free(&r);
    }
    if (!failed) client_free(c), c = NULL;
    return c;
}

/* Removes invocations from [c] one at a time, keeping each removal after which a violation
 * remains, until no single one can go (a thread left empty goes too); returns the smallest
 * failing client (owned), or NULL when no invocation could be removed. */
static client *minimise(const check_args *a, const client *c)
{
    client *best = NULL;
    char text[16384];
    for (bool smaller = true; smaller && !cli_signal_received();) {
        smaller = false;
        const client *cur = best ? best : c;
        for (size_t i = 0; i < cur->invocation_count && !cli_signal_received(); i++) {
            size_t n = client_format_without(cur, i, text, sizeof text);
            client *fails = n && n < sizeof text ? still_fails(a, c->spec, text) : NULL;
            if (!fails) continue;
            client_free(best); /* [cur] may be [best]: leave its loop now */
            best = fails;
            smaller = true;
            break;
        }
    }
    return best;
}

/* Prints the smallest failing client found from [c] with its report, or that none is smaller;
 * records it in the JSON report [j] of the original. */
static void report_minimised(check_args *a, const client *c, json_t *j)
{
    fprintf(stdout, "minimising: removing invocations while a violation remains...\n");
    fflush(stdout);
    client *m = minimise(a, c);
    if (!m) {
        printf("minimised: no invocation can be removed; the report of the client follows\n");
        return;
    }
    char text[16384];
    client_format(m, text, sizeof text);
    if (j) json_object_set_new(j, "minimised", json_string(text));
    printf("minimised: %zu thread%s, %zu invocation%s (the client has %zu, %zu): %s\n",
           m->thread_count, m->thread_count == 1 ? "" : "s", m->invocation_count,
           m->invocation_count == 1 ? "" : "s", c->thread_count, c->invocation_count, text);
    verdict_check_options opt = a->opt;
    opt.search.first_error = true;
    opt.search.stop_flag = cli_stop_flag();
    verdict_check_result r;
    client_error err = {0};
    if (verdict_check(m, &opt, &r, &err) == CLIENT_OK) {
        verdict_check_print_header(stdout, m, 0);
        verdict_check_print(stdout, m, &opt, &r, NULL);
        if (j) json_object_set_new(j, "minimised_report", verdict_check_json(m, &opt, &r, 0));
        verdict_check_result_free(&r);
    }
    client_free(m);
    printf("\nthe original client:\n");
}

/* ---- Portfolio ------------------------------------------------------------------------------- */

/* A client checked by every member of a portfolio at once. */
typedef struct portfolio_check {
    check_args *a;
    const client *c;
    verdict_expected expected; /* the client's linearizable outcomes, computed once for all */
    verdict_check_result results[POR_MAX_MEMBERS];
    client_error errors[POR_MAX_MEMBERS];
    client_status status[POR_MAX_MEMBERS];
    por_portfolio_result ended;
} portfolio_check;

/* Checks the client of [ctx] (a portfolio_check) as member [i] with [search] (a por_member_fn);
 * the first member shows the progress line. */
static bool check_member(void *ctx, size_t i, const por_options *search, por_result *out)
{
    portfolio_check *p = ctx;
    verdict_check_options opt = p->a->opt;
    opt.search = *search;
    if (i == 0) cli_progress_attach(&p->a->progress, &opt.search);
    p->status[i] = verdict_check_expecting(p->c, &opt, &p->expected, &p->results[i], &p->errors[i]);
    if (p->status[i] == CLIENT_OK) *out = p->results[i].search;
    return p->status[i] == CLIENT_OK;
}

/* Checks [c] with the portfolio of [a] into [r] (the result that gives the verdict) and [*run]
 * (how every member ended; freed by the caller); fills [err] when every member failed. */
static client_status check_portfolio(check_args *a, const client *c, verdict_check_result *r,
                                     portfolio_check **run, client_error *err)
{
    portfolio_check *p = *run = base_calloc(1, sizeof *p);
    if (!p) return client_fail(err, CLIENT_ERR_NOMEM, "out of memory");
    p->a = a;
    p->c = c;
    const por_portfolio *members = &a->portfolio.members;
    client_status st = verdict_expected_outcomes(c, &a->opt, &p->expected, err);
    if (st) return st;
    por_error perr = {0};
    bool ran =
        por_portfolio_run(members, cli_stop_flag(), check_member, p, &p->ended, &perr) == POR_OK;
    verdict_expected_free(&p->expected);
    if (!ran) return client_fail(err, CLIENT_ERR_NOMEM, "%s", perr.message);
    size_t w = p->ended.winner;
    for (size_t i = 0; i < members->count; i++)
        if (i != w && p->ended.started[i] && p->status[i] == CLIENT_OK)
            verdict_check_result_free(&p->results[i]);
    if (w < members->count) return *r = p->results[w], CLIENT_OK;
    *err = p->errors[0];
    return p->status[0];
}

/* Checks client [i] of [list], printing its header first and then its report; false (after one
 * line on stderr) when the spec turns out to be bad input. */
static bool check_one(check_args *a, const client_list *list, size_t i, json_t *reports, tally *t)
{
    const client *c = list->items[i];
    if (!c) {
        fprintf(stderr, "porcheck check: %s\n", list->errors[i]);
        return error_row(list, i, list->errors[i], reports, t), true;
    }
    verdict_check_print_header(stdout, c, i);
    fflush(stdout);
    verdict_check_options opt = a->opt;
    opt.search.stop_flag = cli_stop_flag();
    cli_progress_attach(&a->progress, &opt.search);
    verdict_check_result r;
    client_error err = {0};
    portfolio_check *run = NULL;
    client_status st = a->portfolio.text ? check_portfolio(a, c, &r, &run, &err)
                                         : verdict_check(c, &opt, &r, &err);
    cli_progress_end(&a->progress);
    if (st != CLIENT_OK && err.status == CLIENT_ERR_SPEC)
        return base_free(run), client_error_exit(a, list, i, &err), false;
    if (st != CLIENT_OK) {
        print_client_error(a, list, i, &err);
        return base_free(run), error_row(list, i, err.message, reports, t), true;
    }
    size_t before = reports ? json_array_size(reports) : 0;
    tally_result(list, i, &opt, &r, reports, t);
    if (run && reports)
        json_object_set_new(json_array_get(reports, before), "portfolio",
                            cli_portfolio_json(&a->portfolio, &run->ended));
    bool violated = verdict_check_violated(&r) && !cli_signal_received();
    if (a->minimise && violated)
        report_minimised(a, c, reports ? json_array_get(reports, before) : NULL);
    verdict_check_print(stdout, c, &a->opt, &r, signal_name());
    if (run) cli_portfolio_print(stdout, &a->portfolio, &run->ended);
    verdict_check_result_free(&r);
    base_free(run);
    return true;
}

/* Prints the summary line of [t] for [count] clients. */
static void print_summary(size_t count, const tally *t)
{
    printf("\nsummary: %zu client%s, %zu ok, %zu with a violation, %zu incomplete, %zu error%s",
           count, count == 1 ? "" : "s", t->ok, t->violations, t->incomplete, t->errors,
           t->errors == 1 ? "" : "s");
    if (t->unchecked)
        printf(", %zu not checked (stopped by %s)", t->unchecked,
               cli_signal_name(cli_signal_received()));
    printf("\n");
    fflush(stdout);
}

/* The report files of a run: --json's and --html's, each NULL when not asked for. */
typedef struct report_files {
    FILE *json, *html;
} report_files;

/* Opens the report files [a] asks for into [out]; false (after one line on stderr, with none
 * left open) when one cannot be. */
static bool open_reports(const check_args *a, report_files *out)
{
    *out = (report_files){0};
    if (a->json && !(out->json = cli_open_output("check", a->json))) return false;
    if (a->html && !(out->html = cli_open_output("check", a->html))) {
        if (out->json) cli_discard_output(a->json, out->json);
        return false;
    }
    return true;
}

/* Writes the report document of [a], [spec], [reports] and [t] into [files] and closes them. */
static void write_reports(const check_args *a, const client_spec *spec, json_t *reports,
                          const tally *t, const report_files *files)
{
    json_t *doc = report_json(a, spec, reports, t);
    if (files->html) cli_write_html("check", a->html, files->html, doc);
    if (files->json) cli_write_json("check", a->json, files->json, json_incref(doc));
    json_decref(doc);
}

/* Checks the clients of [list], printing each report and the summary, writing the report
 * [files]; returns the exit status. */
static int run_check(check_args *a, const client_spec *spec, const client_list *list,
                     const report_files *files)
{
    tally t = {0};
    json_t *reports = files->json || files->html ? json_array() : NULL;
    cli_signals_install();
    print_title(a, spec);
    fflush(stdout);
    size_t i = 0;
    for (; i < list->count && !cli_signal_received(); i++)
        if (!check_one(a, list, i, reports, &t)) break;
    if (i < list->count && !cli_signal_received()) { /* a bad spec: no summary, no report */
        json_decref(reports);
        if (files->json) cli_discard_output(a->json, files->json);
        if (files->html) cli_discard_output(a->html, files->html);
        return EXIT_BAD_INPUT;
    }
    t.unchecked = list->count - i;
    print_summary(list->count, &t);
    if (reports) write_reports(a, spec, reports, &t, files);
    json_decref(reports);
    return cli_exit_status(t.status);
}

/* ---- Replay ---------------------------------------------------------------------------------- */

/* --replay: runs one schedule of the single client of [list]; returns the exit status. */
static int run_replay(const check_args *a, const client_list *list)
{
    client_error err = {0};
    if (list->count != 1) {
        fprintf(stderr, "porcheck check: --replay needs exactly one client, %s has %zu\n",
                a->clients, list->count);
        return EXIT_BAD_INPUT;
    }
    const client *c = list->items[0];
    if (!c) {
        fprintf(stderr, "porcheck check: %s\n", list->errors[0]);
        return EXIT_BAD_INPUT;
    }
    uint8_t *schedule = NULL;
    size_t length = 0;
    verdict_expected e = {0};
    verdict_trace tr = {0};
    if (verdict_schedule_parse(a->replay, &schedule, &length, &err) != CLIENT_OK) {
        fprintf(stderr, "porcheck check: --replay: %s\n", err.message);
        return EXIT_BAD_INPUT;
    }
    int status = EXIT_BAD_INPUT;
    verdict_check_options opt = a->opt;
    bool expected = verdict_expected_outcomes(c, &opt, &e, &err) == CLIENT_OK;
    opt.preinit = (const char *const *)e.preinit; /* as the search had them */
    opt.preinit_count = e.preinit_count;
    if (!expected || verdict_check_replay(c, &opt, schedule, length, &tr, &err) != CLIENT_OK) {
        client_error_exit(a, list, 0, &err);
    } else {
        status = (int)verdict_check_print_replay(stdout, c, &tr, length, &e, opt.trace_format);
    }
    verdict_trace_free(&tr);
    verdict_expected_free(&e);
    base_free(schedule);
    return status;
}

/* ---- The command ----------------------------------------------------------------------------- */

/* Loads the spec and clients of [a] and checks them (or replays one); returns the exit status. */
static int check_clients(check_args *a)
{
    client_spec *spec = NULL;
    client_list list = {0};
    if (!cli_load_clients(
            &(cli_input){"check", a->spec, a->clients, a->client, &a->opt.impl, &a->bindings},
            &spec, &list))
        return EXIT_BAD_INPUT;
    harness_unlooped_waits(a->opt.impl.classpath, spec->class_name, cli_warn, "check");
    report_files files;
    int status = EXIT_BAD_INPUT;
    if (!list.count)
        fprintf(stderr, "porcheck check: %s: no clients\n", a->clients ? a->clients : "--client");
    else if (a->replay)
        status = run_replay(a, &list);
    else if (open_reports(a, &files))
        status = run_check(a, spec, &list, &files);
    client_list_free(&list);
    client_spec_free(spec);
    base_free(a->bindings);
    return status;
}

int cmd_check(int argc, char **argv)
{
    check_args a;
    int status = parse_args(argc, argv, &a);
    if (status == CLI_CONTINUE) status = check_clients(&a);
    base_arena_release(&a.strings);
    return status;
}
