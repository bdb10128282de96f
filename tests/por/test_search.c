/* por_search as an API: limits stop cleanly with partial statistics, --first-error stops at the
 * first violation with a schedule that reproduces it, out-of-memory and lts errors come back
 * as statuses without leaks, statistics print as text and JSON, options parse, and a
 * transition system that is not the toy language works too. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */

#include <criterion/criterion.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "harness.h"

static const char *const readers4 =
    "shared x, y1, y2, y3, y4\nthread W { x = 1 }\n"
    "thread R1 {\n a = y1\n b = x\n}\nthread R2 {\n a = y2\n b = x\n}\n"
    "thread R3 {\n a = y3\n b = x\n}\nthread R4 {\n a = y4\n b = x\n}\n";

static por_result search(toy_program *toy, const por_options *opt, const por_observer *obs)
{
    toy_reset(toy);
    por_lts lts = toy_lts(toy);
    por_options with = *opt;
    with.observer = obs;
    por_result r;
    por_error err;
    cr_assert_eq(por_search(&lts, &with, &r, &err), POR_OK, "%s", err.message);
    return r;
}

Test(por_search, max_states_stops_with_partial_statistics)
{
    toy_program *toy = harness_parse(readers4);
    for (int a = 0; a < POR_ALGO_COUNT; a++) {
        por_options opt = harness_options((por_algo)a, false, "seq");
        opt.max_states = 20;
        por_result r = search(toy, &opt, NULL);
        cr_assert_eq(r.stop, POR_STOP_STATES, "%s", por_algo_name((por_algo)a));
        cr_assert_eq(r.stats.states_new, 20);
        cr_assert_geq(r.stats.transitions, 19);
    }
    toy_free(toy);
}

Test(por_search, timeout_stops_a_long_search)
{
    toy_program *toy =
        harness_parse("thread A {\n L: local i = i + 1\n if (i < 100000000) goto L\n}\n"
                      "thread B {\n L: local i = i + 1\n if (i < 100000000) goto L\n}\n");
    por_options opt = harness_options(POR_ALGO_DFS, false, "seq");
    opt.timeout_seconds = 0.05;
    por_result r = search(toy, &opt, NULL);
    cr_assert_eq(r.stop, POR_STOP_TIME);
    cr_assert_geq(r.stats.seconds, 0.05);
    cr_assert_lt(r.stats.seconds, 5.0);
    cr_assert_gt(r.stats.states_new, 0);
    toy_free(toy);
}

/* A search a limit stops says which thread took the end of the path it stopped on, and where
 * that thread stands: under dfs in seq order, B counts for ever once A has ended. */
Test(por_search, a_stopped_search_says_where_its_path_ends)
{
    toy_program *toy = harness_parse("thread A {\n local j = 1\n}\n"
                                     "thread B {\n L: local i = i + 1\n goto L\n}\n");
    por_options opt = harness_options(POR_ALGO_DFS, false, "seq");
    opt.max_states = 3000;
    por_result r = search(toy, &opt, NULL);
    cr_assert_eq(r.stop, POR_STOP_STATES);
    cr_assert_geq(r.path.depth, 2000, "depth %zu", r.path.depth);
    cr_assert_eq(r.path.window, POR_STOP_WINDOW);
    cr_assert_eq(r.path.thread, 1);
    cr_assert_eq(r.path.steps, POR_STOP_WINDOW);
    cr_assert(strstr(r.path.where, "B running at line 5 i="), "where: %s", r.path.where);
    opt.max_states = 0;
    opt.algo = POR_ALGO_SPOR;
    opt.timeout_seconds = 0.05;
    r = search(toy, &opt, NULL);
    cr_assert_eq(r.stop, POR_STOP_TIME);
    cr_assert_eq(r.path.thread, 1);
    cr_assert(strstr(r.path.where, "B running"), "where: %s", r.path.where);
    toy_free(toy);
}

Test(por_search, a_complete_search_has_no_stop_path)
{
    toy_program *toy = harness_parse(readers4);
    por_options opt = harness_options(POR_ALGO_DFS, false, "seq");
    por_result r = search(toy, &opt, NULL);
    cr_assert_eq(r.stop, POR_STOP_COMPLETE);
    cr_assert_eq(r.path.depth, 0);
    cr_assert_str_eq(r.path.where, "");
    toy_free(toy);
}

