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
    cli_portfolio portfolio; /* --algo portfolio[:...], --jobs */
    base_arena strings;      /* copies of the --visible values, cut at their commas */
} run_args;

/* ---- Arguments ------------------------------------------------------------------------------- */

/* The options (see cli_syntax). */
static const cli_option options[] = {
    {"classpath", "P", "where MAIN's classes are: directories and jars, ':'-separated",
     CLI_VALUE_FILE, NULL, "-cp"},
    CLI_OPT_PORTFOLIO_ALGO("dfs"),
    CLI_OPT_JOBS,
    CLI_OPT_WORKERS,
    {"classifier", "K",
     "jpf or safe scheduling points (default: jpf for the DPOR\n"
     "and *jpf algorithms, else safe)",
     CLI_VALUE_WORDS, "jpf safe", NULL},
    {"visible", "P,...",
     "the safe classifier's visible classes or packages\n"
     "(default: every class); races on what it leaves out\n"
     "widen it again",
     CLI_VALUE_TEXT, NULL, NULL},
    CLI_OPT_ORDER,
    CLI_OPT_STATELESS,
    {"all", NULL, "go on after the first violation (default: stop there)", CLI_VALUE_TEXT, NULL,
     NULL},
    CLI_OPT_EXACT_STATES,
    CLI_OPT_HEAP_SYMMETRY,
    CLI_OPT_MAX_STATES,
    CLI_OPT_TIMEOUT,
    CLI_OPT_MAX_MEMORY,
    {"max-threads", "N", "the most threads a program may start (1 to " VM_MAX_THREADS_TEXT ")",
     CLI_VALUE_TEXT, NULL, NULL},
    {"max-instructions", "N", "the most instructions one step may run", CLI_VALUE_TEXT, NULL, NULL},
    CLI_OPT_JSON,
    {"enable-assertions", NULL, "run assert statements (the default)", CLI_VALUE_TEXT, NULL, "-ea"},
    {"disable-assertions", NULL, "skip assert statements", CLI_VALUE_TEXT, NULL, "-da"},
    {"replay", "SCHEDULE", "run one schedule (as a report prints it) and print its trace",
     CLI_VALUE_TEXT, NULL, NULL},
    CLI_OPT_PROGRESS,
    CLI_OPT_NO_PROGRESS,
    CLI_OPT_JDK,
};

const cli_syntax cli_run_syntax = {
    "run",
    "--classpath P [options] MAIN [ARGS...]",
    "model-check MAIN over all thread interleavings: uncaught exceptions, deadlocks, livelocks",
    options,
    sizeof options / sizeof options[0],
    "The options end at MAIN; the words after it are its arguments.\n" CLI_SEARCH_STATUS_NOTES,
    true,
    cmd_run};

/* Reports a bad option value (printf-style [fmt] with [value]); returns false. */
static bool bad(const char *fmt, const char *value)
{
    fprintf(stderr, "porcheck run: ");
    fprintf(stderr, fmt, value);
    fprintf(stderr, "\n");
    return false;
}

/* Adds the comma-separated prefixes of [value] to the visible classes. */
static bool add_visible(run_args *a, const char *value)
{
    char *copy = base_arena_strndup(&a->strings, value, strlen(value));
    if (!copy) return bad("out of memory%s", "");
    for (char *p = strtok(copy, ","); p; p = strtok(NULL, ",")) {
        if (a->run.check.visible_count == MAX_VISIBLE)
            return bad("too many --visible prefixes%s", "");
        a->visible[a->run.check.visible_count++] = p;
    }
    return true;
}

/* Parses --max-threads or --max-instructions. */
static bool vm_limit(run_args *a, const char *name, const char *value)
{
    double v;
    if (!cli_parse_number(value, &v)) {
        fprintf(stderr, "porcheck run: --%s: expected a non-negative number, got '%s'\n", name,
                value);
        return false;
    }
    if (!strcmp(name, "max-instructions")) return a->run.check.max_instructions = (uint64_t)v, true;
    return cli_max_threads_option("run", value, &a->run.check.max_threads);
}

