/* explore: porcheck's JVM as a por transition system (lts.h). explore_check_begin turns a started
 * vm into a checked one: the explorer classifies its instructions into scheduling points, logs
 * every change on an undo trail behind snapshots, fingerprints and serialises its states, keeps
 * object ids canonical, watches races on what the visible set leaves invisible, and describes
 * threads, steps and objects for reports. The JVM calls it only through vm/hooks.h. */
#ifndef PORCHECK_EXPLORE_H
#define PORCHECK_EXPLORE_H

#include "lts.h"
#include "vm.h"

/* ---- Model checking: the VM as a por transition system --------------------------------------- */

/* Which instructions are scheduling points and which accesses are visible. */
typedef enum explore_classifier {
    EXPLORE_CLASSIFY_JPF,  /* Java PathFinder's defaults: accesses to non-final fields and array
                            * elements  of objects reachable by more than one thread, statics, every
                            * synchronisation operation, thread start, join and end; all visible */
    EXPLORE_CLASSIFY_SAFE, /* S-POR: accesses to non-final fields of the visible classes, to
                            * elements of shared arrays by their code and every synchronisation
                            * operation (joins too) are visible; thread start, end and isAlive()
                            * are invisible until a race on a thread's life widens the set */
} explore_classifier;

/* Two threads accessed the same field (static, array element) of a shared object, one of them
 * writing, where the visible set of the safe classifier made neither access visible: the search
 * relied on an assumption that does not hold (explore_check_races). */
typedef struct explore_race {
    char classes[2][256]; /* binary names of the classes whose visibility makes them visible */
    size_t class_count;
    char text[4096]; /* e.g. "Cell.v of Cell#0.2 read by T0 at Counter.inc(Counter.java:4),
                      * written by T1 at Counter.inc(Counter.java:5)" */
} explore_race;

_Static_assert(VM_MAX_THREADS <= POR_MAX_THREADS, "por's thread sets must hold every thread");

/* How explore_check_begin sets the checker up; zero-initialise and set what you need. */
typedef struct explore_check_options {
    explore_classifier classifier;
    const char *const *visible; /* safe: class-name or package prefixes, dotted or binary; NULL:
                                 * every class but porcheck's own (jdk.internal.porcheck) and
                                 * the model's java.lang.Thread and java.lang.String, whose
                                 * accesses the race check watches (explore_check_races) */
    size_t visible_count;
    const char *const *widened; /* safe: classes made visible on top of [visible] (or of the
                                 * default) after a race on them; dotted or binary */
    size_t widened_count;
    uint32_t max_threads;      /* thread ids the program may use (0: 16; at most VM_MAX_THREADS) */
    uint64_t max_instructions; /* a transition longer than this is cut (0: 50,000) */
    bool main_ends;            /* the program ends when its main thread (thread 0) ends, and the
                                * threads still alive then are stopped where they stand (check:
                                * the harness's main ends once the client is finished, and the
                                * structure's own threads stop); false: Java's rule, it ends
                                * when no non-daemon thread is alive, and daemons stop */
    bool exact;                /* compare whole serialisations on fingerprint hits */
    bool heap_symmetry;        /* states equal up to a renaming of their objects are one state
                                * (whole serialisations; not for searches that keep labels
                                * across matched states: DE, DL) */
    bool verify_fingerprints;  /* recompute every incremental fingerprint (and, under heap
                                * symmetry, every remembered symmetric one) from scratch and
                                * fail on a difference (tests; slow) */
} explore_check_options;

/* Turns [machine], started with vm_start and not run yet, into a transition system whose state
 * is the whole VM; its current state is the initial one. Fills [err] on bad options. */
vm_status explore_check_begin(vm *machine, const explore_check_options *opts, vm_error *err);

/* Returns the races found since explore_check_begin in [*out] (each naming at least one class that
 * no earlier one named) and their number: 0 unless the visible set left shared state that two
 * threads access invisible. The check ignores happens-before (it may name more than needed);
 * a search with no race explored what a search with every such class visible would. */
size_t explore_check_races(const vm *machine, const explore_race **out);

