/* Private to vm/, included by internal.h (include that, not this): the class data model. Classes,
 * fields, methods, natives and the resolved constant pool, and the phases that build them:
 * load.c (loading, layout, vtables), resolve.c (constant-pool resolution and method selection),
 * init.c (class initialisation) and natives.c (the native tables). */
#ifndef PORCHECK_VM_CLASS_H
#define PORCHECK_VM_CLASS_H

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
    bool cache;      /* a cache of what immutable fields determine (String.hash): every value it
                        holds gives every reader the same result, so its races change nothing */
};

/* Called for a native method with its argument slots; stores the result in [ret]. */
typedef int (*vm_native_fn)(vm *machine, vm_thread *t, vm_slot *args, vm_slot *ret);

/* What a native returns. */
enum {
    VM_NATIVE_OK = 0,   /* done: [ret] holds the result */
    VM_NATIVE_THROW,    /* the thread has a pending exception */
    VM_NATIVE_BLOCK,    /* the thread cannot go on now; the call is retried when it runs again */
    VM_NATIVE_FAIL,     /* a fatal error is recorded on the vm */
    VM_NATIVE_PUSHED,   /* the native pushed a Java frame that produces the result */
    VM_NATIVE_YIELD,    /* done, and the thread offers the processor to others */
    VM_NATIVE_DELEGATE, /* the call goes on as a call of Java method vm->delegate, same arguments */
};

/* What a native does to shared state, as the checker's labels describe it. */
typedef enum vm_sync_kind {
    VM_SYNC_NONE = 0, /* nothing shared: not a scheduling point */
    VM_SYNC_READ,     /* Sync.get*: reads the field at offset arg1 of arg0 */
    VM_SYNC_WRITE,    /* Sync.put*, CAS, getAndAdd, getAndSet: writes it (a failed CAS too) */
    VM_SYNC_ENTER,    /* Sync.monitorEnter: takes arg0's monitor, blocking while another holds it */
    VM_SYNC_LOCK,     /* tryMonitorEnter, monitorExit, await, signal: a write of arg0's monitor */
    VM_SYNC_LOCK_READ,  /* monitorDepth, isLocked, Thread.holdsLock: a read of arg0's monitor */
    VM_SYNC_PARK,       /* Sync.park: the current thread's permit; blocks without one */
    VM_SYNC_PARK_TIMED, /* Sync.parkTimed: takes the current thread's permit if any; never blocks */
    VM_SYNC_UNPARK,     /* Sync.unpark: thread arg0's permit */
    VM_SYNC_START,      /* Thread.start0: starts receiver thread arg0 */
    VM_SYNC_JOIN,       /* Thread.join0: waits until thread arg0 has ended (or an interrupt) */
    VM_SYNC_ALIVE,      /* Thread.isAlive0: whether thread arg0 has started and not ended */
    VM_SYNC_INTERRUPT,  /* Thread.interrupt0: sets thread arg0's interrupt flag and wakes it from
                         * an interruptible wait; a write of every monitor, since each wait, timed
                         * wait's end, lockInterruptibly and flag read (all monitor accesses) may
                         * end otherwise after it */
    VM_SYNC_ENTER_INTERRUPTIBLY, /* Sync.monitorEnterInterruptibly: as VM_SYNC_ENTER, but an
                                  * interrupt ends the wait with InterruptedException */
    VM_SYNC_OUTPUT, /* PrintStream's writes: the program's output, one place, so that two
                     * outputs never commute (their order is part of every outcome) */
} vm_sync_kind;

