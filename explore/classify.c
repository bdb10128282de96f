/* Scheduling points, labels and enabledness: what makes the VM a transition system.
 *
 * A thread is parked just before an instruction that the classifier marks as a scheduling
 * point (explore_sched_classify, consulted by the interpreter for the watched opcodes), at the end
 * of its frames (its end is a transition of its own), inside a blocking wait, or where a transition
 * longer than the instruction bound was cut. Why it is parked is kept on the thread (part of the
 * state), and its next label is computed from that and its operand stack (explore_sched_label)
 * without running it. Every operation that may block (monitorenter, synchronized calls,
 * Sync.monitorEnter, park, join, class initialisation) is a scheduling point, so whether a
 * thread can take its next step is decided before running it (explore_sched_enabled).
 *
 * Sharing: an object is shared (reachable by more than one thread) once a reference to it is
 * stored into a shared object or a static, read from a final static, or its thread is started;
 * it stays shared (a sound over-approximation, part of the state).
 *
 * Classifiers. jpf: accesses to non-final fields and array elements of shared objects,
 * non-final statics and synchronisation, all visible. safe: accesses to non-final fields declared
 * by the visible classes of shared objects, non-final statics of visible classes, elements of
 * shared arrays accessed by the code of visible classes (arrays belong to no class) and
 * synchronisation are visible. Thread start, join, end and isAlive() work on the thread's monitor,
 * as in the JDK: an interrupt of the joiner ends a join of a live thread, so a join depends on
 * interrupts (every monitor) and is visible under both; start, end and isAlive() are visible under
 * jpf, and under safe once the race check (explore_race_note_life_read) has seen one thread read
 * the life of another that a third starts, or that ends: until then a start and an end commute
 * with every step but joins, which they enable. The visible classes are those of the visible set
 * (by default every class but porcheck's own, Thread and String) and those widened after a race:
 * the accesses the set leaves invisible, and every shared array access, are noted for the race
 * check (races.c). An access to an object no other thread can reach yet (a node being filled before
 * it is published) commutes with every other thread's step, so neither classifier makes it visible,
 * nor taking or releasing its monitor (monitor_point); a reference stored into a shared object by
 * an instruction that is no scheduling point (library code under safe) is exposed there and then.
 * Under both, atomics and field updaters are synchronisation natives and a CAS is a write whether
 * or not it succeeds; under safe each is also noted for the race check, since a plain access that
 * the visible set leaves invisible (AtomicInteger.get() reading its field) may meet it. */
#include <stdio.h>

#include "check.h"
#include "natives.h"

#define U2(p) ((uint16_t)(((p)[0] << 8) | (p)[1]))

/* ---- Ids in labels --------------------------------------------------------------------------- */

uint32_t explore_label_object(const vm *machine, uint32_t h)
{
    if (!h) return UINT32_MAX;
    return vm_label_of_id(vm_obj(machine, h)->id);
}

uint32_t explore_label_statics(const vm_class *cls)
{
    return vm_label_id(VM_SPACE_STATICS, cls->index);
}

uint32_t explore_sync_field(const vm *machine, const vm_slot *args)
{
    int64_t offset = vm_get_long(args + 1);
    int64_t field = args[0].ref ? vm_sync_field(vm_obj(machine, args[0].ref), offset) : -1;
    return field >= 0 ? (uint32_t)field : (uint32_t)offset;
}

uint32_t explore_label_pc(const vm_method *m, uint32_t pc)
{
    return m->id << 16 ^ pc;
}

/* ---- Classes the safe classifier sees ------------------------------------------------------- */

/* True when [cls] is porcheck's own (the harness and the model's internals, package
 * jdk.internal.porcheck): what its code and fields do is invisible by construction (results go
 * to each invocation's own slots, read after the threads are joined). */
static bool porcheck_own(const vm_class *cls)
{
    return !strncmp(cls->name, "jdk/internal/porcheck/", 22);
}

/* True when binary name [name] is visible-set entry [entry] or lies under it: a nested class of
 * it, or a member of it as a package ("java/util/concurrent/" and "java/util/concurrent"). */
static bool under(const char *name, const char *entry)
{
    size_t n = strlen(entry);
    if (strncmp(name, entry, n)) return false;
    return !n || entry[n - 1] == '/' || name[n] == '\0' || name[n] == '$' || name[n] == '/';
}

/* True when [name] lies under one of the [n] entries of [list]. */
static bool under_any(const char *name, char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (under(name, list[i])) return true;
    return false;
}

/* True when the default visible set leaves [cls] out: porcheck's own classes, and the model's
 * Thread (its fields are written before start, under its monitor or by the VM, and read by the
 * thread itself or after join) and String (an immutable value and an idempotent hash cache).
 * The race check watches every access to the model classes: two threads racing on one of their
 * fields make it visible (explore_check_races). */
static bool default_invisible(const vm_class *cls)
{
    return porcheck_own(cls) || !strcmp(cls->name, "java/lang/Thread") ||
           !strcmp(cls->name, "java/lang/String");
}

/* True when [cls]'s fields (and the array elements its code accesses) are visible to the safe
 * classifier: the classes of the visible set, or by default every class default_invisible
 * leaves in; and the classes widened after a race. */
static bool class_visible(vm *machine, vm_class *cls)
{
    if (cls->cache.visible) return cls->cache.visible == 2;
    const explore_check *c = machine->check;
    bool yes = c->visible_count ? under_any(cls->name, c->visible, c->visible_count)
                                : !default_invisible(cls);
    yes = yes || under_any(cls->name, c->widened, c->widened_count);
    cls->cache.visible = yes ? 2 : 1;
    return yes;
}

/* True when thread start, end and isAlive() are visible (a join always is): always under jpf;
 * under safe once a race on a thread's life (explore_race_note_life_read) widened the visible set
 * by java.lang.Thread. */
static bool thread_life_visible(const vm *machine);

/* True under the jpf classifier. */
static bool jpf(const vm *machine)
{
    return machine->check->opts.classifier == EXPLORE_CLASSIFY_JPF;
}

