/* The checker's descriptions for humans: thread names, what a thread's next transition does
 * (for schedules), what a blocked thread waits for (for deadlocks) and the stack trace of an
 * uncaught exception. Objects are named by class (as explore_say_class names it) and
 * deterministic id, e.g. Node#1.4 (the fifth object thread 1 allocated), Object#vm.3, int[]#1.0,
 * Counter.class. */
#include <stdio.h>

#include "check.h"
#include "natives.h"

#define U2(p) ((uint16_t)(((p)[0] << 8) | (p)[1]))

/* Appends the short name of [cls] as every label names a class (explore_say_class: "Node",
 * "Object[]", "int[]"). */
static void add_class(base_textbuf *t, const vm_class *cls)
{
    explore_say_class(t, cls->name);
}

/* Writes " (Thread-0)" after a Thread object [o] that has a name: the name the program knows it
 * by, beside the id that labels name it by. */
static void add_thread_name(base_textbuf *t, const vm *machine, const vm_object *o)
{
    if (!vm_is_assignable(o->cls, machine->known.thread)) return;
    uint32_t name = VM_FIELDS(o)[machine->off.thread_name].ref;
    char text[128];
    if (name) base_textbuf_printf(t, " (%s)", vm_string_utf8(machine, name, text, sizeof text));
}

/* Writes the name of object [h]. */
static void add_object(base_textbuf *t, const vm *machine, uint32_t h)
{
    if (!h) {
        base_textbuf_printf(t, "null");
        return;
    }
    const vm_object *o = vm_obj(machine, h);
    uint64_t id = o->id;
    if (vm_id_is_mirror(id)) {
        add_class(t, vm_class_of_mirror(machine, h));
        base_textbuf_printf(t, ".class");
        return;
    }
    add_class(t, o->cls);
    if (vm_id_is_vm_object(id))
        base_textbuf_printf(t, "#vm.%llu", (unsigned long long)vm_id_vm_count(id));
    else
        base_textbuf_printf(t, "#%u.%llu", vm_id_thread(id), (unsigned long long)vm_id_count(id));
    add_thread_name(t, machine, o);
}

/* Writes the name of object [h] (as add_object does) into [buf]. */
void explore_describe_object(const vm *machine, uint32_t h, char *buf, size_t cap)
{
    base_textbuf t = base_textbuf_make(buf, cap);
    add_object(&t, machine, h);
}

/* Writes "Class.method(File.java:line)" for [m] at [pc]. */
static void add_location(base_textbuf *t, const vm_method *m, uint32_t pc)
{
    char cls[512];
    vm_dotted_name(m->owner, cls, sizeof cls);
    int line = m->code ? cf_line_of(m->code, pc) : -1;
    const char *file = m->owner->source_file;
    if (file && line >= 0)
        base_textbuf_printf(t, "%s.%s(%s:%d)", cls, m->name, file, line);
    else if (file)
        base_textbuf_printf(t, "%s.%s(%s)", cls, m->name, file);
    else
        base_textbuf_printf(t, "%s.%s(Unknown Source)", cls, m->name);
}

void explore_describe_location(const vm_method *m, uint32_t pc, char *buf, size_t cap)
{
    base_textbuf t = base_textbuf_make(buf, cap);
    add_location(&t, m, pc);
}

const vm_field *explore_static_at_offset(const vm_class *cls, uint32_t offset)
{
    for (uint16_t i = 0; i < cls->field_count; i++)
        if ((cls->fields[i].access & CF_ACC_STATIC) && cls->fields[i].offset == offset)
            return &cls->fields[i];
    return NULL;
}

const vm_field *explore_field_at_offset(const vm_class *cls, uint32_t offset)
{
    for (const vm_class *c = cls; c; c = c->super)
        for (uint16_t i = 0; i < c->field_count; i++)
            if (!(c->fields[i].access & CF_ACC_STATIC) && c->fields[i].offset == offset)
                return &c->fields[i];
    return NULL;
}

