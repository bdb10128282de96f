/* Private to vm/: the data model (classes, methods, objects, threads, frames) and the functions
 * the phases share. One file per phase: load.c (loading, layout, vtables), resolve.c (constant
 * pool resolution and method selection), init.c (class initialisation), heap.c (objects,
 * arrays, collection), frames.c (calls, returns, monitors), exception.c (throwing, unwinding,
 * stack traces), interp_loop.h (the interpreter), indy.c and classgen.c (invokedynamic),
 * strings.c (Java strings and output), natives*.c (the native tables), thread.c and exec.c.
 * The model checker's side (trail, classifiers, slot types, state serialisation, the lts) is
 * declared in explore/check.h; the barriers its undo log needs (vm_obj_w and friends) are here. */
#ifndef PORCHECK_VM_INTERNAL_H
#define PORCHECK_VM_INTERNAL_H

#include <stdarg.h>
#include <string.h>

#include "objid.h"
#include "vm.h"

#define VM_LIKELY(x) __builtin_expect(!!(x), 1)
#define VM_UNLIKELY(x) __builtin_expect(!!(x), 0)

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

/* ---- Heap ------------------------------------------------------------------------------------ */

/* The header of every heap object; instance fields (slots) or array elements follow it. */
typedef struct vm_object {
    vm_class *cls;       /* the object's class (an array class for arrays) */
    uint32_t length;     /* arrays: element count; instances: field slots */
    uint32_t lock_owner; /* thread id + 1 holding the monitor, 0 when free */
    uint32_t lock_count; /* monitor recursion count */
    uint32_t hash;       /* identity hash, derived from [id] */
    uint64_t id;         /* deterministic id: allocating thread and count (objid.h) */
    uint32_t epoch;      /* checking: the trail epoch in which the object was last logged */
    uint8_t flags;       /* VM_OBJ_* */
    uint32_t fh_stamp;   /* checking: [epoch] + 1 when [fh] is the hash of the contents */
    uint64_t walk;       /* checking: the global-roots walk that reached it (fingerprint.c) */
    uint64_t fh[2];      /* checking: cached 128-bit hash of the object (explore/serialise.c) */
} vm_object;

/* Object flags. */
enum {
    VM_OBJ_PINNED = 1, /* held by the VM for good (mirrors, interned strings): never undone */
    VM_OBJ_SHARED = 2, /* reachable by more than one thread (monotone) */
    /* never written again, nor is anything it references (the model's boxing caches): state
     * fingerprints name it by id and leave it out of the heap walk while no thread locks it */
    VM_OBJ_CONSTANT = 4,
    VM_OBJ_HASHED = 8, /* its identity hash was read: its id (the hash's source) stays */
};

/* Returns the instance-field slots of [o]. */
#define VM_FIELDS(o) ((vm_slot *)((vm_object *)(o) + 1))
/* Returns the array elements of [o]. */
#define VM_ELEMS(o) ((void *)((vm_object *)(o) + 1))

/* The object table: handles index [objects]; handle 0 is null. */
typedef struct vm_heap {
    vm_object **objects; /* handle -> object, NULL for a free handle */
    uint32_t count;      /* handles 1..count-1 have been handed out */
    uint32_t capacity;
    uint32_t *free_handles; /* handles to reuse, a stack */
    uint32_t free_count, free_capacity;
    size_t bytes;     /* payload bytes of live objects */
    size_t threshold; /* collect at the next safe point when bytes exceed it */
    uint32_t *pins;   /* handles the VM holds from C (interned strings, call sites) */
    uint32_t pin_count, pin_capacity;
} vm_heap;

/* ---- Classes -----------------------------------------------------------------------------------
 */

/* What a vm_class describes. */
typedef enum vm_class_kind {
    VM_KIND_CLASS,
    VM_KIND_INTERFACE,
    VM_KIND_ARRAY,
    VM_KIND_PRIMITIVE
} vm_class_kind;

/* Initialisation state (JVMS 5.5); part of the program state. */
typedef enum vm_init_state {
    VM_INIT_NONE,
    VM_INIT_RUNNING,
    VM_INIT_DONE,
    VM_INIT_FAILED
} vm_init_state;

/* A field of a loaded class. */
struct vm_field {
    vm_class *owner;
    const char *name, *descriptor; /* interned */
    uint16_t access;
    char kind;       /* Z B C S I F J D, 'L' for any reference */
    uint32_t offset; /* slot index in the instance, or in the class's statics */
};