static bool thread_life_visible(const vm *machine)
{
    return jpf(machine) || class_visible((vm *)machine, machine->known.thread);
}

/* True when object [h] is shared. */
static bool shared(const vm *machine, uint32_t h)
{
    return vm_obj(machine, h)->flags & VM_OBJ_SHARED;
}

/* The class whose static field a Sync native's arguments [args] (object, offset) address, its
 * slot in [*slot]; NULL for an instance field or array element (or a null object). */
static const vm_class *sync_statics(const vm *machine, const vm_slot *args, uint32_t *slot)
{
    return args[0].ref
               ? vm_sync_static(machine, vm_obj(machine, args[0].ref), vm_get_long(args + 1), slot)
               : NULL;
}

/* ---- Exposure -------------------------------------------------------------------------------- */

/* Queues [h] for marking when it is not shared yet. */
static void expose_push(vm *machine, uint32_t h)
{
    explore_check *c = machine->check;
    if (!h || shared(machine, h)) return;
    vm_obj_w(machine, h)->flags |= VM_OBJ_SHARED;
    if (c->stack_len == c->stack_cap) {
        uint32_t *grown = base_grow(c->stack, &c->stack_cap, sizeof *grown, 1024);
        if (!grown) {
            vm_fail(machine, VM_ERR_NOMEM, "error: out of memory");
            return;
        }
        c->stack = grown;
    }
    c->stack[c->stack_len++] = h;
}

void explore_sched_expose(vm *machine, uint32_t h)
{
    explore_check *c = machine->check;
    if (!h || shared(machine, h)) return;
    c->stack_len = 0;
    expose_push(machine, h);
    while (c->stack_len && !machine->failed)
        vm_each_ref(machine, vm_obj(machine, c->stack[--c->stack_len]), expose_push);
}

bool explore_sched_first(const vm *machine, const vm_thread *t)
{
    for (uint32_t i = 0; i < machine->thread_count; i++) {
        const vm_thread *o = machine->threads[i];
        if (o != t && o->state != VM_THREAD_NEW) return false;
    }
    return true;
}

bool explore_sched_alone(const vm *machine, const vm_thread *t)
{
    for (uint32_t i = 0; i < machine->thread_count; i++) {
        const vm_thread *o = machine->threads[i];
        if (o != t && o->state != VM_THREAD_NEW && o->state != VM_THREAD_TERMINATED) return false;
    }
    return true;
}

/* ---- Classifying instructions ---------------------------------------------------------------- */

/* True when initialising [cls] cannot be observed: no statics and no initialiser of its own
 * (the state serialisation leaves such classes out, so their initialisation is no scheduling
 * point either). The empty initialiser is made on first initialisation, so "none of its own" is
 * clinit == owned_clinit (both NULL before, equal after): the answer must not depend on whether
 * some earlier path initialised the class, or schedules would not replay. */
static bool trivial_init(const vm_class *cls)
{
    return !cls->static_slots && cls->clinit == cls->owned_clinit;
}

/* True when the instruction of [t] that uses [cls] initialises a class that matters: [cls], an
 * uninitialised superclass or superinterface, is being or will be initialised. */
static bool needs_init(const vm_thread *t, const vm_class *cls)
{
    if (cls->init_state == VM_INIT_DONE) return false;
    if (cls->init_state == VM_INIT_RUNNING && cls->init_thread == t->id) return false;
    for (const vm_class *c = cls; c && c->init_state != VM_INIT_DONE; c = c->super) {
        if (!trivial_init(c) || c->init_state == VM_INIT_RUNNING) return true;
        for (uint16_t i = 0; i < c->interface_count; i++)
            if (c->interfaces[i]->init_state != VM_INIT_DONE && !trivial_init(c->interfaces[i]))
                return true;
    }
    return false;
}

/* The resolved constant-pool entry of the field instruction at [pc] of [frame]; NULL when it
 * does not resolve (the instruction will throw). */
static vm_cp_entry *field_entry(vm *machine, vm_thread *t, const vm_frame *frame, const uint8_t *pc)
{
    uint16_t index = U2(pc + 1);
    vm_cp_entry *e = &frame->method->owner->cp[index];
    bool is_static = *pc == CF_OP_GETSTATIC || *pc == CF_OP_PUTSTATIC;
    return e->resolved || vm_resolve_field(machine, t, frame->method->owner, index, is_static)
               ? e
               : NULL;
}

/* Classifies getfield/putfield: a visible access, or nothing. */
static vm_park field_point(vm *machine, vm_thread *t, const vm_frame *frame, const uint8_t *pc,
                           const vm_slot *sp)
{
    vm_cp_entry *e = field_entry(machine, t, frame, pc);
    if (!e) return VM_PARK_NONE;
    bool put = *pc == CF_OP_PUTFIELD;
    uint32_t value_slots = put ? (e->kind == 'J' || e->kind == 'D' ? 2 : 1) : 0;
    uint32_t h = sp[-1 - (int)value_slots].ref;
    if (!h) return VM_PARK_NONE;
    if (e->field->access & CF_ACC_FINAL) {
        if (put && e->kind == 'L' && shared(machine, h)) explore_sched_expose(machine, sp[-1].ref);
        return VM_PARK_NONE;
    }
    if (e->field->cache) return VM_PARK_NONE; /* String.hash: no interleaving changes a result */
    bool is_shared = shared(machine, h);
    if (is_shared && (jpf(machine) || class_visible(machine, e->field->owner)))
        return VM_PARK_ACCESS;
    if (is_shared && !porcheck_own(e->field->owner))
        explore_race_note_field(machine, t, frame, pc, h, e->field);
    if (put && e->kind == 'L' && is_shared) explore_sched_expose(machine, sp[-1].ref);
    return VM_PARK_NONE;
}

