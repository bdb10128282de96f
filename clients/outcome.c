/* clients: outcomes (the tuple of every invocation's result, in the client's canonical order)
 * and sorted outcome sets with counts, as text and JSON. */
#include <string.h>

#include "internal.h"

struct client_outcome_set {
    size_t width;
    client_value *values; /* [count * width], sorted by tuple */
    size_t *counts;       /* [count] */
    size_t count, cap;
    base_arena arena; /* items and strings of the values */
};

client_outcome_set *client_outcome_set_new(size_t width)
{
    client_outcome_set *set = base_calloc(1, sizeof *set);
    if (!set) return NULL;
    set->width = width;
    base_arena_init(&set->arena);
    return set;
}

void client_outcome_set_free(client_outcome_set *set)
{
    if (!set) return;
    base_free(set->values);
    base_free(set->counts);
    base_arena_release(&set->arena);
    base_free(set);
}

/* Compares two tuples of [width] values. */
static int compare_tuples(const client_value *a, const client_value *b, size_t width)
{
    for (size_t i = 0; i < width; i++) {
        int c = client_value_compare(&a[i], &b[i]);
        if (c) return c;
    }
    return 0;
}

/* Binary search: the index of [values] or where it belongs; [*found] tells which. */
static size_t locate(const client_outcome_set *set, const client_value *values, bool *found)
{
    size_t lo = 0, hi = set->count;
    *found = false;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = compare_tuples(&set->values[mid * set->width], values, set->width);
        if (c == 0) {
            *found = true;
            return mid;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Makes room for one more outcome. */
static bool reserve(client_outcome_set *set)
{
    if (set->count < set->cap) return true;
    size_t cap = set->cap ? set->cap * 2 : 8;
    client_value *values =
        base_realloc(set->values, cap * (set->width ? set->width : 1) * sizeof *values);
    if (!values) return false;
    set->values = values;
    size_t *counts = base_realloc(set->counts, cap * sizeof *counts);
    if (!counts) return false;
    set->counts = counts;
    set->cap = cap;
    return true;
}

client_status client_outcome_set_add(client_outcome_set *set, const client_value *values,
                                     size_t count, client_error *err)
{
    bool found;
    size_t at = locate(set, values, &found);
    if (found) {
        set->counts[at] += count;
        return CLIENT_OK;
    }
    client_value copy[CLIENT_MAX_INVOCATIONS];
    if (set->width > CLIENT_MAX_INVOCATIONS)
        return client_fail(err, CLIENT_ERR_LIMIT, "an outcome of more than %d values",
                           CLIENT_MAX_INVOCATIONS);
    for (size_t i = 0; i < set->width; i++)
        if (!client_value_copy(&set->arena, &values[i], &copy[i]))
            return client_fail(err, CLIENT_ERR_NOMEM, "out of memory collecting outcomes");
    if (!reserve(set))
        return client_fail(err, CLIENT_ERR_NOMEM, "out of memory collecting outcomes");
    size_t w = set->width;
    memmove(&set->values[(at + 1) * w], &set->values[at * w], (set->count - at) * w * sizeof *copy);
    memmove(&set->counts[at + 1], &set->counts[at], (set->count - at) * sizeof *set->counts);
    if (w) memcpy(&set->values[at * w], copy, w * sizeof *copy);
    set->counts[at] = count;
    set->count++;
    return CLIENT_OK;
}

bool client_outcome_is_blocked(const client_value *values, size_t width)
{
    for (size_t i = 0; i < width; i++)
        if (values[i].kind == CLIENT_VAL_BLOCKED) return true;
    return false;
}

size_t client_outcome_set_width(const client_outcome_set *set)
{
    return set->width;
}

size_t client_outcome_set_size(const client_outcome_set *set)
{
    return set->count;
}

size_t client_outcome_set_blocked(const client_outcome_set *set)
{
    size_t n = 0;
    for (size_t i = 0; i < set->count; i++)
        n += client_outcome_is_blocked(&set->values[i * set->width], set->width);
    return n;
}

const client_value *client_outcome_set_at(const client_outcome_set *set, size_t i)
{
    return &set->values[i * set->width];
}

size_t client_outcome_set_count(const client_outcome_set *set, size_t i)
{
    return set->counts[i];
}

long client_outcome_set_find(const client_outcome_set *set, const client_value *values)
{
    bool found;
    size_t at = locate(set, values, &found);
    return found ? (long)at : -1;
}

bool client_outcome_set_equal(const client_outcome_set *a, const client_outcome_set *b)
{
    if (a->width != b->width || a->count != b->count) return false;
    return compare_tuples(a->values, b->values, a->count * a->width) == 0;
}

/* Appends "(v1, v2, ...)". */
static void text_outcome(base_textbuf *out, const client_value *values, size_t width)
{
    base_textbuf_printf(out, "(");
    for (size_t i = 0; i < width; i++) {
        if (i) base_textbuf_printf(out, ", ");
        client_text_value(out, &values[i]);
    }
    base_textbuf_printf(out, ")");
}

size_t client_outcome_format(const client_value *values, size_t width, char *buf, size_t size)
{
    base_textbuf out = base_textbuf_make(buf, size);
    text_outcome(&out, values, width);
    return out.len;
}

size_t client_outcome_set_format(const client_outcome_set *set, char *buf, size_t size)
{
    base_textbuf out = base_textbuf_make(buf, size);
    base_textbuf_printf(&out, "{");
    for (size_t i = 0; i < set->count; i++) {
        if (i) base_textbuf_printf(&out, ", ");
        text_outcome(&out, client_outcome_set_at(set, i), set->width);
    }
    base_textbuf_printf(&out, "}");
    return out.len;
}

void client_outcome_set_print(const client_outcome_set *set, FILE *out, int indent, bool counts)
{
    for (size_t i = 0; i < set->count; i++) {
        char buf[4096];
        client_outcome_format(client_outcome_set_at(set, i), set->width, buf, sizeof buf);
        if (counts)
            fprintf(out, "%*s%s  %zu\n", indent, "", buf, set->counts[i]);
        else
            fprintf(out, "%*s%s\n", indent, "", buf);
    }
}

size_t client_outcome_set_missing(const client_outcome_set *a, const client_outcome_set *b,
                                  size_t *out)
{
    size_t n = 0;
    for (size_t i = 0; i < client_outcome_set_size(a); i++)
        if (client_outcome_set_find(b, client_outcome_set_at(a, i)) < 0) out[n++] = i;
    return n;
}
