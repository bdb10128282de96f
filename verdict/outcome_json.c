/* verdict: outcomes as JSON, the form porcheck outcomes and porcheck check --json write them:
 * typed values, outcome tuples, and outcome sets with their column labels and counts. */
#include "verdict.h"

json_t *verdict_value_json(const client_value *v)
{
    char buf[512];
    switch (v->kind) {
    case CLIENT_VAL_VOID:
        return json_string("void");
    case CLIENT_VAL_NULL:
        return json_null();
    case CLIENT_VAL_BOOL:
        return json_boolean(v->i);
    case CLIENT_VAL_INT:
        return json_integer((json_int_t)v->i);
    case CLIENT_VAL_EXCEPTION:
        return json_pack("{ss}", "exception", v->text);
    case CLIENT_VAL_TEXT:
        return json_string(v->text);
    case CLIENT_VAL_BLOCKED:
        return json_pack("{sb}", "blocked", 1);
    case CLIENT_VAL_NOT_RUN:
        return json_pack("{sb}", "not_run", 1);
    default:
        client_value_format(v, buf, sizeof buf);
        return json_string(buf);
    }
}

/* Returns outcome [i] of [set] as {"values": [...], "count": n} (and "blocked": true for a
 * blocked outcome). */
static json_t *outcome_json(const client_outcome_set *set, size_t i)
{
    json_t *values = json_array();
    for (size_t k = 0; values && k < client_outcome_set_width(set); k++)
        if (json_array_append_new(values, verdict_value_json(&client_outcome_set_at(set, i)[k]))) {
            json_decref(values);
            return NULL;
        }
    if (!values) return NULL;
    json_t *j = json_pack("{so sI}", "values", values, "count",
                          (json_int_t)client_outcome_set_count(set, i));
    if (j &&
        client_outcome_is_blocked(client_outcome_set_at(set, i), client_outcome_set_width(set)) &&
        json_object_set_new(j, "blocked", json_true())) {
        json_decref(j);
        return NULL;
    }
    return j;
}

/* Returns the column labels of [c] as a JSON array. */
static json_t *columns_json(const client *c)
{
    json_t *columns = json_array();
    for (size_t i = 0; columns && i < c->invocation_count; i++) {
        char label[512];
        client_column_label(c, i, label, sizeof label);
        if (json_array_append_new(columns, json_string(label))) {
            json_decref(columns);
            return NULL;
        }
    }
    return columns;
}

json_t *verdict_outcome_json(const client_value *values, size_t width)
{
    json_t *array = json_array();
    for (size_t k = 0; array && k < width; k++)
        if (json_array_append_new(array, verdict_value_json(&values[k]))) {
            json_decref(array);
            return NULL;
        }
    return array;
}

json_t *verdict_outcome_set_json(const client_outcome_set *set, const client *c)
{
    json_t *outcomes = json_array();
    for (size_t i = 0; outcomes && i < client_outcome_set_size(set); i++)
        if (json_array_append_new(outcomes, outcome_json(set, i))) {
            json_decref(outcomes);
            return NULL;
        }
    json_t *columns = columns_json(c);
    if (!outcomes || !columns) {
        json_decref(outcomes);
        json_decref(columns);
        return NULL;
    }
    return json_pack("{soso}", "columns", columns, "outcomes", outcomes);
}
