/* The parallel stateful search (issue 20, part 2): on random toy programs (the differential
 * test's generator: locks, CAS, asserts, spin loops, endless loops) dfs and jpf with 1, 2 and 4
 * workers find exactly the outcomes, deadlocks, livelocks and failed assertions of the sequential
 * search,
 * and their summed counts of states, end states and transitions are the sequential ones: each
 * state is claimed and expanded by exactly one worker. S-POR with 1, 2 and 4 workers finds the
 * outcomes, deadlocks and failed assertions of sequential dfs (its counts depend on the timing),
 * claims each state once, and the graph of the claimed states with the transitions their
 * claimers explored has a fully expanded state on every cycle (C3), also where jittered workers
 * share the cycles of a ring of invisible steps. A shared set that starts tiny grows during the
 * search and changes none of this, nor do workers that build their copies on their own threads
 * (por_worker.open) and join at any moment, during grows too; a worker that cannot open fails
 * the search with its message, and one ready after the search ended adds nothing to it.
 * PORCHECK_TEST_QUICK=1 (the sanitizer build, there to catch memory errors) checks every third
 * program of each test, each with 1, 2 and 4 workers; the normal build checks all 300. */
#define _POSIX_C_SOURCE 200809L /* rand_r, nanosleep */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gen.h"
#include "harness.h"
#include "internal.h"

/* A state that a worker claimed and left, and whether it expanded it fully. */
typedef struct node {
    por_fp fp;
    bool full;
} node;

/* A transition a worker explored from a state it claimed. */
typedef struct edge {
    por_fp from, to;
} edge;

/* The claimed states and their explored transitions (the reduced graph, or a worker's share). */
typedef struct graph {
    node *nodes;
    edge *edges;
    size_t node_count, edge_count, node_cap, edge_cap;
} graph;

/* What one worker's observer saw, on its own copy of the program. */
typedef struct seen {
    toy_program *toy;
    bset finals;    /* outcome texts of end states */
    bset deadlocks; /* outcome texts of end states with a waiting thread */
    bset asserts;   /* failing threads' states */
    bset livelocks; /* fingerprints of the livelocked states reported */
    graph g;        /* the states it claimed, with the transitions it explored from them */
    unsigned seed;  /* draws the pauses of a jittered search */
} seen;

/* Makes the s-por workers pause now and then (10 us after about every third transition), so
 * that they meet on one part of the state space and their timings vary (this process only). */
static bool jitter;

/* Appends [n] to [g]. */
static void add_node(graph *g, node n)
{
    if (g->node_count == g->node_cap) {
        g->node_cap = g->node_cap ? 2 * g->node_cap : 64;
        g->nodes = realloc(g->nodes, g->node_cap * sizeof *g->nodes);
        cr_assert_not_null(g->nodes);
    }
    g->nodes[g->node_count++] = n;
}

/* Appends [e] to [g]. */
static void add_edge(graph *g, edge e)
{
    if (g->edge_count == g->edge_cap) {
        g->edge_cap = g->edge_cap ? 2 * g->edge_cap : 64;
        g->edges = realloc(g->edges, g->edge_cap * sizeof *g->edges);
        cr_assert_not_null(g->edges);
    }
    g->edges[g->edge_count++] = e;
}

/* Records an explored transition; pauses the worker now and then when jittered. */
static void on_transition(void *ctx, const por_transition_event *ev)
{
    seen *c = ctx;
    add_edge(&c->g, (edge){ev->from, ev->to});
    struct timespec pause = {0, 10000};
    if (jitter && rand_r(&c->seed) % 3 == 0) nanosleep(&pause, NULL);
}

/* Records a state the search leaves, fully expanded when the proviso fired or when its safe set
 * is every enabled thread. */
static void on_frame(void *ctx, const por_frame_event *ev)
{
    if (ev->complete)
        add_node(&((seen *)ctx)->g, (node){ev->state, ev->proviso || ev->safe == ev->enabled});
}