Test(por_search, max_memory_stops_cleanly)
{
    toy_program *toy = harness_parse(readers4);
    por_options opt = harness_options(POR_ALGO_DL_SPOR, false, "seq");
    opt.max_memory_bytes = base_bytes_in_use() + 8 * 1024;
    por_result r = search(toy, &opt, NULL);
    cr_assert_eq(r.stop, POR_STOP_MEMORY);
    cr_assert_gt(r.stats.peak_memory, opt.max_memory_bytes);
    opt.max_memory_bytes = 0;
    cr_assert_eq(search(toy, &opt, NULL).stop, POR_STOP_COMPLETE);
    toy_free(toy);
}

/* The stop flag of the signal tests, and the transition count at which to raise it. */
static atomic_int stop_flag;
static size_t raise_after, transitions_seen;

/* Transition observer: raises the stop flag at the raise_after-th transition. */
static void raise_flag(void *ctx, const por_transition_event *ev)
{
    (void)ctx, (void)ev;
    if (++transitions_seen == raise_after) stop_flag = 1;
}

Test(por_search, stop_flag_stops_every_algorithm_as_a_signal)
{
    toy_program *toy = harness_parse(readers4);
    por_observer obs = {.transition = raise_flag};
    for (int a = 0; a < POR_ALGO_COUNT; a++) {
        por_options opt = harness_options((por_algo)a, false, "seq");
        opt.stop_flag = &stop_flag;
        stop_flag = 0;
        transitions_seen = 0, raise_after = 10;
        por_result r = search(toy, &opt, &obs);
        cr_assert_eq(r.stop, POR_STOP_SIGNAL, "%s", por_algo_name((por_algo)a));
        cr_assert(por_stop_incomplete(r.stop));
        cr_assert_leq(r.stats.transitions, 10, "%s: %zu", por_algo_name((por_algo)a),
                      r.stats.transitions);
        stop_flag = 0;
        raise_after = 0;
        cr_assert_eq(search(toy, &opt, &obs).stop, POR_STOP_COMPLETE);
    }
    stop_flag = 1; /* raised before the search starts: nothing beyond the initial state */
    por_options opt = harness_options(POR_ALGO_DFS, false, "seq");
    opt.stop_flag = &stop_flag;
    por_result r = search(toy, &opt, NULL);
    cr_assert_eq(r.stop, POR_STOP_SIGNAL);
    cr_assert_eq(r.stats.states_new, 1);
    cr_assert_eq(r.stats.transitions, 0);
    cr_assert_str_eq(por_stop_name(POR_STOP_SIGNAL), "signal");
    cr_assert_not(por_stop_incomplete(POR_STOP_COMPLETE) || por_stop_incomplete(POR_STOP_ERROR));
    toy_free(toy);
}

/* Progress callback: counts the reports, keeps the last one and stops the search (through
 * [stop_flag]) at the first. */
static void on_progress(void *ctx, const por_progress *p)
{
    por_progress *last = ctx;
    last[1].states++; /* the count of reports */
    last[0] = *p;
    stop_flag = 1;
}

/* The first report comes after a second, not before, with the search's figures; no clock bound
 * from above: on a loaded machine a second of the search's time may take several. */
Test(por_search, progress_is_reported_about_once_a_second)
{
    toy_program *toy =
        harness_parse("thread A {\n L: local i = i + 1\n if (i < 100000000) goto L\n}\n"
                      "thread B {\n L: local i = i + 1\n if (i < 100000000) goto L\n}\n");
    por_options opt = harness_options(POR_ALGO_DFS, false, "seq");
    por_progress seen[2];
    memset(seen, 0, sizeof seen);
    stop_flag = 0;
    opt.stop_flag = &stop_flag;
    opt.timeout_seconds = 60; /* without a report the search ends here, and the test fails */
    opt.progress = on_progress;
    opt.progress_ctx = seen;
    por_result r = search(toy, &opt, NULL);
    cr_assert_eq(r.stop, POR_STOP_SIGNAL);
    cr_assert_eq(seen[1].states, 1, "%zu reports before the stop", seen[1].states);
    cr_assert_geq(seen[0].seconds, 1.0);
    cr_assert_geq(r.stats.seconds, seen[0].seconds);
    cr_assert_gt(seen[0].states, 0);
    cr_assert_gt(seen[0].transitions, 0);
    cr_assert_gt(seen[0].depth, 0);
    cr_assert_gt(seen[0].memory, 0);
    stop_flag = 0;
    toy_free(toy);
}

