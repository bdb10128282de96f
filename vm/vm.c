/* The vm instance: creation, errors and their locations, the symbol table, program output. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "internal.h"

#ifndef PORCHECK_MODEL_JAR
#define PORCHECK_MODEL_JAR "model.jar"
#endif

bool vm_fail(vm *machine, vm_status status, const char *fmt, ...)
{
    if (machine->failed) return false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(machine->error.message, sizeof machine->error.message, fmt, ap);
    va_end(ap);
    machine->error.status = status;
    machine->failed = true;
    return false;
}

/* Writes "pkg.Cls.method(File.java:12)" for frame [f] into [buf] of [cap] bytes. */
static void frame_where(const vm_frame *f, char *buf, size_t cap)
{
    const vm_method *m = f->method;
    char cls[512];
    vm_dotted_name(m->owner, cls, sizeof cls);
    int line = m->code ? cf_line_of(m->code, f->pc) : -1;
    const char *file = m->owner->source_file;
    if (file && line >= 0)
        snprintf(buf, cap, "%s.%s(%s:%d)", cls, m->name, file, line);
    else if (file)
        snprintf(buf, cap, "%s.%s(%s)", cls, m->name, file);
    else
        snprintf(buf, cap, "%s.%s(Unknown Source)", cls, m->name);
}

void vm_where(const vm *machine, const vm_thread *t, char *buf, size_t cap)
{
    (void)machine;
    if (!t || t->depth == 0) {
        snprintf(buf, cap, "<vm start-up>");
        return;
    }
    frame_where(&t->frames[t->depth - 1], buf, cap);
    if (!vm_is_system_name(t->frames[t->depth - 1].method->owner->name)) return;
    for (uint32_t d = t->depth - 1; d-- > 0;) { /* the application code that called the JDK */
        if (vm_is_system_name(t->frames[d].method->owner->name)) continue;
        size_t len = strlen(buf);
        if (len + 16 >= cap) return;
        snprintf(buf + len, cap - len, ", reached from ");
        len = strlen(buf);
        frame_where(&t->frames[d], buf + len, cap - len);
        return;
    }
}

/* Writes why the classes being loaded are needed, innermost first, into [buf] of [cap] bytes
 * ("" when none is): ", needed as the superclass of my/B, itself the superclass of my/A". */
static void need_clauses(const vm *machine, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (uint32_t i = machine->need_count; i-- > 0 && len < cap;) {
        const vm_need *n = &machine->needs[i];
        int k = snprintf(buf + len, cap - len, ", %s %s %s",
                         i + 1 == machine->need_count ? "needed as" : "itself", n->role, n->owner);
        len += k > 0 ? (size_t)k : 0;
    }
}

/* Records [status] "[prefix][what], needed as ... (called from WHERE)" for thread [t]; the
 * "called from" part is left out before [t] runs when the "needed as" part names the culprit. */
static bool fail_naming_culprit(vm *machine, const vm_thread *t, vm_status status,
                                const char *prefix, const char *what)
{
    char where[1100], needs[1024];
    need_clauses(machine, needs, sizeof needs);
    if (needs[0] && (!t || t->depth == 0))
        return vm_fail(machine, status, "%s%s%s", prefix, what, needs);
    vm_where(machine, t, where, sizeof where);
    return vm_fail(machine, status, "%s%s%s (called from %s)", prefix, what, needs, where);
}

bool vm_unsupported(vm *machine, const vm_thread *t, const char *what)
{
    return fail_naming_culprit(machine, t, VM_ERR_UNSUPPORTED, "unsupported: ", what);
}

bool vm_link_error(vm *machine, const vm_thread *t, const char *what)
{
    return fail_naming_culprit(machine, t, VM_ERR_LINK, "error: ", what);
}

/* ---- Symbols ------------------------------------------------------------------------------------
 */

uint32_t vm_hash_bytes(const char *s, size_t len)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++) h = (h ^ (uint8_t)s[i]) * 16777619u;
    return h;
}

