/* porcheck campaign: runs every client x algorithm x enumeration order of a clients file as its
 * own `porcheck check` process (up to --jobs at once, each under a time and a memory limit) and
 * appends one CSV row per finished run. Rerunning the same command skips the rows already in the
 * CSV; --shard K/N runs a fixed 1/N of the rows, so the CSVs of N machines concatenate. */
#define _DEFAULT_SOURCE /* readlink, sysconf(_SC_NPROCESSORS_ONLN) */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "campaign.h"
#include "clients.h"
#include "commands.h"

/* Most algorithms one campaign compares. */
enum { MAX_ALGOS = 32 };

/* The command line: the options and the storage they point into. */
typedef struct campaign_args {
    campaign_options opt;
    const char *algos, *shard, *jobs, *timeout, *memory;
    const char *names[MAX_ALGOS];    /* the --algos names, canonical, as the CSV writes them */
    const char *searches[MAX_ALGOS]; /* the same without "+symmetry": check's --algo */
    bool symmetric[MAX_ALGOS];       /* the algorithm runs with --heap-symmetry */
    char named[MAX_ALGOS][64];       /* the storage of [names] */
    char self[4096];                 /* this executable's path */
} campaign_args;

/* The options (see cli_syntax). */
static const cli_option options[] = {
    {"jar", "J", "jar(s) holding the class under test, ':'-separated", CLI_VALUE_FILE, NULL, NULL},
    CLI_OPT_SPEC,
    CLI_OPT_CLIENTS,
    {"algos", "A,B,...",
     "the searches to run each client under (check's --algo;\n"
     "portfolio: check's default portfolio); A+symmetry runs A\n"
     "with --heap-symmetry, and the CSV names it so",
     CLI_VALUE_TEXT, NULL, NULL},
    {"csv", "OUT",
     "the CSV the rows are appended to; rerunning skips the\n"
     "rows already in it ('-': stdout, no resuming, and the\n"
     "summary goes to stderr)",
     CLI_VALUE_FILE, NULL, NULL},
    {"orders", "O",
     "seq (default), seq:all (every permutation of the client\n"
     "threads), random:K (seeds 1..K), or a comma list of\n"
     "check's orders (seq:PERM, random:SEED) and of seq:all\n"
     "and random:A..B",
     CLI_VALUE_TEXT, NULL, NULL},
    {"first-error", NULL, "every run stops at its first violation", CLI_VALUE_TEXT, NULL, NULL},
    {"timeout", "S", "seconds per run (default 1800)", CLI_VALUE_TEXT, NULL, NULL},
    {"max-memory", "MB", "megabytes per run (default: physical memory / jobs)", CLI_VALUE_TEXT,
     NULL, NULL},
    {"jobs", "N", "runs at once (default: the online cores)", CLI_VALUE_TEXT, NULL, NULL},
    {"shard", "K/N", "only the runs whose index in the full list is K-1\nmodulo N", CLI_VALUE_TEXT,
     NULL, NULL},
    {"heap-symmetry", NULL,
     "every run matches states up to object names: each\n"
     "algorithm A of --algos is taken as A+symmetry",
     CLI_VALUE_TEXT, NULL, NULL},
    {"visible", "P,...",
     "the narrowed visible set of the paper's S-POR experiments,\n"
     "passed to every run of a safe-classifier algorithm (not\n"
     "recorded in the CSV)",
     CLI_VALUE_TEXT, NULL, NULL},
    {"max-threads", "N",
     "passed to every run: the most threads a client's program\n"
     "may have, the structure's own included (check's --max-threads)",
     CLI_VALUE_TEXT, NULL, NULL},
    {"dry-run", NULL,
     "print the runs still to make (client id, algorithm,\n"
     "order; tab-separated) instead of making them",
     CLI_VALUE_TEXT, NULL, NULL},
    CLI_OPT_JDK,
};

const cli_syntax cli_campaign_syntax = {
    "campaign",
    "--jar J --spec S --clients FILE --algos A,B,... --csv OUT [options]",
    "run every client x algorithm x order as its own check process; one CSV row per run "
    "(resumable, shardable)",
    options,
    sizeof options / sizeof options[0],
    "exit status: 0 every run made (whatever its verdict: see the CSV), 2 bad input,\n"
    "128 + N after signal N (the finished rows are kept; rerun to make the rest)\n",
    false,
    cmd_campaign};

/* Prints a one-line error about the arguments; returns the bad-input status. */
static int fail(const char *fmt, const char *value)
{
    fprintf(stderr, "porcheck campaign: ");
    fprintf(stderr, fmt, value);
    fprintf(stderr, " (try 'porcheck campaign --help')\n");
    return EXIT_BAD_INPUT;
}

