/* The synchronisation natives: Object.wait/notify, Thread, and jdk.internal.porcheck.Sync (CAS
 * and other atomic read-modify-writes on fields by slot offset and on array elements, monitors used
 * as locks, condition waits, park/unpark, join). The checker makes calls of them scheduling points
 * (their labels come from natives.c's table of synchronisation kinds); each is one atomic step. A
 * native that must block records what it waits for on the thread and returns VM_NATIVE_BLOCK; the
 * call is retried once the thread is enabled again, and the thread's wait fields tell the retry
 * from the first call. */
#include <stdio.h>

#include "natives.h"

#define FN(name) static int name(vm *machine, vm_thread *t, vm_slot *args, vm_slot *ret)
#define UNUSED (void)machine, (void)t, (void)args, (void)ret

static int illegal_monitor(vm *machine, vm_thread *t)
{
    vm_throw(machine, t, "java/lang/IllegalMonitorStateException", "current thread is not owner");
    return native_thrown(machine);
}

/* ---- Lazy notification (checking) -------------------------------------------------------------
 * notify() wakes one waiting thread, and which one is the scheduler's choice. The checker
 * explores every choice lazily: a notify records a group (the threads waiting at that moment and
 * a count), and whichever candidate re-acquires the lock first takes the notification. A thread
 * takes it from the oldest group it belongs to; the groups of one condition nest (a later group
 * holds every candidate of an earlier one that still waits), so this wakes exactly the sets of
 * threads some sequence of eager choices would. A group whose count covers all its candidates
 * notifies them at once. Under exec, notify wakes the waiting thread with the lowest id. */

/* Returns the threads waiting on [cond] and not notified yet. */
static uint64_t waiters(const vm *machine, uint32_t cond)
{
    uint64_t mask = 0;
    for (uint32_t i = 0; i < machine->thread_count && i < 64; i++) {
        const vm_thread *w = machine->threads[i];
        if (w->state == VM_THREAD_WAITING && w->wait_object == cond && !w->notified)
            mask |= UINT64_C(1) << i;
    }
    return mask;
}

/* Marks every thread of [mask] notified and takes it out of [cond]'s groups. */
static void notify_threads(vm *machine, uint32_t cond, uint64_t mask)
{
    for (uint32_t i = 0; i < machine->thread_count && i < 64; i++) {
        if (!(mask >> i & 1)) continue;
        vm_thread_w(machine, machine->threads[i]);
        machine->threads[i]->notified = true;
    }
    for (uint32_t g = 0; g < machine->notify_count; g++)
        if (machine->notify[g].cond == cond) machine->notify[g].mask &= ~mask;
}

/* Removes the groups without candidates or notifications left. */
static void drop_spent_groups(vm *machine)
{
    uint32_t k = 0;
    for (uint32_t g = 0; g < machine->notify_count; g++)
        if (machine->notify[g].mask && machine->notify[g].count)
            machine->notify[k++] = machine->notify[g];
    machine->notify_count = k;
}

/* Notifies at once the candidates of every group of [cond] that has as many notifications (its
 * own and those of older groups, whose candidates it contains) as candidates. */
static void settle_groups(vm *machine, uint32_t cond)
{
    uint32_t sum = 0;
    for (uint32_t g = 0; g < machine->notify_count; g++) {
        vm_notify *n = &machine->notify[g];
        if (n->cond != cond) continue;
        sum += n->count;
        if (sum < (uint32_t)__builtin_popcountll(n->mask)) continue;
        for (uint32_t k = 0; k <= g; k++)
            if (machine->notify[k].cond == cond) machine->notify[k].count = 0;
        notify_threads(machine, cond, n->mask);
        sum = 0;
    }
    drop_spent_groups(machine);
}

/* Records one notification for the threads of [mask] waiting on [cond]. */
static bool add_group(vm *machine, uint32_t cond, uint64_t mask)
{
    for (uint32_t g = machine->notify_count; g-- > 0;) {
        vm_notify *n = &machine->notify[g];
        if (n->cond != cond) continue;
        if (n->mask != mask) break;
        n->count++;
        return true;
    }
    if (machine->notify_count == machine->notify_capacity) {
        uint32_t cap = machine->notify_capacity ? machine->notify_capacity * 2 : 8;
        vm_notify *grown = base_realloc(machine->notify, cap * sizeof *grown);
        if (!grown) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory");
        machine->notify = grown;
        machine->notify_capacity = cap;
    }
    machine->notify[machine->notify_count++] = (vm_notify){cond, 1, mask};
    return true;
}

bool vm_notified(const vm *machine, const vm_thread *t)
{
    if (t->notified) return true;
    for (uint32_t g = 0; g < machine->notify_count; g++) {
        const vm_notify *n = &machine->notify[g];
        if (n->cond == t->wait_object && (n->mask >> t->id & 1)) return true;
    }
    return false;
}

/* [t], waking from a wait on [cond], takes its notification (from its oldest group). */
static void take_notification(vm *machine, vm_thread *t, uint32_t cond)
{
    if (t->notified) {
        t->notified = false;
        return;
    }
    vm_globals_w(machine);
    uint64_t bit = UINT64_C(1) << t->id;
    bool taken = false;
    for (uint32_t g = 0; g < machine->notify_count; g++) {
        vm_notify *n = &machine->notify[g];
        if (n->cond != cond || !(n->mask & bit)) continue;
        if (!taken) n->count--;
        taken = true;
        n->mask &= ~bit;
    }
    drop_spent_groups(machine);
    settle_groups(machine, cond);
}

/* The timeout of [t]'s timed wait on [cond] fires while another thread holds the monitor: [t]
 * is no candidate of a notification any more (a group it belonged to goes to the others) and
 * competes for the monitor as a notified thread does. */
static void expire(vm *machine, vm_thread *t, uint32_t cond)
{
    vm_globals_w(machine);
    t->wait_timer = VM_TIMER_EXPIRED;
    notify_threads(machine, cond, UINT64_C(1) << t->id);
    drop_spent_groups(machine);
    settle_groups(machine, cond);
}