uint64_t vm_stable_hash(const void *s, size_t len, uint64_t seed)
{
    const uint8_t *p = s;
    uint64_t h = 14695981039346656037ull ^ seed * 0x9E3779B97F4A7C15ull;
    for (size_t i = 0; i < len; i++) h = (h ^ p[i]) * 1099511628211ull;
    h ^= h >> 33; /* spread every byte into the low bits, which labels keep */
    h *= 0xff51afd7ed558ccdull;
    return h ^ h >> 33;
}

static bool grow_symbols(vm_symbols *sym)
{
    uint32_t cap = sym->capacity ? sym->capacity * 2 : 1024;
    const char **slots = base_calloc(cap, sizeof *slots);
    if (!slots) return false;
    for (uint32_t i = 0; i < sym->capacity; i++) {
        const char *s = sym->slots[i];
        if (!s) continue;
        uint32_t j = vm_hash_bytes(s, strlen(s)) & (cap - 1);
        while (slots[j]) j = (j + 1) & (cap - 1);
        slots[j] = s;
    }
    base_free(sym->slots);
    sym->slots = slots;
    sym->capacity = cap;
    return true;
}

const char *vm_intern_symbol(vm *machine, const char *s, size_t len)
{
    vm_symbols *sym = &machine->symbols;
    if ((sym->count + 1) * 2 > sym->capacity && !grow_symbols(sym)) return NULL;
    uint32_t j = vm_hash_bytes(s, len) & (sym->capacity - 1);
    for (; sym->slots[j]; j = (j + 1) & (sym->capacity - 1))
        if (!strncmp(sym->slots[j], s, len) && sym->slots[j][len] == '\0') return sym->slots[j];
    const char *copy = base_arena_strndup(&sym->arena, s, len);
    if (!copy) return NULL;
    sym->slots[j] = copy;
    sym->count++;
    return copy;
}

bool vm_is_system_name(const char *name)
{
    return !strncmp(name, "java/", 5) || !strncmp(name, "javax/", 6) || !strncmp(name, "jdk/", 4) ||
           !strncmp(name, "sun/", 4);
}

bool vm_register_method(vm *machine, vm_method *method)
{
    if (machine->method_count == machine->method_capacity) {
        uint32_t cap = machine->method_capacity ? machine->method_capacity * 2 : 1024;
        vm_method **grown = base_realloc(machine->methods, cap * sizeof *grown);
        if (!grown) return false;
        machine->methods = grown;
        machine->method_capacity = cap;
    }
    method->id = machine->method_count;
    uint64_t owner = method->owner ? method->owner->stable_id : 0;
    method->stable_id = vm_stable_hash(method->descriptor, strlen(method->descriptor),
                                       vm_stable_hash(method->name, strlen(method->name), owner));
    machine->methods[machine->method_count++] = method;
    return true;
}

/* ---- Output ------------------------------------------------------------------------------------
 */

static void write_direct(vm *machine, int fd, const char *bytes, size_t len)
{
    if (machine->opts.write) {
        machine->opts.write(machine->opts.write_ctx, fd, bytes, len);
        return;
    }
    FILE *f = fd == 2 ? stderr : stdout;
    fwrite(bytes, 1, len, f);
    fflush(f);
}

void vm_flush_output(vm *machine)
{
    if (machine->out_len) write_direct(machine, 1, machine->out_buf, machine->out_len);
    machine->out_len = 0;
}

void vm_output(vm *machine, int fd, const char *bytes, size_t len)
{
    if (machine->driver.hooks) { /* the output of a path is part of its state */
        machine->driver.hooks->output(machine, fd, bytes, len);
        return;
    }
    if (fd != 1) {
        vm_flush_output(machine);
        write_direct(machine, fd, bytes, len);
        return;
    }
    if (machine->out_len + len > sizeof machine->out_buf) vm_flush_output(machine);
    if (len > sizeof machine->out_buf) {
        write_direct(machine, 1, bytes, len);
        return;
    }
    memcpy(machine->out_buf + machine->out_len, bytes, len);
    machine->out_len += len;
}

