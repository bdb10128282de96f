/* Calls and returns without C recursion: a Java call pushes a frame whose locals start at the
 * caller's arguments; a native runs on the argument slots and pushes its result. Monitors of
 * objects live in their headers (owner thread and count), so they are part of the heap state. */
#include <stdio.h>
#include <string.h>

#include "internal.h"

static bool grow_frames(vm *machine, vm_thread *t)
{
    uint32_t cap = t->frame_capacity ? t->frame_capacity * 2 : 64;
    if (cap > machine->opts.max_frames + 8) cap = machine->opts.max_frames + 8;
    vm_frame *grown = base_realloc(t->frames, cap * sizeof *grown);
    if (!grown)
        return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory growing a thread's frames");
    t->frames = grown;
    t->frame_capacity = cap;
    return true;
}

bool vm_monitor_enter(vm *machine, vm_thread *t, uint32_t h)
{
    vm_object *o = vm_obj(machine, h);
    if (o->lock_owner == 0 || o->lock_owner == t->id + 1) o = vm_obj_w(machine, h);
    if (o->lock_owner == 0) {
        o->lock_owner = t->id + 1;
        o->lock_count = 1;
        return true;
    }
    if (o->lock_owner == t->id + 1) {
        o->lock_count++;
        return true;
    }
    t->state = VM_THREAD_BLOCKED;
    t->wait_object = h;
    return false;
}

bool vm_monitor_exit(vm *machine, vm_thread *t, uint32_t h)
{
    vm_object *o = vm_obj(machine, h);
    if (o->lock_owner != t->id + 1) {
        vm_throw(machine, t, "java/lang/IllegalMonitorStateException",
                 "current thread is not owner");
        return false;
    }
    o = vm_obj_w(machine, h);
    if (--o->lock_count == 0) o->lock_owner = 0;
    return true;
}

vm_call_result vm_push_frame(vm *machine, vm_thread *t, vm_method *m, uint32_t base,
                             uint8_t advance)
{
    if (t->depth >= machine->opts.max_frames ||
        (uint64_t)base + m->max_locals + m->max_stack + 2 > t->slot_capacity) {
        vm_throw(machine, t, "java/lang/StackOverflowError", NULL);
        return machine->failed ? VM_CALL_FATAL : VM_CALL_THROWN;
    }
    if (t->depth == t->frame_capacity && !grow_frames(machine, t)) return VM_CALL_FATAL;
    uint32_t monitor = 0;
    if (m->access & CF_ACC_SYNCHRONIZED) {
        monitor = (m->access & CF_ACC_STATIC) ? m->owner->mirror : t->slots[base].ref;
        if (!vm_monitor_enter(machine, t, monitor)) return VM_CALL_BLOCKED;
    }
    if (m->max_locals > m->arg_slots)
        memset(&t->slots[base + m->arg_slots], 0, (m->max_locals - m->arg_slots) * sizeof(vm_slot));
    vm_frame *f = &t->frames[t->depth++];
    f->method = m;
    f->pc = 0;
    f->locals = base;
    f->sp = base + m->max_locals;
    f->monitor = monitor;
    f->advance = advance;
    f->flags = 0;
    f->gen = ++t->pushes;
    vm_frame_cache_forget(&f->cache);
    if (vm_atomic_callee(machine, m, t->slots[base].ref) && !vm_atomic_call(t)) {
        f->flags = VM_FRAME_ATOMIC;
        t->atomic_frame = t->depth;
    }
    return VM_CALL_PUSHED;
}

/* Records that watched frame [f] of [t] returned [result] of [ret_slots] slots, forgetting the
 * oldest such return when [t] remembers VM_WATCH_RETURNS already. */
static void note_watched_return(vm_thread *t, const vm_frame *f, const vm_slot *result,
                                uint32_t ret_slots)
{
    if (t->watch_return_count == VM_WATCH_RETURNS) {
        memmove(t->watch_returns, t->watch_returns + 1,
                (VM_WATCH_RETURNS - 1) * sizeof t->watch_returns[0]);
        t->watch_return_count--;
    }
    vm_watch_return *w = &t->watch_returns[t->watch_return_count++];
    w->gen = f->gen;
    for (uint32_t i = 0; i < ret_slots && i < 2; i++) w->result[i] = result[i];
}

