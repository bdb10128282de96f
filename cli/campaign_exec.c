/* porcheck campaign: the child processes. Each run is `porcheck check` on one client with one
 * algorithm and order, started by fork+exec of this executable in its own process group with
 * --timeout and --max-memory (so the search stops itself and still reports), an address-space
 * limit as a backstop, and a hard deadline after which it is killed. The parent waits in pselect
 * for SIGCHLD, a deadline or SIGINT/SIGTERM/SIGHUP; a signal kills the running children and
 * leaves only the finished rows in the CSV. */
#define _DEFAULT_SOURCE /* wait4, mkdtemp, strsignal */
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "base.h"
#include "campaign.h"

/* Address-space limits break AddressSanitizer's shadow memory, so its builds skip them. */
#if defined(__SANITIZE_ADDRESS__)
#define CAMPAIGN_RLIMIT_AS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CAMPAIGN_RLIMIT_AS 0
#endif
#endif
#ifndef CAMPAIGN_RLIMIT_AS
#define CAMPAIGN_RLIMIT_AS 1
#endif

/* Bytes of a temporary file name. */
enum { PATH_BYTES = 512 };

/* One child process slot. */
typedef struct slot {
    pid_t pid; /* 0 when the slot is free */
    const campaign_run *run;
    double start, deadline; /* monotonic seconds */
    bool killed;            /* killed at its deadline */
    char json[PATH_BYTES], err[PATH_BYTES];
} slot;

/* The state of one campaign_execute call. */
typedef struct runner {
    const campaign_options *opt;
    FILE *csv;
    campaign_totals *totals; /* [opt->algo_count] + 1 */
    slot *slots;             /* [opt->jobs] */
    size_t running, finished, total, dropped;
    char dir[PATH_BYTES / 2];     /* the temporary directory of the reports */
    sigset_t old_mask, wait_mask; /* the caller's mask; the mask pselect waits with */
    struct sigaction old_act[4];  /* the caller's handlers of the signals below */
    bool failed;                  /* a system call failed; [msg] says which */
    bool stopping;                /* the campaign is killing its children */
    char *msg;
} runner;

/* The signals the campaign handles: the three that stop it, and SIGCHLD. */
static const int handled[4] = {SIGINT, SIGTERM, SIGHUP, SIGCHLD};

/* The stopping signal received, or 0. */
static volatile sig_atomic_t stop_signal;

/* Records a stopping signal. */
static void on_stop(int sig)
{
    stop_signal = sig;
}

/* Wakes pselect when a child ends. */
static void on_child(int sig)
{
    (void)sig;
}

/* Returns monotonic seconds. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- Signals --------------------------------------------------------------------------------- */

/* Blocks the handled signals (pselect unblocks them while waiting) and installs the handlers. */
static void signals_setup(runner *r)
{
    sigset_t block;
    sigemptyset(&block);
    for (size_t i = 0; i < 4; i++) sigaddset(&block, handled[i]);
    sigprocmask(SIG_BLOCK, &block, &r->old_mask);
    r->wait_mask = r->old_mask;
    for (size_t i = 0; i < 4; i++) {
        sigdelset(&r->wait_mask, handled[i]);
        struct sigaction act;
        memset(&act, 0, sizeof act);
        act.sa_handler = handled[i] == SIGCHLD ? on_child : on_stop;
        sigemptyset(&act.sa_mask);
        sigaction(handled[i], &act, &r->old_act[i]);
    }
    stop_signal = 0;
}

/* Puts back the caller's handlers and mask. */
static void signals_restore(const runner *r)
{
    for (size_t i = 0; i < 4; i++) sigaction(handled[i], &r->old_act[i], NULL);
    sigprocmask(SIG_SETMASK, &r->old_mask, NULL);
}

/* ---- Starting a run -------------------------------------------------------------------------- */

/* Points fd [fd] at [path] opened with [flags]; false on failure. */
static bool redirect(int fd, const char *path, int flags)
{
    int f = open(path, flags, 0600);
    if (f < 0) return false;
    bool ok = dup2(f, fd) >= 0;
    close(f);
    return ok;
}

/* In the child: resets the signals, redirects the output, limits memory and executes [argv]. */
static void child_exec(const runner *r, const slot *s, char **argv)
{
    setpgid(0, 0);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    for (size_t i = 0; i < 4; i++) sigaction(handled[i], &r->old_act[i], NULL);
    sigprocmask(SIG_SETMASK, &r->old_mask, NULL);
    if (!redirect(0, "/dev/null", O_RDONLY) || !redirect(1, "/dev/null", O_WRONLY) ||
        !redirect(2, s->err, O_WRONLY | O_CREAT | O_TRUNC))
        _exit(127);
    if (CAMPAIGN_RLIMIT_AS && r->opt->max_memory_mb > 0) {
        double bytes = (r->opt->max_memory_mb * 2 + 1024) * 1048576.0;
        struct rlimit rl = {(rlim_t)bytes, (rlim_t)bytes};
        setrlimit(RLIMIT_AS, &rl);
    }
    execv(r->opt->self, argv);
    fprintf(stderr, "cannot execute %s: %s\n", r->opt->self, strerror(errno));
    _exit(127);
}

