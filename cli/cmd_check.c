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
    client_check_options opt;
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
    "       [--progress | --no-progress]\n"
    "options:\n"
    "  --jar J               jar(s) holding the class under test, ':'-separated\n"
    "  --spec S              the class's spec (Violat's JSON format)\n"
    "  --client C            one client, e.g. '{ add(1) } || { remove(1) }'\n"
    "  --clients FILE        clients, one per line ('#' comments, blank lines)\n"
    "  --algo A              dfs, jpf, s-por, de-s-por, dl-s-por (default), de-jpf, dl-jpf\n"
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
    "                        print its interleaving table\n"
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
    if (client_classpath_check(a->jar, &err) != CLIENT_OK) return bad("%s", err.message);
    if (a->oracle && strcmp(a->oracle, "impl") && strcmp(a->oracle, "adt"))
        return bad("unknown oracle '%s' (impl or adt)", a->oracle);
    a->opt.oracle_adt = a->oracle && !strcmp(a->oracle, "adt");
    if (a->opt.visible_count && client_check_classifier(&a->opt) == CLIENT_CLASSIFY_JPF)
        return bad("%s", "--visible applies to the safe classifier only");
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
    size_t blocked = client_outcome_set_blocked(e->outcomes);
    printf("expected outcomes (%s): %zu   [%zu nodes, %zu matched, %.3f s]\n",
           a->opt.oracle_adt ? "adt model" : "implementation run sequentially",
           client_outcome_set_size(e->outcomes), e->stats.nodes, e->stats.matched, e->seconds);
    if (blocked)
        printf("  of which blocked (some invocations wait for ever): %zu%s\n", blocked,
               blocked == client_outcome_set_size(e->outcomes) ? " (no order completes)" : "");
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
    for (size_t i = 0; i < r->unobserved_count; i++) {
        const client_value *v = client_outcome_set_at(r->expected.outcomes, r->unobserved[i]);
        client_outcome_format(v, client_outcome_set_width(seen), buf, sizeof buf);
        printf("warning: the linearizable outcome %s was never observed, although every "
               "sequential order is an interleaving the search explored: porcheck missed "
               "interleavings (please report it)\n",
               buf);
    }
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
    if (v->kind == CLIENT_VIOLATION_DEADLOCK && v->outcome) {
        client_outcome_format(v->outcome, c->invocation_count, buf, sizeof buf);
        printf("  outcome %s: no linearization leaves these invocations blocked\n", buf);
    }
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

/* Prints the visible set in force for [r] and the races that widened it. */
static void print_visible(const client_check_result *r)
{
    if (r->classifier == CLIENT_CLASSIFY_JPF)
        printf("visible: every access to a shared object (jpf classifier)\n");
    else
        verdict_print_visible(stdout,
                              &(verdict_visible){r->visible, r->visible_count, r->widened,
                                                 r->widened_count, r->races, r->race_count},
                              "client");
}

/* True when [r]'s search, complete and without a violation, still missed a linearizable
 * outcome: porcheck missed interleavings, so its verdict cannot be ok. */
static bool missed_outcomes(const client_check_result *r)
{
    return !client_check_violated(r) && r->unobserved_count > 0;
}

/* Prints the report of client [c] after its header: the expected outcomes, the verdict, the
 * observed outcomes, the violations and the statistics. */
