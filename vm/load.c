/* Loading and linking (JVMS 5.3, 5.4): classes from the class path, array and primitive classes,
 * superclass and interface resolution, field layout, method tables, vtables and mirrors. */
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"

static uint32_t name_hash(const char *s)
{
    return vm_hash_bytes(s, strlen(s));
}

vm_class *vm_find_loaded(const vm *machine, const char *name)
{
    if (!machine->class_table_capacity) return NULL;
    uint32_t mask = machine->class_table_capacity - 1;
    for (uint32_t j = name_hash(name) & mask; machine->class_table[j]; j = (j + 1) & mask) {
        vm_class *c = machine->classes[machine->class_table[j] - 1];
        if (!strcmp(c->name, name)) return c;
    }
    return NULL;
}

static bool grow_class_table(vm *machine)
{
    uint32_t cap = machine->class_table_capacity ? machine->class_table_capacity * 2 : 512;
    uint32_t *table = base_calloc(cap, sizeof *table);
    if (!table) return false;
    for (uint32_t i = 0; i < machine->class_count; i++) {
        uint32_t j = name_hash(machine->classes[i]->name) & (cap - 1);
        while (table[j]) j = (j + 1) & (cap - 1);
        table[j] = i + 1;
    }
    base_free(machine->class_table);
    machine->class_table = table;
    machine->class_table_capacity = cap;
    return true;
}

/* Appends [cls] to the class table; false when out of memory. */
static bool add_class(vm *machine, vm_class *cls)
{
    if (machine->class_count == machine->class_capacity) {
        uint32_t cap = machine->class_capacity ? machine->class_capacity * 2 : 256;
        vm_class **grown = base_realloc(machine->classes, cap * sizeof *grown);
        if (!grown) return false;
        machine->classes = grown;
        machine->class_capacity = cap;
    }
    if ((machine->class_count + 1) * 2 > machine->class_table_capacity &&
        !grow_class_table(machine))
        return false;
    cls->index = machine->class_count;
    cls->stable_id = vm_stable_hash(cls->name, strlen(cls->name), 0);
    machine->classes[machine->class_count++] = cls;
    uint32_t mask = machine->class_table_capacity - 1;
    uint32_t j = name_hash(cls->name) & mask;
    while (machine->class_table[j]) j = (j + 1) & mask;
    machine->class_table[j] = cls->index + 1;
    return true;
}

const char *vm_dotted_name(const vm_class *cls, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s", cls->name);
    if (cls->kind == VM_KIND_ARRAY) {
        for (char *c = buf; *c; c++)
            if (*c == '/') *c = '.';
        return buf;
    }
    for (char *c = buf; *c; c++)
        if (*c == '/') *c = '.';
    return buf;
}

uint8_t vm_kind_size(char kind)
{
    switch (kind) {
    case 'Z':
    case 'B':
        return 1;
    case 'C':
    case 'S':
        return 2;
    case 'J':
    case 'D':
        return 8;
    default:
        return 4;
    }
}

vm_class *vm_primitive_class(const vm *machine, char kind)
{
    const char *kinds = "ZBCSIFJDV";
    const char *at = strchr(kinds, kind);
    return at && kind ? machine->known.primitives[at - kinds] : NULL;
}

/* ---- Mirrors ------------------------------------------------------------------------------------
 */

/* Gives [cls] its java.lang.Class object once java/lang/Class is linked. */
static bool make_mirror(vm *machine, vm_class *cls)
{
    if (cls->mirror || !machine->known.class_) return true;
    uint32_t h = vm_new_object(machine, NULL, machine->known.class_);
    if (!h || !vm_pin(machine, h)) return false;
    vm_object *o = vm_obj(machine, h);
    o->id = vm_id_of_mirror(cls->stable_id); /* the same in every vm */
    o->hash = name_hash(cls->name) & 0x7fffffff;
    VM_FIELDS(o)[machine->off.class_index].i = (int32_t)cls->index;
    cls->mirror = h;
    return true;
}

/* ---- Field layout
 * -------------------------------------------------------------------------------- */

static bool set_bit(uint8_t **map, uint32_t bit, uint32_t slots)
{
    if (!*map) {
        *map = base_calloc((slots + 7) / 8 + 1, 1);
        if (!*map) return false;
    }
    (*map)[bit / 8] |= (uint8_t)(1u << (bit % 8));
    return true;
}