/* Fills [argv] (room for 28) with the check command of [run]; numbers go to [num]. */
static void build_argv(const runner *r, const slot *s, char **argv, char num[3][32])
{
    const campaign_options *o = r->opt;
    const campaign_run *run = s->run;
    size_t n = 0;
    snprintf(num[0], 32, "%.15g", o->timeout);
    snprintf(num[1], 32, "%.15g", o->max_memory_mb);
    snprintf(num[2], 32, "%u", (unsigned)o->max_threads);
    const char *fixed[] = {o->self,   "check",    "--jar",     o->jar,   "--spec",
                           o->spec,   "--client", run->client, "--algo", o->searches[run->algo],
                           "--order", run->order, "--timeout", num[0],   "--json",
                           s->json};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) argv[n++] = (char *)fixed[i];
    if (o->max_memory_mb > 0) argv[n++] = "--max-memory", argv[n++] = num[1];
    argv[n++] = "--no-minimize"; /* a run measures the search alone */
    if (o->first_error) argv[n++] = "--first-error";
    if (o->symmetric[run->algo]) argv[n++] = "--heap-symmetry";
    if (o->max_threads) argv[n++] = "--max-threads", argv[n++] = num[2];
    if (o->visible && !strstr(o->searches[run->algo], "jpf")) /* the safe classifier's algorithms */
        argv[n++] = "--visible", argv[n++] = (char *)o->visible;
    argv[n] = NULL;
}

/* Starts [run] in free slot [s] (number [i]); false with the message set when fork fails. */
static bool start(runner *r, slot *s, size_t i, const campaign_run *run)
{
    memset(s, 0, sizeof *s);
    s->run = run;
    snprintf(s->json, sizeof s->json, "%s/run%zu.json", r->dir, i);
    snprintf(s->err, sizeof s->err, "%s/run%zu.err", r->dir, i);
    unlink(s->json);
    char *argv[28], num[3][32];
    build_argv(r, s, argv, num);
    pid_t pid = fork();
    if (pid == 0) child_exec(r, s, argv);
    if (pid < 0) {
        snprintf(r->msg, CAMPAIGN_MSG_MAX, "cannot start a run: %s", strerror(errno));
        return r->failed = true, false;
    }
    setpgid(pid, pid);
    s->pid = pid;
    s->start = now();
    s->deadline = s->start + r->opt->timeout * 1.05 + 2;
    r->running++;
    return true;
}

/* ---- Reading a finished run ------------------------------------------------------------------ */

/* Returns the size_t member [key] of JSON object [o] (0 when absent). */
static size_t json_count(const json_t *o, const char *key)
{
    json_int_t v = json_integer_value(json_object_get(o, key));
    return v > 0 ? (size_t)v : 0;
}

/* Sets the verdict of [res] from check's client [verdict] and the search's [stop]. A search
 * stopped early is never ok: by its timeout "timeout", by its memory limit "out-of-memory", by
 * anything else (a signal, --max-states) "error" with the reason. */
static void set_verdict(campaign_result *res, const char *verdict, const char *stop)
{
    res->timed_out = !strcmp(stop, "timeout");
    if (!strcmp(verdict, "violation"))
        res->verdict = "violation";
    else if (res->timed_out)
        res->verdict = "timeout";
    else if (!strcmp(stop, "max-memory"))
        res->verdict = "out-of-memory";
    else if (!strcmp(stop, "complete") && !strcmp(verdict, "ok"))
        res->verdict = "ok";
    else if (!strcmp(stop, "signal"))
        res->verdict = "error", snprintf(res->message, sizeof res->message,
                                         "check was stopped by a signal after %.1f s: not every "
                                         "interleaving was explored",
                                         res->seconds);
    else
        res->verdict = "error", snprintf(res->message, sizeof res->message,
                                         "check ended with verdict %s, search %s", verdict, stop);
}

/* Reads the error row [client] of check's report into [res]; false when it is none. */
static bool read_error_row(const json_t *client, campaign_result *res)
{
    const char *verdict = json_string_value(json_object_get(client, "verdict"));
    const char *message = json_string_value(json_object_get(client, "message"));
    if (!verdict || strcmp(verdict, "error") || !message) return false;
    res->verdict = "error";
    snprintf(res->message, sizeof res->message, "%s", message);
    return true;
}