explore_sync_target explore_sync_target_of(const vm *machine, const vm_slot *args)
{
    const vm_object *o = vm_obj(machine, args[0].ref);
    int64_t offset = vm_get_long(args + 1);
    uint32_t slot;
    explore_sync_target c = {vm_sync_static(machine, o, offset, &slot), -1, NULL, false};
    if (c.statics) {
        c.cell = slot;
        c.field = explore_static_at_offset(c.statics, slot);
        return c;
    }
    c.cell = vm_sync_field(o, offset);
    c.element = c.cell >= 0 && o->cls->kind == VM_KIND_ARRAY;
    if (c.cell >= 0 && !c.element) c.field = explore_field_at_offset(o->cls, (uint32_t)c.cell);
    return c;
}

void explore_describe_sync_cell(base_textbuf *t, const vm *machine, const vm_slot *args)
{
    explore_sync_target c = explore_sync_target_of(machine, args);
    if (c.element)
        base_textbuf_printf(t, "[%lld]", (long long)c.cell);
    else if (c.field)
        base_textbuf_printf(t, ".%s", c.field->name);
}

void explore_thread_name(const vm *machine, uint32_t thread, char *buf, size_t cap)
{
    const vm_thread *t = machine->threads[thread];
    uint32_t name =
        t->object ? VM_FIELDS(vm_obj(machine, t->object))[machine->off.thread_name].ref : 0;
    if (name)
        vm_string_utf8(machine, name, buf, cap);
    else
        snprintf(buf, cap, "thread %u", thread);
}

/* ---- The next action ------------------------------------------------------------------------- */

/* Describes the field, static or array access at [pc]. */
static void add_access(base_textbuf *t, const vm *machine, const vm_frame *f, const uint8_t *pc,
                       const vm_slot *sp)
{
    uint8_t op = *pc;
    const vm_cp_entry *e = &f->method->owner->cp[U2(pc + 1)];
    if (op == CF_OP_GETFIELD || op == CF_OP_PUTFIELD) {
        int value = op == CF_OP_PUTFIELD ? (e->kind == 'J' || e->kind == 'D' ? 2 : 1) : 0;
        base_textbuf_printf(t, "%s ", value ? "write" : "read");
        add_class(t, e->field->owner);
        base_textbuf_printf(t, ".%s of ", e->field->name);
        add_object(t, machine, sp[-1 - value].ref);
    } else if (op == CF_OP_GETSTATIC || op == CF_OP_PUTSTATIC) {
        base_textbuf_printf(t, "%s ", op == CF_OP_PUTSTATIC ? "write" : "read");
        add_class(t, e->field->owner);
        base_textbuf_printf(t, ".%s", e->field->name);
    } else {
        bool store = op > CF_OP_SALOAD;
        int d = store ? (op == CF_OP_LASTORE || op == CF_OP_DASTORE ? 4 : 3) : 2;
        base_textbuf_printf(t, "%s ", store ? "write" : "read");
        add_object(t, machine, sp[-d].ref);
        base_textbuf_printf(t, "[%d]", sp[1 - d].i);
    }
}

/* Describes the call of synchronized method or synchronisation native [m]. */
static void add_call(base_textbuf *t, const vm *machine, const vm_method *m, const vm_slot *args)
{
    if (m->sync == VM_SYNC_OUTPUT) {
        base_textbuf_printf(t, "print to %s",
                            args[0].i == 2 ? "standard error" : "standard output");
        return;
    }
    add_class(t, m->owner);
    base_textbuf_printf(t, ".%s", m->name);
    if (m->access & CF_ACC_SYNCHRONIZED) {
        base_textbuf_printf(t, " (lock ");
        add_object(t, machine, (m->access & CF_ACC_STATIC) ? m->owner->mirror : args[0].ref);
        base_textbuf_printf(t, ")");
        return;
    }
    if (m->sync == VM_SYNC_PARK || m->sync == VM_SYNC_PARK_TIMED || !args[0].ref) return;
    base_textbuf_printf(t, " on ");
    add_object(t, machine, args[0].ref);
    if (m->sync == VM_SYNC_READ || m->sync == VM_SYNC_WRITE)
        explore_describe_sync_cell(t, machine, args);
}

/* The field that frame [f], porcheck's model of Object.clone(), reads by calling [m] on [args]
 * (a Sync read of the object cloned); NULL for any other call. */
static const vm_field *cloned_field(const vm *machine, const vm_frame *f, const vm_method *m,
                                    const vm_slot *args)
{
    if (f->method != machine->clone_object_model || m->sync != VM_SYNC_READ || !args[0].ref)
        return NULL;
    return explore_field_at_offset(vm_obj(machine, args[0].ref)->cls,
                                   (uint32_t)vm_get_long(args + 1));
}