/* Called for a native method with its argument slots; stores the result in [ret]. */
typedef int (*vm_native_fn)(vm *machine, vm_thread *t, vm_slot *args, vm_slot *ret);

/* What a native returns. */
enum {
    VM_NATIVE_OK = 0, /* done: [ret] holds the result */
    VM_NATIVE_THROW,  /* the thread has a pending exception */
    VM_NATIVE_BLOCK,  /* the thread cannot go on now; the call is retried when it runs again */
    VM_NATIVE_FAIL,   /* a fatal error is recorded on the vm */
    VM_NATIVE_PUSHED, /* the native pushed a Java frame that produces the result */
    VM_NATIVE_YIELD,  /* done, and the thread offers the processor to others */
};

/* What a native does to shared state, as the checker's labels describe it. */
typedef enum vm_sync_kind {
    VM_SYNC_NONE = 0, /* nothing shared: not a scheduling point */
    VM_SYNC_READ,     /* Sync.get*: reads the field at offset arg1 of arg0 */
    VM_SYNC_WRITE,    /* Sync.put*, CAS, getAndAdd, getAndSet: writes it (a failed CAS too) */
    VM_SYNC_ENTER,    /* Sync.monitorEnter: takes arg0's monitor, blocking while another holds it */
    VM_SYNC_LOCK,     /* tryMonitorEnter, monitorExit, await, signal: a write of arg0's monitor */
    VM_SYNC_LOCK_READ, /* monitorDepth, isLocked, Thread.holdsLock: a read of arg0's monitor */
    VM_SYNC_PARK,      /* Sync.park: the current thread's permit; blocks without one */
    VM_SYNC_UNPARK,    /* Sync.unpark: thread arg0's permit */
    VM_SYNC_START,     /* Thread.start0: starts receiver thread arg0 */
    VM_SYNC_JOIN,      /* Thread.join0: waits until thread arg0 has ended */
} vm_sync_kind;

/* A method of a loaded class. */
struct vm_method {
    vm_class *owner;
    const char *name, *descriptor; /* interned */
    uint16_t access;
    uint16_t arg_slots; /* parameter slots, including [this] for instance methods */
    uint16_t max_locals, max_stack;
    char ret;             /* V I J F D or 'L' (Z B C S return as I) */
    int32_t vtable_index; /* index in the owner's vtable, -1 when not virtual */
    const cf_code *code;  /* NULL for native and abstract methods */
    vm_native_fn native;  /* natives: the implementation, NULL when the VM has none */
    uint32_t id;          /* index in the vm's method registry */
    uint8_t sync;         /* natives: a vm_sync_kind (what the checker's label says it does) */
    struct vm_typemap *typemap; /* checking: slot types per instruction, computed on first use */
};

/* A constant-pool entry as the interpreter caches it once resolved. */
typedef struct vm_cp_entry {
    bool resolved;
    char kind;            /* fields: the field's kind */
    uint32_t offset;      /* fields: the slot index */
    vm_class *cls;        /* Class: the class; fields and methods: the owner to initialise */
    vm_method *method;    /* methods: the resolved (invokespecial: the selected) method */
    vm_field *field;      /* fields: the field */
    vm_slot *address;     /* static fields: the value's slots */
    uint32_t string;      /* String constants: the interned string's handle */
    vm_class *ic_class;   /* invokeinterface/virtual: the last receiver class seen */
    vm_method *ic_target; /* ... and the method selected for it */
    vm_callsite *site;    /* InvokeDynamic: the linked call site */
} vm_cp_entry;

