/* Private to the JVM and to the explorer that drives it: the seam the JVM owns. Under exec
 * nothing drives the JVM (vm.driver.hooks is NULL); a model checker that drives it installs a
 * vm_hooks table and fills the rest of vm.driver. The JVM calls the hooks at the barrier slow
 * paths (the first change of an object, class, thread or the globals in an epoch), when it
 * allocates an object, creates a thread, publishes a reference, writes program output or is freed,
 * and at every instruction its watch table names (the scheduling-point predicate). The JVM never
 * reads the checker's own state (vm.check); it only keeps the caches the checker stores on its
 * objects, classes, methods, threads and frames: one member [cache] each, of a type declared here,
 * whose fields the JVM never reads or writes. Included by internal.h after the JVM's type names. */
#ifndef PORCHECK_VM_HOOKS_H
#define PORCHECK_VM_HOOKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Why a thread stands where it does while a checker drives it (vm_thread.park). */
typedef enum vm_park {
    VM_PARK_NONE = 0,   /* not at a visible point: begin of a thread, a cut, an invisible point */
    VM_PARK_ACCESS,     /* before a visible field, static or array-element access */
    VM_PARK_MONITOR,    /* before monitorenter or monitorexit */
    VM_PARK_INVOKE,     /* before calling a synchronized method or a synchronisation native */
    VM_PARK_RETURN,     /* before returning from a synchronized method (releasing its monitor) */
    VM_PARK_CLINIT_END, /* before the return that finishes a class initialiser */
    VM_PARK_INIT,       /* before an instruction that initialises its class */
    VM_PARK_UNWIND,     /* an exception is about to leave a synchronized or <clinit> frame */
    VM_PARK_END,        /* every frame is gone: the next step ends the thread */
    VM_PARK_BLOCKED,    /* blocked inside an operation (wait, await): the wait fields tell */
    VM_PARK_ATOMIC,     /* before a call into an atomic library class (a JDK lock) from outside */
} vm_park;

/* ---- The checker's caches on the JVM's data (member [cache]; calloc leaves them empty) ---- */

/* What a checker caches on an object (vm_object.cache). */
typedef struct vm_object_cache {
    uint32_t fh_stamp; /* the object's [epoch] + 1 when [fh] is the hash of the contents */
    uint64_t walk;     /* the global-roots walk that reached it (fingerprint.c) */
    uint64_t fh[2];    /* cached 128-bit hash of the object (state.c) */
} vm_object_cache;

/* What a checker caches on a method (vm_method.cache). */
typedef struct vm_method_cache {
    struct vm_typemap *typemap; /* slot types per instruction, computed on first use */
} vm_method_cache;

/* What a checker caches on a class (vm_class.cache). */
typedef struct vm_class_cache {
    uint64_t fh[2];          /* cached hash of the initialisation state and statics */
    uint32_t fh_stamp;       /* the class's [statics_epoch] + 1 when [fh] hashes the class state */
    uint32_t fh_init_thread; /* ... for this [init_state] and [init_thread] */
    uint8_t fh_init;
    uint8_t visible;      /* safe classifier: 0 not yet known, 1 no, 2 yes */
    uint8_t synchronizer; /* a queued synchronizer (AQS) class: 0 not yet known, 1 no, 2 yes */
} vm_class_cache;

/* How many references a frame remembers with its cached hash, so that finding what it reaches
 * needs no scan of its slots while it has not run (fingerprint.c). */
#define VM_FRAME_REFS 4

/* What a checker caches on a frame (vm_frame.cache). */
typedef struct vm_frame_cache {
    uint32_t fh_child; /* the [gen] of the frame above when [fh] was computed, 0: no hash */
    uint8_t ref_count; /* objects in [refs] with [fh], VM_FRAME_REFS + 1: too many */
    uint32_t refs[VM_FRAME_REFS]; /* the objects its monitor and typed slots reference */
    uint64_t fh[2];               /* cached hash of the frame (fingerprint.c) */
} vm_frame_cache;

/* Forgets what was cached on a frame; the JVM calls it on each frame it pushes. */
static inline void vm_frame_cache_forget(vm_frame_cache *cache)
{
    cache->fh_child = 0;
}

/* How many references of its header and top frame a thread remembers with its hash (a count
 * of VM_TOP_REFS + 1 says they did not fit). */
#define VM_TOP_REFS 8

/* How many references outside the global roots' reach a thread remembers (fingerprint.c). */
#define VM_THREAD_OUTSIDE 6

/* What a checker caches on a thread (vm_thread.cache). */
typedef struct vm_thread_cache {
    uint32_t fh_stamp;                   /* the thread's [epoch] + 1 when [fh] is its hash */
    uint64_t fh[2];                      /* cached 128-bit hash of the thread (fingerprint.c) */
    uint64_t refs_walk;                  /* the global-roots walk for which [outside] is known */
    uint32_t outside[VM_THREAD_OUTSIDE]; /* what it references outside that walk's reach */
    uint8_t outside_count;               /* ... how many, or UINT8_MAX: more than fit */
    uint8_t top_ref_count;               /* objects in [top_refs] with [fh], or more */
    uint32_t top_refs[VM_TOP_REFS];      /* what its header and top frame reference */
} vm_thread_cache;

/* What the JVM calls on the checker that drives it. */
typedef struct vm_hooks {
    /* Barrier slow paths: log [h], [cls]'s statics or initialisation state, [t], or the globals
     * before their first change in the current epoch. */
    void (*log_object)(vm *machine, uint32_t h);
    void (*log_statics)(vm *machine, vm_class *cls);
    void (*log_class)(vm *machine, vm_class *cls);
    void (*log_thread)(vm *machine, vm_thread *t);
    void (*log_globals)(vm *machine);
    /* Object [h] was allocated, by thread [t] (NULL: by the VM itself); false after a fatal
     * error. */
    bool (*allocated)(vm *machine, vm_thread *t, uint32_t h);
    /* Thread [t] was created (or its id reused). */
    void (*thread_created)(vm *machine, vm_thread *t);
    /* A reference to [h] was stored where other threads may read it (a native's doing). */
    void (*published)(vm *machine, uint32_t h);
    /* The program wrote [len] bytes to [fd] (1 or 2): part of the state of the path. */
    void (*output)(vm *machine, int fd, const char *bytes, size_t len);
    /* Thread [t] is about to run the instruction at [pc] of [frame] (operand stack top [sp]), an
     * opcode of the watch table: returns why it stops there (VM_PARK_NONE: it goes on). The
     * interpreter does not ask for what is plainly no scheduling point (interp_slow.c): an access
     * to an unshared object, a final field or a constant array, a return that releases nothing,
     * a call of a method neither synchronized nor a synchronisation native, a new of an
     * initialised class; the hook must return VM_PARK_NONE for those. */
    vm_park (*classify)(vm *machine, vm_thread *t, const vm_frame *frame, const uint8_t *pc,
                        const vm_slot *sp);
    /* The vm is being freed: the checker frees its own state and what it cached on the JVM's
     * classes and methods. */
    void (*detach)(vm *machine);
} vm_hooks;

/* What a driving checker sets on the vm (vm.driver). */
typedef struct vm_driver {
    const vm_hooks *hooks;     /* NULL under exec */
    bool watch[256];           /* the opcodes at which the interpreter calls hooks->classify */
    uint64_t max_instructions; /* instructions a thread runs between two stops at most */
    uint32_t max_threads;      /* threads the program may create */
} vm_driver;

#endif
