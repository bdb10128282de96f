/* The checker's undo log (trail) and snapshots. Before the first change of an object, the
 * statics of a class, a thread or the globals in an epoch, its old contents are pushed on the
 * trail; allocations and thread creations are pushed too. A snapshot is a trail position:
 * restoring it pops entries back to that position, putting every old content back and freeing
 * what was allocated since. Saving and restoring start a new epoch, so that the next change of
 * anything is logged again. The search restores only ancestors of the current state (the
 * states on its stack), which is exactly what a trail can do; a snapshot whose entries were
 * popped and overwritten is detected by its serial and reported as an error. Pinned objects
 * (mirrors, interned strings) outlive every undo. */
#include <stddef.h>
#include <stdio.h>

#include "check.h"

/* What a trail entry holds. */
enum {
    T_OBJ = 1,    /* [arg] handle; payload: the whole object (header and fields) */
    T_ALLOC,      /* [arg] handle allocated since */
    T_STATICS,    /* [arg] class; payload: its statics */
    T_CLASS,      /* [arg] class; payload: a class_rec */
    T_THREAD,     /* [arg] thread; payload: its thread_bytes, its frames, its used slots */
    T_THREAD_NEW, /* [arg] thread created since */
    T_GLOBALS,    /* payload: a globals_rec and the notification groups */
};

/* The footer written after each entry's payload (so the trail pops from the end). */
typedef struct footer {
    uint64_t serial;
    uint64_t arg;
    uint32_t kind;
    uint32_t size; /* payload bytes (the payload occupies them rounded up to 8) */
} footer;

/* A class's initialisation state. */
typedef struct class_rec {
    uint32_t classes_epoch; /* before the change */
    uint32_t init_thread;
    uint8_t init_state;
} class_rec;

/* The scalar globals that belong to the state. */
typedef struct globals_rec {
    uint64_t clock;
    size_t out_len, err_len;
    uint32_t notify_count;
    uint32_t epoch; /* globals_epoch before the change */
    int32_t exit_status;
    uint8_t exiting;
} globals_rec;

static size_t round8(size_t n)
{
    return (n + 7) & ~(size_t)7;
}

/* ---- Pushing entries ------------------------------------------------------------------------- */