/* Classifies getstatic/putstatic: class initialisation, a visible access, or nothing. */
static vm_park static_point(vm *machine, vm_thread *t, const vm_frame *frame, const uint8_t *pc)
{
    vm_cp_entry *e = field_entry(machine, t, frame, pc);
    if (!e) return VM_PARK_NONE;
    if (needs_init(t, e->cls)) return VM_PARK_INIT;
    bool put_ref = *pc == CF_OP_PUTSTATIC && e->kind == 'L';
    if (e->field->access & CF_ACC_FINAL) {
        if (*pc == CF_OP_GETSTATIC && e->kind == 'L')
            explore_sched_expose(machine, e->address->ref);
        if (put_ref) explore_ids_note_static_root(machine, e->field->owner);
        return VM_PARK_NONE;
    }
    if (jpf(machine) || class_visible(machine, e->field->owner)) return VM_PARK_ACCESS;
    if (!porcheck_own(e->field->owner)) explore_race_note_field(machine, t, frame, pc, 0, e->field);
    if (put_ref) explore_ids_note_static_root(machine, e->field->owner);
    return VM_PARK_NONE;
}

/* Returns where the array reference of array instruction [op] is, counted from the top. */
static int array_depth(uint8_t op)
{
    if (op <= CF_OP_SALOAD) return 2;
    return op == CF_OP_LASTORE || op == CF_OP_DASTORE ? 4 : 3;
}

uint32_t explore_copy_depth(const vm *machine, const vm_thread *t)
{
    uint32_t d = t->depth;
    while (d >= 2 && t->frames[d - 1].method->owner == machine->arraycopy_model->owner) d--;
    return d;
}

explore_copy_call explore_copy_model(const vm *machine, const vm_method *m)
{
    if (m == machine->arraycopy_model) return EXPLORE_COPY_ARRAYCOPY;
    if (m == machine->clone_model || m == machine->clone_object_model) return EXPLORE_COPY_CLONE;
    return EXPLORE_COPY_NONE;
}

/* The frame whose code makes the array accesses of [t]'s top frame [frame]: that frame, or the
 * caller of porcheck's model of System.arraycopy or clone() (class Copy), whose copy they are. */
static const vm_frame *accessing_frame(const vm *machine, const vm_thread *t, const vm_frame *frame)
{
    uint32_t d = explore_copy_depth(machine, t);
    return d < t->depth ? &t->frames[d - 1] : frame;
}

/* Stops thread [t] before its store into constant array [h]: the model library's constants and
 * javac's enum tables are never written by the code that made them, so only other code can,
 * which porcheck cannot check (reads of [h] were never scheduling points). */
static vm_park constant_store(vm *machine, vm_thread *t, uint32_t h)
{
    char what[600];
    base_textbuf out = base_textbuf_make(what, sizeof what);
    base_textbuf_printf(&out, "a write into an element of an ");
    explore_say_class(&out, vm_obj(machine, h)->cls->name);
    base_textbuf_printf(&out, " that porcheck takes as never written again (a constant of its "
                              "model library, or javac's enum table $VALUES or $SwitchMap$...)");
    vm_unsupported(machine, t, what);
    return VM_PARK_ACCESS;
}

/* Classifies an array load or store. */
static vm_park array_point(vm *machine, vm_thread *t, const vm_frame *frame, const uint8_t *pc,
                           const vm_slot *sp)
{
    int depth = array_depth(*pc);
    uint32_t h = sp[-depth].ref;
    if (!h || !shared(machine, h)) return VM_PARK_NONE;
    if (vm_obj(machine, h)->flags & VM_OBJ_CONSTANT) /* a constant array is only read */
        return *pc > CF_OP_SALOAD ? constant_store(machine, t, h) : VM_PARK_NONE;
    if (jpf(machine)) return VM_PARK_ACCESS;
    const vm_frame *site = accessing_frame(machine, t, frame);
    bool visible = class_visible(machine, site->method->owner);
    explore_race_note_element(machine, t, site,
                              site == frame ? pc : site->method->code->code + site->pc, h,
                              (uint32_t)sp[1 - depth].i, *pc > CF_OP_SALOAD, visible);
    if (visible) return VM_PARK_ACCESS;
    if (*pc == CF_OP_AASTORE) explore_sched_expose(machine, sp[-1].ref);
    return VM_PARK_NONE;
}

/* True when synchronisation native [m], its arguments below [sp], reads or writes a field or
 * element of an object no other thread can reach yet (a node a VarHandle fills in its
 * constructor): like a plain access to it, that commutes with every step of the others. */
static bool local_cell(const vm *machine, const vm_method *m, const vm_slot *sp)
{
    if (m->sync != VM_SYNC_READ && m->sync != VM_SYNC_WRITE) return false;
    const vm_slot *args = sp - m->arg_slots;
    uint32_t slot;
    return args[0].ref && !shared(machine, args[0].ref) && !sync_statics(machine, args, &slot);
}

/* True when native [m], its arguments below [sp], is Object.notify or notifyAll on an object no
 * other thread can reach: no thread can wait on it, so it wakes nobody (or throws, when the
 * caller does not hold the monitor: its own affair) and commutes with every step of the others.
 * A wait stays a point: it blocks. */
static bool local_notify(const vm *machine, const vm_method *m, const vm_slot *sp)
{
    if (m->native != vm_native_object_notify && m->native != vm_native_object_notify_all)
        return false;
    const vm_slot *args = sp - m->arg_slots;
    return args[0].ref && !shared(machine, args[0].ref);
}

/* Returns the monitor a call of synchronized [m] enters, its arguments starting at [args]. */
static uint32_t call_monitor(const vm_method *m, const vm_slot *args)
{
    return (m->access & CF_ACC_STATIC) ? m->owner->mirror : args[0].ref;
}

/* True when [t] may enter the monitor of [h] now. */
static bool available(const vm *machine, const vm_thread *t, uint32_t h)
{
    if (!h) return true; /* the call throws NullPointerException */
    const vm_object *o = vm_obj(machine, h);
    return o->lock_owner == 0 || o->lock_owner == t->id + 1;
}

/* True when taking or releasing the monitor of [h] (not null) is a scheduling point: [h] is shared,
 * or another thread holds it (never, while sharing is tracked right). No other thread can reach
 * an unshared object to contend for its monitor, so taking it (free, or this thread's own) and
 * releasing it commutes with every step of the others, as an access to its fields does: a lock
 * a method takes on an object it made (Throwable's synchronized fillInStackTrace, a local
 * StringBuffer) is no transition of its own and no row of a table. */
