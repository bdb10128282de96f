/* Private to vm/: the data model and the functions the phases share, one header per data model,
 * included here in order: class.h (classes, fields, methods, constant pool; load.c, resolve.c,
 * init.c, natives*.c), object.h (objects and the heap; heap.c, strings.c) and thread.h (threads,
 * frames; frames.c, exception.c, thread.c, indy.c, the interpreter of interp_loop.h). This header
 * holds what is vm-wide: the slot, the struct vm, its errors (vm.c), the object lookup and the
 * barriers. The model checker's side (trail, classifiers, slot types, state serialisation, the
 * lts) is declared in explore/check.h; the seam between the two (the hooks the barriers call, the
 * caches the checker keeps on the JVM's data) in hooks.h. */
#ifndef PORCHECK_VM_INTERNAL_H
#define PORCHECK_VM_INTERNAL_H

#include <stdarg.h>
#include <string.h>

#include "objid.h"
#include "vm.h"

#define VM_LIKELY(x) __builtin_expect(!!(x), 1)
#define VM_UNLIKELY(x) __builtin_expect(!!(x), 0)

/* currentTimeMillis() when the clock (nanoTime's nanoseconds) reads 0. */
#define VM_EPOCH_MILLIS INT64_C(1700000000000)

/* The most a timed park advances the clock to (far below where nanoTime's long overflows). */
#define VM_CLOCK_LIMIT (UINT64_C(1) << 62)

typedef struct vm_class vm_class;
typedef struct vm_method vm_method;
typedef struct vm_field vm_field;
typedef struct vm_thread vm_thread;
typedef struct vm_frame vm_frame;
typedef struct vm_callsite vm_callsite;

/* One 32-bit slot of a local-variable array, operand stack or object; longs and doubles take two
 * consecutive slots (read and written with memcpy). References are heap handles, 0 is null. */
typedef union vm_slot {
    int32_t i;
    float f;
    uint32_t ref;
} vm_slot;

#include "hooks.h"

/* Reads the long stored in the two slots at [s]. */
static inline int64_t vm_get_long(const vm_slot *s)
{
    int64_t v;
    memcpy(&v, s, sizeof v);
    return v;
}

/* Stores [v] into the two slots at [s]. */
static inline void vm_set_long(vm_slot *s, int64_t v)
{
    memcpy(s, &v, sizeof v);
}

/* Reads the double stored in the two slots at [s]. */
static inline double vm_get_double(const vm_slot *s)
{
    double v;
    memcpy(&v, s, sizeof v);
    return v;
}

/* Stores [v] into the two slots at [s]. */
static inline void vm_set_double(vm_slot *s, double v)
{
    memcpy(s, &v, sizeof v);
}

#include "class.h"
#include "object.h"
#include "thread.h"

/* ---- The vm ------------------------------------------------------------------------------------
 */

/* Well-known classes, loaded at start-up. */
typedef struct vm_known {
    vm_class *object, *string, *class_, *throwable, *thread, *ste, *cloneable, *serializable;
    vm_class *primitives[9]; /* Z B C S I F J D V */
    vm_class *char_array, *object_array, *int_array;
} vm_known;

/* Slots of well-known fields, resolved at start-up. */
typedef struct vm_offsets {
    uint32_t string_value, string_hash;
    uint32_t class_name, class_index;
    uint32_t throwable_message, throwable_cause, throwable_backtrace, throwable_trace;
    uint32_t ste_class, ste_method, ste_file, ste_line;
    uint32_t thread_name, thread_id, thread_alive, thread_daemon, thread_target;
    uint32_t thread_interrupted;
} vm_offsets;

/* A lazy notify (checking): [count] notify calls on [cond], each of which wakes a distinct thread
 * of [mask], which were the threads waiting on [cond] when it was called. Which ones is decided
 * when a thread of the group re-acquires the lock, so every choice is explored. */
typedef struct vm_notify {
    uint32_t cond;  /* handle of the object (or Condition) waited on */
    uint32_t count; /* notifications not consumed yet */
    uint64_t mask;  /* candidate thread ids */
} vm_notify;