/* Counts the instance and static slots of [cf]'s fields. */
static void count_slots(const cf_class *cf, uint32_t *inst, uint32_t *stat)
{
    *inst = *stat = 0;
    for (uint16_t i = 0; i < cf->field_count; i++) {
        uint32_t n = (uint32_t)cf_type_slots(cf->fields[i].descriptor[0]);
        if (cf->fields[i].access & CF_ACC_STATIC)
            *stat += n;
        else
            *inst += n;
    }
}

/* Lays out the fields of [cls] after its superclass's; fills the reference maps. */
static bool layout_fields(vm *machine, vm_class *cls)
{
    const cf_class *cf = cls->cf;
    uint32_t inst, stat, base = cls->super ? cls->super->instance_slots : 0;
    count_slots(cf, &inst, &stat);
    cls->instance_slots = base + inst;
    cls->static_slots = stat;
    cls->fields = base_calloc(cf->field_count + 1u, sizeof *cls->fields);
    cls->statics = base_calloc(stat + 1, sizeof *cls->statics);
    if (!cls->fields || !cls->statics) return false;
    if (cls->super && cls->super->ref_map) {
        cls->ref_map = base_calloc((cls->instance_slots + 7) / 8 + 1, 1);
        if (!cls->ref_map) return false;
        memcpy(cls->ref_map, cls->super->ref_map, (base + 7) / 8);
    }
    uint32_t next_inst = base, next_stat = 0;
    for (uint16_t i = 0; i < cf->field_count; i++) {
        const cf_member *m = &cf->fields[i];
        vm_field *f = &cls->fields[i];
        f->owner = cls;
        f->name = vm_intern_symbol(machine, m->name, strlen(m->name));
        f->descriptor = vm_intern_symbol(machine, m->descriptor, strlen(m->descriptor));
        if (!f->name || !f->descriptor) return false;
        f->access = m->access;
        f->kind = vm_kind_of(m->descriptor[0]);
        bool is_static = m->access & CF_ACC_STATIC;
        f->offset = is_static ? next_stat : next_inst;
        uint32_t n = (uint32_t)cf_type_slots(m->descriptor[0]);
        if (f->kind == 'L' && !set_bit(is_static ? &cls->static_ref_map : &cls->ref_map, f->offset,
                                       is_static ? stat : cls->instance_slots))
            return false;
        if (is_static)
            next_stat += n;
        else
            next_inst += n;
    }
    cls->field_count = cf->field_count;
    return true;
}

/* Stores the ConstantValue of each static field (preparation with constant initialisers). */
static bool set_constant_values(vm *machine, vm_class *cls)
{
    const cf_class *cf = cls->cf;
    for (uint16_t i = 0; i < cf->field_count; i++) {
        const cf_member *m = &cf->fields[i];
        if (!(m->access & CF_ACC_STATIC) || !m->constant_value) continue;
        const cf_constant *c = &cf->constants[m->constant_value];
        vm_slot *s = &cls->statics[cls->fields[i].offset];
        switch (c->tag) {
        case CF_TAG_INTEGER:
            s->i = c->u.integer;
            break;
        case CF_TAG_FLOAT:
            s->f = c->u.float_value;
            break;
        case CF_TAG_LONG:
            vm_set_long(s, c->u.long_value);
            break;
        case CF_TAG_DOUBLE:
            vm_set_double(s, c->u.double_value);
            break;
        case CF_TAG_STRING: {
            const cf_constant *u = &cf->constants[c->u.name];
            s->ref = vm_intern_utf8(machine, u->u.utf8.chars, u->u.utf8.length);
            if (!s->ref) return false;
            break;
        }
        default:
            break;
        }
    }
    return true;
}

/* ---- Methods ------------------------------------------------------------------------------------
 */

static char return_kind(const char *descriptor)
{
    const char *r = cf_return_type(descriptor);
    switch (*r) {
    case 'Z':
    case 'B':
    case 'C':
    case 'S':
    case 'I':
        return 'I';
    case '[':
    case 'L':
        return 'L';
    default:
        return *r;
    }
}

