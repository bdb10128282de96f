/* porcheck outcomes: prints the linearizable outcomes of clients of a spec, then the blocked
 * outcomes (where some invocations wait for ever). The default oracle is
 * the implementation itself (--jar), run sequentially in porcheck's VM (Violat's method); with
 * --oracle adt the spec's ADT reference model gives them, and with --jar as well the command
 * also reports where the implementation's sequential behaviour disagrees with the model. */
#include <stdlib.h>
#include <string.h>

#include "clients.h"
#include "commands.h"

/* Command-line settings. */
typedef struct outcomes_args {
    const char *spec, *client, *clients, *oracle, *jar, *json;
    bool stateless;
} outcomes_args;

/* The options (see cli_syntax). */
static const cli_option options[] = {
    {"jar", "J", "jar(s) holding the class under test, ':'-separated", CLI_VALUE_FILE, NULL, NULL},
    CLI_OPT_SPEC,
    CLI_OPT_CLIENT,
    CLI_OPT_CLIENTS,
    {"oracle", "O",
     "impl (the class run sequentially, default; needs --jar)\n"
     "or adt (the spec's ADT model; with --jar also where the\n"
     "class disagrees with it)",
     CLI_VALUE_WORDS, "impl adt", NULL},
    {"stateless", NULL, "no state matching in the sequential runs", CLI_VALUE_TEXT, NULL, NULL},
    CLI_OPT_JSON,
    CLI_OPT_JDK,
};

const cli_syntax cli_outcomes_syntax = {
    "outcomes",
    "--spec S (--client C | --clients FILE) (--jar J | --oracle adt) [options]",
    "print the linearizable outcomes of clients (the implementation run sequentially, or the ADT)",
    options,
    sizeof options / sizeof options[0],
    NULL,
    false,
    cmd_outcomes};

/* Takes option [name] with [value] into [a] (a cli_option_fn). */
static bool take_option(void *ctx, const char *name, const char *value)
{
    outcomes_args *a = ctx;
    if (!name) {
        fprintf(stderr, "porcheck outcomes: unexpected argument '%s'\n", value);
        return false;
    }
    int jdk = cli_jdk_option("outcomes", name, value);
    if (jdk) return jdk == 1;
    if (!strcmp(name, "stateless")) return a->stateless = true;
    const char **slot = !strcmp(name, "spec")      ? &a->spec
                        : !strcmp(name, "client")  ? &a->client
                        : !strcmp(name, "clients") ? &a->clients
                        : !strcmp(name, "oracle")  ? &a->oracle
                        : !strcmp(name, "jar")     ? &a->jar
                                                   : &a->json;
    *slot = value;
    return true;
}

/* Checks what the options say together; false after one line on stderr. */
static bool outcomes_args_agree(outcomes_args *a)
{
    const char *missing = !a->spec                    ? "missing --spec S"
                          : !a->client && !a->clients ? "missing --client C or --clients FILE"
                          : a->client && a->clients   ? "--client and --clients together"
                                                      : NULL;
    if (missing) return cli_usage_error(&cli_outcomes_syntax, missing), false;
    if (!a->oracle) a->oracle = "impl";
    if (strcmp(a->oracle, "adt") && strcmp(a->oracle, "impl")) {
        fprintf(stderr, "porcheck outcomes: unknown oracle '%s' (impl or adt)\n", a->oracle);
        return false;
    }
    client_error err = {0};
    if (a->jar && harness_classpath_check(a->jar, &err) != CLIENT_OK) {
        fprintf(stderr, "porcheck outcomes: %s\n", err.message);
        return false;
    }
    if (!strcmp(a->oracle, "impl") && !a->jar) {
        fprintf(stderr, "porcheck outcomes: the implementation oracle needs --jar J (or use "
                        "--oracle adt)\n");
        return false;
    }
    return true;
}

/* Reads the command line into [a]; returns CLI_CONTINUE or the exit status. */
static int parse_args(int argc, char **argv, outcomes_args *a)
{
    memset(a, 0, sizeof *a);
    int status = cli_parse(&cli_outcomes_syntax, argc, argv, take_option, a, NULL);
    if (status == CLI_CONTINUE && !outcomes_args_agree(a)) status = EXIT_BAD_INPUT;
    return status;
}

/* Returns the oracle's name for the report: "implementation" or "adt set". */
static const char *oracle_label(const outcomes_args *a, const client_spec *spec, char *buf,
                                size_t size)
{
    if (strcmp(a->oracle, "adt")) return "implementation";
    snprintf(buf, size, "adt %s", client_adt_name(spec->adt));
    return buf;
}

/* Prints the outcomes of [set] that are blocked ones when [blocked], else the others, one a
 * line. */