/* ---- Creation
 * ------------------------------------------------------------------------------------ */

const char *vm_default_model_path(void)
{
    static _Thread_local char
        beside[4096]; /* each thread its own: a portfolio starts VMs at once */
    const char *env = getenv("PORCHECK_MODEL_JAR");
    if (env && *env) return env;
    ssize_t n = readlink("/proc/self/exe", beside, sizeof beside - 16);
    if (n > 0) {
        beside[n] = '\0';
        char *slash = strrchr(beside, '/');
        if (slash) {
            strcpy(slash + 1, "model.jar");
            if (access(beside, R_OK) == 0) return beside;
        }
    }
    return PORCHECK_MODEL_JAR;
}

/* True when environment variable [name] is set and not empty. */
static bool env_set(const char *name)
{
    const char *v = getenv(name);
    return v && *v;
}

/* Finds the JDK image for the options of [machine] into [jdk]; false (with [cerr] filled) only
 * when a JDK was named and is not usable. An empty [jdk->modules] means none. */
static bool find_jdk(const vm *machine, cf_jdk *jdk, cf_error *cerr)
{
    memset(jdk, 0, sizeof *jdk);
    if (machine->opts.model_only || env_set("PORCHECK_MODEL_LIBRARY")) return true;
    const char *named = machine->opts.jdk_home;
    if (!named && env_set("PORCHECK_JDK")) named = getenv("PORCHECK_JDK");
    if (cf_jdk_find(named, jdk, cerr) == CF_OK) return true;
    memset(jdk, 0, sizeof *jdk);
    return named == NULL; /* a JDK that is not found by discovery is no error */
}

/* What a class of jdk_first is. */
enum jdk_kind {
    JDK_PLAIN,  /* the JDK's, explored like any other code */
    JDK_ATOMIC, /* the JDK's lock code, each call from outside one step (vm_jdk_atomic_class) */
    JDK_LOCK,   /* the same, with --jdk-locks; else the model's */
};

/* The classes the installed JDK provides although the model library may have them too (a class
 * and its nested classes, by binary name): the concurrent collections and the atomics, whose
 * verdicts must be about the JDK's code, not a model of it, and the locks. --model-library
 * restores the model's. The model keeps the field updaters (the JDK's use reflection).
 *
 * The JDK's lock code (AbstractQueuedSynchronizer and the locks, semaphores and latches on it)
 * runs with each call from outside one step up to where it parks (explore/classify.c): explored
 * instruction by instruction it multiplies the states of a lock-based set by thousands, and a
 * structure's verdict does not depend on how a correct lock reaches its linearization point
 * (--explore-jdk-locks explores it all the same). Even so the JDK's queue of waiting threads is
 * state the model's monitor-based ReentrantLock and ReentrantReadWriteLock do not have (6 to 300
 * times the states of a lock-based set, bench/jdk), so those two stay the model's unless
 * --jdk-locks asks for the JDK's. */
static const struct jdk_class {
    const char *name;
    enum jdk_kind kind;
} jdk_first[] = {
    {"java/util/ArrayDeque", JDK_PLAIN},
    {"java/util/LinkedList", JDK_PLAIN},
    {"java/util/concurrent/ConcurrentHashMap", JDK_PLAIN},
    {"java/util/concurrent/ConcurrentLinkedQueue", JDK_PLAIN},
    {"java/util/concurrent/atomic/AtomicBoolean", JDK_PLAIN},
    {"java/util/concurrent/atomic/AtomicInteger", JDK_PLAIN},
    {"java/util/concurrent/atomic/AtomicLong", JDK_PLAIN},
    {"java/util/concurrent/atomic/AtomicReference", JDK_PLAIN},
    {"java/util/concurrent/atomic/AtomicMarkableReference", JDK_PLAIN},
    {"java/util/concurrent/atomic/AtomicStampedReference", JDK_PLAIN},
    {"java/util/concurrent/locks/AbstractOwnableSynchronizer", JDK_ATOMIC},
    {"java/util/concurrent/locks/AbstractQueuedSynchronizer", JDK_ATOMIC},
    {"java/util/concurrent/locks/AbstractQueuedLongSynchronizer", JDK_ATOMIC},
    {"java/util/concurrent/locks/StampedLock", JDK_ATOMIC},
    {"java/util/concurrent/Semaphore", JDK_ATOMIC},
    {"java/util/concurrent/CountDownLatch", JDK_ATOMIC},
    {"java/util/concurrent/locks/ReentrantLock", JDK_LOCK},
    {"java/util/concurrent/locks/ReentrantReadWriteLock", JDK_LOCK},
};