/* Orders fingerprints. */
static int fp_cmp(const void *a, const void *b)
{
    const por_fp *x = a, *y = b;
    if (x->hi != y->hi) return x->hi < y->hi ? -1 : 1;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* Returns the index of [fp] in the sorted nodes of [g]; fails the test when it is not there. */
static size_t node_at(const graph *g, por_fp fp)
{
    const node *n = bsearch(&fp, g->nodes, g->node_count, sizeof *g->nodes, fp_cmp);
    cr_assert_not_null(n, "a transition into a state nobody claimed");
    return (size_t)(n - g->nodes);
}

/* Returns [g]'s transitions between states not fully expanded as pairs of node indices, and
 * their number in [*count]. */
static size_t *reduced_edges(const graph *g, size_t *count)
{
    size_t *pairs = malloc((2 * g->edge_count + 1) * sizeof *pairs);
    cr_assert_not_null(pairs);
    *count = 0;
    for (size_t k = 0; k < g->edge_count; k++) {
        size_t a = node_at(g, g->edges[k].from), b = node_at(g, g->edges[k].to);
        if (g->nodes[a].full || g->nodes[b].full) continue;
        pairs[2 * *count] = a, pairs[2 * *count + 1] = b, ++*count;
    }
    return pairs;
}

/* True when [g]'s transitions between states not fully expanded form a cycle: the states with
 * none of them to a state left are taken away until none is; a state left then lies on one. */
static bool reduced_cycle(graph *g)
{
    qsort(g->nodes, g->node_count, sizeof *g->nodes, fp_cmp);
    for (size_t i = 1; i < g->node_count; i++)
        cr_assert_neq(fp_cmp(&g->nodes[i - 1].fp, &g->nodes[i].fp), 0, "a state claimed twice");
    size_t count, *pairs = reduced_edges(g, &count), n = g->node_count, removed = 1;
    bool *gone = calloc(n + 1, 1), *out = calloc(n + 1, 1);
    cr_assert(gone && out);
    for (size_t i = 0; i < n; i++) gone[i] = g->nodes[i].full;
    while (removed) {
        memset(out, 0, n);
        for (size_t k = 0; k < count; k++)
            if (!gone[pairs[2 * k + 1]]) out[pairs[2 * k]] = true;
        removed = 0;
        for (size_t i = 0; i < n; i++)
            if (!gone[i] && !out[i]) gone[i] = true, removed++;
    }
    bool cycle = false;
    for (size_t i = 0; i < n; i++) cycle |= !gone[i];
    free(pairs), free(gone), free(out);
    return cycle;
}

/* Records an end state's outcome. */
static por_verdict on_final(void *ctx, const por_trace *schedule, por_tset waiting)
{
    seen *c = ctx;
    char buf[4096];
    toy_outcome(c->toy, buf, sizeof buf);
    bset_add(&c->finals, buf, strlen(buf));
    if (waiting) bset_add(&c->deadlocks, buf, strlen(buf));
    (void)schedule;
    return POR_CONTINUE;
}

/* Records a failed assertion. */
static void on_assert(void *ctx, size_t thread, const por_trace *schedule)
{
    seen *c = ctx;
    char buf[4096];
    toy_describe_thread(c->toy, thread, buf, sizeof buf);
    bset_add(&c->asserts, buf, strlen(buf));
    (void)schedule;
}

/* Records a livelock by its state's fingerprint (the smallest of its cycle, whoever finds it). */
static por_verdict on_livelock(void *ctx, const por_trace *schedule, por_tset running)
{
    seen *c = ctx;
    por_lts lts = toy_lts(c->toy);
    por_fp fp = lts.ops->fingerprint(lts.model);
    bset_add(&c->livelocks, &fp, sizeof fp);
    (void)schedule, (void)running;
    return POR_VIOLATION;
}

/* Adds every string of [from] to [to]. */
static void merge(bset *to, const bset *from)
{
    for (size_t i = 0; i < from->cap; i++)
        if (from->items[i]) {
            uint32_t len;
            memcpy(&len, from->items[i], 4);
            bset_add(to, from->items[i] + 4, len);
        }
}

/* Adds the states and transitions of [from] to [to]. */
static void merge_graph(graph *to, const graph *from)
{
    for (size_t i = 0; i < from->node_count; i++) add_node(to, from->nodes[i]);
    for (size_t i = 0; i < from->edge_count; i++) add_edge(to, from->edges[i]);
}

/* Frees the sets and the graph of [c]. */
static void seen_free(seen *c)
{
    bset_free(&c->finals);
    bset_free(&c->deadlocks);
    bset_free(&c->asserts);
    bset_free(&c->livelocks);
    free(c->g.nodes);
    free(c->g.edges);
    memset(&c->g, 0, sizeof c->g);
}

/* Makes the workers after the first of a parallel search build their copies of the program on
 * their own threads (por_worker.open), each after a pause of its own draws (up to 300 us), so
 * that they enter the shared set at all moments of the search, during its grows too (this
 * process only). */
static bool open_late;

/* What a worker that opens on its own thread needs: the program, where its copy goes, and the
 * thread that started the search (which must not be the one that opens it). */
typedef struct late_worker {
    const char *src;
    seen *part;
    por_lts *lts;
    pthread_t caller;
} late_worker;

/* Opens the copy of the late worker [ctx] (por_worker.open). */
static bool open_copy(void *ctx, por_error *err)
{
    late_worker *l = ctx;
    cr_assert(!pthread_equal(pthread_self(), l->caller), "opened on the caller's thread");
    struct timespec pause = {0, 1000L * (rand_r(&l->part->seed) % 300)};
    nanosleep(&pause, NULL);
    l->part->toy = harness_parse(l->src);
    *l->lts = toy_lts(l->part->toy);
    (void)err;
    return true;
}

/* Searches [src] with [algo] and [workers] workers (0: the sequential por_search) into [out]
 * (its merged findings) and [r]. */
static void search_program(const char *src, por_algo algo, size_t workers, seen *out, por_result *r)
{
    size_t n = workers ? workers : 1;
    seen parts[4];
    por_observer obs[4];
    por_lts lts[4];
    por_worker w[4];
    late_worker late[4];
    for (size_t i = 0; i < n; i++) {
        static unsigned searches; /* each worker of each search pauses after its own draws */
        bool later = open_late && workers && i > 0;
        parts[i] = (seen){later ? NULL : harness_parse(src), {0}, {0}, {0}, {0}, {0}, ++searches};
        obs[i] = (por_observer){.ctx = &parts[i],
                                .final_state = on_final,
                                .assert_failed = on_assert,
                                .livelock = on_livelock};
        if (algo == POR_ALGO_SPOR) obs[i].transition = on_transition, obs[i].frame = on_frame;
        if (!later) lts[i] = toy_lts(parts[i].toy);
        w[i] = (por_worker){.lts = &lts[i], .observer = &obs[i]};
        late[i] = (late_worker){src, &parts[i], &lts[i], pthread_self()};
        if (later) w[i].open = open_copy, w[i].ctx = &late[i];
    }
    por_options opt = harness_options(algo, false, "seq");
    por_error err = {0};
    opt.observer = &obs[0];
    por_status st =
        workers ? por_search_parallel(w, n, &opt, r, &err) : por_search(&lts[0], &opt, r, &err);
    cr_assert_eq(st, POR_OK, "%s", err.message);
    cr_assert_eq(r->stats.workers, workers, "the workers the search had");
    if (!open_late || !workers) /* else those ready after the search ended did not join it */
        cr_assert_eq(r->stats.workers_searched, workers, "every worker searched");
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < n; i++) {
        merge(&out->finals, &parts[i].finals);
        merge(&out->deadlocks, &parts[i].deadlocks);
        merge(&out->asserts, &parts[i].asserts);
        merge(&out->livelocks, &parts[i].livelocks);
        merge_graph(&out->g, &parts[i].g);
        seen_free(&parts[i]);
        if (parts[i].toy) toy_free(parts[i].toy); /* NULL: the search was over before it opened */
    }
}

