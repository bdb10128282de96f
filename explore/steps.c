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
    int waits;     /* 1: the action waits (await, park, wait), 2: wakes up, 3 (wait) or 4 (park):
                    * wakes up with no notify or unpark (a spurious wake-up), 5 (wait) or 6
                    * (park): wakes up interrupted, 7: an interrupted wait leaves the wait set
                    * while another thread holds the lock; 0: neither */
    explore_names *names; /* names objects by path and number, and values are given; or NULL */
    explore_action *act;  /* with [names]: the parts of the action, filled as they are said */
} words;

/* Appends the short name of class [name], arrays as "Node[]" or "int[]". */
static void say_class(words *w, const char *name)
{
    explore_say_class(&w->out, name);
}

/* Appends the name of object [h]: by the names of [w] when it has them, else its short class
 * and deterministic id ("Node#1.4", "int[]#1.0"). */
static void say_object(words *w, const vm *machine, uint32_t h)
{
    if (w->names) {
        explore_say_object(&w->out, machine, w->names, h);
        return;
    }
    char raw[600];
    explore_describe_object(machine, h, raw, sizeof raw);
    base_textbuf_printf(&w->out, "%s", raw);
}

static char next_param(const char **d);

/* Appends, comma-separated, the values of the parameters of method [descriptor] after its first
 * [skip] ones, which are in [slots] from the first (long and double taking two). */
static void say_params(base_textbuf *out, const vm *machine, explore_names *names,
                       const char *descriptor, size_t skip, const vm_slot *slots)
{
    const char *d = descriptor + 1;
    size_t n = 0;
    for (char kind; (kind = next_param(&d)) != 0; slots += kind == 'J' || kind == 'D' ? 2 : 1)
        if (n++ >= skip) {
            base_textbuf_printf(out, "%s", n > skip + 1 ? ", " : "");
            explore_say_value(out, machine, names, kind, slots);
        }
}

/* Copies [text] into the field [dst] of [size] bytes of an action. */
static void put(char *dst, size_t size, const char *text)
{
    base_textbuf out = base_textbuf_make(dst, size);
    base_textbuf_printf(&out, "%s", text);
}

/* Says "read PATH -> VALUE" or "write PATH = VALUE" for the place [where] ("head.next",
 * "Node@3[2]", "Counter.count"), with the value written by [say] into [value] first. */
static void say_place(words *w, bool store, const char *object, const char *field,
                      const char *value)
{
    explore_action *a = w->act;
    put(a->kind, sizeof a->kind, store ? "write" : "read");
    put(a->object, sizeof a->object, object);
    put(a->field, sizeof a->field, field);
    put(a->value, sizeof a->value, value);
    bool dot = object[0] && field[0] != '[';
    base_textbuf_printf(&w->out, "%s %s%s%s %s %s", a->kind, object, dot ? "." : "", field,
                        store ? "=" : "->", value);
}

/* Says the field access at [pc] of frame [f] (operand stack top [sp]) with its value. */
static void say_named_field(words *w, const vm *machine, const vm_cp_entry *e, uint8_t op,
                            const vm_slot *sp)
{
    char object[256] = "", value[256];
    base_textbuf o = base_textbuf_make(object, sizeof object),
                 v = base_textbuf_make(value, sizeof value);
    bool store = op == CF_OP_PUTFIELD || op == CF_OP_PUTSTATIC;
    int width = e->kind == 'J' || e->kind == 'D' ? 2 : 1;
    const vm_field *fd = e->field;
    if (op == CF_OP_GETSTATIC || op == CF_OP_PUTSTATIC) {
        explore_say_class(&o, fd->owner->name);
        if (!store)
            explore_say_value(&v, machine, w->names, fd->kind, &fd->owner->statics[fd->offset]);
    } else {
        uint32_t obj = sp[-1 - (store ? width : 0)].ref;
        if (obj != w->names->root) explore_say_object(&o, machine, w->names, obj);
        if (!store && obj)
            explore_say_value(&v, machine, w->names, fd->kind,
                              &VM_FIELDS(vm_obj(machine, obj))[fd->offset]);
    }
    if (store) explore_say_value(&v, machine, w->names, fd->kind, sp - width);
    say_place(w, store, object, fd->name, value);
}