static bool monitor_point(const vm *machine, const vm_thread *t, uint32_t h)
{
    return shared(machine, h) || !available(machine, t, h);
}

/* Classifies monitorenter or monitorexit of [h] (null: the instruction throws). */
static vm_park monitor_op_point(const vm *machine, const vm_thread *t, uint32_t h)
{
    return h && monitor_point(machine, t, h) ? VM_PARK_MONITOR : VM_PARK_NONE;
}

/* True when a call of [m], its arguments below [sp], enters a monitor that makes it a
 * scheduling point: a synchronized method's, unless it is an unshared receiver's. */
static bool synchronized_point(const vm *machine, const vm_thread *t, const vm_method *m,
                               const vm_slot *sp)
{
    if (!(m->access & CF_ACC_SYNCHRONIZED)) return false;
    uint32_t monitor = call_monitor(m, sp - m->arg_slots);
    return !monitor || monitor_point(machine, t, monitor);
}

/* Classifies a return from [frame] of [t]: releasing a synchronized method's monitor (unless
 * it is an unshared object's), finishing a class initialiser that matters, or nothing. */
static vm_park return_point(const vm *machine, const vm_thread *t, const vm_frame *frame)
{
    if (frame->monitor && monitor_point(machine, t, frame->monitor)) return VM_PARK_RETURN;
    return (frame->flags & VM_FRAME_CLINIT) && !trivial_init(frame->method->owner)
               ? VM_PARK_CLINIT_END
               : VM_PARK_NONE;
}

/* Classifies new: class initialisation, or nothing. */
static vm_park new_point(vm *machine, vm_thread *t, const vm_frame *frame, const uint8_t *pc)
{
    uint16_t index = U2(pc + 1);
    vm_class *owner = frame->method->owner;
    if (!owner->cp[index].resolved && !vm_resolve_class(machine, t, owner, index))
        return VM_PARK_NONE;
    vm_class *c = owner->cp[index].cls;
    if (c->kind != VM_KIND_CLASS || (c->access & CF_ACC_ABSTRACT)) return VM_PARK_NONE;
    return needs_init(t, c) ? VM_PARK_INIT : VM_PARK_NONE;
}

static void expose_native(vm *machine, const vm_method *m, const vm_slot *args);

/* ---- Atomic library calls --------------------------------------------------------------------
 *
 * A call of a JDK lock's method (vm_jdk_atomic_class: ReentrantLock, ReentrantReadWriteLock,
 * StampedLock, Semaphore, CountDownLatch, the queued synchronizers beneath them) from outside
 * those classes runs as one transition up to where it parks: the JDK's code is trusted to be a
 * linearizable lock, so how it reaches its linearization point is not explored (VM_FRAME_ATOMIC
 * marks the call's frame, vm/frames.c). Its label is a write of the lock's synchronizer, which
 * holds all of the lock's state, so every call on one lock depends on every other. Inside the
 * call only what touches the world outside the lock stays a scheduling point, with its own
 * label: parking, unparking, class initialisation, monitors; each is a transition of its own
 * (lts.c cuts the step after it), and what the call does after it is again a transition labelled
 * with the lock. A user's subclass of a lock (its own tryAcquire) is not atomic: the receiver's
 * class must be the JDK's. */

/* True when [cls] is a queued synchronizer, where a JDK lock keeps its state. */
static bool synchronizer(vm_class *cls)
{
    if (cls->cache.synchronizer) return cls->cache.synchronizer == 2;
    bool yes = false;
    for (const vm_class *c = cls; c && !yes; c = c->super)
        yes = !strcmp(c->name, "java/util/concurrent/locks/AbstractQueuedSynchronizer") ||
              !strcmp(c->name, "java/util/concurrent/locks/AbstractQueuedLongSynchronizer");
    cls->cache.synchronizer = yes ? 2 : 1;
    return yes;
}

/* The object a call with receiver [h] changes: [h] when it is a synchronizer, else the
 * synchronizer one of its fields holds (a lock's, a read or write lock's, a semaphore's sync, a
 * condition's lock), else the atomic library object it is an inner object of (a StampedLock's
 * read or write view), else [h] itself (a StampedLock). */
static uint32_t receiver_lock(const vm *machine, uint32_t h)
{
    const vm_object *o = vm_obj(machine, h);
    const vm_class *cls = o->cls;
    if (synchronizer(o->cls)) return h;
    for (uint32_t i = 0; cls->ref_map && i < o->length; i++) {
        uint32_t v = VM_FIELDS(o)[i].ref;
        if ((cls->ref_map[i / 8] >> (i % 8) & 1) && v && synchronizer(vm_obj(machine, v)->cls))
            return v;
    }
    const vm_field *outer = vm_declared_field(cls, "this$0");
    uint32_t v = outer && outer->kind == 'L' ? VM_FIELDS(o)[outer->offset].ref : 0;
    return v && vm_obj(machine, v)->cls->atomic_library ? v : h;
}

/* The object a call of atomic library method [m] with arguments [args] changes; 0 for a static
 * method. */
static uint32_t atomic_lock(const vm *machine, const vm_method *m, const vm_slot *args)
{
    return (m->access & CF_ACC_STATIC) || !args[0].ref ? 0 : receiver_lock(machine, args[0].ref);
}

/* True when [m] only returns a final field of its receiver (ReentrantReadWriteLock.readLock()):
 * a call of it changes nothing and reads what never changes. */
static bool final_getter(vm *machine, vm_thread *t, const vm_method *m)
{
    const uint8_t *c = m->code->code;
    if (m->code->length != 5 || c[0] != CF_OP_ALOAD_0 || c[1] != CF_OP_GETFIELD ||
        c[4] < CF_OP_IRETURN || c[4] > CF_OP_ARETURN)
        return false;
    const vm_cp_entry *e = &m->owner->cp[U2(c + 2)];
    if (!e->resolved && !vm_resolve_field(machine, t, m->owner, U2(c + 2), false)) return false;
    return (e->field->access & CF_ACC_FINAL) != 0;
}

