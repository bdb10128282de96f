/* Resolution of constant-pool references (JVMS 5.4.3), method selection (JVMS 5.4.6) and the
 * subtype test behind checkcast, instanceof and aastore. Linking errors are fatal: they name the
 * member and the instruction that referred to it. */
#include <stdio.h>

#include "indy.h"

bool vm_resolve_class(vm *machine, vm_thread *t, vm_class *cls, uint16_t index)
{
    vm_cp_entry *e = &cls->cp[index];
    if (e->resolved) return true;
    vm_class *c = vm_load_class(machine, t, cf_class_name(cls->cf, index));
    if (!c) return false;
    e->cls = c;
    e->string = c->mirror;
    e->resolved = true;
    return true;
}

bool vm_resolve_string(vm *machine, vm_thread *t, vm_class *cls, uint16_t index)
{
    vm_cp_entry *e = &cls->cp[index];
    const cf_constant *u = &cls->cf->constants[cls->cf->constants[index].u.name];
    e->string = vm_intern_utf8(machine, u->u.utf8.chars, u->u.utf8.length);
    if (!e->string) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory"), (void)t, false;
    e->resolved = true;
    return true;
}

/* Loads the class [owner] of member [name]; a missing system class is an unsupported member. */
static vm_class *load_owner(vm *machine, vm_thread *t, const char *owner, const char *name)
{
    vm_class *c = vm_find_loaded(machine, owner);
    if (c) return c;
    if (vm_is_system_name(owner) && owner[0] != '[') {
        vm_class *probe = vm_load_class(machine, t, owner);
        if (probe || machine->error.status != VM_ERR_UNSUPPORTED) return probe;
        char what[600];
        snprintf(what, sizeof what, "%s.%s", owner, name);
        machine->failed = false;
        vm_unsupported(machine, t, what);
        return NULL;
    }
    return vm_load_class(machine, t, owner);
}

/* Records a missing or mismatched member [owner].[name]: unsupported for model classes, a
 * linking error of [error] for application classes. */
static bool member_error(vm *machine, vm_thread *t, const char *error, const vm_class *owner,
                         const char *name, const char *descriptor)
{
    char what[900];
    if (vm_is_system_name(owner->name) && strcmp(error, "IncompatibleClassChangeError")) {
        snprintf(what, sizeof what, "%s.%s", owner->name, name);
        return vm_unsupported(machine, t, what);
    }
    snprintf(what, sizeof what, "%s: %s.%s%s%s", error, owner->name, name,
             descriptor[0] == '(' || descriptor[0] == ' ' ? "" : ":", descriptor);
    return vm_link_error(machine, t, what);
}

/* ---- Fields ------------------------------------------------------------------------------------
 */

static vm_field *lookup_field(const vm_class *c, const char *name, const char *descriptor)
{
    for (uint16_t i = 0; i < c->field_count; i++)
        if (!strcmp(c->fields[i].name, name) && !strcmp(c->fields[i].descriptor, descriptor))
            return &c->fields[i];
    for (uint16_t i = 0; i < c->interface_count; i++) {
        vm_field *f = lookup_field(c->interfaces[i], name, descriptor);
        if (f) return f;
    }
    return c->super ? lookup_field(c->super, name, descriptor) : NULL;
}

bool vm_resolve_field(vm *machine, vm_thread *t, vm_class *cls, uint16_t index, bool is_static)
{
    vm_cp_entry *e = &cls->cp[index];
    const char *owner, *name, *descriptor;
    cf_member_ref(cls->cf, index, &owner, &name, &descriptor);
    vm_class *c = load_owner(machine, t, owner, name);
    if (!c) return false;
    vm_field *f = lookup_field(c, name, descriptor);
    if (!f) return member_error(machine, t, "NoSuchFieldError", c, name, descriptor);
    if (!!(f->access & CF_ACC_STATIC) != is_static)
        return member_error(machine, t, "IncompatibleClassChangeError", c, name,
                            is_static ? " (expected a static field)"
                                      : " (expected an instance field)");
    e->field = f;
    e->kind = f->kind;
    e->offset = f->offset;
    e->cls = f->owner;
    e->address = is_static ? &f->owner->statics[f->offset] : NULL;
    e->resolved = true;
    return true;
}

/* ---- Methods ------------------------------------------------------------------------------------
 */

/* Finds the maximally specific superinterface method [name][descriptor] of [c]. */
static vm_method *superinterface_method(const vm_class *c, const char *name, const char *descriptor)
{
    vm_method *best = NULL;
    for (uint32_t i = 0; i < c->all_interface_count; i++) {
        vm_method *m = vm_declared_method(c->all_interfaces[i], name, descriptor);
        if (!m || (m->access & (CF_ACC_STATIC | CF_ACC_PRIVATE))) continue;
        if (!best || ((best->access & CF_ACC_ABSTRACT) && !(m->access & CF_ACC_ABSTRACT))) best = m;
    }
    return best;
}

vm_method *vm_lookup_method(vm *machine, vm_class *cls, const char *name, const char *descriptor)
{
    if (cls->kind == VM_KIND_INTERFACE) {
        vm_method *m = vm_declared_method(cls, name, descriptor);
        if (m) return m;
        m = vm_declared_method(machine->known.object, name, descriptor);
        if (m && (m->access & CF_ACC_PUBLIC) && !(m->access & CF_ACC_STATIC)) return m;
        return superinterface_method(cls, name, descriptor);
    }
    for (const vm_class *c = cls; c; c = c->super) {
        vm_method *m = vm_declared_method(c, name, descriptor);
        if (m) return m;
    }
    return superinterface_method(cls, name, descriptor);
}