/* Clears [t]'s interrupt flag; returns whether it was set. */
static bool take_interrupt(vm *machine, vm_thread *t)
{
    if (!vm_thread_interrupted(machine, t)) return false;
    VM_FIELDS(vm_obj_w(machine, t->object))[machine->off.thread_interrupted].i = 0;
    return true;
}

/* Throws InterruptedException on [t]. */
static int throw_interrupted(vm *machine, vm_thread *t)
{
    vm_throw(machine, t, "java/lang/InterruptedException", NULL);
    return native_thrown(machine);
}

/* [t] starts to wait on [cond] after releasing [lock]'s monitor [o]. Under checking a timed
 * wait stays a candidate of notify() until its timeout fires (a step of its own while the monitor
 * is held; at once when it is free); under exec it times out at once. An untimed wait that
 * interrupts do not end ([interruptible] false) is VM_TIMER_DEAF. */
static int start_wait(vm *machine, vm_thread *t, vm_object *o, uint32_t lock, uint32_t cond,
                      bool timed, bool interruptible)
{
    t->saved_count = o->lock_count;
    o->lock_owner = 0;
    o->lock_count = 0;
    t->wait_object = cond;
    t->wait_lock = lock;
    bool checking = machine->driver.hooks != NULL;
    t->notified = timed && !checking;
    t->wait_timer = !timed     ? (interruptible ? VM_TIMER_NONE : VM_TIMER_DEAF)
                    : checking ? VM_TIMER_RUNNING
                               : VM_TIMER_EXPIRED;
    t->state = VM_THREAD_WAITING;
    return VM_NATIVE_BLOCK;
}

/* Waits on [cond] releasing monitor [lock] (Object.wait when they are the same object); with
 * [timed], the wait may end by its timeout. Sets [*notified] (may be NULL) to whether the wait
 * ended by a notification rather than by its timeout. With [interruptible], as HotSpot's
 * Object.wait: a thread interrupted before it waits throws InterruptedException at once, keeping
 * the monitor; one interrupted while it waits (Thread.interrupt starts its timer, see
 * thread_interrupt) leaves the wait set as a timed-out one does and, unless a notification
 * reached it first, throws InterruptedException once it holds the monitor again. */
static int wait_on(vm *machine, vm_thread *t, uint32_t lock, uint32_t cond, bool timed,
                   bool interruptible, bool *notified)
{
    vm_object *o = vm_obj(machine, lock);
    if (!t->wait_object) {
        if (o->lock_owner != t->id + 1) return illegal_monitor(machine, t);
        if (interruptible && take_interrupt(machine, t)) return throw_interrupted(machine, t);
        return start_wait(machine, t, vm_obj_w(machine, lock), lock, cond, timed, interruptible);
    }
    bool free = !o->lock_owner || o->lock_owner == t->id + 1;
    bool running = vm_timer_pending(t);
    if (running && !free) {
        expire(machine, t, cond);
        t->state = VM_THREAD_WAITING;
        return VM_NATIVE_BLOCK;
    }
    if (!running && (!vm_notified(machine, t) || !free)) {
        t->state = VM_THREAD_WAITING;
        return VM_NATIVE_BLOCK;
    }
    /* a running timer with the monitor free: a pending notification is taken, else it expires */
    bool by_timeout = t->wait_timer == VM_TIMER_EXPIRED || !vm_notified(machine, t);
    if (!by_timeout) take_notification(machine, t, cond);
    t->notified = false;
    if (notified) *notified = !by_timeout;
    o = vm_obj_w(machine, lock);
    o->lock_owner = t->id + 1;
    o->lock_count = t->saved_count;
    t->wait_object = t->wait_lock = 0;
    t->wait_timer = VM_TIMER_NONE;
    if (by_timeout && interruptible && take_interrupt(machine, t))
        return throw_interrupted(machine, t);
    return VM_NATIVE_OK;
}

/* Wakes one (or, with [all], every) thread waiting on [cond]. */
static void wake(vm *machine, uint32_t cond, bool all)
{
    if (!machine->driver.hooks) {
        for (uint32_t i = 0; i < machine->thread_count; i++) {
            vm_thread *w = machine->threads[i];
            if (w->state != VM_THREAD_WAITING || w->wait_object != cond || w->notified) continue;
            w->notified = true;
            if (!all) return;
        }
        return;
    }
    uint64_t mask = waiters(machine, cond);
    if (!mask) return;
    vm_globals_w(machine);
    if (all || __builtin_popcountll(mask) == 1) {
        notify_threads(machine, cond, mask);
        drop_spent_groups(machine);
        return;
    }
    if (add_group(machine, cond, mask)) settle_groups(machine, cond);
}

/* True when [m] is Object.wait() or LockSupport.park(), the waits without a timeout that may
 * return spuriously. */
static bool spurious_waiter(const vm_method *m)
{
    const char *c = m->owner->name;
    if (!strcmp(c, "java/lang/Object"))
        return !strcmp(m->name, "wait") && !strcmp(m->descriptor, "()V");
    return !strcmp(c, "java/util/concurrent/locks/LockSupport") && !strcmp(m->name, "park") &&
           (!strcmp(m->descriptor, "()V") || !strcmp(m->descriptor, "(Ljava/lang/Object;)V"));
}

bool vm_spurious_site(const vm *machine, const vm_thread *t)
{
    if (!machine->opts.spurious_wakeups || !machine->driver.hooks || t->depth < 2) return false;
    const vm_frame *caller = &t->frames[t->depth - 2];
    const vm_method *m = caller->method;
    return spurious_waiter(t->frames[t->depth - 1].method) && m->code &&
           !vm_is_system_name(m->owner->name) && !cf_pc_in_loop(m->code, caller->pc);
}

int vm_native_object_wait(vm *machine, vm_thread *t, vm_slot *args, vm_slot *ret)
{
    (void)ret;
    if (vm_get_long(args + 1) < 0) {
        vm_throw(machine, t, "java/lang/IllegalArgumentException", "timeout value is negative");
        return native_thrown(machine);
    }
    bool timed = vm_get_long(args + 1) > 0 || (!t->wait_object && vm_spurious_site(machine, t));
    return wait_on(machine, t, args[0].ref, args[0].ref, timed, true, NULL);
}

