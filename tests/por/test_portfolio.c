/* The portfolio (issue 20): its member lists, which member's result stands, that the first
 * verdict stops the others and a raised stop flag stops them all; and, on toy programs, that a
 * portfolio of real searches finds exactly what dfs finds. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <criterion/criterion.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "harness.h"

/* ---- Member lists ---------------------------------------------------------------------------- */

/* Parses [text] for [jobs] jobs from the default options, expecting success. */
static por_portfolio parse_ok(const char *text, size_t jobs)
{
    por_options base;
    por_options_init(&base);
    base.first_error = true;
    por_portfolio p;
    por_error err = {0};
    cr_assert_eq(por_portfolio_parse(text, jobs, &base, &p, &err), POR_OK, "%s: %s", text,
                 err.message);
    for (size_t i = 0; i < p.count; i++) cr_assert(p.members[i].first_error, "base options kept");
    return p;
}

/* Asserts that member [i] of [p] is called [name]. */
static void member_is(const por_portfolio *p, size_t i, const char *name)
{
    char got[128];
    por_member_name(&p->members[i], got, sizeof got);
    cr_assert_str_eq(got, name);
}

Test(portfolio, default_members_are_s_por_dl_s_por_then_random_orders_up_to_the_jobs)
{
    por_portfolio p = parse_ok("portfolio", 4);
    cr_assert_eq(p.count, 4);
    member_is(&p, 0, "s-por");
    member_is(&p, 1, "dl-s-por");
    member_is(&p, 2, "dl-s-por@random:1");
    member_is(&p, 3, "dl-s-por@random:2");
    cr_assert_eq(parse_ok("portfolio", 1).count, 2, "at least the two searches of the paper");
}

Test(portfolio, members_are_listed_with_orders_and_stateless_algorithms_stay_stateless)
{
    por_portfolio p = parse_ok("portfolio:s-por@seq:1,0,dpor,dl-s-por@random:7", 2);
    cr_assert_eq(p.count, 3);
    member_is(&p, 0, "s-por@seq:1,0");
    member_is(&p, 1, "dpor");
    member_is(&p, 2, "dl-s-por@random:7");
    cr_assert(!p.members[0].stateless);
    cr_assert(p.members[1].stateless, "dpor is stateless by definition");
}

Test(portfolio, members_without_an_order_take_the_one_given_to_all)
{
    por_options base;
    por_options_init(&base);
    por_error err = {0};
    cr_assert_eq(por_order_parse("seq:2,0,1", &base.order, &err), POR_OK);
    por_portfolio p;
    cr_assert_eq(por_portfolio_parse("portfolio", 3, &base, &p, &err), POR_OK);
    member_is(&p, 0, "s-por@seq:2,0,1");
    member_is(&p, 1, "dl-s-por@seq:2,0,1");
    member_is(&p, 2, "dl-s-por@random:1");
    cr_assert_eq(por_portfolio_parse("portfolio:dfs,jpf@random:4", 3, &base, &p, &err), POR_OK);
    member_is(&p, 0, "dfs@seq:2,0,1");
    member_is(&p, 1, "jpf@random:4");
}

Test(portfolio, malformed_lists_are_refused)
{
    static const char *const bad[] = {"portfolio:", "portfolio:nope", "portfolio:s-por,,dfs",
                                      "portfolio:s-por@sideways", "portfolios"};
    por_options base;
    por_options_init(&base);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        por_portfolio p;
        por_error err = {0};
        cr_assert_neq(por_portfolio_parse(bad[i], 2, &base, &p, &err), POR_OK, "%s", bad[i]);
        cr_assert(err.message[0] && !strchr(err.message, '\n'), "%s: '%s'", bad[i], err.message);
    }
}

/* ---- The runner, with members that only pretend to search ------------------------------------ */

/* What each pretend member does: end at once with [stop] (and [violations]), fail, or wait for
 * the stop flag. */
typedef struct pretend {
    enum { END, LATE, FAIL, WAIT } what[4]; /* LATE: END after 50 ms */
    por_stop stop[4];
    size_t violations[4];
    int waited[4];     /* set when a WAIT member saw the flag */
    size_t asserts[4]; /* failed assertions (uncaught exceptions) it reports */
} pretend;

/* The thread each pretend member of the last run ran on. */
static pthread_t member_thread[4];

/* Set for each pretend member of the last run whose search was called. */
static int searched[4];

/* A por_member_fn that does what [ctx] says for [member]. */
static bool pretend_search(void *ctx, size_t member, const por_options *opt, por_result *result)
{
    pretend *p = ctx;
    memset(result, 0, sizeof *result);
    member_thread[member] = pthread_self();
    searched[member] = 1;
    if (p->what[member] == FAIL) return false;
    if (p->what[member] == LATE) nanosleep(&(struct timespec){0, 50000000}, NULL);
    if (p->what[member] == WAIT) {
        struct timespec ms = {0, 1000000};
        for (int i = 0; i < 20000 && !atomic_load(opt->stop_flag); i++) nanosleep(&ms, NULL);
        p->waited[member] = atomic_load(opt->stop_flag) != 0;
        result->stop = POR_STOP_SIGNAL;
        return true;
    }
    result->stop = p->stop[member];
    result->stats.violations = p->violations[member];
    result->stats.assert_failures = p->asserts[member];
    return true;
}