/* Counts the parameter slots of method descriptor [d]. */
static uint16_t param_slots(const char *d)
{
    uint16_t n = 0;
    cf_param_iter it;
    cf_type p;
    cf_params_begin(&it, d);
    while (cf_params_next(&it, &p)) n = (uint16_t)(n + cf_type_slots(p.kind));
    return n;
}

static bool link_methods(vm *machine, vm_class *cls)
{
    const cf_class *cf = cls->cf;
    cls->methods = base_calloc(cf->method_count + 1u, sizeof *cls->methods);
    if (!cls->methods) return false;
    for (uint16_t i = 0; i < cf->method_count; i++) {
        const cf_member *cm = &cf->methods[i];
        vm_method *m = &cls->methods[i];
        m->owner = cls;
        m->name = vm_intern_symbol(machine, cm->name, strlen(cm->name));
        m->descriptor = vm_intern_symbol(machine, cm->descriptor, strlen(cm->descriptor));
        if (!m->name || !m->descriptor || !vm_register_method(machine, m)) return false;
        m->access = cm->access;
        m->arg_slots = (uint16_t)(param_slots(m->descriptor) + !(m->access & CF_ACC_STATIC));
        m->ret = return_kind(m->descriptor);
        m->code = cm->code;
        m->vtable_index = -1;
        if (m->code) {
            m->max_locals = m->code->max_locals;
            m->max_stack = m->code->max_stack;
        }
        const vm_native *n =
            m->access & CF_ACC_NATIVE ? vm_find_native(cls->name, m->name, m->descriptor) : NULL;
        m->native = n ? n->fn : NULL;
        m->sync = n ? n->sync : VM_SYNC_NONE;
        if (!strcmp(m->name, "<clinit>") && (m->access & CF_ACC_STATIC)) cls->clinit = m;
    }
    cls->method_count = cf->method_count;
    return true;
}

vm_method *vm_declared_method(const vm_class *cls, const char *name, const char *descriptor)
{
    for (uint16_t i = 0; i < cls->method_count; i++) {
        vm_method *m = &cls->methods[i];
        if (!strcmp(m->name, name) && !strcmp(m->descriptor, descriptor)) return m;
    }
    return NULL;
}

vm_field *vm_declared_field(const vm_class *cls, const char *name)
{
    for (uint16_t i = 0; i < cls->field_count; i++)
        if (!strcmp(cls->fields[i].name, name)) return &cls->fields[i];
    return NULL;
}

vm_method *vm_vtable_lookup(const vm_class *cls, const char *name, const char *descriptor)
{
    for (uint32_t i = 0; i < cls->vtable_count; i++) {
        vm_method *m = cls->vtable[i];
        if (m->name == name && m->descriptor == descriptor) return m;
    }
    return NULL;
}

/* ---- Vtables ------------------------------------------------------------------------------------
 */

static bool is_virtual(const vm_method *m)
{
    return !(m->access & (CF_ACC_STATIC | CF_ACC_PRIVATE)) && m->name[0] != '<';
}

static int32_t vtable_find(const vm_method *const *table, uint32_t n, const vm_method *m)
{
    for (uint32_t i = 0; i < n; i++)
        if (table[i]->name == m->name && table[i]->descriptor == m->descriptor) return (int32_t)i;
    return -1;
}

/* Returns true when interface [a] is a subinterface of (or equal to) interface [b]. */
static bool extends_interface(const vm_class *a, const vm_class *b)
{
    if (a == b) return true;
    for (uint32_t i = 0; i < a->all_interface_count; i++)
        if (a->all_interfaces[i] == b) return true;
    return false;
}

/* Picks the maximally specific superinterface method of [cls] named like [m] (JVMS 5.4.3.3),
 * preferring a non-abstract one; returns [m] when there is nothing more specific. */
static vm_method *max_specific(const vm_class *cls, vm_method *m)
{
    vm_method *best = NULL;
    for (uint32_t i = 0; i < cls->all_interface_count; i++) {
        vm_class *itf = cls->all_interfaces[i];
        vm_method *c = NULL;
        for (uint16_t k = 0; k < itf->method_count && !c; k++)
            if (itf->methods[k].name == m->name && itf->methods[k].descriptor == m->descriptor &&
                is_virtual(&itf->methods[k]))
                c = &itf->methods[k];
        if (!c) continue;
        bool c_abstract = c->access & CF_ACC_ABSTRACT;
        if (!best || (extends_interface(c->owner, best->owner) && c->owner != best->owner) ||
            ((best->access & CF_ACC_ABSTRACT) && !c_abstract &&
             !extends_interface(best->owner, c->owner)))
            best = c;
    }
    return best ? best : m;
}

