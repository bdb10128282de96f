/* porcheck generate: writes random clients of a spec, one per line, after Violat's random mode;
 * the same seed gives the same clients. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "clients.h"
#include "commands.h"

/* The largest --count. */
#define MAX_COUNT 1000000

/* Command-line settings. */
typedef struct gen_args {
    const char *spec, *jar;
    size_t count;
    bool complete;
    client_gen_options opt;
} gen_args;

/* What --complete needs: the spec, and the ADT model or the jar of the implementation. */
typedef struct completion {
    const client_spec *spec;
    const char *jar; /* the implementation decides when set; else [adt] */
    client_object adt;
} completion;

/* The options (see cli_syntax). */
static const cli_option options[] = {
    CLI_OPT_SPEC,
    {"threads", "N|A..B", "threads per client: N, or from A to B (default 3)", CLI_VALUE_TEXT, NULL,
     NULL},
    {"calls", "N|A..B", "invocations per thread: N, or from A to B (default 1..5)", CLI_VALUE_TEXT,
     NULL, NULL},
    {"values", "N", "arguments drawn from 0..N-1 (default 2)", CLI_VALUE_TEXT, NULL, NULL},
    {"count", "K", "how many clients (default 1, at most 1000000)", CLI_VALUE_TEXT, NULL, NULL},
    {"seed", "X", "the random seed (default 1): the same seed, the same clients", CLI_VALUE_TEXT,
     NULL, NULL},
    {"mutators-only", NULL, "only methods the spec does not mark readonly", CLI_VALUE_TEXT, NULL,
     NULL},
    {"methods", "NAME,...", "only these methods of the spec", CLI_VALUE_TEXT, NULL, NULL},
    {"complete", NULL,
     "only clients with an order of their invocations that\n"
     "completes (none blocked): on the spec's ADT model, or on\n"
     "the class of --jar",
     CLI_VALUE_TEXT, NULL, NULL},
    {"jar", "J", "with --complete: the jar holding the class under test", CLI_VALUE_FILE, NULL,
     NULL},
    CLI_OPT_JDK,
};

const cli_syntax cli_generate_syntax = {
    "generate",
    "--spec S [options]",
    "write random clients of a spec, one per line (deterministic for a seed; --complete: only "
    "clients with a completing order)",
    options,
    sizeof options / sizeof options[0],
    NULL,
    false,
    cmd_generate};

/* Parses a decimal number in [0, max] into [*out]. */
static bool parse_size(const char *text, unsigned long long max, unsigned long long *out)
{
    char *end;
    errno = 0;
    if (!*text || *text == '-' || *text == '+') return false;
    unsigned long long v = strtoull(text, &end, 10);
    if (*end || errno || v > max) return false;
    *out = v;
    return true;
}

/* Parses "N" or "A..B" into [*lo], [*hi]. */
static bool parse_range(const char *text, size_t *lo, size_t *hi)
{
    unsigned long long a, b;
    const char *dots = strstr(text, "..");
    if (!dots) {
        if (!parse_size(text, 100000, &a)) return false;
        *lo = *hi = (size_t)a;
        return true;
    }
    char first[32];
    size_t n = (size_t)(dots - text);
    if (n == 0 || n >= sizeof first) return false;
    memcpy(first, text, n);
    first[n] = '\0';
    if (!parse_size(first, 100000, &a) || !parse_size(dots + 2, 100000, &b)) return false;
    *lo = (size_t)a;
    *hi = (size_t)b;
    return true;
}

/* Reports a malformed value of option [name]; returns false. */
static bool bad_value(const char *name, const char *value, const char *expected)
{
    fprintf(stderr, "porcheck generate: --%s: expected %s, got '%s'\n", name, expected, value);
    return false;
}

/* Parses the value of a number option [name] into [a]. */
static bool number_option(gen_args *a, const char *name, const char *value)
{
    unsigned long long v;
    if (!strcmp(name, "threads"))
        return parse_range(value, &a->opt.min_threads, &a->opt.max_threads) ||
               bad_value(name, value, "N or A..B");
    if (!strcmp(name, "calls"))
        return parse_range(value, &a->opt.min_calls, &a->opt.max_calls) ||
               bad_value(name, value, "N or A..B");
    if (!strcmp(name, "values"))
        return parse_size(value, 1000000, &v) ? (a->opt.values = (size_t)v, true)
                                              : bad_value(name, value, "a number");
    if (!strcmp(name, "count"))
        return parse_size(value, MAX_COUNT, &v) ? (a->count = (size_t)v, true)
                                                : bad_value(name, value, "a number up to 1000000");
    return parse_size(value, UINT64_MAX, &v) ? (a->opt.seed = v, true)
                                             : bad_value(name, value, "a 64-bit number");
}