/* A method of a loaded class. */
struct vm_method {
    vm_class *owner;
    const char *name, *descriptor; /* interned */
    uint16_t access;
    uint16_t arg_slots; /* parameter slots, including [this] for instance methods */
    uint16_t max_locals, max_stack;
    char ret;              /* V I J F D or 'L' (Z B C S return as I) */
    int32_t vtable_index;  /* index in the owner's vtable, -1 when not virtual */
    const cf_code *code;   /* NULL for native and abstract methods */
    vm_native_fn native;   /* natives: the implementation, NULL when the VM has none */
    uint32_t id;           /* index in the vm's method registry */
    uint64_t stable_id;    /* a hash of owner, name and descriptor: the same in every vm */
    uint8_t sync;          /* natives: a vm_sync_kind (what the checker's label says it does) */
    bool atomic_library;   /* declared by an atomic library class (vm_class.atomic_library) */
    vm_method_cache cache; /* checking: what the checker caches on it (hooks.h) */
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
    uint32_t index;   /* position in the vm's class table (load order: differs between vms) */
    uint64_t stable_id; /* a hash of the name: the same in every vm, whatever loaded first */
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
    vm_class_cache cache;    /* checking: what the checker caches on it (hooks.h) */
    /* arrays */
    vm_class *component;   /* element class (a primitive class for primitive arrays) */
    char elem_kind;        /* Z B C S I F J D or 'L' */
    uint8_t elem_size;     /* bytes per element */
    vm_class *array_of;    /* the class of arrays of this class, once created */
    bool is_throwable;     /* a subclass of java/lang/Throwable */
    bool hidden;           /* generated by the VM (lambda classes): left out of stack traces */
    bool ever_initialised; /* its initialiser completed once (sticky: no snapshot undoes it) */
    bool atomic_library;   /* a JDK lock class: a call into it from outside runs as one step
                            * up to where it parks (vm_jdk_atomic_class) */
};

/* ---- load.c: loading and linking ------------------------------------------------------------ */

/* Why a class is being loaded: as [role] ("the superclass of") of [owner] (a class or member
 * name), so that an error about a class it needs names what needed it. */
typedef struct vm_need {
    const char *role;
    const char *owner;
} vm_need;

/* Returns class [name] (binary name or array descriptor), loading and linking it on first use;
 * NULL after recording a fatal error that names [t]'s location when [t] is not NULL. */
vm_class *vm_load_class(vm *machine, vm_thread *t, const char *name);

/* Loads class [name] as vm_load_class does, [need]ed as a supertype or member type: an error
 * about a class it needs names that need ("needed as the superclass of my/A"). */
vm_class *vm_load_needed(vm *machine, vm_thread *t, const char *name, vm_need need);

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

/* True when class [name] comes from the installed JDK's image before the model library (vm.c's
 * list; never under --model-library or without a JDK). */
bool vm_jdk_provides_first(const vm *machine, const char *name);

/* True when class [name], loaded from the JDK, is one of the JDK's locks whose calls run as one
 * step each up to where they park (vm.c's list; never with --explore-jdk-locks, under
 * --model-library or without a JDK). */
bool vm_jdk_atomic_class(const vm *machine, const char *name);

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

/* Returns the method a call at [pc] (an invoke instruction) selects for the receiver on the
 * operand stack ending at [sp], resolving it for [t] (NULL: only when already resolved); NULL
 * when unresolved, the receiver is null, or none. */
vm_method *vm_call_target(vm *machine, vm_thread *t, const vm_frame *frame, const uint8_t *pc,
                          const vm_slot *sp);

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

/* ---- natives.c ---------------------------------------------------------------------------------
 */

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

/* Returns the native table row of [cls].[name][descriptor] among the JVM's natives, or NULL. */
const vm_native *vm_find_native(const char *cls, const char *name, const char *descriptor);

/* The native tables of each area, terminated by a NULL name. */
extern const vm_native vm_natives_object[], vm_natives_class[], vm_natives_system[],
    vm_natives_string[], vm_natives_throwable[], vm_natives_math[], vm_natives_float[],
    vm_natives_double[], vm_natives_thread[], vm_natives_sync[], vm_natives_printstream[],
    vm_natives_runtime[], vm_natives_sysvm[], vm_natives_harness[], vm_natives_atomic_long[];

/* Returns the value of field [name] in object [h] as a slot pointer, or NULL. */
vm_slot *vm_field_slot(vm *machine, uint32_t h, const char *name);

#endif
