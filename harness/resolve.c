/* harness: a spec resolved against its class when it is loaded, before any client runs: the
 * constructor and every method found as the harness will call them (by the spec's "descriptor",
 * else by name and arity, the spec's parameter types first), "void" checked against each
 * method's return type, and return types whose results would be identity hashes rejected; how
 * each method was bound (and among how many overloads) goes back to the caller for the report. */
#include <stdio.h>
#include <string.h>

#include "impl.h"

/* Returns a value of the kind a client passes for parameter type [t]. */
static client_value placeholder(const client_type *t)
{
    switch (t->kind) {
    case CLIENT_TYPE_BOOLEAN:
        return (client_value){.kind = CLIENT_VAL_BOOL};
    case CLIENT_TYPE_COLLECTION:
        return (client_value){.kind = CLIENT_VAL_LIST};
    case CLIENT_TYPE_MAP:
        return (client_value){.kind = CLIENT_VAL_MAP};
    default:
        return (client_value){.kind = CLIENT_VAL_INT};
    }
}

/* What resolution works with: the vm holding the class, the spec and where errors go. */
typedef struct resolver {
    vm *machine;
    const client_spec *spec;
    client_error *err;
} resolver;

/* One method to find: its name ("<init>": the constructor), parameter types, descriptor (NULL
 * when the spec gives none) and JSON path. */
typedef struct wanted {
    const char *name;
    const client_type *types;
    size_t count;
    const char *descriptor;
    const char *path;
} wanted;

/* Finds method [w] into [sig]; on failure fills the error with "FILE: PATH: message". */
static client_status find(const resolver *r, const wanted *w, harness_vm_sig *sig)
{
    harness_vm_arg args[CLIENT_MAX_ARGS];
    for (size_t i = 0; i < w->count; i++) {
        client_value v = placeholder(&w->types[i]);
        harness_arg(&w->types[i], &v, &args[i]);
    }
    harness_vm_call call = {w->name, w->count, args, false, w->descriptor};
    vm_error verr = {0};
    if (harness_signature(r->machine, r->spec->class_name, &call, sig, &verr) == VM_OK)
        return CLIENT_OK;
    const char *msg = harness_vm_message(verr.message);
    const char *path = w->path;
    if (strstr(msg, " is not on the class path") || strstr(msg, " is abstract or an interface"))
        path = "$.class";
    return client_fail(r->err, verr.status == VM_ERR_NOMEM ? CLIENT_ERR_NOMEM : CLIENT_ERR_SPEC,
                       "%s: %s: %s", r->spec->path, path, msg);
}

/* Checks that method [i] of [spec], found as [sig], agrees with "void" and has results that
 * print as values. */
static client_status check_result(const client_spec *spec, size_t i, const harness_vm_sig *sig,
                                  client_error *err)
{
    const client_method *m = &spec->methods[i];
    bool is_void = sig->kind == HARNESS_RETURN_VOID;
    const char *why = NULL;
    char text[700];
    if (m->is_void && !is_void)
        snprintf(text, sizeof text, "'%s' is void in the spec but returns %s in %s", m->name,
                 sig->return_type, spec->class_name),
            why = text;
    else if (!m->is_void && is_void)
        snprintf(text, sizeof text, "'%s' is void in %s but the spec does not say \"void\": true",
                 m->name, spec->class_name),
            why = text;
    else if (!m->is_void && sig->kind == HARNESS_RETURN_OPAQUE)
        snprintf(text, sizeof text,
                 "'%s' returns %s, whose class does not override toString: its results would be "
                 "identity hashes, not values",
                 m->name, sig->return_type),
            why = text;
    if (!why) return CLIENT_OK;
    return client_fail(err, CLIENT_ERR_SPEC, "%s: $.methods[%zu]: %s", spec->path, m->json_index,
                       why);
}

/* Records in [out] how method [m] was bound, found as [sig]. */
static void record_binding(const client_method *m, const harness_vm_sig *sig, harness_binding *out)
{
    snprintf(out->descriptor, sizeof out->descriptor, "%s", sig->descriptor);
    out->overloads = sig->overloads;
    out->pinned = m->descriptor != NULL;
}

/* Resolves the constructor and the methods of [r]'s spec, recording each method's binding in
 * [bindings] when it is not NULL. */
static client_status resolve_all(const resolver *r, harness_binding *bindings)
{
    const client_spec *spec = r->spec;
    harness_vm_sig sig;
    wanted ctor = {"<init>", spec->ctor_params, spec->ctor_param_count, NULL,
                   spec->ctor_param_count ? "$.parameters" : "$"};
    client_status st = find(r, &ctor, &sig);
    for (size_t i = 0; !st && i < spec->method_count; i++) {
        const client_method *m = &spec->methods[i];
        char path[64];
        snprintf(path, sizeof path, m->descriptor ? "$.methods[%zu].descriptor" : "$.methods[%zu]",
                 m->json_index);
        wanted w = {m->name, m->params, m->param_count, m->descriptor, path};
        st = find(r, &w, &sig);
        if (!st) st = check_result(spec, i, &sig, r->err);
        if (!st && bindings) record_binding(m, &sig, &bindings[i]);
    }
    return st;
}

client_status harness_spec_resolve(const client_spec *spec, const harness_impl_options *opt,
                                   harness_binding *bindings, client_error *err)
{
    vm_options vo;
    harness_vm_options(opt, &vo);
    vm *machine = NULL;
    vm_error verr = {0};
    if (vm_new(&vo, &machine, &verr) != VM_OK) return harness_vm_error(&verr, err);
    resolver r = {machine, spec, err};
    client_status st = resolve_all(&r, bindings);
    vm_free(machine);
    return st;
}