/* Takes option [name] with [value] into [a] (a cli_option_fn). */
static bool take_option(void *ctx, const char *name, const char *value)
{
    gen_args *a = ctx;
    if (!name) {
        fprintf(stderr, "porcheck generate: unexpected argument '%s'\n", value);
        return false;
    }
    int jdk = cli_jdk_option("generate", name, value);
    if (jdk) return jdk == 1;
    if (!strcmp(name, "mutators-only")) return a->opt.mutators_only = true;
    if (!strcmp(name, "complete")) return a->complete = true;
    if (!strcmp(name, "spec")) return a->spec = value, true;
    if (!strcmp(name, "jar")) return a->jar = value, true;
    if (!strcmp(name, "methods")) return a->opt.methods = value, true;
    return number_option(a, name, value);
}

/* Reads the command line into [a] (defaults: 3 threads, 1..5 calls, values 2, count 1,
 * seed 1); returns CLI_CONTINUE or the exit status. */
static int parse_args(int argc, char **argv, gen_args *a)
{
    memset(a, 0, sizeof *a);
    a->opt = (client_gen_options){
        .min_threads = 3, .max_threads = 3, .min_calls = 1, .max_calls = 5, .values = 2, .seed = 1};
    a->count = 1;
    int status = cli_parse(&cli_generate_syntax, argc, argv, take_option, a, NULL);
    if (status != CLI_CONTINUE) return status;
    if (!a->spec) return cli_usage_error(&cli_generate_syntax, "missing --spec S");
    if (a->jar && !a->complete) {
        fprintf(stderr, "porcheck generate: --jar is only used with --complete\n");
        return EXIT_BAD_INPUT;
    }
    return CLI_CONTINUE;
}

/* The --complete filter: keeps client [text] when some order of its invocations completes on
 * the implementation (--jar) or the spec's ADT model (an outcome that is not blocked). */
static client_status keep_completing(void *ctx, const char *text, bool *keep, client_error *err)
{
    completion *cp = ctx;
    client *c;
    client_source src = {"generated client", 1};
    client_status s = client_parse(cp->spec, text, &src, &c, err);
    if (s) return s;
    client_object impl = {0};
    harness_impl_options opt = {.classpath = cp->jar};
    if (cp->jar) s = harness_impl_new(c, &opt, &impl, err);
    client_lin_run run = {0};
    if (!s) s = client_linearize(c, cp->jar ? &impl : &cp->adt, &run, err);
    *keep = !s && client_outcome_set_size(run.outcomes) > client_outcome_set_blocked(run.outcomes);
    client_outcome_set_free(run.outcomes);
    client_object_free(&impl);
    client_free(c);
    return s;
}

/* Prepares [cp] for --complete on [spec] and installs its filter in [a]. */
static client_status setup_complete(gen_args *a, const client_spec *spec, completion *cp,
                                    client_error *err)
{
    cp->spec = spec;
    cp->jar = a->jar;
    if (a->jar) {
        client_status s = harness_classpath_check(a->jar, err);
        if (s) return s;
    } else if (spec->adt == CLIENT_ADT_NONE) {
        return client_fail(err, CLIENT_ERR_ARG,
                           "--complete needs --jar J or a spec with an \"adt\" model (%s has "
                           "none)",
                           spec->path);
    } else {
        client_status s = client_adt_new(spec, &cp->adt, err);
        if (s) return s;
    }
    a->opt.filter = keep_completing;
    a->opt.filter_ctx = cp;
    return CLIENT_OK;
}

/* Writes [count] clients of [gen] to standard output. */
static int emit(client_gen *gen, size_t count)
{
    char line[16384];
    client_error err = {0};
    for (size_t i = 0; i < count; i++) {
        if (client_gen_next(gen, line, sizeof line, &err) != CLIENT_OK) {
            fflush(stdout);
            fprintf(stderr, "porcheck generate: %s\n", err.message);
            return EXIT_BAD_INPUT;
        }
        puts(line);
    }
    return EXIT_PASS;
}

int cmd_generate(int argc, char **argv)
{
    gen_args a;
    int parsed = parse_args(argc, argv, &a);
    if (parsed != CLI_CONTINUE) return parsed;
    client_spec *spec = NULL;
    client_gen *gen = NULL;
    client_error err = {0};
    completion cp = {0};
    if (client_spec_load(a.spec, &spec, &err) != CLIENT_OK ||
        (a.complete && setup_complete(&a, spec, &cp, &err) != CLIENT_OK) ||
        client_gen_new(spec, &a.opt, &gen, &err) != CLIENT_OK) {
        fprintf(stderr, "porcheck generate: %s\n", err.message);
        client_object_free(&cp.adt);
        client_spec_free(spec);
        return EXIT_BAD_INPUT;
    }
    for (size_t i = 0; i < spec->warning_count; i++)
        fprintf(stderr, "porcheck generate: %s\n", spec->warnings[i]);
    int status = emit(gen, a.count);
    client_gen_free(gen);
    client_object_free(&cp.adt);
    client_spec_free(spec);
    return status;
}