/* Describes what [th], runnable and parked at its top frame, does next. */
static void add_parked(base_textbuf *t, const vm *machine, const vm_thread *th)
{
    const vm_frame *f = &th->frames[th->depth - 1];
    const uint8_t *pc = f->method->code->code + f->pc;
    const vm_slot *sp = th->slots + f->sp;
    switch (th->park) {
    case VM_PARK_ACCESS: {
        add_access(t, machine, f, pc, sp);
        return;
    }
    case VM_PARK_MONITOR:
        base_textbuf_printf(t, "%s ", *pc == CF_OP_MONITORENTER ? "lock" : "unlock");
        {
            add_object(t, machine, sp[-1].ref);
            return;
        }
    case VM_PARK_INVOKE: {
        const vm_method *m = vm_call_target((vm *)machine, NULL, f, pc, sp);
        const vm_field *field = m ? cloned_field(machine, f, m, sp - m->arg_slots) : NULL;
        if (field) { /* "read Pair.a of Pair#0.4", as a getfield of it reads */
            base_textbuf_printf(t, "read ");
            add_class(t, field->owner);
            base_textbuf_printf(t, ".%s of ", field->name);
            add_object(t, machine, sp[-(int)m->arg_slots].ref);
        } else if (m) {
            add_call(t, machine, m, sp - m->arg_slots);
        }
        return;
    }
    case VM_PARK_RETURN:
        base_textbuf_printf(t, "return (unlock ");
        add_object(t, machine, f->monitor);
        {
            base_textbuf_printf(t, ")");
            return;
        }
    case VM_PARK_CLINIT_END: {
        base_textbuf_printf(t, "finish initialising ");
        add_class(t, f->method->owner);
        return;
    }
    case VM_PARK_INIT: { /* initialised since it parked: another thread did it, this one waited */
        const vm_class *cls = f->method->owner->cp[U2(pc + 1)].cls;
        bool done = cls && cls->init_state == VM_INIT_DONE;
        base_textbuf_printf(t, done ? "use " : "initialise ");
        add_class(t, cls);
        if (done) base_textbuf_printf(t, " (initialised by another thread)");
        return;
    }
    case VM_PARK_UNWIND:
        base_textbuf_printf(t, "exception leaves %s", f->method->name);
        if (f->monitor)
            base_textbuf_printf(t, " (unlock "), add_object(t, machine, f->monitor),
                base_textbuf_printf(t, ")");
        return;
    default: /* a thread that has not begun reads "begin" (explore_describe_next, not_begun) */
        base_textbuf_printf(t, "local");
        return;
    }
}

/* Writes "App.m(App.java:9), in " when frame [top] of [th] runs a JDK or model class called from
 * application code: the innermost application frame, the line the program's author knows. */
static void add_application_location(base_textbuf *t, const vm_thread *th, uint32_t top)
{
    if (!vm_is_system_name(th->frames[top].method->owner->name)) return;
    for (uint32_t d = top; d-- > 0;) {
        const vm_frame *f = &th->frames[d];
        if (vm_is_system_name(f->method->owner->name)) continue;
        add_location(t, f->method, f->pc);
        base_textbuf_printf(t, ", in ");
        return;
    }
}

/* True when [th] has run none of its code yet: its entry frame, and over it only the class
 * initialisers that must run first (the boot classes' and the main class's under main), each
 * at its first instruction. */
static bool not_begun(const vm_thread *th)
{
    if (!th->depth || th->park != VM_PARK_NONE || th->state != VM_THREAD_RUNNABLE) return false;
    for (uint32_t d = 0; d < th->depth; d++) {
        const vm_frame *f = &th->frames[d];
        if (f->pc || (d + 1 < th->depth && !(f->flags & VM_FRAME_PENDING))) return false;
        if (d && strcmp(f->method->name, "<clinit>")) return false;
    }
    return true;
}