int vm_native_object_notify(vm *machine, vm_thread *t, vm_slot *args, vm_slot *ret)
{
    (void)ret;
    if (vm_obj(machine, args[0].ref)->lock_owner != t->id + 1) return illegal_monitor(machine, t);
    wake(machine, args[0].ref, false);
    return VM_NATIVE_OK;
}

int vm_native_object_notify_all(vm *machine, vm_thread *t, vm_slot *args, vm_slot *ret)
{
    (void)ret;
    if (vm_obj(machine, args[0].ref)->lock_owner != t->id + 1) return illegal_monitor(machine, t);
    wake(machine, args[0].ref, true);
    return VM_NATIVE_OK;
}

/* ---- Thread -----------------------------------------------------------------------------------
 */

FN(thread_current)
{
    UNUSED;
    ret->ref = t->object;
    return VM_NATIVE_OK;
}

FN(thread_start)
{
    UNUSED;
    uint32_t obj = args[0].ref;
    vm_method *run =
        vm_vtable_lookup(vm_obj(machine, obj)->cls, vm_intern_symbol(machine, "run", 3),
                         vm_intern_symbol(machine, "()V", 3));
    vm_thread *nt;
    if (!run || !vm_thread_create(machine, t, obj, &nt)) return VM_NATIVE_FAIL;
    nt->slots[0].ref = obj;
    VM_FIELDS(vm_obj_w(machine, obj))[machine->off.thread_alive].i = 1;
    vm_call_result r = vm_push_frame(machine, nt, run, 0, 0);
    return r == VM_CALL_PUSHED ? VM_NATIVE_OK : VM_NATIVE_FAIL;
}

FN(thread_yield)
{
    UNUSED;
    /* The checker schedules at the next scheduling point anyway (a yield is not one). */
    return machine->driver.hooks ? VM_NATIVE_OK : VM_NATIVE_YIELD;
}

/* Thread.interrupt: sets the flag of thread [args[0]] (started or not, as the JDK's field is),
 * and wakes it from an interruptible wait: under checking, an untimed wait becomes one whose
 * timeout may fire (wait_on then throws), so that the thread still takes a notification that
 * reaches it before it leaves the wait set, as HotSpot's does; under exec it wakes at once. A
 * parked thread wakes because park returns while the flag is set, and a joining one because its
 * join ends (vm_thread_enabled). */
FN(thread_interrupt)
{
    UNUSED;
    VM_FIELDS(vm_obj_w(machine, args[0].ref))[machine->off.thread_interrupted].i = 1;
    vm_thread *target = vm_thread_of_object(machine, args[0].ref);
    if (!target || target == t || target->state != VM_THREAD_WAITING) return VM_NATIVE_OK;
    if (!target->wait_object || target->notified || target->wait_timer != VM_TIMER_NONE)
        return VM_NATIVE_OK;
    vm_thread_w(machine, target);
    if (machine->driver.hooks) {
        target->wait_timer = VM_TIMER_RUNNING;
    } else {
        target->wait_timer = VM_TIMER_EXPIRED;
        target->notified = true;
    }
    return VM_NATIVE_OK;
}

/* Thread.isInterrupted: thread [args[0]]'s flag (started or not). */
FN(thread_is_interrupted)
{
    UNUSED;
    ret->i = VM_FIELDS(vm_obj(machine, args[0].ref))[machine->off.thread_interrupted].i;
    return VM_NATIVE_OK;
}

/* Thread.isAlive: whether thread [args[0]] has started and not ended (the VM sets the field). */
FN(thread_is_alive)
{
    UNUSED;
    ret->i = vm_thread_alive(machine, args[0].ref);
    return VM_NATIVE_OK;
}

/* Thread.interrupted, called on the current thread: its flag, which it clears. */
FN(thread_clear_interrupt)
{
    UNUSED;
    ret->i = take_interrupt(machine, t);
    return VM_NATIVE_OK;
}

/* Thread.sleep, called on the current thread: returns at once (its time may pass at any moment),
 * or throws InterruptedException, clearing the flag, when the thread is interrupted. */
FN(thread_sleep)
{
    UNUSED;
    if (take_interrupt(machine, t)) return throw_interrupted(machine, t);
    return machine->driver.hooks ? VM_NATIVE_OK : VM_NATIVE_YIELD;
}

/* Thread.join of thread [args[0]], as the JDK's `while (isAlive()) wait(0)` under its monitor:
 * returns at once when that thread is not alive (never started, or ended: an interrupt flag is
 * then kept); otherwise throws InterruptedException, clearing the flag, when [t] is interrupted,
 * and else waits (under checking a thread parked before the join runs it only once it can do
 * one or the other, see explore_sched_enabled; one that runs alone, stopping nowhere, can wait
 * here). A woken join returns, or throws when an interrupt rather than the thread's end woke
 * it. */
FN(thread_join)
{
    UNUSED;
    t->join_thread = 0; /* woken, when it was set */
    if (!vm_thread_alive(machine, args[0].ref)) return VM_NATIVE_OK;
    if (take_interrupt(machine, t)) return throw_interrupted(machine, t);
    t->join_thread = vm_thread_of_object(machine, args[0].ref)->id + 1;
    t->state = VM_THREAD_WAITING;
    return VM_NATIVE_BLOCK;
}

FN(thread_holds_lock)
{
    UNUSED;
    if (!args[0].ref) return native_npe(machine, t);
    ret->i = vm_obj(machine, args[0].ref)->lock_owner == t->id + 1;
    return VM_NATIVE_OK;
}

const vm_native vm_natives_thread[] = {
    {"currentThread", "()Ljava/lang/Thread;", thread_current, VM_SYNC_NONE, NULL},
    {"start0", "()V", thread_start, VM_SYNC_START, "start"},
    {"yield", "()V", thread_yield, VM_SYNC_NONE, NULL},
    {"sleep0", "(J)V", thread_sleep, VM_SYNC_LOCK, "sleep"},
    {"interrupt0", "()V", thread_interrupt, VM_SYNC_INTERRUPT, "interrupt"},
    {"isInterrupted0", "()Z", thread_is_interrupted, VM_SYNC_LOCK_READ, "isInterrupted"},
    {"isAlive0", "()Z", thread_is_alive, VM_SYNC_ALIVE, "isAlive"},
    {"clearInterrupt0", "()Z", thread_clear_interrupt, VM_SYNC_LOCK, "interrupted"},
    {"join0", "(Ljava/lang/Thread;)V", thread_join, VM_SYNC_JOIN, "join"},
    {"holdsLock", "(Ljava/lang/Object;)Z", thread_holds_lock, VM_SYNC_LOCK_READ, NULL},
    {0},
};