Test(por_search, a_stopped_search_prints_partial_statistics)
{
    toy_program *toy = harness_parse(readers4);
    por_options opt = harness_options(POR_ALGO_DFS, false, "seq");
    opt.max_states = 5;
    por_result r = search(toy, &opt, NULL);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    por_stats_print(f, &r);
    fclose(f);
    cr_assert(strstr(text, "statistics (partial: the search was stopped by --max-states):"), "%s",
              text);
    cr_assert_null(strstr(text, "(complete)"));
    free(text);
    toy_free(toy);
}

/* Replays [schedule] from the initial state; returns the result of the last step. */
static por_step_result replay(toy_program *toy, const uint8_t *schedule, size_t length)
{
    toy_reset(toy);
    por_lts lts = toy_lts(toy);
    por_error err;
    por_step_result last = POR_STEP_OK;
    for (size_t i = 0; i < length; i++) {
        cr_assert(lts.ops->enabled(lts.model) >> schedule[i] & 1, "schedule step %zu not enabled",
                  i);
        last = lts.ops->step(lts.model, schedule[i], &err);
    }
    return last;
}

typedef struct first_error_ctx {
    uint8_t schedule[64];
    size_t length, asserts, finals;
    char thread[128];
    toy_program *toy;
} first_error_ctx;

static void record_assert(void *ctx, size_t thread, const por_trace *tr)
{
    first_error_ctx *c = ctx;
    c->asserts++;
    memcpy(c->schedule, tr->threads, tr->length);
    c->length = tr->length;
    toy_describe_thread(c->toy, thread, c->thread, sizeof c->thread);
}

Test(por_search, first_error_stops_at_a_reproducible_assertion)
{
    const char *src =
        "shared x\nthread A {\n x = 1\n x = 2\n}\nthread B {\n r = x\n assert(r != 2)\n}\n";
    toy_program *toy = harness_parse(src);
    for (int a = 0; a < POR_ALGO_COUNT; a++)
        for (int stateless = 0; stateless < 2; stateless++) {
            first_error_ctx c = {.toy = toy};
            por_observer obs = {.ctx = &c, .assert_failed = record_assert};
            por_options opt = harness_options((por_algo)a, stateless, "seq:1,0");
            opt.first_error = true;
            por_result r = search(toy, &opt, &obs);
            cr_assert_eq(r.stop, POR_STOP_ERROR);
            cr_assert_eq(c.asserts, 1);
            cr_assert_eq(r.stats.assert_failures, 1);
            cr_assert_str_eq(c.thread, "B failed at line 8 r=2");
            cr_assert_eq(replay(toy, c.schedule, c.length), POR_STEP_ASSERT);
        }
    toy_free(toy);
}

static por_verdict reject_x2(void *ctx, const por_trace *tr, por_tset waiting)
{
    (void)tr, (void)waiting;
    first_error_ctx *c = ctx;
    c->finals++;
    int32_t words[8];
    toy_state_words(c->toy, words);
    return words[0] == 2 ? POR_VIOLATION : POR_CONTINUE;
}

Test(por_search, observer_verdicts_count_and_stop_first_error_searches)
{
    toy_program *toy = harness_parse("shared x\nthread A { x = 1 }\nthread B { x = 2 }\n");
    first_error_ctx c = {.toy = toy};
    por_observer obs = {.ctx = &c, .final_state = reject_x2};
    por_options opt = harness_options(POR_ALGO_DL_SPOR, false, "seq");
    por_result r = search(toy, &opt, &obs);
    cr_assert_eq(r.stop, POR_STOP_COMPLETE);
    cr_assert_eq(r.stats.end_states, 2);
    cr_assert_eq(r.stats.violations, 1);
    opt.first_error = true;
    c.finals = 0;
    r = search(toy, &opt, &obs);
    cr_assert_eq(r.stop, POR_STOP_ERROR);
    cr_assert_eq(r.stats.violations, 1);
    toy_free(toy);
}

