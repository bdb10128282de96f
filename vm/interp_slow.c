/* The slow paths of the interpreter: resolution and initialisation before the first execution of
 * an instruction, multi-dimensional arrays, ClassCastException messages, the stop predicate. */
#include <stdio.h>

#include "interp_slow.h"

/* True when the instruction at [pc] of [frame] (operand stack top [sp]) is plainly no scheduling
 * point: a cheap test of the common cases (a resolved field or array access to an unshared
 * object, a read of a final field, a read of a constant array, a return that releases
 * nothing, a resolved call of a method that is neither synchronized nor a synchronisation
 * native nor one of an atomic library class, a new of an initialised class). When it says yes, the
 * classify hook would return VM_PARK_NONE without doing anything else (hooks.h); when it says no,
 * the hook decides. */
static bool plainly_no_point(const vm *machine, const vm_frame *frame, const uint8_t *pc,
                             const vm_slot *sp)
{
    const vm_cp_entry *e;
    const vm_method *m;
    uint8_t op = *pc;
    if (op >= CF_OP_IRETURN && op <= CF_OP_RETURN)
        return !frame->monitor && !(frame->flags & VM_FRAME_CLINIT);
    if (op == CF_OP_GETFIELD || op == CF_OP_PUTFIELD) {
        e = &frame->method->owner->cp[(uint16_t)(pc[1] << 8 | pc[2])];
        if (!e->resolved) return false;
        if (op == CF_OP_GETFIELD && (e->field->access & CF_ACC_FINAL)) return true;
        int below = op == CF_OP_GETFIELD ? 1 : e->kind == 'J' || e->kind == 'D' ? 3 : 2;
        uint32_t h = sp[-below].ref;
        return !h || !(machine->heap.objects[h]->flags & VM_OBJ_SHARED);
    }
    if ((op >= CF_OP_IALOAD && op <= CF_OP_SALOAD) ||
        (op >= CF_OP_IASTORE && op <= CF_OP_SASTORE)) {
        int below = op <= CF_OP_SALOAD ? 2 : op == CF_OP_LASTORE || op == CF_OP_DASTORE ? 4 : 3;
        uint32_t h = sp[-below].ref; /* the array */
        if (op >= CF_OP_IASTORE) /* a store into a constant array is an error the hook reports */
            return !h || !(machine->heap.objects[h]->flags & VM_OBJ_SHARED);
        return !h || (machine->heap.objects[h]->flags & (VM_OBJ_SHARED | VM_OBJ_CONSTANT)) !=
                         VM_OBJ_SHARED;
    }
    if (op < CF_OP_INVOKEVIRTUAL || op > CF_OP_NEW) return false;
    e = &frame->method->owner->cp[(uint16_t)(pc[1] << 8 | pc[2])];
    if (!e->resolved) return false;
    switch (op) {
    case CF_OP_INVOKEVIRTUAL: {
        m = e->method;
        uint32_t recv = sp[-(int)m->arg_slots].ref;
        if (!recv || m->vtable_index < 0) return false;
        m = machine->heap.objects[recv]->cls->vtable[m->vtable_index];
        break;
    }
    case CF_OP_INVOKESPECIAL:
        m = e->method;
        break;
    case CF_OP_INVOKESTATIC:
        if (e->cls->init_state != VM_INIT_DONE) return false;
        m = e->method;
        break;
    case CF_OP_NEW:
        return e->cls->init_state == VM_INIT_DONE;
    default:
        return false;
    }
    return !(m->access & CF_ACC_SYNCHRONIZED) && m->sync == VM_SYNC_NONE && !m->atomic_library;
}

/* vm_stop_before past its quick test (kept out of line so that the quick test stays cheap). */
__attribute__((noinline)) static bool classify_stop(vm *machine, vm_thread *t, const vm_stop *stop,
                                                    uint64_t icount, const vm_frame *frame,
                                                    const uint8_t *pc, const vm_slot *sp)
{
    if (machine->driver.hooks && stop->watch == machine->driver.watch) {
        vm_park park = machine->driver.hooks->classify(machine, t, frame, pc, sp);
        if (park == VM_PARK_NONE && icount != 0) return false;
        t->park = (uint8_t)park; /* a cut is an invisible scheduling point */
        return true;
    }
    if (!stop->before) return true;
    const uint8_t *code = frame->method->code->code;
    vm_location at = {frame->method->owner->name, frame->method->name, frame->method->descriptor,
                      (uint32_t)(pc - code), *pc};
    return stop->before(stop->ctx, machine, t->id, &at);
}