/* A loaded class, interface, array class or primitive type. */
struct vm_class {
    const char *name; /* binary name (java/lang/String), array descriptor ([I) or primitive (int) */
    uint32_t index;   /* position in the vm's class table */
    vm_class_kind kind;
    uint16_t access;
    cf_class *cf;            /* the parsed class file; NULL for arrays and primitives */
    const char *source_file; /* SourceFile attribute, or NULL */
    vm_class *super;
    vm_class **interfaces; /* direct superinterfaces */
    uint16_t interface_count;
    vm_class **all_interfaces; /* every superinterface, transitively, without duplicates */
    uint32_t all_interface_count;
    uint16_t depth;    /* superclass chain length: Object is 0 */
    vm_class **supers; /* supers[d] is the ancestor at depth d, supers[depth] == this */
    vm_field *fields;
    uint16_t field_count;
    vm_method *methods;
    uint16_t method_count;
    vm_method **vtable;
    uint32_t vtable_count;
    uint32_t instance_slots; /* slots of an instance, superclasses' included */
    uint8_t *ref_map;        /* bit per instance slot: holds a reference */
    vm_slot *statics;        /* static field slots */
    uint32_t static_slots;
    uint8_t *static_ref_map; /* bit per static slot: holds a reference */
    uint8_t init_state;      /* a vm_init_state */
    uint32_t init_thread;    /* the thread running <clinit> while VM_INIT_RUNNING */
    uint32_t mirror;         /* handle of the java.lang.Class object (pinned) */
    vm_cp_entry *cp;         /* resolution cache, one entry per constant */
    vm_method *clinit;       /* <clinit>, or NULL */
    vm_method *owned_clinit; /* the empty <clinit> made for a class without one, freed with it */
    uint32_t statics_epoch;  /* checking: the trail epoch in which [statics] were last logged */
    uint32_t fh_stamp;       /* checking: [statics_epoch] + 1 when [fh] hashes the class state */
    uint32_t fh_init_thread; /* ... for this [init_state] and [init_thread] */
    uint8_t fh_init;
    uint64_t fh[2];  /* checking: cached hash of the initialisation state and statics */
    uint8_t visible; /* checking, safe classifier: 0 not yet known, 1 no, 2 yes */
    /* arrays */
    vm_class *component; /* element class (a primitive class for primitive arrays) */
    char elem_kind;      /* Z B C S I F J D or 'L' */
    uint8_t elem_size;   /* bytes per element */
    vm_class *array_of;  /* the class of arrays of this class, once created */
    bool is_throwable;   /* a subclass of java/lang/Throwable */
    bool hidden;         /* generated by the VM (lambda classes): left out of stack traces */
};

/* ---- Threads and frames ------------------------------------------------------------------------
 */

/* Frame flags. */
enum {
    VM_FRAME_CLINIT =
        1, /* runs <clinit> of its method's class: on exit the class is done or failed */
    VM_FRAME_PENDING = 2,  /* not started yet: an exception unwinding into it passes through */
    VM_FRAME_UNCAUGHT = 4, /* runs Thread.dispatchUncaughtException: the thread ends after it */
};

/* How many references a frame remembers with its cached hash, so that finding what it reaches
 * needs no scan of its slots while it has not run (fingerprint.c). */
#define VM_FRAME_REFS 4

/* One activation; its locals and operands live in the thread's slot array. */
struct vm_frame {
    vm_method *method;
    uint32_t pc;       /* offset of the current instruction (saved while not running) */
    uint32_t locals;   /* index of local 0 in the thread's slots */
    uint32_t sp;       /* index one past the top operand (saved while not running) */
    uint32_t monitor;  /* object locked by a synchronized method, or 0 */
    uint32_t gen;      /* the thread's push count when this frame was pushed */
    uint32_t fh_child; /* checking: the [gen] of the frame above when [fh] was computed */
    uint8_t advance;   /* bytes the caller's pc moves when this frame returns */
    uint8_t flags;     /* VM_FRAME_* */
    uint8_t ref_count; /* checking: objects in [refs] with [fh], VM_FRAME_REFS + 1: too many */
    uint32_t refs[VM_FRAME_REFS]; /* checking: the objects its monitor and typed slots reference */
    uint64_t fh[2];               /* checking: cached hash of the frame (fingerprint.c) */
};

/* How many references of its header and top frame a thread remembers with its hash (a count
 * of VM_TOP_REFS + 1 says they did not fit). */
#define VM_TOP_REFS 8

/* How many references outside the global roots' reach a thread remembers (fingerprint.c). */
#define VM_THREAD_OUTSIDE 6