/* The bytes of a program's source. */
enum { SOURCE = 8192 };

/* Renders program [seed] into [src] of SOURCE bytes. */
static void render(uint64_t seed, char *src)
{
    gen_program p;
    gen_random(&p, seed);
    cr_assert_lt(gen_render(&p, src, SOURCE), SOURCE);
}

/* The programs (seeds 1 to PROGRAMS) that each test draws. */
enum { PROGRAMS = 300 };

/* The distance between the seeds a test checks: every third under PORCHECK_TEST_QUICK=1. */
static uint64_t seed_step(void)
{
    return harness_quick() ? 3 : 1;
}

/* The worker counts each program is searched with. */
static const size_t counts[] = {1, 2, 4};

/* Checks that the parallel search [got] of program [seed] by [algo] with [workers] workers
 * ended and found the outcomes, deadlocks and failed assertions of [want]. */
static void check_found(const seen *want, const seen *got, const por_result *par, uint64_t seed,
                        por_algo algo, size_t workers, const char *src)
{
    const char *what = por_algo_name(algo);
    cr_assert_eq(par->stop, POR_STOP_COMPLETE, "seed %llu %s x%zu", (unsigned long long)seed, what,
                 workers);
    cr_assert(bset_equal(&want->finals, &got->finals) &&
                  bset_equal(&want->deadlocks, &got->deadlocks) &&
                  bset_equal(&want->asserts, &got->asserts),
              "seed %llu %s x%zu: other outcomes, deadlocks or assertions\n%s",
              (unsigned long long)seed, what, workers, src);
    cr_assert(bset_equal(&want->livelocks, &got->livelocks),
              "seed %llu %s x%zu: livelocks %zu, sequential %zu\n%s", (unsigned long long)seed,
              what, workers, got->livelocks.count, want->livelocks.count, src);
    cr_assert_eq(par->stats.livelocks, got->livelocks.count,
                 "seed %llu %s x%zu: each reported once", (unsigned long long)seed, what, workers);
}

