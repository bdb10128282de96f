/* Threads as data: creation, termination, and whether a blocked or waiting thread may run
 * again. Nothing here uses an OS thread; a scheduler (exec.c, or the model checker through
 * lts.c) decides which thread runs. Under the checker a thread id is a function of its key: the
 * key of the thread that started it and how many threads that one had started before (the main
 * thread's key is 0), so the same thread has the same id on every path, and an id whose thread
 * is not started on the current path is VM_THREAD_NEW. (Keys were once the Thread objects' ids;
 * those can differ between paths where the id reuse of garbage differs, and then one thread
 * had two ids, which the DPOR searches, matching threads across paths, cannot tell: optimal-dpor
 * missed an outcome.) */
#include <stdio.h>

#include "internal.h"

/* Appends a new thread struct with its buffers at id thread_count; false when out of memory. */
static bool append_thread(vm *machine, uint64_t key)
{
    if (machine->thread_count == machine->thread_capacity) {
        uint32_t cap = machine->thread_capacity ? machine->thread_capacity * 2 : 8;
        vm_thread **grown = base_realloc(machine->threads, cap * sizeof *grown);
        uint64_t *keys = grown ? base_realloc(machine->thread_keys, cap * sizeof *keys) : NULL;
        if (grown) machine->threads = grown;
        if (!keys) return false;
        machine->thread_keys = keys;
        machine->thread_capacity = cap;
    }
    size_t slot_bytes = (size_t)machine->opts.stack_slots * sizeof(vm_slot);
    vm_thread *t = base_calloc(1, sizeof *t);
    if (t) t->slots = base_map_zeroed(slot_bytes);
    if (t) t->frames = base_calloc(64, sizeof *t->frames);
    if (!t || !t->slots || !t->frames) {
        if (t) base_unmap(t->slots, slot_bytes), base_free(t->frames);
        base_free(t);
        return false;
    }
    t->id = machine->thread_count;
    t->slot_capacity = machine->opts.stack_slots;
    t->frame_capacity = 64;
    t->state = VM_THREAD_NEW;
    machine->thread_keys[machine->thread_count] = key;
    machine->threads[machine->thread_count++] = t;
    return true;
}

/* Returns the key of the [n]th thread (from 1) that the thread of key [parent] starts: a hash of
 * the two, never 0 (the main thread's). */
static uint64_t child_key(uint64_t parent, uint32_t n)
{
    uint64_t x = parent * 0x9E3779B97F4A7C15ull + n;
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBull;
    x ^= x >> 31;
    return x ? x : 1;
}

/* Returns the id of the thread of key [key] (0: the main thread): the one it had on every path
 * so far, else a new one. Under exec ids simply count up. */
static bool thread_id_for(vm *machine, uint64_t key, uint32_t *id)
{
    if (machine->driver.hooks)
        for (uint32_t i = 0; i < machine->thread_count; i++)
            if (machine->thread_keys[i] == key && machine->threads[i]->state == VM_THREAD_NEW) {
                *id = i;
                return true;
            }
    if (machine->driver.hooks && machine->thread_count >= machine->driver.max_threads)
        return vm_fail(machine, VM_ERR_LIMIT,
                       "unsupported: the program starts more than %u thread%s, main included "
                       "(raise --max-threads, at most %d)",
                       machine->driver.max_threads, machine->driver.max_threads == 1 ? "" : "s",
                       VM_MAX_THREADS);
    if (!append_thread(machine, key))
        return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory creating a thread");
    *id = machine->thread_count - 1;
    return true;
}

bool vm_thread_create(vm *machine, vm_thread *starter, uint32_t object, vm_thread **out)
{
    uint64_t key = starter ? child_key(machine->thread_keys[starter->id], ++starter->starts) : 0;
    uint32_t id = 0;
    if (!thread_id_for(machine, key, &id)) return false;
    vm_thread *t = machine->threads[id];
    t->object = object;
    t->state = VM_THREAD_RUNNABLE;
    t->depth = 0;
    t->park = VM_PARK_NONE;
    if (machine->driver.hooks) machine->driver.hooks->thread_created(machine, t);
    *out = t;
    return true;
}

void vm_thread_end(vm *machine, vm_thread *t)
{
    t->state = VM_THREAD_TERMINATED;
    t->depth = 0;
    t->park = VM_PARK_NONE;
    t->permit = false; /* nothing can take it any more: equal end states stay equal */
    if (t->object) VM_FIELDS(vm_obj_w(machine, t->object))[machine->off.thread_alive].i = 0;
}

vm_thread *vm_thread_of_object(vm *machine, uint32_t object)
{
    for (uint32_t i = 0; i < machine->thread_count; i++)
        if (machine->threads[i]->object == object) return machine->threads[i];
    return NULL;
}

bool vm_thread_alive(const vm *machine, uint32_t object)
{
    return object && VM_FIELDS(vm_obj(machine, object))[machine->off.thread_alive].i;
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
    case VM_THREAD_NEW:
        return false;
    case VM_THREAD_BLOCKED:
        if (t->wait_class) return t->wait_class->init_state != VM_INIT_RUNNING;
        return !t->wait_object || monitor_available(machine, t, t->wait_object) ||
               (t->wait_timer == VM_TIMER_ABORTABLE && vm_thread_interrupted(machine, t));
    default:                /* WAITING */
        if (t->join_thread) /* the joined thread ended, or an interrupt ends the join */
            return machine->threads[t->join_thread - 1]->state == VM_THREAD_TERMINATED ||
                   vm_thread_interrupted(machine, t);
        if (t->wait_object) /* notified with the monitor free, or a timeout that may fire */
            return (vm_notified(machine, t) && monitor_available(machine, t, t->wait_lock)) ||
                   vm_timer_pending(t);
        return t->permit || vm_thread_interrupted(machine, t); /* parked */
    }
}

bool vm_park_returns(const vm *machine, const vm_thread *t)
{
    return t->permit || vm_thread_interrupted(machine, t) || vm_spurious_site(machine, t);
}

bool vm_thread_interrupted(const vm *machine, const vm_thread *t)
{
    return t->object && VM_FIELDS(vm_obj(machine, t->object))[machine->off.thread_interrupted].i;
}
