/* harness: the Violat-style client harness in porcheck's JVM. It writes the class of one client
 * (its constructor call and invocations on the object under test) and runs it as threads for
 * porcheck check, or one invocation at a time for the implementation oracle. The Java side is
 * the model library's jdk.internal.porcheck.Harness. */
#ifndef PORCHECK_HARNESS_H
#define PORCHECK_HARNESS_H

#include "clients.h"
#include "explore.h"

/* ---- Client harness: porcheck check and the implementation oracle -------------------------- */

/* How a harness argument is passed. */
typedef enum harness_arg_kind {
    HARNESS_ARG_INT,     /* an int literal [value] (boxed with Integer.valueOf for a reference) */
    HARNESS_ARG_LONG,    /* a long literal [value] (boxed with Long.valueOf for a reference) */
    HARNESS_ARG_BOOLEAN, /* a boolean literal, [value] 0 or 1 */
    HARNESS_ARG_NULL,    /* null */
    HARNESS_ARG_LIST,    /* a new java.util.ArrayList of [count] boxed [items] */
    HARNESS_ARG_MAP,     /* a new java.util.HashMap of [count] boxed key/value pairs at [items] */
} harness_arg_kind;

/* One argument of a constructor or method call in a client. */
typedef struct harness_vm_arg {
    const char
        *descriptor; /* the parameter type the spec declares, e.g. "I", "Ljava/lang/Object;" */
    harness_arg_kind kind;
    int64_t value;        /* INT, LONG, BOOLEAN */
    size_t count;         /* LIST: elements; MAP: pairs */
    const int64_t *items; /* LIST: [count]; MAP: [2 * count] */
    bool long_items;      /* LIST, MAP: items are Longs rather than Integers */
} harness_vm_arg;

/* One invocation of a client. */
typedef struct harness_vm_call {
    const char *method; /* the method's name */
    size_t arg_count;
    const harness_vm_arg *args;
    bool discard;           /* the spec says void: the result is recorded as void whatever it is */
    const char *descriptor; /* the spec's "descriptor": the overload to call; NULL: the one the
                             * arguments fit best */
} harness_vm_call;

/* A client for the harness: the class under test, its constructor arguments and the
 * invocations in canonical order (prefix, thread 0, thread 1, ..., suffix). */
typedef struct harness_vm_client {
    const char *class_name; /* dotted or binary */
    size_t ctor_arg_count;
    const harness_vm_arg *ctor_args;
    size_t prefix_count, suffix_count;
    size_t thread_count;
    const size_t *thread_calls; /* [thread_count] invocation counts */
    size_t call_count;          /* prefix + every thread + suffix (at most 256) */
    const harness_vm_call *calls;
} harness_vm_client;

/* What an invocation gave. */
typedef enum harness_result_kind {
    HARNESS_RESULT_NONE = 0, /* it has not returned (yet) */
    HARNESS_RESULT_VOID,     /* a void method returned */
    HARNESS_RESULT_NULL,     /* it returned null */
    HARNESS_RESULT_BOOL,     /* a boolean or Boolean: [value] 0 or 1 */
    HARNESS_RESULT_INT,      /* an int, long or boxed integer: [value] */
    HARNESS_RESULT_TEXT,     /* another object: its String.valueOf in [text] */
    HARNESS_RESULT_THROWN,   /* it threw: the exception's class name (dotted) in [text] */
} harness_result_kind;

/* The result of one invocation. */
typedef struct harness_result {
    harness_result_kind kind;
    int64_t value;
    char text[1024]; /* truncated to fit */
} harness_result;

/* Defines the class that runs client [hc] (its constructor and methods looked up in the class
 * under test on [machine]'s class path) and prepares it as thread 0 like vm_start: main builds
 * the object, runs the prefix, starts one thread per client thread (named T0, T1, ...), joins
 * them and runs the suffix. Results go to slots that are part of the state but never scheduling
 * points. Fills [err] with one line naming the class and method on failure (e.g. no method
 * matches an invocation). */
vm_status harness_start(vm *machine, const harness_vm_client *hc, vm_error *err);

/* How the harness records the results of a method, judged from its declared return type. */
typedef enum harness_return_kind {
    HARNESS_RETURN_VOID = 0, /* void */
    HARNESS_RETURN_VALUE,   /* a primitive, or a class (or an array of them) that overrides toString
                             */
    HARNESS_RETURN_DYNAMIC, /* Object, an interface or an abstract class (or arrays of them): each
                             * result is judged when it is recorded */
    HARNESS_RETURN_OPAQUE,  /* a class (or an array of it) whose toString is Object's: its results
                             * would be identity hashes */
} harness_return_kind;

/* A method of the class under test as the harness finds it. */
typedef struct harness_vm_sig {
    char descriptor[512];  /* the method's descriptor */
    char return_type[512]; /* its return type in Java syntax, e.g. "int[]", "java.util.List" */
    harness_return_kind kind;
    size_t overloads; /* methods of its name (inherited ones too; one per parameter list, bridges
                       * aside) that the call's argument types fit */
} harness_vm_sig;