/* Checks that invoke opcode [op] fits the kind of [m]; records an error when not. */
static bool check_invoke_kind(vm *machine, vm_thread *t, const vm_method *m, uint8_t op)
{
    bool is_static = m->access & CF_ACC_STATIC;
    if (op == CF_OP_INVOKESTATIC && !is_static)
        return member_error(machine, t, "IncompatibleClassChangeError", m->owner, m->name,
                            " (expected a static method)");
    if (op != CF_OP_INVOKESTATIC && is_static)
        return member_error(machine, t, "IncompatibleClassChangeError", m->owner, m->name,
                            " (expected an instance method)");
    return true;
}

/* Selects the target of invokespecial of resolved [m] from class [cls] (JVMS invokespecial). */
static vm_method *special_target(const vm_class *cls, vm_method *m)
{
    if (m->name[0] == '<' || (m->access & CF_ACC_PRIVATE) || m->owner->kind == VM_KIND_INTERFACE)
        return m;
    if (!(cls->access & CF_ACC_SUPER) || !cls->super || m->owner == cls) return m;
    if (!vm_is_assignable(cls->super, m->owner)) return m;
    vm_method *s = vm_vtable_lookup(cls->super, m->name, m->descriptor);
    return s ? s : m;
}

bool vm_resolve_method(vm *machine, vm_thread *t, vm_class *cls, uint16_t index, uint8_t op)
{
    vm_cp_entry *e = &cls->cp[index];
    const char *owner, *raw_name, *raw_desc;
    cf_member_ref(cls->cf, index, &owner, &raw_name, &raw_desc);
    const char *name = vm_intern_symbol(machine, raw_name, strlen(raw_name));
    const char *descriptor = vm_intern_symbol(machine, raw_desc, strlen(raw_desc));
    if (!name || !descriptor) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory");
    vm_class *c = load_owner(machine, t, owner, name);
    if (!c) return false;
    vm_method *adapter;
    if (op == CF_OP_INVOKEVIRTUAL && !strcmp(c->name, "java/lang/invoke/VarHandle") &&
        vm_link_varhandle(machine, t, name, descriptor, &adapter)) {
        if (!adapter) return false; /* the call site is polymorphic: its adapter, a static */
        e->method = adapter;
        e->cls = adapter->owner;
        e->resolved = true;
        return true;
    }
    bool interface_ref = cls->cf->constants[index].tag == CF_TAG_INTERFACE_METHODREF;
    if (c->kind != VM_KIND_ARRAY && interface_ref != (c->kind == VM_KIND_INTERFACE))
        return member_error(machine, t, "IncompatibleClassChangeError", c, name,
                            interface_ref ? " (found class, but interface was expected)"
                                          : " (found interface, but class was expected)");
    vm_method *m = vm_lookup_method(machine, c, name, descriptor);
    if (!m) return member_error(machine, t, "NoSuchMethodError", c, name, descriptor);
    if (!check_invoke_kind(machine, t, m, op)) return false;
    e->method = op == CF_OP_INVOKESPECIAL ? special_target(cls, m) : m;
    e->cls = m->owner;
    e->resolved = true;
    return true;
}

vm_method *vm_select_method(const vm_class *rc, const vm_method *m)
{
    if (m->access & CF_ACC_PRIVATE) return (vm_method *)m;
    if (m->vtable_index >= 0 && m->owner->kind != VM_KIND_INTERFACE &&
        (uint32_t)m->vtable_index < rc->vtable_count)
        return rc->vtable[m->vtable_index];
    return vm_vtable_lookup(rc, m->name, m->descriptor);
}

/* ---- Subtyping
 * ------------------------------------------------------------------------------------ */

bool vm_is_assignable(const vm_class *s, const vm_class *target)
{
    if (s == target) return true;
    switch (target->kind) {
    case VM_KIND_INTERFACE:
        for (uint32_t i = 0; i < s->all_interface_count; i++)
            if (s->all_interfaces[i] == target) return true;
        return false;
    case VM_KIND_CLASS:
        return s->kind != VM_KIND_PRIMITIVE && s->depth >= target->depth &&
               s->supers[target->depth] == target;
    case VM_KIND_ARRAY: {
        if (s->kind != VM_KIND_ARRAY) return false;
        const vm_class *sc = s->component, *tc = target->component;
        if (sc->kind == VM_KIND_PRIMITIVE || tc->kind == VM_KIND_PRIMITIVE) return sc == tc;
        return vm_is_assignable(sc, tc);
    }
    default:
        return false;
    }
}

vm_method *vm_call_target(vm *machine, vm_thread *t, const vm_frame *frame, const uint8_t *pc,
                          const vm_slot *sp)
{
    uint16_t index = (uint16_t)(pc[1] << 8 | pc[2]);
    vm_class *owner = frame->method->owner;
    vm_cp_entry *e = &owner->cp[index];
    if (!e->resolved && (!t || !vm_resolve_method(machine, t, owner, index, *pc))) return NULL;
    vm_method *m = e->method;
    if (*pc == CF_OP_INVOKESTATIC || *pc == CF_OP_INVOKESPECIAL) return m;
    uint32_t recv = sp[-(int)m->arg_slots].ref;
    if (!recv) return NULL;
    vm_class *rc = vm_obj(machine, recv)->cls;
    if (*pc == CF_OP_INVOKEVIRTUAL && m->vtable_index >= 0) return rc->vtable[m->vtable_index];
    if (*pc == CF_OP_INVOKEINTERFACE && !vm_is_assignable(rc, m->owner) &&
        m->owner != machine->known.object)
        return NULL;
    vm_method *selected = vm_select_method(rc, m);
    return selected ? selected : m;
}