/* How the JDK's locks run: 0 the model's ReentrantLock and ReentrantReadWriteLock, 1 the JDK's
 * (--jdk-locks), 2 the JDK's explored instruction by instruction (--explore-jdk-locks). */
static int jdk_locks(const vm *machine)
{
    const char *v = getenv("PORCHECK_JDK_LOCKS");
    if (machine->opts.explore_jdk_locks || (v && !strcmp(v, "explore"))) return 2;
    return machine->opts.jdk_locks || (v && *v) ? 1 : 0;
}

/* True when class [name] (or the class it is nested in) is one $PORCHECK_JDK_FIRST names: a
 * ':'-separated list of binary names that the JDK provides ahead of the model library too, for
 * the tests that compare a model class with the JDK's. */
static bool env_jdk_first(const char *name)
{
    const char *list = getenv("PORCHECK_JDK_FIRST");
    for (const char *p = list; p && *p;) {
        size_t n = strcspn(p, ":");
        if (n && !strncmp(name, p, n) && (name[n] == '\0' || name[n] == '$')) return true;
        p += n + (p[n] == ':');
    }
    return false;
}

/* The entry of jdk_first that class [name] (or the class it is nested in) is, or NULL; a class
 * $PORCHECK_JDK_FIRST names is a plain one. */
static const struct jdk_class *jdk_first_entry(const vm *machine, const char *name)
{
    static const struct jdk_class named = {"", JDK_PLAIN};
    if (!machine->jdk_classpath) return NULL;
    if (env_jdk_first(name)) return &named;
    for (size_t i = 0; i < sizeof jdk_first / sizeof *jdk_first; i++) {
        size_t n = strlen(jdk_first[i].name);
        if (!strncmp(name, jdk_first[i].name, n) && (name[n] == '\0' || name[n] == '$'))
            return &jdk_first[i];
    }
    return NULL;
}

bool vm_jdk_provides_first(const vm *machine, const char *name)
{
    const struct jdk_class *c = jdk_first_entry(machine, name);
    return c && (c->kind != JDK_LOCK || jdk_locks(machine) > 0);
}

bool vm_jdk_atomic_class(const vm *machine, const char *name)
{
    const struct jdk_class *c = jdk_first_entry(machine, name);
    int locks = jdk_locks(machine);
    return c && (c->kind == JDK_ATOMIC ? locks < 2 : c->kind == JDK_LOCK && locks == 1);
}

size_t vm_initialised_library_classes(const vm *machine, const char **names, size_t cap)
{
    size_t n = 0;
    for (uint32_t i = 0; i < machine->class_count; i++) {
        const vm_class *c = machine->classes[i];
        if (!c || !c->ever_initialised || c->hidden || c->kind == VM_KIND_ARRAY ||
            c->kind == VM_KIND_PRIMITIVE || !vm_is_system_name(c->name) ||
            !strncmp(c->name, "jdk/internal/porcheck/", 22))
            continue;
        if (n < cap) names[n] = c->name;
        n++;
    }
    return n;
}

