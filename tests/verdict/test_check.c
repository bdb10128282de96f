/* Tests of verdict_check and its pieces through the library: schedules written and read back,
 * the class-path check, a violation found, counted and replayed into a table whose rows say
 * which invocation each action belongs to, and expected outcomes through the implementation
 * oracle. porcheck check end to end is tests/clients/test_check.sh. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../clients/clienttest.h"
#include "verdict.h"

/* Options for checking a class of structures.jar with [algo]. */
static verdict_check_options options(por_algo algo)
{
    verdict_check_options opt;
    memset(&opt, 0, sizeof opt);
    por_options_init(&opt.search);
    opt.search.algo = algo;
    opt.impl.classpath = STRUCTURES_JAR;
    return opt;
}

/* Writes outcome [v] of [width] values as "(a, b)" into [buf]. */
static const char *outcome_text(const client_value *v, size_t width, char *buf, size_t size)
{
    client_outcome_format(v, width, buf, size);
    return buf;
}

Test(verdict_schedule, formats_runs_and_reads_them_back)
{
    const uint8_t s[] = {0, 0, 0, 1, 2, 2, 1};
    char buf[64];
    cr_assert_eq(verdict_schedule_format(s, sizeof s, buf, sizeof buf), strlen("0*3,1,2*2,1"));
    cr_assert_str_eq(buf, "0*3,1,2*2,1");
    uint8_t *back = NULL;
    size_t n = 0;
    client_error err = {0};
    cr_assert_eq(verdict_schedule_parse(buf, &back, &n, &err), CLIENT_OK, "%s", err.message);
    cr_assert_eq(n, sizeof s);
    cr_assert_arr_eq(back, s, sizeof s);
    base_free(back);
}

Test(verdict_schedule, rejects_malformed_schedules)
{
    static const char *const bad[] = {"", "x", "1,", ",1", "1**2", "1*0", "1*", "-1", "99", "1;2"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint8_t *s = NULL;
        size_t n = 0;
        client_error err = {0};
        cr_expect_eq(verdict_schedule_parse(bad[i], &s, &n, &err), CLIENT_ERR_ARG, "'%s'", bad[i]);
        cr_expect(strstr(err.message, "malformed schedule"), "'%s': %s", bad[i], err.message);
        cr_expect_null(s);
    }
}

Test(client_classpath, directories_and_jars_pass_other_files_fail)
{
    client_error err = {0};
    cr_expect_eq(harness_classpath_check(STRUCTURES_JAR, &err), CLIENT_OK, "%s", err.message);
    cr_expect_eq(harness_classpath_check(".", &err), CLIENT_OK, "%s", err.message);
    cr_expect_eq(harness_classpath_check(STRUCTURES_JAR ":/no/such.jar", &err), CLIENT_ERR_IO);
    cr_expect_str_eq(err.message, "/no/such.jar: cannot open the jar");
    cr_expect_eq(harness_classpath_check(SPECS_DIR "/CoarseListSet.json", &err), CLIENT_ERR_IO);
    cr_expect_str_eq(err.message, SPECS_DIR "/CoarseListSet.json: not a jar (no zip header)");
    cr_expect_eq(harness_classpath_check(STRUCTURES_JAR "::.", &err), CLIENT_ERR_IO);
}

Test(verdict_check, expected_outcomes_of_the_implementation, .timeout = 60)
{
    client_spec *spec = load_spec("CoarseListSet");
    client *c = parse_client(spec, "{ add(1) } ; { remove(1) } || { add(1) } ; { contains(1) }");
    verdict_check_options opt = options(POR_ALGO_DL_SPOR);
    verdict_expected e;
    client_error err = {0};
    cr_assert_eq(verdict_expected_outcomes(c, &opt, &e, &err), CLIENT_OK, "%s", err.message);
    char buf[256];
    cr_assert_eq(client_outcome_set_size(e.outcomes), 2);
    cr_expect_str_eq(outcome_text(client_outcome_set_at(e.outcomes, 0), 4, buf, sizeof buf),
                     "(true, true, false, false)");
    cr_expect_str_eq(outcome_text(client_outcome_set_at(e.outcomes, 1), 4, buf, sizeof buf),
                     "(true, true, true, true)");
    cr_expect_not(e.compared);
    verdict_expected_free(&e);
    client_free(c);
    client_spec_free(spec);
}

