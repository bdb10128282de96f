/* The client harness at run time: the natives of jdk.internal.porcheck.Harness (stores into its
 * result arrays and a thread start without Thread.start's monitor, none of them a scheduling
 * point except the start), starting a client, reading its results from the Harness statics, and
 * what the interleaving tables of porcheck check need: which invocation a thread is in and what
 * its next transition does. */
#include <stdio.h>

#include "harness.h"
#include "natives.h"

#define FN(name) static int name(vm *machine, vm_thread *t, vm_slot *args, vm_slot *ret)

/* ---- Natives --------------------------------------------------------------------------------- */

/* Returns the element [i] of array [h] for writing, or NULL after throwing. */
static void *element_w(vm *machine, vm_thread *t, uint32_t h, int32_t i)
{
    if (!h) return native_npe(machine, t), NULL;
    if (i < 0 || (uint32_t)i >= vm_obj(machine, h)->length) {
        vm_throw(machine, t, "java/lang/ArrayIndexOutOfBoundsException", "Index %d out of bounds",
                 i);
        return NULL;
    }
    vm_object *a = vm_obj_w(machine, h);
    return (uint8_t *)VM_ELEMS(a) + (size_t)i * a->cls->elem_size;
}

/* Harness.put(int[], int, int). */
FN(put_int)
{
    (void)ret;
    int32_t *e = element_w(machine, t, args[0].ref, args[1].i);
    if (!e) return native_thrown(machine);
    *e = args[2].i;
    return VM_NATIVE_OK;
}

/* Harness.put(long[], int, long). */
FN(put_long)
{
    (void)ret;
    int64_t *e = element_w(machine, t, args[0].ref, args[1].i);
    if (!e) return native_thrown(machine);
    int64_t v = vm_get_long(&args[2]);
    memcpy(e, &v, sizeof v);
    return VM_NATIVE_OK;
}

/* Harness.put(Object[], int, Object). */
FN(put_ref)
{
    (void)ret;
    uint32_t *e = element_w(machine, t, args[0].ref, args[1].i);
    if (!e) return native_thrown(machine);
    *e = args[2].ref;
    return VM_NATIVE_OK;
}

/* Harness.nameOf(Object): the dotted binary name of the object's class as a new String. */
FN(name_of)
{
    if (!args[0].ref) return native_npe(machine, t);
    char name[1024];
    vm_dotted_name(vm_obj(machine, args[0].ref)->cls, name, sizeof name);
    ret->ref = vm_new_string(machine, t, name);
    return ret->ref ? VM_NATIVE_OK : VM_NATIVE_FAIL;
}

/* Harness.start(Thread): Thread.start0 on its argument (a START scheduling point). */
FN(start)
{
    uint8_t sync;
    vm_native_fn start0 = vm_find_native("java/lang/Thread", "start0", "()V", &sync);
    if (!args[0].ref) return native_npe(machine, t);
    return start0(machine, t, args, ret);
}

const vm_native vm_natives_harness[] = {
    {"put", "([III)V", put_int},
    {"put", "([JIJ)V", put_long},
    {"put", "([Ljava/lang/Object;ILjava/lang/Object;)V", put_ref},
    {"nameOf", "(Ljava/lang/Object;)Ljava/lang/String;", name_of},
    {"start", "(Ljava/lang/Thread;)V", start},
    {NULL, NULL, NULL},
};

/* ---- Starting a client ----------------------------------------------------------------------- */

/* Starts client [hc] in [mode] ("check" or "oracle"): defines its class and prepares main. */
vm_status vm_harness_start_mode(vm *machine, const vm_harness_client *hc, const char *mode,
                                vm_error *err)
{
    if (hc->thread_count > VM_CHECK_MAX_THREADS - 1)
        return vm_harness_fail(err, VM_ERR_LIMIT, "error: more than %d client threads",
                               VM_CHECK_MAX_THREADS - 1);
    vm_status st = vm_harness_define(machine, hc, err);
    if (st) return st;
    char counts[VM_CHECK_MAX_THREADS + 2][24];
    char *argv[VM_CHECK_MAX_THREADS + 3];
    int argc = 0;
    argv[argc++] = (char *)mode;
    size_t values[VM_CHECK_MAX_THREADS + 2];
    values[0] = hc->prefix_count;
    values[1] = hc->suffix_count;
    for (size_t i = 0; i < hc->thread_count; i++) values[2 + i] = hc->thread_calls[i];
    for (size_t i = 0; i < hc->thread_count + 2; i++) {
        snprintf(counts[i], sizeof counts[i], "%zu", values[i]);
        argv[argc++] = counts[i];
    }
    return vm_start(machine, VM_HARNESS_CLIENT, argc, argv, err);
}

