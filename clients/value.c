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

/* True when [s] is "-" and digits, as an int shows, or "[...]" of ints, as a list or map of ints
 * shows ("[1,2]", "[1=2]"). */
static bool reads_as_number_or_list(const char *s)
{
    size_t n = strlen(s);
    bool list = n >= 2 && s[0] == '[' && s[n - 1] == ']';
    const char *p = list ? s + 1 : s, *end = list ? s + n - 1 : s + n;
    if (p == end) return list;
    for (; p < end; p++)
        if (!(*p >= '0' && *p <= '9') && *p != '-' && !(list && (*p == ',' || *p == '=')))
            return false;
    return true;
}

/* True when text [s] would read as another value or split the tuple it is shown in: a word
 * another kind shows ("null", "void"), a number, empty or padded, a quote, a backslash or a
 * control character, a comma or a closing bracket outside brackets. */
static bool text_needs_quotes(const char *s)
{
    static const char *const words[] = {"null", "void", "true", "false", "blocked", "not run"};
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (!strcmp(s, words[i])) return true;
    size_t n = strlen(s);
    if (!n || s[0] == ' ' || s[n - 1] == ' ' || reads_as_number_or_list(s)) return true;
    int depth = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\' || *p < 0x20 || *p == 0x7f) return true;
        if (*p == '(' || *p == '[' || *p == '{') depth++;
        if ((*p == ')' || *p == ']' || *p == '}') && --depth < 0) return true;
        if (*p == ',' && depth == 0) return true;
    }
    return depth != 0;
}

/* Appends [s] as a Java string literal: in quotes, with quotes, backslashes and control
 * characters escaped. */
static void put_quoted(base_textbuf *out, const char *s)
{
    base_textbuf_printf(out, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            base_textbuf_printf(out, "\\%c", *p);
        else if (*p == '\n')
            base_textbuf_printf(out, "\\n");
        else if (*p == '\t')
            base_textbuf_printf(out, "\\t");
        else if (*p == '\r')
            base_textbuf_printf(out, "\\r");
        else if (*p < 0x20 || *p == 0x7f)
            base_textbuf_printf(out, "\\u%04x", *p);
        else
            base_textbuf_printf(out, "%c", *p);
    }
    base_textbuf_printf(out, "\"");
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
        if (text_needs_quotes(v->text))
            put_quoted(out, v->text);
        else
            base_textbuf_printf(out, "%s", v->text);
        break;
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