bool vm_stop_before(vm *machine, vm_thread *t, const vm_stop *stop, uint64_t icount,
                    const vm_frame *frame, const uint8_t *pc, const vm_slot *sp)
{
    if (icount != 0 && machine->driver.hooks && stop->watch == machine->driver.watch &&
        plainly_no_point(machine, frame, pc, sp))
        return false;
    return classify_stop(machine, t, stop, icount, frame, pc, sp);
}

/* ---- Quickening -------------------------------------------------------------------------------
 * A copy is the method's [length] code bytes followed by a bit per byte, set at instruction
 * starts. */

/* True when offset [at] of quickened [code] of [len] bytes starts an instruction. */
static bool starts_instruction(const uint8_t *code, uint32_t len, uint32_t at)
{
    return code[len + at / 8] >> (at % 8) & 1;
}

/* True for iload, fload and aload (a one-slot local with a u1 index). */
static bool loads_slot(uint8_t op)
{
    return op == CF_OP_ILOAD || op == CF_OP_FLOAD || op == CF_OP_ALOAD;
}

/* Returns k for iload_<k>, fload_<k> and aload_<k> (a one-slot local), else -1. */
static int slot_k(uint8_t op)
{
    if (op >= CF_OP_ILOAD_0 && op <= CF_OP_ILOAD_3) return op - CF_OP_ILOAD_0;
    if (op >= CF_OP_FLOAD_0 && op <= CF_OP_FLOAD_3) return op - CF_OP_FLOAD_0;
    if (op >= CF_OP_ALOAD_0 && op <= CF_OP_ALOAD_3) return op - CF_OP_ALOAD_0;
    return -1;
}

/* Returns the superinstruction that runs [first] and then [second], or 0 when there is none
 * (those that need resolution are made when it happens: vm_quicken_field). */
static uint8_t pair_opcode(uint8_t first, uint8_t second)
{
    if (loads_slot(first) && loads_slot(second)) return VM_Q_LOAD_LOAD;
    if (loads_slot(first) && slot_k(second) >= 0)
        return (uint8_t)(VM_Q_LOAD_LOAD_0 + slot_k(second));
    if (first == CF_OP_ILOAD && second == CF_OP_IALOAD) return VM_Q_LOAD_IALOAD;
    if (first == CF_OP_ILOAD && second == CF_OP_AALOAD) return VM_Q_LOAD_AALOAD;
    if (first >= CF_OP_ILOAD_0 && first <= CF_OP_ILOAD_3 && second == CF_OP_IALOAD)
        return (uint8_t)(VM_Q_ILOAD_0_IALOAD + (first - CF_OP_ILOAD_0));
    if (first >= CF_OP_ILOAD_0 && first <= CF_OP_ILOAD_3 && second == CF_OP_AALOAD)
        return (uint8_t)(VM_Q_ILOAD_0_AALOAD + (first - CF_OP_ILOAD_0));
    if (first == CF_OP_IADD && second == CF_OP_ISTORE) return VM_Q_IADD_ISTORE;
    if (first == CF_OP_IADD && second >= CF_OP_ISTORE_0 && second <= CF_OP_ISTORE_3)
        return (uint8_t)(VM_Q_IADD_ISTORE_0 + (second - CF_OP_ISTORE_0));
    if (first == CF_OP_IINC && second == CF_OP_GOTO) return VM_Q_IINC_GOTO;
    return 0;
}

/* Returns the offset of the instruction after the one at [at] of [code] (a copy of [len] bytes
 * whose starts are marked) when both have a fixed length, else 0. */
static uint32_t next_instruction(const uint8_t *code, uint32_t len, uint32_t at)
{
    int8_t operands = cf_opcodes[code[at]].length;
    uint32_t next = at + 1 + (uint32_t)operands;
    if (operands < 0 || next >= len || !starts_instruction(code, len, next) ||
        cf_opcodes[code[next]].length < 0)
        return 0;
    return next;
}

/* Rewrites the first of each pair of instructions of [code] (a copy of [len] bytes whose starts
 * are marked) that a superinstruction runs. An aload_0 before a getfield is left to pair with it
 * (vm_quicken_field). */
static void fuse_pairs(uint8_t *code, uint32_t len)
{
    for (uint32_t at = 0; at < len; at++) {
        uint32_t next = starts_instruction(code, len, at) ? next_instruction(code, len, at) : 0;
        if (!next) continue;
        uint32_t after = next_instruction(code, len, next);
        if (code[next] == CF_OP_ALOAD_0 && after && code[after] == CF_OP_GETFIELD) continue;
        uint8_t op = pair_opcode(code[at], code[next]);
        if (op) code[at] = op;
    }
}

/* Copies code [c] into a new quickened copy, marking its instruction starts; NULL when out of
 * memory. An invalid opcode (which the class file check rejects) turns into breakpoint, which
 * is invalid in quickened code too, and what follows it stays unmarked. */
