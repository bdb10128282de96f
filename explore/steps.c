/* Steps as the interleaving tables of porcheck check show them: what a thread's next transition
 * does inside an invocation, at the line of the invocation's own code that caused it, with a
 * library call (a lock, an atomic) shown as one action. */
#include <stdio.h>

#include "check.h"
#include "natives.h"

/* A step's text being written, and what the writing found out. */
typedef struct words {
    base_textbuf out;
    uint32_t self; /* an object whose fields are named without it (the library call's receiver) */
    int waits;     /* 1: the action waits (await, park, wait), 2: wakes up; 0: neither */
} words;

/* Returns binary class name [name] without its package and outer classes ("a/b/List$Node" is
 * "Node"; an anonymous "List$1" stays). */
static const char *short_class(const char *name)
{
    const char *s = strrchr(name, '/');
    s = s ? s + 1 : name;
    const char *d = strrchr(s, '$');
    return d && d[1] && !(d[1] >= '0' && d[1] <= '9') ? d + 1 : s;
}

/* Appends the short name of class [name], arrays as "Node[]" or "int[]". */
static void say_class(words *w, const char *name)
{
    static const char prims[] = "ZBCSIJFD";
    static const char *const prim_names[] = {"boolean", "byte", "char",  "short",
                                             "int",     "long", "float", "double"};
    size_t dims = strspn(name, "[");
    const char *p = strchr(prims, name[dims]);
    if (dims && name[dims] != 'L' && p && name[dims])
        base_textbuf_printf(&w->out, "%s", prim_names[p - prims]);
    else if (dims) {
        char elem[512];
        snprintf(elem, sizeof elem, "%s", name + dims + 1);
        elem[strcspn(elem, ";")] = '\0';
        base_textbuf_printf(&w->out, "%s", short_class(elem));
    } else
        base_textbuf_printf(&w->out, "%s", short_class(name));
    for (size_t i = 0; i < dims; i++) base_textbuf_printf(&w->out, "[]");
}

/* Appends the name of object [h]: its short class and deterministic id ("Node#1.4"). */
static void say_object(words *w, const vm *machine, uint32_t h)
{
    char raw[600];
    explore_describe_object(machine, h, raw, sizeof raw);
    const char *id = strchr(raw, '#');
    if (!h || !id) {
        base_textbuf_printf(&w->out, "%s", raw);
        return;
    }
    say_class(w, vm_obj(machine, h)->cls->name);
    base_textbuf_printf(&w->out, "%s", id);
}

/* Appends the field, static or array access at [pc] of frame [f] (operand stack top [sp]). */
static void say_access(words *w, const vm *machine, const vm_frame *f, const uint8_t *pc,
                       const vm_slot *sp)
{
    uint8_t op = *pc;
    const vm_cp_entry *e = &f->method->owner->cp[(pc[1] << 8) | pc[2]];
    if (op == CF_OP_GETFIELD || op == CF_OP_PUTFIELD) {
        int value = op == CF_OP_PUTFIELD ? (e->kind == 'J' || e->kind == 'D' ? 2 : 1) : 0;
        uint32_t obj = sp[-1 - value].ref;
        base_textbuf_printf(&w->out, "%s ", value ? "write" : "read");
        if (!obj || obj != w->self) say_object(w, machine, obj), base_textbuf_printf(&w->out, ".");
        base_textbuf_printf(&w->out, "%s", e->field->name);
    } else if (op == CF_OP_GETSTATIC || op == CF_OP_PUTSTATIC) {
        base_textbuf_printf(&w->out, "%s ", op == CF_OP_PUTSTATIC ? "write" : "read");
        say_class(w, e->field->owner->name);
        base_textbuf_printf(&w->out, ".%s", e->field->name);
    } else {
        bool store = op > CF_OP_SALOAD;
        int d = store ? (op == CF_OP_LASTORE || op == CF_OP_DASTORE ? 4 : 3) : 2;
        base_textbuf_printf(&w->out, "%s ", store ? "write" : "read");
        say_object(w, machine, sp[-d].ref);
        base_textbuf_printf(&w->out, "[%d]", sp[1 - d].i);
    }
}

/* Appends the call of synchronized method or synchronisation native [m] with arguments
 * [args]; false when it is bookkeeping to leave out of the tables. */
