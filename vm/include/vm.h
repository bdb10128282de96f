/* vm: porcheck's JVM: class loading and linking, the interpreter, the heap, threads as data,
 * natives and the model library of java.* classes.
 *
 * Every piece of mutable state lives in one vm instance as plain data: objects are addressed by
 * 32-bit handles into a VM-owned table, each Java thread's frames and operand stacks live in
 * VM-owned arrays, and a thread can be run for a bounded number of steps and stopped before a
 * chosen instruction. Java exceptions are VM data (a pending exception on the thread); fatal
 * conditions (a linking error, an unsupported feature) end the run with a one-line vm_error. */
#ifndef PORCHECK_VM_H
#define PORCHECK_VM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "classfile.h"

/* Result of every fallible vm operation. */
typedef enum vm_status {
    VM_OK = 0,
    VM_ERR_LINK,        /* a missing class, method or field, or an incompatible class change */
    VM_ERR_UNSUPPORTED, /* a feature the VM does not model (jsr, reflection, a missing native) */
    VM_ERR_DEADLOCK,    /* every live thread is blocked */
    VM_ERR_BAD_INPUT,   /* a bad class path, main class or option */
    VM_ERR_NOMEM,       /* the allocator hook refused memory */
    VM_ERR_LIMIT,       /* a configured limit (heap, threads) was exceeded */
} vm_status;

/* A caller-owned error: the status and a one-line message naming the class, method and line. */
typedef struct vm_error {
    vm_status status;
    char message[1024];
} vm_error;

/* How the interpreter dispatches opcodes; both are built and tested. */
typedef enum vm_dispatch {
    VM_DISPATCH_DEFAULT = 0, /* computed goto where the compiler has it, else switch */
    VM_DISPATCH_SWITCH,      /* a switch statement */
    VM_DISPATCH_GOTO,        /* GCC/Clang computed goto with a label table */
} vm_dispatch;

/* Receives [len] bytes of program output for file descriptor [fd] (1 stdout, 2 stderr). */
typedef void (*vm_write_fn)(void *ctx, int fd, const char *bytes, size_t len);

/* Options of a new vm; zero-initialise and set what you need. */
typedef struct vm_options {
    const char *classpath;      /* the application class path, ':'-separated (default ".") */
    const char *model_path;     /* the model library jar(s); NULL: vm_default_model_path() */
    const char *jdk_home;       /* the JDK whose lib/modules holds the java.* and jdk.* classes the
                                 * model library lacks; NULL: $PORCHECK_JDK, else the JDK that
                                 * cf_jdk_find discovers (none found: the model library alone) */
    bool model_only;            /* the model library alone, no JDK classes (also when
                                 * $PORCHECK_MODEL_LIBRARY is set and not empty) */
    bool jdk_locks;             /* the JDK's ReentrantLock and ReentrantReadWriteLock, not the
                                 * model's (also when $PORCHECK_JDK_LOCKS is set and not empty) */
    bool explore_jdk_locks;     /* the JDK's locks explored instruction by instruction, not one
                                 * step per call (also when $PORCHECK_JDK_LOCKS is "explore") */
    bool assertions;            /* -ea: enable assert statements in application classes */
    bool spurious_wakeups;      /* under checking, an application's untimed wait() or park()
                                 * that no loop of its method encloses may also return without a
                                 * notify or an unpark (vm_spurious_site) */
    vm_dispatch dispatch;       /* interpreter dispatch */
    vm_write_fn write;          /* program output; NULL writes to stdout/stderr */
    void *write_ctx;            /* passed to [write] */
    uint32_t stack_slots;       /* operand and local slots per thread (0: default 1 Mi) */
    uint32_t max_frames;        /* frames per thread before StackOverflowError (0: default 16384) */
    const char *const *preinit; /* JDK and model classes (binary names) whose initialisers
                                 * jdk.internal.porcheck.VM.preinitialize() runs, in order */
    size_t preinit_count;
} vm_options;

/* One Java virtual machine instance; all of its state is owned by it. */
typedef struct vm vm;

/* Returns the model library path: $PORCHECK_MODEL_JAR, else model.jar beside the running
 * executable, else the build tree's jar. */
const char *vm_default_model_path(void);

/* Creates a vm with [opts] in [*out]; fills [err] on failure and leaves [*out] NULL. */
vm_status vm_new(const vm_options *opts, vm **out, vm_error *err);

/* Fills [names] (at most [cap]) with the binary names of the JDK and model library classes whose
 * initialisers completed in [machine], whatever snapshot was restored since, in load order;
 * porcheck's own and generated classes are left out. Returns how many there are (the names
 * live as long as [machine]). */
size_t vm_initialised_library_classes(const vm *machine, const char **names, size_t cap);

/* Frees [machine] and everything it owns; NULL is ignored. */
void vm_free(vm *machine);