/* Parses --classifier. */
static bool classifier_option(run_args *a, const char *value)
{
    if (!strcmp(value, "jpf"))
        a->classifier = VERDICT_CLASSIFY_JPF;
    else if (!strcmp(value, "safe"))
        a->classifier = VERDICT_CLASSIFY_SAFE;
    else
        return bad("unknown classifier '%s' (jpf or safe)", value);
    return true;
}

/* Takes option [name] with [value] into [a] (a cli_option_fn). */
static bool take_option(void *ctx, const char *name, const char *value)
{
    run_args *a = ctx;
    if (cli_portfolio_option(name, value, &a->portfolio)) return true;
    int shared = cli_jdk_option("run", name, value);
    if (!shared) shared = cli_search_option("run", name, value, &a->run.search);
    if (shared) return shared == 1;
    if (cli_progress_option(name, &a->progress)) return true;
    if (!strcmp(name, "all")) return a->run.search.first_error = false, true;
    if (!strcmp(name, "exact-states")) return a->run.check.exact = true;
    if (!strcmp(name, "heap-symmetry")) return a->run.check.heap_symmetry = true;
    if (!strcmp(name, "enable-assertions")) return a->run.vm.assertions = true;
    if (!strcmp(name, "disable-assertions")) return a->run.vm.assertions = false, true;
    if (!strcmp(name, "classpath")) return a->run.vm.classpath = value, true;
    if (!strcmp(name, "json")) return a->json = value, true;
    if (!strcmp(name, "replay")) return a->replay = value, true;
    if (!strcmp(name, "visible")) return add_visible(a, value);
    if (!strcmp(name, "classifier")) return classifier_option(a, value);
    return vm_limit(a, name, value);
}

/* Checks what the options say together; false after one line on stderr. */
static bool run_args_agree(run_args *a)
{
    a->run.check.visible = a->visible;
    a->run.check.classifier =
        verdict_vm_classifier(verdict_classifier_for(a->run.search.algo, a->classifier));
    a->run.search.stateless |= por_algo_is_stateless(a->run.search.algo);
    if (!cli_portfolio_finish("run", &a->portfolio, &a->run.search)) return false;
    if (a->run.check.exact && a->run.search.workers > 1) return bad("%s", CLI_WORKERS_EXACT);
    const por_portfolio *p = &a->portfolio.members;
    for (size_t i = 0; i < (a->portfolio.text ? p->count : 1); i++) { /* each member's search */
        const por_options *m = a->portfolio.text ? &p->members[i] : &a->run.search;
        if (verdict_classifier_for(m->algo, a->classifier) != VERDICT_CLASSIFY_SAFE &&
            a->run.check.visible_count)
            return bad("--visible%s applies to --classifier safe only", "");
        if (a->run.check.heap_symmetry && !cli_heap_symmetry_allows("run", m->algo, m->stateless))
            return false;
    }
    return true;
}