/* True when calling [m] (its arguments below [sp]) from outside an atomic library call starts
 * one (vm_atomic_callee, the test vm_push_frame makes) that matters: not a final field's getter. */
static bool atomic_entry(vm *machine, vm_thread *t, const vm_method *m, const vm_slot *sp)
{
    uint32_t receiver = (m->access & CF_ACC_STATIC) ? 0 : sp[-(int)m->arg_slots].ref;
    return m->code && vm_atomic_callee(machine, m, receiver) && !final_getter(machine, t, m);
}

/* Classifies an instruction inside an atomic library call: what touches the world outside the
 * lock (parking and unparking, monitors, class initialisation) is a scheduling point; the rest is
 * none, though a reference it stores into a shared object is exposed. */
static vm_park atomic_point(vm *machine, vm_thread *t, const vm_frame *frame, const uint8_t *pc,
                            const vm_slot *sp)
{
    uint8_t op = *pc;
    const vm_method *m;
    const vm_cp_entry *e;
    switch (op) {
    case CF_OP_PUTFIELD:
        e = field_entry(machine, t, frame, pc);
        if (e && e->kind == 'L' && sp[-2].ref && shared(machine, sp[-2].ref))
            explore_sched_expose(machine, sp[-1].ref);
        return VM_PARK_NONE;
    case CF_OP_AASTORE:
        if (sp[-3].ref && shared(machine, sp[-3].ref)) explore_sched_expose(machine, sp[-1].ref);
        return VM_PARK_NONE;
    case CF_OP_GETSTATIC:
    case CF_OP_PUTSTATIC:
        e = field_entry(machine, t, frame, pc);
        if (!e) return VM_PARK_NONE;
        if (needs_init(t, e->cls)) return VM_PARK_INIT;
        if (op == CF_OP_PUTSTATIC && e->kind == 'L') explore_sched_expose(machine, sp[-1].ref);
        return VM_PARK_NONE;
    case CF_OP_MONITORENTER:
    case CF_OP_MONITOREXIT:
        return monitor_op_point(machine, t, sp[-1].ref);
    case CF_OP_INVOKEVIRTUAL:
    case CF_OP_INVOKESPECIAL:
    case CF_OP_INVOKESTATIC:
    case CF_OP_INVOKEINTERFACE:
        m = vm_call_target(machine, t, frame, pc, sp);
        if (!m) return VM_PARK_NONE;
        if (op == CF_OP_INVOKESTATIC && needs_init(t, frame->method->owner->cp[U2(pc + 1)].cls))
            return VM_PARK_INIT;
        if (synchronized_point(machine, t, m, sp)) return VM_PARK_INVOKE;
        if (m->sync == VM_SYNC_READ || m->sync == VM_SYNC_WRITE) {
            expose_native(machine, m, sp - m->arg_slots);
            return VM_PARK_NONE;
        }
        return m->sync == VM_SYNC_NONE ? VM_PARK_NONE : VM_PARK_INVOKE;
    case CF_OP_NEW:
        return new_point(machine, t, frame, pc);
    default:
        if (op >= CF_OP_IRETURN && op <= CF_OP_RETURN) return return_point(machine, t, frame);
        return VM_PARK_NONE;
    }
}

/* Classifies a call: class initialisation, a synchronized method or a synchronisation
 * native on shared state, the start of an atomic library call on a shared lock, or nothing. */
static vm_park invoke_point(vm *machine, vm_thread *t, const vm_frame *frame, const uint8_t *pc,
                            const vm_slot *sp)
{
    vm_method *m = vm_call_target(machine, t, frame, pc, sp);
    if (!m) return VM_PARK_NONE;
    if (*pc == CF_OP_INVOKESTATIC) {
        vm_cp_entry *e = &frame->method->owner->cp[U2(pc + 1)];
        if (needs_init(t, e->cls)) return VM_PARK_INIT;
    }
    if (synchronized_point(machine, t, m, sp)) return VM_PARK_INVOKE;
    if (m->sync != VM_SYNC_NONE && !local_cell(machine, m, sp) && !local_notify(machine, m, sp)) {
        if (!jpf(machine) && (m->sync == VM_SYNC_READ || m->sync == VM_SYNC_WRITE))
            explore_race_note_sync(machine, t, frame, pc, m, sp - m->arg_slots);
        return VM_PARK_INVOKE;
    }
    if (atomic_entry(machine, t, m, sp)) {
        uint32_t lock = atomic_lock(machine, m, sp - m->arg_slots);
        return !lock || shared(machine, lock) ? VM_PARK_ATOMIC : VM_PARK_NONE;
    }
    return VM_PARK_NONE;
}

vm_park explore_sched_classify(vm *machine, vm_thread *t, const vm_frame *frame, const uint8_t *pc,
                               const vm_slot *sp)
{
    uint8_t op = *pc;
    if (vm_atomic_call(t)) return atomic_point(machine, t, frame, pc, sp);
    switch (op) {
    case CF_OP_GETFIELD:
    case CF_OP_PUTFIELD:
        return field_point(machine, t, frame, pc, sp);
    case CF_OP_GETSTATIC:
    case CF_OP_PUTSTATIC:
        return static_point(machine, t, frame, pc);
    case CF_OP_MONITORENTER:
    case CF_OP_MONITOREXIT:
        return monitor_op_point(machine, t, sp[-1].ref);
    case CF_OP_INVOKEVIRTUAL:
    case CF_OP_INVOKESPECIAL:
    case CF_OP_INVOKESTATIC:
    case CF_OP_INVOKEINTERFACE:
        return invoke_point(machine, t, frame, pc, sp);
    case CF_OP_NEW:
        return new_point(machine, t, frame, pc);
    default:
        if (op >= CF_OP_IRETURN && op <= CF_OP_RETURN) return return_point(machine, t, frame);
        if ((op >= CF_OP_IALOAD && op <= CF_OP_SALOAD) ||
            (op >= CF_OP_IASTORE && op <= CF_OP_SASTORE))
            return array_point(machine, t, frame, pc, sp);
        return VM_PARK_NONE;
    }
}