/* Reads check's JSON report [path] into [res]; false when there is none or it is unreadable. */
static bool read_report(const char *path, campaign_result *res)
{
    json_t *doc = json_load_file(path, 0, NULL);
    json_t *client = json_array_get(json_object_get(doc, "clients"), 0);
    json_t *stats = json_object_get(client, "statistics");
    const char *verdict = json_string_value(json_object_get(client, "verdict"));
    const char *stop = json_string_value(json_object_get(stats, "stop"));
    bool ok = verdict && stop;
    if (ok) {
        res->has_stats = true;
        res->states_new = json_count(stats, "states_new");
        res->states_visited = json_count(stats, "states_visited");
        res->transitions = json_count(stats, "transitions");
        res->retraversed = json_count(stats, "retraversed");
        res->peak_alloc = json_count(stats, "peak_memory");
        res->seconds = json_number_value(json_object_get(stats, "seconds"));
        set_verdict(res, verdict, stop);
    } else {
        ok = read_error_row(client, res);
    }
    json_decref(doc);
    return ok;
}

/* Copies the first line of file [path] that says something (not a ==== rule) into [out];
 * returns whether any line mentions running out of memory. */
static bool first_line(const char *path, char *out, size_t size)
{
    out[0] = '\0';
    FILE *f = fopen(path, "r");
    if (!f) return false;
    char line[CAMPAIGN_MSG_MAX];
    bool oom = false;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        oom |= strstr(line, "out of memory") || strstr(line, "Cannot allocate memory");
        if (!out[0] && line[strspn(line, "= \t")]) snprintf(out, size, "%s", line);
    }
    fclose(f);
    return oom;
}

/* Classifies a run that wrote no report from its wait [status] and its stderr: out of memory
 * when it says so, or when the kernel killed it near its memory limit; else an error. */
static void classify_failure(const runner *r, const slot *s, int status, campaign_result *res)
{
    char line[CAMPAIGN_MSG_MAX];
    bool oom = first_line(s->err, line, sizeof line);
    if (WIFSIGNALED(status)) {
        double limit_kb = r->opt->max_memory_mb * 1024;
        oom |= WTERMSIG(status) == SIGKILL && limit_kb > 0 && res->peak_rss_kb >= 0.9 * limit_kb;
        snprintf(res->message, sizeof res->message, "killed by signal %d (%s)%s%.400s",
                 WTERMSIG(status), strsignal(WTERMSIG(status)), line[0] ? ": " : "", line);
    } else {
        snprintf(res->message, sizeof res->message, "exit status %d%s%.400s",
                 WIFEXITED(status) ? WEXITSTATUS(status) : -1, line[0] ? ": " : "", line);
    }
    res->verdict = oom ? "out-of-memory" : "error";
}

/* Fills [res] (its time and RSS already set) for the run of slot [s] that ended with [status]. */
static void classify(const runner *r, const slot *s, int status, campaign_result *res)
{
    if (s->killed) {
        res->verdict = "timeout";
        res->timed_out = true;
        snprintf(res->message, sizeof res->message, "killed after %.1f s", res->wall_seconds);
    } else if (!read_report(s->json, res)) {
        classify_failure(r, s, status, res);
    }
}

/* ---- Finishing a run ------------------------------------------------------------------------- */

/* Adds [res] to [t]. */
static void count(campaign_totals *t, const campaign_result *res)
{
    t->rows++;
    t->seconds += res->wall_seconds;
    const char *v = res->verdict;
    if (!strcmp(v, "ok"))
        t->ok++;
    else if (!strcmp(v, "violation"))
        t->violations++;
    else if (!strcmp(v, "timeout"))
        t->timeouts++;
    else if (!strcmp(v, "out-of-memory"))
        t->out_of_memory++;
    else
        t->errors++;
}

/* True when a child died of a signal while the campaign was stopping (the kill that followed
 * its own signal): not a result. A child that a signal from elsewhere stopped is a row: check
 * reports what it gathered ("error", stopped by a signal) or, killed, an error row saying so. */
static bool interrupted(const runner *r, const slot *s, int status)
{
    if (s->killed || !WIFSIGNALED(status)) return false;
    return r->stopping || stop_signal;
}