static uint8_t *copy_code(const cf_code *c)
{
    uint8_t *code = base_calloc(c->length + (c->length + 7) / 8, 1);
    if (!code) return NULL;
    memcpy(code, c->code, c->length);
    for (uint32_t at = 0, n; at < c->length; at += n) {
        const cf_opcode_info *info = &cf_opcodes[c->code[at]];
        n = cf_instruction_length(c, at);
        if (!info->mnemonic || info->kind == CF_OPND_INVALID || n > c->length - at) {
            code[at] = CF_OP_BREAKPOINT;
            break;
        }
        code[c->length + at / 8] |= (uint8_t)(1u << (at % 8));
    }
    return code;
}

uint8_t *vm_quick_prepare(vm *machine, const vm_method *m)
{
    size_t cap = machine->quick_capacity;
    if (m->id >= cap &&
        !base_array_reserve(&machine->quick, &cap, (size_t)m->id + 1, sizeof *machine->quick)) {
        vm_fail(machine, VM_ERR_NOMEM, "error: out of memory");
        return NULL;
    }
    machine->quick_capacity = (uint32_t)cap;
    uint8_t *code = copy_code(m->code);
    if (!code) {
        vm_fail(machine, VM_ERR_NOMEM, "error: out of memory");
        return NULL;
    }
    fuse_pairs(code, m->code->length);
    machine->quick[m->id] = code;
    return code;
}

bool vm_quicken_field(vm *machine, vm_thread *t, const vm_frame *frame, uint32_t at)
{
    vm_class *owner = frame->method->owner;
    uint8_t *code = machine->quick[frame->method->id];
    uint16_t index = (uint16_t)(code[at + 1] << 8 | code[at + 2]);
    vm_cp_entry *e = &owner->cp[index];
    if (!e->resolved && !vm_resolve_field(machine, t, owner, index, false)) return false;
    bool get = code[at] == CF_OP_GETFIELD, wide = e->kind == 'J' || e->kind == 'D';
    if (e->offset > UINT16_MAX) {
        code[at] = get ? VM_Q_GETFIELD : VM_Q_PUTFIELD;
        return true;
    }
    code[at] =
        get ? (wide ? VM_Q_GETFIELD2 : VM_Q_GETFIELD1) : (wide ? VM_Q_PUTFIELD2 : VM_Q_PUTFIELD1);
    code[at + 1] = (uint8_t)(e->offset >> 8);
    code[at + 2] = (uint8_t)e->offset;
    if (code[at] == VM_Q_GETFIELD1 && at > 0 &&
        starts_instruction(code, frame->method->code->length, at - 1) &&
        code[at - 1] == CF_OP_ALOAD_0)
        code[at - 1] = VM_Q_ALOAD0_GETFIELD1;
    return true;
}

void vm_quick_free(vm *machine)
{
    for (uint32_t i = 0; i < machine->quick_capacity; i++) base_free(machine->quick[i]);
    base_free(machine->quick);
    machine->quick = NULL;
    machine->quick_capacity = 0;
}

/* Maps the outcome of vm_initialize to what the interpreter does next. */
static int after_init(vm_thread *t, vm_class *cls, vm_init_result r)
{
    switch (r) {
    case VM_INIT_READY:
        return SLOW_GO;
    case VM_INIT_PUSHED:
        return SLOW_REDO;
    case VM_INIT_THROWN:
        return SLOW_THROWN;
    case VM_INIT_BLOCKED:
        t->state = VM_THREAD_BLOCKED;
        t->wait_class = cls;
        return SLOW_BLOCKED;
    default:
        return SLOW_FATAL;
    }
}

int vm_slow_ldc(vm *machine, vm_thread *t, vm_class *cls, uint16_t index, vm_slot *sp)
{
    const cf_constant *c = &cls->cf->constants[index];
    vm_cp_entry *e = &cls->cp[index];
    switch (c->tag) {
    case CF_TAG_INTEGER:
        e->string = (uint32_t)c->u.integer;
        break;
    case CF_TAG_FLOAT:
        memcpy(&e->string, &c->u.float_value, sizeof e->string);
        break;
    case CF_TAG_STRING:
        if (!vm_resolve_string(machine, t, cls, index)) return SLOW_FATAL;
        break;
    case CF_TAG_CLASS:
        if (!vm_resolve_class(machine, t, cls, index)) return SLOW_FATAL;
        break;
    default:
        vm_unsupported(machine, t, "ldc of a MethodHandle, MethodType or dynamic constant");
        return SLOW_FATAL;
    }
    e->resolved = true;
    sp->ref = e->string;
    return SLOW_GO;
}

