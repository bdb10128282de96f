/* clients: the ADT reference models as sequential objects (client_object_ops): state,
 * reset, invocation dispatch, fingerprints and snapshots. The semantics are in adt_ops.c. */
#include <string.h>
#include <xxhash.h>

#include "adt.h"

/* A saved ADT state. */
struct client_snapshot {
    adt_state state;
};

/* Copies [from] into [to], reusing [to]'s buffer; false when out of memory. */
static bool copy_state(adt_state *to, const adt_state *from)
{
    size_t need = from->cap;
    if (to->cap < need) {
        int64_t *items = base_realloc(to->items, need * sizeof *items);
        if (!items) return false;
        to->items = items;
        to->cap = need;
    }
    if (from->cap) memcpy(to->items, from->items, from->cap * sizeof *to->items);
    to->count = from->count;
    to->has_value = from->has_value;
    to->value = from->value;
    return true;
}

/* Slots per element of [adt]'s item array. */
static size_t per_element(client_adt adt)
{
    return adt == CLIENT_ADT_MAP ? 2 : 1;
}

/* Makes the model's state the initial one (client_object_ops.reset). */
static client_status adt_reset(void *self, client_error *err)
{
    adt_object *obj = self;
    if (!copy_state(&obj->state, &obj->initial))
        return client_fail(err, CLIENT_ERR_NOMEM, "out of memory resetting the model");
    return CLIENT_OK;
}

/* Returns the name of the model's method that [m] runs as: its "adt", else its own name. */
static const char *model_name(const client_method *m)
{
    return m->adt_method ? m->adt_method : m->name;
}

/* Runs one invocation on the model (client_object_ops.invoke). */
static client_status adt_invoke(void *self, const client *c, const client_invocation *inv,
                                client_value *out, client_error *err)
{
    adt_object *obj = self;
    const client_method *m = &c->spec->methods[inv->method];
    adt_op op = obj->ops[inv->method];
    if (op == OP_UNSUPPORTED)
        return client_fail(err, CLIENT_ERR_UNSUPPORTED,
                           "%s: $.methods[%zu]: the %s model has no method %s with %zu parameter%s "
                           "(map the method onto one with \"adt\": \"NAME\")",
                           c->spec->path, m->json_index, client_adt_name(obj->adt), model_name(m),
                           m->param_count, m->param_count == 1 ? "" : "s");
    if (client_adt_blocks(obj, op))
        return client_fail(err, CLIENT_ERR_BLOCKED, "%s on the %s model: waits for ever", m->name,
                           client_adt_name(obj->adt));
    if (!client_adt_apply(obj, op, inv->args, out))
        return client_fail(err, CLIENT_ERR_NOMEM, "out of memory running %s", m->name);
    if (m->is_void && out->kind != CLIENT_VAL_EXCEPTION) *out = (client_value){CLIENT_VAL_VOID};
    return CLIENT_OK;
}

/* Hashes the model's state (client_object_ops.fingerprint). */
static client_fp adt_fingerprint(const void *self)
{
    const adt_object *obj = self;
    const adt_state *s = &obj->state;
    int64_t header[4] = {obj->adt, (int64_t)s->count, s->has_value, s->value};
    uint64_t seed = XXH3_64bits(header, sizeof header);
    size_t bytes = s->count * per_element(obj->adt) * sizeof *s->items;
    XXH128_hash_t h = XXH3_128bits_withSeed(bytes ? (const void *)s->items : "", bytes, seed);
    return (client_fp){h.low64, h.high64};
}

/* Copies the model's state (client_object_ops.save). */
static client_snapshot *adt_save(void *self)
{
    adt_object *obj = self;
    client_snapshot *snap = base_calloc(1, sizeof *snap);
    if (snap && !copy_state(&snap->state, &obj->state)) {
        base_free(snap);
        return NULL;
    }
    return snap;
}

/* Copies a saved state back (client_object_ops.restore). */
static void adt_restore(void *self, const client_snapshot *snap)
{
    adt_object *obj = self;
    adt_state *s = &obj->state;
    /* the object's buffer is never smaller than a snapshot of it: buffers only grow */
    if (snap->state.count) {
        size_t n = snap->state.count * per_element(obj->adt);
        memcpy(s->items, snap->state.items, n * sizeof *s->items);
    }
    s->count = snap->state.count;
    s->has_value = snap->state.has_value;
    s->value = snap->state.value;
}

/* Frees a saved state (client_object_ops.release). */
static void adt_release(void *self, client_snapshot *snap)
{
    (void)self;
    if (!snap) return;
    base_free(snap->state.items);
    base_free(snap);
}

/* Frees the model (client_object_ops.destroy). */
static void adt_destroy(void *self)
{
    adt_object *obj = self;
    if (!obj) return;
    base_free(obj->ops);
    base_free(obj->state.items);
    base_free(obj->initial.items);
    base_free(obj);
}

/* The ADT models' sequential-object functions. */
static const client_object_ops adt_ops = {
    adt_reset, adt_invoke, adt_fingerprint, adt_save, adt_restore, adt_release, adt_destroy,
};

/* Sets the initial value of a counter (0) or register (null), or the spec's first constructor
 * argument when it is an int. */
static void initial_value(const client_spec *spec, adt_state *initial)
{
    initial->has_value = spec->adt == CLIENT_ADT_COUNTER;
    initial->value = 0;
    if (spec->ctor_param_count && spec->ctor_args[0].kind == CLIENT_VAL_INT &&
        (spec->adt == CLIENT_ADT_COUNTER || spec->adt == CLIENT_ADT_REGISTER)) {
        initial->has_value = true;
        initial->value = spec->ctor_args[0].i;
    }
}

client_status client_adt_new(const client_spec *spec, client_object *out, client_error *err)
{
    memset(out, 0, sizeof *out);
    if (spec->adt == CLIENT_ADT_NONE)
        return client_fail(err, CLIENT_ERR_SPEC, "%s: the spec names no \"adt\" reference model",
                           spec->path);
    adt_object *obj = base_calloc(1, sizeof *obj);
    adt_op *ops = base_calloc(spec->method_count, sizeof *ops);
    if (!obj || !ops) {
        base_free(obj);
        base_free(ops);
        return client_fail(err, CLIENT_ERR_NOMEM, "out of memory creating the %s model",
                           client_adt_name(spec->adt));
    }
    obj->spec = spec;
    obj->adt = spec->adt;
    obj->ops = ops;
    for (size_t i = 0; i < spec->method_count; i++)
        ops[i] = client_adt_lookup(spec->adt, model_name(&spec->methods[i]),
                                   spec->methods[i].param_count);
    initial_value(spec, &obj->initial);
    initial_value(spec, &obj->state);
    *out = (client_object){&adt_ops, obj};
    return CLIENT_OK;
}

bool client_adt_supports(const client_spec *spec, const client_method *m)
{
    return client_adt_lookup(spec->adt, model_name(m), m->param_count) != OP_UNSUPPORTED;
}

void client_object_free(client_object *obj)
{
    if (obj->ops && obj->self) obj->ops->destroy(obj->self);
    obj->ops = NULL;
    obj->self = NULL;
}