/* A symbol table entry list (open addressing over interned strings). */
typedef struct vm_symbols {
    const char **slots;
    uint32_t count, capacity;
    base_arena arena;
} vm_symbols;

struct vm {
    vm_options opts;
    cf_classpath *classpath;
    cf_classpath *jdk_classpath; /* the JDK's image alone, for the classes it provides first */
    vm_symbols symbols;
    vm_class **classes;
    uint32_t class_count, class_capacity;
    uint32_t *class_table; /* open addressing: class index + 1, 0 empty */
    uint32_t class_table_capacity;
    vm_method **methods; /* every loaded method by id */
    uint32_t method_count, method_capacity;
    uint8_t **quick; /* by method id: the copy of its code the interpreter quickens, or NULL */
    uint32_t quick_capacity;
    vm_heap heap;
    vm_thread **threads; /* each thread allocated on its own, so pointers stay valid */
    uint32_t thread_count, thread_capacity;
    uint32_t *strings; /* interned strings: open addressing over handles */
    uint32_t string_count, string_capacity;
    vm_known known;
    vm_offsets off;
    vm_method *uncaught_handler;   /* Thread.dispatchUncaughtException */
    vm_method *concat_helper;      /* the Java fallback of string concatenation */
    vm_method *arraycopy_model;    /* System.arraycopy element by element, for shared arrays */
    vm_method *clone_model;        /* an array's clone() element by element, for shared arrays */
    vm_method *clone_object_model; /* Object.clone() field by field, for shared objects */
    vm_method *delegate;           /* the method a native returning VM_NATIVE_DELEGATE hands to */
    vm_error error;                /* the fatal error, once one happened */
    bool failed;
    bool exiting; /* System.exit was called */
    int exit_status;
    uint64_t clock;         /* deterministic nanoTime (at most VM_CLOCK_LIMIT) */
    uint32_t harness_calls; /* the invocations of the client the harness runs (its result slots) */
    const char **harness_names; /* [harness_calls] interned method names, for error messages */
    uint64_t vm_allocations;    /* objects the VM itself allocated (pinned ones): their ids */
    uint64_t *thread_keys;      /* the keys of the threads behind thread ids (thread.c) */
    vm_driver driver;           /* the checker driving the JVM (hooks.h); hooks NULL under exec */
    struct vm_check *check;     /* the driving checker's own state, never read by the JVM */
    vm_notify *notify;          /* checking: pending lazy notifications */
    uint32_t notify_count, notify_capacity;
    uint32_t globals_epoch; /* checking: the trail epoch in which the globals were last logged */
    uint32_t classes_epoch; /* checking: the trail epoch of the last change to any class state */
    uint32_t epoch;         /* checking: the trail epoch; 0 (nothing is logged) under exec */
    uint32_t loading_depth;
    const char *loading[64]; /* classes being loaded, for circularity errors */
    uint32_t need_count;
    vm_need needs[66];  /* why the classes being loaded are needed, outermost first */
    char out_buf[8192]; /* buffered standard output */
    size_t out_len;
};

/* ---- vm.c: errors, symbols, locations ----------------------------------------------------------
 */

