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
#include "lts.h"

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
    const char *classpath;  /* the application class path, ':'-separated (default ".") */
    const char *model_path; /* the model library jar(s); NULL: vm_default_model_path() */
    bool assertions;        /* -ea: enable assert statements in application classes */
    vm_dispatch dispatch;   /* interpreter dispatch */
    vm_write_fn write;      /* program output; NULL writes to stdout/stderr */
    void *write_ctx;        /* passed to [write] */
    uint32_t stack_slots;   /* operand and local slots per thread (0: default 1 Mi) */
    uint32_t max_frames;    /* frames per thread before StackOverflowError (0: default 16384) */
} vm_options;

/* One Java virtual machine instance; all of its state is owned by it. */
typedef struct vm vm;

/* Returns the model library path: $PORCHECK_MODEL_JAR, else model.jar beside the running
 * executable, else the build tree's jar. */
const char *vm_default_model_path(void);

/* Creates a vm with [opts] in [*out]; fills [err] on failure and leaves [*out] NULL. */
vm_status vm_new(const vm_options *opts, vm **out, vm_error *err);

/* Frees [machine] and everything it owns; NULL is ignored. */
void vm_free(vm *machine);

/* Runs public static void main(String[]) of class [main_class] (dotted or binary name) with the
 * [argc] strings of [argv], then every thread the program started, each until it ends or
 * blocks; stores the program's exit status in [*exit_status] (0 normal, 1 uncaught exception in
 * main, N for System.exit(N)). Fatal conditions return a status and fill [err]. */
vm_status vm_exec(vm *machine, const char *main_class, int argc, char **argv, int *exit_status,
                  vm_error *err);

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
    void *ctx;       /* passed to [before] */
    bool skip_first; /* do not consult [before] for the first instruction */
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

/* Fills [at] with where thread [thread] stands; false when it has no frame. */
bool vm_thread_location(const vm *machine, uint32_t thread, vm_location *at);

/* Returns the fatal error that ended the last run of [machine] (status VM_OK when none). */
const vm_error *vm_last_error(const vm *machine);

/* ---- Model checking: the VM as a por transition system --------------------------------------- */

/* Which instructions are scheduling points and which accesses are visible. */
typedef enum vm_classifier {
    VM_CLASSIFY_JPF,  /* Java PathFinder's defaults: accesses to non-final fields and array elements
                       * of objects reachable by more than one thread, statics, every
                       * synchronisation operation, thread start, join and end; all visible */
    VM_CLASSIFY_SAFE, /* S-POR: accesses to non-final fields of the visible classes, to elements
                       * of shared arrays by their code and every synchronisation operation are
                       * visible; thread start, join and end are invisible scheduling points */
} vm_classifier;

/* Two threads accessed the same field (static, array element) of a shared object, one of them
 * writing, where the visible set of the safe classifier made neither access visible: the search
 * relied on an assumption that does not hold (vm_check_races). */
typedef struct vm_race {
    char classes[2][256]; /* binary names of the classes whose visibility makes them visible */
    size_t class_count;
    char text[4096]; /* e.g. "Cell.v of Cell#0.2 read by T0 at Counter.inc(Counter.java:4),
                      * written by T1 at Counter.inc(Counter.java:5)" */
} vm_race;

/* The largest number of threads a checked program may use: the one thread limit of the VM, the
 * command line and the harness. Label object ids name a thread's objects by thread id and keep
 * the spaces from VM_MAX_THREADS on for the VM's own (vm/objid.h). */
#define VM_MAX_THREADS 60
#define VM_MAX_THREADS_TEXT VM_TEXT_OF(VM_MAX_THREADS) /* the same, as a string literal */
#define VM_TEXT_OF(x) VM_TEXT_OF_(x)                   /* [x] expanded, as a string literal */
#define VM_TEXT_OF_(x) #x
_Static_assert(VM_MAX_THREADS <= POR_MAX_THREADS, "por's thread sets must hold every thread");