void explore_sched_init_watch(bool watch[256])
{
    static const uint8_t ops[] = {CF_OP_GETFIELD,
                                  CF_OP_PUTFIELD,
                                  CF_OP_GETSTATIC,
                                  CF_OP_PUTSTATIC,
                                  CF_OP_MONITORENTER,
                                  CF_OP_MONITOREXIT,
                                  CF_OP_INVOKEVIRTUAL,
                                  CF_OP_INVOKESPECIAL,
                                  CF_OP_INVOKESTATIC,
                                  CF_OP_INVOKEINTERFACE,
                                  CF_OP_NEW};
    memset(watch, 0, 256 * sizeof *watch);
    for (size_t i = 0; i < sizeof ops; i++) watch[ops[i]] = true;
    for (int op = CF_OP_IALOAD; op <= CF_OP_SALOAD; op++) watch[op] = true;
    for (int op = CF_OP_IASTORE; op <= CF_OP_SASTORE; op++) watch[op] = true;
    for (int op = CF_OP_IRETURN; op <= CF_OP_RETURN; op++) watch[op] = true;
}

/* ---- Where a parked thread stands ------------------------------------------------------------ */

/* The top frame of a parked thread, its next instruction and its operand stack top. */
typedef struct parked {
    const vm_frame *frame;
    const uint8_t *pc;
    const vm_slot *sp;
} parked;

/* Fills [p] with where [t] stands; false when it has no Java frame. */
static bool parked_at(const vm_thread *t, parked *p)
{
    if (!t->depth) return false;
    p->frame = &t->frames[t->depth - 1];
    if (!p->frame->method->code) return false;
    p->pc = p->frame->method->code->code + p->frame->pc;
    p->sp = t->slots + p->frame->sp;
    return true;
}

/* The method [t] is about to call (resolved when the thread parked). */
static vm_method *parked_callee(const vm *machine, const vm_thread *t, const parked *p)
{
    (void)t;
    return vm_call_target((vm *)machine, NULL, p->frame, p->pc, p->sp);
}

/* Returns the class instruction [pc] (new, get/putstatic, invokestatic) initialises. */
static vm_class *init_class(const parked *p)
{
    return p->frame->method->owner->cp[U2(p->pc + 1)].cls;
}

/* ---- Labels ---------------------------------------------------------------------------------- */

static void set_label(por_label *l, por_access access, uint32_t object, uint32_t field)
{
    l->access = access;
    l->object = object;
    l->field = field;
}

/* The label of the visible access [t] is parked before. */
static void access_label(const vm *machine, const parked *p, por_label *l)
{
    uint8_t op = *p->pc;
    const vm_cp_entry *e = &p->frame->method->owner->cp[U2(p->pc + 1)];
    if (op == CF_OP_GETFIELD || op == CF_OP_PUTFIELD) {
        int value = op == CF_OP_PUTFIELD ? (e->kind == 'J' || e->kind == 'D' ? 2 : 1) : 0;
        set_label(l, value ? POR_WRITE : POR_READ,
                  explore_label_object(machine, p->sp[-1 - value].ref), e->offset);
    } else if (op == CF_OP_GETSTATIC || op == CF_OP_PUTSTATIC) {
        set_label(l, op == CF_OP_PUTSTATIC ? POR_WRITE : POR_READ, explore_label_statics(e->cls),
                  e->offset);
    } else {
        int d = array_depth(op);
        set_label(l, op <= CF_OP_SALOAD ? POR_READ : POR_WRITE,
                  explore_label_object(machine, p->sp[-d].ref), (uint32_t)p->sp[1 - d].i);
    }
}

/* The label of a call of synchronized method or synchronisation native [m]. */
static void call_label(const vm *machine, const vm_thread *t, const vm_method *m,
                       const vm_slot *args, por_label *l)
{
    if (m->access & CF_ACC_SYNCHRONIZED) {
        set_label(l, POR_WRITE, explore_label_object(machine, call_monitor(m, args)),
                  EXPLORE_FIELD_LOCK);
        return;
    }
    bool ref0 = !(m->access & CF_ACC_STATIC) || m->descriptor[1] == 'L' || m->descriptor[1] == '[';
    uint32_t a0 = m->arg_slots && ref0 ? explore_label_object(machine, args[0].ref) : UINT32_MAX;
    switch (m->sync) {
    case VM_SYNC_READ:
    case VM_SYNC_WRITE: {
        uint32_t slot;
        const vm_class *statics = sync_statics(machine, args, &slot);
        por_access access = m->sync == VM_SYNC_READ ? POR_READ : POR_WRITE;
        if (statics) /* the label of getstatic and putstatic of the field */
            set_label(l, access, explore_label_statics(statics), slot);
        else
            set_label(l, access, a0, explore_sync_field(machine, args));
        return;
    }
    case VM_SYNC_ENTER:
    case VM_SYNC_ENTER_INTERRUPTIBLY:
    case VM_SYNC_LOCK: {
        set_label(l, POR_WRITE, a0, EXPLORE_FIELD_LOCK);
        return;
    }
    case VM_SYNC_LOCK_READ: {
        set_label(l, POR_READ, a0, EXPLORE_FIELD_LOCK);
        return;
    }
    case VM_SYNC_PARK:
    case VM_SYNC_PARK_TIMED: {
        set_label(l, POR_WRITE, explore_label_object(machine, t->object), EXPLORE_FIELD_PERMIT);
        return;
    }
    case VM_SYNC_UNPARK: {
        set_label(l, POR_WRITE, a0, EXPLORE_FIELD_PERMIT);
        return;
    }
    case VM_SYNC_INTERRUPT: /* every monitor: see vm_sync_kind */
        set_label(l, POR_WRITE, POR_ANY_OBJECT, EXPLORE_FIELD_LOCK);
        return;
    case VM_SYNC_OUTPUT:
        set_label(l, POR_WRITE, explore_label_statics(m->owner), EXPLORE_FIELD_OUTPUT);
        return;
    case VM_SYNC_START: /* the JDK's start, join and end work on the thread's monitor */
        if (thread_life_visible(machine)) set_label(l, POR_WRITE, a0, EXPLORE_FIELD_LOCK);
        return;
    case VM_SYNC_JOIN: /* an interrupt (every monitor) ends it too: always visible */
        set_label(l, POR_READ, a0, EXPLORE_FIELD_LOCK);
        return;
    case VM_SYNC_ALIVE: /* the VM's start and end change it */
        if (thread_life_visible(machine)) set_label(l, POR_READ, a0, EXPLORE_FIELD_LOCK);
        return;
    default:
        return;
    }
}