/* ---- Sync: atomics ----------------------------------------------------------------------------
 * An atomic addresses an int, long or reference (kind 'I', 'J' or 'L') by (object, offset): an
 * instance field by its slot (objectFieldOffset), an array element at VM_ARRAY_BASE + index *
 * elem_size (Unsafe's arrayBaseOffset and arrayIndexScale). A cell is such a place; values
 * travel as int64_t. */

/* An instance or static field slot or an array element that an atomic reads or writes. */
typedef struct cell {
    void *p;   /* the vm_slot, or the element's bytes */
    char elem; /* the element kind of an array element (Z B C S I F J D L), 0 for a slot */
    char kind; /* how the atomic reads it: 'I' (also Z B C S F), 'J' (also D) or 'L' */
} cell;

/* What an atomic does with its cell. */
typedef enum atomic_op {
    ATOMIC_GET,
    ATOMIC_PUT,
    ATOMIC_CAS,      /* compareAndSet: returns whether it swapped */
    ATOMIC_EXCHANGE, /* compareAndExchange: returns the value it found */
    ATOMIC_ADD,
    ATOMIC_SWAP,
    ATOMIC_OR,
    ATOMIC_AND,
    ATOMIC_XOR,
} atomic_op;

int64_t vm_sync_field(const vm_object *o, int64_t offset)
{
    if (o->cls->kind != VM_KIND_ARRAY)
        return offset >= 0 && offset < o->cls->instance_slots ? offset : -1;
    int64_t scale = o->cls->elem_size, rel = offset - VM_ARRAY_BASE;
    if (rel < 0 || rel % scale || rel / scale >= o->length) return -1;
    return rel / scale;
}

vm_class *vm_sync_static(const vm *machine, const vm_object *o, int64_t offset, uint32_t *slot)
{
    if (o->cls != machine->known.class_ || offset < VM_STATIC_BASE) return NULL;
    int32_t index = VM_FIELDS(o)[machine->off.class_index].i;
    vm_class *c =
        index >= 0 && (uint32_t)index < machine->class_count ? machine->classes[index] : NULL;
    if (!c || offset - VM_STATIC_BASE >= c->static_slots) return NULL;
    *slot = (uint32_t)(offset - VM_STATIC_BASE);
    return c;
}

/* True when an atomic that reads cells as [kind] can address an array element of [elem]. */
static bool elem_fits(char elem, char kind)
{
    if (kind == 'L' || elem == 'L') return elem == kind;
    return kind == 'J' ? elem == 'J' || elem == 'D' : elem != 'J' && elem != 'D';
}

/* Finds the cell of [kind] at [offset] of object [h] (an instance, an array, or a Class whose
 * statics a static offset addresses) into [c], marking what it writes when [write]; false (after
 * throwing) when [h] is null or [offset] addresses no such cell of it. */
static bool cell_at(vm *machine, vm_thread *t, uint32_t h, int64_t offset, bool write, cell *c)
{
    if (!h) {
        vm_throw_npe(machine, t);
        return false;
    }
    vm_object *o = vm_obj(machine, h);
    uint32_t slot;
    vm_class *statics = vm_sync_static(machine, o, offset, &slot);
    if (statics && slot + (c->kind == 'J' ? 2u : 1u) <= statics->static_slots) {
        c->elem = 0;
        c->p = (write ? vm_statics_w(machine, statics) : statics->statics) + slot;
        return true;
    }
    int64_t field = statics ? -1 : vm_sync_field(o, offset);
    bool array = o->cls->kind == VM_KIND_ARRAY;
    bool fits = array ? elem_fits(o->cls->elem_kind, c->kind)
                      : field + (c->kind == 'J' ? 2 : 1) <= o->cls->instance_slots;
    if (field < 0 || !fits) {
        vm_throw(machine, t, "java/lang/IllegalArgumentException", "bad offset %lld into %s",
                 (long long)offset, o->cls->name);
        return false;
    }
    if (write) o = vm_obj_w(machine, h);
    c->elem = array ? o->cls->elem_kind : 0;
    c->p = array ? (void *)((uint8_t *)VM_ELEMS(o) + field * o->cls->elem_size)
                 : (void *)&VM_FIELDS(o)[field];
    return true;
}

/* Returns the value in [c]: an array element as the array stores it, widened to int or long. */
static int64_t cell_get(const cell *c)
{
    int64_t v = 0;
    switch (c->elem) {
    case 0:
        return c->kind == 'J'   ? vm_get_long(c->p)
               : c->kind == 'L' ? (int64_t)((const vm_slot *)c->p)->ref
                                : (int64_t)((const vm_slot *)c->p)->i;
    case 'J':
    case 'D':
        memcpy(&v, c->p, sizeof v);
        return v;
    case 'L':
        return *(const uint32_t *)c->p;
    case 'Z':
    case 'B':
        return *(const int8_t *)c->p;
    case 'S':
        return *(const int16_t *)c->p;
    case 'C':
        return *(const uint16_t *)c->p;
    default:
        return *(const int32_t *)c->p;
    }
}

/* Stores [v] into [c], narrowed to what the cell holds. */
static void cell_set(const cell *c, int64_t v)
{
    switch (c->elem) {
    case 0:
        if (c->kind == 'J')
            vm_set_long(c->p, v);
        else if (c->kind == 'L')
            ((vm_slot *)c->p)->ref = (uint32_t)v;
        else
            ((vm_slot *)c->p)->i = (int32_t)(uint32_t)v;
        return;
    case 'J':
    case 'D':
        memcpy(c->p, &v, sizeof v);
        return;
    case 'L':
        *(uint32_t *)c->p = (uint32_t)v;
        return;
    case 'Z':
        *(int8_t *)c->p = (int8_t)(v & 1);
        return;
    case 'B':
        *(int8_t *)c->p = (int8_t)v;
        return;
    case 'S':
    case 'C':
        *(uint16_t *)c->p = (uint16_t)v;
        return;
    default:
        *(int32_t *)c->p = (int32_t)(uint32_t)v;
    }
}