static bool vtable_append(vm_method ***table, uint32_t *n, uint32_t *cap, vm_method *m)
{
    if (*n == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        vm_method **grown = base_realloc(*table, *cap * sizeof *grown);
        if (!grown) return false;
        *table = grown;
    }
    (*table)[(*n)++] = m;
    return true;
}

/* Builds the vtable of class [cls]: the superclass's, overridden or extended by its own virtual
 * methods, then every interface method it does not implement, each entry holding the method
 * selection would choose for an instance of [cls]. */
static bool build_vtable(vm_class *cls)
{
    uint32_t n = 0, cap = 0;
    vm_method **table = NULL;
    const vm_class *super = cls->super;
    for (uint32_t i = 0; super && i < super->vtable_count; i++)
        if (!vtable_append(&table, &n, &cap, super->vtable[i])) goto nomem;
    for (uint16_t i = 0; i < cls->method_count; i++) {
        vm_method *m = &cls->methods[i];
        if (!is_virtual(m)) continue;
        int32_t at = vtable_find((const vm_method *const *)table, n, m);
        if (at >= 0) {
            table[at] = m;
            m->vtable_index = at;
        } else {
            m->vtable_index = (int32_t)n;
            if (!vtable_append(&table, &n, &cap, m)) goto nomem;
        }
    }
    for (uint32_t i = 0; i < cls->all_interface_count; i++) {
        const vm_class *itf = cls->all_interfaces[i];
        for (uint16_t k = 0; k < itf->method_count; k++) {
            vm_method *m = &itf->methods[k];
            if (is_virtual(m) && vtable_find((const vm_method *const *)table, n, m) < 0 &&
                !vtable_append(&table, &n, &cap, m))
                goto nomem;
        }
    }
    for (uint32_t i = 0; i < n; i++)
        if (table[i]->owner->kind == VM_KIND_INTERFACE) table[i] = max_specific(cls, table[i]);
    cls->vtable = table;
    cls->vtable_count = n;
    return true;
nomem:
    base_free(table);
    return false;
}

/* ---- Supertypes
 * ------------------------------------------------------------------------------------ */

static bool add_interface(vm_class *cls, vm_class *itf, uint32_t *cap)
{
    for (uint32_t i = 0; i < cls->all_interface_count; i++)
        if (cls->all_interfaces[i] == itf) return true;
    if (cls->all_interface_count == *cap) {
        *cap = *cap ? *cap * 2 : 8;
        vm_class **grown = base_realloc(cls->all_interfaces, *cap * sizeof *grown);
        if (!grown) return false;
        cls->all_interfaces = grown;
    }
    cls->all_interfaces[cls->all_interface_count++] = itf;
    return true;
}

/* Collects every superinterface of [cls]: direct ones with theirs, then the superclass's. */
static bool collect_interfaces(vm_class *cls)
{
    uint32_t cap = 0;
    for (uint16_t i = 0; i < cls->interface_count; i++) {
        vm_class *d = cls->interfaces[i];
        if (!add_interface(cls, d, &cap)) return false;
        for (uint32_t k = 0; k < d->all_interface_count; k++)
            if (!add_interface(cls, d->all_interfaces[k], &cap)) return false;
    }
    for (uint32_t k = 0; cls->super && k < cls->super->all_interface_count; k++)
        if (!add_interface(cls, cls->super->all_interfaces[k], &cap)) return false;
    return true;
}

static bool set_supers(vm_class *cls)
{
    cls->depth = cls->super ? (uint16_t)(cls->super->depth + 1) : 0;
    cls->supers = base_calloc(cls->depth + 1u, sizeof *cls->supers);
    if (!cls->supers) return false;
    if (cls->super) memcpy(cls->supers, cls->super->supers, cls->depth * sizeof *cls->supers);
    cls->supers[cls->depth] = cls;
    cls->is_throwable =
        !strcmp(cls->name, "java/lang/Throwable") || (cls->super && cls->super->is_throwable);
    return true;
}

