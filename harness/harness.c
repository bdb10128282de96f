/* The client harness at run time: the natives of jdk.internal.porcheck.Harness (stores into its
 * result arrays and a thread start without Thread.start's monitor, none of them a scheduling
 * point except the start), starting a client, reading its results from the Harness statics, and
 * what the interleaving tables of porcheck check need: which invocation a thread is in and what
 * its next transition does. */
#include <stdarg.h>
#include <stdio.h>

#include "harness_private.h"
#include "natives.h"

#define FN(name) static int name(vm *machine, vm_thread *t, vm_slot *args, vm_slot *ret)

/* ---- Natives --------------------------------------------------------------------------------- */

/* Returns the element [i] of array [h] for writing, or NULL after throwing. */
static void *element_w(vm *machine, vm_thread *t, uint32_t h, int32_t i)
{
    if (!h) return native_npe(machine, t), NULL;
    if (i < 0 || (uint32_t)i >= vm_obj(machine, h)->length) {
        vm_throw(machine, t, "java/lang/ArrayIndexOutOfBoundsException", "Index %d out of bounds",
                 i);
        return NULL;
    }
    vm_object *a = vm_obj_w(machine, h);
    return (uint8_t *)VM_ELEMS(a) + (size_t)i * a->cls->elem_size;
}

/* Harness.put(int[], int, int). */
FN(put_int)
{
    (void)ret;
    int32_t *e = element_w(machine, t, args[0].ref, args[1].i);
    if (!e) return native_thrown(machine);
    *e = args[2].i;
    return VM_NATIVE_OK;
}

/* Harness.put(long[], int, long). */
FN(put_long)
{
    (void)ret;
    int64_t *e = element_w(machine, t, args[0].ref, args[1].i);
    if (!e) return native_thrown(machine);
    int64_t v = vm_get_long(&args[2]);
    memcpy(e, &v, sizeof v);
    return VM_NATIVE_OK;
}

/* Harness.put(Object[], int, Object). */
FN(put_ref)
{
    (void)ret;
    uint32_t *e = element_w(machine, t, args[0].ref, args[1].i);
    if (!e) return native_thrown(machine);
    *e = args[2].ref;
    return VM_NATIVE_OK;
}

/* Harness.nameOf(Object): the dotted binary name of the object's class as a new String. */
FN(name_of)
{
    if (!args[0].ref) return native_npe(machine, t);
    char name[1024];
    vm_dotted_name(vm_obj(machine, args[0].ref)->cls, name, sizeof name);
    ret->ref = vm_new_string(machine, t, name);
    return ret->ref ? VM_NATIVE_OK : VM_NATIVE_FAIL;
}

bool harness_overrides_to_string(const vm_class *cls)
{
    for (const vm_class *c = cls; c && c->super; c = c->super)
        for (uint16_t i = 0; i < c->method_count; i++) {
            const vm_method *m = &c->methods[i];
            if (!strcmp(m->name, "toString") && !strcmp(m->descriptor, "()Ljava/lang/String;") &&
                !(m->access & (CF_ACC_STATIC | CF_ACC_ABSTRACT)))
                return true;
        }
    return false;
}

/* Harness.printable(Object): whether the object's class overrides toString. */
FN(printable)
{
    if (!args[0].ref) return native_npe(machine, t);
    ret->i = harness_overrides_to_string(vm_obj(machine, args[0].ref)->cls);
    return VM_NATIVE_OK;
}

/* Harness.unprintable(Object, boolean, int): a fatal error naming the invocation's method. */
FN(unprintable)
{
    (void)ret;
    if (!args[0].ref) return native_npe(machine, t);
    char name[1024];
    vm_dotted_name(vm_obj(machine, args[0].ref)->cls, name, sizeof name);
    int32_t i = args[2].i;
    const char *method = machine->harness_names && i >= 0 && (uint32_t)i < machine->harness_calls
                             ? machine->harness_names[i]
                             : "?";
    vm_fail(machine, VM_ERR_BAD_INPUT,
            "error: '%s' returned %s%s, whose class does not override toString: the result would "
            "be an identity hash, not a value",
            method, args[1].i ? "a value holding a " : "a ", name);
    return VM_NATIVE_FAIL;
}

/* Harness.start(Thread): Thread.start0 on its argument (a START scheduling point). */
FN(start)
{
    const vm_native *start0 = vm_find_native(machine, "java/lang/Thread", "start0", "()V");
    if (!args[0].ref) return native_npe(machine, t);
    return start0->fn(machine, t, args, ret);
}

