/* clients: values (arguments and results) and parameter types. */
#include <inttypes.h>
#include <string.h>

#include "internal.h"

/* Compares two int64 arrays of [n] elements. */
static int compare_items(const int64_t *a, const int64_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}

int client_value_compare(const client_value *a, const client_value *b)
{
    if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
    switch (a->kind) {
    case CLIENT_VAL_BOOL:
    case CLIENT_VAL_INT:
        return a->i == b->i ? 0 : a->i < b->i ? -1 : 1;
    case CLIENT_VAL_LIST:
    case CLIENT_VAL_MAP: {
        size_t per = a->kind == CLIENT_VAL_MAP ? 2 : 1;
        size_t n = a->count < b->count ? a->count : b->count;
        int c = compare_items(a->items, b->items, n * per);
        if (c || a->count == b->count) return c;
        return a->count < b->count ? -1 : 1;
    }
    case CLIENT_VAL_TEXT:
    case CLIENT_VAL_EXCEPTION:
        return strcmp(a->text, b->text);
    default:
        return 0;
    }
}

void client_text_value(base_textbuf *out, const client_value *v)
{
    switch (v->kind) {
    case CLIENT_VAL_VOID:
        base_textbuf_printf(out, "void");
        break;
    case CLIENT_VAL_NULL:
        base_textbuf_printf(out, "null");
        break;
    case CLIENT_VAL_BOOL:
        base_textbuf_printf(out, "%s", v->i ? "true" : "false");
        break;
    case CLIENT_VAL_INT:
        base_textbuf_printf(out, "%" PRId64, v->i);
        break;
    case CLIENT_VAL_LIST:
        base_textbuf_printf(out, "[");
        for (size_t i = 0; i < v->count; i++)
            base_textbuf_printf(out, "%s%" PRId64, i ? "," : "", v->items[i]);
        base_textbuf_printf(out, "]");
        break;
    case CLIENT_VAL_MAP:
        base_textbuf_printf(out, "[");
        for (size_t i = 0; i < v->count; i++)
            base_textbuf_printf(out, "%s%" PRId64 "=%" PRId64, i ? "," : "", v->items[2 * i],
                                v->items[2 * i + 1]);
        base_textbuf_printf(out, "]");
        break;
    case CLIENT_VAL_TEXT:
    case CLIENT_VAL_EXCEPTION:
        base_textbuf_printf(out, "%s", v->text);
        break;
    case CLIENT_VAL_BLOCKED:
        base_textbuf_printf(out, "blocked");
        break;
    case CLIENT_VAL_NOT_RUN:
        base_textbuf_printf(out, "not run");
        break;
    }
}

size_t client_value_format(const client_value *v, char *buf, size_t size)
{
    base_textbuf out = base_textbuf_make(buf, size);
    client_text_value(&out, v);
    return out.len;
}

bool client_value_copy(base_arena *arena, const client_value *v, client_value *out)
{
    *out = *v;
    if (v->kind == CLIENT_VAL_LIST || v->kind == CLIENT_VAL_MAP) {
        size_t n = v->count * (v->kind == CLIENT_VAL_MAP ? 2 : 1);
        int64_t *items = base_arena_alloc(arena, (n ? n : 1) * sizeof *items);
        if (!items) return false;
        if (n) memcpy(items, v->items, n * sizeof *items);
        out->items = items;
    }
    if (v->kind == CLIENT_VAL_TEXT || v->kind == CLIENT_VAL_EXCEPTION) {
        out->text = base_arena_strndup(arena, v->text, strlen(v->text));
        if (!out->text) return false;
    }
    return true;
}

/* Descriptors and names of the scalar type kinds. */
static const struct {
    const char *descriptor, *name;
} scalar_types[] = {
    [CLIENT_TYPE_INT] = {"I", "int"},
    [CLIENT_TYPE_LONG] = {"J", "long"},
    [CLIENT_TYPE_BOOLEAN] = {"Z", "boolean"},
    [CLIENT_TYPE_INTEGER] = {"Ljava/lang/Integer;", "java.lang.Integer"},
    [CLIENT_TYPE_LONG_BOXED] = {"Ljava/lang/Long;", "java.lang.Long"},
    [CLIENT_TYPE_OBJECT] = {"Ljava/lang/Object;", "java.lang.Object"},
    [CLIENT_TYPE_COLLECTION] = {"Ljava/util/Collection;", "java.util.Collection"},
    [CLIENT_TYPE_MAP] = {"Ljava/util/Map;", "java.util.Map"},
};

const char *client_type_descriptor(const client_type *type)
{
    return scalar_types[type->kind].descriptor;
}

const char *client_type_name(const client_type *type)
{
    static const char *const lists[] = {
        [CLIENT_TYPE_INT] = "[int]",
        [CLIENT_TYPE_INTEGER] = "[java.lang.Integer]",
        [CLIENT_TYPE_OBJECT] = "[java.lang.Object]",
        [CLIENT_TYPE_LONG] = "[long]",
        [CLIENT_TYPE_LONG_BOXED] = "[java.lang.Long]",
        [CLIENT_TYPE_BOOLEAN] = "[boolean]",
    };
    if (type->kind == CLIENT_TYPE_COLLECTION) return lists[type->element];
    if (type->kind == CLIENT_TYPE_MAP) return "java.util.Map";
    return scalar_types[type->kind].name;
}