/* Loads the superclass and direct interfaces of [cls] and checks what they may be. */
static bool link_supertypes(vm *machine, vm_thread *t, vm_class *cls)
{
    const cf_class *cf = cls->cf;
    char what[600];
    if (cf->super_name) {
        cls->super =
            vm_load_needed(machine, t, cf->super_name, (vm_need){"the superclass of", cls->name});
        if (!cls->super) return false;
        if (cls->super->kind == VM_KIND_INTERFACE || (cls->super->access & CF_ACC_FINAL)) {
            snprintf(what, sizeof what,
                     "IncompatibleClassChangeError: class %s cannot extend %s %s", cls->name,
                     cls->super->kind == VM_KIND_INTERFACE ? "interface" : "final class",
                     cls->super->name);
            return vm_link_error(machine, t, what);
        }
    } else if (strcmp(cls->name, "java/lang/Object")) {
        snprintf(what, sizeof what, "ClassFormatError: class %s has no superclass", cls->name);
        return vm_link_error(machine, t, what);
    }
    cls->interfaces = base_calloc(cf->interface_count + 1u, sizeof *cls->interfaces);
    if (!cls->interfaces) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory");
    for (uint16_t i = 0; i < cf->interface_count; i++) {
        vm_class *itf = vm_load_needed(machine, t, cf_class_name(cf, cf->interfaces[i]),
                                       (vm_need){"a superinterface of", cls->name});
        if (!itf) return false;
        if (itf->kind != VM_KIND_INTERFACE) {
            snprintf(what, sizeof what,
                     "IncompatibleClassChangeError: class %s cannot implement class %s", cls->name,
                     itf->name);
            return vm_link_error(machine, t, what);
        }
        cls->interfaces[cls->interface_count++] = itf;
    }
    return true;
}

/* Builds a linked vm_class from parsed [cf], which it takes over. */
static vm_class *link_class(vm *machine, vm_thread *t, cf_class *cf)
{
    vm_class *cls = base_calloc(1, sizeof *cls);
    if (!cls) {
        vm_fail(machine, VM_ERR_NOMEM, "error: out of memory loading %s", cf->name);
        cf_class_free(cf);
        return NULL;
    }
    cls->cf = cf;
    cls->name = vm_intern_symbol(machine, cf->name, strlen(cf->name));
    cls->access = cf->access;
    cls->kind = (cf->access & CF_ACC_INTERFACE) ? VM_KIND_INTERFACE : VM_KIND_CLASS;
    cls->source_file = cf->source_file ? cf_utf8(cf, cf->source_file) : NULL;
    bool ok = cls->name && link_supertypes(machine, t, cls);
    bool nomem = ok && !(set_supers(cls) && collect_interfaces(cls) &&
                         layout_fields(machine, cls) && link_methods(machine, cls) &&
                         (cls->kind == VM_KIND_INTERFACE || build_vtable(cls)));
    if (ok && !nomem) {
        cls->cp = base_calloc(cf->constant_count, sizeof *cls->cp);
        nomem = !cls->cp || !add_class(machine, cls) || !set_constant_values(machine, cls) ||
                !make_mirror(machine, cls);
        if (!nomem) return cls;
        if (cls->index < machine->class_count && machine->classes[cls->index] == cls) return NULL;
    }
    if (nomem)
        vm_fail(machine, VM_ERR_NOMEM, "error: out of memory linking %s",
                cls->name ? cls->name : "a class");
    base_free(cls->interfaces);
    base_free(cls->all_interfaces);
    base_free(cls->supers);
    base_free(cls->fields);
    base_free(cls->methods);
    base_free(cls->vtable);
    base_free(cls->ref_map);
    base_free(cls->statics);
    base_free(cls->static_ref_map);
    base_free(cls->cp);
    cf_class_free(cf);
    base_free(cls);
    return NULL;
}

/* ---- Array and primitive classes ----------------------------------------------------------------
 */