static void print_outcomes(const client_outcome_set *set, bool blocked)
{
    size_t width = client_outcome_set_width(set);
    char text[16384];
    for (size_t i = 0; i < client_outcome_set_size(set); i++) {
        const client_value *v = client_outcome_set_at(set, i);
        if (client_outcome_is_blocked(v, width) != blocked) continue;
        client_outcome_format(v, width, text, sizeof text);
        printf("  %s\n", text);
    }
}

/* Prints the complete outcomes of [set], then its blocked outcomes when it has any. */
static void print_sets(const char *oracle, const client_outcome_set *set)
{
    size_t blocked = client_outcome_set_blocked(set);
    size_t complete = client_outcome_set_size(set) - blocked;
    printf("linearizable outcomes (%s): %zu\n", oracle, complete);
    print_outcomes(set, false);
    if (!blocked) return;
    printf("blocked outcomes (the invocations marked blocked wait for ever): %zu\n", blocked);
    print_outcomes(set, true);
    if (!complete)
        printf("warning: no order of the invocations completes (every outcome is blocked)\n");
}

/* Prints the report of one client. */
static void print_client(const outcomes_args *a, const client *c, const client_lin_run *run,
                         size_t index)
{
    char text[16384], label[512];
    client_format(c, text, sizeof text);
    printf("%sclient %zu: %s\ncolumns:", index ? "\n" : "", index + 1, text);
    for (size_t i = 0; i < c->invocation_count; i++) {
        client_column_label(c, i, label, sizeof label);
        printf("%s %s", i ? "," : "", label);
    }
    printf("\n");
    print_sets(oracle_label(a, c->spec, label, sizeof label), run->outcomes);
    const client_lin_stats *s = &run->stats;
    printf("statistics: %zu nodes, %zu matched, %zu invocations, %zu restores\n", s->nodes,
           s->matched, s->invocations, s->restores);
}

/* Prints the comparison of the implementation with the ADT model; [text] gets the
 * disagreement. */
static void print_diff(const client *c, const client_lin_diff *diff, char *text, size_t size)
{
    client_lin_diff_format(c, diff, text, size);
    if (diff->found)
        printf("the implementation disagrees with the adt model (implementation vs adt): %s\n",
               text);
    else
        printf("the implementation agrees with the adt model (%zu joint nodes)\n", diff->nodes);
}

/* Returns the JSON report of one client; NULL when out of memory. */
static json_t *client_json(const client *c, const client_lin_run *run, size_t line,
                           const client_lin_diff *diff)
{
    char text[16384];
    client_format(c, text, sizeof text);
    json_t *j = verdict_outcome_set_json(run->outcomes, c);
    const client_lin_stats *s = &run->stats;
    json_t *stats =
        json_pack("{sIsIsIsI}", "nodes", (json_int_t)s->nodes, "matched", (json_int_t)s->matched,
                  "invocations", (json_int_t)s->invocations, "restores", (json_int_t)s->restores);
    if (!j || !stats || json_object_set_new(j, "client", json_string(text)) ||
        json_object_set_new(j, "line", json_integer((json_int_t)line)) ||
        json_object_set_new(j, "statistics", stats)) {
        json_decref(j);
        return NULL;
    }
    if (diff) {
        client_lin_diff_format(c, diff, text, sizeof text);
        json_object_set_new(j, "adt_disagreement", diff->found ? json_string(text) : json_null());
    }
    return j;
}

/* The sequential objects of one run: the ADT model (shared by every client) and the
 * implementation of the current client. */
typedef struct oracles {
    client_object adt, impl;
    harness_impl_options impl_opts;
} oracles;

/* Reports [err] for client [i] of [list]; returns the bad-input status. */
static int client_error_exit(const outcomes_args *a, const client_list *list, size_t i,
                             const client_error *err)
{
    if (err->status == CLIENT_ERR_SPEC)
        fprintf(stderr, "porcheck outcomes: %s: %s\n", a->spec, err->message);
    else
        fprintf(stderr, "porcheck outcomes: %s:%zu: %s\n", a->clients ? a->clients : "--client",
                list->lines[i], err->message);
    return EXIT_BAD_INPUT;
}

/* Reports client [i] of [list] as an error row with [err] (stderr, the text report and
 * [reports]); returns the bad-input status. */
static int error_row(const outcomes_args *a, const client_list *list, size_t i,
                     const client_error *err, json_t *reports)
{
    const char *message = list->items[i] ? err->message : list->errors[i];
    if (list->items[i])
        client_error_exit(a, list, i, err);
    else
        fprintf(stderr, "porcheck outcomes: %s\n", message);
    printf("%sclient %zu (line %zu): error: %s\n", i ? "\n" : "", i + 1, list->lines[i], message);
    json_t *j = json_pack("{sIssss}", "line", (json_int_t)list->lines[i], "verdict", "error",
                          "message", message);
    if (reports)
        json_array_append_new(reports, j);
    else
        json_decref(j);
    return EXIT_BAD_INPUT;
}