/* Builds the class path: the model library, then the JDK's image, then the application. */
static vm_status setup_classpath(vm *machine, vm_error *err)
{
    cf_error cerr = {0};
    cf_jdk jdk;
    const char *model =
        machine->opts.model_path ? machine->opts.model_path : vm_default_model_path();
    const char *app = machine->opts.classpath ? machine->opts.classpath : ".";
    bool ok =
        find_jdk(machine, &jdk, &cerr) && cf_classpath_new(&machine->classpath, &cerr) == CF_OK &&
        cf_classpath_add_list(machine->classpath, model, &cerr) == CF_OK &&
        (!jdk.modules[0] || cf_classpath_add(machine->classpath, jdk.modules, &cerr) == CF_OK) &&
        cf_classpath_add_list(machine->classpath, app, &cerr) == CF_OK &&
        (!jdk.modules[0] ||
         (cf_classpath_new(&machine->jdk_classpath, &cerr) == CF_OK &&
          cf_classpath_add(machine->jdk_classpath, jdk.modules, &cerr) == CF_OK));
    if (!ok) {
        err->status = cerr.status == CF_ERR_NOMEM ? VM_ERR_NOMEM : VM_ERR_BAD_INPUT;
        snprintf(err->message, sizeof err->message, "error: %s", cerr.message);
        return err->status;
    }
    return VM_OK;
}

vm_status vm_new(const vm_options *opts, vm **out, vm_error *err)
{
    *out = NULL;
    vm *machine = base_calloc(1, sizeof *machine);
    if (!machine) {
        err->status = VM_ERR_NOMEM;
        snprintf(err->message, sizeof err->message, "error: out of memory creating the vm");
        return err->status;
    }
    machine->opts = *opts;
    if (!machine->opts.stack_slots) machine->opts.stack_slots = 1u << 20;
    if (!machine->opts.max_frames) machine->opts.max_frames = 16384;
    base_arena_init(&machine->symbols.arena);
    machine->heap.threshold = 64u << 20;
    machine->clock = 1000000000ull;
    vm_status s = setup_classpath(machine, err);
    if (s == VM_OK && !vm_load_bootstrap(machine)) {
        *err = machine->error;
        s = err->status;
    }
    if (s != VM_OK) {
        vm_free(machine);
        return s;
    }
    *out = machine;
    return VM_OK;
}

static void free_class(vm_class *cls)
{
    if (cls->cp && cls->cf)
        for (uint32_t i = 0; i < cls->cf->constant_count; i++) vm_callsite_free(cls->cp[i].site);
    base_free(cls->cp);
    base_free(cls->interfaces);
    base_free(cls->all_interfaces);
    base_free(cls->supers);
    base_free(cls->fields);
    base_free(cls->methods);
    base_free(cls->vtable);
    base_free(cls->ref_map);
    base_free(cls->statics);
    base_free(cls->static_ref_map);
    base_free(cls->owned_clinit);
    cf_class_free(cls->cf);
    base_free(cls);
}

void vm_free(vm *machine)
{
    if (!machine) return;
    if (machine->driver.hooks) machine->driver.hooks->detach(machine);
    vm_flush_output(machine);
    vm_heap_free(machine);
    for (uint32_t i = 0; i < machine->class_count; i++) free_class(machine->classes[i]);
    base_free(machine->classes);
    base_free(machine->class_table);
    base_free(machine->methods);
    vm_quick_free(machine);
    for (uint32_t i = 0; i < machine->thread_count; i++) {
        base_unmap(machine->threads[i]->slots,
                   machine->threads[i]->slot_capacity * sizeof(vm_slot));
        base_free(machine->threads[i]->frames);
        base_free(machine->threads[i]);
    }
    base_free(machine->threads);
    base_free(machine->thread_keys);
    base_free(machine->harness_names);
    base_free(machine->notify);
    base_free(machine->strings);
    base_free(machine->symbols.slots);
    base_arena_release(&machine->symbols.arena);
    cf_classpath_free(machine->classpath);
    cf_classpath_free(machine->jdk_classpath);
    base_free(machine);
}

const vm_error *vm_last_error(const vm *machine)
{
    return &machine->error;
}

void vm_flush(vm *machine)
{
    vm_flush_output(machine);
}

uint32_t vm_thread_count(const vm *machine)
{
    return machine->thread_count;
}

vm_thread_state vm_thread_state_of(const vm *machine, uint32_t thread)
{
    return (vm_thread_state)machine->threads[thread]->state;
}