/* What a search without heap symmetry saw of the states it would merge: past its first
 * EXPLORE_SAMPLE_AFTER fingerprints ($PORCHECK_SAMPLE_AFTER when set), every state whose
 * fingerprint's low byte is 0 (1 in EXPLORE_SAMPLE_RATE) is also fingerprinted, once, as heap
 * symmetry would; [merged] of the [states] so sampled equal another sampled state up to the
 * names of their objects. */
typedef struct explore_symmetry_sample {
    uint64_t states, merged;
} explore_symmetry_sample;

/* The sampling of explore_symmetry_sample: where it starts, and one state in how many. */
enum { EXPLORE_SAMPLE_AFTER = 1 << 18, EXPLORE_SAMPLE_RATE = 256 };

/* Returns what sampling heap symmetry's potential found since explore_check_begin (zero under
 * heap symmetry, exact states, or before EXPLORE_SAMPLE_AFTER fingerprints). */
explore_symmetry_sample explore_check_symmetry_sample(const vm *machine);

/* Returns the transition system over [machine] (after explore_check_begin). */
por_lts explore_lts(vm *machine);

/* Returns the standard output the program printed on the path to the current state; its length
 * goes to [*len]. */
const char *explore_check_output(const vm *machine, size_t *len);

/* Returns the standard error output of the path to the current state; its length to [*len]. */
const char *explore_check_errors(const vm *machine, size_t *len);

/* Writes the name of thread [thread] ("main", "Thread-1") into [buf] of [cap] bytes. */
void explore_thread_name(const vm *machine, uint32_t thread, char *buf, size_t cap);

/* Writes what [thread]'s next transition does, e.g. "Counter.run(Counter.java:12): write
 * Counter.count of Counter#0.3", into [buf] of [cap] bytes. */
void explore_describe_next(const vm *machine, uint32_t thread, char *buf, size_t cap);

/* Writes what [thread]'s next transition does as a step of the invocation that the innermost
 * frame of [entry_class].[entry_method] calls, e.g. "read Node#1.4.next (List.java:12)" or
 * "incrementAndGet AtomicInteger#0.3 (Counter.java:7)": the library call it is in, if any, the
 * action, and the line of the invocation's own code (not the model library's) that led there;
 * "" outside an invocation. */
void explore_describe_step(const vm *machine, uint32_t thread, const char *entry_class,
                           const char *entry_method, char *buf, size_t cap);

/* The names one report gives objects: a short path from the structure under test ("head.next",
 * "table[3]", "lock") when there is one, else the class and a number counted per report in the
 * order objects are first named ("Node@3"); boxed numbers and strings by their value. */
typedef struct explore_names {
    uint32_t root; /* the structure under test (handle), as the last description found it */
    size_t count;
    struct explore_named {
        uint64_t id;     /* the object's deterministic id */
        const void *cls; /* its class */
        unsigned number; /* its number among the objects of its class */
    } seen[256];
} explore_names;

/* What one step of an invocation does, for the interleaving tables and their JSON. */
typedef struct explore_action {
    char text[1024];  /* the whole row: "read head.next -> Node@3", "top.compareAndSet(Node@2,
                       * Node@5)", "lock lock" (without the location) */
    char kind[32];    /* its first word: read, write, lock, unlock, call, wait, ... */
    char object[256]; /* the object acted on as named ("head", "Node@3", "this"); "" for none */
    char field[128];  /* the field ("next"), the element ("[3]") or the method called */
    char value[256];  /* a read's value, a write's new value, a call's arguments */
    char cls[256];    /* where: the structure's own frame the row is placed at (the innermost
                       * frame of the class under test or a class nested in it): class (dotted),
                       * method, file and line */
    char method[128];
    char file[128];
    int line;
    int call_depth;        /* a library call shown as one action: the depth of its frame, else -1 */
    uint32_t call_gen;     /* that frame's push count (vm_frame.gen), which names it */
    char returns;          /* that call's return type ('V' for void, 'L' for objects, 'I', ...) */
    char helper[384];      /* a step in another class's code (a Node getter, new Node(...)):
                            * that code's method and line, "Node.getNext(Node.java:22)", the
                            * place above being the structure's line that leads there; else "" */
    char helper_line[160]; /* the same line alone, "Node.java:22" */
} explore_action;