/* Checks that [par] counts what [seq] counts (program [seed], [algo], [workers] workers). */
static void check_counts(const por_result *seq, const por_result *par, uint64_t seed, por_algo algo,
                         size_t workers)
{
    const char *what = por_algo_name(algo);
    unsigned long long sd = (unsigned long long)seed;
    cr_assert_eq(par->stats.states_new, seq->stats.states_new, "seed %llu %s x%zu: states", sd,
                 what, workers);
    cr_assert_eq(par->stats.end_states, seq->stats.end_states, "seed %llu %s x%zu: end states", sd,
                 what, workers);
    cr_assert_eq(par->stats.transitions, seq->stats.transitions, "seed %llu %s x%zu: transitions",
                 sd, what, workers);
    cr_assert_eq(par->stats.deadlocks, seq->stats.deadlocks, "seed %llu %s x%zu: deadlocks", sd,
                 what, workers);
    cr_assert_eq(par->stats.assert_failures, seq->stats.assert_failures,
                 "seed %llu %s x%zu: failed assertions", sd, what, workers);
}

/* Checks program [seed] under [algo] with 1, 2 and 4 workers against the sequential search of
 * [algo] (exact counts) or, for s-por, of dfs (what it finds); returns the largest shared set's
 * bytes. */
static size_t check_seed(uint64_t seed, por_algo algo)
{
    char src[SOURCE];
    render(seed, src);
    bool exact = algo != POR_ALGO_SPOR;
    seen want;
    por_result seq;
    search_program(src, exact ? algo : POR_ALGO_DFS, 0, &want, &seq);
    size_t bytes = 0;
    for (size_t k = 0; k < 3; k++) {
        seen got;
        por_result par;
        search_program(src, algo, counts[k], &got, &par);
        check_found(&want, &got, &par, seed, algo, counts[k], src);
        if (exact) check_counts(&seq, &par, seed, algo, counts[k]);
        if (!exact)
            cr_assert(!reduced_cycle(&got.g),
                      "seed %llu s-por x%zu: a cycle of states none fully expanded\n%s",
                      (unsigned long long)seed, counts[k], src);
        if (par.stats.state_bytes > bytes) bytes = par.stats.state_bytes;
        seen_free(&got);
    }
    seen_free(&want);
    return bytes;
}

Test(parallel, dfs_and_jpf_find_what_the_sequential_search_finds, .timeout = 600)
{
    for (uint64_t seed = 1; seed <= PROGRAMS; seed += seed_step()) {
        check_seed(seed, POR_ALGO_DFS);
        check_seed(seed, POR_ALGO_JPF);
    }
}

Test(parallel, s_por_finds_the_outcomes_deadlocks_and_assertions_of_dfs, .timeout = 600)
{
    for (uint64_t seed = 1; seed <= PROGRAMS; seed += seed_step()) check_seed(seed, POR_ALGO_SPOR);
}

Test(parallel, a_shared_set_that_starts_tiny_grows_and_changes_nothing, .timeout = 600)
{
    por_parallel_first_slots = 64; /* this test's process only */
    size_t grown = 0, tiny = 64 * (sizeof(por_fp) + 1);
    for (uint64_t seed = 1; seed <= PROGRAMS; seed += seed_step()) {
        grown += check_seed(seed, POR_ALGO_DFS) > tiny;
        grown += check_seed(seed, POR_ALGO_SPOR) > tiny;
    }
    cr_assert_gt(grown, 100 / seed_step(), "only %zu searches grew their shared set", grown);
}