/* Returns the argument of [kind] at [a]. */
static int64_t arg_of(const vm_slot *a, char kind)
{
    return kind == 'J' ? vm_get_long(a) : kind == 'L' ? (int64_t)a->ref : (int64_t)a->i;
}

/* Stores result [v] of [kind] into [ret]. */
static void set_result(vm_slot *ret, char kind, int64_t v)
{
    if (kind == 'J')
        vm_set_long(ret, v);
    else if (kind == 'L')
        ret->ref = (uint32_t)v;
    else
        ret->i = (int32_t)(uint32_t)v;
}

/* Does [op] on the cell of [kind] that args[0] and offset args[1..2] address, with the
 * operands that follow; one atomic step. */
static int atomic(vm *machine, vm_thread *t, vm_slot *args, vm_slot *ret, char kind, atomic_op op)
{
    cell c = {.kind = kind};
    if (!cell_at(machine, t, args[0].ref, vm_get_long(args + 1), op != ATOMIC_GET, &c))
        return native_thrown(machine);
    int64_t old = cell_get(&c), a = arg_of(args + 3, kind);
    int64_t b =
        op == ATOMIC_CAS || op == ATOMIC_EXCHANGE ? arg_of(args + (kind == 'J' ? 5 : 4), kind) : 0;
    switch (op) {
    case ATOMIC_GET:
        break;
    case ATOMIC_PUT:
        cell_set(&c, a);
        return VM_NATIVE_OK;
    case ATOMIC_CAS:
        if (old == a) cell_set(&c, b);
        ret->i = old == a;
        return VM_NATIVE_OK;
    case ATOMIC_EXCHANGE:
        if (old == a) cell_set(&c, b);
        break;
    case ATOMIC_ADD:
        cell_set(&c, (int64_t)((uint64_t)old + (uint64_t)a));
        break;
    case ATOMIC_SWAP:
        cell_set(&c, a);
        break;
    case ATOMIC_OR:
        cell_set(&c, old | a);
        break;
    case ATOMIC_AND:
        cell_set(&c, old & a);
        break;
    case ATOMIC_XOR:
        cell_set(&c, old ^ a);
        break;
    }
    set_result(ret, kind, old);
    return VM_NATIVE_OK;
}

/* Defines native [name]: atomic [op] on a cell of [kind]. */
#define ATOMIC(name, kind, op)                                                                     \
    FN(name)                                                                                       \
    {                                                                                              \
        return atomic(machine, t, args, ret, kind, op);                                            \
    }

ATOMIC(sync_cas_int, 'I', ATOMIC_CAS)
ATOMIC(sync_cas_long, 'J', ATOMIC_CAS)
ATOMIC(sync_cas_ref, 'L', ATOMIC_CAS)
ATOMIC(sync_cae_int, 'I', ATOMIC_EXCHANGE)
ATOMIC(sync_cae_long, 'J', ATOMIC_EXCHANGE)
ATOMIC(sync_cae_ref, 'L', ATOMIC_EXCHANGE)
ATOMIC(sync_add_int, 'I', ATOMIC_ADD)
ATOMIC(sync_add_long, 'J', ATOMIC_ADD)
ATOMIC(sync_swap_int, 'I', ATOMIC_SWAP)
ATOMIC(sync_swap_long, 'J', ATOMIC_SWAP)
ATOMIC(sync_swap_ref, 'L', ATOMIC_SWAP)
ATOMIC(sync_get_int, 'I', ATOMIC_GET)
ATOMIC(sync_get_long, 'J', ATOMIC_GET)
ATOMIC(sync_get_ref, 'L', ATOMIC_GET)
ATOMIC(sync_put_int, 'I', ATOMIC_PUT)
ATOMIC(sync_put_long, 'J', ATOMIC_PUT)
ATOMIC(sync_put_ref, 'L', ATOMIC_PUT)
ATOMIC(sync_or_int, 'I', ATOMIC_OR)
ATOMIC(sync_or_long, 'J', ATOMIC_OR)
ATOMIC(sync_and_int, 'I', ATOMIC_AND)
ATOMIC(sync_and_long, 'J', ATOMIC_AND)
ATOMIC(sync_xor_int, 'I', ATOMIC_XOR)
ATOMIC(sync_xor_long, 'J', ATOMIC_XOR)

FN(sync_index_scale)
{
    UNUSED;
    if (!args[0].ref) return native_npe(machine, t);
    const vm_class *c = vm_class_of_mirror(machine, args[0].ref);
    if (!c || c->kind != VM_KIND_ARRAY) {
        vm_throw(machine, t, "java/lang/IllegalArgumentException", "not an array class");
        return native_thrown(machine);
    }
    ret->i = c->elem_size;
    return VM_NATIVE_OK;
}

FN(sync_field_offset)
{
    UNUSED;
    if (!args[0].ref || !args[1].ref) return native_npe(machine, t);
    char name[256];
    vm_string_utf8(machine, args[1].ref, name, sizeof name);
    for (vm_class *c = vm_class_of_mirror(machine, args[0].ref); c; c = c->super) {
        vm_field *f = c->cf ? vm_declared_field(c, name) : NULL;
        if (f && !(f->access & CF_ACC_STATIC)) {
            vm_set_long(ret, f->offset);
            return VM_NATIVE_OK;
        }
    }
    vm_throw(machine, t, "java/lang/RuntimeException", "java.lang.NoSuchFieldException: %s", name);
    return native_thrown(machine);
}