/* Finds the method of class [class_name] (dotted or binary, on [machine]'s class path) that
 * [call] invokes as the harness would (with method "<init>": the constructor) and describes it in
 * [out]; fills [err] with one line when the class or the method is missing, or when [call]'s
 * descriptor names no method or one its arguments cannot be passed to. [machine] is a new vm
 * that has run nothing. */
vm_status harness_signature(vm *machine, const char *class_name, const harness_vm_call *call,
                            harness_vm_sig *out, vm_error *err);

/* Reads the result of invocation [index] of the client running on [machine] into [out]
 * (HARNESS_RESULT_NONE when it has not returned); false when no harness runs. */
bool harness_read_result(const vm *machine, size_t index, harness_result *out);

/* Returns the invocation [thread] is performing (canonical index), or -1 when it is in none. */
long harness_call_of(const vm *machine, uint32_t thread);

/* True when [thread] is the harness's own (its main or a client thread); false for a thread the
 * structure under test started, which runs no invocation: the descriptions below then describe
 * what it does from its outermost frame of application code. */
bool harness_own_thread(const vm *machine, uint32_t thread);

/* Writes what [thread]'s next transition does for an interleaving table, e.g. "write
 * Node#1.4.next (LazyListSet.java:42)" or "lock ReentrantLock#0.5 (LazyListSet.java:37)": the
 * action (inside a model-library call, that call and its receiver), and where the innermost
 * frame of the application stands; an empty string for bookkeeping (a lock's hold count). */
void harness_describe(const vm *machine, uint32_t thread, char *buf, size_t cap);

/* Describes [thread]'s next transition as harness_describe does, into [out] in parts, with
 * objects named by [names] from the structure under test ("read head.next -> Node@3") and the
 * values read and written; false outside an invocation or for bookkeeping. */
bool harness_describe_action(const vm *machine, uint32_t thread, explore_names *names,
                             explore_action *out);

/* Describes the calls of the structure's own methods that [thread]'s next action is nested in
 * (explore_describe_nesting) into [out] (EXPLORE_MAX_NEST entries); returns how many. */
size_t harness_describe_nesting(const vm *machine, uint32_t thread, explore_names *names,
                                explore_action *out);

/* Fills the location fields of [out] with the first line of the invocation [thread] runs;
 * false when it runs none. */
bool harness_describe_invocation(const vm *machine, uint32_t thread, explore_action *out);

/* The implementation oracle: one object of the class under test in its own VM, on which a
 * client's invocations run one at a time, sequentially, with snapshots. */
typedef struct harness_oracle harness_oracle;

/* Creates an oracle for client [hc] with [opts] (the class path holds the class under test):
 * builds the object with the spec's constructor. [budget] bounds each invocation (branches,
 * calls and returns; 0: 1,000,000). Fills [err] on failure (a missing method, a constructor
 * that throws). */
vm_status harness_oracle_new(const vm_options *opts, const harness_vm_client *hc, uint64_t budget,
                             harness_oracle **out, vm_error *err);

/* Frees [oracle] and its VM; NULL is ignored. */
void harness_oracle_free(harness_oracle *oracle);

/* Runs invocation [index] of the client to completion on the current state and stores its
 * result in [out]; fills [err] when it blocks, exceeds the budget or the VM fails. */
vm_status harness_oracle_invoke(harness_oracle *oracle, size_t index, harness_result *out,
                                vm_error *err);

/* Returns the fingerprint of the object's state: everything reachable from it and from the
 * statics of the initialised classes, objects numbered in traversal order (so allocation order
 * and object ids do not matter). */
por_fp harness_oracle_fingerprint(harness_oracle *oracle);

/* Returns the VM of [oracle]. */
const vm *harness_oracle_vm(const harness_oracle *oracle);

/* Returns a snapshot of the current state (NULL when out of memory). */
por_snapshot *harness_oracle_save(harness_oracle *oracle);

/* Makes [snap]'s state current; false when [snap] is not an ancestor of the current state
 * (snapshots are restored in stack order). */
bool harness_oracle_restore(harness_oracle *oracle, const por_snapshot *snap);

/* Frees [snap]. */
void harness_oracle_release(harness_oracle *oracle, por_snapshot *snap);

/* ---- Clients in the harness: what porcheck check and the oracle run -------------------------- */

/* A client's threads and main run as threads of one checked program. */
_Static_assert(CLIENT_MAX_THREADS + 1 <= VM_MAX_THREADS, "clients must fit the VM's thread limit");

/* A client converted for the VM harness; everything it points to lives in [arena] or the
 * client and its spec. */
typedef struct harness_client {
    harness_vm_client hc;
    harness_vm_call calls[CLIENT_MAX_INVOCATIONS];
    size_t thread_calls[CLIENT_MAX_THREADS];
    base_arena arena;
} harness_client;