/* How vm_check_begin sets the checker up; zero-initialise and set what you need. */
typedef struct vm_check_options {
    vm_classifier classifier;
    const char *const *visible; /* safe: class-name or package prefixes, dotted or binary; NULL:
                                 * every class but porcheck's own (jdk.internal.porcheck) and
                                 * the model's java.lang.Thread and java.lang.String, whose
                                 * accesses the race check watches (vm_check_races) */
    size_t visible_count;
    const char *const *widened; /* safe: classes made visible on top of [visible] (or of the
                                 * default) after a race on them; dotted or binary */
    size_t widened_count;
    uint32_t max_threads;      /* thread ids the program may use (0: 16; at most VM_MAX_THREADS) */
    uint64_t max_instructions; /* a transition longer than this is cut (0: 50,000) */
    bool exact;                /* compare whole serialisations on fingerprint hits */
    bool heap_symmetry;        /* states equal up to a renaming of their objects are one state
                                * (whole serialisations; not for searches that keep labels
                                * across matched states: DE, DL) */
    bool verify_fingerprints;  /* recompute every incremental fingerprint (and, under heap
                                * symmetry, every remembered symmetric one) from scratch and
                                * fail on a difference (tests; slow) */
} vm_check_options;

/* Turns [machine], started with vm_start and not run yet, into a transition system whose state
 * is the whole VM; its current state is the initial one. Fills [err] on bad options. */
vm_status vm_check_begin(vm *machine, const vm_check_options *opts, vm_error *err);

/* Returns the races found since vm_check_begin in [*out] (each naming at least one class that
 * no earlier one named) and their number: 0 unless the visible set left shared state that two
 * threads access invisible. The check ignores happens-before (it may name more than needed);
 * a search with no race explored what a search with every such class visible would. */
size_t vm_check_races(const vm *machine, const vm_race **out);

/* Returns the transition system over [machine] (after vm_check_begin). */
por_lts vm_lts(vm *machine);

/* Returns the standard output the program printed on the path to the current state; its length
 * goes to [*len]. */
const char *vm_check_output(const vm *machine, size_t *len);

/* Returns the standard error output of the path to the current state; its length to [*len]. */
const char *vm_check_errors(const vm *machine, size_t *len);

/* Writes the name of thread [thread] ("main", "Thread-1") into [buf] of [cap] bytes. */
void vm_thread_name(const vm *machine, uint32_t thread, char *buf, size_t cap);

/* Writes what [thread]'s next transition does, e.g. "Counter.run(Counter.java:12): write
 * Counter.count of Counter#0.3", into [buf] of [cap] bytes. */
void vm_describe_next(const vm *machine, uint32_t thread, char *buf, size_t cap);

/* Writes [thread]'s state for a deadlock report (where it stands, the lock it waits for and its
 * owner) into [buf] of [cap] bytes. */
void vm_describe_waiting(const vm *machine, uint32_t thread, char *buf, size_t cap);

/* Returns the thread that holds the lock [thread] waits for (or the thread it joins), or -1. */
int vm_waits_for(const vm *machine, uint32_t thread);

/* Writes the name of object [h] ("Node#1.4", "Counter.class", "null") into [buf] of [cap]
 * bytes. */
void vm_describe_object(const vm *machine, uint32_t h, char *buf, size_t cap);

/* Returns a snapshot of the current state of checked [machine] (NULL when out of memory). */
por_snapshot *vm_check_save(vm *machine);

/* Puts checked [machine] back in the state of [snap]; false when [snap] was not an ancestor of
 * the current state, which leaves the checker unusable (vm_check_broken). */
bool vm_check_restore(vm *machine, const por_snapshot *snap);

/* Frees [snap]. */
void vm_check_release(vm *machine, por_snapshot *snap);