/* A Java thread as data. */
struct vm_thread {
    uint32_t id;
    uint8_t state;      /* a vm_thread_state */
    uint32_t object;    /* the java.lang.Thread object */
    uint32_t exception; /* the pending exception, or 0 */
    vm_slot *slots;     /* locals and operand stacks of every frame */
    uint32_t slot_capacity;
    vm_frame *frames;
    uint32_t depth; /* frames in use */
    uint32_t frame_capacity;
    uint64_t allocations; /* objects this thread allocated: the low part of their ids */
    uint32_t wait_object; /* WAITING in wait/await: the object waited on; BLOCKED: the monitor */
    uint32_t wait_lock;   /* the monitor to re-enter after a wait */
    uint32_t saved_count; /* the monitor count to restore after a wait */
    uint32_t join_thread; /* WAITING in join: the thread id + 1 waited for */
    vm_class *wait_class; /* BLOCKED on a class another thread is initialising */
    bool notified;        /* a waiting thread was notified and now competes for the monitor */
    bool permit;          /* LockSupport.unpark's permit */
    bool parked;          /* WAITING in LockSupport.park */
    bool uncaught;        /* died of an uncaught exception */
    uint8_t park;         /* checking: a vm_park, why the thread stands where it does */
    uint32_t epoch;       /* checking: the trail epoch in which the thread was last logged */
    uint32_t pushes;      /* frames pushed on the path so far (the next frame's gen) */
    uint32_t fh_stamp;    /* checking: [epoch] + 1 when [fh] is the hash of the thread */
    uint64_t fh[2];       /* checking: cached 128-bit hash of the thread (fingerprint.c) */
    uint64_t refs_walk;   /* checking: the global-roots walk for which [outside] is known */
    uint32_t
        outside[VM_THREAD_OUTSIDE]; /* checking: what it references outside that walk's reach */
    uint8_t outside_count;          /* ... how many, or UINT8_MAX: more than fit */
    uint8_t top_ref_count;          /* checking: objects in [top_refs] with [fh], or more */
    uint32_t top_refs[VM_TOP_REFS]; /* checking: what its header and top frame reference */
};

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
} vm_offsets;

/* A lazy notify (checking): [count] notify calls on [cond], each of which wakes a distinct thread
 * of [mask], which were the threads waiting on [cond] when it was called. Which ones is decided
 * when a thread of the group re-acquires the lock, so every choice is explored. */
typedef struct vm_notify {
    uint32_t cond;  /* handle of the object (or Condition) waited on */
    uint32_t count; /* notifications not consumed yet */
    uint64_t mask;  /* candidate thread ids */
} vm_notify;

/* One row of a native table: the one place that says what a native is, does to shared state
 * and is called in traces. */
typedef struct vm_native {
    const char *name, *descriptor;
    vm_native_fn fn;
    uint8_t sync;     /* a vm_sync_kind (what the checker's label says it does) */
    const char *verb; /* synchronisation natives: the word traces use ("CAS"); NULL: left out */
} vm_native;

/* The natives of one class: a name-keyed table ended by a row without a name. */
typedef struct vm_native_class {
    const char *name; /* binary class name */
    const vm_native *table;
} vm_native_class;

/* The most native classes a vm may have added (vm_add_natives). */
#define VM_ADDED_NATIVES 4

/* A symbol table entry list (open addressing over interned strings). */
typedef struct vm_symbols {
    const char **slots;
    uint32_t count, capacity;
    base_arena arena;
} vm_symbols;

struct vm {
    vm_options opts;
    cf_classpath *classpath;
    vm_symbols symbols;
    vm_class **classes;
    uint32_t class_count, class_capacity;
    uint32_t *class_table; /* open addressing: class index + 1, 0 empty */
    uint32_t class_table_capacity;
    vm_method **methods; /* every loaded method by id */
    uint32_t method_count, method_capacity;
    vm_heap heap;
    vm_thread **threads; /* each thread allocated on its own, so pointers stay valid */
    uint32_t thread_count, thread_capacity;
    uint32_t *strings; /* interned strings: open addressing over handles */
    uint32_t string_count, string_capacity;
    vm_known known;
    vm_offsets off;
    vm_method *uncaught_handler; /* Thread.dispatchUncaughtException */
    vm_method *concat_helper;    /* the Java fallback of string concatenation */
    vm_error error;              /* the fatal error, once one happened */
    bool failed;
    bool exiting; /* System.exit was called */
    int exit_status;
    uint64_t clock; /* deterministic nanoTime */
    uint32_t lambda_count;
    vm_native_class added_natives[VM_ADDED_NATIVES]; /* vm_add_natives */
    uint32_t added_native_count;
    uint32_t harness_calls; /* the invocations of the client the harness runs (its result slots) */
    const char **harness_names; /* [harness_calls] interned method names, for error messages */
    uint64_t vm_allocations;    /* objects the VM itself allocated (pinned ones): their ids */
    uint64_t *thread_keys;      /* ids of the Thread objects behind thread ids (first seen) */
    vm_driver driver;           /* the checker driving the JVM (hooks.h); hooks NULL under exec */
    struct vm_check *check;     /* the driving checker's own state, never read by the JVM */
    vm_notify *notify;          /* checking: pending lazy notifications */
    uint32_t notify_count, notify_capacity;
    uint32_t globals_epoch; /* checking: the trail epoch in which the globals were last logged */
    uint32_t classes_epoch; /* checking: the trail epoch of the last change to any class state */
    uint32_t epoch;         /* checking: the trail epoch; 0 (nothing is logged) under exec */
    uint32_t loading_depth;
    const char *loading[64]; /* classes being loaded, for circularity errors */
    char out_buf[8192];      /* buffered standard output */
    size_t out_len;
};

