/* What the commands share: option values (non-negative numbers, the search limits, the
 * progress flags), verdicts and exit statuses, the stop signals, the progress line on stderr and
 * the report files (--json). */
#define _POSIX_C_SOURCE 200809L /* sigaction, isatty */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "commands.h"

bool cli_parse_number(const char *text, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || *end || errno || !(v >= 0) || v > 1e15) return false;
    *out = v;
    return true;
}

bool cli_heap_symmetry_allows(const char *command, por_algo algo, bool stateless)
{
    if (por_algo_is_dpor(algo)) {
        fprintf(stderr,
                "porcheck %s: --heap-symmetry does not go with %s (a %s search; its races name "
                "objects as the path that ran them)\n",
                command, por_algo_name(algo), por_algo_is_stateless(algo) ? "stateless" : "DPOR");
        return false;
    }
    if (!stateless || !por_algo_keeps_labels(algo)) return true;
    fprintf(stderr,
            "porcheck %s: --heap-symmetry does not go with a stateless %s search (its summaries "
            "name objects as the path that explored them)\n",
            command, por_algo_name(algo));
    return false;
}

double cli_physical_bytes(void)
{
    return (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
}

/* Returns the bytes /proc/meminfo says are available (MemAvailable), else the physical
 * memory, or 0. */
static double available_bytes(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    char line[256];
    double kb = 0;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "MemAvailable: %lf kB", &kb) == 1) break;
    if (f) fclose(f);
    return kb > 0 ? kb * 1024 : cli_physical_bytes();
}

/* Returns the number in file [path] (a cgroup's memory limit), or 0 when it has none ("max",
 * absent, or a value too large to be a limit). */
static double cgroup_limit(const char *path)
{
    FILE *f = fopen(path, "r");
    double v = 0;
    if (f && fscanf(f, "%lf", &v) != 1) v = 0;
    if (f) fclose(f);
    return v > 0 && v < 0x1p60 ? v : 0;
}

/* Lowers [*bytes] to [limit] when that is a limit (> 0) and lower. */
static void lower_to(double *bytes, double limit)
{
    if (limit > 0 && (*bytes <= 0 || limit < *bytes)) *bytes = limit;
}

void cli_default_max_memory(por_options *opt)
{
    double bytes = available_bytes();
    lower_to(&bytes, cgroup_limit("/sys/fs/cgroup/memory.max"));
    lower_to(&bytes, cgroup_limit("/sys/fs/cgroup/memory/memory.limit_in_bytes"));
    struct rlimit as;
    /* an address-space limit also holds what is mapped but not allocated: the class image,
     * libraries, thread stacks */
    if (!getrlimit(RLIMIT_AS, &as) && as.rlim_cur != RLIM_INFINITY) {
        double room = (double)as.rlim_cur - 256.0 * 1048576;
        lower_to(&bytes, room > 0 ? room : 1048576);
    }
    opt->max_memory_bytes = bytes > 0 ? (size_t)(bytes * 0.8) : 0;
}

/* Sets search limit [name] of [opt] from [value]; see cli_search_option. */
static int set_limit(const char *command, por_options *opt, const char *name, const char *value)
{
    double v;
    if (!cli_parse_number(value, &v)) {
        fprintf(stderr, "porcheck %s: --%s: expected a non-negative number, got '%s'\n", command,
                name, value);
        return 2;
    }
    if (!strcmp(name, "max-states"))
        opt->max_states = (size_t)v;
    else if (!strcmp(name, "timeout"))
        opt->timeout_seconds = v;
    else
        opt->max_memory_bytes = (size_t)(v * 1048576.0);
    return 1;
}

bool cli_max_threads_option(const char *command, const char *value, uint32_t *out)
{
    double v;
    if (!cli_parse_number(value, &v)) {
        fprintf(stderr, "porcheck %s: --max-threads: expected a non-negative number, got '%s'\n",
                command, value);
        return false;
    }
    if (v < 1 || v > VM_MAX_THREADS || v != (double)(uint32_t)v) {
        fprintf(stderr,
                "porcheck %s: --max-threads: expected 1 to " VM_MAX_THREADS_TEXT ", got '%s'\n",
                command, value);
        return false;
    }
    *out = (uint32_t)v;
    return true;
}