/* Reads the command line into [a]; returns CLI_CONTINUE or the exit status. */
static int parse_args(int argc, char **argv, run_args *a)
{
    memset(a, 0, sizeof *a);
    base_arena_init(&a->strings);
    por_options_init(&a->run.search);
    cli_default_max_memory(&a->run.search);
    a->run.search.first_error = true;
    a->run.vm.assertions = true;
    int main_index = argc;
    int status = cli_parse(&cli_run_syntax, argc, argv, take_option, a, &main_index);
    if (status != CLI_CONTINUE) return status;
    if (main_index >= argc) return cli_usage_error(&cli_run_syntax, "missing MAIN");
    a->run.main = argv[main_index];
    a->run.argc = argc - main_index - 1;
    a->run.argv = argv + main_index + 1;
    return run_args_agree(a) ? CLI_CONTINUE : EXIT_BAD_INPUT;
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

/* A program searched by every member of a portfolio at once. */
typedef struct run_portfolio {
    run_args *a;
    verdict_run_options opt[POR_MAX_MEMBERS];
    verdict_run_result results[POR_MAX_MEMBERS];
    verdict_error errors[POR_MAX_MEMBERS];
    bool ok[POR_MAX_MEMBERS];
    por_portfolio_result ended;
} run_portfolio;

/* Searches the program of [ctx] (a run_portfolio) as member [i] with [search], on a VM of its
 * own, with the classifier its algorithm takes by default (a por_member_fn); the first member
 * shows the progress line. */
static bool run_member(void *ctx, size_t i, const por_options *search, por_result *out)
{
    run_portfolio *p = ctx;
    verdict_run_options *o = &p->opt[i];
    *o = p->a->run;
    o->search = *search;
    o->check.classifier =
        verdict_vm_classifier(verdict_classifier_for(search->algo, p->a->classifier));
    if (i == 0) cli_progress_attach(&p->a->progress, &o->search);
    vm *machine = verdict_run_start(o, &p->errors[i]);
    p->ok[i] = machine && verdict_run(o, machine, &p->results[i], &p->errors[i]);
    if (p->ok[i]) *out = p->results[i].search;
    return p->ok[i];
}

/* Runs the portfolio of [a] on the program and prints the report of the member that gives the
 * verdict and how every member ended, writing it to [json] (opened for --json, or NULL); returns
 * the exit status. */
static int run_portfolio_search(run_args *a, FILE *json)
{
    run_portfolio *p = base_calloc(1, sizeof *p);
    if (p) p->a = a;
    por_error perr = {0};
    por_status st = p ? por_portfolio_run(&a->portfolio.members, cli_stop_flag(), run_member, p,
                                          &p->ended, &perr)
                      : POR_ERR_NOMEM;
    cli_progress_end(&a->progress);
    size_t w = p ? p->ended.winner : 0, n = a->portfolio.members.count;
    int status = EXIT_BAD_INPUT;
    if (st != POR_OK || w >= n) {
        fprintf(stderr, "porcheck run: %s\n",
                !p   ? "out of memory"
                : st ? perr.message
                     : p->errors[0].message);
        if (json) cli_discard_output(a->json, json);
    } else {
        verdict_run_print(stdout, &p->opt[w], &p->results[w], signal_name());
        cli_portfolio_print(stdout, &a->portfolio, &p->ended);
        fflush(stdout);
        status = (int)verdict_run_verdict(&p->results[w]);
        json_t *doc = json ? verdict_run_json(&p->opt[w], &p->results[w]) : NULL;
        if (doc)
            json_object_set_new(doc, "portfolio", cli_portfolio_json(&a->portfolio, &p->ended));
        if (json) cli_write_json("run", a->json, json, doc);
    }
    for (size_t i = 0; p && i < n; i++)
        if (p->ok[i]) verdict_run_result_free(&p->results[i]);
    base_free(p);
    return status;
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
        if (json) cli_discard_output(a->json, json);
    }
    verdict_run_result_free(&r);
    return status;
}

/* Starts the VM for [a] and runs the search or the replay; returns the exit status. */
static int run_main(run_args *a)
{
    cli_signals_install();
    verdict_error err = {0};
    vm *machine = verdict_run_start(&a->run, &err);
    if (!machine) {
        fprintf(stderr, "porcheck run: %s\n", err.message);
        return cli_exit_status(EXIT_BAD_INPUT);
    }
    if (a->run.vm.classpath)
        harness_unlooped_waits(a->run.vm.classpath, a->run.main, cli_warn, "run");
    fflush(stdout);
    FILE *json = NULL;
    int status = EXIT_BAD_INPUT;
    if (a->replay) {
        status = run_replay(a, machine);
        vm_free(machine);
    } else if (a->json && !(json = cli_open_output("run", a->json))) {
        vm_free(machine);
    } else if (a->portfolio.text) {
        vm_free(machine); /* it showed that the program starts; each member starts its own */
        status = run_portfolio_search(a, json);
    } else {
        status = run_search(a, machine, json);
    }
    return cli_exit_status(status);
}

int cmd_run(int argc, char **argv)
{
    run_args a;
    int status = parse_args(argc, argv, &a);
    if (status == CLI_CONTINUE) status = run_main(&a);
    base_arena_release(&a.strings);
    return status;
}