/* Takes option [name] with [value] into [a] (a cli_option_fn). */
static bool take_option(void *ctx, const char *name, const char *value)
{
    campaign_args *a = ctx;
    if (!name) return fail("unexpected argument '%s'", value), false;
    int jdk = cli_jdk_option("campaign", name, value);
    if (jdk) return jdk == 1;
    if (!strcmp(name, "first-error")) return a->opt.first_error = true;
    if (!strcmp(name, "dry-run")) return a->opt.dry_run = true;
    if (!strcmp(name, "heap-symmetry")) return a->opt.heap_symmetry = true;
    if (!strcmp(name, "max-threads"))
        return cli_max_threads_option("campaign", value, &a->opt.max_threads);
    static const char *const names[] = {"jar",   "spec", "clients", "csv",        "orders", "algos",
                                        "shard", "jobs", "timeout", "max-memory", "visible"};
    const char **slots[] = {&a->opt.jar,    &a->opt.spec, &a->opt.clients, &a->opt.csv,
                            &a->opt.orders, &a->algos,    &a->shard,       &a->jobs,
                            &a->timeout,    &a->memory,   &a->opt.visible};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(name, names[i])) *slots[i] = value;
    return true;
}

/* Parses the positive number [text] of option [name] (at most [max]) into [*out]. */
static int parse_number(const char *name, const char *text, double max, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || *end || errno || !(v > 0) || v > max) {
        fprintf(stderr, "porcheck campaign: %s expects a positive number, got '%s'\n", name, text);
        return EXIT_BAD_INPUT;
    }
    *out = v;
    return -1;
}

/* Adds algorithm [tok] of --algos ("portfolio": check's default portfolio; a "+symmetry" suffix,
 * or --heap-symmetry, runs it with --heap-symmetry) under its canonical name; -1 when it was
 * added, else the exit status after an error. */
static int parse_algo(campaign_args *a, char *tok)
{
    static const char suffix[] = "+symmetry";
    size_t len = strlen(tok), slen = sizeof suffix - 1, i = a->opt.algo_count;
    bool symmetric = a->opt.heap_symmetry;
    if (len > slen && !strcmp(tok + len - slen, suffix)) {
        tok[len - slen] = '\0';
        symmetric = true;
    }
    por_algo algo = POR_ALGO_DL_SPOR; /* a portfolio's members are all safe-set searches */
    por_error err = {0};
    bool portfolio = !strcmp(tok, "portfolio"); /* its default members: check's own */
    if (!portfolio && por_algo_parse(tok, &algo, &err) != POR_OK)
        return fail("%s (or portfolio, and either with +symmetry)", err.message);
    if (symmetric && !cli_heap_symmetry_allows("campaign", algo, false)) return EXIT_BAD_INPUT;
    a->searches[i] = portfolio ? "portfolio" : por_algo_name(algo);
    a->symmetric[i] = symmetric;
    snprintf(a->named[i], sizeof a->named[i], "%s%s", a->searches[i], symmetric ? suffix : "");
    for (size_t k = 0; k < i; k++)
        if (!strcmp(a->names[k], a->named[i]))
            return fail("algorithm '%s' listed twice", a->named[i]);
    a->names[a->opt.algo_count++] = a->named[i];
    return -1;
}

/* Splits --algos into canonical algorithm names. */
static int parse_algos(campaign_args *a)
{
    char buf[1024];
    if (strlen(a->algos) >= sizeof buf) return fail("--algos is too long: '%.40s'", a->algos);
    strcpy(buf, a->algos);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        if (a->opt.algo_count == MAX_ALGOS) return fail("more than %s algorithms", "32");
        int st = parse_algo(a, tok);
        if (st >= 0) return st;
    }
    if (!a->opt.algo_count) return fail("--algos names no algorithm: '%s'", a->algos);
    a->opt.algos = a->names;
    a->opt.searches = a->searches;
    a->opt.symmetric = a->symmetric;
    return -1;
}

/* Checks that every required option is there. */
static int require(const campaign_args *a)
{
    const char *missing = !a->opt.jar       ? "--jar J"
                          : !a->opt.spec    ? "--spec S"
                          : !a->opt.clients ? "--clients FILE"
                          : !a->algos       ? "--algos A,B,..."
                          : !a->opt.csv     ? "--csv OUT"
                                            : NULL;
    if (!missing) return -1;
    char message[64];
    snprintf(message, sizeof message, "missing %s", missing);
    return cli_usage_error(&cli_campaign_syntax, message);
}