/* Records the run of slot [s] that ended with [status]: a CSV row, totals, a progress line. */
static void finish(runner *r, slot *s, int status, const struct rusage *ru)
{
    r->running--;
    s->pid = 0;
    if (interrupted(r, s, status)) {
        r->dropped++;
    } else {
        campaign_result res = {.wall_seconds = now() - s->start, .peak_rss_kb = ru->ru_maxrss};
        classify(r, s, status, &res);
        if (!campaign_csv_append(r->csv, r->opt, s->run, &res) && !r->failed) {
            snprintf(r->msg, CAMPAIGN_MSG_MAX, "%s: cannot write a row", r->opt->csv);
            r->failed = true;
        }
        count(&r->totals[s->run->algo], &res);
        count(&r->totals[r->opt->algo_count], &res);
        fprintf(stderr, "porcheck campaign: [%zu/%zu] line %zu %s %s: %s (%.2f s, %ld MB)\n",
                ++r->finished, r->total, s->run->line, r->opt->algos[s->run->algo], s->run->order,
                res.verdict, res.wall_seconds, res.peak_rss_kb / 1024);
    }
    unlink(s->json);
    unlink(s->err);
}

/* Returns the slot of child [pid], or NULL. */
static slot *find_slot(runner *r, pid_t pid)
{
    for (size_t i = 0; i < r->opt->jobs; i++)
        if (r->slots[i].pid == pid) return &r->slots[i];
    return NULL;
}

/* Records every child that has ended; with [block], waits for each one still running. */
static void reap(runner *r, bool block)
{
    while (r->running) {
        int status;
        struct rusage ru;
        pid_t pid = wait4(-1, &status, block ? 0 : WNOHANG, &ru);
        if (pid < 0 && errno == EINTR) continue;
        if (pid <= 0) return;
        slot *s = find_slot(r, pid);
        if (s) finish(r, s, status, &ru);
    }
}

/* ---- The loop -------------------------------------------------------------------------------- */

/* Kills every child past its deadline (or every child when [all]). */
static void expire(runner *r, bool all)
{
    double t = now();
    for (size_t i = 0; i < r->opt->jobs; i++) {
        slot *s = &r->slots[i];
        if (!s->pid || (!all && (s->killed || t < s->deadline))) continue;
        if (kill(-s->pid, SIGKILL) != 0) kill(s->pid, SIGKILL);
        if (!all) s->killed = true;
    }
}

/* Waits until a child ends, a signal arrives or the next deadline passes (at most 1 s). */
static void wait_event(const runner *r)
{
    double wait = 1.0, t = now();
    for (size_t i = 0; i < r->opt->jobs; i++)
        if (r->slots[i].pid && !r->slots[i].killed && r->slots[i].deadline - t < wait)
            wait = r->slots[i].deadline - t;
    if (wait < 0) wait = 0;
    struct timespec ts = {(time_t)wait, (long)((wait - (double)(time_t)wait) * 1e9)};
    pselect(0, NULL, NULL, NULL, &ts, &r->wait_mask);
}

/* Starts runs of [b] (the next one at [*next]) while a slot is free. */
static void fill(runner *r, const campaign_batch *b, size_t *next)
{
    for (size_t i = 0; i < r->opt->jobs && *next < b->count && !stop_signal && !r->failed; i++)
        if (!r->slots[i].pid && start(r, &r->slots[i], i, b->runs[*next])) (*next)++;
}

/* Runs the loop until every run of [b] has ended, a signal arrives or a write fails. */
static void run_all(runner *r, const campaign_batch *b)
{
    size_t next = 0;
    for (;;) {
        fill(r, b, &next);
        if (!r->running) return;
        wait_event(r);
        reap(r, false);
        if (stop_signal || r->failed) break;
        expire(r, false);
    }
    r->stopping = true;
    expire(r, true);
    reap(r, true);
}

/* Makes the temporary directory of the reports; false with the message set. */
static bool make_dir(runner *r)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(r->dir, sizeof r->dir, "%.200s/porcheck-campaign-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (mkdtemp(r->dir)) return true;
    snprintf(r->msg, CAMPAIGN_MSG_MAX, "cannot make a temporary directory %.300s: %s", r->dir,
             strerror(errno));
    return false;
}

int campaign_execute(const campaign_options *opt, const campaign_batch *batch, char *msg)
{
    runner r = {
        .opt = opt, .csv = batch->csv, .totals = batch->totals, .total = batch->count, .msg = msg};
    r.slots = base_calloc(opt->jobs, sizeof *r.slots);
    if (!r.slots) return snprintf(msg, CAMPAIGN_MSG_MAX, "out of memory"), -1;
    if (!make_dir(&r)) return base_free(r.slots), -1;
    signals_setup(&r);
    run_all(&r, batch);
    signals_restore(&r);
    rmdir(r.dir);
    base_free(r.slots);
    if (r.dropped)
        fprintf(stderr, "porcheck campaign: %zu run%s stopped by a signal left no row\n", r.dropped,
                r.dropped == 1 ? "" : "s");
    if (r.failed) return -1;
    return stop_signal;
}