/* A portfolio's members check with outcomes computed once (verdict_check_expecting): the same
 * verdict and outcomes as verdict_check, from a copy that outlives the original. */
Test(verdict_check, a_check_with_given_expected_outcomes_agrees, .timeout = 60)
{
    client_spec *spec = load_spec("CoarseListSetBuggy");
    client *c = parse_client(spec, "{ add(0) } || { add(1) } ; { contains(0); contains(1) }");
    verdict_check_options opt = options(POR_ALGO_DFS);
    verdict_expected e;
    verdict_check_result given, own;
    client_error err = {0};
    cr_assert_eq(verdict_expected_outcomes(c, &opt, &e, &err), CLIENT_OK, "%s", err.message);
    cr_assert_eq(verdict_check_expecting(c, &opt, &e, &given, &err), CLIENT_OK, "%s", err.message);
    size_t preinit = e.preinit_count;
    verdict_expected_free(&e); /* the result holds its own copy */
    cr_assert_eq(verdict_check(c, &opt, &own, &err), CLIENT_OK, "%s", err.message);
    cr_expect(client_outcome_set_equal(given.expected.outcomes, own.expected.outcomes));
    cr_expect(client_outcome_set_equal(given.observed, own.observed));
    cr_expect_eq(given.violation_count, own.violation_count);
    cr_expect_eq(given.violation_count, 2);
    cr_expect_eq(given.expected.preinit_count, preinit);
    for (size_t i = 0; i < preinit; i++)
        cr_expect_str_eq(given.expected.preinit[i], own.expected.preinit[i]);
    verdict_check_result_free(&given);
    verdict_check_result_free(&own);
    client_free(c);
    client_spec_free(spec);
}

/* Checks that every invocation of [c] heads exactly one row of [tr], in its own column, and
 * that the rows follow the schedule. */
static void expect_table_shape(const client *c, const verdict_trace *tr)
{
    size_t heads[CLIENT_MAX_INVOCATIONS] = {0};
    for (size_t i = 0; i < tr->row_count; i++) {
        const verdict_trace_row *r = &tr->rows[i];
        cr_expect_lt(r->column, tr->column_count);
        if (i) cr_expect_geq(r->step, tr->rows[i - 1].step, "row %zu goes back in time", i);
        if (r->call >= 0)
            heads[r->call]++;
        else
            cr_expect(r->text && r->where && strstr(r->where, ".java:") && r->repeat,
                      "action without a source line or steps: %s", r->text ? r->text : "(null)");
    }
    for (size_t i = 0; i < c->invocation_count; i++)
        cr_expect_eq(heads[i], 1, "invocation %zu heads %zu rows", i, heads[i]);
}