static void print_result(const client *c, const check_args *a, const client_check_result *r)
{
    print_visible(r);
    print_expected(c, a, &r->expected);
    if (r->search.stop == POR_STOP_ERROR)
        printf("stopped at the first violation (--first-error): other outcomes may exist\n");
    if (missed_outcomes(r))
        printf("verdict: incomplete (the search missed interleavings: %zu linearizable outcome%s "
               "never observed)\n",
               r->unobserved_count, r->unobserved_count == 1 ? " was" : "s were");
    else
        cli_print_verdict(&r->search, client_check_violated(r));
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

/* Returns the [n] strings of [list] as a JSON array, class names dotted when [dotted]. */
static json_t *strings_json(const char *const *list, size_t n, bool dotted)
{
    json_t *a = json_array();
    char name[1024];
    for (size_t i = 0; a && i < n; i++) {
        snprintf(name, sizeof name, "%s", list[i]);
        for (char *p = name; dotted && *p; p++)
            if (*p == '/') *p = '.';
        json_array_append_new(a, json_string(name));
    }
    return a;
}

/* Returns the visible set of [r] as JSON: {"classifier", "given": [...] or null for the
 * default, "widened": [...], "races": [...]}. */
static json_t *visible_json(const client_check_result *r)
{
    json_t *given =
        r->visible_count ? strings_json(r->visible, r->visible_count, true) : json_null();
    return json_pack("{sssososo}", "classifier", client_classifier_name(r->classifier), "given",
                     given, "widened", strings_json(r->widened, r->widened_count, true), "races",
                     strings_json(r->races, r->race_count, false));
}

/* Returns the expected outcomes of [r] that no end state gave, as a JSON array. */
static json_t *unobserved_json(const client_check_result *r)
{
    json_t *list = json_array();
    size_t w = client_outcome_set_width(r->expected.outcomes);
    for (size_t i = 0; list && i < r->unobserved_count; i++)
        json_array_append_new(
            list,
            client_outcome_json(client_outcome_set_at(r->expected.outcomes, r->unobserved[i]), w));
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
    json_t *doc = json_pack(
        "{sssIsssbsososososo}", "client", text, "line", (json_int_t)line, "verdict",
        missed_outcomes(r) ? "incomplete" : cli_verdict_json(&r->search, client_check_violated(r)),
        "complete", r->search.stop == POR_STOP_COMPLETE, "expected", expected, "observed",
        client_outcome_set_json(r->observed, c), "unexpected", unexpected_json(r), "violations",
        viols, "statistics", por_stats_json(&r->search));
    if (doc) json_object_set_new(doc, "visible", visible_json(r));
    if (doc) json_object_set_new(doc, "unobserved", unobserved_json(r));
    return doc;
}

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
                  client_classifier_name(client_check_classifier(&a->opt)), "oracle",
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
           client_classifier_name(client_check_classifier(&a->opt)),
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
static void tally_result(const client_list *list, size_t i, const client_check_result *r,
                         json_t *reports, tally *t)
{
    int status = missed_outcomes(r) ? EXIT_INCOMPLETE
                                    : cli_search_status(&r->search, client_check_violated(r));
    t->ok += status == EXIT_PASS;
    t->violations += status == EXIT_VIOLATION;
    t->incomplete += status == EXIT_INCOMPLETE;
    t->status = cli_worse_status(t->status, status);
    if (reports) json_array_append_new(reports, client_json(list->items[i], r, list->lines[i]));
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
    print_header(c, i);
    fflush(stdout);
    client_check_options opt = a->opt;
    opt.search.stop_flag = cli_stop_flag();
    cli_progress_attach(&a->progress, &opt.search);
    client_check_result r;
    client_error err = {0};
    client_status st = client_check(c, &opt, &r, &err);
    cli_progress_end(&a->progress);
    if (st != CLIENT_OK && err.status == CLIENT_ERR_SPEC)
        return client_error_exit(a, list, i, &err), false;
    if (st != CLIENT_OK) {
        print_client_error(a, list, i, &err);
        return error_row(list, i, err.message, reports, t), true;
    }
    print_result(c, a, &r);
    tally_result(list, i, &r, reports, t);
    client_check_result_free(&r);
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
    case CLIENT_END_DEADLOCK: {
        client_outcome_format(tr->results, c->invocation_count, buf, sizeof buf);
        bool expected = client_outcome_set_find(e->outcomes, tr->results) >= 0;
        printf("result: no thread can run, some are blocked, outcome %s: %s\n", buf,
               expected ? "a linearizable blocked outcome"
                        : "deadlock, no linearization explains it (a violation)");
        return expected ? EXIT_PASS : EXIT_VIOLATION;
    }
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
    if (!c) {
        fprintf(stderr, "porcheck check: %s\n", list->errors[0]);
        return EXIT_BAD_INPUT;
    }
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