/* Records fatal [status] with a printf-style message on [machine]; returns false. */
bool vm_fail(vm *machine, vm_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Formats where thread [t] is, "pkg.Cls.method(File.java:12)", into [buf] of [cap] bytes; in a
 * JDK class, followed by ", reached from" the innermost application frame that led there. */
void vm_where(const vm *machine, const vm_thread *t, char *buf, size_t cap);

/* Records "unsupported: [what], needed as ... (called from ...)" for thread [t]; returns false.
 * The "needed as" clauses name why the classes being loaded are (vm_load_needed), innermost
 * first; "(called from <vm start-up>)" is left out when they say it. */
bool vm_unsupported(vm *machine, const vm_thread *t, const char *what);

/* Records a linking error "error: [what], needed as ... (called from ...)" for thread [t] as
 * vm_unsupported does; returns false. */
bool vm_link_error(vm *machine, const vm_thread *t, const char *what);

/* Returns the FNV-1a hash of the [len] bytes at [s]. */
uint32_t vm_hash_bytes(const char *s, size_t len);

/* Returns a 64-bit hash of the [len] bytes at [s] after [seed]: the ids of classes, methods and
 * literals that every vm gives alike, whatever order it loaded them in. */
uint64_t vm_stable_hash(const void *s, size_t len, uint64_t seed);

/* Returns true for the names of JDK classes (java/, javax/, jdk/, sun/), which the model library
 * provides: a missing one is an unsupported feature rather than a linking error. */
bool vm_is_system_name(const char *name);

/* Returns the interned copy of [s] (of [len] bytes), or NULL when out of memory. */
const char *vm_intern_symbol(vm *machine, const char *s, size_t len);

/* Appends [method] to the method registry, setting its id; false when out of memory. */
bool vm_register_method(vm *machine, vm_method *method);

/* Frees the quickened copies of method code (interp_slow.c). */
void vm_quick_free(vm *machine);

/* Writes [len] bytes of program output to [fd] through the configured sink. */
void vm_output(vm *machine, int fd, const char *bytes, size_t len);

/* Flushes buffered standard output. */
void vm_flush_output(vm *machine);

/* A growable byte buffer. */
typedef struct vm_bytes {
    uint8_t *data;
    size_t len, cap;
} vm_bytes;

/* Appends [len] bytes at [src] to [b]; false when out of memory. */
bool vm_bytes_append(vm_bytes *b, const void *src, size_t len);

/* Makes room for [extra] more bytes in [b]; false when out of memory. */
bool vm_bytes_reserve(vm_bytes *b, size_t extra);

/* Frees [b]'s storage. */
void vm_bytes_free(vm_bytes *b);

/* ---- Object lookup (heap.c) ------------------------------------------------------------------ */

/* Returns the object of non-null handle [h]. */
static inline vm_object *vm_obj(const vm *machine, uint32_t h)
{
    return machine->heap.objects[h];
}

/* True when a call of [m] with receiver [receiver] (0 for a static method) is an atomic library
 * call when made from outside one: a method of one of the JDK's lock classes, on an object of
 * such a class (not an application's subclass, whose own code must be explored). */
static inline bool vm_atomic_callee(const vm *machine, const vm_method *m, uint32_t receiver)
{
    if (!m->atomic_library) return false;
    return (m->access & CF_ACC_STATIC) ||
           (receiver && vm_obj(machine, receiver)->cls->atomic_library);
}

/* ---- Barriers: the first change of an object, statics, class, thread or the globals in an
 * epoch is reported to the driving checker (hooks.h); no-ops under exec, where epochs stay 0 -- */

/* Returns object [h] for writing (logged first when the checker needs it). */
static inline vm_object *vm_obj_w(vm *machine, uint32_t h)
{
    vm_object *o = machine->heap.objects[h];
    if (VM_UNLIKELY(o->epoch != machine->epoch)) machine->driver.hooks->log_object(machine, h);
    return o;
}

/* Returns the statics of [cls] for writing. */
static inline vm_slot *vm_statics_w(vm *machine, vm_class *cls)
{
    if (VM_UNLIKELY(cls->statics_epoch != machine->epoch))
        machine->driver.hooks->log_statics(machine, cls);
    return cls->statics;
}

/* Logs the initialisation state of [cls] before it changes (when a checker drives the JVM). */
static inline void vm_class_w(vm *machine, vm_class *cls)
{
    if (machine->driver.hooks) machine->driver.hooks->log_class(machine, cls);
}

/* Makes thread [t] writable. */
static inline void vm_thread_w(vm *machine, vm_thread *t)
{
    if (VM_UNLIKELY(t->epoch != machine->epoch)) machine->driver.hooks->log_thread(machine, t);
}

/* Makes the globals writable. */
static inline void vm_globals_w(vm *machine)
{
    if (VM_UNLIKELY(machine->globals_epoch != machine->epoch))
        machine->driver.hooks->log_globals(machine);
}

#endif
