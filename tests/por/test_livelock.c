/* Livelocks (por/livelock.c): a state from which no final state can be reached is reported by
 * every search, stateless ones too, with a schedule that leads to it, once per cycle of states
 * the threads cannot leave; spin loops that some thread can end are no livelock; por_can_finish
 * tells the two kinds of state apart and leaves the system where it was. The differential test
 * (test_random.c) compares every search with dfs on random programs, most of them with spin loops.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "harness.h"

/* T1 reads the flag before T0 sets it, then waits for a write of x that never comes. */
static const char *const stuck_src = "shared f, x\n"
                                     "thread T0 { f = 1 }\n"
                                     "thread T1 {\n"
                                     "  r = f\n"
                                     "  if (r == 0) {\n"
                                     "    while (x == 0) {}\n"
                                     "  }\n"
                                     "}\n";

/* T0 spins until T1 sets f, which T1 does unless T2 set g first: the livelock lies behind a
 * spin that other paths leave, so its component is found beside open ones. */
static const char *const behind_src = "shared f, g\n"
                                      "thread T0 { while (f == 0) {} }\n"
                                      "thread T1 {\n"
                                      "  r = g\n"
                                      "  if (r == 0) {\n"
                                      "    f = 1\n"
                                      "  }\n"
                                      "}\n"
                                      "thread T2 { g = 1 }\n";

/* What the livelock observer saw. */
typedef struct seen {
    toy_program *toy;
    size_t count;
    uint8_t schedule[64];
    size_t length;
    por_tset running;
    char state[256];
} seen;

/* Observer: records the first livelock and describes its first running thread. */
static por_verdict on_livelock(void *ctx, const por_trace *tr, por_tset running)
{
    seen *s = ctx;
    if (s->count++) return POR_VIOLATION;
    cr_assert_leq(tr->length, sizeof s->schedule);
    memcpy(s->schedule, tr->threads, tr->length);
    s->length = tr->length;
    s->running = running;
    toy_describe_thread(s->toy, (size_t)__builtin_ctzll(running), s->state, sizeof s->state);
    return POR_VIOLATION;
}

/* Searches [toy] with [algo] (stateful, seq order), recording livelocks into [s]. */
static por_result search(toy_program *toy, por_algo algo, bool first_error, seen *s)
{
    toy_reset(toy);
    memset(s, 0, sizeof *s);
    s->toy = toy;
    por_observer obs = {.ctx = s, .livelock = on_livelock};
    por_options opt = harness_options(algo, false, "seq");
    opt.first_error = first_error;
    opt.observer = &obs;
    por_lts lts = toy_lts(toy);
    por_result r;
    por_error err;
    cr_assert_eq(por_search(&lts, &opt, &r, &err), POR_OK, "%s", err.message);
    return r;
}

/* Runs [schedule] from the initial state; returns whether a final state can then be reached. */
static bool can_finish_after(toy_program *toy, const uint8_t *schedule, size_t length)
{
    toy_reset(toy);
    por_lts lts = toy_lts(toy);
    por_error err;
    for (size_t i = 0; i < length; i++) {
        cr_assert(lts.ops->enabled(lts.model) >> schedule[i] & 1, "step %zu not enabled", i);
        cr_assert_neq(lts.ops->step(lts.model, schedule[i], &err), POR_STEP_ERROR);
    }
    por_fp before = lts.ops->fingerprint(lts.model);
    bool can = false;
    cr_assert_eq(por_can_finish(&lts, NULL, &can, &err), POR_OK, "%s", err.message);
    por_fp after = lts.ops->fingerprint(lts.model);
    cr_assert(before.lo == after.lo && before.hi == after.hi, "the system moved");
    return can;
}

Test(livelock, every_search_reports_a_spin_no_thread_can_end)
{
    toy_program *toy = harness_parse(stuck_src);
    for (int a = 0; a < POR_ALGO_COUNT; a++) {
        seen s;
        por_result r = search(toy, (por_algo)a, false, &s);
        const char *name = por_algo_name((por_algo)a);
        cr_assert_eq(r.stop, POR_STOP_COMPLETE, "%s", name);
        cr_assert_eq(r.stats.livelocks, 1, "%s: %zu livelocks", name, r.stats.livelocks);
        cr_assert_eq(s.count, 1, "%s", name);
        cr_assert_eq(s.running, 2, "%s: T1 alone runs for ever", name);
        cr_assert_str_eq(s.state, "T1 running at line 6 r=0 $x=0", "%s", name);
        cr_assert_not(can_finish_after(toy, s.schedule, s.length), "%s: its schedule", name);
    }
    toy_free(toy);
}