Test(por_search, deadlocks_are_violations)
{
    toy_program *toy =
        harness_parse("lock a, b\nthread A {\n lock a\n lock b\n unlock b\n unlock a\n}\n"
                      "thread B {\n lock b\n lock a\n unlock a\n unlock b\n}\n");
    por_options opt = harness_options(POR_ALGO_DE_SPOR, false, "seq");
    por_result r = search(toy, &opt, NULL);
    cr_assert_eq(r.stats.deadlocks, 1);
    cr_assert_eq(r.stats.end_states, 2, "both finished, or each holding one lock");
    opt.first_error = true;
    cr_assert_eq(search(toy, &opt, NULL).stop, POR_STOP_ERROR);
    toy_free(toy);
}

/* Observer: accepts every deadlock, counting the final states it sees. */
static por_verdict accept_deadlocks(void *ctx, const por_trace *tr, por_tset waiting)
{
    (void)tr;
    first_error_ctx *c = ctx;
    c->finals++;
    return waiting ? POR_ACCEPT : POR_CONTINUE;
}

Test(por_search, an_observer_may_accept_a_deadlock)
{
    toy_program *toy =
        harness_parse("lock a, b\nthread A {\n lock a\n lock b\n unlock b\n unlock a\n}\n"
                      "thread B {\n lock b\n lock a\n unlock a\n unlock b\n}\n");
    first_error_ctx c = {.toy = toy};
    por_observer obs = {.ctx = &c, .final_state = accept_deadlocks};
    for (int a = 0; a < POR_ALGO_COUNT; a++) {
        por_options opt = harness_options((por_algo)a, false, "seq");
        opt.first_error = true;
        c.finals = 0;
        por_result r = search(toy, &opt, &obs);
        cr_assert_eq(r.stop, POR_STOP_COMPLETE, "%s", por_algo_name((por_algo)a));
        cr_assert_eq(r.stats.deadlocks, 1, "still counted as a deadlock");
        cr_assert_eq(r.stats.violations, 0);
        /* a stateless search reaches each of the two end states once per run: 2 and 1 */
        cr_assert_eq(c.finals, por_algo_is_stateless((por_algo)a) ? 3 : 2);
    }
    toy_free(toy);
}

Test(por_search, out_of_memory_is_a_status_without_leaks)
{
    for (int a = 0; a < POR_ALGO_COUNT; a++)
        for (int stateless = 0; stateless < 2; stateless++) {
            size_t failures = 0;
            for (long n = 0;; n += 1 + n / 4) {
                toy_program *toy = harness_parse(readers4);
                por_options opt = harness_options((por_algo)a, stateless, "seq");
                por_lts lts = toy_lts(toy);
                por_result r;
                por_error err;
                base_fail_allocation_after(n);
                por_status s = por_search(&lts, &opt, &r, &err);
                base_fail_allocation_after(-1);
                toy_free(toy);
                cr_assert_eq(base_bytes_in_use(), 0, "%s after %ld allocations: leaked %zu bytes",
                             por_algo_name((por_algo)a), n, base_bytes_in_use());
                if (s == POR_OK) break;
                cr_assert_eq(s, POR_ERR_NOMEM, "%s", err.message);
                cr_assert(strstr(err.message, "out of memory"), "%s", err.message);
                failures++;
            }
            cr_assert_gt(failures, 3);
        }
}

/* ---- A hand-made transition system ----------------------------------------------------------- */

/* Two threads, each flipping its own bit for ever, plus a thread that writes a shared flag
 * once: a cyclic system of 8 states with no final state. Thread 3 (when broken) fails. */
typedef struct counters {
    int c[2], flag;
    bool broken;
} counters;