/* Parses --jobs (default: the online cores). */
static int parse_jobs(campaign_args *a)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    a->opt.jobs = cores > 0 ? (size_t)cores : 1;
    if (!a->jobs) return -1;
    double v;
    int st = parse_number("--jobs", a->jobs, 4096, &v);
    if (st >= 0) return st;
    if (v != floor(v)) return fail("--jobs expects a whole number, got '%s'", a->jobs);
    a->opt.jobs = (size_t)v;
    return -1;
}

/* Parses --jobs, --timeout, --max-memory and --shard, with their defaults. */
static int parse_limits(campaign_args *a)
{
    int st = parse_jobs(a);
    if (st >= 0) return st;
    a->opt.timeout = 1800;
    if (a->timeout && (st = parse_number("--timeout", a->timeout, 1e7, &a->opt.timeout)) >= 0)
        return st;
    if (a->memory) {
        st = parse_number("--max-memory", a->memory, 1e9, &a->opt.max_memory_mb);
        if (st >= 0) return st;
    } else {
        double phys = cli_physical_bytes();
        a->opt.max_memory_mb = phys > 0 ? floor(phys / 1048576.0 / (double)a->opt.jobs) : 0;
    }
    a->opt.shard_k = a->opt.shard_n = 1;
    if (a->shard && !campaign_shard_parse(a->shard, &a->opt.shard_k, &a->opt.shard_n))
        return fail("bad --shard '%s' (expected K/N with 1 <= K <= N)", a->shard);
    return -1;
}

/* Checks the jar and the --orders syntax, and finds this executable. */
static int check_inputs(campaign_args *a)
{
    client_error err = {0};
    if (harness_classpath_check(a->opt.jar, &err) != CLIENT_OK) return fail("%s", err.message);
    if (!a->opt.orders) a->opt.orders = "seq";
    campaign_orders orders;
    char msg[CAMPAIGN_MSG_MAX];
    if (!campaign_orders_expand(a->opt.orders, 3, &orders, msg)) return fail("--orders: %s", msg);
    campaign_orders_free(&orders);
    ssize_t len = readlink("/proc/self/exe", a->self, sizeof a->self - 1);
    if (len <= 0) return fail("cannot find the porcheck executable (%s)", "/proc/self/exe");
    a->self[len] = '\0';
    a->opt.self = a->self;
    return -1;
}

/* Reads the command line into [a]; returns -1 when it is good, else the exit status. */
static int parse_args(int argc, char **argv, campaign_args *a)
{
    memset(a, 0, sizeof *a);
    int st = cli_parse(&cli_campaign_syntax, argc, argv, take_option, a, NULL);
    if (st < 0) st = require(a);
    if (st < 0) st = parse_algos(a);
    if (st < 0) st = parse_limits(a);
    if (st < 0) st = check_inputs(a);
    return st;
}

/* ---- Running --------------------------------------------------------------------------------- */

/* Lists into [todo] the runs of [plan] that [done] lacks; returns how many, or -1 after
 * reporting a row of the CSV that names another client. */
static long pending(const campaign_options *opt, const campaign_plan *plan,
                    const campaign_done *done, const campaign_run **todo)
{
    long n = 0;
    for (size_t i = 0; i < plan->count; i++) {
        const campaign_run *run = &plan->runs[i];
        bool clash;
        if (!campaign_done_has(done, opt, run, &clash)) {
            todo[n++] = run;
        } else if (clash) {
            fprintf(stderr,
                    "porcheck campaign: %s: the row of line %zu (%s, %s) is for another client; "
                    "did %s change? use a new CSV\n",
                    opt->csv, run->line, opt->algos[run->algo], run->order, opt->clients);
            return -1;
        }
    }
    return n;
}

/* Prints one line of totals [t] named [name] in a column [width] wide. */
static void print_totals(int width, const char *name, const campaign_totals *t)
{
    printf("  %-*s %6zu %6zu %10zu %9zu %14zu %7zu %10.2f\n", width, name, t->rows, t->ok,
           t->violations, t->timeouts, t->out_of_memory, t->errors, t->seconds);
}

/* Prints the summary of the rows this invocation wrote ([skipped] were there already). */
static void print_summary(const campaign_options *opt, const campaign_totals *totals,
                          size_t skipped)
{
    const campaign_totals *all = &totals[opt->algo_count];
    printf("porcheck campaign: %zu row%s written to %s (%zu already there): %zu ok, %zu "
           "violation%s, %zu timeout%s, %zu out of memory, %zu error%s\n",
           all->rows, all->rows == 1 ? "" : "s", opt->csv, skipped, all->ok, all->violations,
           all->violations == 1 ? "" : "s", all->timeouts, all->timeouts == 1 ? "" : "s",
           all->out_of_memory, all->errors, all->errors == 1 ? "" : "s");
    int width = 12; /* the widest algorithm name, "portfolio+symmetry" among them */
    for (size_t i = 0; i < opt->algo_count; i++)
        if ((int)strlen(opt->algos[i]) > width) width = (int)strlen(opt->algos[i]);
    printf("  %-*s %6s %6s %10s %9s %14s %7s %10s\n", width, "algorithm", "rows", "ok",
           "violations", "timeouts", "out-of-memory", "errors", "seconds");
    for (size_t i = 0; i < opt->algo_count; i++) print_totals(width, opt->algos[i], &totals[i]);
    print_totals(width, "all", all);
}