static vm_class *new_synthetic(vm *machine, const char *name, vm_class_kind kind)
{
    vm_class *cls = base_calloc(1, sizeof *cls);
    if (!cls) return NULL;
    cls->name = vm_intern_symbol(machine, name, strlen(name));
    cls->kind = kind;
    cls->access = CF_ACC_PUBLIC | CF_ACC_FINAL | CF_ACC_ABSTRACT;
    cls->init_state = VM_INIT_DONE;
    if (!cls->name || !add_class(machine, cls)) {
        base_free(cls);
        return NULL;
    }
    return cls;
}

vm_class *vm_array_class(vm *machine, vm_class *component)
{
    if (component->array_of) return component->array_of;
    char name[1100];
    if (component->kind == VM_KIND_PRIMITIVE)
        snprintf(name, sizeof name, "[%c", component->elem_kind);
    else if (component->kind == VM_KIND_ARRAY)
        snprintf(name, sizeof name, "[%s", component->name);
    else
        snprintf(name, sizeof name, "[L%s;", component->name);
    vm_class *object = machine->known.object;
    vm_class *cls = new_synthetic(machine, name, VM_KIND_ARRAY);
    if (!cls) {
        vm_fail(machine, VM_ERR_NOMEM, "error: out of memory creating %s", name);
        return NULL;
    }
    cls->super = object;
    cls->component = component;
    cls->elem_kind = component->kind == VM_KIND_PRIMITIVE ? component->elem_kind : 'L';
    cls->elem_size = vm_kind_size(cls->elem_kind);
    cls->interfaces = base_calloc(2, sizeof *cls->interfaces);
    cls->all_interfaces = base_calloc(2, sizeof *cls->all_interfaces);
    if (!cls->interfaces || !cls->all_interfaces || !set_supers(cls) ||
        !make_mirror(machine, cls)) {
        vm_fail(machine, VM_ERR_NOMEM, "error: out of memory creating %s", name);
        return NULL;
    }
    cls->vtable = base_malloc((object->vtable_count + 1) * sizeof *cls->vtable);
    if (!cls->vtable) return NULL;
    memcpy(cls->vtable, object->vtable, object->vtable_count * sizeof *cls->vtable);
    cls->vtable_count = object->vtable_count;
    cls->interfaces[0] = cls->all_interfaces[0] = machine->known.cloneable;
    cls->interfaces[1] = cls->all_interfaces[1] = machine->known.serializable;
    cls->interface_count = 2;
    cls->all_interface_count = 2;
    component->array_of = cls;
    return cls;
}

static bool make_primitives(vm *machine)
{
    static const char *names[9] = {"boolean", "byte", "char",   "short", "int",
                                   "float",   "long", "double", "void"};
    const char *kinds = "ZBCSIFJDV";
    for (int i = 0; i < 9; i++) {
        vm_class *c = new_synthetic(machine, names[i], VM_KIND_PRIMITIVE);
        if (!c) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory");
        c->elem_kind = kinds[i];
        c->elem_size = vm_kind_size(kinds[i]);
        machine->known.primitives[i] = c;
    }
    return true;
}

/* ---- Loading ------------------------------------------------------------------------------------
 */

/* Loads the array class named by descriptor [name] ("[I", "[[Ljava/lang/String;"). */
static vm_class *load_array(vm *machine, vm_thread *t, const char *name)
{
    vm_class *component;
    if (name[1] == '[') {
        component = vm_load_class(machine, t, name + 1);
    } else if (name[1] == 'L') {
        size_t n = strlen(name);
        char inner[1100];
        if (n < 4 || n - 3 >= sizeof inner || name[n - 1] != ';')
            return vm_link_error(machine, t, "NoClassDefFoundError: bad array name"), NULL;
        memcpy(inner, name + 2, n - 3);
        inner[n - 3] = '\0';
        component = vm_load_class(machine, t, inner);
    } else {
        component = name[2] == '\0' ? vm_primitive_class(machine, name[1]) : NULL;
        if (!component || name[1] == 'V') {
            char what[600];
            snprintf(what, sizeof what, "NoClassDefFoundError: %s", name);
            return vm_link_error(machine, t, what), NULL;
        }
    }
    return component ? vm_array_class(machine, component) : NULL;
}