/* The label of a thread blocked inside an operation (or waiting to be notified). */
static void blocked_label(const vm *machine, const vm_thread *t, por_label *l)
{
    if (t->wait_class) {
        set_label(l, POR_WRITE, explore_label_statics(t->wait_class), EXPLORE_FIELD_INIT);
    } else if (t->state == VM_THREAD_BLOCKED && t->wait_object) {
        set_label(l, POR_WRITE, explore_label_object(machine, t->wait_object), EXPLORE_FIELD_LOCK);
    } else if (t->wait_lock) {
        set_label(l, POR_WRITE, explore_label_object(machine, t->wait_lock), EXPLORE_FIELD_LOCK);
    } else if (t->join_thread) {
        const vm_thread *target = machine->threads[t->join_thread - 1];
        set_label(l, POR_READ, explore_label_object(machine, target->object), EXPLORE_FIELD_LOCK);
    } else if (t->parked) {
        set_label(l, POR_WRITE, explore_label_object(machine, t->object), EXPLORE_FIELD_PERMIT);
    }
}

/* The label of a step that changes the lock of atomic library call [m] with arguments [args]
 * (the static state of [m]'s class for a static method). */
static void atomic_label(const vm *machine, const vm_method *m, const vm_slot *args, por_label *l)
{
    uint32_t lock = atomic_lock(machine, m, args);
    set_label(l, POR_WRITE,
              lock ? explore_label_object(machine, lock) : explore_label_statics(m->owner),
              EXPLORE_FIELD_LOCK);
}

/* The label of [t] parked at [p] for reason [park]. */
static void parked_label(const vm *machine, const vm_thread *t, const parked *p, por_label *l)
{
    const vm_frame *call = vm_atomic_call(t);
    if (t->park == VM_PARK_NONE && call) { /* the rest of an atomic library call */
        atomic_label(machine, call->method, t->slots + call->locals, l);
        return;
    }
    switch (t->park) {
    case VM_PARK_ATOMIC: {
        const vm_method *m = parked_callee(machine, t, p);
        if (m) atomic_label(machine, m, p->sp - m->arg_slots, l);
        return;
    }
    case VM_PARK_ACCESS: {
        access_label(machine, p, l);
        return;
    }
    case VM_PARK_MONITOR: {
        set_label(l, POR_WRITE, explore_label_object(machine, p->sp[-1].ref), EXPLORE_FIELD_LOCK);
        return;
    }
    case VM_PARK_INVOKE: {
        const vm_method *m = parked_callee(machine, t, p);
        if (m) call_label(machine, t, m, p->sp - m->arg_slots, l);
        return;
    }
    case VM_PARK_RETURN: {
        set_label(l, POR_WRITE, explore_label_object(machine, p->frame->monitor),
                  EXPLORE_FIELD_LOCK);
        return;
    }
    case VM_PARK_CLINIT_END: {
        set_label(l, POR_WRITE, explore_label_statics(p->frame->method->owner), EXPLORE_FIELD_INIT);
        return;
    }
    case VM_PARK_INIT: {
        set_label(l, POR_WRITE, explore_label_statics(init_class(p)), EXPLORE_FIELD_INIT);
        return;
    }
    case VM_PARK_UNWIND:
        if (p->frame->monitor) {
            set_label(l, POR_WRITE, explore_label_object(machine, p->frame->monitor),
                      EXPLORE_FIELD_LOCK);
            return;
        }
        {
            set_label(l, POR_WRITE, explore_label_statics(p->frame->method->owner),
                      EXPLORE_FIELD_INIT);
            return;
        }
    default:
        return;
    }
}

void explore_sched_label(const vm *machine, const vm_thread *t, por_label *out)
{
    memset(out, 0, sizeof *out);
    out->thread = t->id;
    parked p = {NULL, NULL, NULL};
    bool at = parked_at(t, &p);
    if (at) out->pc = explore_label_pc(p.frame->method, p.frame->pc);
    if (t->state == VM_THREAD_BLOCKED || t->state == VM_THREAD_WAITING) {
        blocked_label(machine, t, out);
        return;
    }
    if (t->state != VM_THREAD_RUNNABLE) return;
    if (t->park == VM_PARK_END) {
        if (thread_life_visible(machine))
            set_label(out, POR_WRITE, explore_label_object(machine, t->object), EXPLORE_FIELD_LOCK);
        return;
    }
    if (at) parked_label(machine, t, &p, out);
}

/* ---- Enabledness ----------------------------------------------------------------------------- */

/* Returns the class (of [cls] and its superclasses) whose initialisation by another thread
 * initialising [cls] would make [t] wait for (see vm_initialize), or NULL. */
static const vm_class *init_blocker(const vm_thread *t, const vm_class *cls)
{
    for (const vm_class *c = cls; c; c = c->super) {
        if (c->init_state == VM_INIT_RUNNING) return c->init_thread != t->id ? c : NULL;
        if (c->init_state != VM_INIT_NONE) return NULL;
    }
    return NULL;
}

const vm_class *explore_sched_init_waited(const vm_thread *t)
{
    parked p;
    if (t->wait_class) return t->wait_class->init_state == VM_INIT_RUNNING ? t->wait_class : NULL;
    if (t->state != VM_THREAD_RUNNABLE || t->park != VM_PARK_INIT || !parked_at(t, &p)) return NULL;
    return init_blocker(t, init_class(&p));
}

