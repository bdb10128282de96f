/* porcheck check: model-checks clients of a data structure from a jar. For each client it prints
 * the verdict, the outcomes the end states gave (with how many end states gave each), the
 * unexpected ones, and for each violation the schedule that reproduces it replayed as an
 * interleaving table; then the search statistics. --replay runs one schedule of one client. */
#include <stdlib.h>
#include <string.h>

#include "clients.h"
#include "commands.h"

/* Command-line settings. */
typedef struct check_args {
    const char *spec, *client, *clients, *jar, *json, *replay, *oracle;
    client_check_options opt;
} check_args;

/* Result of reading the arguments. */
typedef enum args_status { ARGS_OK, ARGS_USAGE, ARGS_REPORTED, ARGS_HELP } args_status;

/* The usage lines and what every option does. */
static const char help_text[] =
    "usage: porcheck check --jar J --spec S (--client C | --clients FILE) [--algo A]\n"
    "       [--classifier safe|jpf] [--order seq:PERM|random:SEED] [--first-error]\n"
    "       [--stateless] [--heap-symmetry] [--exact-states] [--oracle impl|adt]\n"
    "       [--max-states N] [--timeout S] [--max-memory MB] [--json OUT] [--replay SCHEDULE]\n"
    "options:\n"
    "  --jar J               jar(s) holding the class under test, ':'-separated\n"
    "  --spec S              the class's spec (Violat's JSON format)\n"
    "  --client C            one client, e.g. '{ add(1) } || { remove(1) }'\n"
    "  --clients FILE        clients, one per line ('#' comments, blank lines)\n"
    "  --algo A              dfs, jpf, s-por, de-s-por, dl-s-por (default), de-jpf, dl-jpf\n"
    "  --classifier K        safe or jpf scheduling points (default: jpf for the *jpf\n"
    "                        algorithms, else safe)\n"
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
    "  --json OUT            also write the report as JSON to OUT\n"
    "  --replay SCHEDULE     run one schedule (as a report prints it) of the one client and\n"
    "                        print its interleaving table\n"
    "exit status: 0 every client ok, 1 a violation (an unexpected outcome, a deadlock),\n"
    "2 bad input (also a client none of whose orders completes when run one invocation at a\n"
    "time)\n";

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
            a->opt.classifier = CLIENT_CLASSIFY_SAFE;
        else if (!strcmp(value, "jpf"))
            a->opt.classifier = CLIENT_CLASSIFY_JPF;
        else
            return bad("unknown classifier '%s' (safe or jpf)", value);
        return ARGS_OK;
    }
    por_status s = !strcmp(name, "--algo") ? por_algo_parse(value, &a->opt.search.algo, &err)
                                           : por_order_parse(value, &a->opt.search.order, &err);
    return s == POR_OK ? ARGS_OK : bad("%s", err.message);
}

/* Parses the option at argv[*i] (with its value) into [a]. */
static args_status parse_option(int argc, char **argv, int *i, check_args *a)
{
    const char *name = argv[*i], *value = *i + 1 < argc ? argv[*i + 1] : NULL;
    if (!strcmp(name, "--help") || !strcmp(name, "-h")) return ARGS_HELP;
    if (!strcmp(name, "--stateless")) return a->opt.search.stateless = true, ARGS_OK;
    if (!strcmp(name, "--first-error")) return a->opt.search.first_error = true, ARGS_OK;
    if (!strcmp(name, "--heap-symmetry")) return a->opt.heap_symmetry = true, ARGS_OK;
    if (!strcmp(name, "--exact-states")) return a->opt.exact_states = true, ARGS_OK;
    if (!value) return ARGS_USAGE;
    (*i)++;
    if (!strcmp(name, "--algo") || !strcmp(name, "--order") || !strcmp(name, "--classifier"))
        return search_option(a, name, value);
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
    if (client_classpath_check(a->jar, &err) != CLIENT_OK) return bad("%s", err.message);
    if (a->oracle && strcmp(a->oracle, "impl") && strcmp(a->oracle, "adt"))
        return bad("unknown oracle '%s' (impl or adt)", a->oracle);
    a->opt.oracle_adt = a->oracle && !strcmp(a->oracle, "adt");
    if (a->opt.heap_symmetry &&
        !cli_heap_symmetry_allows("check", a->opt.search.algo, a->opt.search.stateless))
        return ARGS_REPORTED;
    a->opt.impl.classpath = a->jar;
    return ARGS_OK;
}

/* ---- Text report ----------------------------------------------------------------------------- */

