/* The portfolio that the pragmatic paper's conclusion asks for: several searches of one system
 * at once, each on its own thread (the first on the calling thread, beside a watcher that passes
 * the caller's stop flag on) with its own copy of the system (the caller's job builds it),
 * sharing one process and so one --max-memory budget. The first member to end with a verdict
 * (its search complete, or stopped at a violation by --first-error) raises the stop flag that
 * every member polls; a signal raises it too. Threads, not processes: the members' statistics
 * and results stay in memory for the report, and the members count against one allocator.
 *
 * The members after the first start only once start_delay_ms have passed without a verdict (or
 * the first has ended without one): most clients are small, and on them building a second copy
 * of the system cost more than the first member's whole search (a 7 ms check took about 1 ms
 * more under the default portfolio than under its first member alone). A member that never
 * starts is reported so; the verdict is the first member's, as it would have been anyway. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, pthread_cond_timedwait */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "internal.h"

/* How often the portfolio looks at the caller's stop flag, in milliseconds. */
enum { POLL_MS = 20 };

/* What the members and the portfolio share. */
typedef struct shared {
    pthread_mutex_t lock;
    pthread_cond_t changed;         /* a member ended */
    atomic_int stop;                /* raised: every member stops */
    const atomic_int *caller_stop;  /* the caller's stop flag (a signal's), or NULL */
    size_t ended, decided;          /* members ended; the first decisive one (count: none yet) */
    size_t running;                 /* members started, the calling thread's among them */
    const por_portfolio *portfolio; /* the members */
    struct timespec began;          /* when the portfolio started (CLOCK_REALTIME) */
    por_member_fn *run;
    void *ctx;
    por_portfolio_result *out;
} shared;

/* One member's thread argument. */
typedef struct member {
    shared *s;
    size_t index;
} member;

/* True when [r] is a verdict: everything explored, or a violation found under --first-error. */
static bool decisive(const por_result *r)
{
    return r->stop == POR_STOP_COMPLETE || r->stop == POR_STOP_ERROR;
}

/* True when a member after the first may start: without a head start at once, else after
 * waiting (on [s]'s changed, holding its lock) until the first member has had its head start or
 * has ended, unless a stop (a verdict raises it too) came first. */
static bool may_start(shared *s)
{
    if (!s->portfolio->start_delay_ms) return true;
    struct timespec until = por_time_after(s->began, (long)s->portfolio->start_delay_ms);
    bool waiting = true;
    while (waiting && !s->ended && !atomic_load(&s->stop))
        waiting = pthread_cond_timedwait(&s->changed, &s->lock, &until) != ETIMEDOUT;
    return !atomic_load(&s->stop);
}

/* Records (holding [s]'s lock) that member [i] ended with [r] ([ok]: without a failure of its
 * own), and raises the stop flag when that is the first verdict. */
static void record_end(shared *s, size_t i, const por_result *r, bool ok)
{
    s->out->results[i] = *r;
    s->out->ok[i] = ok;
    s->out->order[s->ended++] = i;
    if (ok && decisive(r) && s->decided == s->portfolio->count) {
        s->decided = i;
        atomic_store(&s->stop, 1);
    }
    pthread_cond_broadcast(&s->changed);
}

/* A member's thread: runs its search (after the first member's head start) and says that it
 * ended. */
