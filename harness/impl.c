/* harness: the implementation in porcheck's VM. A client becomes a harness_vm_client (the class
 * under test, constructor arguments and invocations in canonical order, each argument with the
 * parameter type the spec declares); the implementation oracle is a client_object over a
 * harness_oracle, which runs the real class sequentially, one invocation at a time, with the VM's
 * snapshots and an id-independent fingerprint of the object (Violat's method). */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "impl.h"

/* ---- Clients for the harness ----------------------------------------------------------------- */

/* True for the type kinds whose values are longs. */
static bool is_long(client_type_kind k)
{
    return k == CLIENT_TYPE_LONG || k == CLIENT_TYPE_LONG_BOXED;
}

void harness_arg(const client_type *type, const client_value *v, harness_vm_arg *out)
{
    memset(out, 0, sizeof *out);
    out->descriptor = client_type_descriptor(type);
    out->value = v->i;
    out->count = v->count;
    out->items = v->items;
    if (v->kind == CLIENT_VAL_NULL)
        out->kind = HARNESS_ARG_NULL;
    else if (v->kind == CLIENT_VAL_LIST || v->kind == CLIENT_VAL_MAP)
        out->kind = v->kind == CLIENT_VAL_LIST ? HARNESS_ARG_LIST : HARNESS_ARG_MAP;
    else if (type->kind == CLIENT_TYPE_BOOLEAN || v->kind == CLIENT_VAL_BOOL)
        out->kind = HARNESS_ARG_BOOLEAN;
    else
        out->kind = is_long(type->kind) ? HARNESS_ARG_LONG : HARNESS_ARG_INT;
    out->long_items = is_long(type->element);
}

/* Converts the [n] arguments [values] of parameter types [types] into a new array in [arena]. */
static const harness_vm_arg *convert_args(base_arena *arena, const client_type *types,
                                          const client_value *values, size_t n)
{
    harness_vm_arg *args = base_arena_alloc(arena, (n ? n : 1) * sizeof *args);
    for (size_t i = 0; args && i < n; i++) harness_arg(&types[i], &values[i], &args[i]);
    return args;
}

client_status harness_client_init(const client *c, harness_client *out, client_error *err)
{
    memset(out, 0, sizeof *out);
    base_arena_init(&out->arena);
    const client_spec *spec = c->spec;
    harness_vm_client *hc = &out->hc;
    hc->class_name = spec->class_name;
    hc->ctor_arg_count = spec->ctor_param_count;
    hc->ctor_args =
        convert_args(&out->arena, spec->ctor_params, spec->ctor_args, spec->ctor_param_count);
    hc->prefix_count = c->has_prefix ? c->prefix.count : 0;
    hc->suffix_count = c->has_suffix ? c->suffix.count : 0;
    hc->thread_count = c->thread_count;
    for (size_t t = 0; t < c->thread_count; t++) out->thread_calls[t] = c->threads[t].count;
    hc->thread_calls = out->thread_calls;
    hc->call_count = c->invocation_count;
    hc->calls = out->calls;
    bool ok = hc->ctor_args != NULL;
    for (size_t i = 0; ok && i < c->invocation_count; i++) {
        const client_invocation *inv = c->order[i];
        const client_method *m = &spec->methods[inv->method];
        out->calls[i].method = m->name;
        out->calls[i].arg_count = inv->arg_count;
        out->calls[i].discard = m->is_void;
        out->calls[i].descriptor = m->descriptor;
        ok = (out->calls[i].args =
                  convert_args(&out->arena, m->params, inv->args, inv->arg_count)) != NULL;
    }
    if (ok) return CLIENT_OK;
    harness_client_free(out);
    return client_fail(err, CLIENT_ERR_NOMEM, "out of memory");
}

void harness_client_free(harness_client *hc)
{
    base_arena_release(&hc->arena);
}

void harness_vm_options(const harness_impl_options *opt, vm_options *out)
{
    memset(out, 0, sizeof *out);
    out->classpath = opt->classpath;
    out->model_path = opt->model_path;
    out->assertions = true;
}