void explore_describe_next(const vm *machine, uint32_t thread, char *buf, size_t cap)
{
    base_textbuf t = base_textbuf_make(buf, cap);
    const vm_thread *th = machine->threads[thread];
    if (not_begun(th)) { /* "App.main(App.java:9): begin", not inside a boot class's <clinit> */
        add_location(&t, th->frames[0].method, 0);
        base_textbuf_printf(&t, ": begin");
        return;
    }
    if (th->depth) {
        uint32_t d = explore_copy_depth(machine, th); /* a copy's steps: at the call */
        const vm_frame *f = &th->frames[d - 1];
        add_application_location(&t, th, d - 1);
        add_location(&t, f->method, f->pc);
        explore_copy_call copy =
            d == th->depth ? EXPLORE_COPY_NONE : explore_copy_model(machine, th->frames[d].method);
        base_textbuf_printf(&t, copy == EXPLORE_COPY_ARRAYCOPY ? ": System.arraycopy: "
                                : copy == EXPLORE_COPY_CLONE   ? ": clone: "
                                                               : ": ");
    }
    if (th->state == VM_THREAD_TERMINATED) {
        base_textbuf_printf(&t, "(ended)");
        return;
    }
    if (th->park == VM_PARK_END || !th->depth) {
        base_textbuf_printf(&t, "end");
        return;
    }
    if (th->state == VM_THREAD_WAITING && th->wait_lock) {
        bool spurious =
            vm_timer_pending(th) && !vm_notified(machine, th) && vm_spurious_site(machine, th);
        base_textbuf_printf(&t, "wake up%s and re-acquire ",
                            spurious ? " spuriously (no notify)" : "");
        {
            add_object(&t, machine, th->wait_lock);
            return;
        }
    }
    if (th->state != VM_THREAD_RUNNABLE) {
        base_textbuf_printf(&t, "resume");
        return;
    }
    add_parked(&t, machine, th);
}

/* ---- Waiting threads ------------------------------------------------------------------------- */

/* Returns the monitor [th] needs next, or 0. */
static uint32_t needed_lock(const vm *machine, const vm_thread *th)
{
    if (th->state == VM_THREAD_BLOCKED) return th->wait_object;
    if (th->state == VM_THREAD_WAITING) return vm_notified(machine, th) ? th->wait_lock : 0;
    if (!th->depth || th->state != VM_THREAD_RUNNABLE) return 0;
    const vm_frame *f = &th->frames[th->depth - 1];
    const uint8_t *pc = f->method->code->code + f->pc;
    const vm_slot *sp = th->slots + f->sp;
    if (th->park == VM_PARK_MONITOR && *pc == CF_OP_MONITORENTER) return sp[-1].ref;
    if (th->park != VM_PARK_INVOKE) return 0;
    const vm_method *m = vm_call_target((vm *)machine, NULL, f, pc, sp);
    if (!m) return 0;
    const vm_slot *args = sp - m->arg_slots;
    if (m->access & CF_ACC_SYNCHRONIZED)
        return (m->access & CF_ACC_STATIC) ? m->owner->mirror : args[0].ref;
    return m->sync == VM_SYNC_ENTER || m->sync == VM_SYNC_ENTER_INTERRUPTIBLY ? args[0].ref : 0;
}

/* Returns the thread [th] joins (parked before join, or waiting in it), or NULL. */
static const vm_thread *joined(const vm *machine, const vm_thread *th)
{
    if (th->state == VM_THREAD_WAITING && th->join_thread)
        return machine->threads[th->join_thread - 1]; /* blocked in the join (itself) */
    if (th->state != VM_THREAD_RUNNABLE || th->park != VM_PARK_INVOKE || !th->depth) return NULL;
    const vm_frame *f = &th->frames[th->depth - 1];
    const uint8_t *pc = f->method->code->code + f->pc;
    const vm_slot *sp = th->slots + f->sp;
    const vm_method *m = vm_call_target((vm *)machine, NULL, f, pc, sp);
    if (!m || m->sync != VM_SYNC_JOIN) return NULL;
    uint32_t obj = sp[-(int)m->arg_slots].ref;
    for (uint32_t i = 0; i < machine->thread_count; i++)
        if (machine->threads[i]->object == obj && obj) return machine->threads[i];
    return NULL;
}

