/* The verdict layer shared by porcheck run and check, called directly: a program whose end
 * states include a deadlock is reported with counts that agree with its verdict, run and check
 * give every algorithm the same default classifier, and schedules have one syntax. The commands
 * end to end are tests/cli/test_verdicts.sh. */
#include <criterion/criterion.h>
#include <string.h>

#include "verdict.h"

/* Options of a run of [main] in the concurrent test programs with [algo], exploring everything
 * under the classifier run picks by default. */
static verdict_run_options run_options(const char *main, por_algo algo)
{
    verdict_run_options opt;
    memset(&opt, 0, sizeof opt);
    opt.vm.classpath = CONCURRENT_JAR;
    opt.vm.assertions = true;
    por_options_init(&opt.search);
    opt.search.algo = algo;
    opt.check.classifier =
        verdict_vm_classifier(verdict_classifier_for(algo, VERDICT_CLASSIFY_DEFAULT));
    opt.main = main;
    return opt;
}

/* Runs [opt] into [r]; fails the test when the VM or the search fails. */
static void run(const verdict_run_options *opt, verdict_run_result *r)
{
    verdict_error err = {0};
    vm *machine = verdict_run_start(opt, &err);
    cr_assert_not_null(machine, "%s", err.message);
    cr_assert(verdict_run(opt, machine, r, &err), "%s", err.message);
}

Test(verdict_run, deadlock_counts_agree_with_the_verdict)
{
    static const por_algo algos[] = {POR_ALGO_DFS, POR_ALGO_JPF, POR_ALGO_DL_SPOR};
    for (size_t i = 0; i < sizeof algos / sizeof *algos; i++) {
        verdict_run_options opt = run_options("DiningPhilosophers", algos[i]);
        verdict_run_result r;
        run(&opt, &r);
        const por_stats *st = &r.search.stats;
        const char *algo = por_algo_name(algos[i]);
        cr_assert_eq(verdict_run_verdict(&r), VERDICT_VIOLATION, "%s", algo);
        cr_assert_eq(r.violation_count, 1, "%s", algo);
        cr_assert_eq(r.violations[0].kind, VERDICT_DEADLOCK, "%s", algo);
        cr_assert(r.violations[0].reproduced, "%s: the replay did not reproduce it", algo);
        cr_assert_gt(st->deadlocks, 0, "%s", algo);
        cr_assert_eq(st->violations, st->deadlocks,
                     "%s: %zu deadlocks but %zu violating end states", algo, st->deadlocks,
                     st->violations);
        json_t *doc = verdict_run_json(&opt, &r);
        cr_assert_str_eq(json_string_value(json_object_get(doc, "verdict")), "violation");
        json_t *stats = json_object_get(doc, "statistics");
        cr_assert(
            json_equal(json_object_get(stats, "violations"), json_object_get(stats, "deadlocks")));
        json_decref(doc);
        verdict_run_result_free(&r);
    }
}

Test(verdict_run, a_correct_program_is_ok_with_no_violating_end_state)
{
    verdict_run_options opt = run_options("LockedCounter", POR_ALGO_DL_SPOR);
    verdict_run_result r;
    run(&opt, &r);
    cr_assert_eq(verdict_run_verdict(&r), VERDICT_PASS);
    cr_assert_eq(r.violation_count, 0);
    cr_assert_eq(r.search.stats.violations, 0);
    cr_assert_eq(r.search.stats.deadlocks, 0);
    verdict_run_result_free(&r);
}

Test(verdict_run, replay_of_the_deadlock_schedule_is_a_violation)
{
    verdict_run_options opt = run_options("DiningPhilosophers", POR_ALGO_DL_SPOR);
    opt.search.first_error = true;
    verdict_run_result r;
    run(&opt, &r);
    cr_assert_eq(r.violation_count, 1);
    verdict_error err = {0};
    vm *machine = verdict_run_start(&opt, &err);
    cr_assert_not_null(machine, "%s", err.message);
    FILE *out = tmpfile();
    cr_assert_eq(
        verdict_run_replay(machine, r.violations[0].schedule, r.violations[0].length, out, &err),
        VERDICT_VIOLATION, "%s", err.message);
    fclose(out);
    vm_free(machine);
    verdict_run_result_free(&r);
}

/* The classifier each algorithm gets by default, in both commands. */
Test(verdict_classifier, run_and_check_pick_the_same_default_for_every_algorithm)
{
    for (int a = 0; a < POR_ALGO_COUNT; a++) {
        bool jpf = a == POR_ALGO_JPF || a == POR_ALGO_DE_JPF || a == POR_ALGO_DL_JPF ||
                   por_algo_is_dpor((por_algo)a);
        verdict_classifier want = jpf ? VERDICT_CLASSIFY_JPF : VERDICT_CLASSIFY_SAFE;
        verdict_check_options check;
        memset(&check, 0, sizeof check);
        check.search.algo = (por_algo)a;
        cr_assert_eq(verdict_check_classifier(&check), want, "check --algo %s",
                     por_algo_name((por_algo)a));
        verdict_run_options run = run_options("Main", (por_algo)a);
        cr_assert_eq(run.check.classifier, verdict_vm_classifier(want), "run --algo %s",
                     por_algo_name((por_algo)a));
        check.classifier = VERDICT_CLASSIFY_JPF + VERDICT_CLASSIFY_SAFE - want;
        cr_assert_eq(verdict_check_classifier(&check), check.classifier, "an explicit one wins");
    }
}

Test(verdict_schedule, one_syntax_for_run_and_check)
{
    static const char *const bad[] = {"", "0,", ",0", "+0", " 0", "0*0", "64", "0;1", "0**2"};
    uint8_t *s;
    size_t n;
    client_error err = {0};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        cr_assert_eq(verdict_schedule_parse(bad[i], &s, &n, &err), CLIENT_ERR_ARG, "'%s'", bad[i]);
    cr_assert_eq(verdict_schedule_parse("0*3,1,2*2", &s, &n, &err), CLIENT_OK);
    cr_assert_eq(n, 6);
    char text[64];
    verdict_schedule_format(s, n, text, sizeof text);
    cr_assert_str_eq(text, "0*3,1,2*2");
    base_free(s);
}