const char *harness_vm_message(const char *message)
{
    return strncmp(message, "error: ", 7) ? message : message + 7;
}

client_status harness_vm_error(const vm_error *verr, client_error *err)
{
    const char *msg = harness_vm_message(verr->message);
    client_status st = verr->status == VM_ERR_NOMEM       ? CLIENT_ERR_NOMEM
                       : verr->status == VM_ERR_BAD_INPUT ? CLIENT_ERR_SPEC
                                                          : CLIENT_ERR_OBJECT;
    return client_fail(err, st, "%s", msg);
}

bool harness_value(const harness_result *r, client_value *out)
{
    static const client_value_kind kinds[] = {
        [HARNESS_RESULT_VOID] = CLIENT_VAL_VOID, [HARNESS_RESULT_NULL] = CLIENT_VAL_NULL,
        [HARNESS_RESULT_BOOL] = CLIENT_VAL_BOOL, [HARNESS_RESULT_INT] = CLIENT_VAL_INT,
        [HARNESS_RESULT_TEXT] = CLIENT_VAL_TEXT, [HARNESS_RESULT_THROWN] = CLIENT_VAL_EXCEPTION,
    };
    memset(out, 0, sizeof *out);
    if (r->kind == HARNESS_RESULT_NONE) return false;
    out->kind = kinds[r->kind];
    out->i = r->value;
    out->text = r->text;
    return true;
}

/* Checks class-path entry [entry]: a directory, or a regular file that starts like a zip
 * archive. */
static client_status check_entry(const char *entry, client_error *err)
{
    struct stat st;
    if (stat(entry, &st) == 0 && S_ISDIR(st.st_mode)) return CLIENT_OK;
    if (stat(entry, &st) == 0 && !S_ISREG(st.st_mode)) /* a FIFO would block in fopen */
        return client_fail(err, CLIENT_ERR_IO, "%s: not a regular file", entry);
    FILE *f = fopen(entry, "rb");
    if (!f) return client_fail(err, CLIENT_ERR_IO, "%s: cannot open the jar", entry);
    unsigned char magic[2] = {0, 0};
    size_t got = fread(magic, 1, sizeof magic, f);
    fclose(f);
    if (got != sizeof magic || magic[0] != 'P' || magic[1] != 'K')
        return client_fail(err, CLIENT_ERR_IO, "%s: not a jar (no zip header)", entry);
    return CLIENT_OK;
}

client_status harness_classpath_check(const char *classpath, client_error *err)
{
    char entry[4096];
    for (const char *p = classpath; *p;) {
        size_t n = strcspn(p, ":");
        snprintf(entry, sizeof entry, "%.*s", (int)n, p);
        client_status st = n ? check_entry(entry, err)
                             : client_fail(err, CLIENT_ERR_IO, "empty entry in the class path");
        if (st) return st;
        p += n + (p[n] == ':');
    }
    return CLIENT_OK;
}

/* ---- The implementation oracle --------------------------------------------------------------- */

/* One oracle: the VM running the class under test and the client it was built for. */
typedef struct impl {
    harness_oracle *oracle;
    const client *c;
    por_snapshot *root;    /* right after the constructor */
    bool broken;           /* a restore was refused: the state is unknown */
    harness_result result; /* the last result (its text backs the client_value) */
} impl;

/* client_object_ops.reset: back to the state right after the constructor. */
static client_status impl_reset(void *self, client_error *err)
{
    impl *o = self;
    if (!harness_oracle_restore(o->oracle, o->root) || o->broken)
        return client_fail(err, CLIENT_ERR_OBJECT, "the oracle's snapshot was lost");
    return CLIENT_OK;
}