FN(sync_static_offset)
{
    UNUSED;
    if (!args[0].ref || !args[1].ref) return native_npe(machine, t);
    char name[256];
    vm_string_utf8(machine, args[1].ref, name, sizeof name);
    vm_class *c = vm_class_of_mirror(machine, args[0].ref);
    vm_field *f = c->cf ? vm_declared_field(c, name) : NULL;
    if (f && (f->access & CF_ACC_STATIC)) {
        vm_set_long(ret, VM_STATIC_BASE + f->offset);
        return VM_NATIVE_OK;
    }
    vm_throw(machine, t, "java/lang/RuntimeException", "java.lang.NoSuchFieldException: %s", name);
    return native_thrown(machine);
}

FN(sync_array_length)
{
    UNUSED;
    if (!args[0].ref) return native_npe(machine, t);
    const vm_object *o = vm_obj(machine, args[0].ref);
    if (o->cls->kind != VM_KIND_ARRAY) {
        vm_throw(machine, t, "java/lang/IllegalArgumentException", "not an array");
        return native_thrown(machine);
    }
    ret->i = (int32_t)o->length;
    return VM_NATIVE_OK;
}

FN(sync_field_type)
{
    UNUSED;
    if (!args[0].ref || !args[1].ref) return native_npe(machine, t);
    char name[256], type[512];
    vm_string_utf8(machine, args[1].ref, name, sizeof name);
    ret->ref = 0;
    for (vm_class *c = vm_class_of_mirror(machine, args[0].ref); c; c = c->super) {
        vm_field *f = c->cf ? vm_declared_field(c, name) : NULL;
        if (!f) continue;
        const char *d = f->descriptor;
        if (d[0] == 'L') snprintf(type, sizeof type, "%.*s", (int)strlen(d) - 2, d + 1);
        vm_class *k = d[0] == 'L'   ? vm_load_class(machine, t, type)
                      : d[0] == '[' ? vm_load_class(machine, t, d)
                                    : vm_primitive_class(machine, d[0]);
        if (!k) return VM_NATIVE_FAIL;
        ret->ref = k->mirror;
        return VM_NATIVE_OK;
    }
    return VM_NATIVE_OK;
}

/* Sync.fieldModifiers(c, name): the access flags of the field [name] class [c] declares, or -1. */
FN(sync_field_modifiers)
{
    UNUSED;
    if (!args[0].ref || !args[1].ref) return native_npe(machine, t);
    char name[256];
    vm_string_utf8(machine, args[1].ref, name, sizeof name);
    vm_class *c = vm_class_of_mirror(machine, args[0].ref);
    const vm_field *f = c && c->cf ? vm_declared_field(c, name) : NULL;
    ret->i = f ? f->access : -1;
    return VM_NATIVE_OK;
}

/* ---- Sync: locks
 * ---------------------------------------------------------------------------------- */

FN(sync_enter)
{
    UNUSED;
    if (!args[0].ref) return native_npe(machine, t);
    return vm_monitor_enter(machine, t, args[0].ref) ? VM_NATIVE_OK : VM_NATIVE_BLOCK;
}

FN(sync_enter_interruptibly)
{
    UNUSED;
    if (!args[0].ref) return native_npe(machine, t);
    if (take_interrupt(machine, t)) return throw_interrupted(machine, t);
    if (vm_monitor_enter(machine, t, args[0].ref)) return VM_NATIVE_OK;
    t->wait_timer = VM_TIMER_ABORTABLE; /* BLOCKED until the monitor is free or it is interrupted */
    return VM_NATIVE_BLOCK;
}

FN(sync_try_enter)
{
    UNUSED;
    if (!args[0].ref) return native_npe(machine, t);
    vm_object *o = vm_obj(machine, args[0].ref);
    ret->i = o->lock_owner == 0 || o->lock_owner == t->id + 1;
    if (ret->i) {
        o = vm_obj_w(machine, args[0].ref);
        o->lock_owner = t->id + 1;
        o->lock_count++;
    }
    return VM_NATIVE_OK;
}

FN(sync_exit)
{
    UNUSED;
    if (!args[0].ref) return native_npe(machine, t);
    return vm_monitor_exit(machine, t, args[0].ref) ? VM_NATIVE_OK : native_thrown(machine);
}

FN(sync_depth)
{
    UNUSED;
    if (!args[0].ref) return native_npe(machine, t);
    vm_object *o = vm_obj(machine, args[0].ref);
    ret->i = o->lock_owner == t->id + 1 ? (int32_t)o->lock_count : 0;
    return VM_NATIVE_OK;
}

FN(sync_locked)
{
    UNUSED;
    if (!args[0].ref) return native_npe(machine, t);
    ret->i = vm_obj(machine, args[0].ref)->lock_owner != 0;
    return VM_NATIVE_OK;
}

FN(sync_await)
{
    UNUSED;
    if (!args[0].ref || !args[1].ref) return native_npe(machine, t);
    return wait_on(machine, t, args[0].ref, args[1].ref, false, true, NULL);
}

FN(sync_await_uninterruptibly)
{
    UNUSED;
    if (!args[0].ref || !args[1].ref) return native_npe(machine, t);
    return wait_on(machine, t, args[0].ref, args[1].ref, false, false, NULL);
}

FN(sync_await_timed)
{
    UNUSED;
    if (!args[0].ref || !args[1].ref) return native_npe(machine, t);
    bool notified = false;
    int r = wait_on(machine, t, args[0].ref, args[1].ref, true, true, &notified);
    ret->i = notified;
    return r;
}

FN(sync_signal)
{
    UNUSED;
    if (!args[0].ref || !args[1].ref) return native_npe(machine, t);
    wake(machine, args[1].ref, false);
    return VM_NATIVE_OK;
}

FN(sync_signal_all)
{
    UNUSED;
    if (!args[0].ref || !args[1].ref) return native_npe(machine, t);
    wake(machine, args[1].ref, true);
    return VM_NATIVE_OK;
}

FN(sync_wait_queue_length)
{
    UNUSED;
    if (!args[0].ref || !args[1].ref) return native_npe(machine, t);
    uint32_t cond = args[1].ref, pending = 0; /* notifications not yet taken by a waiter */
    for (uint32_t g = 0; g < machine->notify_count; g++)
        if (machine->notify[g].cond == cond) pending += machine->notify[g].count;
    uint32_t waiting = (uint32_t)__builtin_popcountll(waiters(machine, cond));
    ret->i = (int32_t)(waiting > pending ? waiting - pending : 0);
    return VM_NATIVE_OK;
}