int cli_search_option(const char *command, const char *name, const char *value, por_options *opt)
{
    if (!strcmp(name, "stateless")) return opt->stateless = true, 1;
    if (!strcmp(name, "first-error")) return opt->first_error = true, 1;
    if (!strcmp(name, "max-states") || !strcmp(name, "timeout") || !strcmp(name, "max-memory"))
        return set_limit(command, opt, name, value);
    bool algo = !strcmp(name, "algo");
    if (!algo && strcmp(name, "order")) return 0;
    por_error err = {0};
    por_status s =
        algo ? por_algo_parse(value, &opt->algo, &err) : por_order_parse(value, &opt->order, &err);
    if (s == POR_OK) return 1;
    fprintf(stderr, "porcheck %s: %s\n", command, err.message);
    return 2;
}

/* ---- Portfolios ------------------------------------------------------------------------------ */

int cli_portfolio_option(const char *name, const char *value, cli_portfolio *p)
{
    if (!strcmp(name, "jobs")) return p->jobs = value, 1;
    if (!strcmp(name, "workers")) return p->workers = value, 1;
    if (strcmp(name, "algo") || !por_is_portfolio(value)) return 0;
    p->text = value;
    return 1;
}

/* Reads [value] of option [name] (a count of threads) into [*out]; false (after one line) when
 * it is not a whole number from 1 to POR_MAX_MEMBERS. */
static bool thread_count(const char *command, const char *name, const char *value, size_t *out)
{
    double n = 0;
    if (!cli_parse_number(value, &n) || n < 1 || n > POR_MAX_MEMBERS || n != (double)(size_t)n) {
        fprintf(stderr, "porcheck %s: --%s: expected a whole number from 1 to %d, got '%s'\n",
                command, name, POR_MAX_MEMBERS, value);
        return false;
    }
    *out = (size_t)n;
    return true;
}

/* Reads --workers into [search]; false (after one line) when the search asked for has no
 * parallel version, or a portfolio was asked for too. */
static bool workers_finish(const char *command, const cli_portfolio *p, por_options *search)
{
    if (!p->workers) return true;
    if (!thread_count(command, "workers", p->workers, &search->workers)) return false;
    if (search->workers < 2) return true;
    const char *why = p->text ? "a portfolio runs whole searches at once; --workers splits one"
                      : search->stateless ? "a stateless search has no state set to share"
                      : search->algo != POR_ALGO_DFS && search->algo != POR_ALGO_JPF &&
                              search->algo != POR_ALGO_SPOR
                          ? "a parallel search runs dfs, jpf and s-por"
                          : NULL;
    if (!why) return true;
    fprintf(stderr, "porcheck %s: --workers %s with --algo %s%s: %s\n", command, p->workers,
            p->text ? p->text : por_algo_name(search->algo),
            search->stateless ? " --stateless" : "", why);
    return false;
}

bool cli_portfolio_finish(const char *command, cli_portfolio *p, por_options *search)
{
    size_t jobs = 0;
    if (p->jobs && !thread_count(command, "jobs", p->jobs, &jobs)) return false;
    if (!workers_finish(command, p, search)) return false;
    if (!p->text) return true;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    size_t n = p->jobs ? jobs : cores > 0 ? (size_t)cores : 1;
    por_error err = {0};
    if (por_portfolio_parse(p->text, n, search, &p->members, &err) != POR_OK) {
        fprintf(stderr, "porcheck %s: --algo %s: %s\n", command, p->text, err.message);
        return false;
    }
    search->algo = p->members.members[0].algo;
    search->order = p->members.members[0].order;
    search->stateless = p->members.members[0].stateless;
    return true;
}