/* Makes the runs of [batch] and reports; returns the exit status. */
static int execute(const campaign_options *opt, campaign_batch *batch, size_t skipped)
{
    campaign_totals *totals = base_calloc(opt->algo_count + 1, sizeof *totals);
    if (!totals) return fprintf(stderr, "porcheck campaign: out of memory\n"), EXIT_BAD_INPUT;
    batch->totals = totals;
    char msg[CAMPAIGN_MSG_MAX] = "";
    int sig = campaign_execute(opt, batch, msg);
    if (sig < 0) fprintf(stderr, "porcheck campaign: %s\n", msg);
    if (sig > 0)
        fprintf(stderr,
                "porcheck campaign: interrupted (signal %d); the finished rows are in %s, "
                "rerun the same command to make the rest\n",
                sig, opt->csv);
    print_summary(opt, totals, skipped);
    base_free(totals);
    return sig < 0 ? EXIT_BAD_INPUT : sig > 0 ? 128 + sig : EXIT_PASS;
}

/* --dry-run: prints the runs of [plan] that CSV lacks; returns the exit status. */
static int list_plan(const campaign_options *opt, const campaign_plan *plan)
{
    campaign_done done;
    char msg[CAMPAIGN_MSG_MAX];
    if (!campaign_csv_read(opt->csv, &done, msg))
        return fprintf(stderr, "porcheck campaign: %s\n", msg), EXIT_BAD_INPUT;
    const campaign_run **todo = base_calloc(plan->count + 1, sizeof *todo);
    long n = todo ? pending(opt, plan, &done, todo) : -1;
    for (long i = 0; i < n; i++)
        printf("%zu\t%s\t%s\n", todo[i]->line, opt->algos[todo[i]->algo], todo[i]->order);
    if (n >= 0)
        fprintf(stderr, "porcheck campaign: shard %zu/%zu: %zu of %zu runs, %ld to make\n",
                opt->shard_k, opt->shard_n, plan->count, plan->total, n);
    base_free(todo);
    campaign_done_free(&done);
    return n >= 0 ? EXIT_PASS : EXIT_BAD_INPUT;
}

/* Opens the CSV, skips the rows it has and runs the rest of [plan]; returns the exit status. */
static int run_plan(const campaign_options *opt, const campaign_plan *plan)
{
    campaign_done done;
    char msg[CAMPAIGN_MSG_MAX];
    FILE *csv = campaign_csv_open(opt->csv, &done, msg);
    if (!csv) return fprintf(stderr, "porcheck campaign: %s\n", msg), EXIT_BAD_INPUT;
    const campaign_run **todo = base_calloc(plan->count + 1, sizeof *todo);
    long n = todo ? pending(opt, plan, &done, todo) : -1;
    int status = EXIT_BAD_INPUT;
    if (n >= 0) {
        size_t skipped = plan->count - (size_t)n;
        fprintf(stderr,
                "porcheck campaign: shard %zu/%zu: %zu of %zu runs, %zu already in %s, "
                "%ld to run with %zu job%s (timeout %g s, memory %g MB each)\n",
                opt->shard_k, opt->shard_n, plan->count, plan->total, skipped, opt->csv, n,
                opt->jobs, opt->jobs == 1 ? "" : "s", opt->timeout, opt->max_memory_mb);
        campaign_batch batch = {todo, (size_t)n, csv, NULL};
        status = execute(opt, &batch, skipped);
    }
    base_free(todo);
    campaign_done_free(&done);
    if (fclose(csv) != 0 && status == EXIT_PASS) status = EXIT_BAD_INPUT;
    return status;
}

int cmd_campaign(int argc, char **argv)
{
    campaign_args a;
    int status = parse_args(argc, argv, &a);
    if (status >= 0) return status;
    campaign_plan plan;
    char msg[CAMPAIGN_MSG_MAX];
    if (!campaign_plan_build(&a.opt, &plan, msg)) {
        fprintf(stderr, "porcheck campaign: %s\n", msg);
        return EXIT_BAD_INPUT;
    }
    status = a.opt.dry_run ? list_plan(&a.opt, &plan) : run_plan(&a.opt, &plan);
    campaign_plan_free(&plan);
    return status;
}