/* True when a snapshot of checked [machine] was restored out of order. */
bool vm_check_broken(const vm *machine);

/* True when [thread] died of an uncaught exception; writes its Java-style stack trace
 * ("java.lang.AssertionError: msg\n\tat C.m(C.java:3)\n...") into [buf] of [cap] bytes. */
bool vm_describe_uncaught(const vm *machine, uint32_t thread, char *buf, size_t cap);

/* Returns the number of thread ids of [machine]'s transition system. */
uint32_t vm_check_threads(const vm *machine);

/* ---- Client harness: porcheck check and the implementation oracle -------------------------- */

/* How a harness argument is passed. */
typedef enum vm_harg_kind {
    VM_HARG_INT,     /* an int literal [value] (boxed with Integer.valueOf for a reference) */
    VM_HARG_LONG,    /* a long literal [value] (boxed with Long.valueOf for a reference) */
    VM_HARG_BOOLEAN, /* a boolean literal, [value] 0 or 1 */
    VM_HARG_NULL,    /* null */
    VM_HARG_LIST,    /* a new java.util.ArrayList of [count] boxed [items] */
    VM_HARG_MAP,     /* a new java.util.HashMap of [count] boxed key/value pairs at [items] */
} vm_harg_kind;

/* One argument of a constructor or method call in a client. */
typedef struct vm_harness_arg {
    const char
        *descriptor; /* the parameter type the spec declares, e.g. "I", "Ljava/lang/Object;" */
    vm_harg_kind kind;
    int64_t value;        /* INT, LONG, BOOLEAN */
    size_t count;         /* LIST: elements; MAP: pairs */
    const int64_t *items; /* LIST: [count]; MAP: [2 * count] */
    bool long_items;      /* LIST, MAP: items are Longs rather than Integers */
} vm_harness_arg;

/* One invocation of a client. */
typedef struct vm_harness_call {
    const char *method; /* the method's name */
    size_t arg_count;
    const vm_harness_arg *args;
    bool discard; /* the spec says void: the result is recorded as void whatever it is */
} vm_harness_call;

/* A client for the harness: the class under test, its constructor arguments and the
 * invocations in canonical order (prefix, thread 0, thread 1, ..., suffix). */
typedef struct vm_harness_client {
    const char *class_name; /* dotted or binary */
    size_t ctor_arg_count;
    const vm_harness_arg *ctor_args;
    size_t prefix_count, suffix_count;
    size_t thread_count;
    const size_t *thread_calls; /* [thread_count] invocation counts */
    size_t call_count;          /* prefix + every thread + suffix (at most 256) */
    const vm_harness_call *calls;
} vm_harness_client;

/* What an invocation gave. */
typedef enum vm_result_kind {
    VM_RESULT_NONE = 0, /* it has not returned (yet) */
    VM_RESULT_VOID,     /* a void method returned */
    VM_RESULT_NULL,     /* it returned null */
    VM_RESULT_BOOL,     /* a boolean or Boolean: [value] 0 or 1 */
    VM_RESULT_INT,      /* an int, long or boxed integer: [value] */
    VM_RESULT_TEXT,     /* another object: its String.valueOf in [text] */
    VM_RESULT_THROWN,   /* it threw: the exception's class name (dotted) in [text] */
} vm_result_kind;

/* The result of one invocation. */
typedef struct vm_result {
    vm_result_kind kind;
    int64_t value;
    char text[1024]; /* truncated to fit */
} vm_result;

/* Defines the class that runs client [hc] (its constructor and methods looked up in the class
 * under test on [machine]'s class path) and prepares it as thread 0 like vm_start: main builds
 * the object, runs the prefix, starts one thread per client thread (named T0, T1, ...), joins
 * them and runs the suffix. Results go to slots that are part of the state but never scheduling
 * points. Fills [err] with one line naming the class and method on failure (e.g. no method
 * matches an invocation). */