/* Reports why class [name] could not be read or parsed. */
static void report_load_failure(vm *machine, vm_thread *t, const char *name, const cf_error *cerr)
{
    char what[900];
    if (cerr->status == CF_ERR_NOT_FOUND && vm_is_system_name(name)) {
        vm_unsupported(machine, t, name);
    } else if (cerr->status == CF_ERR_NOT_FOUND) {
        snprintf(what, sizeof what, "NoClassDefFoundError: %s", name);
        vm_link_error(machine, t, what);
    } else if (cerr->status == CF_ERR_NOMEM) {
        vm_fail(machine, VM_ERR_NOMEM, "error: out of memory loading %s", name);
    } else {
        snprintf(what, sizeof what, "ClassFormatError: %s", cerr->message);
        vm_link_error(machine, t, what);
    }
}

vm_class *vm_load_class(vm *machine, vm_thread *t, const char *name)
{
    vm_class *cls = vm_find_loaded(machine, name);
    if (cls || machine->failed) return cls;
    if (name[0] == '[') return load_array(machine, t, name);
    for (uint32_t i = 0; i < machine->loading_depth; i++)
        if (!strcmp(machine->loading[i], name)) {
            char what[600];
            snprintf(what, sizeof what, "ClassCircularityError: %s", name);
            return vm_link_error(machine, t, what), NULL;
        }
    if (machine->loading_depth == sizeof machine->loading / sizeof *machine->loading)
        return vm_fail(machine, VM_ERR_LIMIT, "error: class hierarchy too deep at %s", name), NULL;
    cf_class *cf;
    cf_error cerr = {0};
    cf_status found = vm_jdk_provides_first(machine, name)
                          ? cf_classpath_load(machine->jdk_classpath, name, &cf, &cerr)
                          : CF_ERR_NOT_FOUND;
    bool from_jdk = found == CF_OK;
    if (found == CF_ERR_NOT_FOUND) found = cf_classpath_load(machine->classpath, name, &cf, &cerr);
    if (found != CF_OK) {
        report_load_failure(machine, t, name, &cerr);
        return NULL;
    }
    machine->loading[machine->loading_depth++] = name;
    cls = link_class(machine, t, cf);
    machine->loading_depth--;
    if (cls && from_jdk && vm_jdk_atomic_class(machine, cls->name)) {
        cls->atomic_library = true;
        for (uint16_t i = 0; i < cls->method_count; i++) cls->methods[i].atomic_library = true;
    }
    return cls;
}

vm_class *vm_load_needed(vm *machine, vm_thread *t, const char *name, vm_need need)
{
    bool room = machine->need_count < sizeof machine->needs / sizeof *machine->needs;
    if (room) machine->needs[machine->need_count++] = need;
    vm_class *cls = vm_load_class(machine, t, name);
    if (room) machine->need_count--;
    return cls;
}

vm_class *vm_define_class(vm *machine, vm_thread *t, const uint8_t *data, size_t len)
{
    cf_class *cf;
    cf_error cerr = {0};
    if (cf_parse(data, len, "<generated>", &cf, &cerr) != CF_OK) {
        vm_fail(machine, cerr.status == CF_ERR_NOMEM ? VM_ERR_NOMEM : VM_ERR_UNSUPPORTED,
                "error: generated class rejected: %s", cerr.message);
        return NULL;
    }
    vm_class *cls = link_class(machine, t, cf);
    if (cls) cls->hidden = true;
    return cls;
}

/* ---- Bootstrap
 * ------------------------------------------------------------------------------------ */

static bool field_offset(vm *machine, vm_class *cls, const char *name, uint32_t *out)
{
    vm_field *f = vm_declared_field(cls, name);
    if (!f)
        return vm_fail(machine, VM_ERR_LINK, "error: model library: %s.%s missing", cls->name,
                       name);
    *out = f->offset;
    return true;
}

/* Marks the model library's caches (vm_field.cache): String.hash, which hashCode() fills with
 * the hash of the string's immutable characters (0 until then, recomputed while it is). */
static void mark_caches(vm *machine)
{
    vm_declared_field(machine->known.string, "hash")->cache = true;
}