/* Makes room for [need] more bytes on the trail; false (and a fatal error) when out of memory. */
static bool grow_trail(vm *machine, size_t need)
{
    if (vm_bytes_reserve(&machine->check->trail, need)) return true;
    return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory (the checker's undo log)");
}

/* Reserves an entry of [size] payload bytes and returns where the payload goes; NULL (and a
 * fatal error) when out of memory. */
static inline uint8_t *entry_begin(vm *machine, size_t size)
{
    explore_check *c = machine->check;
    size_t need = round8(size) + sizeof(footer);
    if (VM_UNLIKELY(c->trail.len + need > c->trail.cap) && !grow_trail(machine, need)) return NULL;
    return c->trail.data + c->trail.len;
}

/* Finishes the entry begun by entry_begin. The footer is written field by field: a footer built
 * on the stack and copied as a whole is read back in one wide load right after its narrow
 * stores, which the processor cannot forward (a stall on every entry). */
static void entry_end(vm *machine, uint32_t kind, uint64_t arg, size_t size)
{
    explore_check *c = machine->check;
    uint64_t serial = ++c->serial;
    uint32_t bytes = (uint32_t)size;
    c->trail.len += round8(size);
    uint8_t *f = c->trail.data + c->trail.len;
    memcpy(f + offsetof(footer, serial), &serial, sizeof serial);
    memcpy(f + offsetof(footer, arg), &arg, sizeof arg);
    memcpy(f + offsetof(footer, kind), &kind, sizeof kind);
    memcpy(f + offsetof(footer, size), &bytes, sizeof bytes);
    c->trail.len += sizeof(footer);
}

/* Pushes an entry whose payload is [size] bytes at [src]. */
static void push(vm *machine, uint32_t kind, uint64_t arg, const void *src, size_t size)
{
    uint8_t *p = entry_begin(machine, size);
    if (!p) return;
    if (size) memcpy(p, src, size);
    entry_end(machine, kind, arg, size);
}

void explore_trail_object(vm *machine, uint32_t h)
{
    vm_object *o = machine->heap.objects[h];
    if (machine->check) push(machine, T_OBJ, h, o, sizeof *o + vm_payload_bytes(o));
    o->epoch = machine->epoch;
}

void explore_trail_alloc(vm *machine, uint32_t h)
{
    push(machine, T_ALLOC, h, NULL, 0);
}

void explore_trail_statics(vm *machine, vm_class *cls)
{
    size_t bytes = cls->static_slots * sizeof(vm_slot);
    uint8_t *p = machine->check ? entry_begin(machine, 8 + bytes) : NULL;
    if (p) {
        memcpy(p, &cls->statics_epoch, sizeof cls->statics_epoch);
        memcpy(p + 4, &machine->classes_epoch, sizeof machine->classes_epoch);
        memcpy(p + 8, cls->statics, bytes);
        entry_end(machine, T_STATICS, (uintptr_t)cls, 8 + bytes);
    }
    cls->statics_epoch = machine->epoch;
    machine->classes_epoch = machine->epoch;
}

void explore_trail_class(vm *machine, vm_class *cls)
{
    class_rec r = {machine->classes_epoch, cls->init_thread, cls->init_state};
    if (machine->check) push(machine, T_CLASS, (uintptr_t)cls, &r, sizeof r);
    machine->classes_epoch = machine->epoch;
}

/* Returns the number of slots [t] uses (locals and operands of every frame). */
static uint32_t used_slots(const vm_thread *t)
{
    return t->depth ? t->frames[t->depth - 1].sp : 0;
}

/* Returns the bytes of a thread whose [watch_return_count] is [watched] that a trail entry
 * keeps: every field but the watched returns not in use. */
static size_t thread_bytes(uint8_t watched)
{
    return offsetof(vm_thread, watch_returns) + watched * sizeof(vm_watch_return);
}

void explore_trail_thread(vm *machine, vm_thread *t)
{
    if (!machine->check) {
        t->epoch = machine->epoch;
        return;
    }
    size_t head = round8(thread_bytes(t->watch_return_count));
    size_t fbytes = t->depth * sizeof(vm_frame), sbytes = used_slots(t) * sizeof(vm_slot);
    size_t size = head + fbytes + sbytes;
    uint8_t *p = entry_begin(machine, size);
    if (!p) return;
    memcpy(p, t, thread_bytes(t->watch_return_count));
    memcpy(p + head, t->frames, fbytes);
    memcpy(p + head + fbytes, t->slots, sbytes);
    entry_end(machine, T_THREAD, (uintptr_t)t, size);
    t->epoch = machine->epoch;
}

void explore_trail_thread_new(vm *machine, vm_thread *t)
{
    t->epoch = machine->epoch;
    machine->check->created |= UINT64_C(1) << t->id;
    push(machine, T_THREAD_NEW, (uintptr_t)t, NULL, 0);
}

void explore_trail_globals(vm *machine)
{
    explore_check *c = machine->check;
    uint32_t old = machine->globals_epoch;
    machine->globals_epoch = machine->epoch;
    if (!c) return;
    globals_rec r = {machine->clock,       c->out.len,      c->err.len, machine->notify_count, old,
                     machine->exit_status, machine->exiting};
    size_t nbytes = machine->notify_count * sizeof(vm_notify), size = sizeof r + nbytes;
    uint8_t *p = entry_begin(machine, size);
    if (!p) return;
    memcpy(p, &r, sizeof r);
    if (nbytes) memcpy(p + sizeof r, machine->notify, nbytes);
    entry_end(machine, T_GLOBALS, 0, size);
}

/* ---- Undoing entries ------------------------------------------------------------------------- */

/* Puts thread [t] back as saved in [p]; its buffers only ever grow, so the old contents fit. */
static void undo_thread(vm_thread *t, const uint8_t *p)
{
    vm_slot *slots = t->slots;
    vm_frame *frames = t->frames;
    uint32_t slot_capacity = t->slot_capacity, frame_capacity = t->frame_capacity;
    size_t bytes = thread_bytes(p[offsetof(vm_thread, watch_return_count)]);
    memcpy(t, p, bytes);
    t->slots = slots;
    t->frames = frames;
    t->slot_capacity = slot_capacity;
    t->frame_capacity = frame_capacity;
    size_t fbytes = t->depth * sizeof(vm_frame);
    memcpy(frames, p + round8(bytes), fbytes);
    memcpy(slots, p + round8(bytes) + fbytes, used_slots(t) * sizeof(vm_slot));
}

/* Makes thread [t] an unused id again, as a thread never started: its changes since it was
 * created may lie in the epoch that created it, which no entry of its own records (a replay
 * runs in one epoch). Its count of threads started matters most: the keys, so the ids, of the
 * threads it starts on the next path come from it. */
static void undo_thread_new(vm *machine, vm_thread *t)
{
    (void)machine;
    t->state = VM_THREAD_NEW;
    t->object = t->exception = 0;
    t->depth = 0;
    t->starts = 0;
    t->atomic_frame = 0;
    t->watch_return_count = 0;
    t->allocations = t->library_allocations = 0;
    t->wait_object = t->wait_lock = t->saved_count = t->join_thread = 0;
    t->wait_class = NULL;
    t->notified = t->permit = t->parked = t->uncaught = false;
    t->wait_timer = VM_TIMER_NONE;
    t->park = VM_PARK_NONE;
}

/* Puts the globals saved in [p] back. */
static void undo_globals(vm *machine, const uint8_t *p)
{
    globals_rec r;
    memcpy(&r, p, sizeof r);
    machine->clock = r.clock;
    machine->check->out.len = r.out_len;
    machine->check->err.len = r.err_len;
    machine->exit_status = r.exit_status;
    machine->exiting = r.exiting;
    machine->globals_epoch = r.epoch;
    machine->notify_count = r.notify_count;
    if (r.notify_count) memcpy(machine->notify, p + sizeof r, r.notify_count * sizeof(vm_notify));
}

/* Undoes one entry of [kind] with [arg] and payload [p] of [size] bytes. */
static void undo_entry(vm *machine, const footer *f, const uint8_t *p)
{
    switch (f->kind) {
    case T_OBJ:
        memcpy(machine->heap.objects[f->arg], p, f->size);
        break;
    case T_ALLOC:
        if (!(machine->heap.objects[f->arg]->flags & VM_OBJ_PINNED))
            vm_heap_release(machine, (uint32_t)f->arg);
        break;
    case T_STATICS: {
        vm_class *cls = (vm_class *)(uintptr_t)f->arg;
        memcpy(&cls->statics_epoch, p, sizeof cls->statics_epoch);
        memcpy(&machine->classes_epoch, p + 4, sizeof machine->classes_epoch);
        memcpy(cls->statics, p + 8, f->size - 8);
        break;
    }
    case T_CLASS: {
        class_rec r;
        memcpy(&r, p, sizeof r);
        vm_class *cls = (vm_class *)(uintptr_t)f->arg;
        cls->init_state = r.init_state;
        cls->init_thread = r.init_thread;
        machine->classes_epoch = r.classes_epoch;
        break;
    }
    case T_THREAD:
        undo_thread((vm_thread *)(uintptr_t)f->arg, p);
        break;
    case T_THREAD_NEW:
        undo_thread_new(machine, (vm_thread *)(uintptr_t)f->arg);
        break;
    default:
        undo_globals(machine, p);
    }
}

/* Pops entries until the trail is [pos] bytes long. */
static void undo_to(vm *machine, size_t pos)
{
    vm_bytes *tr = &machine->check->trail;
    while (tr->len > pos) {
        footer f;
        memcpy(&f, tr->data + tr->len - sizeof f, sizeof f);
        size_t start = tr->len - sizeof f - round8(f.size);
        undo_entry(machine, &f, tr->data + start);
        tr->len = start;
    }
}

/* Returns the change that trail entry [f] with payload [p] records. */
static explore_change change_of(const footer *f, const uint8_t *p)
{
    explore_change ch = {EXPLORE_CHANGE_GLOBALS, 0, NULL, NULL, p};
    switch (f->kind) {
    case T_OBJ:
        ch.kind = EXPLORE_CHANGE_OBJECT;
        ch.handle = (uint32_t)f->arg;
        break;
    case T_STATICS:
        ch.kind = EXPLORE_CHANGE_STATICS;
        ch.cls = (const vm_class *)(uintptr_t)f->arg;
        ch.old = p + 8;
        break;
    case T_CLASS:
        ch.kind = EXPLORE_CHANGE_CLASS;
        ch.cls = (const vm_class *)(uintptr_t)f->arg;
        break;
    case T_THREAD_NEW:
        ch.kind = EXPLORE_CHANGE_THREAD_NEW;
        ch.thread = (const vm_thread *)(uintptr_t)f->arg;
        break;
    default:
        break;
    }
    return ch;
}

bool explore_trail_changes(vm *machine, size_t from,
                           bool (*visit)(vm *, const explore_change *, void *), void *ctx)
{
    const vm_bytes *tr = &machine->check->trail;
    for (size_t end = tr->len; end > from;) {
        footer f;
        memcpy(&f, tr->data + end - sizeof f, sizeof f);
        end -= sizeof f + round8(f.size);
        if (f.kind == T_THREAD || f.kind == T_ALLOC) continue; /* see explore_change_kind */
        explore_change ch = change_of(&f, tr->data + end);
        if (!visit(machine, &ch, ctx)) return false;
    }
    return true;
}

/* ---- Epochs and snapshots -------------------------------------------------------------------- */

/* Sets the epoch stamps of the old contents in trail entry [f] at [p] back to 0. */
static void reset_entry_epochs(const footer *f, uint8_t *p)
{
    uint32_t zero = 0;
    switch (f->kind) {
    case T_OBJ:
        memcpy(p + offsetof(vm_object, epoch), &zero, sizeof zero);
        memcpy(p + offsetof(vm_object, cache.fh_stamp), &zero, sizeof zero);
        return;
    case T_STATICS:
        memset(p, 0, 8); /* the class's statics epoch and the classes epoch */
        return;
    case T_CLASS:
        memcpy(p + offsetof(class_rec, classes_epoch), &zero, sizeof zero);
        return;
    case T_THREAD:
        memcpy(p + offsetof(vm_thread, epoch), &zero, sizeof zero);
        memcpy(p + offsetof(vm_thread, cache.fh_stamp), &zero, sizeof zero);
        return;
    case T_GLOBALS:
        memcpy(p + offsetof(globals_rec, epoch), &zero, sizeof zero);
        return;
    default:
        return;
    }
}

void explore_trail_reset_epochs(vm *machine)
{
    for (uint32_t h = 1; h < machine->heap.count; h++)
        if (machine->heap.objects[h])
            machine->heap.objects[h]->epoch = machine->heap.objects[h]->cache.fh_stamp = 0;
    for (uint32_t i = 0; i < machine->class_count; i++)
        machine->classes[i]->statics_epoch = machine->classes[i]->cache.fh_stamp = 0;
    for (uint32_t i = 0; i < machine->thread_count; i++)
        machine->threads[i]->epoch = machine->threads[i]->cache.fh_stamp = 0;
    machine->globals_epoch = machine->classes_epoch = 0;
    vm_bytes *tr = &machine->check->trail;
    for (size_t end = tr->len; end > 0;) {
        footer f;
        memcpy(&f, tr->data + end - sizeof f, sizeof f);
        size_t start = end - sizeof f - round8(f.size);
        reset_entry_epochs(&f, tr->data + start);
        end = start;
    }
    explore_state_forget(machine);
    machine->check->epoch_source = 0;
}

/* Returns the serial of the entry that ends at trail position [pos] (0 at the start). */
static uint64_t serial_at(const explore_check *c, size_t pos)
{
    if (pos == 0) return 0;
    footer f;
    memcpy(&f, c->trail.data + pos - sizeof f, sizeof f);
    return f.serial;
}

por_snapshot *explore_trail_save(vm *machine)
{
    explore_check *c = machine->check;
    por_snapshot *s = c->free_snaps;
    if (s)
        c->free_snaps = s->next_free;
    else if (!(s = base_malloc(sizeof *s)))
        return NULL;
    explore_state_sync(machine);
    s->pos = c->trail.len;
    s->serial = serial_at(c, s->pos);
    s->fp = c->fp_pos == s->pos ? c->fp : (explore_fp_ctx){{0, 0}, 0};
    s->walk_pos = c->walk_log_len;
    s->next_free = NULL;
    explore_trail_new_epoch(machine);
    return s;
}

void explore_trail_restore(vm *machine, const por_snapshot *snap)
{
    explore_check *c = machine->check;
    if (snap->pos > c->trail.len || serial_at(c, snap->pos) != snap->serial) {
        c->broken = true;
        return;
    }
    undo_to(machine, snap->pos);
    explore_state_undo_walks(machine, snap->walk_pos);
    c->fp = snap->fp;
    c->fp_pos = snap->pos;
    explore_trail_new_epoch(machine);
}

void explore_trail_release(vm *machine, por_snapshot *snap)
{
    if (!snap) return;
    snap->next_free = machine->check->free_snaps;
    machine->check->free_snaps = snap;
}

void explore_trail_free(vm *machine)
{
    explore_check *c = machine->check;
    while (c->free_snaps) {
        por_snapshot *next = c->free_snaps->next_free;
        base_free(c->free_snaps);
        c->free_snaps = next;
    }
    vm_bytes_free(&c->trail);
}