FN(sync_park)
{
    UNUSED;
    if (vm_park_returns(machine, t)) { /* it takes the permit; a spurious return leaves none */
        t->permit = false;
        t->parked = false;
        return VM_NATIVE_OK;
    }
    t->parked = true;
    t->state = VM_THREAD_WAITING;
    return VM_NATIVE_BLOCK;
}

/* True when [name] is a class that only passes a wait on: the model's LockSupport, Unsafe
 * and locks, whose conditions wait for their caller. */
static bool wait_wrapper(const char *name)
{
    static const char locks[] = "java/util/concurrent/locks/";
    if (strncmp(name, locks, sizeof locks - 1)) return false;
    const char *c = name + sizeof locks - 1;
    return !strcmp(c, "LockSupport") || !strncmp(c, "ReentrantLock", 13) ||
           !strncmp(c, "ReentrantReadWriteLock", 22);
}

/* True when the timed wait [t] is in (a park or a condition's timed await) was called by the
 * JDK's own code: the first frame below the classes that only pass a wait on (wait_wrapper,
 * the Unsafes) is a system class's. */
static bool jdk_waits(const vm_thread *t)
{
    for (uint32_t i = t->depth; i-- > 0;) {
        const char *c = t->frames[i].method->owner->name;
        if (!wait_wrapper(c) && strcmp(c, "jdk/internal/misc/Unsafe") &&
            strcmp(c, "sun/misc/Unsafe"))
            return vm_is_system_name(c);
    }
    return false;
}

/* Advances the clock to [to] (at most VM_CLOCK_LIMIT), never back. */
static void advance_clock(vm *machine, uint64_t to)
{
    if (to > VM_CLOCK_LIMIT) to = VM_CLOCK_LIMIT;
    if (to <= machine->clock) return;
    vm_globals_w(machine);
    machine->clock = to;
}

/* The clock [nanos] from now (VM_CLOCK_LIMIT when that is further). */
static uint64_t clock_after(const vm *machine, int64_t nanos)
{
    if (nanos <= 0) return machine->clock;
    return (uint64_t)nanos > VM_CLOCK_LIMIT - machine->clock ? VM_CLOCK_LIMIT
                                                             : machine->clock + (uint64_t)nanos;
}

/* The clock (nanoTime's nanoseconds) at currentTimeMillis() [millis]; the clock reads 0 at
 * VM_EPOCH_MILLIS. */
static uint64_t clock_at_millis(int64_t millis)
{
    if (millis <= VM_EPOCH_MILLIS) return 0;
    uint64_t ms = (uint64_t)(millis - VM_EPOCH_MILLIS);
    return ms > VM_CLOCK_LIMIT / 1000000 ? VM_CLOCK_LIMIT : ms * 1000000;
}

/* A timed park, Sync.parkTimed(time, absolute) (nanoseconds, or the currentTimeMillis deadline):
 * it returns when unparked, interrupted or when its time is up, which may be at once; it takes
 * the permit when there is one, and returns either way. When the JDK's own code parks and
 * nothing woke it, its time passes: the clock advances by it (to the deadline), since every
 * timed park of java.util.concurrent waits for a deadline it reads from nanoTime again, and a
 * park that passed no time made each turn of that loop a new state, a microsecond at a time
 * (a CountDownLatch.await of a second never ended). An application's own timed park passes no
 * time, so that a loop polling with it comes back to its states. */
FN(sync_park_timed)
{
    UNUSED;
    int64_t time = vm_get_long(args);
    bool absolute = args[2].i != 0;
    if (t->permit) {
        t->permit = false;
        return VM_NATIVE_OK;
    }
    if (vm_thread_interrupted(machine, t) || time <= 0 || !jdk_waits(t)) return VM_NATIVE_OK;
    advance_clock(machine, absolute ? clock_at_millis(time) : clock_after(machine, time));
    return VM_NATIVE_OK;
}

/* True when every frame of [t] is a system class's: a thread of the JDK's own (a pool's
 * worker between tasks). */
static bool only_jdk_frames(const vm_thread *t)
{
    for (uint32_t i = 0; i < t->depth; i++)
        if (!vm_is_system_name(t->frames[i].method->owner->name)) return false;
    return true;
}

/* Sync.passTime(nanos), after a condition's timed await ended by its timeout: when a thread of
 * the JDK's own waited (a scheduled pool's worker, whose queue reads the task's delay from
 * nanoTime again), its time passes, as a timed park's does (sync_park_timed). Not when the
 * application waits through the JDK: the JDK's callers of these awaits count the time left
 * from what they return, and an application loop around them (`while
 * (!pool.awaitTermination(1, DAYS))`) would never come back to a state. */
FN(sync_pass_time)
{
    UNUSED;
    if (only_jdk_frames(t)) advance_clock(machine, clock_after(machine, vm_get_long(args)));
    return VM_NATIVE_OK;
}

FN(sync_unpark)
{
    UNUSED;
    vm_thread *target = args[0].ref ? vm_thread_of_object(machine, args[0].ref) : NULL;
    /* as HotSpot's: a thread not started yet or ended gets no permit */
    if (target && target->state != VM_THREAD_NEW && target->state != VM_THREAD_TERMINATED) {
        vm_thread_w(machine, target);
        target->permit = true;
    }
    return VM_NATIVE_OK;
}

