/* Outcomes as JSON (verdict_outcome_set_json, the form porcheck outcomes and porcheck check
 * --json write): typed values, counts, column labels and blocked outcomes. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "../clients/clienttest.h"
#include "verdict.h"

/* Asserts that [set] of client [c] is written as JSON text [want]. */
static void expect_json(const client_outcome_set *set, const client *c, const char *want)
{
    json_t *j = verdict_outcome_set_json(set, c);
    char *text = json_dumps(j, JSON_COMPACT);
    cr_assert_str_eq(text, want);
    free(text);
    json_decref(j);
}

Test(verdict_outcome_json, typed_values_counts_and_columns)
{
    client_spec *set = load_spec("CoarseListSet");
    client *c = parse_client(set, "{ add(1) } || { remove(1) }");
    client_outcome_set *s = client_outcome_set_new(2);
    client_error err = {0};
    client_value tt[2] = {{.kind = CLIENT_VAL_BOOL, .i = 1}, {.kind = CLIENT_VAL_BOOL, .i = 1}};
    client_value tf[2] = {{.kind = CLIENT_VAL_BOOL, .i = 1}, {.kind = CLIENT_VAL_BOOL, .i = 0}};
    client_value ex[2] = {{.kind = CLIENT_VAL_EXCEPTION, .text = "java.lang.IllegalStateException"},
                          {.kind = CLIENT_VAL_TEXT, .text = "[1, 2]"}};
    cr_assert_eq(client_outcome_set_add(s, tt, 3, &err), CLIENT_OK);
    cr_assert_eq(client_outcome_set_add(s, ex, 1, &err), CLIENT_OK);
    cr_assert_eq(client_outcome_set_add(s, tf, 1, &err), CLIENT_OK);
    cr_assert_eq(client_outcome_set_add(s, tt, 2, &err), CLIENT_OK);
    expect_json(s, c,
                "{\"columns\":[\"T0.add(1)\",\"T1.remove(1)\"],\"outcomes\":["
                "{\"values\":[true,false],\"count\":1},"
                "{\"values\":[true,true],\"count\":5},"
                "{\"values\":[{\"exception\":\"java.lang.IllegalStateException\"},"
                "\"[1, 2]\"],\"count\":1}]}");
    client_outcome_set_free(s);
    client_free(c);
    client_spec_free(set);
}

Test(verdict_outcome_json, blocked_outcomes)
{
    client_spec *buf = load_spec("BoundedBuffer");
    client *c = parse_client(buf, "{ take(); put(2) } || { put(1) } || { take() }");
    client_outcome_set *s = client_outcome_set_new(4);
    client_error err = {0};
    client_value v[4] = {{.kind = CLIENT_VAL_BLOCKED},
                         {.kind = CLIENT_VAL_NOT_RUN},
                         {.kind = CLIENT_VAL_VOID},
                         {.kind = CLIENT_VAL_INT, .i = 1}};
    cr_assert_eq(client_outcome_set_add(s, v, 2, &err), CLIENT_OK);
    expect_json(s, c,
                "{\"columns\":[\"T0.take()\",\"T0.put(2)\",\"T1.put(1)\","
                "\"T2.take()\"],\"outcomes\":[{\"values\":[{\"blocked\":true},"
                "{\"not_run\":true},\"void\",1],\"count\":2,\"blocked\":true}]}");
    client_outcome_set_free(s);
    client_free(c);
    client_spec_free(buf);
}