Test(parallel, workers_that_open_on_their_own_threads_change_nothing, .timeout = 600)
{
    open_late = true; /* this test's process only */
    por_parallel_first_slots = 64;
    for (uint64_t seed = 1; seed <= PROGRAMS; seed += 2 * seed_step()) {
        check_seed(seed, POR_ALGO_DFS);
        check_seed(seed, POR_ALGO_SPOR);
    }
}

/* An open function that fails (por_worker.open). */
static bool open_fails(void *ctx, por_error *err)
{
    (void)ctx;
    por_fail(err, POR_ERR_LTS, "worker 2 cannot start: no memory for its VM");
    return false;
}

/* An open function that takes 300 ms, then opens the late worker [ctx] (por_worker.open). */
static bool open_slowly(void *ctx, por_error *err)
{
    nanosleep(&(struct timespec){0, 300000000L}, NULL);
    return open_copy(ctx, err);
}

/* Records an end state's outcome after 50 ms (a search that takes a while). */
static por_verdict on_final_slowly(void *ctx, const por_trace *schedule, por_tset waiting)
{
    nanosleep(&(struct timespec){0, 50000000L}, NULL);
    return on_final(ctx, schedule, waiting);
}

Test(parallel, a_worker_that_cannot_open_fails_the_search_with_its_message)
{
    const char *src =
        "shared x\nthread A {\n  x = 1\n  r = x\n  return r\n}\nthread B {\n  x = 2\n}";
    seen part = {.toy = harness_parse(src)};
    por_observer obs = {.ctx = &part, .final_state = on_final_slowly}; /* opens meanwhile */
    por_lts lts[2] = {toy_lts(part.toy)};
    por_worker w[2] = {{.lts = &lts[0], .observer = &obs}, {.lts = &lts[1], .open = open_fails}};
    por_options opt = harness_options(POR_ALGO_DFS, false, "seq");
    por_result r;
    por_error err = {0};
    cr_assert_eq(por_search_parallel(w, 2, &opt, &r, &err), POR_ERR_LTS);
    cr_assert_str_eq(err.message, "worker 2 cannot start: no memory for its VM");
    cr_assert_lt(part.finals.count, 2, "the failure stopped the first worker");
    seen_free(&part);
    toy_free(part.toy);
}

Test(parallel, a_worker_ready_after_the_search_ended_adds_nothing)
{
    const char *src =
        "shared x\nthread A {\n  x = 1\n  r = x\n  return r\n}\nthread B {\n  x = 2\n}";
    seen parts[2] = {{.toy = harness_parse(src)}, {.toy = NULL}};
    por_observer obs[2];
    for (size_t i = 0; i < 2; i++)
        obs[i] = (por_observer){.ctx = &parts[i], .final_state = on_final_slowly};
    por_lts lts[2] = {toy_lts(parts[0].toy)};
    late_worker late = {src, &parts[1], &lts[1], pthread_self()};
    por_worker w[2] = {{.lts = &lts[0], .observer = &obs[0]},
                       {.lts = &lts[1], .observer = &obs[1], .open = open_slowly, .ctx = &late}};
    por_options opt = harness_options(POR_ALGO_DFS, false, "seq");
    por_result r;
    por_error err = {0};
    cr_assert_eq(por_search_parallel(w, 2, &opt, &r, &err), POR_OK, "%s", err.message);
    cr_assert_eq(r.stop, POR_STOP_COMPLETE);
    cr_assert(parts[1].toy, "the worker opened while the first searched (150 ms)");
    cr_assert_geq(r.stats.seconds, 0.3, "the search waits for an open under way");
    cr_assert_eq(parts[1].finals.count, 0, "and found nothing: the first worker had ended");
    cr_assert_eq(parts[0].finals.count, 2, "the first found both outcomes");
    cr_assert_eq(r.stats.end_states, 3); /* x = 2 with r = 1 or 2; x = 1 with r = 1 */
    cr_assert_eq(r.stats.workers_searched, 1, "of %zu", r.stats.workers);
    for (size_t i = 0; i < 2; i++) seen_free(&parts[i]), toy_free(parts[i].toy);
}

/* Rings of invisible steps (thread L) that the other threads' writes enter at several points,
 * where workers that enter one at different points each claim part of one cycle of states with
 * one invisible successor each. Without the parallel proviso (a claimed state whose successor
 * is not done when its transition returns is expanded fully) most jittered runs of the first
 * leave such a cycle unexpanded, and a few of the second lose its failed assertion. */
