/* Class initialisation (JVMS 5.5) without C recursion: the initialiser of a class and of each of
 * its uninitialised superclasses is pushed as a frame, most derived first, so that they run
 * superclass first; the instruction that triggered initialisation runs again once they return.
 * A class without <clinit> gets an empty one so that its state changes at the right moment. */
#include <stdio.h>
#include <string.h>

#include "internal.h"

static const uint8_t return_only[] = {CF_OP_RETURN};
static const cf_code empty_clinit_code = {
    .max_stack = 0, .max_locals = 0, .length = 1, .code = return_only};

/* Returns the initialiser of [cls], creating the empty one when it has none. */
static vm_method *clinit_of(vm *machine, vm_class *cls)
{
    if (cls->clinit) return cls->clinit;
    vm_method *m = base_calloc(1, sizeof *m);
    if (!m) return NULL;
    m->owner = cls;
    m->name = vm_intern_symbol(machine, "<clinit>", 8);
    m->descriptor = vm_intern_symbol(machine, "()V", 3);
    m->access = CF_ACC_STATIC | CF_ACC_SYNTHETIC;
    m->ret = 'V';
    m->vtable_index = -1;
    m->code = &empty_clinit_code;
    if (!m->name || !m->descriptor || !vm_register_method(machine, m)) {
        base_free(m);
        return NULL;
    }
    cls->clinit = m;
    cls->owned_clinit = m;
    return m;
}

/* Returns true when initialising [itf] is part of initialising a class that implements it:
 * it declares a non-abstract, non-static method (JVMS 5.5 step 7). */
static bool has_defaults(const vm_class *itf)
{
    for (uint16_t i = 0; i < itf->method_count; i++) {
        uint16_t a = itf->methods[i].access;
        if (!(a & (CF_ACC_ABSTRACT | CF_ACC_STATIC))) return true;
    }
    return false;
}

/* Collects the classes that initialising [cls] must initialise, most derived first. */
static size_t collect_chain(vm_class *cls, vm_class **chain, size_t cap)
{
    size_t n = 0;
    for (vm_class *c = cls; c && c->init_state == VM_INIT_NONE && n < cap; c = c->super) {
        chain[n++] = c;
        if (c->kind == VM_KIND_INTERFACE) break;
        for (uint16_t i = 0; i < c->interface_count && n < cap; i++) {
            vm_class *itf = c->interfaces[i];
            if (itf->init_state == VM_INIT_NONE && has_defaults(itf)) {
                bool seen = false;
                for (size_t k = 0; k < n; k++) seen |= chain[k] == itf;
                if (!seen) chain[n++] = itf;
            }
        }
    }
    return n;
}

/* Returns the first class in [cls]'s superclass chain that is being initialised by another
 * thread or has failed, or NULL. */
static vm_class *obstacle(const vm_thread *t, vm_class *cls)
{
    for (vm_class *c = cls; c; c = c->super) {
        if (c->init_state == VM_INIT_FAILED) return c;
        if (c->init_state == VM_INIT_RUNNING && c->init_thread != t->id) return c;
        if (c->init_state != VM_INIT_NONE) return NULL;
    }
    return NULL;
}

static vm_init_result fail_uninitialisable(vm *machine, vm_thread *t, vm_class *cls,
                                           vm_class *failed)
{
    char name[512];
    vm_dotted_name(failed, name, sizeof name);
    for (vm_class *c = cls; c && c->init_state == VM_INIT_NONE; c = c->super) {
        vm_class_w(machine, c);
        c->init_state = VM_INIT_FAILED;
    }
    vm_throw(machine, t, "java/lang/NoClassDefFoundError", "Could not initialize class %s", name);
    return machine->failed ? VM_INIT_FATAL : VM_INIT_THROWN;
}

/* True when initialising the [n] classes of [chain] runs no code and changes no static: none
 * has statics or an initialiser of its own. The checker makes no scheduling point for such
 * classes (explore/classify.c), so they are initialised at once, inside the instruction that needs
 * them: pushing their empty initialisers would make that instruction stop again before itself. */
static bool runs_nothing(vm_class *const *chain, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (chain[i]->static_slots || chain[i]->clinit != chain[i]->owned_clinit) return false;
    return true;
}

/* Initialises the [n] classes of [chain] at once (runs_nothing holds). */
static vm_init_result initialise_at_once(vm *machine, vm_class *const *chain, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (!clinit_of(machine, chain[i]))
            return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory"), VM_INIT_FATAL;
        vm_class_w(machine, chain[i]);
        chain[i]->init_state = VM_INIT_DONE;
        chain[i]->ever_initialised = true;
    }
    return VM_INIT_READY;
}