/* Prints the client line and its columns. */
static void print_header(const client *c, size_t index)
{
    char text[16384], label[512];
    client_format(c, text, sizeof text);
    printf("\nclient %zu: %s\ncolumns:", index + 1, text);
    for (size_t i = 0; i < c->invocation_count; i++) {
        client_column_label(c, i, label, sizeof label);
        printf("%s %s", i ? "," : "", label);
    }
    printf("\n");
}

/* Prints the expected outcomes' summary (and the ADT comparison). */
static void print_expected(const client *c, const check_args *a, const client_expected *e)
{
    printf("expected outcomes (%s): %zu   [%zu nodes, %zu matched, %.3f s]\n",
           a->opt.oracle_adt ? "adt model" : "implementation run sequentially",
           client_outcome_set_size(e->outcomes), e->stats.nodes, e->stats.matched, e->seconds);
    if (!e->compared) return;
    char text[8192];
    client_lin_diff_format(c, &e->diff, text, sizeof text);
    if (e->diff.found)
        printf("warning: run sequentially, the implementation disagrees with the adt model "
               "(implementation vs adt): %s\n",
               text);
    else
        printf("run sequentially, the implementation agrees with the adt model\n");
}

/* Prints the observed outcomes with their end-state counts, marking unexpected ones. */
static void print_observed(const client_check_result *r)
{
    const client_outcome_set *seen = r->observed;
    size_t n = client_outcome_set_size(seen), unexpected = 0;
    printf("outcomes observed: %zu\n", n);
    char buf[8192];
    for (size_t i = 0; i < n; i++) {
        const client_value *v = client_outcome_set_at(seen, i);
        bool bad = client_outcome_set_find(r->expected.outcomes, v) < 0;
        unexpected += bad;
        size_t count = client_outcome_set_count(seen, i);
        client_outcome_format(v, client_outcome_set_width(seen), buf, sizeof buf);
        printf("  %s   [%zu end state%s]%s\n", buf, count, count == 1 ? "" : "s",
               bad ? "   UNEXPECTED" : "");
    }
    printf("unexpected outcomes: %zu\n", unexpected);
}

/* Prints violation [v] (number [i] + 1): what it is, its schedule and its table. */
static void print_violation(const client *c, const client_violation *v, size_t i)
{
    char buf[8192];
    if (v->kind == CLIENT_VIOLATION_OUTCOME) {
        client_outcome_format(v->outcome, c->invocation_count, buf, sizeof buf);
        printf("violation %zu: unexpected outcome %s", i + 1, buf);
    } else {
        printf("violation %zu: %s", i + 1, v->message);
    }
    printf("   [%zu end state%s]\n", v->count, v->count == 1 ? "" : "s");
    char *sched = base_malloc(v->length * 8 + 16);
    if (sched) client_schedule_format(v->schedule, v->length, sched, v->length * 8 + 16);
    printf("  schedule (%zu transitions", v->length);
    for (size_t t = 0; v->traced && t < v->trace.thread_count; t++)
        printf("%s%zu = %s", t ? ", " : "; thread ids: ", t, v->trace.thread_names[t]);
    printf("): %s\n", sched ? sched : "?");
    base_free(sched);
    if (!v->traced) return;
    client_trace_print(c, &v->trace, stdout, 2);
    if (!v->reproduced) printf("  warning: the replay did not reproduce the violation\n");
}

/* Prints the whole report of client [c]. */
static void print_client(const client *c, const check_args *a, const client_check_result *r,
                         size_t index)
{
    print_header(c, index);
    print_expected(c, a, &r->expected);
    if (r->search.stop == POR_STOP_ERROR)
        printf("stopped at the first violation (--first-error): other outcomes may exist\n");
    else if (r->search.stop != POR_STOP_COMPLETE)
        printf("stopped early (%s): the results below are partial\n",
               por_stop_name(r->search.stop));
    bool partial = r->search.stop != POR_STOP_COMPLETE;
    printf("verdict: %s\n", client_check_violated(r) ? "VIOLATION"
                            : partial ? "ok so far (no violation before the search stopped)"
                                      : "ok");
    if (!r->search.stats.end_states)
        printf("warning: no end state was reached (every path runs forever or was cut)\n");
    print_observed(r);
    for (size_t i = 0; i < r->violation_count; i++) print_violation(c, &r->violations[i], i);
    por_stats_print(stdout, &r->search);
}

/* ---- JSON report ----------------------------------------------------------------------------- */

