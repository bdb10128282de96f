/* The parallel stateful search (issue 20, part 2): on random toy programs (the differential
 * test's generator: locks, CAS, asserts, spin loops, endless loops) dfs and jpf with 1, 2 and 4
 * workers find exactly the outcomes, deadlocks and failed assertions of the sequential search,
 * and their summed counts of states, end states and transitions are the sequential ones: each
 * state is claimed and expanded by exactly one worker. */
#include <criterion/criterion.h>
#include <string.h>

#include "gen.h"
#include "harness.h"

/* What one worker's observer saw, on its own copy of the program. */
typedef struct seen {
    toy_program *toy;
    bset finals;  /* outcome texts of end states */
    bset asserts; /* failing threads' states */
} seen;

/* Records an end state's outcome. */
static por_verdict on_final(void *ctx, const por_trace *schedule, por_tset waiting)
{
    seen *c = ctx;
    char buf[4096];
    toy_outcome(c->toy, buf, sizeof buf);
    bset_add(&c->finals, buf, strlen(buf));
    (void)schedule, (void)waiting;
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

/* Searches [src] with [algo] and [workers] workers (0: the sequential por_search) into [out]
 * (its merged findings) and [r]. */
static void search(const char *src, por_algo algo, size_t workers, seen *out, por_result *r)
{
    size_t n = workers ? workers : 1;
    seen parts[4];
    por_observer obs[4];
    por_lts lts[4];
    por_worker w[4];
    for (size_t i = 0; i < n; i++) {
        parts[i] = (seen){harness_parse(src), {0}, {0}};
        obs[i] = (por_observer){&parts[i], on_final, on_assert, NULL, NULL};
        lts[i] = toy_lts(parts[i].toy);
        w[i] = (por_worker){&lts[i], &obs[i]};
    }
    por_options opt = harness_options(algo, false, "seq");
    por_error err = {0};
    opt.observer = &obs[0];
    por_status st =
        workers ? por_search_parallel(w, n, &opt, r, &err) : por_search(&lts[0], &opt, r, &err);
    cr_assert_eq(st, POR_OK, "%s", err.message);
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < n; i++) {
        merge(&out->finals, &parts[i].finals);
        merge(&out->asserts, &parts[i].asserts);
        bset_free(&parts[i].finals);
        bset_free(&parts[i].asserts);
        toy_free(parts[i].toy);
    }
}

/* Checks program [seed] under [algo] with 2 and 4 workers (and 1) against the sequential search. */
static void check_seed(uint64_t seed, por_algo algo)
{
    gen_program p;
    gen_random(&p, seed);
    char src[8192];
    cr_assert_lt(gen_render(&p, src, sizeof src), sizeof src);
    seen want;
    por_result seq;
    search(src, algo, 0, &want, &seq);
    static const size_t counts[] = {1, 2, 4};
    for (size_t k = 0; k < 3; k++) {
        seen got;
        por_result par;
        search(src, algo, counts[k], &got, &par);
        const char *what = por_algo_name(algo);
        cr_assert_eq(par.stop, POR_STOP_COMPLETE, "seed %llu %s x%zu", (unsigned long long)seed,
                     what, counts[k]);
        cr_assert(bset_equal(&want.finals, &got.finals) && bset_equal(&want.asserts, &got.asserts),
                  "seed %llu %s x%zu: other outcomes or assertions\n%s", (unsigned long long)seed,
                  what, counts[k], src);
        cr_assert_eq(par.stats.states_new, seq.stats.states_new, "seed %llu %s x%zu: states",
                     (unsigned long long)seed, what, counts[k]);
        cr_assert_eq(par.stats.end_states, seq.stats.end_states, "seed %llu %s x%zu: end states",
                     (unsigned long long)seed, what, counts[k]);
        cr_assert_eq(par.stats.transitions, seq.stats.transitions, "seed %llu %s x%zu: transitions",
                     (unsigned long long)seed, what, counts[k]);
        cr_assert_eq(par.stats.deadlocks, seq.stats.deadlocks, "seed %llu %s x%zu: deadlocks",
                     (unsigned long long)seed, what, counts[k]);
        cr_assert_eq(par.stats.assert_failures, seq.stats.assert_failures,
                     "seed %llu %s x%zu: failed assertions", (unsigned long long)seed, what,
                     counts[k]);
        bset_free(&got.finals);
        bset_free(&got.asserts);
    }
    bset_free(&want.finals);
    bset_free(&want.asserts);
}

Test(parallel, dfs_and_jpf_find_what_the_sequential_search_finds, .timeout = 600)
{
    for (uint64_t seed = 1; seed <= 300; seed++) {
        check_seed(seed, POR_ALGO_DFS);
        check_seed(seed, POR_ALGO_JPF);
    }
}

Test(parallel, other_searches_are_refused_in_one_line)
{
    toy_program *toy = harness_parse("shared x\nthread A {\n x = 1\n}");
    por_lts lts = toy_lts(toy);
    por_worker w = {&lts, NULL};
    por_options opt = harness_options(POR_ALGO_DL_SPOR, false, "seq");
    por_result r;
    por_error err = {0};
    cr_assert_eq(por_search_parallel(&w, 1, &opt, &r, &err), POR_ERR_ARG);
    cr_assert_str_eq(err.message,
                     "a parallel search runs stateful dfs and jpf so far, not dl-s-por");
    opt = harness_options(POR_ALGO_DFS, true, "seq");
    cr_assert_eq(por_search_parallel(&w, 1, &opt, &r, &err), POR_ERR_ARG);
    toy_free(toy);
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
        search(src, POR_ALGO_DFS, 0, &all, &r);
        states = r.stats.states_new;
        bset_free(&all.finals);
        bset_free(&all.asserts);
    }
    toy_program *toys[2] = {harness_parse(src), harness_parse(src)};
    por_lts lts[2] = {toy_lts(toys[0]), toy_lts(toys[1])};
    por_worker w[2] = {{&lts[0], NULL}, {&lts[1], NULL}};
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