vm_init_result vm_initialize(vm *machine, vm_thread *t, vm_class *cls)
{
    if (cls->init_state == VM_INIT_DONE) return VM_INIT_READY;
    if (cls->init_state == VM_INIT_RUNNING)
        return cls->init_thread == t->id ? VM_INIT_READY : VM_INIT_BLOCKED;
    if (cls->init_state == VM_INIT_FAILED) return fail_uninitialisable(machine, t, cls, cls);
    vm_class *stop = obstacle(t, cls);
    if (stop && stop->init_state == VM_INIT_RUNNING) return VM_INIT_BLOCKED;
    if (stop) return fail_uninitialisable(machine, t, cls, stop);
    vm_class *chain[64];
    size_t n = collect_chain(cls, chain, sizeof chain / sizeof *chain);
    if (runs_nothing(chain, n)) return initialise_at_once(machine, chain, n);
    uint32_t base = t->depth ? t->frames[t->depth - 1].sp : 0;
    for (size_t i = 0; i < n; i++) {
        vm_method *m = clinit_of(machine, chain[i]);
        if (!m) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory"), VM_INIT_FATAL;
        vm_call_result r = vm_push_frame(machine, t, m, base, 0);
        if (r != VM_CALL_PUSHED) return machine->failed ? VM_INIT_FATAL : VM_INIT_THROWN;
        vm_frame *f = &t->frames[t->depth - 1];
        f->flags |= VM_FRAME_CLINIT | (i + 1 < n ? VM_FRAME_PENDING : 0);
        vm_class_w(machine, chain[i]);
        chain[i]->init_state = VM_INIT_RUNNING;
        chain[i]->init_thread = t->id;
    }
    return VM_INIT_PUSHED;
}

/* Replaces the pending exception of [t] with an ExceptionInInitializerError wrapping it. */
static void wrap_in_eiie(vm *machine, vm_thread *t)
{
    uint32_t cause = t->exception;
    t->exception = 0;
    vm_class *eiie = vm_load_class(machine, t, "java/lang/ExceptionInInitializerError");
    if (!eiie) return;
    uint32_t h = vm_new_object(machine, t, eiie);
    if (!h) return;
    VM_FIELDS(vm_obj(machine, h))[machine->off.throwable_cause].ref = cause;
    vm_fill_backtrace(machine, t, h);
    t->exception = h;
}

/* True when static [f] of [cls] is one of javac's tables: an enum's $VALUES (values() hands out
 * clones of it) or a $SwitchMap$ of a switch on an enum, both static, final and synthetic, which
 * source code cannot name and javac's code never writes after the initialiser. */
static bool javac_table(const vm_class *cls, const vm_field *f)
{
    const uint16_t table = CF_ACC_STATIC | CF_ACC_FINAL | CF_ACC_SYNTHETIC;
    if ((f->access & table) != table || f->kind != 'L') return false;
    if (!strncmp(f->name, "$SwitchMap$", 11)) return !strcmp(f->descriptor, "[I");
    size_t n = strlen(cls->name);
    return (cls->access & CF_ACC_ENUM) && !strcmp(f->name, "$VALUES") &&
           !strncmp(f->descriptor, "[L", 2) && !strncmp(f->descriptor + 2, cls->name, n) &&
           !strcmp(f->descriptor + 2 + n, ";");
}

/* True when every element of reference array [h] is also held by a static field of [cls] (an
 * enum's constants are): a constant array's walk leaves its elements to those fields. */
static bool elements_in_statics(const vm *machine, const vm_class *cls, uint32_t h)
{
    const vm_object *a = machine->heap.objects[h];
    if (a->cls->elem_kind != 'L') return true;
    for (uint32_t i = 0; i < a->length; i++) {
        uint32_t e = ((const uint32_t *)VM_ELEMS(a))[i];
        bool found = !e;
        for (uint32_t k = 0; !found && k < cls->static_slots; k++)
            found = cls->static_ref_map && (cls->static_ref_map[k / 8] >> (k % 8) & 1) &&
                    cls->statics[k].ref == e;
        if (!found) return false;
    }
    return true;
}

/* Under the checker, makes javac's tables of [cls] constant once its initialiser has run, so
 * that values() and enum switches read them as no scheduling point; a write into one, which only
 * hand-made code could do, stops the run (explore/classify.c). */
static void freeze_javac_tables(vm *machine, const vm_class *cls)
{
    if (!machine->driver.hooks) return;
    for (uint16_t i = 0; i < cls->field_count; i++) {
        const vm_field *f = &cls->fields[i];
        if (!javac_table(cls, f)) continue;
        uint32_t h = cls->statics[f->offset].ref;
        if (h && machine->heap.objects[h]->cls->kind == VM_KIND_ARRAY &&
            elements_in_statics(machine, cls, h))
            vm_freeze_array(machine, h);
    }
}

void vm_finish_clinit(vm *machine, vm_thread *t, const vm_frame *f, bool failed)
{
    vm_class *cls = f->method->owner;
    vm_class_w(machine, cls);
    if (!failed) {
        cls->init_state = VM_INIT_DONE;
        cls->ever_initialised = true;
        freeze_javac_tables(machine, cls);
        return;
    }
    cls->init_state = VM_INIT_FAILED;
    uint32_t e = t->exception;
    vm_class *error = vm_find_loaded(machine, "java/lang/Error");
    if (e && !(error && vm_is_assignable(vm_obj(machine, e)->cls, error)) &&
        !(f->flags & VM_FRAME_PENDING))
        wrap_in_eiie(machine, t);
}