bool vm_thread_can_run(const vm *machine, uint32_t thread)
{
    return thread < machine->thread_count && vm_thread_enabled(machine, machine->threads[thread]);
}

bool vm_thread_location(const vm *machine, uint32_t thread, vm_location *at)
{
    const vm_thread *t = machine->threads[thread];
    if (t->depth == 0) return false;
    const vm_frame *f = &t->frames[t->depth - 1];
    at->class_name = f->method->owner->name;
    at->method_name = f->method->name;
    at->descriptor = f->method->descriptor;
    at->pc = f->pc;
    at->opcode = f->method->code ? f->method->code->code[f->pc] : 0;
    return true;
}

vm_run_result vm_interpret(vm *machine, vm_thread *t, const vm_stop *stop)
{
#if defined(__GNUC__)
    if (machine->opts.dispatch != VM_DISPATCH_SWITCH) return vm_interpret_goto(machine, t, stop);
#endif
    return vm_interpret_switch(machine, t, stop);
}

vm_run_result vm_thread_run(vm *machine, uint32_t thread, const vm_stop *stop)
{
    static const vm_stop none = {0};
    if (thread >= machine->thread_count) return VM_RUN_FAILED;
    vm_thread *t = machine->threads[thread];
    vm_thread_w(machine, t); /* under a checker, the trail keeps the thread's state before it */
    return vm_interpret(machine, t, stop ? stop : &none);
}

/* ---- Classes --------------------------------------------------------------------------------- */

vm_class *vm_class_load(vm *machine, const char *name)
{
    return vm_load_class(machine, NULL, name);
}

vm_class *vm_class_load_needed(vm *machine, const char *name, const char *role, const char *owner)
{
    return vm_load_needed(machine, NULL, name, (vm_need){role, owner});
}

vm_class *vm_class_define(vm *machine, const uint8_t *data, size_t len)
{
    return vm_define_class(machine, NULL, data, len);
}

const char *vm_class_name(const vm_class *cls)
{
    return cls->name;
}

uint16_t vm_class_access(const vm_class *cls)
{
    return cls->access;
}

bool vm_class_is_plain(const vm_class *cls)
{
    return cls->kind == VM_KIND_CLASS;
}

const vm_class *vm_class_super(const vm_class *cls)
{
    return cls->super;
}

uint32_t vm_class_interface_count(const vm_class *cls)
{
    return cls->all_interface_count;
}

const vm_class *vm_class_interface(const vm_class *cls, uint32_t i)
{
    return cls->all_interfaces[i];
}

uint32_t vm_class_method_count(const vm_class *cls)
{
    return cls->method_count;
}

const vm_method *vm_class_method(const vm_class *cls, uint32_t i)
{
    return &cls->methods[i];
}

const char *vm_method_name(const vm_method *m)
{
    return m->name;
}

const char *vm_method_descriptor(const vm_method *m)
{
    return m->descriptor;
}

uint16_t vm_method_access(const vm_method *m)
{
    return m->access;
}

/* ---- Byte buffers ---------------------------------------------------------------------------- */

bool vm_bytes_reserve(vm_bytes *b, size_t extra)
{
    if (b->len + extra <= b->cap) return true;
    if (extra > SIZE_MAX / 2 - b->len) return false;
    size_t cap = b->cap ? b->cap : 4096; /* skip the tiny sizes */
    while (cap < b->len + extra) cap *= 2;
    /* Not zeroed: only appended bytes are read, and a page of the unused tail of a big buffer (an
     * exact-state arena) then costs nothing until an append reaches it. */
    uint8_t *grown = base_realloc(b->data, cap);
    if (!grown) return false;
    b->data = grown;
    b->cap = cap;
    return true;
}

bool vm_bytes_append(vm_bytes *b, const void *src, size_t len)
{
    if (!vm_bytes_reserve(b, len)) return false;
    if (len) memcpy(b->data + b->len, src, len);
    b->len += len;
    return true;
}

void vm_bytes_free(vm_bytes *b)
{
    base_free(b->data);
    memset(b, 0, sizeof *b);
}