/* Says the field, static or array access at [pc] of frame [f] with names and values. */
static void say_named_access(words *w, const vm *machine, const vm_frame *f, const uint8_t *pc,
                             const vm_slot *sp)
{
    uint8_t op = *pc;
    if (op == CF_OP_GETFIELD || op == CF_OP_PUTFIELD || op == CF_OP_GETSTATIC ||
        op == CF_OP_PUTSTATIC) {
        say_named_field(w, machine, &f->method->owner->cp[(pc[1] << 8) | pc[2]], op, sp);
        return;
    }
    bool store = op > CF_OP_SALOAD;
    bool wide = op == CF_OP_LASTORE || op == CF_OP_DASTORE;
    int d = store ? (wide ? 4 : 3) : 2;
    uint32_t arr = sp[-d].ref;
    int32_t index = sp[1 - d].i;
    char object[256] = "", field[32], value[256] = "";
    base_textbuf o = base_textbuf_make(object, sizeof object),
                 v = base_textbuf_make(value, sizeof value);
    explore_say_object(&o, machine, w->names, arr);
    snprintf(field, sizeof field, "[%d]", index);
    const vm_object *a = arr ? vm_obj(machine, arr) : NULL;
    if (store && a)
        explore_say_value(&v, machine, w->names, a->cls->elem_kind, sp - (wide ? 2 : 1));
    else if (a && index >= 0 && (uint32_t)index < a->length)
        explore_say_element(&v, machine, w->names, a, (uint32_t)index);
    say_place(w, store, object, field, value);
}