static const char *const rings[] = {
    "shared x, y\n"
    "thread L {\n  while (true) {\n    local c = c + 1\n    if (c == 5) {\n      local c = 0\n"
    "    }\n  }\n}\n"
    "thread W1 {\n  x = 1\n  x = 2\n  x = 3\n}\n"
    "thread W2 {\n  y = 1\n  y = 2\n  y = 3\n}\n"
    "thread B {\n  r = x\n  s = y\n  assert(r != 3)\n}\n",
    "shared x, y\n"
    "thread L {\n  while (true) {\n    local c = c + 1\n    if (c == 7) {\n      local c = 0\n"
    "    }\n  }\n}\n"
    "thread W1 {\n  x = 1\n}\n"
    "thread W2 {\n  y = 1\n}\n"
    "thread B {\n  r = x\n  s = y\n  local t = r + s\n  assert(t != 2)\n}\n",
};

Test(parallel, s_por_workers_that_share_a_cycle_expand_one_of_its_states, .timeout = 600)
{
    jitter = true;
    for (size_t k = 0; k < 2; k++) {
        seen want;
        por_result seq;
        search_program(rings[k], POR_ALGO_DFS, 0, &want, &seq);
        for (int run = 0; run < 40; run++) {
            seen got;
            por_result par;
            search_program(rings[k], POR_ALGO_SPOR, 4, &got, &par);
            check_found(&want, &got, &par, k, POR_ALGO_SPOR, 4, rings[k]);
            cr_assert(!reduced_cycle(&got.g),
                      "ring %zu, run %d: a cycle of states none fully expanded", k, run);
            seen_free(&got);
        }
        seen_free(&want);
    }
}

/* Checks that a parallel search by [algo] ([stateless]) is refused with message [want]. */
static void check_refused(por_algo algo, bool stateless, const char *want)
{
    toy_program *toy = harness_parse("shared x\nthread A {\n x = 1\n}");
    por_lts lts = toy_lts(toy);
    por_worker w = {.lts = &lts};
    por_options opt = harness_options(algo, stateless, "seq");
    por_result r;
    por_error err = {0};
    cr_assert_eq(por_search_parallel(&w, 1, &opt, &r, &err), POR_ERR_ARG, "%s", want);
    cr_assert_str_eq(err.message, want);
    toy_free(toy);
}

Test(parallel, other_searches_are_refused_in_one_line)
{
    const char *prefix = "a parallel search runs stateful dfs, jpf and s-por so far, not ";
    static const por_algo refused[] = {
        POR_ALGO_DE_SPOR,      POR_ALGO_DL_SPOR, POR_ALGO_DE_JPF,
        POR_ALGO_DL_JPF,       POR_ALGO_DPOR,    POR_ALGO_SOURCE_DPOR,
        POR_ALGO_OPTIMAL_DPOR, POR_ALGO_O_DPOR,  POR_ALGO_CARTESIAN};
    char want[128];
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        snprintf(want, sizeof want, "%s%s", prefix, por_algo_name(refused[i]));
        check_refused(refused[i], false, want);
    }
    snprintf(want, sizeof want, "%sa stateless s-por", prefix);
    check_refused(POR_ALGO_SPOR, true, want);
}

Test(parallel, a_search_stopped_by_a_limit_is_incomplete)
{
    gen_program p;
    char src[8192];
    size_t states = 0;
    uint64_t seed = 1;
    for (; states < 200; seed++) { /* a program with a few hundred states */
        gen_random(&p, seed);
        gen_render(&p, src, sizeof src);
        seen all;
        por_result r;
        search_program(src, POR_ALGO_DFS, 0, &all, &r);
        states = r.stats.states_new;
        seen_free(&all);
    }
    toy_program *toys[2] = {harness_parse(src), harness_parse(src)};
    por_lts lts[2] = {toy_lts(toys[0]), toy_lts(toys[1])};
    por_worker w[2] = {{.lts = &lts[0]}, {.lts = &lts[1]}};
    por_options opt = harness_options(POR_ALGO_DFS, false, "seq");
    opt.max_states = states / 2;
    por_result r;
    por_error err = {0};
    cr_assert_eq(por_search_parallel(w, 2, &opt, &r, &err), POR_OK, "%s", err.message);
    cr_assert_eq(r.stop, POR_STOP_STATES, "seed %llu: %s after %zu of %zu states",
                 (unsigned long long)seed, por_stop_name(r.stop), r.stats.states_new, states);
    cr_assert(por_stop_incomplete(r.stop));
    toy_free(toys[0]);
    toy_free(toys[1]);
}