const vm_native vm_natives_sync[] = {
    {"compareAndSetInt", "(Ljava/lang/Object;JII)Z", sync_cas_int, VM_SYNC_WRITE, "CAS"},
    {"compareAndSetLong", "(Ljava/lang/Object;JJJ)Z", sync_cas_long, VM_SYNC_WRITE, "CAS"},
    {"compareAndSetReference", "(Ljava/lang/Object;JLjava/lang/Object;Ljava/lang/Object;)Z",
     sync_cas_ref, VM_SYNC_WRITE, "CAS"},
    {"getAndAddInt", "(Ljava/lang/Object;JI)I", sync_add_int, VM_SYNC_WRITE, "getAndAdd"},
    {"getAndAddLong", "(Ljava/lang/Object;JJ)J", sync_add_long, VM_SYNC_WRITE, "getAndAdd"},
    {"getAndSetInt", "(Ljava/lang/Object;JI)I", sync_swap_int, VM_SYNC_WRITE, "getAndSet"},
    {"getAndSetLong", "(Ljava/lang/Object;JJ)J", sync_swap_long, VM_SYNC_WRITE, "getAndSet"},
    {"getAndSetReference", "(Ljava/lang/Object;JLjava/lang/Object;)Ljava/lang/Object;",
     sync_swap_ref, VM_SYNC_WRITE, "getAndSet"},
    {"getInt", "(Ljava/lang/Object;J)I", sync_get_int, VM_SYNC_READ, "read"},
    {"putInt", "(Ljava/lang/Object;JI)V", sync_put_int, VM_SYNC_WRITE, "write"},
    {"getLong", "(Ljava/lang/Object;J)J", sync_get_long, VM_SYNC_READ, "read"},
    {"putLong", "(Ljava/lang/Object;JJ)V", sync_put_long, VM_SYNC_WRITE, "write"},
    {"getReference", "(Ljava/lang/Object;J)Ljava/lang/Object;", sync_get_ref, VM_SYNC_READ, "read"},
    {"putReference", "(Ljava/lang/Object;JLjava/lang/Object;)V", sync_put_ref, VM_SYNC_WRITE,
     "write"},
    {"compareAndExchangeInt", "(Ljava/lang/Object;JII)I", sync_cae_int, VM_SYNC_WRITE, "CAS"},
    {"compareAndExchangeLong", "(Ljava/lang/Object;JJJ)J", sync_cae_long, VM_SYNC_WRITE, "CAS"},
    {"compareAndExchangeReference",
     "(Ljava/lang/Object;JLjava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;", sync_cae_ref,
     VM_SYNC_WRITE, "CAS"},
    {"getAndBitwiseOrInt", "(Ljava/lang/Object;JI)I", sync_or_int, VM_SYNC_WRITE,
     "getAndBitwiseOr"},
    {"getAndBitwiseOrLong", "(Ljava/lang/Object;JJ)J", sync_or_long, VM_SYNC_WRITE,
     "getAndBitwiseOr"},
    {"getAndBitwiseAndInt", "(Ljava/lang/Object;JI)I", sync_and_int, VM_SYNC_WRITE,
     "getAndBitwiseAnd"},
    {"getAndBitwiseAndLong", "(Ljava/lang/Object;JJ)J", sync_and_long, VM_SYNC_WRITE,
     "getAndBitwiseAnd"},
    {"getAndBitwiseXorInt", "(Ljava/lang/Object;JI)I", sync_xor_int, VM_SYNC_WRITE,
     "getAndBitwiseXor"},
    {"getAndBitwiseXorLong", "(Ljava/lang/Object;JJ)J", sync_xor_long, VM_SYNC_WRITE,
     "getAndBitwiseXor"},
    {"arrayIndexScale", "(Ljava/lang/Class;)I", sync_index_scale, VM_SYNC_NONE, NULL},
    {"arrayLength", "(Ljava/lang/Object;)I", sync_array_length, VM_SYNC_NONE, NULL},
    {"staticFieldOffset", "(Ljava/lang/Class;Ljava/lang/String;)J", sync_static_offset,
     VM_SYNC_NONE, NULL},
    {"objectFieldOffset", "(Ljava/lang/Class;Ljava/lang/String;)J", sync_field_offset, VM_SYNC_NONE,
     NULL},
    {"fieldType", "(Ljava/lang/Class;Ljava/lang/String;)Ljava/lang/Class;", sync_field_type,
     VM_SYNC_NONE, NULL},
    {"fieldModifiers", "(Ljava/lang/Class;Ljava/lang/String;)I", sync_field_modifiers, VM_SYNC_NONE,
     NULL},
    {"monitorEnter", "(Ljava/lang/Object;)V", sync_enter, VM_SYNC_ENTER, "lock"},
    {"monitorEnterInterruptibly", "(Ljava/lang/Object;)V", sync_enter_interruptibly,
     VM_SYNC_ENTER_INTERRUPTIBLY, "lockInterruptibly"},
    {"tryMonitorEnter", "(Ljava/lang/Object;)Z", sync_try_enter, VM_SYNC_LOCK, "tryLock"},
    {"monitorExit", "(Ljava/lang/Object;)V", sync_exit, VM_SYNC_LOCK, "unlock"},
    {"monitorDepth", "(Ljava/lang/Object;)I", sync_depth, VM_SYNC_LOCK_READ, NULL},
    {"isLocked", "(Ljava/lang/Object;)Z", sync_locked, VM_SYNC_LOCK_READ, NULL},
    {"await", "(Ljava/lang/Object;Ljava/lang/Object;)V", sync_await, VM_SYNC_LOCK, "await"},
    {"awaitUninterruptibly", "(Ljava/lang/Object;Ljava/lang/Object;)V", sync_await_uninterruptibly,
     VM_SYNC_LOCK, "await"},
    {"awaitTimed", "(Ljava/lang/Object;Ljava/lang/Object;)Z", sync_await_timed, VM_SYNC_LOCK,
     "await"},
    {"signal", "(Ljava/lang/Object;Ljava/lang/Object;)V", sync_signal, VM_SYNC_LOCK, "signal"},
    {"signalAll", "(Ljava/lang/Object;Ljava/lang/Object;)V", sync_signal_all, VM_SYNC_LOCK,
     "signalAll"},
    {"waitQueueLength", "(Ljava/lang/Object;Ljava/lang/Object;)I", sync_wait_queue_length,
     VM_SYNC_LOCK_READ, NULL},
    {"park", "()V", sync_park, VM_SYNC_PARK, "park"},
    {"parkTimed", "(JZ)V", sync_park_timed, VM_SYNC_PARK_TIMED, "park"},
    {"passTime", "(J)V", sync_pass_time, VM_SYNC_NONE, NULL},
    {"unpark", "(Ljava/lang/Thread;)V", sync_unpark, VM_SYNC_UNPARK, "unpark"},
    {0},
};