/* Appends the field, static or array access at [pc] of frame [f] (operand stack top [sp]). */
static void say_access(words *w, const vm *machine, const vm_frame *f, const uint8_t *pc,
                       const vm_slot *sp)
{
    if (w->names) {
        say_named_access(w, machine, f, pc, sp);
        return;
    }
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

/* Appends the current value of the cell that Sync native arguments [args] address (an instance
 * field or an array element; nothing for a static or a bad offset). */
static void say_cell_value(base_textbuf *v, const vm *machine, explore_names *names,
                           const vm_slot *args)
{
    const vm_object *o = vm_obj(machine, args[0].ref);
    int64_t slot = vm_sync_field(o, vm_get_long(args + 1));
    if (slot < 0) return;
    if (o->cls->kind == VM_KIND_ARRAY) {
        explore_say_element(v, machine, names, o, (uint32_t)slot);
        return;
    }
    const vm_field *f = explore_field_at_offset(o->cls, (uint32_t)slot);
    if (f) explore_say_value(v, machine, names, f->kind, &VM_FIELDS(o)[slot]);
}

/* Says the Sync native [m] ([verb]: read, write, CAS, getAndAdd, ...) on the cell of [args] with
 * names and values: "read top -> Node@1", "write top = null", "CAS top (Node@1, null)". */
static void say_named_sync(words *w, const vm *machine, const vm_method *m, const char *verb,
                           const vm_slot *args)
{
    char object[256] = "", cell[160] = "", value[256] = "";
    base_textbuf o = base_textbuf_make(object, sizeof object);
    base_textbuf c = base_textbuf_make(cell, sizeof cell);
    base_textbuf v = base_textbuf_make(value, sizeof value);
    if (args[0].ref != w->names->root) explore_say_object(&o, machine, w->names, args[0].ref);
    explore_describe_sync_cell(&c, machine, args);
    const char *field = cell[0] == '.' ? cell + 1 : cell;
    say_params(&v, machine, w->names, m->descriptor, 2, args); /* after the object, offset */
    bool read = !strcmp(verb, "read"), write = !strcmp(verb, "write");
    if (read) say_cell_value(&v, machine, w->names, args);
    if (read || write) {
        say_place(w, write, object, field, value);
        return;
    }
    explore_action *a = w->act;
    put(a->kind, sizeof a->kind, verb);
    put(a->object, sizeof a->object, object);
    put(a->field, sizeof a->field, field);
    put(a->value, sizeof a->value, value);
    base_textbuf_printf(&w->out, "%s %s%s%s (%s)", verb, object,
                        object[0] && field[0] != '[' ? "." : "", field, value);
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
    bool cell = (m->sync == VM_SYNC_READ || m->sync == VM_SYNC_WRITE) && args[0].ref;
    if (w->names && cell) return say_named_sync(w, machine, m, verb, args), true;
    base_textbuf_printf(&w->out, "%s", verb);
    w->waits = !strcmp(verb, "await") || !strcmp(verb, "park") || !strcmp(verb, "wait");
    if (m->sync == VM_SYNC_PARK || m->sync == VM_SYNC_PARK_TIMED || m->sync == VM_SYNC_OUTPUT ||
        !m->arg_slots || !args[0].ref)
        return true;
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
        const vm_object *lock = vm_obj(machine, th->wait_lock);
        bool free = !lock->lock_owner || lock->lock_owner == th->id + 1;
        bool timer = vm_timer_pending(th);
        bool woken = vm_notified(machine, th) && (free || !timer);
        bool spurious = timer && !woken && vm_spurious_site(machine, th);
        bool interrupted = timer && !woken && vm_thread_interrupted(machine, th);
        w->waits = interrupted ? (free ? 5 : 7) : spurious ? 3 : woken || timer ? 2 : 1;
        const char *verb =
            woken         ? "wake up, lock"
            : !timer      ? "wait on"
            : interrupted ? (free ? "wake up interrupted, lock" : "wake up interrupted on")
            : spurious    ? (free ? "wake up spuriously, lock" : "wake up spuriously on")
            : free        ? "time out, lock"
                          : "time out on";
        base_textbuf_printf(&w->out, "%s ", verb);
        say_object(w, machine, woken || (timer && free) ? th->wait_lock : th->wait_object);
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
        else if (m->sync == VM_SYNC_PARK && vm_thread_interrupted(machine, th))
            w->waits = 6; /* it returns, interrupted */
        else if (m->sync == VM_SYNC_PARK && vm_spurious_site(machine, th))
            w->waits = 4; /* it returns with no permit */
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
 * calls (the invocation), or -1; with [entry_class] NULL (a thread the structure started), that
 * of its outermost frame of application code. */
static int entry_depth(const vm_thread *t, const char *entry_class, const char *entry_method)
{
    for (uint32_t d = 0; !entry_class && d < t->depth; d++)
        if (!vm_is_system_name(t->frames[d].method->owner->name)) return (int)d;
    for (uint32_t d = t->depth; entry_class && d-- > 0;) {
        const vm_method *m = t->frames[d].method;
        if (!strcmp(m->owner->name, entry_class) && !strcmp(m->name, entry_method))
            return d + 1 < t->depth ? (int)d + 1 : -1;
    }
    return -1;
}

/* Names objects by their paths from the receiver of the invocation whose frame is at depth [e]
 * of [t]; a thread the structure started ([entry_class] NULL) keeps the root its client's
 * threads gave. */
static void name_from_receiver(explore_names *names, const vm_thread *t, int e,
                               const char *entry_class)
{
    if (!entry_class || e < 1) return;
    const vm_frame *entry = &t->frames[e - 1];
    names->root = entry->method->max_locals > 1 ? t->slots[entry->locals + 1].ref : 0;
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

/* Returns the depth of the innermost frame of [t] that is application code for the invocation
 * whose frame is at depth [e] (that frame itself at worst). */
static int application_frame(const vm_thread *t, int e)
{
    const vm_class *cls = t->frames[e].method->owner;
    int u = (int)t->depth - 1;
    while (u > e && !user_class(t->frames[u].method->owner, cls)) u--;
    return u;
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
    explore_copy_call copy = explore_copy_model(machine, b->method);
    if (copy == EXPLORE_COPY_ARRAYCOPY) { /* porcheck's models of copies: what the program called */
        base_textbuf_printf(&w->out, "System.arraycopy");
        return;
    }
    if (copy == EXPLORE_COPY_CLONE) { /* their one parameter is the object cloned */
        base_textbuf_printf(&w->out, "clone ");
        say_object(w, machine, t->slots[b->locals].ref);
        return;
    }
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

/* What a waiting call's row says the thread does, by a words' waits. */
static const char *waits_text(int waits)
{
    return waits == 7   ? "interrupted: leaves the wait set"
           : waits == 6 ? "wakes up interrupted (no unpark)"
           : waits == 5 ? "wakes up interrupted (InterruptedException)"
           : waits == 4 ? "wakes up spuriously (no unpark)"
           : waits == 3 ? "wakes up spuriously (no notify)"
           : waits == 2 ? "wakes up"
                        : "waits";
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
    words w = {base_textbuf_make(buf, cap), 0, 0, NULL, NULL}, act;
    char action[1024], where[600] = "";
    const vm_thread *t = machine->threads[thread];
    int e = entry_depth(t, entry_class, entry_method);
    if (e < 0 || !t->depth) return;
    int u = application_frame(t, e);
    frame_line(&t->frames[u], where, sizeof where);
    const vm_frame *b = u + 1 < (int)t->depth ? &t->frames[u + 1] : NULL;
    bool instance = b && !(b->method->access & CF_ACC_STATIC);
    act = (words){base_textbuf_make(action, sizeof action), instance ? t->slots[b->locals].ref : 0,
                  0, NULL, NULL};
    if (!say_action(&act, machine, t, thread)) return;
    bool whole = b && primitive_class(b->method->owner);
    size_t n = b ? strlen(b->method->name) : 0;
    if (b && varhandle_adapter(b->method->owner) && !strncmp(action, b->method->name, n) &&
        action[n] == ' ')
        b = NULL; /* "getAndAdd X.count", not "getAndAdd: getAndAdd X.count" */
    if (b) say_library_call(&w, machine, t, b);
    if (whole && act.waits) base_textbuf_printf(&w.out, ": %s", waits_text(act.waits));
    if (!whole) base_textbuf_printf(&w.out, "%s%s", b ? ": " : "", action);
    base_textbuf_printf(&w.out, " (%s)", where);
}

/* ---- Actions with names and values ----------------------------------------------------------- */

/* Returns the type of the next parameter at [*d] of a descriptor ('L' for classes, '[' for
 * arrays) and moves [*d] past it; 0 at the end or on a malformed descriptor. */
static char next_param(const char **d)
{
    const char *p = *d;
    if (!*p || *p == ')') return 0;
    char kind = *p == '[' ? '[' : *p;
    while (*p == '[') p++;
    if (*p == 'L') p = strchr(p, ';');
    if (!p) return 0;
    *d = p + 1;
    return kind;
}

/* Says the library call that frame [b] (at [depth]) of [t] runs, as "RECV.method(ARGS)", into
 * [a] (kind "call", the receiver, the method, the arguments; its depth and return type).
 * porcheck's models of copies read as what the program called: "rec.clone()",
 * "System.arraycopy(...)". */
static void say_named_call(words *w, const vm *machine, const vm_thread *t, int depth,
                           explore_action *a)
{
    const vm_frame *b = &t->frames[depth];
    const vm_method *m = b->method;
    base_textbuf o = base_textbuf_make(a->object, sizeof a->object);
    base_textbuf v = base_textbuf_make(a->value, sizeof a->value);
    explore_copy_call model = explore_copy_model(machine, m);
    bool clone = model == EXPLORE_COPY_CLONE, copy = model == EXPLORE_COPY_ARRAYCOPY;
    bool instance = clone || !(m->access & CF_ACC_STATIC), ctor = !strcmp(m->name, "<init>");
    uint32_t receiver = instance ? t->slots[b->locals].ref : 0;
    if (copy)
        base_textbuf_printf(&o, "System");
    else if (!instance || ctor)
        explore_say_class(&o, m->owner->name);
    else if (receiver != w->names->root)
        explore_say_object(&o, machine, w->names, receiver);
    if (!clone)
        say_params(&v, machine, w->names, m->descriptor, 0, &t->slots[b->locals + instance]);
    put(a->kind, sizeof a->kind, "call");
    put(a->field, sizeof a->field, ctor ? "new" : clone ? "clone" : copy ? "arraycopy" : m->name);
    const char *close = strchr(m->descriptor, ')');
    a->returns = close ? close[1] : 'V';
    a->call_depth = depth;
    a->call_gen = b->gen;
    base_textbuf text = base_textbuf_make(a->text, sizeof a->text);
    if (ctor)
        base_textbuf_printf(&text, "new %s(%s)", a->object, a->value);
    else
        base_textbuf_printf(&text, "%s%s%s(%s)", a->object, a->object[0] ? "." : "", a->field,
                            a->value);
}

/* Fills the location fields of [a] from frame [f]: class, method, file and line. */
static void locate(explore_action *a, const vm_frame *f)
{
    const vm_method *m = f->method;
    vm_dotted_name(m->owner, a->cls, sizeof a->cls);
    put(a->method, sizeof a->method, m->name);
    put(a->file, sizeof a->file, m->owner->source_file ? m->owner->source_file : "Unknown Source");
    a->line = m->code ? cf_line_of(m->code, f->pc) : -1;
}

/* Puts the action of [w] (already said into [act]'s buffer) together with the library call
 * [call] of frame [b] when there is one, as the table shows it. */
static void compose(explore_action *out, const words *w, const char *action, const vm_frame *b,
                    const explore_action *call)
{
    bool whole = b && primitive_class(b->method->owner);
    bool adapter = b && (varhandle_adapter(b->method->owner) || unsafe_class(b->method->owner));
    base_textbuf text = base_textbuf_make(out->text, sizeof out->text);
    if (!b) {
        base_textbuf_printf(&text, "%s", action);
        return;
    }
    if (adapter) { /* "compareAndSet: CAS top (Node@1, null)", with the mode's result */
        base_textbuf_printf(&text, "%s: %s", b->method->name, action);
        if (strcmp(out->kind, "read")) { /* a read's result is the value it shows */
            out->call_depth = call->call_depth;
            out->returns = call->returns;
        }
        return;
    }
    if (!whole) {
        base_textbuf_printf(&text, "%s: %s", call->text, action);
        return;
    }
    explore_action keep = *out;
    *out = *call;
    put(out->cls, sizeof out->cls, keep.cls);
    put(out->method, sizeof out->method, keep.method);
    put(out->file, sizeof out->file, keep.file);
    out->line = keep.line;
    put(out->helper, sizeof out->helper, keep.helper);
    put(out->helper_line, sizeof out->helper_line, keep.helper_line);
    text = base_textbuf_make(out->text, sizeof out->text);
    if (w->waits)
        base_textbuf_printf(&text, "%s: %s", call->text, waits_text(w->waits));
    else
        base_textbuf_printf(&text, "%s", call->text);
}

/* Locates row [a] of [t], whose invocation's frame is at depth [e], at the frame at depth [u]
 * (the innermost application frame, or for a nested call its caller). The rule: a row's line is
 * always a line of the structure under test, the innermost frame of the invocation's class or a
 * class nested in it (one source file), because that is the code a user reads against the
 * interleaving. A step in the code of another class (a Node getter, a constructor of Node, an
 * AtomicReference called there) is placed at the structure's line that leads to it, and that
 * code's own place follows in [a]'s helper fields ("[Node.java:22]"). */
static void locate_in_structure(explore_action *a, const vm_thread *t, int e, int u)
{
    const vm_class *cls = t->frames[e].method->owner;
    int s = u;
    while (s > e && !same_outer(t->frames[s].method->owner->name, cls->name)) s--;
    locate(a, &t->frames[s]);
    if (s == u) return;
    explore_action inner;
    locate(&inner, &t->frames[u]);
    const char *dot = strrchr(inner.cls, '.');
    base_textbuf line = base_textbuf_make(a->helper_line, sizeof a->helper_line);
    base_textbuf_printf(&line, "%s", inner.file);
    if (inner.line >= 0) base_textbuf_printf(&line, ":%d", inner.line);
    base_textbuf where = base_textbuf_make(a->helper, sizeof a->helper);
    base_textbuf_printf(&where, "%s.%s(%s)", dot ? dot + 1 : inner.cls, inner.method,
                        a->helper_line);
}

bool explore_describe_action(const vm *machine, uint32_t thread, const char *entry_class,
                             const char *entry_method, explore_names *names, explore_action *out)
{
    memset(out, 0, sizeof *out);
    out->call_depth = -1;
    const vm_thread *t = machine->threads[thread];
    int e = entry_depth(t, entry_class, entry_method);
    if (e < 0 || !t->depth) return false;
    name_from_receiver(names, t, e, entry_class);
    int u = application_frame(t, e);
    locate_in_structure(out, t, e, u);
    const vm_frame *b = u + 1 < (int)t->depth ? &t->frames[u + 1] : NULL;
    char action[1024];
    words w = {base_textbuf_make(action, sizeof action), 0, 0, names, out};
    if (!say_action(&w, machine, t, thread)) return false;
    if (!out->kind[0])
        snprintf(out->kind, sizeof out->kind, "%.*s", (int)strcspn(action, " :"), action);
    explore_action call = {.call_depth = -1};
    if (b) say_named_call(&w, machine, t, u + 1, &call);
    compose(out, &w, action, b, &call);
    return true;
}

bool explore_describe_invocation(const vm *machine, uint32_t thread, const char *entry_class,
                                 const char *entry_method, explore_action *out)
{
    memset(out, 0, sizeof *out);
    out->call_depth = -1;
    const vm_thread *t = machine->threads[thread];
    int e = entry_depth(t, entry_class, entry_method);
    if (e < 1 || !t->depth) return false;
    vm_frame start = t->frames[e];
    start.pc = 0;
    locate(out, &start);
    return true;
}

/* True when method [m] may write one of its parameters' slots (a store or iinc into one), so
 * that its frame no longer holds the arguments it was called with. */
static bool writes_parameters(const vm_method *m)
{
    const cf_code *code = m->code;
    for (uint32_t pc = 0, len; code && pc < code->length; pc += len) {
        const uint8_t *p = code->code + pc;
        len = cf_instruction_length(code, pc);
        if (!len) return true;
        uint32_t slot = UINT32_MAX;
        if (*p >= CF_OP_ISTORE && *p <= CF_OP_ASTORE) slot = p[1];
        if (*p >= CF_OP_ISTORE_0 && *p <= CF_OP_ASTORE_3)
            slot = (uint32_t)(*p - CF_OP_ISTORE_0) % 4;
        if (*p == CF_OP_IINC) slot = p[1];
        bool wide_store = p[1] == CF_OP_IINC || (p[1] >= CF_OP_ISTORE && p[1] <= CF_OP_ASTORE);
        if (*p == CF_OP_WIDE && wide_store) slot = (uint32_t)p[2] << 8 | p[3];
        if (slot < m->arg_slots) return true;
    }
    return false;
}

/* Says the call of the structure's own method whose frame is at [depth] of [t] (in the
 * invocation whose frame is at [entry]) into [a]: "find(3)" (or "find(...)" when its parameters
 * may have changed), located at its caller's line as locate_in_structure places it. */
static void say_nested_call(words *w, const vm *machine, const vm_thread *t, int entry, int depth,
                            explore_action *a)
{
    const vm_method *m = t->frames[depth].method;
    say_named_call(w, machine, t, depth, a);
    if (m->access & CF_ACC_STATIC && m->owner == t->frames[entry].method->owner)
        a->object[0] = '\0'; /* the structure's own static helper: "validate(...)" */
    if (writes_parameters(m)) put(a->value, sizeof a->value, "...");
    base_textbuf text = base_textbuf_make(a->text, sizeof a->text);
    base_textbuf_printf(&text, "%s%s%s(%s)", a->object, a->object[0] ? "." : "", m->name, a->value);
    locate_in_structure(a, t, entry, depth - 1);
}

size_t explore_describe_nesting(const vm *machine, uint32_t thread, const char *entry_class,
                                const char *entry_method, explore_names *names, explore_action *out)
{
    const vm_thread *t = machine->threads[thread];
    int e = entry_depth(t, entry_class, entry_method);
    if (e < 0 || !t->depth) return 0;
    name_from_receiver(names, t, e, entry_class);
    const vm_class *cls = t->frames[e].method->owner;
    int u = application_frame(t, e);
    size_t n = 0;
    for (int d = e + 1; d <= u && n < EXPLORE_MAX_NEST; d++) {
        const vm_method *m = t->frames[d].method;
        if (!user_class(m->owner, cls) || m->name[0] == '<') continue;
        char scratch[16];
        words w = {base_textbuf_make(scratch, sizeof scratch), 0, 0, names, &out[n]};
        memset(&out[n], 0, sizeof out[n]);
        say_nested_call(&w, machine, t, e, d, &out[n++]);
    }
    return n;
}

void explore_watch_call(vm *machine, uint32_t thread, int depth)
{
    vm_thread *t = machine->threads[thread];
    if (depth < 0 || (uint32_t)depth >= t->depth) return;
    t->frames[depth].flags |= VM_FRAME_WATCHED;
}

bool explore_call_result(const vm *machine, uint32_t thread, uint32_t gen, char returns,
                         explore_names *names, char *buf, size_t cap)
{
    const vm_thread *t = machine->threads[thread];
    for (size_t i = t->watch_return_count; i-- > 0;) {
        if (t->watch_returns[i].gen != gen) continue;
        base_textbuf out = base_textbuf_make(buf, cap);
        if (returns != 'V')
            explore_say_value(&out, machine, names, returns, t->watch_returns[i].result);
        return true;
    }
    return false;
}