/* Computes, prints and (into [reports]) records the outcomes of client [i]; returns the exit
 * status of the client (1 when the implementation disagrees with the ADT model, 2 for an error
 * row), or -1 when the spec turns out to be bad input. */
static int run_client(const outcomes_args *a, const client_list *list, size_t i, oracles *o,
                      json_t *reports)
{
    const client *c = list->items[i];
    client_error err = {0};
    bool adt = !strcmp(a->oracle, "adt");
    if (!c) return error_row(a, list, i, &err, reports);
    if (a->jar && harness_impl_new(c, &o->impl_opts, &o->impl, &err) != CLIENT_OK)
        return err.status == CLIENT_ERR_SPEC ? (client_error_exit(a, list, i, &err), -1)
                                             : error_row(a, list, i, &err, reports);
    client_lin_run run = {.options = {.stateless = a->stateless}};
    client_lin_diff diff;
    int status = EXIT_PASS;
    if (client_linearize(c, adt ? &o->adt : &o->impl, &run, &err) != CLIENT_OK ||
        (adt && a->jar && client_lin_compare(c, &o->impl, &o->adt, &diff, &err) != CLIENT_OK)) {
        status = err.status == CLIENT_ERR_SPEC ? (client_error_exit(a, list, i, &err), -1)
                                               : error_row(a, list, i, &err, reports);
    } else {
        char text[16384];
        print_client(a, c, &run, i);
        if (adt && a->jar) print_diff(c, &diff, text, sizeof text);
        if (adt && a->jar && diff.found) status = EXIT_VIOLATION;
        json_t *j =
            reports ? client_json(c, &run, list->lines[i], adt && a->jar ? &diff : NULL) : NULL;
        if (reports && (!j || json_array_append_new(reports, j))) status = EXIT_BAD_INPUT;
    }
    fflush(stdout);
    client_outcome_set_free(run.outcomes);
    client_object_free(&o->impl);
    return status;
}

/* Computes and reports the outcomes of every client of [list]; appends JSON to [reports].
 * Returns the exit status, or -1 (after one line on stderr) when the spec is bad input. */
static int run_all(const outcomes_args *a, const client_spec *spec, const client_list *list,
                   json_t *reports)
{
    oracles o = {.impl_opts = {.classpath = a->jar}};
    client_error err = {0};
    if (!strcmp(a->oracle, "adt") && client_adt_new(spec, &o.adt, &err) != CLIENT_OK) {
        fprintf(stderr, "porcheck outcomes: %s\n", err.message);
        return -1;
    }
    int status = EXIT_PASS;
    for (size_t i = 0; i < list->count && status >= 0; i++)
        status = cli_worse_status(status, run_client(a, list, i, &o, reports));
    client_object_free(&o.adt);
    return status;
}

/* Writes the JSON document for [reports] and the methods' [bindings] (NULL without a jar) into
 * [f], opened for --json. */
static void write_json(const outcomes_args *a, const client_spec *spec,
                       const harness_binding *bindings, json_t *reports, FILE *f)
{
    json_t *doc = json_pack("{sssssssO}", "spec", a->spec, "class", spec->class_name, "oracle",
                            a->oracle, "clients", reports);
    if (doc && bindings) json_object_set_new(doc, "bindings", cli_bindings_json(spec, bindings));
    cli_write_json("outcomes", a->json, f, doc);
}

int cmd_outcomes(int argc, char **argv)
{
    outcomes_args a;
    int parsed = parse_args(argc, argv, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    client_spec *spec = NULL;
    client_list list = {0};
    harness_impl_options impl = {.classpath = a.jar};
    harness_binding *bindings = NULL;
    cli_input in = {"outcomes", a.spec, a.clients, a.client, a.jar ? &impl : NULL, &bindings};
    if (!cli_load_clients(&in, &spec, &list)) return EXIT_BAD_INPUT;
    if (list.count == 0) { /* as check: an empty run must not look like a finished one */
        fprintf(stderr, "porcheck outcomes: %s: no clients\n", a.clients ? a.clients : "--client");
        client_list_free(&list);
        client_spec_free(spec);
        base_free(bindings);
        return EXIT_BAD_INPUT;
    }
    FILE *json = a.json ? cli_open_output("outcomes", a.json) : NULL;
    json_t *reports = json ? json_array() : NULL;
    if (!a.json || json) cli_print_bindings(stdout, spec, bindings);
    int status = a.json && !json ? EXIT_BAD_INPUT : run_all(&a, spec, &list, reports);
    if (json && status >= 0)
        write_json(&a, spec, bindings, reports, json);
    else if (json)
        cli_discard_output(a.json, json);
    if (status < 0) status = EXIT_BAD_INPUT;
    json_decref(reports);
    client_list_free(&list);
    client_spec_free(spec);
    base_free(bindings);
    return status;
}