/* Returns violation [v] as JSON. */
static json_t *violation_json(const client *c, const client_violation *v)
{
    static const char *const kinds[] = {"unexpected outcome", "deadlock", "uncaught exception"};
    char *sched = base_malloc(v->length * 8 + 16);
    if (!sched) return NULL;
    client_schedule_format(v->schedule, v->length, sched, v->length * 8 + 16);
    json_t *j = json_pack("{sssIsssb}", "kind", kinds[v->kind], "count", (json_int_t)v->count,
                          "schedule", sched, "reproduced", v->reproduced);
    base_free(sched);
    if (!j) return NULL;
    if (v->outcome)
        json_object_set_new(j, "outcome", client_outcome_json(v->outcome, c->invocation_count));
    if (v->message) json_object_set_new(j, "message", json_string(v->message));
    if (v->traced) json_object_set_new(j, "table", client_trace_json(c, &v->trace));
    return j;
}

/* Returns the unexpected outcomes of [r] as a JSON array. */
static json_t *unexpected_json(const client_check_result *r)
{
    json_t *list = json_array();
    size_t w = client_outcome_set_width(r->observed);
    for (size_t i = 0; list && i < client_outcome_set_size(r->observed); i++) {
        const client_value *v = client_outcome_set_at(r->observed, i);
        if (client_outcome_set_find(r->expected.outcomes, v) < 0)
            json_array_append_new(list, client_outcome_json(v, w));
    }
    return list;
}

/* Returns the report of client [c] (from line [line]) as JSON; NULL when out of memory. */
static json_t *client_json(const client *c, const client_check_result *r, size_t line)
{
    char text[16384];
    client_format(c, text, sizeof text);
    json_t *viols = json_array();
    for (size_t i = 0; viols && i < r->violation_count; i++)
        json_array_append_new(viols, violation_json(c, &r->violations[i]));
    const client_lin_stats *s = &r->expected.stats;
    json_t *expected = client_outcome_set_json(r->expected.outcomes, c);
    if (expected)
        json_object_set_new(expected, "statistics",
                            json_pack("{sIsIsIsf}", "nodes", (json_int_t)s->nodes, "matched",
                                      (json_int_t)s->matched, "invocations",
                                      (json_int_t)s->invocations, "seconds", r->expected.seconds));
    if (expected && r->expected.compared) {
        client_lin_diff_format(c, &r->expected.diff, text + 8192, 8192);
        json_object_set_new(expected, "adt_disagreement",
                            r->expected.diff.found ? json_string(text + 8192) : json_null());
    }
    return json_pack("{sssIsssbsososososo}", "client", text, "line", (json_int_t)line, "verdict",
                     client_check_violated(r) ? "violation" : "ok", "complete",
                     r->search.stop == POR_STOP_COMPLETE, "expected", expected, "observed",
                     client_outcome_set_json(r->observed, c), "unexpected", unexpected_json(r),
                     "violations", viols, "statistics", por_stats_json(&r->search));
}

/* Writes the JSON document with the client [reports] to the --json file. */
static bool write_json(const check_args *a, const client_spec *spec, json_t *reports,
                       const size_t counts[2])
{
    json_t *doc = json_pack("{sssssssssssssbsbsOs{sIsIsI}}", "spec", a->spec, "class",
                            spec->class_name, "jar", a->jar, "algorithm",
                            por_algo_name(a->opt.search.algo), "classifier",
                            client_classifier_name(client_check_classifier(&a->opt)), "oracle",
                            a->opt.oracle_adt ? "adt" : "impl", "heap_symmetry",
                            a->opt.heap_symmetry, "exact_states", a->opt.exact_states, "clients",
                            reports,
                            "summary", "clients", (json_int_t)(counts[0] + counts[1]), "ok",
                            (json_int_t)counts[0], "violations", (json_int_t)counts[1]);
    bool ok = doc && json_dump_file(doc, a->json, JSON_INDENT(2)) == 0;
    json_decref(doc);
    return ok;
}

/* ---- Running --------------------------------------------------------------------------------- */

/* Reports [err] for client [i] of [list]; returns the bad-input status. */
static int client_error_exit(const check_args *a, const client_list *list, size_t i,
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
    return EXIT_BAD_INPUT;
}

/* Prints the first line of the report. */
static void print_title(const check_args *a, const client_spec *spec)
{
    printf("porcheck check: %s from %s (algorithm %s, classifier %s%s, oracle %s)\n",
           spec->class_name, a->jar, por_algo_name(a->opt.search.algo),
           client_classifier_name(client_check_classifier(&a->opt)),
           a->opt.search.stateless ? ", stateless" : "",
           a->opt.oracle_adt ? "adt" : "implementation");
}