/* Runs public static void main(String[]) of class [main_class] (dotted or binary name) with the
 * [argc] strings of [argv], then every thread the program started, each until it ends or
 * blocks; stores the program's exit status in [*exit_status] (0 normal, 1 uncaught exception in
 * main, N for System.exit(N)). Fatal conditions return a status and fill [err]. */
vm_status vm_exec(vm *machine, const char *main_class, int argc, char **argv, int *exit_status,
                  vm_error *err);

/* The largest number of threads a checked program may use: the one thread limit of the VM, the
 * command line and the harness. Label object ids name a thread's objects by thread id and keep
 * the spaces from VM_MAX_THREADS on for the VM's own (vm/objid.h). */
#define VM_MAX_THREADS 60
#define VM_MAX_THREADS_TEXT VM_TEXT_OF(VM_MAX_THREADS) /* the same, as a string literal */
#define VM_TEXT_OF(x) VM_TEXT_OF_(x)                   /* [x] expanded, as a string literal */
#define VM_TEXT_OF_(x) #x
/* ---- Threads as data (the concurrency issue builds on these) -------------------------------- */

/* Prepares [main_class]'s main(String[]) with [argc] [argv] as thread 0, ready to run, without
 * running anything; a scheduler then drives the threads with vm_thread_run. */
vm_status vm_start(vm *machine, const char *main_class, int argc, char **argv, vm_error *err);

/* Returns the program's exit status once its threads have ended: System.exit's status, 1 when
 * main died of an uncaught exception, else 0. */
int vm_exit_status(const vm *machine);

/* Flushes the program's buffered standard output to the configured sink. */
void vm_flush(vm *machine);

/* What vm_thread_run stopped on. */
typedef enum vm_run_result {
    VM_RUN_STOPPED, /* the step budget ran out or the predicate asked to stop before an instruction
                     */
    VM_RUN_BLOCKED, /* the thread waits for a monitor, a lock, a join or a notification */
    VM_RUN_ENDED,   /* the thread's last frame returned or it died of an uncaught exception */
    VM_RUN_EXITED,  /* the program called System.exit */
    VM_RUN_FAILED,  /* a fatal condition; vm_last_error tells which */
} vm_run_result;

/* Where a thread stands: the method it is in and the bytecode offset of its next instruction. */
typedef struct vm_location {
    const char *class_name;  /* binary name of the method's class */
    const char *method_name; /* the method's name */
    const char *descriptor;  /* the method's descriptor */
    uint32_t pc;             /* bytecode offset of the next instruction */
    uint8_t opcode;          /* the next instruction's opcode */
} vm_location;

/* When vm_thread_run must stop: after a budget of steps, or before an instruction that the
 * predicate chooses. A zero vm_stop runs until the thread ends, blocks or the program exits. */
typedef struct vm_stop {
    uint64_t budget;   /* branches, calls and returns before stopping; 0 = unlimited */
    const bool *watch; /* 256 entries: opcodes that consult [before]; NULL = none */
    bool (*before)(void *ctx, const vm *machine, uint32_t thread, const vm_location *at);
    void *ctx;                 /* passed to [before] */
    bool skip_first;           /* do not consult [before] for the first instruction */
    uint64_t max_instructions; /* checking: cut the run after this many instructions (0: the
                                * driver's bound) */
} vm_stop;

/* Thread states as the scheduler sees them. */
typedef enum vm_thread_state {
    VM_THREAD_RUNNABLE,   /* can step */
    VM_THREAD_BLOCKED,    /* waits to enter a monitor or acquire a lock */
    VM_THREAD_WAITING,    /* in wait/await, park, join or sleep */
    VM_THREAD_TERMINATED, /* ended */
    VM_THREAD_NEW,        /* checking: a thread id not started on the current path */
} vm_thread_state;

/* Runs thread [thread] of [machine] until [stop] says so, it blocks, ends or the program exits. */
vm_run_result vm_thread_run(vm *machine, uint32_t thread, const vm_stop *stop);

/* Returns how many threads [machine] has created (terminated ones included); ids are 0..n-1. */
uint32_t vm_thread_count(const vm *machine);

/* Returns the state of thread [thread] of [machine]. */
vm_thread_state vm_thread_state_of(const vm *machine, uint32_t thread);

/* True when thread [thread] of [machine] can go on: runnable, or what it waits for has happened
 * (a timed wait's timeout may always fire). */
bool vm_thread_can_run(const vm *machine, uint32_t thread);

/* Fills [at] with where thread [thread] stands; false when it has no frame. */
bool vm_thread_location(const vm *machine, uint32_t thread, vm_location *at);

/* Returns the fatal error that ended the last run of [machine] (status VM_OK when none). */
const vm_error *vm_last_error(const vm *machine);

