/* Threads as data: creation, termination, and whether a blocked or waiting thread may run
 * again. Nothing here uses an OS thread; a scheduler (exec.c now, the model checker later)
 * decides which thread runs. */
#include <stdio.h>

#include "internal.h"

bool vm_thread_create(vm *machine, uint32_t object, vm_thread **out)
{
    if (machine->thread_count == machine->thread_capacity) {
        uint32_t cap = machine->thread_capacity ? machine->thread_capacity * 2 : 8;
        vm_thread **grown = base_realloc(machine->threads, cap * sizeof *grown);
        if (!grown) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory creating a thread");
        machine->threads = grown;
        machine->thread_capacity = cap;
    }
    vm_thread *t = base_calloc(1, sizeof *t);
    if (t) t->slots = base_calloc(machine->opts.stack_slots, sizeof *t->slots);
    if (t) t->frames = base_calloc(64, sizeof *t->frames);
    if (!t || !t->slots || !t->frames) {
        if (t) base_free(t->slots), base_free(t->frames);
        base_free(t);
        return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory creating a thread");
    }
    t->id = machine->thread_count;
    t->slot_capacity = machine->opts.stack_slots;
    t->frame_capacity = 64;
    t->object = object;
    t->state = VM_THREAD_RUNNABLE;
    machine->threads[machine->thread_count++] = t;
    *out = t;
    return true;
}

void vm_thread_end(vm *machine, vm_thread *t)
{
    t->state = VM_THREAD_TERMINATED;
    t->depth = 0;
    if (t->object) VM_FIELDS(vm_obj(machine, t->object))[machine->off.thread_alive].i = 0;
}

vm_thread *vm_thread_of_object(vm *machine, uint32_t object)
{
    for (uint32_t i = 0; i < machine->thread_count; i++)
        if (machine->threads[i]->object == object) return machine->threads[i];
    return NULL;
}

/* Returns true when the monitor of [h] is free or already held by [t]. */
static bool monitor_available(const vm *machine, const vm_thread *t, uint32_t h)
{
    const vm_object *o = vm_obj(machine, h);
    return o->lock_owner == 0 || o->lock_owner == t->id + 1;
}

bool vm_thread_enabled(const vm *machine, const vm_thread *t)
{
    switch (t->state) {
    case VM_THREAD_RUNNABLE:
        return true;
    case VM_THREAD_TERMINATED:
        return false;
    case VM_THREAD_BLOCKED:
        if (t->wait_class) return t->wait_class->init_state != VM_INIT_RUNNING;
        return !t->wait_object || monitor_available(machine, t, t->wait_object);
    default: /* WAITING */
        if (t->join_thread)
            return machine->threads[t->join_thread - 1]->state == VM_THREAD_TERMINATED;
        if (t->wait_object) return t->notified && monitor_available(machine, t, t->wait_lock);
        return t->permit;
    }
}
