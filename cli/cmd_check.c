/* porcheck check: model-checks clients of a data structure from a jar. For each client it prints
 * the verdict, the outcomes the end states gave (with how many end states gave each), the
 * unexpected ones, and for each violation the schedule that reproduces it replayed as an
 * interleaving table; then the search statistics. --replay runs one schedule of one client. */
#include <stdlib.h>
#include <string.h>

#include "clients.h"
#include "commands.h"

/* The most --visible prefixes. */
enum { MAX_VISIBLE = 64 };

/* Command-line settings. */
typedef struct check_args {
    const char *spec, *client, *clients, *jar, *json, *replay, *oracle;
    const char *visible[MAX_VISIBLE];
    verdict_check_options opt;
    cli_progress progress;
} check_args;

/* Result of reading the arguments. */
typedef enum args_status { ARGS_OK, ARGS_USAGE, ARGS_REPORTED, ARGS_HELP } args_status;

/* The usage lines and what every option does. */
static const char help_text[] =
    "usage: porcheck check --jar J --spec S (--client C | --clients FILE) [--algo A]\n"
    "       [--classifier safe|jpf] [--visible P,...] [--order seq:PERM|random:SEED]\n"
    "       [--first-error] [--stateless] [--heap-symmetry] [--exact-states]\n"
    "       [--oracle impl|adt]\n"
    "       [--max-states N] [--timeout S] [--max-memory MB] [--json OUT] [--replay SCHEDULE]\n"
    "       [--progress | --no-progress] [--jdk DIR | --model-library] [--jdk-locks]\n"
    "options:\n"
    "  --jar J               jar(s) holding the class under test, ':'-separated\n"
    "  --spec S              the class's spec (Violat's JSON format)\n"
    "  --client C            one client, e.g. '{ add(1) } || { remove(1) }'\n"
    "  --clients FILE        clients, one per line ('#' comments, blank lines)\n"
    "  --algo A              dfs, jpf, s-por, de-s-por, dl-s-por (default), de-jpf, dl-jpf,\n"
    "                        dpor, source-dpor, optimal-dpor, o-dpor, cartesian\n"
    "  --classifier K        safe or jpf scheduling points (default: jpf for the *jpf\n"
    "                        algorithms, else safe)\n"
    "  --visible P,...       narrow the safe classifier's visible set to these classes or\n"
    "                        packages (default: the spec's, else every class); races on\n"
    "                        what it leaves out widen it again\n"
    "  --order O             seq:PERM (thread ids, default identity) or random:SEED\n"
    "  --first-error         stop each client's search at its first violation\n"
    "  --stateless           no state matching\n"
    "  --heap-symmetry       states that differ only in the names of their objects are one\n"
    "                        state (not with --stateless DE/DL; slower per state)\n"
    "  --exact-states        keep every state's serialisation and compare bytes on\n"
    "                        fingerprint hits (rules out hash collisions; more memory)\n"
    "  --oracle O            expected outcomes from impl (the class run sequentially, default)\n"
    "                        or adt (the spec's ADT model; also reports where the class\n"
    "                        run sequentially disagrees with it)\n"
    "  --max-states N        stop a search after N states\n"
    "  --timeout S           stop a search after S seconds\n"
    "  --max-memory MB       stop a search above MB megabytes\n"
    "  --json OUT            also write the report as JSON to OUT (opened before the first\n"
    "                        client: exit 2 when it cannot be; when writing it fails at the\n"
    "                        end the exit status stays the verdict's and stderr says so)\n"
    "  --progress            a progress line on stderr about once a second (default: only\n"
    "                        when stderr is a terminal); --no-progress: never\n"
    "  --replay SCHEDULE     run one schedule (as a report prints it) of the one client and\n"
    "                        print its interleaving table\n" CLI_JDK_USAGE
    "An end state where threads are blocked is ok when some linearization leaves exactly\n"
    "those invocations blocked (a blocked outcome, e.g. (1, blocked, not run)), else a\n"
    "deadlock. A bad line of a clients file is an error row; the other clients are checked.\n"
    "SIGINT, SIGTERM or SIGHUP stops the search: the current client is reported\n"
    "(incomplete), the rest are not checked, the summary and --json are written.\n"
    "exit status: 0 every client explored completely and ok; 1 a violation (an unexpected\n"
    "outcome, a deadlock no linearization explains, an uncaught exception), also when the\n"
    "search was then stopped; 2 bad input (a bad spec, jar or option; or an error row and no\n"
    "violation); 3 incomplete (a search stopped by --timeout, --max-states or --max-memory,\n"
    "no violation); 128 + N after signal N\n";

/* Prints the usage lines; returns the bad-input status. */
static int usage(void)
{
    fputs(help_text, stderr);
    return EXIT_BAD_INPUT;
}

/* Reports a bad option value (printf-style [fmt] with [value]). */
static args_status bad(const char *fmt, const char *value)
{
    fprintf(stderr, "porcheck check: ");
    fprintf(stderr, fmt, value);
    fprintf(stderr, "\n");
    return ARGS_REPORTED;
}

