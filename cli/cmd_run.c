/* porcheck run: model-checks a Java program's main over all thread interleavings (the VM as a
 * por transition system); the checking and the report are verdict_run's. --replay runs one
 * schedule. */
#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "commands.h"
#include "verdict.h"

enum { MAX_VISIBLE = 64 };

/* Command-line settings. */
typedef struct run_args {
    verdict_run_options run;
    const char *visible[MAX_VISIBLE];
    const char *json, *replay;
    verdict_classifier classifier; /* --classifier, or the default for the algorithm */
    cli_progress progress;
} run_args;

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
            "       [--progress | --no-progress] [--jdk DIR | --model-library] [--jdk-locks]\n"
            "       MAIN [ARGS...]\n"
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
        if (a->run.check.visible_count == MAX_VISIBLE)
            return bad("too many --visible prefixes%s", "");
        a->visible[a->run.check.visible_count++] = p;
    }
    return ARGS_OK;
}

/* Parses an option that takes a number. */
static args_status number_option(run_args *a, const char *name, const char *value)
{
    if (cli_is_limit(name))
        return cli_set_limit("run", &a->run.search, name, value) ? ARGS_OK : ARGS_REPORTED;
    double v;
    if (!cli_parse_number(value, &v)) {
        fprintf(stderr, "porcheck run: %s: expected a non-negative number, got '%s'\n", name,
                value);
        return ARGS_REPORTED;
    }
    if (!strcmp(name, "--max-threads"))
        a->run.check.max_threads = (uint32_t)v;
    else if (!strcmp(name, "--max-instructions"))
        a->run.check.max_instructions = (uint64_t)v;
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
        return a->run.vm.classpath = value, ARGS_OK;
    if (!strcmp(name, "--json")) return a->json = value, ARGS_OK;
    if (!strcmp(name, "--replay")) return a->replay = value, ARGS_OK;
    if (!strcmp(name, "--visible")) return add_visible(a, value);
    if (!strcmp(name, "--classifier")) {
        if (!strcmp(value, "jpf"))
            a->classifier = VERDICT_CLASSIFY_JPF;
        else if (!strcmp(value, "safe"))
            a->classifier = VERDICT_CLASSIFY_SAFE;
        else
            return bad("unknown classifier '%s' (jpf or safe)", value);
        return ARGS_OK;
    }
    if (!strcmp(name, "--algo") || !strcmp(name, "--order")) {
        por_status s = !strcmp(name, "--algo") ? por_algo_parse(value, &a->run.search.algo, &err)
                                               : por_order_parse(value, &a->run.search.order, &err);
        return s == POR_OK ? ARGS_OK : bad("%s", err.message);
    }
    return number_option(a, name, value);
}

/* Parses the option at argv[*i]. */
static args_status parse_option(int argc, char **argv, int *i, run_args *a)
{
    const char *name = argv[*i];
    int jdk = cli_jdk_option("run", argc, argv, i);
    if (jdk) return jdk == 1 ? ARGS_OK : ARGS_REPORTED;
    if (!strcmp(name, "--stateless")) return a->run.search.stateless = true, ARGS_OK;
    if (!strcmp(name, "--all")) return a->run.search.first_error = false, ARGS_OK;
    if (!strcmp(name, "--exact-states")) return a->run.check.exact = true, ARGS_OK;
    if (!strcmp(name, "--heap-symmetry")) return a->run.check.heap_symmetry = true, ARGS_OK;
    if (!strcmp(name, "-ea")) return a->run.vm.assertions = true, ARGS_OK;
    if (!strcmp(name, "-da")) return a->run.vm.assertions = false, ARGS_OK;
    if (cli_progress_option(name, &a->progress)) return ARGS_OK;
    if (*i + 1 >= argc) return ARGS_USAGE;
    return value_option(a, name, argv[++*i]);
}

