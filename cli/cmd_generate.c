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

/* Result of reading the arguments. */
typedef enum args_status { ARGS_OK, ARGS_USAGE, ARGS_REPORTED } args_status;

/* Prints the usage lines; returns the bad-input status. */
static int usage(void)
{
    fprintf(stderr, "usage: porcheck generate --spec S [--threads N|A..B] [--calls N|A..B] "
                    "[--values N] [--count K]\n"
                    "       [--seed X] [--mutators-only] [--methods NAME,...] [--complete "
                    "[--jar J]]\n"
                    "       [--jdk DIR | --model-library] [--jdk-locks]\n");
    return EXIT_BAD_INPUT;
}

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

/* Reports a malformed value of option [name]. */
static args_status bad_value(const char *name, const char *value, const char *expected)
{
    fprintf(stderr, "porcheck generate: %s: expected %s, got '%s'\n", name, expected, value);
    return ARGS_REPORTED;
}

/* Parses the option at argv[*i] (with its value) into [a]. */
static args_status parse_option(int argc, char **argv, int *i, gen_args *a)
{
    const char *name = argv[*i], *value = *i + 1 < argc ? argv[*i + 1] : NULL;
    unsigned long long v;
    int jdk = cli_jdk_option("generate", argc, argv, i);
    if (jdk) return jdk == 1 ? ARGS_OK : ARGS_REPORTED;
    if (!strcmp(name, "--mutators-only")) return a->opt.mutators_only = true, ARGS_OK;
    if (!strcmp(name, "--complete")) return a->complete = true, ARGS_OK;
    if (!value) return ARGS_USAGE;
    (*i)++;
    if (!strcmp(name, "--spec")) return a->spec = value, ARGS_OK;
    if (!strcmp(name, "--jar")) return a->jar = value, ARGS_OK;
    if (!strcmp(name, "--methods")) return a->opt.methods = value, ARGS_OK;
    if (!strcmp(name, "--threads"))
        return parse_range(value, &a->opt.min_threads, &a->opt.max_threads)
                   ? ARGS_OK
                   : bad_value(name, value, "N or A..B");
    if (!strcmp(name, "--calls"))
        return parse_range(value, &a->opt.min_calls, &a->opt.max_calls)
                   ? ARGS_OK
                   : bad_value(name, value, "N or A..B");
    if (!strcmp(name, "--values"))
        return parse_size(value, 1000000, &v) ? (a->opt.values = (size_t)v, ARGS_OK)
                                              : bad_value(name, value, "a number");
    if (!strcmp(name, "--count"))
        return parse_size(value, MAX_COUNT, &v) ? (a->count = (size_t)v, ARGS_OK)
                                                : bad_value(name, value, "a number up to 1000000");
    if (!strcmp(name, "--seed"))
        return parse_size(value, UINT64_MAX, &v) ? (a->opt.seed = v, ARGS_OK)
                                                 : bad_value(name, value, "a 64-bit number");
    return ARGS_USAGE;
}

/* Reads the command line into [a] (defaults: 3 threads, 1..5 calls, values 2, count 1,
 * seed 1). */
static args_status parse_args(int argc, char **argv, gen_args *a)
{
    memset(a, 0, sizeof *a);
    a->opt = (client_gen_options){
        .min_threads = 3, .max_threads = 3, .min_calls = 1, .max_calls = 5, .values = 2, .seed = 1};
    a->count = 1;
    for (int i = 1; i < argc; i++) {
        args_status s = argv[i][0] == '-' ? parse_option(argc, argv, &i, a) : ARGS_USAGE;
        if (s != ARGS_OK) return s;
    }
    if (!a->spec) return ARGS_USAGE;
    if (a->jar && !a->complete) {
        fprintf(stderr, "porcheck generate: --jar is only used with --complete\n");
        return ARGS_REPORTED;
    }
    return ARGS_OK;
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
    args_status s = parse_args(argc, argv, &a);
    if (s == ARGS_USAGE) return usage();
    if (s == ARGS_REPORTED) return EXIT_BAD_INPUT;
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