/* The most calls of the structure's own methods that explore_describe_nesting gives. */
enum { EXPLORE_MAX_NEST = 3 };

/* Describes [thread]'s next transition as explore_describe_step does, into [out], naming objects
 * by [names] from the structure under test (the first argument of [entry_method]'s frame) and
 * giving the values read and written; false outside an invocation or for bookkeeping. With
 * [entry_class] NULL (a thread the structure started), the thread's outermost frame of
 * application code is the invocation and [names] keeps its root. */
bool explore_describe_action(const vm *machine, uint32_t thread, const char *entry_class,
                             const char *entry_method, explore_names *names, explore_action *out);

/* Fills the location fields of [out] (class, method, file, line) with where the invocation that
 * [thread] runs (the method [entry_method] calls) starts: its first line; false outside one. */
bool explore_describe_invocation(const vm *machine, uint32_t thread, const char *entry_class,
                                 const char *entry_method, explore_action *out);

/* Describes the calls of the structure's own methods that [thread]'s next action is nested in
 * (a find inside add), outermost first, at most EXPLORE_MAX_NEST (the outermost ones), into
 * [out]: each as a call ("find(3)", kind "call", with call_depth, call_gen and returns) located
 * where its caller makes it (at the structure's line that leads there: explore_action.cls and
 * helper); the arguments are left out ("find(...)") when the method may have
 * overwritten its parameters. Returns how many; 0 outside an invocation. [entry_class] NULL: as
 * for explore_describe_action. */
size_t explore_describe_nesting(const vm *machine, uint32_t thread, const char *entry_class,
                                const char *entry_method, explore_names *names,
                                explore_action *out);

/* Makes the call of [thread] whose frame is at [depth] (explore_action.call_depth) record its
 * result when it returns, for explore_call_result. */
void explore_watch_call(vm *machine, uint32_t thread, int depth);

/* Writes the result of [thread]'s watched call whose frame was [gen] (explore_action.call_gen;
 * of return type [returns]; nothing for 'V'), named by [names], into [buf]; false until that
 * call has returned normally. */
bool explore_call_result(const vm *machine, uint32_t thread, uint32_t gen, char returns,
                         explore_names *names, char *buf, size_t cap);

/* Writes [thread]'s state for a deadlock report (where it stands, the lock it waits for and its
 * owner) into [buf] of [cap] bytes. */
void explore_describe_waiting(const vm *machine, uint32_t thread, char *buf, size_t cap);

/* Returns the thread that holds the lock [thread] waits for (or the thread it joins, or the one
 * initialising the class it waits for), or -1. */
int explore_waits_for(const vm *machine, uint32_t thread);

/* Writes the name of object [h] ("Node#1.4", "Counter.class", "null") into [buf] of [cap]
 * bytes. */
void explore_describe_object(const vm *machine, uint32_t h, char *buf, size_t cap);

/* Returns the fingerprint of what object [root] of checked [machine] holds: every object
 * reachable from it and from the statics of the initialised classes but [skip_class] (binary
 * name; NULL: none), numbered in traversal order rather than by id, so that equal structures
 * built by different sequences of operations match. {0, 0} when out of memory. */
por_fp explore_fingerprint_reachable(vm *machine, uint32_t root, const char *skip_class);

/* Returns a snapshot of the current state of checked [machine] (NULL when out of memory). */
por_snapshot *explore_check_save(vm *machine);

/* Puts checked [machine] back in the state of [snap]; false when [snap] was not an ancestor of
 * the current state, which leaves the checker unusable (explore_check_broken). */
bool explore_check_restore(vm *machine, const por_snapshot *snap);

/* Frees [snap]. */
void explore_check_release(vm *machine, por_snapshot *snap);

/* True when a snapshot of checked [machine] was restored out of order. */
bool explore_check_broken(const vm *machine);

/* True when [thread] died of an uncaught exception; writes its Java-style stack trace
 * ("java.lang.AssertionError: msg\n\tat C.m(C.java:3)\n...") into [buf] of [cap] bytes. */
bool explore_describe_uncaught(const vm *machine, uint32_t thread, char *buf, size_t cap);

/* Returns the number of thread ids of [machine]'s transition system. */
uint32_t explore_check_threads(const vm *machine);

#endif