/* client_object_ops.invoke: runs [inv] on the implementation. */
static client_status impl_invoke(void *self, const client *c, const client_invocation *inv,
                                 client_value *out, client_error *err)
{
    impl *o = self;
    char label[256];
    if (c != o->c)
        return client_fail(err, CLIENT_ERR_ARG, "the oracle was built for another client");
    if (o->broken)
        return client_fail(err, CLIENT_ERR_OBJECT, "a snapshot was restored out of order");
    vm_error verr = {0};
    if (harness_oracle_invoke(o->oracle, inv->index, &o->result, &verr) != VM_OK) {
        client_column_label(c, inv->index, label, sizeof label);
        const char *msg = harness_vm_message(verr.message);
        if (verr.status == VM_ERR_BAD_INPUT) /* a result that cannot be recorded */
            return client_fail(err, CLIENT_ERR_SPEC, "%s: $.methods[%zu]: %s", c->spec->path,
                               c->spec->methods[inv->method].json_index, msg);
        client_status st = verr.status == VM_ERR_NOMEM      ? CLIENT_ERR_NOMEM
                           : verr.status == VM_ERR_DEADLOCK ? CLIENT_ERR_BLOCKED
                                                            : CLIENT_ERR_OBJECT;
        return client_fail(err, st, "%s run sequentially: %s", label, msg);
    }
    harness_value(&o->result, out);
    return CLIENT_OK;
}

/* client_object_ops.fingerprint. */
static client_fp impl_fingerprint(const void *self)
{
    const impl *o = self;
    por_fp fp = harness_oracle_fingerprint(o->oracle);
    client_fp out = {fp.lo, fp.hi};
    return out;
}

/* client_object_ops.save: a VM snapshot, seen by the enumerator as an opaque pointer. */
static client_snapshot *impl_save(void *self)
{
    impl *o = self;
    return (client_snapshot *)harness_oracle_save(o->oracle);
}

/* client_object_ops.restore. */
static void impl_restore(void *self, const client_snapshot *snap)
{
    impl *o = self;
    if (!harness_oracle_restore(o->oracle, (const por_snapshot *)snap)) o->broken = true;
}

/* client_object_ops.release. */
static void impl_release(void *self, client_snapshot *snap)
{
    impl *o = self;
    harness_oracle_release(o->oracle, (por_snapshot *)snap);
}

/* client_object_ops.destroy. */
static void impl_destroy(void *self)
{
    impl *o = self;
    if (o->root) harness_oracle_release(o->oracle, o->root);
    harness_oracle_free(o->oracle);
    base_free(o);
}

size_t harness_impl_initialised(const client_object *obj, const char **names, size_t cap)
{
    const impl *o = obj->self;
    return vm_initialised_library_classes(harness_oracle_vm(o->oracle), names, cap);
}

size_t harness_impl_structure_threads(const client_object *obj)
{
    const vm *machine = harness_oracle_vm(((const impl *)obj->self)->oracle);
    size_t n = 0;
    for (uint32_t i = 0; i < vm_thread_count(machine); i++)
        n += !harness_own_thread(machine, i) && vm_thread_state_of(machine, i) != VM_THREAD_NEW &&
             vm_thread_state_of(machine, i) != VM_THREAD_TERMINATED; /* a helper that ran */
    return n;
}

static const client_object_ops impl_ops = {
    impl_reset, impl_invoke, impl_fingerprint, impl_save, impl_restore, impl_release, impl_destroy,
};

client_status harness_impl_new(const client *c, const harness_impl_options *opt, client_object *out,
                               client_error *err)
{
    out->ops = NULL;
    out->self = NULL;
    harness_client hc;
    client_status st = harness_client_init(c, &hc, err);
    if (st) return st;
    impl *o = base_calloc(1, sizeof *o);
    vm_options vo;
    harness_vm_options(opt, &vo);
    vm_error verr = {0};
    if (!o)
        st = client_fail(err, CLIENT_ERR_NOMEM, "out of memory");
    else if (harness_oracle_new(&vo, &hc.hc, opt->budget, &o->oracle, &verr) != VM_OK)
        st = harness_vm_error(&verr, err);
    else if (!(o->root = harness_oracle_save(o->oracle)))
        st = client_fail(err, CLIENT_ERR_NOMEM, "out of memory");
    harness_client_free(&hc);
    if (st) {
        if (o) impl_destroy(o);
        return st;
    }
    o->c = c;
    out->ops = &impl_ops;
    out->self = o;
    return CLIENT_OK;
}