static bool resolve_offsets(vm *machine)
{
    vm_known *k = &machine->known;
    vm_offsets *o = &machine->off;
    return field_offset(machine, k->string, "value", &o->string_value) &&
           field_offset(machine, k->string, "hash", &o->string_hash) &&
           field_offset(machine, k->class_, "name", &o->class_name) &&
           field_offset(machine, k->throwable, "detailMessage", &o->throwable_message) &&
           field_offset(machine, k->throwable, "cause", &o->throwable_cause) &&
           field_offset(machine, k->throwable, "backtrace", &o->throwable_backtrace) &&
           field_offset(machine, k->throwable, "stackTrace", &o->throwable_trace) &&
           field_offset(machine, k->ste, "declaringClass", &o->ste_class) &&
           field_offset(machine, k->ste, "methodName", &o->ste_method) &&
           field_offset(machine, k->ste, "fileName", &o->ste_file) &&
           field_offset(machine, k->ste, "lineNumber", &o->ste_line) &&
           field_offset(machine, k->thread, "name", &o->thread_name) &&
           field_offset(machine, k->thread, "tid", &o->thread_id) &&
           field_offset(machine, k->thread, "alive", &o->thread_alive) &&
           field_offset(machine, k->thread, "daemon", &o->thread_daemon) &&
           field_offset(machine, k->thread, "target", &o->thread_target) &&
           field_offset(machine, k->thread, "interrupted", &o->thread_interrupted);
}

static vm_method *known_method(vm *machine, vm_class *cls, const char *name, const char *desc)
{
    vm_method *m = vm_declared_method(cls, name, desc);
    if (!m)
        vm_fail(machine, VM_ERR_LINK, "error: model library: %s.%s%s missing", cls->name, name,
                desc);
    return m;
}

bool vm_load_bootstrap(vm *machine)
{
    vm_known *k = &machine->known;
    if (!make_primitives(machine) ||
        !(k->object = vm_load_class(machine, NULL, "java/lang/Object")) ||
        !(k->class_ = vm_load_class(machine, NULL, "java/lang/Class")))
        return false;
    vm_field *index = vm_declared_field(k->class_, "index");
    if (!index)
        return vm_fail(machine, VM_ERR_LINK, "error: model library: java/lang/Class.index missing");
    machine->off.class_index = index->offset;
    for (uint32_t i = 0; i < machine->class_count; i++)
        if (!make_mirror(machine, machine->classes[i])) return false;
    if (!(k->cloneable = vm_load_class(machine, NULL, "java/lang/Cloneable")) ||
        !(k->serializable = vm_load_class(machine, NULL, "java/io/Serializable")) ||
        !(k->string = vm_load_class(machine, NULL, "java/lang/String")) ||
        !(k->throwable = vm_load_class(machine, NULL, "java/lang/Throwable")) ||
        !(k->thread = vm_load_class(machine, NULL, "java/lang/Thread")) ||
        !(k->ste = vm_load_class(machine, NULL, "java/lang/StackTraceElement")) ||
        !(k->char_array = vm_load_class(machine, NULL, "[C")) ||
        !(k->int_array = vm_load_class(machine, NULL, "[I")) ||
        !(k->object_array = vm_load_class(machine, NULL, "[Ljava/lang/Object;")) ||
        !resolve_offsets(machine))
        return false;
    mark_caches(machine);
    vm_class *helper = vm_load_class(machine, NULL, "jdk/internal/porcheck/Concat");
    vm_class *copier = vm_load_class(machine, NULL, "jdk/internal/porcheck/Copy");
    if (!helper || !copier) return false;
    machine->arraycopy_model =
        known_method(machine, copier, "copy", "(Ljava/lang/Object;ILjava/lang/Object;II)V");
    machine->clone_model =
        known_method(machine, copier, "cloneArray", "(Ljava/lang/Object;)Ljava/lang/Object;");
    machine->clone_object_model =
        known_method(machine, copier, "cloneObject", "(Ljava/lang/Object;)Ljava/lang/Object;");
    machine->uncaught_handler =
        known_method(machine, k->thread, "dispatchUncaughtException", "(Ljava/lang/Throwable;)V");
    machine->concat_helper =
        known_method(machine, helper, "concat", "([Ljava/lang/Object;)Ljava/lang/String;");
    return machine->uncaught_handler && machine->concat_helper && machine->arraycopy_model &&
           machine->clone_model && machine->clone_object_model;
}