/* Harness.callCount(): how many invocations the client has (the result arrays' length). */
FN(call_count)
{
    (void)t, (void)args;
    ret->i = (int32_t)(machine->harness_calls ? machine->harness_calls : HARNESS_MAX_CALLS);
    return VM_NATIVE_OK;
}

const vm_native harness_natives[] = {
    {"callCount", "()I", call_count, VM_SYNC_NONE, NULL},
    {"put", "([III)V", put_int, VM_SYNC_NONE, NULL},
    {"put", "([JIJ)V", put_long, VM_SYNC_NONE, NULL},
    {"put", "([Ljava/lang/Object;ILjava/lang/Object;)V", put_ref, VM_SYNC_NONE, NULL},
    {"nameOf", "(Ljava/lang/Object;)Ljava/lang/String;", name_of, VM_SYNC_NONE, NULL},
    {"printable", "(Ljava/lang/Object;)Z", printable, VM_SYNC_NONE, NULL},
    {"unprintable", "(Ljava/lang/Object;ZI)V", unprintable, VM_SYNC_NONE, NULL},
    {"start", "(Ljava/lang/Thread;)V", start, VM_SYNC_START, "start"},
    {0},
};

/* ---- Starting a client ----------------------------------------------------------------------- */

/* Keeps the method name of every invocation of [hc] on [machine], for error messages. */
static vm_status keep_names(vm *machine, const harness_vm_client *hc, vm_error *err)
{
    base_free(machine->harness_names);
    machine->harness_calls = 0;
    machine->harness_names = base_calloc(hc->call_count ? hc->call_count : 1, sizeof(char *));
    bool ok = machine->harness_names != NULL;
    for (size_t k = 0; ok && k < hc->call_count; k++) {
        const char *name = hc->calls[k].method;
        ok = (machine->harness_names[k] = vm_intern_symbol(machine, name, strlen(name))) != NULL;
    }
    return ok ? VM_OK : harness_fail(err, VM_ERR_NOMEM, "error: out of memory");
}

/* Starts client [hc] in [mode] ("check" or "oracle"): defines its class and prepares main. */
vm_status harness_start_mode(vm *machine, const harness_vm_client *hc, const char *mode,
                             vm_error *err)
{
    if (hc->thread_count > VM_MAX_THREADS - 1)
        return harness_fail(err, VM_ERR_LIMIT, "error: more than %d client threads",
                            VM_MAX_THREADS - 1);
    vm_status st = harness_define(machine, hc, err);
    if (st || (st = keep_names(machine, hc, err))) return st;
    machine->harness_calls = (uint32_t)hc->call_count;
    char counts[VM_MAX_THREADS + 2][24];
    char *argv[VM_MAX_THREADS + 3];
    int argc = 0;
    argv[argc++] = (char *)mode;
    size_t values[VM_MAX_THREADS + 2];
    values[0] = hc->prefix_count;
    values[1] = hc->suffix_count;
    for (size_t i = 0; i < hc->thread_count; i++) values[2 + i] = hc->thread_calls[i];
    for (size_t i = 0; i < hc->thread_count + 2; i++) {
        snprintf(counts[i], sizeof counts[i], "%zu", values[i]);
        argv[argc++] = counts[i];
    }
    return vm_start(machine, HARNESS_CLIENT, argc, argv, err);
}

vm_status harness_start(vm *machine, const harness_vm_client *hc, vm_error *err)
{
    return harness_start_mode(machine, hc, "check", err);
}

/* ---- Results --------------------------------------------------------------------------------- */

vm_slot *harness_static(const vm *machine, const char *name)
{
    vm_class *cls = vm_find_loaded(machine, HARNESS_CLASS);
    const vm_field *f = cls ? vm_declared_field(cls, name) : NULL;
    if (!f || !(f->access & CF_ACC_STATIC) || cls->init_state != VM_INIT_DONE) return NULL;
    return &cls->statics[f->offset];
}

/* Returns the elements of Harness array [name] when it has more than [index] of them. */
static const void *result_array(const vm *machine, const char *name, size_t index)
{
    const vm_slot *s = harness_static(machine, name);
    if (!s || !s->ref || vm_obj(machine, s->ref)->length <= index) return NULL;
    return VM_ELEMS(vm_obj(machine, s->ref));
}