/* Runs [n] pretend members as [p] says, the first with a head start of [delay_ms]; returns the
 * result. */
static por_portfolio_result run_delayed(pretend *p, size_t n, const atomic_int *flag,
                                        unsigned delay_ms)
{
    por_portfolio members = {.count = n, .start_delay_ms = delay_ms};
    memset(searched, 0, sizeof searched);
    for (size_t i = 0; i < n; i++) por_options_init(&members.members[i]);
    por_portfolio_result r;
    por_error err = {0};
    cr_assert_eq(por_portfolio_run(&members, flag, pretend_search, p, &r, &err), POR_OK, "%s",
                 err.message);
    return r;
}

/* Runs [n] pretend members as [p] says, all at once; returns the result. */
static por_portfolio_result run_pretend(pretend *p, size_t n, const atomic_int *flag)
{
    return run_delayed(p, n, flag, 0);
}

Test(portfolio, the_first_verdict_stands_and_stops_the_members_still_searching)
{
    pretend p = {{WAIT, END, WAIT}, {0, POR_STOP_COMPLETE, 0}, {0}, {0}, {0}};
    por_portfolio_result r = run_pretend(&p, 3, NULL);
    cr_assert_eq(r.winner, 1);
    cr_assert_eq(r.order[0], 1, "the complete member ended first");
    cr_assert(p.waited[0] && p.waited[2], "the others were stopped by the flag");
    cr_assert_eq(r.results[0].stop, POR_STOP_SIGNAL);
    cr_assert(r.ok[0] && r.ok[1] && r.ok[2]);
}

Test(portfolio, a_first_error_violation_is_a_verdict_and_a_limit_is_not)
{
    pretend p = {{END, END}, {POR_STOP_TIME, POR_STOP_ERROR}, {0, 1}, {0}, {0}};
    cr_assert_eq(run_pretend(&p, 2, NULL).winner, 1);
    pretend q = {{END, END}, {POR_STOP_STATES, POR_STOP_TIME}, {0, 2}, {0}, {0}};
    cr_assert_eq(run_pretend(&q, 2, NULL).winner, 1, "no verdict: the member with a violation");
    pretend a = {{END, LATE}, {POR_STOP_TIME, POR_STOP_TIME}, {0, 0}, {0}, {0, 1}};
    cr_assert_eq(run_pretend(&a, 2, NULL).winner, 1, "no verdict: the member with an exception");
    pretend s = {{FAIL, END}, {0, POR_STOP_STATES}, {0}, {0}, {0}};
    por_portfolio_result r = run_pretend(&s, 2, NULL);
    cr_assert_eq(r.winner, 1, "no verdict, no violation: the first that did not fail");
    cr_assert(!r.ok[0]);
}

/* The first member runs on the calling thread (its allocator arena and caches are warm: a
 * one-member portfolio cost 3.7 ms more than its member alone on a small check when it had a
 * thread of its own), the others on threads of their own. */
Test(portfolio, the_first_member_runs_on_the_calling_thread)
{
    pretend p = {
        {END, END, END}, {POR_STOP_COMPLETE, POR_STOP_COMPLETE, POR_STOP_COMPLETE}, {0}, {0}, {0}};
    run_pretend(&p, 3, NULL);
    cr_assert(pthread_equal(member_thread[0], pthread_self()));
    cr_assert(!pthread_equal(member_thread[1], pthread_self()));
    cr_assert(!pthread_equal(member_thread[2], pthread_self()));
    cr_assert(!pthread_equal(member_thread[1], member_thread[2]));
}

Test(portfolio, when_every_member_fails_none_stands)
{
    pretend p = {{FAIL, FAIL}, {0}, {0}, {0}, {0}};
    cr_assert_eq(run_pretend(&p, 2, NULL).winner, 2);
}

Test(portfolio, a_raised_stop_flag_stops_every_member)
{
    static atomic_int flag = 1;
    pretend p = {{WAIT, WAIT}, {0}, {0}, {0}, {0}};
    por_portfolio_result r = run_pretend(&p, 2, &flag);
    cr_assert(p.waited[0] && p.waited[1]);
    cr_assert_eq(r.results[r.winner].stop, POR_STOP_SIGNAL);
}

/* ---- The first member's head start --------------------------------------------------------- */

/* Returns the seconds since [t0]. */
static double since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

