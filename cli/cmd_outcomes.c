/* porcheck outcomes: prints the linearizable outcomes of clients of a spec. The oracle here is
 * the spec's ADT reference model (--oracle adt); the default oracle, the implementation itself
 * run sequentially in porcheck's VM, comes with porcheck check. */
#include <stdlib.h>
#include <string.h>

#include "clients.h"
#include "commands.h"

/* Command-line settings. */
typedef struct outcomes_args {
    const char *spec, *client, *clients, *oracle, *jar, *json;
    bool stateless;
} outcomes_args;

/* Result of reading the arguments. */
typedef enum args_status { ARGS_OK, ARGS_USAGE, ARGS_REPORTED } args_status;

/* Prints the usage lines; returns the bad-input status. */
static int usage(void)
{
    fprintf(stderr, "usage: porcheck outcomes --spec S (--client C | --clients FILE) --oracle adt "
                    "[--stateless] [--json OUT]\n"
                    "       (the default oracle, the implementation run in porcheck's VM "
                    "with --jar J, comes with porcheck check)\n");
    return EXIT_BAD_INPUT;
}

/* Parses the option at argv[*i] (with its value) into [a]. */
static args_status parse_option(int argc, char **argv, int *i, outcomes_args *a)
{
    const char *name = argv[*i], *value = *i + 1 < argc ? argv[*i + 1] : NULL;
    if (!strcmp(name, "--stateless")) return a->stateless = true, ARGS_OK;
    if (!value) return ARGS_USAGE;
    (*i)++;
    const char **slot = !strcmp(name, "--spec")      ? &a->spec
                        : !strcmp(name, "--client")  ? &a->client
                        : !strcmp(name, "--clients") ? &a->clients
                        : !strcmp(name, "--oracle")  ? &a->oracle
                        : !strcmp(name, "--jar")     ? &a->jar
                        : !strcmp(name, "--json")    ? &a->json
                                                     : NULL;
    if (!slot) return ARGS_USAGE;
    *slot = value;
    return ARGS_OK;
}

/* Reads the command line into [a] and checks the oracle. */
static args_status parse_args(int argc, char **argv, outcomes_args *a)
{
    memset(a, 0, sizeof *a);
    for (int i = 1; i < argc; i++) {
        args_status s = argv[i][0] == '-' ? parse_option(argc, argv, &i, a) : ARGS_USAGE;
        if (s != ARGS_OK) return s;
    }
    if (!a->spec || !a->client == !a->clients) return ARGS_USAGE;
    if (!a->oracle || strcmp(a->oracle, "adt")) {
        fprintf(stderr,
                "porcheck outcomes: oracle '%s' is not available yet: the implementation "
                "oracle comes with porcheck check; use --oracle adt\n",
                a->oracle ? a->oracle : "impl");
        return ARGS_REPORTED;
    }
    return ARGS_OK;
}

/* Loads the clients named by --client or --clients into [list]. */
static client_status load_clients(const outcomes_args *a, const client_spec *spec,
                                  client_list *list, client_error *err)
{
    if (a->clients) return client_list_load(spec, a->clients, list, err);
    return client_list_parse(spec, a->client, "--client", list, err);
}

/* Prints the report of one client. */
static void print_client(const client *c, const client_lin_run *run, size_t index)
{
    char text[16384], label[512];
    client_format(c, text, sizeof text);
    printf("%sclient %zu: %s\ncolumns:", index ? "\n" : "", index + 1, text);
    for (size_t i = 0; i < c->invocation_count; i++) {
        client_column_label(c, i, label, sizeof label);
        printf("%s %s", i ? "," : "", label);
    }
    printf("\nlinearizable outcomes (adt %s): %zu\n", client_adt_name(c->spec->adt),
           client_outcome_set_size(run->outcomes));
    client_outcome_set_print(run->outcomes, stdout, 2, false);
    const client_lin_stats *s = &run->stats;
    printf("statistics: %zu nodes, %zu matched, %zu invocations, %zu restores\n", s->nodes,
           s->matched, s->invocations, s->restores);
}

/* Returns the JSON report of one client; NULL when out of memory. */
static json_t *client_json(const client *c, const client_lin_run *run, size_t line)
{
    char text[16384];
    client_format(c, text, sizeof text);
    json_t *j = client_outcome_set_json(run->outcomes, c);
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
    return j;
}

/* Computes and reports the outcomes of every client of [list]; appends JSON to [reports]. */
static int run_all(const outcomes_args *a, const client_spec *spec, const client_list *list,
                   json_t *reports)
{
    client_object obj;
    client_error err = {0};
    if (client_adt_new(spec, &obj, &err) != CLIENT_OK) {
        fprintf(stderr, "porcheck outcomes: %s\n", err.message);
        return EXIT_BAD_INPUT;
    }
    int status = EXIT_PASS;
    for (size_t i = 0; i < list->count && status == EXIT_PASS; i++) {
        client_lin_run run = {.options = {.stateless = a->stateless}};
        if (client_linearize(list->items[i], &obj, &run, &err) != CLIENT_OK) {
            fprintf(stderr, "porcheck outcomes: %s:%zu: %s\n", a->clients ? a->clients : "--client",
                    list->lines[i], err.message);
            status = EXIT_BAD_INPUT;
            break;
        }
        print_client(list->items[i], &run, i);
        if (reports &&
            json_array_append_new(reports, client_json(list->items[i], &run, list->lines[i])))
            status = EXIT_BAD_INPUT;
        client_outcome_set_free(run.outcomes);
    }
    client_object_free(&obj);
    return status;
}

/* Writes the JSON document for [reports] to [path]. */
static bool write_json(const outcomes_args *a, const client_spec *spec, json_t *reports)
{
    json_t *doc = json_pack("{sssssssO}", "spec", a->spec, "class", spec->class_name, "oracle",
                            "adt", "clients", reports);
    bool ok = doc && json_dump_file(doc, a->json, JSON_INDENT(2)) == 0;
    json_decref(doc);
    return ok;
}

int cmd_outcomes(int argc, char **argv)
{
    outcomes_args a;
    args_status s = parse_args(argc, argv, &a);
    if (s == ARGS_USAGE) return usage();
    if (s == ARGS_REPORTED) return EXIT_BAD_INPUT;
    client_spec *spec = NULL;
    client_list list = {0};
    client_error err = {0};
    if (client_spec_load(a.spec, &spec, &err) != CLIENT_OK ||
        load_clients(&a, spec, &list, &err) != CLIENT_OK) {
        fprintf(stderr, "porcheck outcomes: %s\n", err.message);
        client_spec_free(spec);
        return EXIT_BAD_INPUT;
    }
    json_t *reports = a.json ? json_array() : NULL;
    int status = run_all(&a, spec, &list, reports);
    if (status == EXIT_PASS && a.json && !write_json(&a, spec, reports)) {
        fprintf(stderr, "porcheck outcomes: cannot write %s\n", a.json);
        status = EXIT_BAD_INPUT;
    }
    json_decref(reports);
    client_list_free(&list);
    client_spec_free(spec);
    return status;
}