int vm_slow_static(vm *machine, vm_thread *t, vm_class *cls, uint16_t index)
{
    vm_cp_entry *e = &cls->cp[index];
    if (!e->resolved && !vm_resolve_field(machine, t, cls, index, true)) return SLOW_FATAL;
    return after_init(t, e->cls, vm_initialize(machine, t, e->cls));
}

int vm_slow_invokestatic(vm *machine, vm_thread *t, vm_class *cls, uint16_t index)
{
    vm_cp_entry *e = &cls->cp[index];
    if (!e->resolved && !vm_resolve_method(machine, t, cls, index, CF_OP_INVOKESTATIC))
        return SLOW_FATAL;
    return after_init(t, e->cls, vm_initialize(machine, t, e->cls));
}

int vm_slow_new(vm *machine, vm_thread *t, vm_class *cls, uint16_t index)
{
    vm_cp_entry *e = &cls->cp[index];
    if (!e->resolved && !vm_resolve_class(machine, t, cls, index)) return SLOW_FATAL;
    vm_class *c = e->cls;
    if (c->kind != VM_KIND_CLASS || (c->access & CF_ACC_ABSTRACT)) {
        char name[512];
        vm_throw(machine, t, "java/lang/InstantiationError", "%s",
                 vm_dotted_name(c, name, sizeof name));
        return machine->failed ? SLOW_FATAL : SLOW_THROWN;
    }
    return after_init(t, c, vm_initialize(machine, t, c));
}

vm_class *vm_primitive_array_class(vm *machine, uint8_t atype)
{
    static const char kinds[] = "ZCFDBSIJ";
    if (atype < 4 || atype > 11) return NULL;
    return vm_array_class(machine, vm_primitive_class(machine, kinds[atype - 4]));
}

vm_class *vm_object_array_class(vm *machine, vm_thread *t, vm_class *cls, uint16_t index)
{
    if (!cls->cp[index].resolved && !vm_resolve_class(machine, t, cls, index)) return NULL;
    return vm_array_class(machine, cls->cp[index].cls);
}

/* Allocates a [dims]-dimensional array of class [ac] with [counts]; 0 after a fatal error. */
static uint32_t build_array(vm *machine, vm_thread *t, vm_class *ac, const int32_t *counts,
                            int dims)
{
    uint32_t h = vm_new_array(machine, t, ac, counts[0]);
    if (!h || dims == 1) return h;
    for (int32_t i = 0; i < counts[0]; i++) {
        uint32_t child = build_array(machine, t, ac->component, counts + 1, dims - 1);
        if (!child) return 0;
        ((uint32_t *)VM_ELEMS(vm_obj(machine, h)))[i] = child;
    }
    return h;
}

int vm_slow_multianewarray(vm *machine, vm_thread *t, vm_class *cls, const uint8_t *pc)
{
    uint16_t index = (uint16_t)((pc[1] << 8) | pc[2]);
    int dims = pc[3];
    if (!cls->cp[index].resolved && !vm_resolve_class(machine, t, cls, index)) return SLOW_FATAL;
    vm_frame *f = &t->frames[t->depth - 1];
    int32_t counts[256];
    for (int i = 0; i < dims; i++) {
        counts[i] = t->slots[f->sp - (uint32_t)dims + (uint32_t)i].i;
        if (counts[i] < 0) {
            vm_throw(machine, t, "java/lang/NegativeArraySizeException", "%d", counts[i]);
            return machine->failed ? SLOW_FATAL : SLOW_THROWN;
        }
    }
    vm_maybe_collect(machine);
    uint32_t h = build_array(machine, t, cls->cp[index].cls, counts, dims);
    if (!h) return SLOW_FATAL;
    t->slots[f->sp - (uint32_t)dims].ref = h;
    return SLOW_GO;
}

/* Describes where [c] lives as HotSpot's messages do. */
static const char *module_of(const vm_class *c)
{
    while (c->kind == VM_KIND_ARRAY) c = c->component;
    if (c->kind == VM_KIND_PRIMITIVE || !strncmp(c->name, "java/", 5) ||
        !strncmp(c->name, "jdk/", 4))
        return "module java.base of loader 'bootstrap'";
    return "unnamed module of loader 'app'";
}

void vm_throw_class_cast(vm *machine, vm_thread *t, const vm_class *from, const vm_class *to)
{
    char a[512], b[512];
    vm_dotted_name(from, a, sizeof a);
    vm_dotted_name(to, b, sizeof b);
    const char *ma = module_of(from), *mb = module_of(to);
    if (ma == mb)
        vm_throw(machine, t, "java/lang/ClassCastException",
                 "class %s cannot be cast to class %s (%s and %s are in %s)", a, b, a, b, ma);
    else
        vm_throw(machine, t, "java/lang/ClassCastException",
                 "class %s cannot be cast to class %s (%s is in %s; %s is in %s)", a, b, a, ma, b,
                 mb);
}
