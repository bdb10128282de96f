/* The JVM side of porcheck's client harness, the model library's jdk.internal.porcheck.Harness:
 * its natives (stores into its result arrays and a thread start without Thread.start's monitor,
 * none of them a scheduling point except the start). */
#include <stdio.h>

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

/* Harness.put(Object[], int, Object): what the shared result array receives is shared, as an
 * aastore into it would make it (the object-id reuse counts it live then). */
FN(put_ref)
{
    (void)ret;
    uint32_t *e = element_w(machine, t, args[0].ref, args[1].i);
    if (!e) return native_thrown(machine);
    *e = args[2].ref;
    if (machine->driver.hooks && (vm_obj(machine, args[0].ref)->flags & VM_OBJ_SHARED))
        machine->driver.hooks->published(machine, args[2].ref);
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

bool vm_class_overrides_to_string(const vm_class *cls)
{
    for (const vm_class *c = cls; c && c->super; c = c->super)
        for (uint16_t i = 0; i < c->method_count; i++) {
            const vm_method *m = &c->methods[i];
            if (!strcmp(m->name, "toString") && !strcmp(m->descriptor, "()Ljava/lang/String;") &&
                !(m->access & (CF_ACC_STATIC | CF_ACC_ABSTRACT)))
                return true;
        }
    return false;
}

/* Harness.printable(Object): whether the object's class overrides toString. */
FN(printable)
{
    if (!args[0].ref) return native_npe(machine, t);
    ret->i = vm_class_overrides_to_string(vm_obj(machine, args[0].ref)->cls);
    return VM_NATIVE_OK;
}

/* Harness.unprintable(Object, boolean, int): a fatal error naming the invocation's method. */
FN(unprintable)
{
    (void)ret;
    if (!args[0].ref) return native_npe(machine, t);
    char name[1024];
    vm_dotted_name(vm_obj(machine, args[0].ref)->cls, name, sizeof name);
    int32_t i = args[2].i;
    const char *method = machine->harness_names && i >= 0 && (uint32_t)i < machine->harness_calls
                             ? machine->harness_names[i]
                             : "?";
    vm_fail(machine, VM_ERR_BAD_INPUT,
            "error: '%s' returned %s%s, whose class does not override toString: the result would "
            "be an identity hash, not a value",
            method, args[1].i ? "a value holding a " : "a ", name);
    return VM_NATIVE_FAIL;
}

/* Harness.start(Thread): Thread.start0 on its argument (a START scheduling point). */
FN(start)
{
    const vm_native *start0 = vm_find_native("java/lang/Thread", "start0", "()V");
    if (!args[0].ref) return native_npe(machine, t);
    return start0->fn(machine, t, args, ret);
}

/* Harness.callCount(): how many invocations the client has (the result arrays' length). */
FN(call_count)
{
    (void)t, (void)args;
    ret->i = (int32_t)(machine->harness_calls ? machine->harness_calls : VM_HARNESS_MAX_CALLS);
    return VM_NATIVE_OK;
}

const vm_native vm_natives_harness[] = {
    {"callCount", "()I", call_count, VM_SYNC_NONE, NULL},
    {"put", "([III)V", put_int, VM_SYNC_NONE, NULL},
    {"put", "([JIJ)V", put_long, VM_SYNC_NONE, NULL},
    {"put", "([Ljava/lang/Object;ILjava/lang/Object;)V", put_ref, VM_SYNC_NONE, NULL},
    {"nameOf", "(Ljava/lang/Object;)Ljava/lang/String;", name_of, VM_SYNC_NONE, NULL},
    {"printable", "(Ljava/lang/Object;)Z", printable, VM_SYNC_NONE, NULL},
    {"unprintable", "(Ljava/lang/Object;ZI)V", unprintable, VM_SYNC_NONE, NULL},
    {"start", "(Ljava/lang/Thread;)V", start, VM_SYNC_START, "start"},
    {0},
};

/* ---- The harness protocol, for the checker -------------------------------------------------- */

vm_status vm_harness_set_calls(vm *machine, const char *const *names, size_t count, vm_error *err)
{
    base_free(machine->harness_names);
    machine->harness_calls = 0;
    machine->harness_names = base_calloc(count ? count : 1, sizeof(char *));
    bool ok = machine->harness_names != NULL;
    for (size_t k = 0; ok && k < count; k++)
        ok = (machine->harness_names[k] = vm_intern_symbol(machine, names[k], strlen(names[k]))) !=
             NULL;
    if (!ok) {
        *err = (vm_error){VM_ERR_NOMEM, "error: out of memory"};
        return VM_ERR_NOMEM;
    }
    machine->harness_calls = (uint32_t)count;
    return VM_OK;
}

/* Returns the slot of static field [name] of the Harness class, or NULL when it is not
 * initialised. */
static vm_slot *harness_static(const vm *machine, const char *name)
{
    vm_class *cls = vm_find_loaded(machine, VM_HARNESS_CLASS);
    const vm_field *f = cls ? vm_declared_field(cls, name) : NULL;
    if (!f || !(f->access & CF_ACC_STATIC) || cls->init_state != VM_INIT_DONE) return NULL;
    return &cls->statics[f->offset];
}

uint32_t vm_harness_served(const vm *machine)
{
    const vm_slot *served = harness_static(machine, "served");
    return served ? served->ref : 0;
}

uint32_t vm_harness_server(vm *machine, long k)
{
    if (k < 0) return 0;
    uint32_t roots = vm_harness_served(machine);
    if (!roots || (size_t)k + 2 >= vm_obj(machine, roots)->length) return UINT32_MAX;
    const vm_thread *t =
        vm_thread_of_object(machine, ((const uint32_t *)VM_ELEMS(vm_obj(machine, roots)))[k + 2]);
    return t ? t->id : UINT32_MAX;
}

/* Returns the elements of Harness array [name] when it has more than [index] of them. */
static const void *result_array(const vm *machine, const char *name, size_t index)
{
    const vm_slot *s = harness_static(machine, name);
    if (!s || !s->ref || vm_obj(machine, s->ref)->length <= index) return NULL;
    return VM_ELEMS(vm_obj(machine, s->ref));
}

bool vm_harness_result(const vm *machine, size_t index, vm_harness_value *out)
{
    memset(out, 0, sizeof *out);
    const int32_t *kinds = result_array(machine, "KINDS", index);
    const int64_t *values = result_array(machine, "VALUES", index);
    const uint32_t *texts = result_array(machine, "TEXTS", index);
    if (!kinds || !values || !texts) return false;
    out->kind = kinds[index];
    memcpy(&out->value, &values[index], sizeof out->value);
    if (texts[index]) vm_string_utf8(machine, texts[index], out->text, sizeof out->text);
    return true;
}

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

bool vm_harness_own_thread(const vm *machine, uint32_t thread)
{
    if (thread == 0 || thread >= machine->thread_count) return true;
    uint32_t object = machine->threads[thread]->object;
    return object && !strcmp(vm_obj(machine, object)->cls->name, VM_HARNESS_CLASS);
}

uint32_t vm_harness_target(const vm *machine)
{
    const vm_class *cls = vm_find_loaded(machine, VM_HARNESS_CLASS);
    const vm_field *f = cls ? vm_declared_field(cls, "target") : NULL;
    for (uint32_t i = 1; f && !(f->access & CF_ACC_STATIC) && i < machine->thread_count; i++) {
        uint32_t h = machine->threads[i]->state == VM_THREAD_NEW ? 0 : machine->threads[i]->object;
        if (h && vm_obj(machine, h)->cls == cls)
            return VM_FIELDS(vm_obj(machine, h))[f->offset].ref;
    }
    return 0;
}

bool vm_harness_request(vm *machine, size_t index)
{
    vm_class *cls = vm_find_loaded(machine, VM_HARNESS_CLASS);
    const vm_field *f = cls ? vm_declared_field(cls, "request") : NULL;
    if (!f || index >= VM_HARNESS_MAX_CALLS) return false;
    vm_statics_w(machine, cls)[f->offset].i = (int32_t)index;
    return true;
}