/* Converts [c] into [out]; fills [err] when out of memory. */
client_status harness_client_init(const client *c, harness_client *out, client_error *err);

/* Frees what harness_client_init allocated. */
void harness_client_free(harness_client *hc);

/* Where and how the implementation runs in porcheck's VM. */
typedef struct harness_impl_options {
    const char *classpath;  /* the jar(s) holding the class under test */
    const char *model_path; /* the model library; NULL: the VM's default */
    uint64_t budget;        /* steps (branches, calls, returns) per invocation; 0: 1,000,000 */
} harness_impl_options;

/* Checks that every entry of the ':'-separated [classpath] is a directory or a file that opens
 * and starts like a zip archive; fills [err] (CLIENT_ERR_IO, "ENTRY: cannot open the jar" or
 * "ENTRY: not a jar (no zip header)") otherwise. */
client_status harness_classpath_check(const char *classpath, client_error *err);

/* Creates the implementation oracle for client [c] in [out]: the class under test built with
 * the spec's constructor in its own VM, each invocation of [c] run to completion when invoked,
 * states fingerprinted independently of object ids and saved with the VM's snapshots. Only [c]
 * may be invoked on it. Fills [err] with one line: CLIENT_ERR_SPEC when the class, the
 * constructor or a method is missing or the constructor throws, CLIENT_ERR_OBJECT when the VM
 * fails otherwise. */
client_status harness_impl_new(const client *c, const harness_impl_options *opt, client_object *out,
                               client_error *err);

/* Fills [names] (at most [cap]) with the JDK and model classes whose initialisers ran while the
 * implementation oracle [obj] (from harness_impl_new) ran its invocations (so far), in load
 * order; returns how many there are. The names live as long as [obj]. */
size_t harness_impl_initialised(const client_object *obj, const char **names, size_t cap);

/* Returns how many threads the structure under implementation oracle [obj] started of its own
 * and that have not ended: those its constructor starts, which never run in the oracle's
 * sequential runs (a helper an invocation starts and waits for runs there and ends). */
size_t harness_impl_structure_threads(const client_object *obj);

/* How one method of a spec is bound to the class under test. */
typedef struct harness_binding {
    char descriptor[512]; /* the descriptor of the method the harness calls */
    size_t overloads;     /* overloads of its name that the spec's parameter types fit (as
                           * harness_vm_sig counts them); more than 1: the choice was not plain */
    bool pinned;          /* chosen by the spec's "descriptor" */
} harness_binding;

/* Resolves the constructor and every method of [spec] against the class under test on the class
 * path of [opt], as the harness will call them, and when [bindings] is not NULL fills its
 * [spec->method_count] entries; fills [err] (CLIENT_ERR_SPEC, one line naming the file and the
 * JSON path, e.g. "s.json: $.methods[1]: 'pop' is void in the spec but returns int in Stack")
 * when the class, the constructor or a method is missing, when a "descriptor" names no method or
 * disagrees with "parameters", when "void" disagrees with a method's return type, or when a
 * method's results would be identity hashes (its return type is a class that does not override
 * toString). */
client_status harness_spec_resolve(const client_spec *spec, const harness_impl_options *opt,
                                   harness_binding *bindings, client_error *err);

/* Receives one line of a scan (harness_unlooped_waits). */
typedef void (*harness_lint_report)(const char *line, void *ctx);

/* Scans class [root] (dotted or binary) of the ':'-separated [classpath] and every class of
 * [classpath] it refers to, transitively, for untimed calls of Condition.await() that no loop of
 * their method encloses: each may return on a spurious wake-up, which porcheck does not explore
 * (it does for Object.wait() and LockSupport.park()). Reports each as one line ("pkg.C.m
 * (C.java:14) calls Condition.await() outside any loop: ...") and returns how many; a class path
 * that does not open gives none. */
size_t harness_unlooped_waits(const char *classpath, const char *root, harness_lint_report report,
                              void *ctx);

/* Fills the VM options [out] for running the implementation as [opt] says (assertions on). */
void harness_vm_options(const harness_impl_options *opt, vm_options *out);

/* Returns VM message [message] without the "error: " prefix of the VM's fatal messages, for a
 * report that says "error" itself. */
const char *harness_vm_message(const char *message);

/* Turns VM error [verr] into a clients error in [err] (without the "error: " prefix); returns
 * its status: CLIENT_ERR_SPEC when the spec does not fit the class (a missing class, method or
 * constructor, a constructor that throws), CLIENT_ERR_NOMEM, else CLIENT_ERR_OBJECT. */
client_status harness_vm_error(const vm_error *verr, client_error *err);

/* Converts VM result [r] into [out] (its text still belongs to [r]); false when the
 * invocation has not returned. */
bool harness_value(const harness_result *r, client_value *out);

#endif