static bool say_call(words *w, const vm *machine, const vm_method *m, const vm_slot *args)
{
    if (m->access & CF_ACC_SYNCHRONIZED) {
        base_textbuf_printf(&w->out, "lock ");
        say_object(w, machine, (m->access & CF_ACC_STATIC) ? m->owner->mirror : args[0].ref);
        base_textbuf_printf(&w->out, " (synchronized %s)", m->name);
        return true;
    }
    const vm_native *n = vm_find_native(m->owner->name, m->name, m->descriptor);
    const char *verb = n && n->sync != VM_SYNC_NONE ? n->verb : m->name;
    if (!verb) return false;
    base_textbuf_printf(&w->out, "%s", verb);
    w->waits = !strcmp(verb, "await") || !strcmp(verb, "park") || !strcmp(verb, "wait");
    if (m->sync == VM_SYNC_PARK || !m->arg_slots || !args[0].ref) return true;
    base_textbuf_printf(&w->out, " ");
    say_object(w, machine, args[0].ref);
    if (m->sync == VM_SYNC_READ || m->sync == VM_SYNC_WRITE)
        explore_describe_sync_cell(&w->out, machine, args);
    return true;
}

/* Appends what [th], at a visible point of its top frame, does next; false when it is
 * bookkeeping to leave out of the tables. */
static bool say_action(words *w, const vm *machine, const vm_thread *th, uint32_t thread)
{
    const vm_frame *f = &th->frames[th->depth - 1];
    const uint8_t *pc = f->method->code->code + f->pc;
    const vm_slot *sp = th->slots + f->sp;
    if (th->state == VM_THREAD_WAITING && th->wait_lock) {
        bool woken = vm_notified(machine, th);
        w->waits = woken ? 2 : 1;
        base_textbuf_printf(&w->out, "%s ", woken ? "wake up, lock" : "wait on");
        say_object(w, machine, woken ? th->wait_lock : th->wait_object);
        return true;
    }
    const vm_method *m;
    switch (th->park) {
    case VM_PARK_ACCESS:
        say_access(w, machine, f, pc, sp);
        return true;
    case VM_PARK_MONITOR:
        base_textbuf_printf(&w->out, "%s ", *pc == CF_OP_MONITORENTER ? "lock" : "unlock");
        say_object(w, machine, sp[-1].ref);
        return true;
    case VM_PARK_INVOKE:
        m = vm_call_target((vm *)machine, NULL, f, pc, sp);
        if (!m) return base_textbuf_printf(&w->out, "call"), true;
        if (!say_call(w, machine, m, sp - m->arg_slots)) return false;
        if (m->sync == VM_SYNC_PARK && th->permit)
            w->waits = 2; /* it has its permit: it wakes up */
        return true;
    case VM_PARK_ATOMIC:
        m = vm_call_target((vm *)machine, NULL, f, pc, sp);
        if (!m) return false;
        base_textbuf_printf(&w->out, "%s ", m->name);
        if (m->access & CF_ACC_STATIC)
            say_class(w, m->owner->name);
        else
            say_object(w, machine, sp[-(int)m->arg_slots].ref);
        return true;
    case VM_PARK_RETURN:
        base_textbuf_printf(&w->out, "unlock ");
        say_object(w, machine, f->monitor);
        base_textbuf_printf(&w->out, " (return from %s)", f->method->name);
        return true;
    default: {
        char next[1024];
        explore_describe_next(machine, thread, next, sizeof next);
        const char *action = strstr(next, "): ");
        base_textbuf_printf(&w->out, "%s", action ? action + 3 : next);
        return true;
    }
    }
}

/* Returns the depth of the frame of [t] that the innermost frame of [entry_class].[entry_method]
 * calls (the invocation), or -1. */
static int entry_depth(const vm_thread *t, const char *entry_class, const char *entry_method)
{
    for (uint32_t d = t->depth; d-- > 0;) {
        const vm_method *m = t->frames[d].method;
        if (!strcmp(m->owner->name, entry_class) && !strcmp(m->name, entry_method))
            return d + 1 < t->depth ? (int)d + 1 : -1;
    }
    return -1;
}

/* True when binary names [a] and [b] have the same outermost class. */
static bool same_outer(const char *a, const char *b)
{
    size_t n = strcspn(a, "$");
    return n == strcspn(b, "$") && !strncmp(a, b, n);
}