/* True when the call [t] is parked before can proceed. */
static bool call_enabled(const vm *machine, const vm_thread *t, const parked *p)
{
    const vm_method *m = parked_callee(machine, t, p);
    if (!m) return true;
    const vm_slot *args = p->sp - m->arg_slots;
    if (m->access & CF_ACC_SYNCHRONIZED) return available(machine, t, call_monitor(m, args));
    if (m->sync == VM_SYNC_ENTER) return available(machine, t, args[0].ref);
    if (m->sync == VM_SYNC_ENTER_INTERRUPTIBLY)
        return available(machine, t, args[0].ref) || vm_thread_interrupted(machine, t);
    if (m->sync == VM_SYNC_PARK) return vm_park_returns(machine, t);
    if (m->sync != VM_SYNC_JOIN) return true;
    return !vm_thread_alive(machine, args[0].ref) || vm_thread_interrupted(machine, t);
}

bool explore_sched_enabled(const vm *machine, const vm_thread *t)
{
    if (machine->exiting || t->state == VM_THREAD_NEW || t->state == VM_THREAD_TERMINATED)
        return false;
    if (t->state != VM_THREAD_RUNNABLE) return vm_thread_enabled(machine, t);
    if (t->park != VM_PARK_MONITOR && t->park != VM_PARK_INVOKE && t->park != VM_PARK_INIT)
        return true; /* nothing it is about to do waits */
    parked p = {NULL, NULL, NULL};
    if (!parked_at(t, &p)) return true;
    switch (t->park) {
    case VM_PARK_MONITOR:
        return *p.pc != CF_OP_MONITORENTER || available(machine, t, p.sp[-1].ref);
    case VM_PARK_INVOKE:
        return call_enabled(machine, t, &p);
    case VM_PARK_INIT:
        return !init_blocker(t, init_class(&p));
    default:
        return true;
    }
}

/* ---- Before a step --------------------------------------------------------------------------- */

/* Exposes the reference a parked native call stores into shared object args[0]. */
static void expose_native(vm *machine, const vm_method *m, const vm_slot *args)
{
    if (m->sync == VM_SYNC_START) {
        explore_sched_expose(machine, args[0].ref);
        return;
    }
    if (m->sync != VM_SYNC_WRITE || !args[0].ref) return;
    uint32_t slot; /* statics are shared */
    if (!sync_statics(machine, args, &slot) && !shared(machine, args[0].ref)) return;
    const char *d = m->descriptor;
    if (!strcmp(d, "(Ljava/lang/Object;JLjava/lang/Object;Ljava/lang/Object;)Z") ||
        !strcmp(d, "(Ljava/lang/Object;JLjava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;"))
        explore_sched_expose(machine, args[4].ref);
    else if (!strcmp(d, "(Ljava/lang/Object;JLjava/lang/Object;)Ljava/lang/Object;") ||
             !strcmp(d, "(Ljava/lang/Object;JLjava/lang/Object;)V"))
        explore_sched_expose(machine, args[3].ref);
}

void explore_sched_expose_pending(vm *machine, vm_park park, const vm_frame *frame,
                                  const uint8_t *pc, const vm_slot *sp)
{
    uint8_t op = *pc;
    if (park == VM_PARK_ACCESS) {
        const vm_cp_entry *e = &frame->method->owner->cp[U2(pc + 1)];
        bool into_shared = op == CF_OP_PUTSTATIC ||
                           (op == CF_OP_AASTORE && shared(machine, sp[-3].ref)) ||
                           (op == CF_OP_PUTFIELD && e->kind == 'L' && shared(machine, sp[-2].ref));
        if (into_shared && (op == CF_OP_AASTORE || e->kind == 'L'))
            explore_sched_expose(machine, sp[-1].ref);
    } else if (park == VM_PARK_INVOKE) {
        const vm_method *m = vm_call_target(machine, NULL, frame, pc, sp);
        if (m && !(m->access & CF_ACC_SYNCHRONIZED)) expose_native(machine, m, sp - m->arg_slots);
    }
}

/* Under safe, with thread start, end and isAlive() invisible: notes what [t], about to call [m]
 * with the arguments at [p], does to the life of a thread for the race check: a start, or a
 * read of whether that thread started (isAlive(), join) and ended (isAlive(), a join by an
 * interrupted thread: a join that waits is enabled by the end, which the searches handle). */
static void note_life_call(vm *machine, const vm_thread *t, const parked *p)
{
    const vm_method *m = parked_callee(machine, t, p);
    if (!m || (m->sync != VM_SYNC_ALIVE && m->sync != VM_SYNC_JOIN && m->sync != VM_SYNC_START))
        return;
    uint32_t object = p->sp[-(int)m->arg_slots].ref;
    if (!object || object == t->object) return;
    if (m->sync == VM_SYNC_START) {
        explore_race_note_life_write(machine, t, object, true);
        return;
    }
    bool end = m->sync == VM_SYNC_ALIVE || vm_thread_interrupted(machine, t);
    uint32_t d = t->depth; /* the race names the program's call, not Thread's own code */
    while (d >= 2 && t->frames[d - 1].method->owner == machine->known.thread) d--;
    const vm_frame *f = &t->frames[d - 1];
    const uint8_t *pc = d == t->depth ? p->pc : f->method->code->code + f->pc;
    explore_race_note_life_read(machine, t, f, pc, object, true, end);
}

void explore_sched_before_step(vm *machine, vm_thread *t)
{
    parked p = {NULL, NULL, NULL};
    bool life = !thread_life_visible(machine);
    if (life && t->state == VM_THREAD_RUNNABLE && t->park == VM_PARK_END && t->object)
        explore_race_note_life_write(machine, t, t->object, false);
    if (t->state != VM_THREAD_RUNNABLE || !parked_at(t, &p)) return;
    explore_sched_expose_pending(machine, (vm_park)t->park, p.frame, p.pc, p.sp);
    if (life && t->park == VM_PARK_INVOKE) note_life_call(machine, t, &p);
}