vm_status vm_harness_start(vm *machine, const vm_harness_client *hc, vm_error *err);

/* How the harness records the results of a method, judged from its declared return type. */
typedef enum vm_return_kind {
    VM_RETURN_VOID = 0, /* void */
    VM_RETURN_VALUE,    /* a primitive, or a class (or an array of them) that overrides toString */
    VM_RETURN_DYNAMIC,  /* Object, an interface or an abstract class (or arrays of them): each
                         * result is judged when it is recorded */
    VM_RETURN_OPAQUE,   /* a class (or an array of it) whose toString is Object's: its results
                         * would be identity hashes */
} vm_return_kind;

/* A method of the class under test as the harness finds it. */
typedef struct vm_harness_sig {
    char descriptor[512];  /* the method's descriptor */
    char return_type[512]; /* its return type in Java syntax, e.g. "int[]", "java.util.List" */
    vm_return_kind kind;
} vm_harness_sig;

/* Finds the method of class [class_name] (dotted or binary, on [machine]'s class path) that
 * [call] invokes as the harness would (with method "<init>": the constructor) and describes it in
 * [out]; fills [err] with one line when the class or the method is missing. [machine] is a new
 * vm that has run nothing. */
vm_status vm_harness_signature(vm *machine, const char *class_name, const vm_harness_call *call,
                               vm_harness_sig *out, vm_error *err);

/* Reads the result of invocation [index] of the client running on [machine] into [out]
 * (VM_RESULT_NONE when it has not returned); false when no harness runs. */
bool vm_harness_result(const vm *machine, size_t index, vm_result *out);

/* Returns the invocation [thread] is performing (canonical index), or -1 when it is in none. */
long vm_harness_call_of(const vm *machine, uint32_t thread);

/* Writes what [thread]'s next transition does for an interleaving table, e.g. "write
 * Node#1.4.next (LazyListSet.java:42)" or "lock ReentrantLock#0.5 (LazyListSet.java:37)": the
 * action (inside a model-library call, that call and its receiver), and where the innermost
 * frame of the application stands; an empty string for bookkeeping (a lock's hold count). */
void vm_harness_describe(const vm *machine, uint32_t thread, char *buf, size_t cap);

/* The implementation oracle: one object of the class under test in its own VM, on which a
 * client's invocations run one at a time, sequentially, with snapshots. */
typedef struct vm_oracle vm_oracle;

/* Creates an oracle for client [hc] with [opts] (the class path holds the class under test):
 * builds the object with the spec's constructor. [budget] bounds each invocation (branches,
 * calls and returns; 0: 1,000,000). Fills [err] on failure (a missing method, a constructor
 * that throws). */
vm_status vm_oracle_new(const vm_options *opts, const vm_harness_client *hc, uint64_t budget,
                        vm_oracle **out, vm_error *err);

/* Frees [oracle] and its VM; NULL is ignored. */
void vm_oracle_free(vm_oracle *oracle);

/* Runs invocation [index] of the client to completion on the current state and stores its
 * result in [out]; fills [err] when it blocks, exceeds the budget or the VM fails. */
vm_status vm_oracle_invoke(vm_oracle *oracle, size_t index, vm_result *out, vm_error *err);

/* Returns the fingerprint of the object's state: everything reachable from it and from the
 * statics of the initialised classes, objects numbered in traversal order (so allocation order
 * and object ids do not matter). */
por_fp vm_oracle_fingerprint(vm_oracle *oracle);

/* Returns a snapshot of the current state (NULL when out of memory). */
por_snapshot *vm_oracle_save(vm_oracle *oracle);

/* Makes [snap]'s state current; false when [snap] is not an ancestor of the current state
 * (snapshots are restored in stack order). */
bool vm_oracle_restore(vm_oracle *oracle, const por_snapshot *snap);

/* Frees [snap]. */
void vm_oracle_release(vm_oracle *oracle, por_snapshot *snap);

#endif