/* Checks every client of [list], printing each report; counts ok and violated clients in
 * [counts]; returns the bad-input status on an error, else EXIT_PASS. */
static int check_all(const check_args *a, const client_spec *spec, const client_list *list,
                     json_t *reports, size_t counts[2])
{
    for (size_t i = 0; i < list->count; i++) {
        client_check_result r;
        client_error err = {0};
        if (client_check(list->items[i], &a->opt, &r, &err) != CLIENT_OK)
            return client_error_exit(a, list, i, &err);
        if (i == 0) print_title(a, spec);
        print_client(list->items[i], a, &r, i);
        fflush(stdout);
        counts[client_check_violated(&r)]++;
        if (reports)
            json_array_append_new(reports, client_json(list->items[i], &r, list->lines[i]));
        client_check_result_free(&r);
    }
    return EXIT_PASS;
}

/* Checks the clients of [list] and prints the summary; returns the exit status. */
static int run_check(const check_args *a, const client_spec *spec, const client_list *list)
{
    size_t counts[2] = {0, 0};
    json_t *reports = a->json ? json_array() : NULL;
    int status = check_all(a, spec, list, reports, counts);
    if (status == EXIT_PASS) {
        printf("\nsummary: %zu client%s, %zu ok, %zu with a violation\n", list->count,
               list->count == 1 ? "" : "s", counts[0], counts[1]);
        status = counts[1] ? EXIT_VIOLATION : EXIT_PASS;
    }
    if (status != EXIT_BAD_INPUT && a->json && !write_json(a, spec, reports, counts)) {
        fprintf(stderr, "porcheck check: cannot write %s\n", a->json);
        status = EXIT_BAD_INPUT;
    }
    json_decref(reports);
    return status;
}

/* ---- Replay ---------------------------------------------------------------------------------- */

/* Prints how the replay [tr] of [c] ended; returns 1 when that is a violation, else 0. */
static int replay_verdict(const client *c, const client_trace *tr, const client_expected *e)
{
    char buf[8192];
    switch (tr->end) {
    case CLIENT_END_FINAL: {
        client_outcome_format(tr->results, c->invocation_count, buf, sizeof buf);
        bool expected = client_outcome_set_find(e->outcomes, tr->results) >= 0;
        printf("result: an end state with outcome %s: %s\n", buf,
               expected ? "linearizable" : "UNEXPECTED (a violation)");
        return expected ? EXIT_PASS : EXIT_VIOLATION;
    }
    case CLIENT_END_DEADLOCK:
        printf("result: deadlock: no thread can run, some are blocked (a violation)\n");
        return EXIT_VIOLATION;
    case CLIENT_END_EXCEPTION:
        printf("result: the last transition threw an uncaught exception: %s\n", tr->message);
        return EXIT_VIOLATION;
    default:
        printf("result: the schedule stops before the end (threads can still run)\n");
        return EXIT_PASS;
    }
}

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
    uint8_t *schedule = NULL;
    size_t length = 0;
    client_expected e = {0};
    client_trace tr = {0};
    if (client_schedule_parse(a->replay, &schedule, &length, &err) != CLIENT_OK) {
        fprintf(stderr, "porcheck check: --replay: %s\n", err.message);
        return EXIT_BAD_INPUT;
    }
    int status = EXIT_BAD_INPUT;
    if (client_expected_outcomes(c, &a->opt, &e, &err) != CLIENT_OK ||
        client_replay(c, &a->opt, schedule, length, &tr, &err) != CLIENT_OK) {
        client_error_exit(a, list, 0, &err);
    } else {
        print_header(c, 0);
        printf("replay of %zu transitions:\n", length);
        client_trace_print(c, &tr, stdout, 2);
        status = replay_verdict(c, &tr, &e);
    }
    client_trace_free(&tr);
    client_expected_free(&e);
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
    if (!cli_load_clients("check", a.spec, a.clients, a.client, &spec, &list))
        return EXIT_BAD_INPUT;
    if (!list.count) {
        fprintf(stderr, "porcheck check: %s: no clients\n", a.clients ? a.clients : "--client");
        client_list_free(&list);
        client_spec_free(spec);
        return EXIT_BAD_INPUT;
    }
    int status = a.replay ? run_replay(&a, &list) : run_check(&a, spec, &list);
    client_list_free(&list);
    client_spec_free(spec);
    return status;
}