/* ---- Classes, for code that generates classes for a vm (the client harness) ----------------- */

/* A class loaded by a vm. */
typedef struct vm_class vm_class;

/* A method of a loaded class. */
typedef struct vm_method vm_method;

/* Loads and links class [name] (binary; it is not initialised) and returns it; NULL after a
 * fatal error that vm_last_error describes (NoClassDefFoundError names a missing class). */
vm_class *vm_class_load(vm *machine, const char *name);

/* Loads class [name] as vm_class_load does, needed as [role] of [owner] ("the return type of",
 * "my/A.m()Lmy/B;"): an error about a class it needs names them. */
vm_class *vm_class_load_needed(vm *machine, const char *name, const char *role, const char *owner);

/* Defines the class of class file [data] of [len] bytes in [machine]; NULL after a fatal error
 * (vm_last_error). */
vm_class *vm_class_define(vm *machine, const uint8_t *data, size_t len);

/* Returns the binary name of [cls]. */
const char *vm_class_name(const vm_class *cls);

/* Returns the access flags of [cls] (CF_ACC_*). */
uint16_t vm_class_access(const vm_class *cls);

/* True when [cls] is an ordinary class (not an interface, array or primitive type). */
bool vm_class_is_plain(const vm_class *cls);

/* Returns the superclass of [cls], or NULL for Object, interfaces and primitive types. */
const vm_class *vm_class_super(const vm_class *cls);

/* Returns how many interfaces [cls] implements, directly or through its supertypes. */
uint32_t vm_class_interface_count(const vm_class *cls);

/* Returns interface [i] of the vm_class_interface_count ones of [cls]. */
const vm_class *vm_class_interface(const vm_class *cls, uint32_t i);

/* Returns how many methods [cls] declares. */
uint32_t vm_class_method_count(const vm_class *cls);

/* Returns method [i] of those [cls] declares. */
const vm_method *vm_class_method(const vm_class *cls, uint32_t i);

/* True when [cls] or a superclass other than Object declares a toString() of its own. */
bool vm_class_overrides_to_string(const vm_class *cls);

/* Returns the name of [m]. */
const char *vm_method_name(const vm_method *m);

/* Returns the descriptor of [m]. */
const char *vm_method_descriptor(const vm_method *m);

/* Returns the access flags of [m] (CF_ACC_*). */
uint16_t vm_method_access(const vm_method *m);

/* ---- porcheck's client harness: the model library's jdk.internal.porcheck.Harness --------- */

/* The harness class and the class the harness generates for a client (binary names). */
#define VM_HARNESS_CLASS "jdk/internal/porcheck/Harness"
#define VM_HARNESS_CLIENT "jdk/internal/porcheck/GeneratedClient"

/* The largest number of invocations a client may have (Harness.MAX). */
#define VM_HARNESS_MAX_CALLS 256

/* What the harness recorded for one invocation (Harness.KINDS, VALUES and TEXTS). */
typedef struct vm_harness_value {
    int32_t kind;    /* the harness's result kind code; 0 when nothing was recorded */
    int64_t value;   /* a primitive result, or a reference result's numeric value */
    char text[1024]; /* a result's string form, truncated to fit */
} vm_harness_value;

/* Tells the Harness natives the method names of the client's [count] invocations (the size of
 * the result arrays and error messages); fills [err] when out of memory. */
vm_status vm_harness_set_calls(vm *machine, const char *const *names, size_t count, vm_error *err);

/* Reads what invocation [index] recorded into [out]; false while the result arrays do not
 * exist or are shorter. */
bool vm_harness_result(const vm *machine, size_t index, vm_harness_value *out);

/* Returns the invocation thread [thread] is running (the index GeneratedClient.call was given),
 * or -1 when it is in none. */
long vm_harness_call_of(const vm *machine, uint32_t thread);

/* True when thread [thread] is the harness's own: its main (thread 0) or a client thread (a
 * Harness); false for a thread the structure under test started. */
bool vm_harness_own_thread(const vm *machine, uint32_t thread);

/* Returns the object under test in check mode (the target of the client threads started so
 * far), or 0 when no client thread has started. */
uint32_t vm_harness_target(const vm *machine);

/* Returns the roots of the oracle's state (Harness.served: an Object[] of the object under test,
 * main's thread and the serving threads), or 0 when there are none yet. */
uint32_t vm_harness_served(const vm *machine);

/* Returns the thread that serves client thread [k]'s invocations in oracle mode (-1: main's, the
 * prefix and the suffix), or UINT32_MAX when there is none. */
uint32_t vm_harness_server(vm *machine, long k);

/* Asks the oracle-mode harness for invocation [index] next (Harness.request); false when the
 * harness is not loaded or [index] is out of range. */
bool vm_harness_request(vm *machine, size_t index);

#endif