/* Parses an option with a non-negative number. */
static args_status number_option(check_args *a, const char *name, const char *value)
{
    return cli_set_limit("check", &a->opt.search, name, value) ? ARGS_OK : ARGS_REPORTED;
}

/* Parses --algo, --order and --classifier. */
static args_status search_option(check_args *a, const char *name, const char *value)
{
    por_error err = {0};
    if (!strcmp(name, "--classifier")) {
        if (!strcmp(value, "safe"))
            a->opt.classifier = VERDICT_CLASSIFY_SAFE;
        else if (!strcmp(value, "jpf"))
            a->opt.classifier = VERDICT_CLASSIFY_JPF;
        else
            return bad("unknown classifier '%s' (safe or jpf)", value);
        return ARGS_OK;
    }
    por_status s = !strcmp(name, "--algo") ? por_algo_parse(value, &a->opt.search.algo, &err)
                                           : por_order_parse(value, &a->opt.search.order, &err);
    return s == POR_OK ? ARGS_OK : bad("%s", err.message);
}

/* Adds the comma-separated class names or prefixes of [value] to the visible set of [a]. */
static args_status add_visible(check_args *a, char *value)
{
    for (char *p = strtok(value, ","); p; p = strtok(NULL, ",")) {
        if (a->opt.visible_count == MAX_VISIBLE) return bad("too many --visible entries%s", "");
        a->visible[a->opt.visible_count++] = p;
    }
    a->opt.visible = a->visible;
    return ARGS_OK;
}

/* Parses the option at argv[*i] (with its value) into [a]. */
static args_status parse_option(int argc, char **argv, int *i, check_args *a)
{
    const char *name = argv[*i], *value = *i + 1 < argc ? argv[*i + 1] : NULL;
    if (!strcmp(name, "--help") || !strcmp(name, "-h")) return ARGS_HELP;
    int jdk = cli_jdk_option("check", argc, argv, i);
    if (jdk) return jdk == 1 ? ARGS_OK : ARGS_REPORTED;
    if (!strcmp(name, "--stateless")) return a->opt.search.stateless = true, ARGS_OK;
    if (!strcmp(name, "--first-error")) return a->opt.search.first_error = true, ARGS_OK;
    if (!strcmp(name, "--heap-symmetry")) return a->opt.heap_symmetry = true, ARGS_OK;
    if (!strcmp(name, "--exact-states")) return a->opt.exact_states = true, ARGS_OK;
    if (cli_progress_option(name, &a->progress)) return ARGS_OK;
    if (!value) return ARGS_USAGE;
    (*i)++;
    if (!strcmp(name, "--algo") || !strcmp(name, "--order") || !strcmp(name, "--classifier"))
        return search_option(a, name, value);
    if (!strcmp(name, "--visible")) return add_visible(a, argv[*i]);
    const char **slot = !strcmp(name, "--spec")      ? &a->spec
                        : !strcmp(name, "--client")  ? &a->client
                        : !strcmp(name, "--clients") ? &a->clients
                        : !strcmp(name, "--jar")     ? &a->jar
                        : !strcmp(name, "--json")    ? &a->json
                        : !strcmp(name, "--replay")  ? &a->replay
                        : !strcmp(name, "--oracle")  ? &a->oracle
                                                     : NULL;
    if (!slot && !cli_is_limit(name))
        return bad("unknown option '%s' (see porcheck check --help)", name);
    if (!slot) return number_option(a, name, value);
    *slot = value;
    return ARGS_OK;
}

/* Reads the command line into [a]. */
static args_status parse_args(int argc, char **argv, check_args *a)
{
    memset(a, 0, sizeof *a);
    por_options_init(&a->opt.search);
    a->opt.search.algo = POR_ALGO_DL_SPOR;
    for (int i = 1; i < argc; i++) {
        args_status s = argv[i][0] == '-' ? parse_option(argc, argv, &i, a)
                                          : bad("unexpected argument '%s' (see porcheck check "
                                                "--help)",
                                                argv[i]);
        if (s != ARGS_OK) return s;
    }
    if (!a->spec || !a->jar || !a->client == !a->clients) return ARGS_USAGE;
    client_error err = {0};
    if (harness_classpath_check(a->jar, &err) != CLIENT_OK) return bad("%s", err.message);
    if (a->oracle && strcmp(a->oracle, "impl") && strcmp(a->oracle, "adt"))
        return bad("unknown oracle '%s' (impl or adt)", a->oracle);
    a->opt.oracle_adt = a->oracle && !strcmp(a->oracle, "adt");
    if (a->opt.visible_count && verdict_check_classifier(&a->opt) == VERDICT_CLASSIFY_JPF)
        return bad("%s", "--visible applies to the safe classifier only");
    a->opt.search.stateless |= por_algo_is_stateless(a->opt.search.algo);
    if (a->opt.heap_symmetry &&
        !cli_heap_symmetry_allows("check", a->opt.search.algo, a->opt.search.stateless))
        return ARGS_REPORTED;
    a->opt.impl.classpath = a->jar;
    return ARGS_OK;
}

/* ---- Tally ----------------------------------------------------------------------------------- */

