/* Verdicts a user can trust, through the library: a narrowed visible set that leaves a racy
 * helper class invisible is widened (the race named, the client explored again) and the
 * violation found; the default set finds it with no race to report; a correct structure
 * observes every linearizable outcome; and the set difference behind the "never observed"
 * warning. porcheck check end to end is test_trust.sh. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "verdict.h"

/* Loads TRUST_SPECS/[name].json; fails the test on error. */
static client_spec *trust_spec(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.json", TRUST_SPECS, name);
    client_spec *spec = NULL;
    client_error err = {0};
    cr_assert_eq(client_spec_load(path, &spec, &err), CLIENT_OK, "%s", err.message);
    return spec;
}

/* Checks [text] of spec [name] with dl-s-por and the visible set [visible] (NULL: default). */
static void check(const char *name, const char *text, const char *visible, verdict_check_result *r)
{
    client_spec *spec = trust_spec(name);
    client_list list = {0};
    client_error err = {0};
    cr_assert_eq(client_list_parse(spec, text, "test", &list, &err), CLIENT_OK, "%s", err.message);
    cr_assert_eq(list.count, 1);
    verdict_check_options opt;
    memset(&opt, 0, sizeof opt);
    por_options_init(&opt.search);
    opt.search.algo = POR_ALGO_DL_SPOR;
    opt.impl.classpath = TRUST_JAR;
    const char *vis[1] = {visible};
    opt.visible = visible ? vis : NULL;
    opt.visible_count = visible ? 1 : 0;
    cr_assert_eq(verdict_check(list.items[0], &opt, r, &err), CLIENT_OK, "%s", err.message);
    client_list_free(&list);
    client_spec_free(spec);
}

Test(trust, default_visible_set_finds_a_race_on_a_helper_class, .timeout = 60)
{
    verdict_check_result r;
    check("Counter", "{ inc() } || { inc() }", NULL, &r);
    cr_expect(verdict_check_violated(&r));
    cr_expect_eq(r.race_count, 0, "the default set left the race invisible");
    cr_expect_eq(r.visible_count, 0);
    cr_expect_eq(r.unobserved_count, 0);
    verdict_check_result_free(&r);
}

Test(trust, a_narrowed_set_is_widened_with_the_racy_class, .timeout = 60)
{
    verdict_check_result r;
    check("Counter", "{ inc() } || { inc() }", "trust.Counter", &r);
    cr_expect(verdict_check_violated(&r), "the narrowed search missed the lost update");
    cr_assert_eq(r.race_count, 1);
    cr_assert_eq(r.widened_count, 1);
    cr_expect_str_eq(r.widened[0], "trust.Cell");
    cr_expect(strstr(r.races[0], "trust.Cell.v of Cell#") != NULL, "%s", r.races[0]);
    cr_expect(strstr(r.races[0], "(Counter.java:8)") && strstr(r.races[0], "(Counter.java:9)"),
              "both source lines: %s", r.races[0]);
    verdict_check_result_free(&r);
}

Test(trust, a_correct_structure_observes_every_linearizable_outcome, .timeout = 60)
{
    verdict_check_result r;
    check("LockedCounter", "{ inc() } || { inc(); get() }", NULL, &r);
    cr_expect_not(verdict_check_violated(&r));
    cr_expect_gt(client_outcome_set_size(r.expected.outcomes), 1);
    cr_expect_eq(r.unobserved_count, 0);
    verdict_check_result_free(&r);
}

/* Adds the outcome of [width] ints [v] to [set]. */
static void add_ints(client_outcome_set *set, const int *v, size_t width)
{
    client_value values[4];
    memset(values, 0, sizeof values);
    for (size_t i = 0; i < width; i++)
        values[i] = (client_value){.kind = CLIENT_VAL_INT, .i = v[i]};
    client_error err = {0};
    cr_assert_eq(client_outcome_set_add(set, values, 1, &err), CLIENT_OK);
}

Test(trust, missing_outcomes_are_the_expected_ones_not_observed)
{
    client_outcome_set *expected = client_outcome_set_new(2), *observed = client_outcome_set_new(2);
    add_ints(expected, (const int[]){1, 2}, 2);
    add_ints(expected, (const int[]){2, 1}, 2);
    add_ints(expected, (const int[]){1, 1}, 2);
    add_ints(observed, (const int[]){2, 1}, 2);
    add_ints(observed, (const int[]){3, 3}, 2);
    size_t missing[3];
    cr_assert_eq(client_outcome_set_missing(expected, observed, missing), 2);
    char buf[64];
    client_outcome_format(client_outcome_set_at(expected, missing[0]), 2, buf, sizeof buf);
    cr_expect_str_eq(buf, "(1, 1)");
    client_outcome_format(client_outcome_set_at(expected, missing[1]), 2, buf, sizeof buf);
    cr_expect_str_eq(buf, "(1, 2)");
    cr_expect_eq(client_outcome_set_missing(observed, observed, missing), 0);
    client_outcome_set_free(expected);
    client_outcome_set_free(observed);
}
