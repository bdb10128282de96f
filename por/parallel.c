/* A parallel stateful search (issue 20, part 2; dfs, jpf and S-POR so far): N workers, each with
 * its own copy of the system and its own observer, run the common DFS engine over one shared
 * state set (shared_set.c), which starts small and doubles as it fills. A worker that reaches a
 * state no worker has claimed claims it: it counts it, reports it and explores its successors,
 * as the sequential search does. A state another worker claimed is passed through without
 * counts or reports while that worker is still on it, so that idle workers reach unclaimed
 * states, and is a known state once marked done (all its successors explored). A worker's own
 * store holds only the states on its stack (and, for S-POR, the states it passed through and
 * left, which only their claimer may mark done), so each transition costs one lookup in one
 * large table; dfs and jpf do not prefer known successors, which would cost a lookup per
 * candidate and only reorder what they explore anyway. For dfs and jpf
 * every reachable state is claimed exactly once and its successors are explored by its claimer,
 * so the states, end states, transitions, deadlocks and violations are the sequential search's.
 * S-POR explores the safe set of a state unless the parallel cycle proviso fires (search.c,
 * parallel_proviso), which depends on the workers' timing: its counts vary from run to run, its
 * end states, deadlocks and failed assertions do not. Workers after the first take random
 * orders, to spread out. A worker that builds its copy of the system on its own thread
 * (por_worker.open) enters the shared set when its copy is ready, and does not once the search
 * is over: on a search shorter than building a copy, the first worker does it all. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <pthread.h>
#include <stdio.h>
#include <time.h>

#include "internal.h"

/* The shared set's first size in slots, at most: 64 K, about 1.1 MB. */
enum { FIRST_SLOTS = 1 << 16 };

size_t por_parallel_first_slots;

/* The workers that have ended: a count that anyone reads without the lock, and a condition
 * that each end signals, which the caller's thread waits on. */
typedef struct end_count {
    atomic_size_t n;
    pthread_mutex_t lock;
    pthread_cond_t changed;
} end_count;

/* Counts the end of a worker in [e] and wakes the caller's thread. */
static void count_end(end_count *e)
{
    pthread_mutex_lock(&e->lock);
    atomic_fetch_add(&e->n, 1);
    pthread_cond_broadcast(&e->changed);
    pthread_mutex_unlock(&e->lock);
}

/* What one worker's thread works with. */
typedef struct worker_run {
    const por_worker *worker;
    por_options opt;
    shared_set *set;
    atomic_int *stop_all;
    end_count *ended;
    por_result result;
    por_error err;
    por_status status;
    bool searched; /* it joined the search */
} worker_run;

/* True when the search of [w] is over before it joins: stopped, or a worker ended (one that
 * ends complete leaves no state unclaimed). */
static bool search_over(const worker_run *w)
{
    return atomic_load(w->stop_all) || atomic_load(&w->ended->n) > 0;
}

/* Opens [w]'s worker when it has an open function; returns whether the worker then searches:
 * not when the search is over first, nor when the open failed, which stops the others. */
static bool join(worker_run *w)
{
    const por_worker *pw = w->worker;
    if (!pw->open) return true;
    if (search_over(w)) return false;
    if (!pw->open(pw->ctx, &w->err)) {
        w->status = w->err.status != POR_OK ? w->err.status : POR_ERR_LTS;
        atomic_store(w->stop_all, 1);
        return false;
    }
    return !search_over(w);
}

/* A worker's thread: it joins the shared set (once its copy is open) and searches it, and
 * leaves it however the search ends. */
static void *worker_main(void *arg)
{
    worker_run *w = arg;
    if ((w->searched = join(w))) {
        por_shared_set_enter(w->set);
        w->status =
            por_search_shared(w->worker->lts, &w->opt, w->set, w->stop_all, &w->result, &w->err);
        por_shared_set_leave(w->set);
    }
    count_end(w->ended);
    return NULL;
}

/* Returns the most slots the shared set may grow to for [opt]: a quarter of --max-memory (the
 * workers' own stores and VMs take the rest) in slots (at least one), else no bound (0). */