/* True when [cls] is application code for an invocation that entered class [entry]: not the
 * model library, or the class (and its nested classes) that the invocation called. */
static bool user_class(const vm_class *cls, const vm_class *entry)
{
    return !vm_is_system_name(cls->name) || same_outer(cls->name, entry->name);
}

/* Writes "File.java:line" of frame [f] into [buf]. */
static void frame_line(const vm_frame *f, char *buf, size_t cap)
{
    const vm_method *m = f->method;
    int line = m->code ? cf_line_of(m->code, f->pc) : -1;
    const char *file = m->owner->source_file ? m->owner->source_file : "Unknown Source";
    if (line >= 0)
        snprintf(buf, cap, "%s:%d", file, line);
    else
        snprintf(buf, cap, "%s", file);
}

/* True for the adapter classes of VarHandle access modes (vm/varhandle.c). */
static bool varhandle_adapter(const vm_class *cls)
{
    return !strncmp(cls->name, "java/lang/invoke/VarHandle$Access$", 34);
}

/* True for sun.misc.Unsafe and jdk.internal.misc.Unsafe, whose one instance says nothing. */
static bool unsafe_class(const vm_class *cls)
{
    return !strcmp(cls->name, "sun/misc/Unsafe") || !strcmp(cls->name, "jdk/internal/misc/Unsafe");
}

/* Appends the library call that frame [b] runs for the application ("lock ReentrantLock#0.5"). */
static void say_library_call(words *w, const vm *machine, const vm_thread *t, const vm_frame *b)
{
    bool ctor = !strcmp(b->method->name, "<init>");
    base_textbuf_printf(&w->out, "%s", ctor ? "new" : b->method->name);
    if (varhandle_adapter(b->method->owner) || unsafe_class(b->method->owner))
        return; /* a VarHandle access mode's adapter, an Unsafe: the action names the variable */
    base_textbuf_printf(&w->out, " ");
    if (b->method->access & CF_ACC_STATIC) {
        say_class(w, b->method->owner->name);
        return;
    }
    say_object(w, machine, t->slots[b->locals].ref);
}

/* True for the model library's atomic and lock classes, the JDK's atomic library classes
 * (vm_jdk_atomic_class) and Object (wait, notify), whose calls
 * read as one action: the steps inside one (a CAS after a read, a lock's own bookkeeping, the
 * native a wait parks in) show as the call. */
static bool primitive_class(const vm_class *cls)
{
    return cls->atomic_library || !strncmp(cls->name, "java/util/concurrent/atomic/", 28) ||
           !strncmp(cls->name, "java/util/concurrent/locks/", 27) ||
           !strcmp(cls->name, "java/lang/Object");
}

void explore_describe_step(const vm *machine, uint32_t thread, const char *entry_class,
                           const char *entry_method, char *buf, size_t cap)
{
    words w = {base_textbuf_make(buf, cap), 0, 0}, act;
    char action[1024], where[600] = "";
    const vm_thread *t = machine->threads[thread];
    int e = entry_depth(t, entry_class, entry_method);
    if (e < 0 || !t->depth) return;
    const vm_class *entry = t->frames[e].method->owner;
    int u = (int)t->depth - 1;
    while (u > e && !user_class(t->frames[u].method->owner, entry)) u--;
    frame_line(&t->frames[u], where, sizeof where);
    const vm_frame *b = u + 1 < (int)t->depth ? &t->frames[u + 1] : NULL;
    bool instance = b && !(b->method->access & CF_ACC_STATIC);
    act = (words){base_textbuf_make(action, sizeof action), instance ? t->slots[b->locals].ref : 0,
                  0};
    if (!say_action(&act, machine, t, thread)) return;
    bool whole = b && primitive_class(b->method->owner);
    size_t n = b ? strlen(b->method->name) : 0;
    if (b && varhandle_adapter(b->method->owner) && !strncmp(action, b->method->name, n) &&
        action[n] == ' ')
        b = NULL; /* "getAndAdd X.count", not "getAndAdd: getAndAdd X.count" */
    if (b) say_library_call(&w, machine, t, b);
    if (whole && act.waits)
        base_textbuf_printf(&w.out, ": %s", act.waits == 2 ? "wakes up" : "waits");
    if (!whole) base_textbuf_printf(&w.out, "%s%s", b ? ": " : "", action);
    base_textbuf_printf(&w.out, " (%s)", where);
}