/* Reads the command line into [a]. */
static args_status parse_args(int argc, char **argv, run_args *a)
{
    memset(a, 0, sizeof *a);
    por_options_init(&a->run.search);
    a->run.search.first_error = true;
    a->run.vm.assertions = true;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        args_status s = parse_option(argc, argv, &i, a);
        if (s != ARGS_OK) return s;
    }
    if (i >= argc) return ARGS_USAGE;
    a->run.main = argv[i];
    a->run.argc = argc - i - 1;
    a->run.argv = argv + i + 1;
    a->run.check.visible = a->visible;
    a->run.check.classifier =
        verdict_vm_classifier(verdict_classifier_for(a->run.search.algo, a->classifier));
    if (a->run.check.visible_count && a->run.check.classifier != EXPLORE_CLASSIFY_SAFE)
        return bad("--visible%s applies to --classifier safe only", "");
    a->run.search.stateless |= por_algo_is_stateless(a->run.search.algo);
    if (a->run.check.heap_symmetry &&
        !cli_heap_symmetry_allows("run", a->run.search.algo, a->run.search.stateless))
        return ARGS_REPORTED;
    return ARGS_OK;
}

/* ---- The command ----------------------------------------------------------------------------- */

/* Returns the name of the stopping signal received, or NULL. */
static const char *signal_name(void)
{
    return cli_signal_received() ? cli_signal_name(cli_signal_received()) : NULL;
}

/* --replay: runs one schedule on [machine], printing its trace. */
static int run_replay(const run_args *a, vm *machine)
{
    uint8_t *schedule;
    size_t length;
    client_error perr = {0};
    if (verdict_schedule_parse(a->replay, &schedule, &length, &perr) != CLIENT_OK) {
        fprintf(stderr, "porcheck run: --replay: %s\n", perr.message);
        return EXIT_BAD_INPUT;
    }
    verdict_error err = {0};
    int status = verdict_run_replay(machine, schedule, length, stdout, &err);
    base_free(schedule);
    if (status >= 0) return status;
    fprintf(stderr, "porcheck run: %s\n", err.message);
    return EXIT_BAD_INPUT;
}

/* Runs the search from [machine] and prints the report, writing it to [json] (opened for
 * --json, or NULL); returns the exit status. */
static int run_search(run_args *a, vm *machine, FILE *json)
{
    a->run.search.stop_flag = cli_stop_flag();
    cli_progress_attach(&a->progress, &a->run.search);
    verdict_run_result r;
    verdict_error err = {0};
    bool ok = verdict_run(&a->run, machine, &r, &err);
    cli_progress_end(&a->progress);
    int status = EXIT_BAD_INPUT;
    if (ok) {
        verdict_run_print(stdout, &a->run, &r, signal_name());
        fflush(stdout);
        status = (int)verdict_run_verdict(&r);
        if (json) cli_write_json("run", a->json, json, verdict_run_json(&a->run, &r));
    } else {
        fprintf(stderr, "porcheck run: %s\n", err.message);
        if (json) fclose(json), remove(a->json);
    }
    verdict_run_result_free(&r);
    return status;
}

int cmd_run(int argc, char **argv)
{
    run_args a;
    args_status s = parse_args(argc, argv, &a);
    if (s == ARGS_USAGE) return usage();
    if (s == ARGS_REPORTED) return EXIT_BAD_INPUT;
    cli_signals_install();
    verdict_error err = {0};
    vm *machine = verdict_run_start(&a.run, &err);
    if (!machine) {
        fprintf(stderr, "porcheck run: %s\n", err.message);
        return cli_exit_status(EXIT_BAD_INPUT);
    }
    fflush(stdout);
    FILE *json = NULL;
    int status = EXIT_BAD_INPUT;
    if (a.replay) {
        status = run_replay(&a, machine);
        vm_free(machine);
    } else if (!a.json || (json = cli_open_output("run", a.json))) {
        status = run_search(&a, machine, json);
    } else {
        vm_free(machine);
    }
    return cli_exit_status(status);
}
