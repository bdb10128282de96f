/* clients: loading specs (Violat's JSON format plus `adt` and `visible`, and per method
 * `descriptor` and `adt`) with jansson. Every error names the file and the JSON path of the
 * offending value. */
#include <ctype.h>
#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "adt.h"

/* What the loader carries through the recursive descent. */
typedef struct loader {
    const char *file;
    client_spec *spec;
    client_error *err;
} loader;

/* The largest JSON path we build, e.g. "$.methods[12].parameters[3].type". */
enum { PATH_MAX_LEN = 128 };

/* Writes a JSON path from printf-style parts into [out] of PATH_MAX_LEN bytes (truncating). */
static void subpath(char *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void subpath(char *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out, PATH_MAX_LEN, fmt, ap);
    va_end(ap);
}

/* Fails with CLIENT_ERR_SPEC: "FILE: PATH: message". */
static client_status spec_error(const loader *ld, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static client_status spec_error(const loader *ld, const char *path, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return client_fail(ld->err, CLIENT_ERR_SPEC, "%s: %s: %s", ld->file, path, msg);
}

/* Fails with CLIENT_ERR_NOMEM naming the file. */
static client_status spec_nomem(const loader *ld)
{
    return client_fail(ld->err, CLIENT_ERR_NOMEM, "%s: out of memory loading the spec", ld->file);
}

/* ---- Keys ------------------------------------------------------------------------------------ */

/* One key a JSON object of a spec may have; [ignored] keys (Violat's, which porcheck does not
 * use) are accepted with a warning. */
typedef struct known_key {
    const char *name;
    bool ignored;
} known_key;

/* The keys of the spec object. "$schema" only names the JSON schema: accepted silently. */
static const known_key root_keys[] = {
    {"class", false},
    {"parameters", false},
    {"default_parameters", false},
    {"methods", false},
    {"adt", false},
    {"visible", false},
    {"$schema", false},
    {"harnessParameters", true},
    {NULL, false},
};

/* The keys of a method object. */
static const known_key method_keys[] = {
    {"name", false},      {"parameters", false},       {"descriptor", false}, {"void", false},
    {"readonly", false},  {"trusted", false},          {"adt", false},        {"nonAtomic", true},
    {"visibility", true}, {"harnessParameters", true}, {"id", true},          {"bulk", true},
    {NULL, false},
};

/* The keys of a "harnessParameters" object. */
static const known_key harness_keys[] = {
    {"invocations", false}, {"sequences", false}, {"values", false}, {NULL, false}};

/* The keys of a parameter object {"type": T}. */
static const known_key param_keys[] = {{"type", false}, {NULL, false}};

/* Returns the known key of [keys] nearest to [key] when it is a near miss (at most 2 edits, and
 * at most half the known key's length), else NULL. */
static const char *near_miss(const char *key, const known_key *keys)
{
    base_near_miss near = base_near_miss_start(key);
    for (const known_key *k = keys; k->name; k++) base_near_miss_offer(&near, k->name);
    return near.best;
}

/* Fails on unknown key [key] of the object at [path] whose keys are [keys] ([what] names it). */
static client_status unknown_key(const loader *ld, const char *path, const char *key,
                                 const known_key *keys, const char *what)
{
    char sub[PATH_MAX_LEN], list[300] = "";
    subpath(sub, "%s.%s", path, key);
    const char *near = near_miss(key, keys);
    if (near) return spec_error(ld, sub, "unknown key (did you mean \"%s\"?)", near);
    size_t len = 0;
    for (const known_key *k = keys; k->name && len < sizeof list; k++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", len ? ", " : "", k->name);
    return spec_error(ld, sub, "unknown key (%s has %s)", what, list);
}

/* Records the warning "FILE: [path]: [what], ignored". */
static client_status record_warning(const loader *ld, const char *path, const char *what)
{
    client_spec *spec = ld->spec;
    char text[PATH_MAX_LEN + 512];
    snprintf(text, sizeof text, "%s: %s: %s", ld->file, path, what);
    const char **list = base_arena_alloc(&spec->arena, (spec->warning_count + 1) * sizeof *list);
    char *copy = base_arena_strndup(&spec->arena, text, strlen(text));
    if (!list || !copy) return spec_nomem(ld);
    if (spec->warning_count) memcpy(list, spec->warnings, spec->warning_count * sizeof *list);
    list[spec->warning_count++] = copy;
    spec->warnings = list;
    return CLIENT_OK;
}

/* Records the warning that key [key] of the object at [path] is ignored. */
static client_status ignored_key(const loader *ld, const char *path, const char *key)
{
    char sub[PATH_MAX_LEN];
    subpath(sub, "%s.%s", path, key);
    return record_warning(ld, sub, "ignored (porcheck does not use it)");
}

/* Checks every key of object [obj] at [path] against [keys] ([what] names the object): an
 * unknown key fails, an ignored one is recorded as a warning. */
static client_status check_keys(const loader *ld, json_t *obj, const char *path,
                                const known_key *keys, const char *what)
{
    const char *key;
    json_t *value;
    json_object_foreach(obj, key, value)
    {
        const known_key *k = keys;
        while (k->name && strcmp(k->name, key)) k++;
        client_status s = !k->name     ? unknown_key(ld, path, key, keys, what)
                          : k->ignored ? ignored_key(ld, path, key)
                                       : CLIENT_OK;
        if (s) return s;
    }
    return CLIENT_OK;
}

const char *client_adt_name(client_adt adt)
{
    static const char *const names[] = {"none",  "set",   "map",     "queue",
                                        "deque", "stack", "counter", "register"};
    return (size_t)adt < sizeof names / sizeof names[0] ? names[adt] : "?";
}

/* ---- Types ----------------------------------------------------------------------------------- */

/* Maps a scalar type name to its kind; false when unknown. */
static bool scalar_kind(const char *name, client_type_kind *out)
{
    static const struct {
        const char *name;
        client_type_kind kind;
    } names[] = {
        {"int", CLIENT_TYPE_INT},
        {"long", CLIENT_TYPE_LONG},
        {"boolean", CLIENT_TYPE_BOOLEAN},
        {"java.lang.Integer", CLIENT_TYPE_INTEGER},
        {"java.lang.Long", CLIENT_TYPE_LONG_BOXED},
        {"java.lang.Object", CLIENT_TYPE_OBJECT},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(name, names[i].name)) {
            *out = names[i].kind;
            return true;
        }
    return false;
}

/* True for the Java names of a collection of any element type: java.util.Collection<?>,
 * <E>, <? extends E>, <? super E> (a collection of java.lang.Object to porcheck). */
static bool generic_collection(const char *name)
{
    static const char *const names[] = {"java.util.Collection<?>", "java.util.Collection<E>",
                                        "java.util.Collection<? extends E>",
                                        "java.util.Collection<? super E>"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(name, names[i])) return true;
    return false;
}

/* Reads the element type of a collection or map at [path]: an int-assignable scalar name. */
static client_status element_kind(const loader *ld, json_t *j, const char *path,
                                  client_type_kind *out)
{
    if (!json_is_string(j)) return spec_error(ld, path, "an element type must be a string");
    if (!scalar_kind(json_string_value(j), out) || *out == CLIENT_TYPE_BOOLEAN)
        return spec_error(ld, path,
                          "unsupported element type '%s' (int, long, java.lang.Integer, "
                          "java.lang.Long or java.lang.Object)",
                          json_string_value(j));
    return CLIENT_OK;
}

/* Reads a map type {"K": "V"} at [path]. */
static client_status map_type(const loader *ld, json_t *j, const char *path, client_type *out)
{
    void *it = json_object_iter(j);
    const char *key = json_object_iter_key(it);
    json_t *value = json_object_iter_value(it);
    char sub[PATH_MAX_LEN];
    subpath(sub, "%s.%s", path, key);
    client_type_kind k;
    if (!scalar_kind(key, &k) && near_miss(key, param_keys))
        return unknown_key(ld, path, key, param_keys, "a parameter object");
    if (!scalar_kind(key, &k) || k == CLIENT_TYPE_BOOLEAN)
        return spec_error(ld, path, "unsupported map key type '%s'", key);
    out->kind = CLIENT_TYPE_MAP;
    out->element = k;
    return element_kind(ld, value, sub, &out->value);
}

/* Reads a parameter type at [path]: "int", {"type": T}, ["int"] or {"K": "V"}. */
static client_status parse_type(const loader *ld, json_t *j, const char *path, client_type *out)
{
    memset(out, 0, sizeof *out);
    if (json_is_string(j)) {
        const char *name = json_string_value(j);
        if (scalar_kind(name, &out->kind)) return CLIENT_OK;
        if (generic_collection(name)) { /* Violat's "java.util.Collection<?>" */
            out->kind = CLIENT_TYPE_COLLECTION;
            out->element = CLIENT_TYPE_OBJECT;
            return CLIENT_OK;
        }
        return spec_error(ld, path,
                          "unsupported type '%s' (porcheck passes int, long, boolean, "
                          "java.lang.Integer, java.lang.Long, java.lang.Object, collections "
                          "[\"int\"] and maps {\"int\": \"int\"}: change the type or remove the "
                          "method)",
                          name);
    }
    if (json_is_array(j)) {
        if (json_array_size(j) != 1)
            return spec_error(ld, path, "a collection type is a one-element array like [\"int\"]");
        char sub[PATH_MAX_LEN];
        subpath(sub, "%s[0]", path);
        out->kind = CLIENT_TYPE_COLLECTION;
        return element_kind(ld, json_array_get(j, 0), sub, &out->element);
    }
    if (json_is_object(j) && json_object_get(j, "type")) {
        client_status s = check_keys(ld, j, path, param_keys, "a parameter object");
        if (s) return s;
        char sub[PATH_MAX_LEN];
        subpath(sub, "%s.type", path);
        json_t *inner = json_object_get(j, "type");
        if (json_is_object(inner) && json_object_get(inner, "type"))
            return spec_error(ld, sub, "a type cannot nest \"type\" again");
        return parse_type(ld, inner, sub, out);
    }
    if (json_is_object(j) && json_object_size(j) == 1) return map_type(ld, j, path, out);
    return spec_error(ld, path, "a type is a name, {\"type\": ...}, [\"int\"] or {\"K\": \"V\"}");
}

/* Reads an array of types at [path] into [*out] (arena) and [*count]. */
static client_status parse_types(const loader *ld, json_t *j, const char *path,
                                 const client_type **out, size_t *count)
{
    if (!json_is_array(j)) return spec_error(ld, path, "expected an array of parameter types");
    size_t n = json_array_size(j);
    if (n > CLIENT_MAX_ARGS)
        return spec_error(ld, path, "more than %d parameters", CLIENT_MAX_ARGS);
    client_type *types = base_arena_alloc(&ld->spec->arena, (n ? n : 1) * sizeof *types);
    if (!types) return spec_nomem(ld);
    for (size_t i = 0; i < n; i++) {
        char sub[PATH_MAX_LEN];
        subpath(sub, "%s[%zu]", path, i);
        client_status s = parse_type(ld, json_array_get(j, i), sub, &types[i]);
        if (s) return s;
    }
    *out = types;
    *count = n;
    return CLIENT_OK;
}

/* ---- Constructor arguments ------------------------------------------------------------------- */

/* Reads a JSON integer at [path] that fits [kind] (int range for int-like kinds). */
static client_status parse_int(const loader *ld, json_t *j, const char *path, client_type_kind kind,
                               int64_t *out)
{
    if (!json_is_integer(j)) return spec_error(ld, path, "expected an integer");
    json_int_t v = json_integer_value(j);
    bool wide = kind == CLIENT_TYPE_LONG || kind == CLIENT_TYPE_LONG_BOXED;
    if (!wide && (v < INT_MIN || v > INT_MAX))
        return spec_error(ld, path, "%lld does not fit an int", (long long)v);
    *out = (int64_t)v;
    return CLIENT_OK;
}

/* Reads a collection value (a JSON array of integers) at [path]. */
static client_status parse_list_value(const loader *ld, json_t *j, const char *path,
                                      const client_type *t, client_value *out)
{
    if (!json_is_array(j)) return spec_error(ld, path, "expected an array of integers");
    size_t n = json_array_size(j);
    int64_t *items = base_arena_alloc(&ld->spec->arena, (n ? n : 1) * sizeof *items);
    if (!items) return spec_nomem(ld);
    for (size_t i = 0; i < n; i++) {
        char sub[PATH_MAX_LEN];
        subpath(sub, "%s[%zu]", path, i);
        client_status s = parse_int(ld, json_array_get(j, i), sub, t->element, &items[i]);
        if (s) return s;
    }
    *out = (client_value){.kind = CLIENT_VAL_LIST, .count = n, .items = items};
    return CLIENT_OK;
}

/* Reads a decimal integer key of a map value at [path]. */
static client_status parse_key(const loader *ld, const char *key, const char *path, int64_t *out)
{
    char *end;
    long long v = strtoll(key, &end, 10);
    if (!*key || *end || v < INT_MIN || v > INT_MAX)
        return spec_error(ld, path, "map key '%s' is not an int", key);
    *out = v;
    return CLIENT_OK;
}

/* Reads a map value (a JSON object from decimal keys to integers) at [path]. */
static client_status parse_map_value(const loader *ld, json_t *j, const char *path,
                                     const client_type *t, client_value *out)
{
    if (!json_is_object(j)) return spec_error(ld, path, "expected an object of int keys");
    size_t n = json_object_size(j), i = 0;
    int64_t *items = base_arena_alloc(&ld->spec->arena, (n ? 2 * n : 1) * sizeof *items);
    if (!items) return spec_nomem(ld);
    const char *key;
    json_t *value;
    json_object_foreach(j, key, value)
    {
        char sub[PATH_MAX_LEN];
        subpath(sub, "%s.%s", path, key);
        client_status s = parse_key(ld, key, path, &items[2 * i]);
        if (!s) s = parse_int(ld, value, sub, t->value, &items[2 * i + 1]);
        if (s) return s;
        i++;
    }
    *out = (client_value){.kind = CLIENT_VAL_MAP, .count = n, .items = items};
    return CLIENT_OK;
}

/* Reads one constructor argument of type [t] at [path]. */
static client_status parse_value(const loader *ld, json_t *j, const char *path,
                                 const client_type *t, client_value *out)
{
    memset(out, 0, sizeof *out);
    bool boxed = t->kind == CLIENT_TYPE_INTEGER || t->kind == CLIENT_TYPE_LONG_BOXED ||
                 t->kind == CLIENT_TYPE_OBJECT;
    if (json_is_null(j) && boxed) {
        out->kind = CLIENT_VAL_NULL;
        return CLIENT_OK;
    }
    switch (t->kind) {
    case CLIENT_TYPE_BOOLEAN:
        if (!json_is_boolean(j)) return spec_error(ld, path, "expected true or false");
        *out = (client_value){.kind = CLIENT_VAL_BOOL, .i = json_is_true(j)};
        return CLIENT_OK;
    case CLIENT_TYPE_COLLECTION:
        return parse_list_value(ld, j, path, t, out);
    case CLIENT_TYPE_MAP:
        return parse_map_value(ld, j, path, t, out);
    default:
        out->kind = CLIENT_VAL_INT;
        return parse_int(ld, j, path, t->kind, &out->i);
    }
}

/* Reads "parameters" and "default_parameters" of the constructor. */
static client_status parse_constructor(const loader *ld, json_t *root)
{
    client_spec *spec = ld->spec;
    json_t *params = json_object_get(root, "parameters");
    json_t *args = json_object_get(root, "default_parameters");
    if (params) {
        client_status s =
            parse_types(ld, params, "$.parameters", &spec->ctor_params, &spec->ctor_param_count);
        if (s) return s;
    }
    size_t n = spec->ctor_param_count;
    if (!args && n) return spec_error(ld, "$", "\"parameters\" needs \"default_parameters\"");
    if (!args) return CLIENT_OK;
    if (!json_is_array(args) || json_array_size(args) != n)
        return spec_error(ld, "$.default_parameters", "expected an array of %zu value%s", n,
                          n == 1 ? "" : "s");
    client_value *values = base_arena_alloc(&spec->arena, (n ? n : 1) * sizeof *values);
    if (!values) return spec_nomem(ld);
    for (size_t i = 0; i < n; i++) {
        char sub[PATH_MAX_LEN];
        subpath(sub, "$.default_parameters[%zu]", i);
        client_status s =
            parse_value(ld, json_array_get(args, i), sub, &spec->ctor_params[i], &values[i]);
        if (s) return s;
    }
    spec->ctor_args = values;
    return CLIENT_OK;
}

/* ---- Fields ---------------------------------------------------------------------------------- */

/* Reads optional boolean field [name] of [obj] at [path] into [*out] (false when absent). */
static client_status opt_bool(const loader *ld, json_t *obj, const char *name, const char *path,
                              bool *out)
{
    json_t *j = json_object_get(obj, name);
    *out = false;
    if (!j) return CLIENT_OK;
    if (!json_is_boolean(j)) return spec_error(ld, path, "\"%s\" must be true or false", name);
    *out = json_is_true(j);
    return CLIENT_OK;
}

/* Reads optional string field [name] of [obj] at [path] into the arena ([*out] NULL if absent). */
static client_status opt_string(const loader *ld, json_t *obj, const char *name, const char *path,
                                const char **out)
{
    json_t *j = json_object_get(obj, name);
    *out = NULL;
    if (!j) return CLIENT_OK;
    if (!json_is_string(j)) return spec_error(ld, path, "\"%s\" must be a string", name);
    *out = base_arena_strndup(&ld->spec->arena, json_string_value(j), json_string_length(j));
    return *out ? CLIENT_OK : spec_nomem(ld);
}

/* Reads an optional "harnessParameters" object of [obj] at [path]. */
static client_status parse_harness(const loader *ld, json_t *obj, const char *path,
                                   client_harness_params *out)
{
    memset(out, 0, sizeof *out);
    json_t *h = json_object_get(obj, "harnessParameters");
    if (!h) return CLIENT_OK;
    char sub[PATH_MAX_LEN];
    subpath(sub, "%s.harnessParameters", path);
    if (!json_is_object(h)) return spec_error(ld, sub, "expected an object");
    client_status s = check_keys(ld, h, sub, harness_keys, "harnessParameters");
    if (s) return s;
    const char *names[3] = {"invocations", "sequences", "values"};
    long *fields[3] = {&out->invocations, &out->sequences, &out->values};
    for (int i = 0; i < 3; i++) {
        json_t *v = json_object_get(h, names[i]);
        if (!v) continue;
        if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 1000000)
            return spec_error(ld, sub, "\"%s\" must be a non-negative integer", names[i]);
        *fields[i] = (long)json_integer_value(v);
    }
    return CLIENT_OK;
}

/* ---- Descriptors ----------------------------------------------------------------------------- */

/* Returns the length of the class name of an 'L' type at [t] (after the 'L', up to the ';'), 0
 * when it is not a well-formed one ("java/lang/Integer": parts separated by single slashes). */
static size_t class_name_length(const char *t)
{
    size_t n = strcspn(t, ";.[");
    if (t[n] != ';' || n == 0 || t[0] == '/' || t[n - 1] == '/') return 0;
    for (size_t i = 1; i < n; i++)
        if (t[i] == '/' && t[i - 1] == '/') return 0;
    return n;
}

/* Returns the length of the JVM field type at [d] ("I", "Ljava/lang/Integer;", "[J"), 0 when
 * none starts there. */
static size_t field_type_length(const char *d)
{
    size_t dims = strspn(d, "[");
    const char *t = d + dims;
    if (dims > 255 || !*t) return 0;
    if (strchr("BCDFIJSZ", *t)) return dims + 1;
    size_t n = *t == 'L' ? class_name_length(t + 1) : 0;
    return n ? dims + n + 2 : 0;
}

/* The parameter types of a method descriptor: how many, and where each of the first
 * CLIENT_MAX_ARGS starts in it. */
typedef struct descriptor_params {
    size_t count;
    const char *types[CLIENT_MAX_ARGS];
} descriptor_params;

/* Splits method descriptor [d] into [out]; false when it is malformed. */
static bool split_descriptor(const char *d, descriptor_params *out)
{
    out->count = 0;
    if (*d++ != '(') return false;
    for (size_t len; *d && *d != ')'; d += len) {
        if (!(len = field_type_length(d))) return false;
        if (out->count < CLIENT_MAX_ARGS) out->types[out->count] = d;
        out->count++;
    }
    if (*d++ != ')') return false;
    size_t ret = *d == 'V' ? 1 : field_type_length(d);
    return ret && d[ret] == '\0';
}

/* Sets [out] to the spec type whose values are passed as descriptor type [d] (of [len] bytes):
 * I, J, Z, Integer, Long, Object, Collection, Map; false for any other type. */
static bool type_of_descriptor(const char *d, size_t len, client_type *out)
{
    static const client_type types[] = {
        {CLIENT_TYPE_INT, 0, 0},
        {CLIENT_TYPE_LONG, 0, 0},
        {CLIENT_TYPE_BOOLEAN, 0, 0},
        {CLIENT_TYPE_INTEGER, 0, 0},
        {CLIENT_TYPE_LONG_BOXED, 0, 0},
        {CLIENT_TYPE_OBJECT, 0, 0},
        {CLIENT_TYPE_COLLECTION, CLIENT_TYPE_OBJECT, 0},
        {CLIENT_TYPE_MAP, CLIENT_TYPE_OBJECT, CLIENT_TYPE_OBJECT},
    };
    for (size_t i = 0; i < sizeof types / sizeof *types; i++) {
        const char *known = client_type_descriptor(&types[i]);
        if (strlen(known) == len && !strncmp(known, d, len)) {
            *out = types[i];
            return true;
        }
    }
    return false;
}

/* Gives method [m], which has a descriptor but no "parameters", the spec types of the
 * descriptor's parameters [dp]; fails at [path] on a type porcheck does not pass by itself. */
static client_status params_from_descriptor(const loader *ld, const descriptor_params *dp,
                                            const char *path, client_method *m)
{
    client_type *types = base_arena_alloc(&ld->spec->arena, (dp->count + 1) * sizeof *types);
    if (!types) return spec_nomem(ld);
    for (size_t i = 0; i < dp->count; i++) {
        size_t len = field_type_length(dp->types[i]);
        if (!type_of_descriptor(dp->types[i], len, &types[i]))
            return spec_error(ld, path,
                              "parameter %zu, %.*s, is not a type porcheck passes by itself "
                              "(I, J, Z, Integer, Long, Object, Collection, Map): add "
                              "\"parameters\" with the spec types to pass",
                              i + 1, (int)len, dp->types[i]);
    }
    m->params = types;
    m->param_count = dp->count;
    return CLIENT_OK;
}

/* Reads the optional "descriptor" of method [m] at [path] (its "parameters", when given, read
 * already into [m]; [has_params] says whether they were): well-formed, as many parameters. */
static client_status parse_descriptor(const loader *ld, json_t *j, const char *path,
                                      bool has_params, client_method *m)
{
    char sub[PATH_MAX_LEN];
    subpath(sub, "%s.descriptor", path);
    client_status s = opt_string(ld, j, "descriptor", path, &m->descriptor);
    if (s || !m->descriptor) return s;
    descriptor_params dp;
    if (!split_descriptor(m->descriptor, &dp))
        return spec_error(ld, sub,
                          "malformed method descriptor '%s' (write it as javap -s prints it, "
                          "e.g. \"(Ljava/lang/Integer;)Z\")",
                          m->descriptor);
    if (dp.count > CLIENT_MAX_ARGS)
        return spec_error(ld, sub, "more than %d parameters", CLIENT_MAX_ARGS);
    if (!has_params) return params_from_descriptor(ld, &dp, sub, m);
    if (dp.count != m->param_count)
        return spec_error(ld, sub, "%s takes %zu parameter%s but \"parameters\" lists %zu",
                          m->descriptor, dp.count, dp.count == 1 ? "" : "s", m->param_count);
    return CLIENT_OK;
}

/* ---- Methods --------------------------------------------------------------------------------- */

/* Writes the arities of bit set [arities] as "1 parameter", "1 or 2 parameters" into [buf]. */
static void arity_text(unsigned arities, char *buf, size_t size)
{
    base_textbuf out = base_textbuf_make(buf, size);
    unsigned last = 0, count = 0;
    for (unsigned n = 0; n < 8 * sizeof arities; n++) {
        if (!(arities >> n & 1u)) continue;
        bool final = !(arities >> n >> 1);
        base_textbuf_printf(&out, "%s%u", !count ? "" : final ? " or " : ", ", n);
        last = n, count++;
    }
    base_textbuf_printf(&out, " parameter%s", count == 1 && last == 1 ? "" : "s");
}

/* Reads the optional "adt" of method [m] at [path]: the name of a method of the spec's ADT
 * model with as many parameters, which [m] runs as on the model. */
static client_status parse_adt_method(const loader *ld, json_t *j, const char *path,
                                      client_method *m)
{
    char sub[PATH_MAX_LEN], names[600];
    subpath(sub, "%s.adt", path);
    client_status s = opt_string(ld, j, "adt", path, &m->adt_method);
    client_adt adt = ld->spec->adt;
    if (s || !m->adt_method) return s;
    if (adt == CLIENT_ADT_NONE)
        return spec_error(ld, sub,
                          "maps '%s' onto the ADT model's '%s', but the spec names no "
                          "\"adt\" model",
                          m->name, m->adt_method);
    unsigned arities = client_adt_arities(adt, m->adt_method);
    if (!arities) {
        base_textbuf list = base_textbuf_make(names, sizeof names);
        client_adt_method_names(adt, &list);
        return spec_error(ld, sub, "the %s model has no method '%s' (it has %s)",
                          client_adt_name(adt), m->adt_method, names);
    }
    if (m->param_count < 8 * sizeof arities && (arities >> m->param_count & 1u)) return CLIENT_OK;
    char takes[64];
    arity_text(arities, takes, sizeof takes);
    return spec_error(ld, sub, "the %s model's %s takes %s, %s has %zu", client_adt_name(adt),
                      m->adt_method, takes, m->name, m->param_count);
}

/* True when [s] is a Java identifier. */
static bool is_identifier(const char *s)
{
    if (!*s || !(isalpha((unsigned char)*s) || *s == '_' || *s == '$')) return false;
    for (s++; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_' || *s == '$')) return false;
    return true;
}

/* Reads method [i] of "methods" into [m]. */
static client_status parse_method(const loader *ld, json_t *j, size_t i, client_method *m)
{
    char path[PATH_MAX_LEN], sub[PATH_MAX_LEN];
    subpath(path, "$.methods[%zu]", i);
    if (!json_is_object(j)) return spec_error(ld, path, "a method is a JSON object");
    client_status s = check_keys(ld, j, path, method_keys, "a method");
    if (s) return s;
    if ((s = opt_string(ld, j, "name", path, &m->name))) return s;
    if (s) return s;
    if (!m->name) return spec_error(ld, path, "missing \"name\"");
    if (!is_identifier(m->name))
        return spec_error(ld, path, "\"name\" '%s' is not a Java method name", m->name);
    json_t *params = json_object_get(j, "parameters");
    subpath(sub, "%s.parameters", path);
    if (params && (s = parse_types(ld, params, sub, &m->params, &m->param_count))) return s;
    if ((s = parse_descriptor(ld, j, path, params != NULL, m)) ||
        (s = parse_adt_method(ld, j, path, m)))
        return s;
    if ((s = opt_bool(ld, j, "void", path, &m->is_void)) ||
        (s = opt_bool(ld, j, "readonly", path, &m->readonly)) ||
        (s = opt_bool(ld, j, "trusted", path, &m->trusted)) ||
        (s = opt_bool(ld, j, "nonAtomic", path, &m->non_atomic)) ||
        (s = opt_string(ld, j, "visibility", path, &m->visibility)))
        return s;
    return parse_harness(ld, j, path, &m->harness);
}

/* Records the warning that $.methods[dup] repeats $.methods[first] and is left out. */
static client_status duplicate_method(const loader *ld, size_t dup, size_t first)
{
    char path[PATH_MAX_LEN];
    subpath(path, "$.methods[%zu]", dup);
    char key[64];
    snprintf(key, sizeof key, "the same method as $.methods[%zu], ignored", first);
    return record_warning(ld, path, key);
}

/* Reads "methods": a non-empty array without two methods of one name and arity; a method that
 * repeats an earlier one exactly (as some of Violat's specs do) is left out with a warning. */
static client_status parse_methods(const loader *ld, json_t *root)
{
    json_t *methods = json_object_get(root, "methods");
    if (!methods) return spec_error(ld, "$", "missing \"methods\"");
    if (!json_is_array(methods) || json_array_size(methods) == 0)
        return spec_error(ld, "$.methods", "expected a non-empty array of methods");
    size_t n = json_array_size(methods), kept = 0;
    client_method *ms = base_arena_alloc(&ld->spec->arena, n * sizeof *ms);
    if (!ms) return spec_nomem(ld);
    for (size_t i = 0; i < n; i++) {
        client_status s = parse_method(ld, json_array_get(methods, i), i, &ms[kept]);
        if (s) return s;
        ms[kept].json_index = i;
        size_t k = 0;
        while (k < kept &&
               (strcmp(ms[k].name, ms[kept].name) || ms[k].param_count != ms[kept].param_count))
            k++;
        if (k == kept) {
            kept++;
            continue;
        }
        size_t first = ms[k].json_index;
        if (json_equal(json_array_get(methods, first), json_array_get(methods, i))) {
            if ((s = duplicate_method(ld, i, first))) return s;
            continue;
        }
        char path[PATH_MAX_LEN];
        subpath(path, "$.methods[%zu]", i);
        return spec_error(ld, path,
                          "%s with %zu parameter%s is already $.methods[%zu] (methods may be "
                          "overloaded by arity only: remove or rename one)",
                          ms[kept].name, ms[kept].param_count, ms[kept].param_count == 1 ? "" : "s",
                          first);
    }
    ld->spec->methods = ms;
    ld->spec->method_count = kept;
    return CLIENT_OK;
}

/* Reads "adt" into the spec. */
static client_status parse_adt(const loader *ld, json_t *root)
{
    json_t *j = json_object_get(root, "adt");
    if (!j) return CLIENT_OK;
    if (json_is_string(j))
        for (client_adt a = CLIENT_ADT_SET; a <= CLIENT_ADT_REGISTER; a++)
            if (!strcmp(json_string_value(j), client_adt_name(a))) {
                ld->spec->adt = a;
                return CLIENT_OK;
            }
    return spec_error(ld, "$.adt",
                      "expected one of set, map, queue, deque, stack, counter, "
                      "register");
}

/* Reads "visible": class names or package prefixes, stored slashed. */
static client_status parse_visible(const loader *ld, json_t *root)
{
    json_t *j = json_object_get(root, "visible");
    if (!j) return CLIENT_OK;
    if (!json_is_array(j)) return spec_error(ld, "$.visible", "expected an array of class names");
    size_t n = json_array_size(j);
    const char **names = base_arena_alloc(&ld->spec->arena, (n ? n : 1) * sizeof *names);
    if (!names) return spec_nomem(ld);
    for (size_t i = 0; i < n; i++) {
        json_t *e = json_array_get(j, i);
        char path[PATH_MAX_LEN];
        subpath(path, "$.visible[%zu]", i);
        if (!json_is_string(e) || json_string_length(e) == 0)
            return spec_error(ld, path, "expected a class name or package prefix");
        char *copy =
            base_arena_strndup(&ld->spec->arena, json_string_value(e), json_string_length(e));
        if (!copy) return spec_nomem(ld);
        for (char *c = copy; *c; c++)
            if (*c == '.') *c = '/';
        names[i] = copy;
    }
    ld->spec->visible = names;
    ld->spec->visible_count = n;
    return CLIENT_OK;
}

/* Reads the whole spec object. */
static client_status parse_root(const loader *ld, json_t *root)
{
    if (!json_is_object(root)) return spec_error(ld, "$", "a spec is a JSON object");
    client_status s = check_keys(ld, root, "$", root_keys, "a spec");
    if (s) return s;
    if ((s = opt_string(ld, root, "class", "$", &ld->spec->class_name))) return s;
    if (!ld->spec->class_name || !*ld->spec->class_name)
        return spec_error(ld, "$", "missing \"class\"");
    if ((s = parse_adt(ld, root)) || (s = parse_constructor(ld, root)) ||
        (s = parse_harness(ld, root, "$", &ld->spec->harness)) || (s = parse_visible(ld, root)))
        return s;
    return parse_methods(ld, root);
}

/* ---- Entry points ---------------------------------------------------------------------------- */

client_status client_spec_parse_bytes(const char *path, client_bytes json, client_spec **out,
                                      client_error *err)
{
    *out = NULL;
    client_status s = client_text_check(path, json.data, json.len, err);
    if (s) return s;
    json_error_t jerr;
    json_t *root = json_loadb(json.data, json.len, JSON_REJECT_DUPLICATES, &jerr);
    if (!root)
        return client_fail(err, CLIENT_ERR_JSON, "%s:%d:%d: %s", path, jerr.line, jerr.column,
                           jerr.text);
    client_spec *spec = base_calloc(1, sizeof *spec);
    s = CLIENT_ERR_NOMEM;
    if (spec) {
        base_arena_init(&spec->arena);
        loader ld = {path, spec, err};
        spec->path = base_arena_strndup(&spec->arena, path, strlen(path));
        s = spec->path ? parse_root(&ld, root) : spec_nomem(&ld);
    } else {
        client_fail(err, s, "%s: out of memory loading the spec", path);
    }
    json_decref(root);
    if (s) {
        client_spec_free(spec);
        return s;
    }
    *out = spec;
    return CLIENT_OK;
}

client_status client_spec_parse(const char *path, const char *json, client_spec **out,
                                client_error *err)
{
    return client_spec_parse_bytes(path, (client_bytes){json, strlen(json)}, out, err);
}

client_status client_spec_load(const char *path, client_spec **out, client_error *err)
{
    char *text;
    size_t len;
    *out = NULL;
    client_status s = client_read_input_file(path, &text, &len, err);
    if (s) return s;
    s = client_spec_parse_bytes(path, (client_bytes){text, len}, out, err);
    base_free(text);
    return s;
}

void client_spec_free(client_spec *spec)
{
    if (!spec) return;
    base_arena_release(&spec->arena);
    base_free(spec);
}

long client_spec_lookup(const client_spec *spec, const char *name, size_t len, size_t arity,
                        bool *named)
{
    *named = false;
    for (size_t i = 0; i < spec->method_count; i++) {
        const client_method *m = &spec->methods[i];
        if (strlen(m->name) != len || memcmp(m->name, name, len)) continue;
        *named = true;
        if (m->param_count == arity) return (long)i;
    }
    return -1;
}

long client_spec_find_method(const client_spec *spec, const char *name, size_t arity)
{
    bool named;
    return client_spec_lookup(spec, name, strlen(name), arity, &named);
}

/* True when [name] is [entry] or lies under it (a nested class or a package member). */
static bool under(const char *name, const char *entry)
{
    size_t n = strlen(entry);
    if (entry[n - 1] == '/') return !strncmp(name, entry, n);
    return !strncmp(name, entry, n) && (name[n] == '\0' || name[n] == '$' || name[n] == '/');
}

bool client_spec_is_visible(const client_spec *spec, const char *binary_name)
{
    for (size_t i = 0; i < spec->visible_count; i++)
        if (under(binary_name, spec->visible[i])) return true;
    if (spec->visible_count) return false;
    char cls[512];
    subpath(cls, "%s", spec->class_name);
    for (char *c = cls; *c; c++)
        if (*c == '.') *c = '/';
    return under(binary_name, cls) || under(binary_name, "java/util/concurrent");
}