vm_status vm_harness_start(vm *machine, const vm_harness_client *hc, vm_error *err)
{
    return vm_harness_start_mode(machine, hc, "check", err);
}

/* ---- Results --------------------------------------------------------------------------------- */

vm_slot *vm_harness_static(const vm *machine, const char *name)
{
    vm_class *cls = vm_find_loaded(machine, VM_HARNESS_CLASS);
    const vm_field *f = cls ? vm_declared_field(cls, name) : NULL;
    if (!f || !(f->access & CF_ACC_STATIC) || cls->init_state != VM_INIT_DONE) return NULL;
    return &cls->statics[f->offset];
}

/* Returns the elements of Harness array [name] when it has more than [index] of them. */
static const void *result_array(const vm *machine, const char *name, size_t index)
{
    const vm_slot *s = vm_harness_static(machine, name);
    if (!s || !s->ref || vm_obj(machine, s->ref)->length <= index) return NULL;
    return VM_ELEMS(vm_obj(machine, s->ref));
}

bool vm_harness_result(const vm *machine, size_t index, vm_result *out)
{
    memset(out, 0, sizeof *out);
    const int32_t *kinds = result_array(machine, "KINDS", index);
    const int64_t *values = result_array(machine, "VALUES", index);
    const uint32_t *texts = result_array(machine, "TEXTS", index);
    if (!kinds || !values || !texts) return false;
    out->kind = kinds[index] >= 0 && kinds[index] <= VM_RESULT_THROWN ? (vm_result_kind)kinds[index]
                                                                      : VM_RESULT_NONE;
    memcpy(&out->value, &values[index], sizeof out->value);
    if (texts[index]) vm_string_utf8(machine, texts[index], out->text, sizeof out->text);
    return true;
}

/* ---- Traces ---------------------------------------------------------------------------------- */

long vm_harness_call_of(const vm *machine, uint32_t thread)
{
    if (thread >= machine->thread_count) return -1;
    const vm_thread *t = machine->threads[thread];
    for (uint32_t d = t->depth; d-- > 0;) {
        const vm_frame *f = &t->frames[d];
        if (strcmp(f->method->owner->name, VM_HARNESS_CLIENT) || strcmp(f->method->name, "call"))
            continue;
        return t->slots[f->locals + 2].i;
    }
    return -1;
}

/* True when [cls] belongs to the model library or the harness rather than the application. */
static bool library_class(const vm_class *cls)
{
    return vm_is_system_name(cls->name);
}

/* Writes "File.java:line" of frame [f] into [buf]. */
static void frame_line(const vm_frame *f, char *buf, size_t cap)
{
    const vm_method *m = f->method;
    int line = m->code ? cf_line_of(m->code, f->pc) : -1;
    const char *file = m->owner->source_file ? m->owner->source_file : "Unknown Source";
    if (line >= 0)
        snprintf(buf, cap, "%s:%d", file, line);
    else
        snprintf(buf, cap, "%s", file);
}

/* Drops the outer classes of nested class names in [s] ("List$Node" becomes "Node"). */
static void strip_outer(char *s)
{
    char *out = s, *word = s;
    for (const char *p = s; *p; p++) {
        bool ident = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                     (*p >= '0' && *p <= '9') || *p == '_';
        if (*p == '$' && out > word && ((p[1] >= 'A' && p[1] <= 'Z') || (p[1] >= 'a' && p[1] <= 'z'))) {
            out = word;
            continue;
        }
        *out++ = *p;
        if (!ident) word = out;
    }
    *out = '\0';
}

void vm_harness_describe(const vm *machine, uint32_t thread, char *buf, size_t cap)
{
    char next[2048], where[600] = "";
    vm_describe_next(machine, thread, next, sizeof next);
    strip_outer(next);
    const char *action = strstr(next, "): ");
    action = action ? action + 3 : next;
    const vm_thread *t = machine->threads[thread];
    const vm_frame *top = t->depth ? &t->frames[t->depth - 1] : NULL;
    for (uint32_t d = t->depth; d-- > 0;)
        if (!library_class(t->frames[d].method->owner)) {
            frame_line(&t->frames[d], where, sizeof where);
            break;
        }
    if (top && library_class(top->method->owner) && where[0]) {
        const char *slash = strrchr(top->method->owner->name, '/');
        char owner[512];
        snprintf(owner, sizeof owner, "%s", slash ? slash + 1 : top->method->owner->name);
        strip_outer(owner);
        snprintf(buf, cap, "%s.%s: %s (%s)", owner, top->method->name, action, where);
    } else if (where[0]) {
        snprintf(buf, cap, "%s (%s)", action, where);
    } else {
        snprintf(buf, cap, "%s", action);
    }
}