static size_t max_slots_for(const por_options *opt)
{
    size_t slots = opt->max_memory_bytes / 4 / sizeof(shared_slot);
    return opt->max_memory_bytes && slots == 0 ? 1 : slots;
}

/* Returns the shared set's first size in slots for [opt]: FIRST_SLOTS, or twice --max-states or
 * the bound of max_slots_for when smaller (por_parallel_first_slots when set). */
static size_t first_slots_for(const por_options *opt)
{
    if (por_parallel_first_slots) return por_parallel_first_slots;
    size_t n = FIRST_SLOTS, most = max_slots_for(opt);
    if (opt->max_states && opt->max_states < n / 2) n = 2 * opt->max_states;
    return opt->max_memory_bytes && most < n ? most : n;
}

/* Fills worker [i]'s options from [opt]: its observer, the shared stop flag, and for every
 * worker after the first a random order of its own. */
static void worker_options(const por_options *opt, const por_worker *w, size_t i,
                           atomic_int *stop_all, por_options *out)
{
    *out = *opt;
    out->observer = w->observer;
    out->stop_flag = stop_all;
    if (i > 0) out->progress = NULL;
    if (i > 0 && opt->order.kind == POR_ORDER_RANDOM) out->order.seed = opt->order.seed + i;
    if (i > 0 && opt->order.kind != POR_ORDER_RANDOM)
        out->order = (por_order){.kind = POR_ORDER_RANDOM, .seed = i};
}

/* Adds worker result [w] into [sum]. */
static void add_stats(por_stats *sum, const por_stats *w)
{
    sum->states_new += w->states_new;
    sum->states_visited += w->states_visited;
    sum->transitions += w->transitions;
    sum->steps += w->steps;
    sum->end_states += w->end_states;
    sum->deadlocks += w->deadlocks;
    sum->livelocks += w->livelocks;
    sum->assert_failures += w->assert_failures;
    sum->violations += w->violations;
    sum->proviso_fired += w->proviso_fired;
    if (w->max_depth > sum->max_depth) sum->max_depth = w->max_depth;
    if (w->peak_memory > sum->peak_memory) sum->peak_memory = w->peak_memory;
}

/* Returns how the whole search stopped, from its workers' stops: a violation found under
 * --first-error, else a limit one of them met, else the caller's stop flag, else complete. */
static por_stop overall_stop(const worker_run *runs, size_t count, bool signalled)
{
    por_stop stop = POR_STOP_COMPLETE;
    for (size_t i = 0; i < count; i++) {
        por_stop s = runs[i].result.stop;
        if (s == POR_STOP_ERROR) return POR_STOP_ERROR;
        if (s != POR_STOP_COMPLETE && s != POR_STOP_SIGNAL) stop = s;
    }
    return stop != POR_STOP_COMPLETE ? stop : signalled ? POR_STOP_SIGNAL : POR_STOP_COMPLETE;
}

/* The most time the caller's thread waits before it looks at the caller's stop flag again (a
 * signal handler sets it, and cannot wake a condition), in milliseconds. */
enum { STOP_POLL_MS = 2 };

/* Waits until [started] workers have ended (woken by the last end), raising [stop_all] when the
 * caller's [stop_flag] is; returns whether it was. */
static bool wait_for(size_t started, end_count *ended, const atomic_int *stop_flag,
                     atomic_int *stop_all)
{
    bool signalled = false;
    pthread_mutex_lock(&ended->lock);
    while (atomic_load(&ended->n) < started) {
        if (stop_flag && atomic_load(stop_flag)) signalled = true, atomic_store(stop_all, 1);
        por_cond_wait_ms(&ended->changed, &ended->lock, STOP_POLL_MS);
    }
    pthread_mutex_unlock(&ended->lock);
    return signalled;
}