/* How the clients of a run ended, for the summary and the exit status. */
typedef struct tally {
    size_t ok, violations, incomplete, errors, unchecked;
    int status; /* the exit status so far */
} tally;

/* Returns the JSON document with the client [reports] and the summary [t]. */
static json_t *report_json(const check_args *a, const client_spec *spec, json_t *reports,
                           const tally *t)
{
    size_t clients = t->ok + t->violations + t->incomplete + t->errors + t->unchecked;
    json_t *doc =
        json_pack("{sssssssssssssbsbsOs{sIsIsIsIsIsI}}", "spec", a->spec, "class", spec->class_name,
                  "jar", a->jar, "algorithm", por_algo_name(a->opt.search.algo), "classifier",
                  verdict_classifier_name(verdict_check_classifier(&a->opt)), "oracle",
                  a->opt.oracle_adt ? "adt" : "impl", "heap_symmetry", a->opt.heap_symmetry,
                  "exact_states", a->opt.exact_states, "clients", reports, "summary", "clients",
                  (json_int_t)clients, "ok", (json_int_t)t->ok, "violations",
                  (json_int_t)t->violations, "incomplete", (json_int_t)t->incomplete, "errors",
                  (json_int_t)t->errors, "not_checked", (json_int_t)t->unchecked);
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

/* Prints the first line of the report. */
static void print_title(const check_args *a, const client_spec *spec)
{
    printf("porcheck check: %s from %s (algorithm %s, classifier %s%s, oracle %s)\n",
           spec->class_name, a->jar, por_algo_name(a->opt.search.algo),
           verdict_classifier_name(verdict_check_classifier(&a->opt)),
           a->opt.search.stateless ? ", stateless" : "",
           a->opt.oracle_adt ? "adt" : "implementation");
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

/* Counts and records the result [r] of client [i] of [list] in [t] and [reports]. */
static void tally_result(const client_list *list, size_t i, const verdict_check_result *r,
                         json_t *reports, tally *t)
{
    int status = (int)verdict_check_verdict(r);
    t->ok += status == EXIT_PASS;
    t->violations += status == EXIT_VIOLATION;
    t->incomplete += status == EXIT_INCOMPLETE;
    t->status = cli_worse_status(t->status, status);
    if (reports)
        json_array_append_new(reports, verdict_check_json(list->items[i], r, list->lines[i]));
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
    client_status st = verdict_check(c, &opt, &r, &err);
    cli_progress_end(&a->progress);
    if (st != CLIENT_OK && err.status == CLIENT_ERR_SPEC)
        return client_error_exit(a, list, i, &err), false;
    if (st != CLIENT_OK) {
        print_client_error(a, list, i, &err);
        return error_row(list, i, err.message, reports, t), true;
    }
    verdict_check_print(stdout, c, &a->opt, &r, signal_name());
    tally_result(list, i, &r, reports, t);
    verdict_check_result_free(&r);
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

/* Checks the clients of [list], printing each report and the summary, writing [json] (opened
 * for --json, or NULL); returns the exit status. */
static int run_check(check_args *a, const client_spec *spec, const client_list *list, FILE *json)
{
    tally t = {0};
    json_t *reports = json ? json_array() : NULL;
    cli_signals_install();
    print_title(a, spec);
    fflush(stdout);
    size_t i = 0;
    for (; i < list->count && !cli_signal_received(); i++)
        if (!check_one(a, list, i, reports, &t)) break;
    if (i < list->count && !cli_signal_received()) { /* a bad spec: no summary, no report */
        json_decref(reports);
        if (json) fclose(json), remove(a->json);
        return EXIT_BAD_INPUT;
    }
    t.unchecked = list->count - i;
    print_summary(list->count, &t);
    if (json) cli_write_json("check", a->json, json, report_json(a, spec, reports, &t));
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
        status = (int)verdict_check_print_replay(stdout, c, &tr, length, &e);
    }
    verdict_trace_free(&tr);
    verdict_expected_free(&e);
    base_free(schedule);
    return status;
}

/* ---- The command ----------------------------------------------------------------------------- */

int cmd_check(int argc, char **argv)
{
    check_args a;
    args_status s = parse_args(argc, argv, &a);
    if (s == ARGS_HELP) return fputs(help_text, stdout), EXIT_PASS;
    if (s == ARGS_USAGE) return usage();
    if (s == ARGS_REPORTED) return EXIT_BAD_INPUT;
    client_spec *spec = NULL;
    client_list list = {0};
    if (!cli_load_clients(&(cli_input){"check", a.spec, a.clients, a.client, &a.opt.impl}, &spec,
                          &list))
        return EXIT_BAD_INPUT;
    FILE *json = NULL;
    int status = EXIT_BAD_INPUT;
    if (!list.count)
        fprintf(stderr, "porcheck check: %s: no clients\n", a.clients ? a.clients : "--client");
    else if (a.replay)
        status = run_replay(&a, &list);
    else if (!a.json || (json = cli_open_output("check", a.json)))
        status = run_check(&a, spec, &list, json);
    client_list_free(&list);
    client_spec_free(spec);
    return status;
}