Test(portfolio, members_the_first_beats_within_its_head_start_never_start)
{
    pretend p = {
        {END, END, END}, {POR_STOP_COMPLETE, POR_STOP_COMPLETE, POR_STOP_COMPLETE}, {0}, {0}, {0}};
    por_portfolio_result r = run_delayed(&p, 3, NULL, 10000);
    cr_assert_eq(r.winner, 0);
    cr_assert(r.started[0] && !r.started[1] && !r.started[2]);
    cr_assert(searched[0] && !searched[1] && !searched[2], "a member that did not start searched");
    cr_assert(r.ok[1] && r.ok[2]);
    cr_assert_eq(r.results[1].stop, POR_STOP_SIGNAL);
}

Test(portfolio, the_others_start_once_the_head_start_is_over)
{
    pretend p = {{WAIT, END}, {0, POR_STOP_COMPLETE}, {0}, {0}, {0}};
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    por_portfolio_result r = run_delayed(&p, 2, NULL, 50);
    double took = since(&t0);
    cr_assert_eq(r.winner, 1);
    cr_assert(r.started[0] && r.started[1]);
    cr_assert(p.waited[0], "the first member was stopped by the second's verdict");
    cr_assert_geq(took, 0.045, "the second member started before the head start was over (%.3f s)",
                  took);
}

Test(portfolio, the_others_start_at_once_when_the_first_ends_without_a_verdict)
{
    pretend p = {{END, END}, {POR_STOP_TIME, POR_STOP_COMPLETE}, {0}, {0}, {0}};
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    por_portfolio_result r = run_delayed(&p, 2, NULL, 20000);
    cr_assert_lt(since(&t0), 10.0, "the second member waited for the whole head start");
    cr_assert_eq(r.winner, 1);
    cr_assert(r.started[1]);
}

Test(portfolio, a_stop_during_the_head_start_leaves_the_others_unstarted)
{
    static atomic_int flag = 1;
    pretend p = {{WAIT, END}, {0, POR_STOP_COMPLETE}, {0}, {0}, {0}};
    por_portfolio_result r = run_delayed(&p, 2, &flag, 20000);
    cr_assert(p.waited[0]);
    cr_assert(!r.started[1]);
    cr_assert_eq(r.winner, 0, "the report would come from a member that never searched");
    cr_assert_eq(r.results[r.winner].stop, POR_STOP_SIGNAL);
}

/* ---- Real searches --------------------------------------------------------------------------- */

/* The toy program of a member, and what its search found. */
typedef struct real {
    const char *text;
    outcomes found[POR_MAX_MEMBERS];
} real;

/* A por_member_fn that searches its own copy of the program of [ctx] as [opt] says. */
static bool real_search(void *ctx, size_t member, const por_options *opt, por_result *result)
{
    real *r = ctx;
    run_spec spec = {harness_parse(r->text), *opt, NULL, true, NULL};
    bool ok = harness_run(&spec, &r->found[member], result) == POR_OK;
    toy_free(spec.toy);
    return ok;
}

Test(portfolio, real_members_find_what_dfs_finds)
{
    static const char *const programs[] = {
        "shared x\nthread A {\n r = x\n x = r + 1\n}\nthread B {\n r = x\n x = r + 1\n}\n"
        "thread C {\n r = x\n x = r + 1\n return r\n}",
        "shared x\nlock a, b\nthread A {\n lock a\n lock b\n x = 1\n unlock b\n unlock a\n}\n"
        "thread B {\n lock b\n lock a\n r = x\n unlock a\n unlock b\n return r\n}",
    };
    for (size_t k = 0; k < sizeof programs / sizeof programs[0]; k++) {
        static real r;
        memset(&r, 0, sizeof r);
        r.text = programs[k];
        por_options base;
        por_options_init(&base);
        por_portfolio members;
        por_error err = {0};
        cr_assert_eq(por_portfolio_parse("portfolio:s-por,dl-s-por,jpf,dl-s-por@random:3", 4, &base,
                                         &members, &err),
                     POR_OK);
        por_portfolio_result ended;
        cr_assert_eq(por_portfolio_run(&members, NULL, real_search, &r, &ended, &err), POR_OK);
        cr_assert_lt(ended.winner, members.count);
        cr_assert_eq(ended.results[ended.winner].stop, POR_STOP_COMPLETE);
        outcomes want = {0};
        por_result dfs;
        run_spec spec = {harness_parse(programs[k]), harness_options(POR_ALGO_DFS, false, "seq"),
                         NULL, true, NULL};
        cr_assert_eq(harness_run(&spec, &want, &dfs), POR_OK);
        toy_free(spec.toy);
        cr_assert(bset_equal(&want.texts, &r.found[ended.winner].texts) &&
                      bset_equal(&want.deadlocks, &r.found[ended.winner].deadlocks),
                  "program %zu: the portfolio's result differs from dfs's", k);
        outcomes_free(&want);
        for (size_t i = 0; i < members.count; i++) outcomes_free(&r.found[i]);
    }
}