bool vm_pop_frame(vm *machine, vm_thread *t, const vm_slot *result, uint32_t ret_slots)
{
    vm_frame f = t->frames[--t->depth];
    if (f.monitor) {
        vm_object *o = vm_obj_w(machine, f.monitor);
        if (o->lock_owner == t->id + 1 && --o->lock_count == 0) o->lock_owner = 0;
    }
    if (f.flags & VM_FRAME_CLINIT) vm_finish_clinit(machine, t, &f, false);
    if (f.flags & VM_FRAME_WATCHED) note_watched_return(t, &f, result, ret_slots);
    if (t->depth == 0) return false;
    vm_frame *caller = &t->frames[t->depth - 1];
    for (uint32_t i = 0; i < ret_slots; i++) t->slots[f.locals + i] = result[i];
    /* A pending caller (the initialiser of a subclass, or main, under its superclass's
     * initialiser) has not started: its operand stack starts above its locals, which share
     * [f]'s base; setting its sp to that base would make its first push overwrite local 0. */
    if (!(caller->flags & VM_FRAME_PENDING)) caller->sp = f.locals + ret_slots;
    caller->pc += f.advance;
    caller->flags &= (uint8_t)~VM_FRAME_PENDING;
    return true;
}

/* Throws AbstractMethodError for calling abstract [m]. */
static vm_call_result abstract_call(vm *machine, vm_thread *t, const vm_method *m)
{
    char cls[512];
    vm_dotted_name(m->owner, cls, sizeof cls);
    vm_throw(machine, t, "java/lang/AbstractMethodError", "%s.%s%s", cls, m->name, m->descriptor);
    return machine->failed ? VM_CALL_FATAL : VM_CALL_THROWN;
}

static uint32_t slots_of(char ret)
{
    return ret == 'V' ? 0 : (ret == 'J' || ret == 'D') ? 2 : 1;
}

/* Calls native [m] on the arguments at the top of [t]'s current frame. */
static vm_call_result call_native(vm *machine, vm_thread *t, vm_method *m, uint8_t advance)
{
    vm_frame *caller = &t->frames[t->depth - 1];
    if (!m->native) {
        char what[600];
        snprintf(what, sizeof what, "%s.%s", m->owner->name, m->name);
        vm_unsupported(machine, t, what);
        return VM_CALL_FATAL;
    }
    vm_slot ret[2] = {{0}, {0}};
    uint32_t args = caller->sp - m->arg_slots;
    int r = m->native(machine, t, &t->slots[args], ret);
    switch (r) {
    case VM_NATIVE_OK:
    case VM_NATIVE_YIELD: {
        caller = &t->frames[t->depth - 1];
        uint32_t n = slots_of(m->ret);
        for (uint32_t i = 0; i < n; i++) t->slots[args + i] = ret[i];
        caller->sp = args + n;
        caller->pc += advance;
        return r == VM_NATIVE_OK ? VM_CALL_DONE : VM_CALL_YIELD;
    }
    case VM_NATIVE_THROW:
        return machine->failed ? VM_CALL_FATAL : VM_CALL_THROWN;
    case VM_NATIVE_BLOCK:
        return VM_CALL_BLOCKED;
    case VM_NATIVE_PUSHED:
        return VM_CALL_PUSHED;
    case VM_NATIVE_DELEGATE: /* the Java method takes the native's arguments where they are */
        return vm_push_frame(machine, t, machine->delegate, args, advance);
    default:
        return VM_CALL_FATAL;
    }
}

vm_call_result vm_invoke(vm *machine, vm_thread *t, vm_method *m, uint8_t advance)
{
    if (m->code)
        return vm_push_frame(machine, t, m, t->frames[t->depth - 1].sp - m->arg_slots, advance);
    if (m->access & CF_ACC_NATIVE) return call_native(machine, t, m, advance);
    return abstract_call(machine, t, m);
}