void cli_portfolio_print(FILE *out, const cli_portfolio *p, const por_portfolio_result *r)
{
    fprintf(out, "portfolio: %zu members at once", p->members.count);
    char name[128];
    if (r->winner < p->members.count) {
        por_member_name(&p->members.members[r->winner], name, sizeof name);
        fprintf(out, "; %s ended first with a verdict and gives it", name);
    }
    size_t unstarted = 0;
    for (size_t i = 0; i < p->members.count; i++) unstarted += !r->started[i];
    if (unstarted)
        fprintf(out,
                "\n%zu of them did not start: the portfolio ended within the first member's "
                "%u ms head start",
                unstarted, p->members.start_delay_ms);
    fprintf(out, "\n  %-24s %-12s %12s %12s %9s\n", "member", "stop", "states", "transitions",
            "time (s)");
    for (size_t i = 0; i < p->members.count; i++) {
        const por_result *m = &r->results[i];
        por_member_name(&p->members.members[i], name, sizeof name);
        const char *stop = !r->started[i]               ? "not started"
                           : !r->ok[i]                  ? "failed"
                           : m->stop == POR_STOP_SIGNAL ? "stopped"
                                                        : por_stop_name(m->stop);
        if (!r->started[i])
            fprintf(out, "  %-24s %-12s %12s %12s %9s\n", name, stop, "-", "-", "-");
        else
            fprintf(out, "  %-24s %-12s %12zu %12zu %9.3f%s\n", name, stop, m->stats.states_new,
                    m->stats.transitions, m->stats.seconds, i == r->winner ? "   <- verdict" : "");
    }
}

json_t *cli_portfolio_json(const cli_portfolio *p, const por_portfolio_result *r)
{
    json_t *members = json_array();
    char name[128];
    for (size_t i = 0; members && i < p->members.count; i++) {
        por_member_name(&p->members.members[i], name, sizeof name);
        bool counted = r->started[i] && r->ok[i];
        json_t *stats = counted ? por_stats_json(&r->results[i]) : NULL;
        json_array_append_new(members,
                              json_pack("{sssbsbso?}", "member", name, "started", r->started[i],
                                        "failed", !r->ok[i], "statistics", stats));
    }
    if (r->winner < p->members.count)
        por_member_name(&p->members.members[r->winner], name, sizeof name);
    return json_pack("{ss?so}", "winner", r->winner < p->members.count ? name : NULL, "members",
                     members);
}

/* ---- Verdicts and exit statuses -------------------------------------------------------------- */

int cli_worse_status(int a, int b)
{
    static const int rank[] = {
        [EXIT_PASS] = 0, [EXIT_INCOMPLETE] = 1, [EXIT_BAD_INPUT] = 2, [EXIT_VIOLATION] = 3};
    if (a < EXIT_PASS || a > EXIT_INCOMPLETE) return a;
    if (b < EXIT_PASS || b > EXIT_INCOMPLETE) return b;
    return rank[a] >= rank[b] ? a : b;
}

/* Returns the name of the stopping signal received, or NULL. */
static const char *signal_name(void)
{
    return cli_signal_received() ? cli_signal_name(cli_signal_received()) : NULL;
}

void cli_print_verdict(const por_result *r, bool violated)
{
    verdict_print(stdout, r, violated, signal_name());
}

/* ---- Signals --------------------------------------------------------------------------------- */

/* The stopping signal received (SIGINT, SIGTERM, SIGHUP), or 0. A lock-free atomic, which a
 * handler may set and the threads of a portfolio may read. */
static atomic_int stop_signal;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the stop flag must be lock-free to be set in a handler");

/* Records a stopping signal; the handler is reset, so a second one ends porcheck at once. */
static void on_stop(int sig)
{
    atomic_store(&stop_signal, sig);
}

void cli_signals_install(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    atomic_store(&stop_signal, 0);
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction act;
        memset(&act, 0, sizeof act);
        act.sa_handler = on_stop;
        act.sa_flags = SA_RESTART | SA_RESETHAND;
        sigemptyset(&act.sa_mask);
        sigaction(sigs[i], &act, NULL);
    }
}

const atomic_int *cli_stop_flag(void)
{
    return &stop_signal;
}

int cli_signal_received(void)
{
    return stop_signal;
}

const char *cli_signal_name(int sig)
{
    return sig == SIGINT    ? "SIGINT"
           : sig == SIGTERM ? "SIGTERM"
           : sig == SIGHUP  ? "SIGHUP"
                            : "a signal";
}

int cli_exit_status(int status)
{
    return stop_signal ? 128 + stop_signal : status;
}

/* ---- The progress line ----------------------------------------------------------------------- */

bool cli_progress_option(const char *name, cli_progress *p)
{
    if (!strcmp(name, "progress")) return p->mode = 1, true;
    if (!strcmp(name, "no-progress")) return p->mode = -1, true;
    return false;
}

