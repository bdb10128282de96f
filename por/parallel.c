/* A parallel stateful search (issue 20, part 2; dfs and jpf so far): N workers, each with its own
 * copy of the system and its own observer, run the common DFS engine over one shared state set
 * (shared_set.c). A worker that reaches a state no worker has claimed claims it: it counts it,
 * reports it and explores all its successors, as the sequential search does. A state another
 * worker claimed is passed through without counts or reports while that worker is still on it,
 * so that idle workers reach unclaimed states, and is a known state once marked done (all its
 * successors explored). Every reachable state is claimed exactly once and its successors are
 * explored by its claimer, so the states, end states, transitions, deadlocks and violations are
 * the sequential search's. Workers after the first take random orders, to spread out. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <pthread.h>
#include <stdio.h>
#include <time.h>

#include "internal.h"

/* The shared set's size without --max-states: 4 M states, about 68 MB. */
enum { DEFAULT_CAPACITY = 1 << 22 };

/* What one worker's thread works with. */
typedef struct worker_run {
    const por_worker *worker;
    por_options opt;
    shared_set *set;
    atomic_int *stop_all;
    atomic_size_t *ended;
    por_result result;
    por_error err;
    por_status status;
} worker_run;

/* A worker's thread: its search over the shared set. */
static void *worker_main(void *arg)
{
    worker_run *w = arg;
    w->status =
        por_search_shared(w->worker->lts, &w->opt, w->set, w->stop_all, &w->result, &w->err);
    atomic_fetch_add(w->ended, 1);
    return NULL;
}

/* Returns the shared set's capacity for [opt]: twice --max-states, else the default, at most a
 * sixteenth of --max-memory in slots of 17 bytes. */
static size_t capacity_for(const por_options *opt)
{
    size_t cap = opt->max_states ? 2 * opt->max_states : DEFAULT_CAPACITY;
    size_t by_memory = opt->max_memory_bytes / 16 / (sizeof(por_fp) + 1);
    return opt->max_memory_bytes && by_memory < cap ? by_memory : cap;
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
    sum->assert_failures += w->assert_failures;
    sum->violations += w->violations;
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

/* Waits until [started] workers have ended, raising [stop_all] when the caller's [stop_flag] is;
 * returns whether it was. */
static bool wait_for(size_t started, atomic_size_t *ended, const atomic_int *stop_flag,
                     atomic_int *stop_all)
{
    bool signalled = false;
    struct timespec pause = {0, 2000000};
    while (atomic_load(ended) < started) {
        if (stop_flag && atomic_load(stop_flag)) signalled = true, atomic_store(stop_all, 1);
        nanosleep(&pause, NULL);
    }
    return signalled;
}

/* Checks that [opt] asks for a search that runs in parallel. */
static por_status check_parallel(const por_options *opt, size_t count, por_error *err)
{
    if (count < 1 || count > POR_MAX_MEMBERS)
        return por_fail(err, POR_ERR_ARG, "a parallel search has 1 to %d workers, not %zu",
                        POR_MAX_MEMBERS, count);
    if ((opt->algo != POR_ALGO_DFS && opt->algo != POR_ALGO_JPF) || opt->stateless)
        return por_fail(err, POR_ERR_ARG,
                        "a parallel search runs stateful dfs and jpf so far, not %s%s",
                        opt->stateless ? "a stateless " : "", por_algo_name(opt->algo));
    return POR_OK;
}

por_status por_search_parallel(const por_worker *workers, size_t count, const por_options *opt,
                               por_result *result, por_error *err)
{
    memset(result, 0, sizeof *result);
    por_status st = check_parallel(opt, count, err);
    if (st) return st;
    shared_set set;
    if (!por_shared_set_init(&set, capacity_for(opt)))
        return por_fail(err, POR_ERR_NOMEM, "out of memory for the shared state set");
    worker_run *runs = base_calloc(count, sizeof *runs);
    pthread_t *threads = base_calloc(count, sizeof *threads);
    atomic_int stop_all = 0;
    atomic_size_t ended = 0;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    size_t started = 0;
    for (; runs && threads && started < count; started++) {
        worker_run *w = &runs[started];
        *w = (worker_run){
            .worker = &workers[started], .set = &set, .stop_all = &stop_all, .ended = &ended};
        worker_options(opt, &workers[started], started, &stop_all, &w->opt);
        if (pthread_create(&threads[started], NULL, worker_main, w)) break;
    }
    if (started < count) atomic_store(&stop_all, 1);
    bool signalled = wait_for(started, &ended, opt->stop_flag, &stop_all);
    for (size_t i = 0; i < started; i++) pthread_join(threads[i], NULL);
    clock_gettime(CLOCK_MONOTONIC, &end);
    for (size_t i = 0; i < started && st == POR_OK; i++)
        if (runs[i].status != POR_OK) st = runs[i].status, *err = runs[i].err;
    if (st == POR_OK && started < count)
        st = por_fail(err, POR_ERR_NOMEM, "cannot start worker %zu of %zu", started + 1, count);
    for (size_t i = 0; i < started; i++) add_stats(&result->stats, &runs[i].result.stats);
    result->stop = overall_stop(runs, started, signalled);
    result->stats.seconds =
        (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    result->stats.state_bytes = por_shared_set_bytes(&set);
    por_shared_set_free(&set);
    base_free(runs);
    base_free(threads);
    return st;
}