Test(livelock, a_livelock_behind_spins_that_end_is_found_and_they_are_not)
{
    toy_program *toy = harness_parse(behind_src);
    for (int a = 0; a < POR_ALGO_COUNT; a++) {
        seen s;
        por_result r = search(toy, (por_algo)a, false, &s);
        const char *name = por_algo_name((por_algo)a);
        cr_assert_eq(r.stats.livelocks, 1, "%s: %zu livelocks", name, r.stats.livelocks);
        cr_assert_eq(s.running, 1, "%s: T0 spins", name);
        cr_assert_not(can_finish_after(toy, s.schedule, s.length), "%s", name);
        cr_assert_gt(r.stats.end_states, 0, "%s: the other paths end", name);
    }
    toy_free(toy);
}

Test(livelock, spins_that_some_thread_ends_are_no_livelock)
{
    toy_program *toy = harness_parse("shared f, x\n"
                                     "thread T0 {\n  while (f == 0) {}\n  x = 1\n}\n"
                                     "thread T1 { f = 1 }\n");
    for (int a = 0; a < POR_ALGO_COUNT; a++) {
        seen s;
        por_result r = search(toy, (por_algo)a, false, &s);
        cr_assert_eq(r.stats.livelocks, 0, "%s", por_algo_name((por_algo)a));
        cr_assert_eq(s.count, 0);
        cr_assert_eq(r.stats.end_states, 1);
    }
    toy_free(toy);
}

Test(livelock, a_system_that_never_ends_is_one_livelock_at_its_start)
{
    toy_program *toy = harness_parse("shared x\n"
                                     "thread A { while (true) { local } }\n"
                                     "thread B { x = 1 }\n");
    seen s;
    por_result r = search(toy, POR_ALGO_DFS, false, &s);
    cr_assert_eq(r.stats.end_states, 0);
    cr_assert_eq(r.stats.livelocks, 1, "one cycle no thread can leave: A's loop after B's write");
    cr_assert_eq(s.running, 1);
    cr_assert_not(can_finish_after(toy, NULL, 0));
    toy_free(toy);
}

Test(livelock, first_error_stops_at_the_livelock)
{
    toy_program *toy = harness_parse(stuck_src);
    for (int a = 0; a < POR_ALGO_COUNT; a++) {
        seen s;
        por_result r = search(toy, (por_algo)a, true, &s);
        cr_assert_eq(r.stop, POR_STOP_ERROR, "%s", por_algo_name((por_algo)a));
        cr_assert_eq(s.count, 1);
    }
    toy_free(toy);
}

Test(livelock, can_finish_tells_a_stuck_state_from_a_spinning_one)
{
    toy_program *toy = harness_parse(stuck_src);
    const uint8_t t1_first[] = {1}, t0_first[] = {0}, t0_then_t1[] = {0, 1};
    cr_assert(can_finish_after(toy, NULL, 0));
    cr_assert_not(can_finish_after(toy, t1_first, 1), "T1 read f before T0 wrote it");
    cr_assert(can_finish_after(toy, t0_first, 1));
    cr_assert(can_finish_after(toy, t0_then_t1, 2));
    toy_free(toy);
}

Test(livelock, stateless_searches_find_it_too)
{
    toy_program *toy = harness_parse(stuck_src);
    for (int a = 0; a < POR_ALGO_COUNT; a++) {
        toy_reset(toy);
        seen s = {.toy = toy};
        por_observer obs = {.ctx = &s, .livelock = on_livelock};
        por_options opt = harness_options((por_algo)a, true, "seq");
        opt.observer = &obs;
        por_lts lts = toy_lts(toy);
        por_result r;
        por_error err;
        cr_assert_eq(por_search(&lts, &opt, &r, &err), POR_OK, "%s", err.message);
        cr_assert_eq(r.stats.livelocks, 1, "stateless %s", por_algo_name((por_algo)a));
        cr_assert_str_eq(s.state, "T1 running at line 6 r=0 $x=0");
        cr_assert_not(can_finish_after(toy, s.schedule, s.length));
    }
    toy_free(toy);
}