/* ---- vm.c: errors, symbols, locations ----------------------------------------------------------
 */

/* Records fatal [status] with a printf-style message on [machine]; returns false. */
bool vm_fail(vm *machine, vm_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Formats where thread [t] is, "pkg.Cls.method(File.java:12)", into [buf] of [cap] bytes. */
void vm_where(const vm *machine, const vm_thread *t, char *buf, size_t cap);

/* Records "unsupported: [what] (called from ...)" for thread [t]; returns false. */
bool vm_unsupported(vm *machine, const vm_thread *t, const char *what);

/* Records a linking error of [status] "[what] (called from ...)" for thread [t]; returns false. */
bool vm_link_error(vm *machine, const vm_thread *t, const char *what);

/* Returns the FNV-1a hash of the [len] bytes at [s]. */
uint32_t vm_hash_bytes(const char *s, size_t len);

/* Returns true for the names of JDK classes (java/, javax/, jdk/, sun/), which the model library
 * provides: a missing one is an unsupported feature rather than a linking error. */
bool vm_is_system_name(const char *name);

/* Returns the interned copy of [s] (of [len] bytes), or NULL when out of memory. */
const char *vm_intern_symbol(vm *machine, const char *s, size_t len);

/* Appends [method] to the method registry, setting its id; false when out of memory. */
bool vm_register_method(vm *machine, vm_method *method);

/* Writes [len] bytes of program output to [fd] through the configured sink. */
void vm_output(vm *machine, int fd, const char *bytes, size_t len);

/* Flushes buffered standard output. */
void vm_flush_output(vm *machine);

/* ---- load.c: loading and linking ------------------------------------------------------------ */

/* Returns class [name] (binary name or array descriptor), loading and linking it on first use;
 * NULL after recording a fatal error that names [t]'s location when [t] is not NULL. */
vm_class *vm_load_class(vm *machine, vm_thread *t, const char *name);

/* Returns the already loaded class [name], or NULL. */
vm_class *vm_find_loaded(const vm *machine, const char *name);

/* Returns the array class whose elements are [component]; NULL after a fatal error. */
vm_class *vm_array_class(vm *machine, vm_class *component);

/* Returns the primitive class for descriptor character [kind] (Z B C S I F J D V). */
vm_class *vm_primitive_class(const vm *machine, char kind);

/* Creates the primitive classes and loads the classes the VM itself needs. */
bool vm_load_bootstrap(vm *machine);

/* Returns the declared method [name][descriptor] (interned or not) of [cls], or NULL. */
vm_method *vm_declared_method(const vm_class *cls, const char *name, const char *descriptor);

/* Returns the declared field [name] of [cls] (any descriptor), or NULL. */
vm_field *vm_declared_field(const vm_class *cls, const char *name);

/* Returns the method invokevirtual selects for [name][descriptor] (interned) on [cls], or NULL. */
vm_method *vm_vtable_lookup(const vm_class *cls, const char *name, const char *descriptor);

/* Returns the Java-style dotted name of [cls] ("java.lang.String", "[I") in [buf]. */
const char *vm_dotted_name(const vm_class *cls, char *buf, size_t cap);

/* Returns how many bytes an array element of kind [kind] takes. */
uint8_t vm_kind_size(char kind);

/* Turns descriptor character [c] into a slot kind: 'L' for L and [, else [c]. */
static inline char vm_kind_of(char c)
{
    return c == '[' ? 'L' : c;
}

/* Defines a class from class-file bytes [data] of [len] (for generated lambda classes). */
vm_class *vm_define_class(vm *machine, vm_thread *t, const uint8_t *data, size_t len);

/* ---- resolve.c --------------------------------------------------------------------------------
 */

/* Resolves Class constant [index] of [cls] into its cache entry; false after a fatal error. */
bool vm_resolve_class(vm *machine, vm_thread *t, vm_class *cls, uint16_t index);

/* Resolves Fieldref [index] of [cls]; [is_static] says which instruction uses it. */
bool vm_resolve_field(vm *machine, vm_thread *t, vm_class *cls, uint16_t index, bool is_static);

/* Resolves Methodref/InterfaceMethodref [index] of [cls] for invoke opcode [op]. */
bool vm_resolve_method(vm *machine, vm_thread *t, vm_class *cls, uint16_t index, uint8_t op);

/* Resolves String constant [index] of [cls] to an interned string. */
bool vm_resolve_string(vm *machine, vm_thread *t, vm_class *cls, uint16_t index);

/* Returns true when an instance of [s] can be assigned to type [target]. */
bool vm_is_assignable(const vm_class *s, const vm_class *target);

/* Returns the method that an interface or virtual call of [m] selects for receiver class [rc];
 * NULL when none. */
vm_method *vm_select_method(const vm_class *rc, const vm_method *m);

/* Returns the method resolution (JVMS 5.4.3.3/5.4.3.4) finds for [name][descriptor] in [cls]. */
vm_method *vm_lookup_method(vm *machine, vm_class *cls, const char *name, const char *descriptor);

/* ---- init.c ------------------------------------------------------------------------------------
 */

/* Outcome of vm_initialize. */
typedef enum vm_init_result {
    VM_INIT_READY,   /* the class can be used now */
    VM_INIT_PUSHED,  /* initialiser frames were pushed: run them, then retry the instruction */
    VM_INIT_THROWN,  /* an exception is pending (the class is erroneous) */
    VM_INIT_BLOCKED, /* another thread is initialising the class */
    VM_INIT_FATAL,   /* a fatal error is recorded */
} vm_init_result;

/* Starts initialising [cls] for thread [t] (JVMS 5.5), pushing <clinit> frames as needed. */
vm_init_result vm_initialize(vm *machine, vm_thread *t, vm_class *cls);

/* Finishes the initialiser frame [f] of thread [t]: the class is done, or failed with the
 * pending exception (wrapped in ExceptionInInitializerError when it is not an Error). */
void vm_finish_clinit(vm *machine, vm_thread *t, const vm_frame *f, bool failed);

/* ---- heap.c ------------------------------------------------------------------------------------
 */

/* Allocates an instance of [cls] for thread [t] (whose allocation count gives its id); 0 when the
 * heap limit is reached (a fatal error is recorded). */
uint32_t vm_new_object(vm *machine, vm_thread *t, vm_class *cls);

/* Allocates an array of [length] elements of array class [cls]; 0 on failure (fatal). */
uint32_t vm_new_array(vm *machine, vm_thread *t, vm_class *cls, int32_t length);

/* Returns the object of non-null handle [h]. */
static inline vm_object *vm_obj(const vm *machine, uint32_t h)
{
    return machine->heap.objects[h];
}

/* Calls [visit] on every reference field or element of object [o] (null ones included). */
static inline void vm_each_ref(vm *machine, const vm_object *o, void (*visit)(vm *, uint32_t))
{
    const vm_class *cls = o->cls;
    if (cls->kind == VM_KIND_ARRAY) {
        for (uint32_t i = 0; cls->elem_kind == 'L' && i < o->length; i++)
            visit(machine, ((const uint32_t *)VM_ELEMS(o))[i]);
        return;
    }
    for (uint32_t i = 0; cls->ref_map && i < o->length; i++)
        if (cls->ref_map[i / 8] >> (i % 8) & 1) visit(machine, VM_FIELDS(o)[i].ref);
}

/* Copies object [h] (a shallow clone); 0 on failure. */
uint32_t vm_clone_object(vm *machine, vm_thread *t, uint32_t h);

/* Gives object [o] the deterministic id [id] and the identity hash derived from it. */
void vm_object_set_id(vm_object *o, uint64_t id);

/* Returns the identity hash of object [h], fixing its id for good (VM_OBJ_HASHED). */
uint32_t vm_identity_hash(vm *machine, uint32_t h);

/* Keeps [h] alive for the lifetime of the vm; false when out of memory. */
bool vm_pin(vm *machine, uint32_t h);

/* Marks [h] and everything it references constant (VM_OBJ_CONSTANT) and shared, undoably. */
void vm_make_constant(vm *machine, uint32_t h);

/* Collects garbage if the allocation threshold was crossed; every live reference must be in a
 * thread's saved frames, a static, a pinned handle or another live object. */
void vm_maybe_collect(vm *machine);

/* Frees object [h] and makes its handle reusable. */
void vm_heap_release(vm *machine, uint32_t h);

/* Returns the bytes of [o]'s elements or fields. */
size_t vm_payload_bytes(const vm_object *o);

/* Frees every object. */
void vm_heap_free(vm *machine);

/* Returns the method a call at [pc] (an invoke instruction) selects for the receiver on the
 * operand stack ending at [sp], resolving it for [t] (NULL: only when already resolved); NULL
 * when unresolved, the receiver is null, or none. */
vm_method *vm_call_target(vm *machine, vm_thread *t, const vm_frame *frame, const uint8_t *pc,
                          const vm_slot *sp);

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

/* ---- strings.c ---------------------------------------------------------------------------------
 */

/* Creates a String from [len] UTF-16 [units]; 0 on failure. */
uint32_t vm_new_string16(vm *machine, vm_thread *t, const uint16_t *units, size_t len);

/* Creates a String from NUL-terminated modified UTF-8 (or plain ASCII/UTF-8) [s]; 0 on failure. */
uint32_t vm_new_string(vm *machine, vm_thread *t, const char *s);

/* Returns the interned String equal to modified-UTF-8 [s] of [len] bytes; 0 on failure. */
uint32_t vm_intern_utf8(vm *machine, const char *s, size_t len);

/* Returns the interned String equal to String [h]; 0 on failure. */
uint32_t vm_intern_string(vm *machine, uint32_t h);

/* Points [*units] at the characters of String [h] and returns their count. */
size_t vm_string_chars(const vm *machine, uint32_t h, const uint16_t **units);

/* Converts [len] UTF-16 [units] to UTF-8 in [buf] of [cap] bytes (NUL-terminated); returns the
 * bytes written. */
size_t vm_utf16_to_utf8(const uint16_t *units, size_t len, char *buf, size_t cap);

/* Writes String [h] as UTF-8 into [buf] of [cap] bytes (truncating); returns [buf]. */
char *vm_string_utf8(const vm *machine, uint32_t h, char *buf, size_t cap);

/* ---- frames.c
 * ------------------------------------------------------------------------------------ */

/* Outcome of invoking a method. */
typedef enum vm_call_result {
    VM_CALL_PUSHED,  /* a Java frame was pushed */
    VM_CALL_DONE,    /* a native completed, its result pushed and the caller's pc advanced */
    VM_CALL_THROWN,  /* an exception is pending */
    VM_CALL_BLOCKED, /* the thread must wait; the instruction is retried */
    VM_CALL_FATAL,   /* a fatal error is recorded */
    VM_CALL_YIELD,   /* a native completed and the thread yields */
} vm_call_result;

/* Invokes [m] for thread [t] whose top frame has its pc and sp saved and the arguments on its
 * operand stack; [advance] is the length of the calling instruction. */
vm_call_result vm_invoke(vm *machine, vm_thread *t, vm_method *m, uint8_t advance);

/* Pushes a frame for Java method [m] whose locals start at slot [base] of [t], where its
 * arguments already are; throws StackOverflowError, or blocks on a synchronized method's monitor.
 */
vm_call_result vm_push_frame(vm *machine, vm_thread *t, vm_method *m, uint32_t base,
                             uint8_t advance);

/* Pops the top frame of [t], passing [ret_slots] result slots at [result] to the caller; returns
 * false when the thread has no frame left. */
bool vm_pop_frame(vm *machine, vm_thread *t, const vm_slot *result, uint32_t ret_slots);

/* Tries to enter the monitor of object [h] for [t]; false when another thread holds it. */
bool vm_monitor_enter(vm *machine, vm_thread *t, uint32_t h);

/* Leaves the monitor of [h]; false after throwing IllegalMonitorStateException. */
bool vm_monitor_exit(vm *machine, vm_thread *t, uint32_t h);

/* ---- exception.c
 * --------------------------------------------------------------------------------- */

/* Throws a new exception of class [name] with a printf-style message (NULL: no message) on [t];
 * returns false (a fatal error is recorded when the class cannot be loaded). */
bool vm_throw(vm *machine, vm_thread *t, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Throws NullPointerException on [t]. */
bool vm_throw_npe(vm *machine, vm_thread *t);

/* Fills the backtrace of throwable [h] from [t]'s frames. */
bool vm_fill_backtrace(vm *machine, vm_thread *t, uint32_t h);

/* Builds the StackTraceElement[] of throwable [h]; 0 on failure. */
uint32_t vm_stack_trace(vm *machine, vm_thread *t, uint32_t h);

/* Outcome of unwinding. */
typedef enum vm_unwind_result {
    VM_UNWIND_CAUGHT,
    VM_UNWIND_ENDED,
    VM_UNWIND_FATAL,
    VM_UNWIND_STOPPED, /* checking: stopped before leaving a synchronized or <clinit> frame */
} vm_unwind_result;

/* Unwinds [t]'s frames to a handler of its pending exception; when none is left, pushes the
 * uncaught-exception handler, or ends the thread (checking: only marks it uncaught). With
 * [skip] (checking), stops before a frame whose leaving releases a monitor or ends a class
 * initialiser, unless *[skip] spares that one (and is cleared). */
vm_unwind_result vm_unwind(vm *machine, vm_thread *t, bool *skip);

/* ---- thread.c -------------------------------------------------------------------------------- */

/* Creates a thread for Thread object [object] (0: none yet) in [*out]; false when out of memory. */
bool vm_thread_create(vm *machine, uint32_t object, vm_thread **out);

/* Marks [t] terminated and wakes its joiners. */
void vm_thread_end(vm *machine, vm_thread *t);

/* Returns true when [t] can run: runnable, or what it waits for has happened. */
bool vm_thread_enabled(const vm *machine, const vm_thread *t);

/* True when [t], waiting on a condition, was notified or may take a pending notification. */
bool vm_notified(const vm *machine, const vm_thread *t);

/* Returns the thread whose java.lang.Thread object is [object], or NULL. */
vm_thread *vm_thread_of_object(vm *machine, uint32_t object);

/* Runs [t] with the dispatch mode configured on [machine]. */
vm_run_result vm_interpret(vm *machine, vm_thread *t, const vm_stop *stop);

/* The two interpreters, built from interp_loop.h. */
vm_run_result vm_interpret_switch(vm *machine, vm_thread *t, const vm_stop *stop);
vm_run_result vm_interpret_goto(vm *machine, vm_thread *t, const vm_stop *stop);

/* ---- indy.c ------------------------------------------------------------------------------------
 */

/* Executes invokedynamic [index] of the top frame's class for [t] (pc and sp saved). */
vm_call_result vm_invokedynamic(vm *machine, vm_thread *t, uint16_t index);

/* Frees a linked call site. */
void vm_callsite_free(vm_callsite *site);

/* ---- natives.c ---------------------------------------------------------------------------------
 */

/* Returns the native table row of [cls].[name][descriptor] among the JVM's own natives and
 * those added to [machine], or NULL. */
const vm_native *vm_find_native(const vm *machine, const char *cls, const char *name,
                                const char *descriptor);

/* Adds [table] as the natives of class [cls] (binary name, not copied) to [machine], for
 * classes linked from now on (a module above the JVM, such as the client harness, brings its
 * own); adding a class twice keeps the first table. False when VM_ADDED_NATIVES are there. */
bool vm_add_natives(vm *machine, const char *cls, const vm_native *table);

/* The native tables of each area, terminated by a NULL name. */
extern const vm_native vm_natives_object[], vm_natives_class[], vm_natives_system[],
    vm_natives_string[], vm_natives_throwable[], vm_natives_math[], vm_natives_float[],
    vm_natives_double[], vm_natives_thread[], vm_natives_sync[], vm_natives_printstream[],
    vm_natives_runtime[], vm_natives_sysvm[];

/* Returns the value of field [name] in object [h] as a slot pointer, or NULL. */
vm_slot *vm_field_slot(vm *machine, uint32_t h, const char *name);

#endif