/* Checks that [opt] asks for a search that runs in parallel. */
static por_status check_parallel(const por_options *opt, size_t count, por_error *err)
{
    if (count < 1 || count > POR_MAX_MEMBERS)
        return por_fail(err, POR_ERR_ARG, "a parallel search has 1 to %d workers, not %zu",
                        POR_MAX_MEMBERS, count);
    por_algo a = opt->algo;
    if ((a != POR_ALGO_DFS && a != POR_ALGO_JPF && a != POR_ALGO_SPOR) || opt->stateless)
        return por_fail(err, POR_ERR_ARG,
                        "a parallel search runs stateful dfs, jpf and s-por so far, not %s%s",
                        opt->stateless ? "a stateless " : "", por_algo_name(a));
    return POR_OK;
}

/* One parallel search: what its workers share and what the caller's thread keeps of them. */
typedef struct parallel {
    shared_set set;
    atomic_int stop_all;
    end_count ended;
    worker_run *runs;   /* [count] */
    pthread_t *threads; /* [count] */
    size_t count, started;
} parallel;

/* Starts the threads of the workers of [p], as many as it can; a start that failed stops the
 * others. */
static void start_workers(parallel *p, const por_worker *workers, const por_options *opt)
{
    for (; p->runs && p->threads && p->started < p->count; p->started++) {
        size_t i = p->started;
        worker_run *w = &p->runs[i];
        *w = (worker_run){
            .worker = &workers[i], .set = &p->set, .stop_all = &p->stop_all, .ended = &p->ended};
        worker_options(opt, &workers[i], i, &p->stop_all, &w->opt);
        if (pthread_create(&p->threads[i], NULL, worker_main, w)) break;
    }
    if (p->started < p->count) atomic_store(&p->stop_all, 1);
}

/* Sums the results of the workers of [p] into [result] and returns the first error of theirs
 * (into [err]), or a failed start. */
static por_status collect(const parallel *p, bool signalled, por_result *result, por_error *err)
{
    por_status st = POR_OK;
    for (size_t i = 0; i < p->started && st == POR_OK; i++)
        if (p->runs[i].status != POR_OK) st = p->runs[i].status, *err = p->runs[i].err;
    if (st == POR_OK && p->started < p->count)
        st = por_fail(err, POR_ERR_NOMEM, "cannot start worker %zu of %zu", p->started + 1,
                      p->count);
    for (size_t i = 0; i < p->started; i++) add_stats(&result->stats, &p->runs[i].result.stats);
    for (size_t i = 0; i < p->started; i++) /* the deepest path a worker was stopped on */
        if (p->runs[i].result.path.depth > result->path.depth)
            result->path = p->runs[i].result.path;
    result->stats.workers = p->count;
    for (size_t i = 0; i < p->started; i++) result->stats.workers_searched += p->runs[i].searched;
    result->stop = overall_stop(p->runs, p->started, signalled);
    result->stats.state_bytes = por_shared_set_bytes(&p->set);
    return st;
}

por_status por_search_parallel(const por_worker *workers, size_t count, const por_options *opt,
                               por_result *result, por_error *err)
{
    memset(result, 0, sizeof *result);
    por_status st = check_parallel(opt, count, err);
    if (st) return st;
    parallel p = {
        .count = count,
        .ended = {.lock = PTHREAD_MUTEX_INITIALIZER, .changed = PTHREAD_COND_INITIALIZER}};
    if (!por_shared_set_init(&p.set, first_slots_for(opt), max_slots_for(opt), 0))
        return por_fail(err, POR_ERR_NOMEM, "out of memory for the shared state set");
    pthread_mutex_t book_lock = PTHREAD_MUTEX_INITIALIZER;
    livelock_book book = {.lock = &book_lock};
    p.set.livelocks = &book;
    atomic_init(&p.stop_all, 0);
    atomic_init(&p.ended.n, 0);
    p.runs = base_calloc(count, sizeof *p.runs);
    p.threads = base_calloc(count, sizeof *p.threads);
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    start_workers(&p, workers, opt);
    bool signalled = wait_for(p.started, &p.ended, opt->stop_flag, &p.stop_all);
    for (size_t i = 0; i < p.started; i++) pthread_join(p.threads[i], NULL);
    result->stats.seconds = por_seconds_since(&start);
    st = collect(&p, signalled, result, err);
    por_shared_set_free(&p.set);
    por_store_free(&book.reported);
    base_free(p.runs);
    base_free(p.threads);
    return st;
}
