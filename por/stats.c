/* The statistics block of a search, as text and as JSON (jansson). */
#include <jansson.h>
#include <string.h>

#include "internal.h"

/* One statistic: its JSON key, its text caption and where it lives. */
typedef struct stat_field {
    const char *key;
    const char *caption;
    size_t offset;
} stat_field;

#define FIELD(name, caption)                                                                       \
    {                                                                                              \
#name, caption, offsetof(por_stats, name)                                                  \
    }

static const stat_field fields[] = {
    FIELD(states_new, "states (new)"),
    FIELD(states_visited, "states (visited again)"),
    FIELD(states_again, "states (explored again)"),
    FIELD(transitions, "transitions"),
    FIELD(retraversed, "re-traversed transitions"),
    FIELD(steps, "lts steps"),
    FIELD(max_depth, "max depth"),
    FIELD(end_states, "end states"),
    FIELD(deadlocks, "deadlocks"),
    FIELD(livelocks, "livelocks"),
    FIELD(assert_failures, "failed assertions"),
    FIELD(violations, "violating end states"),
    FIELD(proviso_fired, "cycle proviso fired"),
    FIELD(sleep_blocked, "sleep-set-blocked runs"),
    FIELD(races, "reversible races"),
    FIELD(wakeup_blocked, "blocked wakeup branches"),
    FIELD(peak_memory, "peak memory (bytes)"),
    FIELD(state_bytes, "state store (bytes)"),
    FIELD(lr_edges, "Lr edges"),
    FIELD(lr_bytes, "Lr (bytes)"),
};

enum { FIELD_COUNT = sizeof fields / sizeof fields[0] };

/* The caption of a parallel search's workers that joined it (of those it had). */
#define WORKERS_CAPTION "workers that searched"

/* Returns statistic [i] of [st]. */
static size_t field_value(const por_stats *st, size_t i)
{
    return *(const size_t *)((const char *)st + fields[i].offset);
}

void por_stats_print(FILE *out, const por_result *result)
{
    if (por_stop_incomplete(result->stop))
        fprintf(out, "statistics (partial: the search was stopped by %s%s):\n",
                result->stop == POR_STOP_SIGNAL ? "a " : "--", por_stop_name(result->stop));
    else
        fprintf(out, "statistics (%s):\n", por_stop_name(result->stop));
    for (size_t i = 0; i < FIELD_COUNT; i++)
        fprintf(out, "  %-26s %zu\n", fields[i].caption, field_value(&result->stats, i));
    if (result->stats.workers)
        fprintf(out, "  %-26s %zu of %zu\n", WORKERS_CAPTION, result->stats.workers_searched,
                result->stats.workers);
    fprintf(out, "  %-26s %.3f\n", "time (s)", result->stats.seconds);
}

const char *por_stats_caption(const char *key)
{
    for (size_t i = 0; i < FIELD_COUNT; i++)
        if (!strcmp(fields[i].key, key)) return fields[i].caption;
    if (!strcmp(key, "workers_searched")) return WORKERS_CAPTION;
    return !strcmp(key, "seconds") ? "time (s)" : NULL;
}

/* Returns [p] as a JSON object (NULL when out of memory). */
static json_t *stop_path_json(const por_stop_path *p)
{
    return json_pack("{sI sI sI sI ss}", "depth", (json_int_t)p->depth, "thread",
                     (json_int_t)p->thread, "steps", (json_int_t)p->steps, "window",
                     (json_int_t)p->window, "where", p->where);
}

json_t *por_stats_json(const por_result *result)
{
    json_t *obj = json_object();
    if (!obj) return NULL;
    int bad = json_object_set_new(obj, "stop", json_string(por_stop_name(result->stop)));
    for (size_t i = 0; i < FIELD_COUNT; i++)
        bad |= json_object_set_new(obj, fields[i].key,
                                   json_integer((json_int_t)field_value(&result->stats, i)));
    if (result->stats.workers)
        bad |= json_object_set_new(obj, "workers_searched",
                                   json_integer((json_int_t)result->stats.workers_searched));
    bad |= json_object_set_new(obj, "seconds", json_real(result->stats.seconds));
    if (result->path.depth)
        bad |= json_object_set_new(obj, "stop_path", stop_path_json(&result->path));
    if (bad) {
        json_decref(obj);
        return NULL;
    }
    return obj;
}