static size_t ct_threads(const void *m)
{
    return ((const counters *)m)->broken ? 4 : 3;
}
static por_tset ct_enabled(const void *m)
{
    const counters *k = m;
    return 3u | (k->flag ? 0u : 4u) | (k->broken ? 8u : 0u);
}
static por_tset ct_waiting(const void *m)
{
    (void)m;
    return 0;
}
static void ct_peek(const void *m, size_t t, por_label *out)
{
    (void)m;
    memset(out, 0, sizeof *out);
    out->thread = (uint32_t)t;
    out->access = POR_WRITE;
    out->object = (uint32_t)t;
}
static por_step_result ct_step(void *m, size_t t, por_error *err)
{
    counters *k = m;
    if (t == 3) {
        por_fail(err, POR_ERR_LTS, "thread 3 crashed");
        return POR_STEP_ERROR;
    }
    if (t == 2)
        k->flag = 1;
    else
        k->c[t] = 1 - k->c[t];
    return POR_STEP_OK;
}
static por_fp ct_fingerprint(const void *m)
{
    const counters *k = m;
    por_fp fp = {(uint64_t)(k->c[0] * 4 + k->c[1] * 2 + k->flag + 1) * 0x9E3779B97F4A7C15ull, 7};
    return fp;
}
static por_snapshot *ct_save(void *m)
{
    counters *copy = base_malloc(sizeof *copy);
    if (copy) *copy = *(counters *)m;
    return (por_snapshot *)copy;
}
static void ct_restore(void *m, const por_snapshot *s)
{
    *(counters *)m = *(const counters *)s;
}
static void ct_release(void *m, por_snapshot *s)
{
    (void)m;
    base_free(s);
}

static const por_lts_ops counter_ops = {ct_threads,     ct_enabled, ct_waiting, ct_peek,    ct_step,
                                        ct_fingerprint, ct_save,    ct_restore, ct_release, NULL,
                                        NULL,           false,      NULL,       NULL};

Test(por_search, works_on_a_hand_made_cyclic_system)
{
    for (int a = 0; a < POR_ALGO_COUNT; a++)
        for (int stateless = 0; stateless < 2; stateless++) {
            counters k = {{0, 0}, 0, false};
            por_lts lts = {&counter_ops, &k};
            por_options opt = harness_options((por_algo)a, stateless, "random:9");
            por_result r;
            por_error err;
            cr_assert_eq(por_search(&lts, &opt, &r, &err), POR_OK);
            cr_assert_eq(r.stop, POR_STOP_COMPLETE);
            cr_assert_eq(r.stats.end_states, 0, "no state is final");
            if (!stateless && !por_algo_is_stateless((por_algo)a))
                cr_assert_leq(r.stats.states_new, 8);
            if (!stateless && (a == POR_ALGO_DFS || a == POR_ALGO_JPF))
                cr_assert_eq(r.stats.states_new, 8);
        }
}

Test(por_search, lts_errors_stop_the_search)
{
    counters k = {{0, 0}, 0, true};
    por_lts lts = {&counter_ops, &k};
    por_options opt = harness_options(POR_ALGO_DFS, false, "seq:3");
    por_result r;
    por_error err;
    cr_assert_eq(por_search(&lts, &opt, &r, &err), POR_ERR_LTS);
    cr_assert_str_eq(err.message, "thread 3 crashed");
    cr_assert_eq(base_bytes_in_use(), 0, "snapshots released");
}

Test(por_search, rejects_bad_thread_counts_and_algorithms)
{
    counters k = {{0, 0}, 0, false};
    por_lts lts = {&counter_ops, &k};
    por_options opt = harness_options(POR_ALGO_DFS, false, "seq");
    opt.algo = POR_ALGO_COUNT;
    por_result r;
    por_error err;
    cr_assert_eq(por_search(&lts, &opt, &r, &err), POR_ERR_ARG);
}

/* ---- Options, names and statistics ----------------------------------------------------------- */