bool harness_read_result(const vm *machine, size_t index, harness_result *out)
{
    memset(out, 0, sizeof *out);
    const int32_t *kinds = result_array(machine, "KINDS", index);
    const int64_t *values = result_array(machine, "VALUES", index);
    const uint32_t *texts = result_array(machine, "TEXTS", index);
    if (!kinds || !values || !texts) return false;
    out->kind = kinds[index] >= 0 && kinds[index] <= HARNESS_RESULT_THROWN
                    ? (harness_result_kind)kinds[index]
                    : HARNESS_RESULT_NONE;
    memcpy(&out->value, &values[index], sizeof out->value);
    if (texts[index]) vm_string_utf8(machine, texts[index], out->text, sizeof out->text);
    return true;
}

/* ---- Traces ---------------------------------------------------------------------------------- */

long harness_call_of(const vm *machine, uint32_t thread)
{
    if (thread >= machine->thread_count) return -1;
    const vm_thread *t = machine->threads[thread];
    for (uint32_t d = t->depth; d-- > 0;) {
        const vm_frame *f = &t->frames[d];
        if (strcmp(f->method->owner->name, HARNESS_CLIENT) || strcmp(f->method->name, "call"))
            continue;
        return t->slots[f->locals + 2].i;
    }
    return -1;
}

/* A bounded string being written. */
typedef struct words {
    char *buf;
    size_t cap, len;
    uint32_t self; /* an object whose fields are named without it (the library call's receiver) */
    int waits;     /* 1: the action waits (await, park, wait), 2: wakes up; 0: neither */
} words;

static void say(words *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Appends printf-style [fmt] to [w], truncating at its capacity. */
static void say(words *w, const char *fmt, ...)
{
    if (w->len + 1 >= w->cap) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(w->buf + w->len, w->cap - w->len, fmt, ap);
    va_end(ap);
    if (n > 0) w->len += (size_t)n < w->cap - w->len ? (size_t)n : w->cap - w->len - 1;
}

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
        say(w, "%s", prim_names[p - prims]);
    else if (dims) {
        char elem[512];
        snprintf(elem, sizeof elem, "%s", name + dims + 1);
        elem[strcspn(elem, ";")] = '\0';
        say(w, "%s", short_class(elem));
    } else
        say(w, "%s", short_class(name));
    for (size_t i = 0; i < dims; i++) say(w, "[]");
}

/* Appends the name of object [h]: its short class and deterministic id ("Node#1.4"). */
static void say_object(words *w, const vm *machine, uint32_t h)
{
    char raw[600];
    vm_describe_object(machine, h, raw, sizeof raw);
    const char *id = strchr(raw, '#');
    if (!h || !id) {
        say(w, "%s", raw);
        return;
    }
    say_class(w, vm_obj(machine, h)->cls->name);
    say(w, "%s", id);
}

/* Returns the instance field of [cls] (or a superclass) at slot [offset], or NULL. */
static const vm_field *field_at(const vm_class *cls, uint32_t offset)
{
    for (const vm_class *c = cls; c; c = c->super)
        for (uint16_t i = 0; i < c->field_count; i++)
            if (!(c->fields[i].access & CF_ACC_STATIC) && c->fields[i].offset == offset)
                return &c->fields[i];
    return NULL;
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
        say(w, "%s ", value ? "write" : "read");
        if (!obj || obj != w->self) say_object(w, machine, obj), say(w, ".");
        say(w, "%s", e->field->name);
    } else if (op == CF_OP_GETSTATIC || op == CF_OP_PUTSTATIC) {
        say(w, "%s ", op == CF_OP_PUTSTATIC ? "write" : "read");
        say_class(w, e->field->owner->name);
        say(w, ".%s", e->field->name);
    } else {
        bool store = op > CF_OP_SALOAD;
        int d = store ? (op == CF_OP_LASTORE || op == CF_OP_DASTORE ? 4 : 3) : 2;
        say(w, "%s ", store ? "write" : "read");
        say_object(w, machine, sp[-d].ref);
        say(w, "[%d]", sp[1 - d].i);
    }
}

/* Appends the call of synchronized method or synchronisation native [m] with arguments
 * [args]; false when it is bookkeeping to leave out of the tables. */