/* Writes [v] with a K or M suffix (3 significant digits) into [buf]. */
static void scaled(double v, char *buf, size_t size)
{
    if (v >= 1e6)
        snprintf(buf, size, "%.2f M", v / 1e6);
    else if (v >= 1e4)
        snprintf(buf, size, "%.0f K", v / 1e3);
    else
        snprintf(buf, size, "%.0f", v);
}

/* Progress callback: rewrites the progress line on stderr. */
static void show_progress(void *ctx, const por_progress *p)
{
    cli_progress *c = ctx;
    double dt = p->seconds - c->last_seconds;
    double rate = dt > 0 ? (double)(p->transitions - c->last_transitions) / dt : 0;
    char states[32], tr[32];
    scaled((double)p->states, states, sizeof states);
    scaled(rate, tr, sizeof tr);
    fprintf(stderr, "\r%6.1f s  %s states  %s tr/s  depth %zu  %zu MB\033[K", p->seconds, states,
            tr, p->depth, p->memory >> 20);
    fflush(stderr);
    c->last_seconds = p->seconds;
    c->last_transitions = p->transitions;
    c->shown = true;
}

void cli_progress_attach(cli_progress *p, por_options *opt)
{
    bool on = p->mode > 0 || (p->mode == 0 && isatty(STDERR_FILENO));
    p->last_seconds = 0;
    p->last_transitions = 0;
    p->shown = false;
    opt->progress = on ? show_progress : NULL;
    opt->progress_ctx = on ? p : NULL;
}

void cli_progress_end(cli_progress *p)
{
    if (!p->shown) return;
    fputs("\r\033[K", stderr);
    fflush(stderr);
    p->shown = false;
}

/* ---- Report files ---------------------------------------------------------------------------- */

FILE *cli_take_stdout(void)
{
    fflush(stdout);
    int fd = dup(STDOUT_FILENO);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (f && dup2(STDERR_FILENO, STDOUT_FILENO) >= 0) {
        fcntl(fd, F_SETFD, FD_CLOEXEC); /* processes porcheck starts need not inherit it */
        return f;
    }
    int err = errno;
    if (f)
        fclose(f);
    else if (fd >= 0)
        close(fd);
    errno = err;
    return NULL;
}

FILE *cli_open_output(const char *command, const char *path)
{
    bool out = !strcmp(path, "-");
    FILE *f = out ? cli_take_stdout() : fopen(path, "w");
    if (!f)
        fprintf(stderr, "porcheck %s: cannot write %s: %s\n", command, out ? "to stdout" : path,
                strerror(errno));
    return f;
}

void cli_discard_output(const char *path, FILE *f)
{
    fclose(f);
    if (strcmp(path, "-")) remove(path);
}

bool cli_write_json(const char *command, const char *path, FILE *f, json_t *doc)
{
    errno = 0;
    bool bad = !doc || json_dumpf(doc, f, JSON_INDENT(2)) != 0;
    bad |= fputc('\n', f) == EOF;
    json_decref(doc);
    return cli_close_output(command, path, f, bad, !doc);
}

bool cli_close_output(const char *command, const char *path, FILE *f, bool failed, bool no_memory)
{
    failed |= fflush(f) != 0 || ferror(f);
    int err = errno;
    failed |= fclose(f) != 0;
    if (!err) err = errno;
    if (failed)
        fprintf(stderr, "porcheck %s: %s was not written (%s); the report above stands\n", command,
                path,
                no_memory ? "out of memory"
                : err     ? strerror(err)
                          : "write error");
    return !failed;
}

int cli_jdk_option(const char *command, const char *name, const char *value)
{
    if (!strcmp(name, "model-library")) return setenv("PORCHECK_MODEL_LIBRARY", "1", 1), 1;
    if (!strcmp(name, "jdk-locks")) return setenv("PORCHECK_JDK_LOCKS", "atomic", 1), 1;
    if (!strcmp(name, "explore-jdk-locks")) return setenv("PORCHECK_JDK_LOCKS", "explore", 1), 1;
    if (strcmp(name, "jdk")) return 0;
    cf_jdk jdk;
    cf_error err = {0};
    if (cf_jdk_find(value, &jdk, &err) != CF_OK) {
        fprintf(stderr, "porcheck %s: %s\n", command, err.message);
        return 2;
    }
    setenv("PORCHECK_JDK", jdk.home, 1);
    unsetenv("PORCHECK_MODEL_LIBRARY");
    return 1;
}