int explore_waits_for(const vm *machine, uint32_t thread)
{
    const vm_thread *th = machine->threads[thread];
    uint32_t lock = needed_lock(machine, th);
    if (lock) {
        uint32_t owner = vm_obj(machine, lock)->lock_owner;
        return owner && owner - 1 != thread ? (int)owner - 1 : -1;
    }
    const vm_thread *target = joined(machine, th);
    if (target) return (int)target->id;
    const vm_class *init = explore_sched_init_waited(th);
    return init ? (int)init->init_thread : -1;
}

void explore_describe_waiting(const vm *machine, uint32_t thread, char *buf, size_t cap)
{
    base_textbuf t = base_textbuf_make(buf, cap);
    const vm_thread *th = machine->threads[thread];
    if (th->depth) {
        const vm_frame *f = &th->frames[th->depth - 1];
        base_textbuf_printf(&t, "at ");
        add_application_location(&t, th, th->depth - 1);
        add_location(&t, f->method, f->pc);
        base_textbuf_printf(&t, ": ");
    }
    uint32_t lock = needed_lock(machine, th);
    const vm_thread *target = joined(machine, th);
    const vm_class *init = explore_sched_init_waited(th);
    char name[256];
    if (lock) {
        base_textbuf_printf(&t, "waits for the lock of ");
        add_object(&t, machine, lock);
        uint32_t owner = vm_obj(machine, lock)->lock_owner;
        if (owner)
            explore_thread_name(machine, owner - 1, name, sizeof name),
                base_textbuf_printf(&t, " held by %s", name);
    } else if (target) {
        explore_thread_name(machine, target->id, name, sizeof name);
        base_textbuf_printf(&t, "waits to join %s", name);
    } else if (th->state == VM_THREAD_WAITING && th->wait_object) {
        base_textbuf_printf(&t, "waits to be notified on ");
        add_object(&t, machine, th->wait_object);
    } else if (th->parked || th->park == VM_PARK_INVOKE) {
        base_textbuf_printf(&t, "parked (LockSupport.park) without a permit");
    } else if (init) {
        explore_thread_name(machine, init->init_thread, name, sizeof name);
        base_textbuf_printf(&t, "waits for the initialisation of ");
        add_class(&t, init);
        base_textbuf_printf(&t, " by %s", name);
    } else {
        base_textbuf_printf(&t, "waits for a class initialisation");
    }
}

/* ---- Uncaught exceptions --------------------------------------------------------------------- */

/* Writes "java.lang.Foo: message" for throwable [h]. */
static void add_throwable(base_textbuf *t, const vm *machine, uint32_t h)
{
    char name[512], msg[1024];
    base_textbuf_printf(t, "%s", vm_dotted_name(vm_obj(machine, h)->cls, name, sizeof name));
    uint32_t m = VM_FIELDS(vm_obj(machine, h))[machine->off.throwable_message].ref;
    if (m) base_textbuf_printf(t, ": %s", vm_string_utf8(machine, m, msg, sizeof msg));
    base_textbuf_printf(t, "\n");
}

/* Writes the "\tat ..." lines of throwable [h] from its backtrace. */
static void add_backtrace(base_textbuf *t, const vm *machine, uint32_t h)
{
    uint32_t bt = VM_FIELDS(vm_obj(machine, h))[machine->off.throwable_backtrace].ref;
    uint32_t n = bt ? vm_obj(machine, bt)->length / 2 : 0;
    const int32_t *pairs = bt ? VM_ELEMS(vm_obj(machine, bt)) : NULL;
    for (uint32_t i = 0; i < n; i++) {
        const vm_method *m = machine->methods[pairs[2 * i]];
        base_textbuf_printf(t, "\tat ");
        add_location(t, m, (uint32_t)pairs[2 * i + 1]);
        base_textbuf_printf(t, "\n");
    }
}

bool explore_describe_uncaught(const vm *machine, uint32_t thread, char *buf, size_t cap)
{
    base_textbuf t = base_textbuf_make(buf, cap);
    const vm_thread *th = machine->threads[thread];
    if (!th->uncaught || !th->exception) return false;
    add_throwable(&t, machine, th->exception);
    add_backtrace(&t, machine, th->exception);
    uint32_t cause = VM_FIELDS(vm_obj(machine, th->exception))[machine->off.throwable_cause].ref;
    if (cause && cause != th->exception) {
        base_textbuf_printf(&t, "Caused by: ");
        add_throwable(&t, machine, cause);
        add_backtrace(&t, machine, cause);
    }
    return true;
}