static bool say_call(words *w, const vm *machine, const vm_method *m, const vm_slot *args)
{
    if (m->access & CF_ACC_SYNCHRONIZED) {
        say(w, "lock ");
        say_object(w, machine, (m->access & CF_ACC_STATIC) ? m->owner->mirror : args[0].ref);
        say(w, " (synchronized %s)", m->name);
        return true;
    }
    const vm_native *n = vm_find_native(machine, m->owner->name, m->name, m->descriptor);
    const char *verb = n && n->sync != VM_SYNC_NONE ? n->verb : m->name;
    if (!verb) return false;
    say(w, "%s", verb);
    w->waits = !strcmp(verb, "await") || !strcmp(verb, "park") || !strcmp(verb, "wait");
    if (m->sync == VM_SYNC_PARK || !m->arg_slots || !args[0].ref) return true;
    say(w, " ");
    say_object(w, machine, args[0].ref);
    const vm_field *fld =
        m->sync == VM_SYNC_READ || m->sync == VM_SYNC_WRITE
            ? field_at(vm_obj(machine, args[0].ref)->cls, (uint32_t)vm_get_long(args + 1))
            : NULL;
    if (fld) say(w, ".%s", fld->name);
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
        say(w, "%s ", woken ? "wake up, lock" : "wait on");
        say_object(w, machine, woken ? th->wait_lock : th->wait_object);
        return true;
    }
    const vm_method *m;
    switch (th->park) {
    case VM_PARK_ACCESS:
        say_access(w, machine, f, pc, sp);
        return true;
    case VM_PARK_MONITOR:
        say(w, "%s ", *pc == CF_OP_MONITORENTER ? "lock" : "unlock");
        say_object(w, machine, sp[-1].ref);
        return true;
    case VM_PARK_INVOKE:
        m = vm_call_target((vm *)machine, NULL, f, pc, sp);
        return m ? say_call(w, machine, m, sp - m->arg_slots) : (say(w, "call"), true);
    case VM_PARK_RETURN:
        say(w, "unlock ");
        say_object(w, machine, f->monitor);
        say(w, " (return from %s)", f->method->name);
        return true;
    default: {
        char next[1024];
        vm_describe_next(machine, thread, next, sizeof next);
        const char *action = strstr(next, "): ");
        say(w, "%s", action ? action + 3 : next);
        return true;
    }
    }
}

/* Returns the depth of the frame of [t] running the invocation (GeneratedClient.call's
 * callee), or -1. */
static int entry_depth(const vm_thread *t)
{
    for (uint32_t d = t->depth; d-- > 0;) {
        const vm_method *m = t->frames[d].method;
        if (!strcmp(m->owner->name, HARNESS_CLIENT) && !strcmp(m->name, "call"))
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

/* Appends the library call that frame [b] runs for the application ("lock ReentrantLock#0.5"). */
static void say_library_call(words *w, const vm *machine, const vm_thread *t, const vm_frame *b)
{
    bool ctor = !strcmp(b->method->name, "<init>");
    say(w, "%s ", ctor ? "new" : b->method->name);
    if (b->method->access & CF_ACC_STATIC) {
        say_class(w, b->method->owner->name);
        return;
    }
    say_object(w, machine, t->slots[b->locals].ref);
}

/* True for the model library's atomic and lock classes and Object (wait, notify), whose calls
 * read as one action: the steps inside one (a CAS after a read, a lock's own bookkeeping, the
 * native a wait parks in) show as the call. */
static bool primitive_class(const vm_class *cls)
{
    return !strncmp(cls->name, "java/util/concurrent/atomic/", 28) ||
           !strncmp(cls->name, "java/util/concurrent/locks/", 27) ||
           !strcmp(cls->name, "java/lang/Object");
}

void harness_describe(const vm *machine, uint32_t thread, char *buf, size_t cap)
{
    words w = {buf, cap, 0, 0, 0}, act;
    char action[1024], where[600] = "";
    buf[0] = '\0';
    const vm_thread *t = machine->threads[thread];
    int e = entry_depth(t);
    if (e < 0 || !t->depth) return;
    const vm_class *entry = t->frames[e].method->owner;
    int u = (int)t->depth - 1;
    while (u > e && !user_class(t->frames[u].method->owner, entry)) u--;
    frame_line(&t->frames[u], where, sizeof where);
    const vm_frame *b = u + 1 < (int)t->depth ? &t->frames[u + 1] : NULL;
    bool instance = b && !(b->method->access & CF_ACC_STATIC);
    act = (words){action, sizeof action, 0, instance ? t->slots[b->locals].ref : 0, 0};
    action[0] = '\0';
    if (!say_action(&act, machine, t, thread)) return;
    bool whole = b && primitive_class(b->method->owner);
    if (b) say_library_call(&w, machine, t, b);
    if (whole && act.waits) say(&w, ": %s", act.waits == 2 ? "wakes up" : "waits");
    if (!whole) say(&w, "%s%s", b ? ": " : "", action);
    say(&w, " (%s)", where);
}