Test(verdict_check, a_violation_is_counted_traced_and_replayed, .timeout = 60)
{
    client_spec *spec = load_spec("CoarseListSetBuggy");
    client *c = parse_client(spec, "{ add(0) } || { add(1) } ; { contains(0); contains(1) }");
    verdict_check_options opt = options(POR_ALGO_DFS);
    verdict_check_result r;
    client_error err = {0};
    cr_assert_eq(verdict_check(c, &opt, &r, &err), CLIENT_OK, "%s", err.message);
    cr_assert(verdict_check_violated(&r));
    cr_assert_eq(r.violation_count, 2, "lost add(0) and lost add(1)");
    char buf[256];
    const verdict_check_violation *v = &r.violations[0];
    cr_expect_eq(v->kind, VERDICT_CHECK_OUTCOME);
    cr_expect(v->traced && v->reproduced);
    cr_expect_eq(v->trace.end, VERDICT_END_FINAL);
    cr_expect_eq(v->trace.column_count, 3); /* main, T0, T1 */
    cr_expect_str_eq(v->trace.columns[0], "main");
    expect_table_shape(c, &v->trace);
    verdict_trace tr;
    cr_assert_eq(verdict_check_replay(c, &opt, v->schedule, v->length, &tr, &err), CLIENT_OK, "%s",
                 err.message);
    cr_expect_str_eq(outcome_text(tr.results, 4, buf, sizeof buf),
                     outcome_text(v->outcome, 4, buf + 128, 128));
    cr_expect_eq(tr.row_count, v->trace.row_count);
    verdict_trace_free(&tr);
    cr_expect_eq(client_outcome_set_size(r.observed), 3);
    cr_expect_eq(client_outcome_set_size(r.expected.outcomes), 1);
    verdict_check_result_free(&r);
    client_free(c);
    client_spec_free(spec);
}

/* Issue 19: each violation keeps, of the schedules the search met with it, one with the fewest
 * context switches. A stateless dfs meets every schedule: the lost add needs T0 and T1 to
 * interleave once each way, 4 switches with main's prefix and suffix; the first schedule dfs
 * meets has more. */
Test(verdict_check, a_violation_keeps_the_schedule_with_the_fewest_context_switches, .timeout = 60)
{
    client_spec *spec = load_spec("CoarseListSetBuggy");
    client *c = parse_client(spec, "{ add(0) } || { add(1) } ; { contains(0); contains(1) }");
    verdict_check_options opt = options(POR_ALGO_DFS);
    opt.search.stateless = true;
    verdict_check_result r;
    client_error err = {0};
    cr_assert_eq(verdict_check(c, &opt, &r, &err), CLIENT_OK, "%s", err.message);
    cr_assert_eq(r.violation_count, 2);
    for (size_t i = 0; i < 2; i++) {
        const verdict_check_violation *v = &r.violations[i];
        cr_expect_eq(verdict_schedule_switches(v->schedule, v->length), 4, "violation %zu", i);
        cr_expect(v->reproduced);
    }
    verdict_check_result_free(&r);
    client_free(c);
    client_spec_free(spec);
}

Test(verdict_check, a_schedule_naming_a_thread_that_cannot_run_is_refused, .timeout = 60)
{
    client_spec *spec = load_spec("CoarseListSet");
    client *c = parse_client(spec, "{ add(1) } || { add(2) }");
    verdict_check_options opt = options(POR_ALGO_DFS);
    const uint8_t schedule[] = {0, 5};
    verdict_trace tr;
    client_error err = {0};
    cr_assert_eq(verdict_check_replay(c, &opt, schedule, 2, &tr, &err), CLIENT_ERR_ARG);
    cr_expect_str_eq(err.message, "step 2 of the schedule: thread 5 cannot run");
    client_free(c);
    client_spec_free(spec);
}

Test(verdict_check, first_error_stops_with_one_violation, .timeout = 60)
{
    client_spec *spec = load_spec("TreiberStackBuggy");
    client *c = parse_client(spec, "{ push(0) } || { push(1) } ; { pop(); pop() }");
    verdict_check_options opt = options(POR_ALGO_DL_SPOR);
    opt.search.first_error = true;
    verdict_check_result r;
    client_error err = {0};
    cr_assert_eq(verdict_check(c, &opt, &r, &err), CLIENT_OK, "%s", err.message);
    cr_expect_eq(r.violation_count, 1);
    cr_expect_eq(r.search.stop, POR_STOP_ERROR);
    cr_expect(r.violations[0].reproduced);
    verdict_check_result_free(&r);
    client_free(c);
    client_spec_free(spec);
}