Test(por_options, parse_algorithms_and_orders)
{
    por_algo algo;
    por_error err;
    for (int a = 0; a < POR_ALGO_COUNT; a++) {
        cr_assert_eq(por_algo_parse(por_algo_name((por_algo)a), &algo, &err), POR_OK);
        cr_assert_eq(algo, a);
    }
    cr_assert_eq(por_algo_parse("odpor", &algo, &err), POR_ERR_ARG);
    cr_assert(strstr(err.message, "unknown algorithm 'odpor'"));
    por_order o;
    char buf[64];
    cr_assert_eq(por_order_parse("seq:2,0,1", &o, &err), POR_OK);
    cr_assert_eq(o.kind, POR_ORDER_SEQ);
    cr_assert_eq(o.perm_len, 3);
    por_order_format(&o, buf, sizeof buf);
    cr_assert_str_eq(buf, "seq:2,0,1");
    cr_assert_eq(por_order_parse("random:18446744073709551615", &o, &err), POR_OK);
    por_order_format(&o, buf, sizeof buf);
    cr_assert_str_eq(buf, "random:18446744073709551615");
    const char *bad[] = {"seq:",    "seq:1,1",  "seq:64",    "seq:1;2", "seq:-1",
                         "random:", "random:x", "random:-3", "dfs"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_assert_eq(por_order_parse(bad[i], &o, &err), POR_ERR_ARG, "%s", bad[i]);
}

Test(por_options, dependency_is_same_field_and_a_write)
{
    por_label w0 = {0, 0, POR_WRITE, 1, 0}, r1 = {1, 0, POR_READ, 1, 0},
              r2 = {2, 0, POR_READ, 1, 0};
    por_label w1f = {1, 0, POR_WRITE, 1, 1}, w0other = {0, 5, POR_WRITE, 1, 0},
              inv = {1, 0, POR_INVISIBLE, 1, 0};
    cr_assert(por_dependent(&w0, &r1));
    cr_assert(por_dependent(&r1, &w0));
    cr_assert_not(por_dependent(&r1, &r2), "two reads");
    cr_assert_not(por_dependent(&w0, &w1f), "another field");
    cr_assert_not(por_dependent(&w0, &w0other), "same thread");
    cr_assert_not(por_dependent(&w0, &inv), "invisible");
}

Test(por_options, names)
{
    cr_assert_str_eq(por_status_name(POR_ERR_SYNTAX), "POR_ERR_SYNTAX");
    cr_assert_str_eq(por_status_name((por_status)99), "POR_ERR_?");
    cr_assert_str_eq(por_stop_name(POR_STOP_TIME), "timeout");
    cr_assert_str_eq(por_algo_name(POR_ALGO_DL_JPF), "dl-jpf");
}

Test(por_stats, text_and_json_carry_the_same_figures)
{
    toy_program *toy = harness_parse(readers4);
    por_options opt = harness_options(POR_ALGO_DE_SPOR, false, "seq");
    por_result r = search(toy, &opt, NULL);
    json_t *j = por_stats_json(&r);
    cr_assert_not_null(j);
    cr_assert_str_eq(json_string_value(json_object_get(j, "stop")), "complete");
    cr_assert_eq(json_integer_value(json_object_get(j, "states_new")),
                 (json_int_t)r.stats.states_new);
    cr_assert_eq(json_integer_value(json_object_get(j, "retraversed")),
                 (json_int_t)r.stats.retraversed);
    cr_assert_eq(json_integer_value(json_object_get(j, "proviso_fired")), 0);
    cr_assert(json_is_real(json_object_get(j, "seconds")));
    json_decref(j);
    char *text;
    size_t len;
    FILE *f = open_memstream(&text, &len);
    por_stats_print(f, &r);
    fclose(f);
    char line[64];
    snprintf(line, sizeof line, "states (new)               %zu\n", r.stats.states_new);
    cr_assert(strstr(text, line), "%s", text);
    cr_assert(strstr(text, "statistics (complete):"));
    free(text);
    toy_free(toy);
}

/* ---- A thread the end stops ------------------------------------------------------------------ */

/* Main (thread 0) writes x = 1, reads x into [seen] and ends, which ends the program; a daemon
 * (thread 1) writes x = 2 once and is stopped where it stands if main ends first (por_lts_ops
 * stopped). Every search must see both 1 and 2, although in the runs that see 1 last the daemon's
 * write never runs: it is pending at their end states, and main's end disabled it. */
typedef struct daemon_model {
    int main_pc, daemon_pc, x, seen;
} daemon_model;

static size_t dm_threads(const void *m)
{
    (void)m;
    return 2;
}
static por_tset dm_enabled(const void *m)
{
    const daemon_model *k = m;
    if (k->main_pc == 3) return 0;
    return 1u | (k->daemon_pc == 0 ? 2u : 0u);
}
static por_tset dm_waiting(const void *m)
{
    (void)m;
    return 0;
}
static por_tset dm_stopped(const void *m)
{
    const daemon_model *k = m;
    return k->main_pc == 3 && k->daemon_pc == 0 ? 2u : 0u;
}
/* Main: write x, read x, end (invisible); the daemon: write x. */
static void dm_peek(const void *m, size_t t, por_label *out)
{
    static const por_access main_steps[] = {POR_WRITE, POR_READ, POR_INVISIBLE, POR_INVISIBLE};
    const daemon_model *k = m;
    memset(out, 0, sizeof *out);
    out->thread = (uint32_t)t;
    out->pc = (uint32_t)(t ? k->daemon_pc : k->main_pc);
    out->access = t ? POR_WRITE : main_steps[k->main_pc];
    out->object = out->access == POR_INVISIBLE ? 0 : 7;
}
static por_step_result dm_step(void *m, size_t t, por_error *err)
{
    (void)err;
    daemon_model *k = m;
    if (t == 1)
        k->x = 2, k->daemon_pc = 1;
    else if (k->main_pc == 0)
        k->x = 1, k->main_pc = 1;
    else if (k->main_pc == 1)
        k->seen = k->x, k->main_pc = 2;
    else
        k->main_pc = 3;
    return POR_STEP_OK;
}
static por_fp dm_fingerprint(const void *m)
{
    const daemon_model *k = m;
    uint64_t v = (uint64_t)(((k->main_pc * 2 + k->daemon_pc) * 3 + k->x) * 3 + k->seen) + 1;
    por_fp fp = {v * 0x9E3779B97F4A7C15ull, 11};
    return fp;
}
static por_snapshot *dm_save(void *m)
{
    daemon_model *copy = base_malloc(sizeof *copy);
    if (copy) *copy = *(daemon_model *)m;
    return (por_snapshot *)copy;
}
static void dm_restore(void *m, const por_snapshot *s)
{
    *(daemon_model *)m = *(const daemon_model *)s;
}
static void dm_release(void *m, por_snapshot *s)
{
    (void)m;
    base_free(s);
}

static const por_lts_ops daemon_ops = {dm_threads,     dm_enabled, dm_waiting, dm_peek,    dm_step,
                                       dm_fingerprint, dm_save,    dm_restore, dm_release, NULL,
                                       NULL,           false,      dm_stopped, NULL};

/* Observer context: the model and the values main saw at end states (bit v for value v). */
typedef struct seen_values {
    daemon_model *model;
    unsigned seen;
} seen_values;

/* Observer: adds the value main saw at this end state (the lts is at it) to the set. */
static por_verdict add_seen(void *ctx, const por_trace *schedule, por_tset waiting)
{
    (void)schedule;
    seen_values *s = ctx;
    cr_assert_eq(waiting, 0, "a stopped daemon is no deadlock");
    s->seen |= 1u << s->model->seen;
    return POR_CONTINUE;
}

Test(por_search, a_thread_the_end_stops_still_races)
{
    for (int a = 0; a < POR_ALGO_COUNT; a++)
        for (int stateless = 0; stateless < 2; stateless++) {
            daemon_model k = {0, 0, 0, 0};
            seen_values s = {&k, 0};
            por_observer obs = {.ctx = &s, .final_state = add_seen};
            por_lts lts = {&daemon_ops, &k};
            por_options opt = harness_options((por_algo)a, stateless, "seq");
            opt.observer = &obs;
            por_result r;
            por_error err;
            cr_assert_eq(por_search(&lts, &opt, &r, &err), POR_OK, "%s", err.message);
            cr_assert_eq(s.seen, 1u << 1 | 1u << 2, "%s%s saw %#x", por_algo_name((por_algo)a),
                         stateless ? " --stateless" : "", s.seen);
            cr_assert_eq(r.stats.deadlocks, 0);
        }
}