static void *member_main(void *arg)
{
    member *m = arg;
    shared *s = m->s;
    por_result r = {0};
    pthread_mutex_lock(&s->lock);
    bool start = m->index == 0 || may_start(s);
    s->out->started[m->index] = start;
    pthread_mutex_unlock(&s->lock);
    bool ok = true;
    if (start) {
        por_options opt = s->portfolio->members[m->index];
        opt.stop_flag = &s->stop;
        ok = s->run(s->ctx, m->index, &opt, &r);
    } else {
        r.stop = POR_STOP_SIGNAL;
    }
    pthread_mutex_lock(&s->lock);
    record_end(s, m->index, &r, ok);
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

/* Returns the member whose result stands when none was decisive: of those that searched and
 * ended without an error of their own, the first that found a violation (a violating end state
 * or a failed assertion, an uncaught exception in the VM), else the first to end; count when
 * every member failed. */
static size_t fallback_winner(const por_portfolio *p, const por_portfolio_result *out)
{
    size_t first = p->count;
    for (size_t i = 0; i < p->count; i++) {
        size_t m = out->order[i];
        if (!out->ok[m] || !out->started[m]) continue;
        const por_stats *st = &out->results[m].stats;
        if (st->violations || st->assert_failures) return m; /* a violation it did find */
        if (first == p->count) first = m;
    }
    return first;
}

/* The watcher's thread: raises the members' stop flag when the caller's is raised, until every
 * member that started has ended. */
static void *watch_main(void *arg)
{
    shared *s = arg;
    pthread_mutex_lock(&s->lock);
    while (s->ended < s->running) {
        if (s->caller_stop && atomic_load(s->caller_stop) && !atomic_exchange(&s->stop, 1))
            pthread_cond_broadcast(&s->changed);          /* members waiting to start give up */
        por_cond_wait_ms(&s->changed, &s->lock, POLL_MS); /* a member ends, or POLL_MS */
    }
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

/* Starts the watcher ([threads][0]) and a thread for each member but the first, which the
 * calling thread runs; returns how many members started (all, unless a thread could not). */
static size_t start_members(shared *s, member *members, pthread_t *threads)
{
    size_t started = 1; /* the first member: the calling thread's */
    members[0] = (member){s, 0};
    for (; started < s->portfolio->count; started++) {
        members[started] = (member){s, started};
        if (pthread_create(&threads[started], NULL, member_main, &members[started])) break;
    }
    s->running = started;
    if (started == s->portfolio->count && pthread_create(&threads[0], NULL, watch_main, s))
        started = 0; /* no watcher: the members stop at once and the portfolio fails */
    return started;
}

por_status por_portfolio_run(const por_portfolio *p, const atomic_int *stop_flag,
                             por_member_fn *run, void *ctx, por_portfolio_result *out,
                             por_error *err)
{
    memset(out, 0, sizeof *out);
    if (!p->count || p->count > POR_MAX_MEMBERS)
        return por_fail(err, POR_ERR_ARG, "a portfolio has 1 to %d members, not %zu",
                        POR_MAX_MEMBERS, p->count);
    shared s = {.portfolio = p,
                .run = run,
                .ctx = ctx,
                .out = out,
                .decided = p->count,
                .caller_stop = stop_flag};
    clock_gettime(CLOCK_REALTIME, &s.began);
    pthread_mutex_init(&s.lock, NULL);
    pthread_cond_init(&s.changed, NULL);
    member members[POR_MAX_MEMBERS];
    pthread_t threads[POR_MAX_MEMBERS];
    size_t started = start_members(&s, members, threads);
    bool all = started == p->count;
    if (!all) atomic_store(&s.stop, 1); /* the others stop, then it fails */
    /* The first member runs here: its allocator arena and caches are the ones that built the
     * caller's system, so a portfolio costs next to nothing over its first member alone. */
    member_main(&members[0]);
    if (all) pthread_join(threads[0], NULL);
    for (size_t i = 1; i < s.running; i++) pthread_join(threads[i], NULL);
    pthread_cond_destroy(&s.changed);
    pthread_mutex_destroy(&s.lock);
    if (!all && !started)
        return por_fail(err, POR_ERR_NOMEM, "cannot start the portfolio's watcher thread: %s",
                        strerror(EAGAIN));
    if (!all)
        return por_fail(err, POR_ERR_NOMEM, "cannot start a thread for member %zu: %s", started + 1,
                        strerror(EAGAIN));
    out->winner = s.decided < p->count ? s.decided : fallback_winner(p, out);
    return POR_OK;
}

/* ---- Members --------------------------------------------------------------------------------- */

bool por_is_portfolio(const char *text)
{
    return !strcmp(text, "portfolio") || !strncmp(text, "portfolio:", 10);
}

void por_member_name(const por_options *m, char *buf, size_t size)
{
    char order[128];
    por_order_format(&m->order, order, sizeof order);
    if (!strcmp(order, "seq"))
        snprintf(buf, size, "%s", por_algo_name(m->algo));
    else
        snprintf(buf, size, "%s@%s", por_algo_name(m->algo), order);
}

/* Adds the member "ALGO" or "ALGO@ORDER" of [text] to [out] as [base] with them. */
static por_status add_member(const char *text, const por_options *base, por_portfolio *out,
                             por_error *err)
{
    if (out->count == POR_MAX_MEMBERS)
        return por_fail(err, POR_ERR_ARG, "a portfolio has at most %d members", POR_MAX_MEMBERS);
    char algo[64];
    const char *at = strchr(text, '@');
    size_t len = at ? (size_t)(at - text) : strlen(text);
    snprintf(algo, sizeof algo, "%.*s", (int)len, text);
    por_options m = *base; /* without "@ORDER", the member takes the base's order */
    por_status st = por_algo_parse(algo, &m.algo, err);
    if (!st && at) st = por_order_parse(at + 1, &m.order, err);
    if (st) return st;
    m.stateless |= por_algo_is_stateless(m.algo);
    out->members[out->count++] = m;
    return POR_OK;
}

/* Fills [out] with the default members for [jobs] jobs. */
static void default_members(size_t jobs, const por_options *base, por_portfolio *out)
{
    size_t n = jobs < 2 ? 2 : jobs > POR_MAX_MEMBERS ? POR_MAX_MEMBERS : jobs;
    for (size_t i = 0; i < n; i++) {
        por_options m = *base;
        m.algo = i == 0 ? POR_ALGO_SPOR : POR_ALGO_DL_SPOR;
        if (i >= 2) m.order = (por_order){.kind = POR_ORDER_RANDOM, .seed = i - 1};
        out->members[out->count++] = m;
    }
}

/* True when [token] (of [len] bytes) is a bare thread id: the rest of a "seq:1,0" order that
 * the commas between members cut. */
static bool continues_order(const char *token, size_t len)
{
    return len && strspn(token, "0123456789") >= len;
}

por_status por_portfolio_parse(const char *text, size_t jobs, const por_options *base,
                               por_portfolio *out, por_error *err)
{
    memset(out, 0, sizeof *out);
    out->start_delay_ms = POR_PORTFOLIO_START_DELAY_MS;
    if (!por_is_portfolio(text)) return por_fail(err, POR_ERR_ARG, "'%s' is not a portfolio", text);
    if (!text[9]) return default_members(jobs, base, out), POR_OK;
    char member[256] = "";
    for (const char *p = text + 10;; p += strcspn(p, ",") + (p[strcspn(p, ",")] == ',')) {
        size_t len = strcspn(p, ",");
        if (continues_order(p, len) && member[0]) {
            size_t used = strlen(member);
            snprintf(member + used, sizeof member - used, ",%.*s", (int)len, p);
        } else {
            if (member[0] && add_member(member, base, out, err)) return err->status;
            if (!len) return por_fail(err, POR_ERR_ARG, "portfolio '%s': an empty member", text);
            snprintf(member, sizeof member, "%.*s", (int)len, p);
        }
        if (!p[len]) break;
    }
    return add_member(member, base, out, err);
}
