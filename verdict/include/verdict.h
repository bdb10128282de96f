/* verdict: what porcheck run and porcheck check report, one implementation for both commands:
 * the verdict of a search and its lines, the visible set in force, checking a program's main
 * in porcheck's VM (verdict_run: end-state outputs, uncaught exceptions, deadlocks, replayed
 * traces, JSON) and checking one client of a data structure (verdict_check: its expected
 * outcomes, violations and the schedules that reproduce them, replayed as interleaving
 * tables). */
#ifndef PORCHECK_VERDICT_H
#define PORCHECK_VERDICT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "clients.h"
#include "harness.h"
#include "por.h"

/* ---- Verdicts -------------------------------------------------------------------------------- */

/* The verdict of a search, numbered as the exit statuses of porcheck run and check. */
typedef enum verdict_kind {
    VERDICT_PASS = 0,       /* explored completely, no violation */
    VERDICT_VIOLATION = 1,  /* a property violated (also when the search was then stopped) */
    VERDICT_INCOMPLETE = 3, /* stopped by a limit or a signal, no violation */
} verdict_kind;

/* Returns the verdict of a search that ended as [r] says, [violated] or not. */
verdict_kind verdict_of(const por_result *r, bool violated);

/* Returns "ok", "violation" or "incomplete" for [v], as the JSON reports write it. */
const char *verdict_name(verdict_kind v);

/* Writes why search [r] stopped early into [buf] of [size] bytes, e.g. "stopped by --timeout
 * after 12.0 s" or "stopped by SIGINT after 3.4 s" ([signal]: the signal's name, or NULL). */
void verdict_stop_text(const por_result *r, const char *signal, char *buf, size_t size);

/* Prints the verdict line of a search that ended as [r] says on [out]: "verdict: ok", "verdict:
 * VIOLATION" (with why the search stopped when it was stopped) or "verdict: incomplete (...)";
 * [signal] as for verdict_stop_text. */
void verdict_print(FILE *out, const por_result *r, bool violated, const char *signal);

/* True when the path a limit stopped a search on earns a note on where it ends
 * (por_stop_path): 10,000 or more transitions deep, at least 9 in 10 of the last [window] of
 * them [steps] of one thread's, and a place [where] to name. */
bool verdict_stop_path_noted(size_t depth, size_t steps, size_t window, const char *where);

/* Prints the statistics of [r] on [out], then, when the search walked explored transitions
 * again 100 million times or more, at least 100 per transition it explored (DE and DL searches
 * re-traverse to compute their reductions), a note that s-por or a portfolio may finish sooner. */
void verdict_print_statistics(FILE *out, const por_result *r);

/* The fewest sampled states equal to another but for object names that earn the note. */
enum { VERDICT_SYMMETRY_NOTE_MERGED = 10 };

/* True when a search of [search] can take --heap-symmetry and match states by it: not a DPOR
 * search, not a stateless one. */
bool verdict_symmetry_applies(const por_options *search);

/* True when [merged] of the [sampled] states of a search without heap symmetry
 * (explore_check_symmetry_sample), which equal another sampled one but for the names of their
 * objects, say that --heap-symmetry may finish sooner: at least VERDICT_SYMMETRY_NOTE_MERGED of
 * them and one in 200. A sample of one state in 256 finds about (k - 1) / 512 such states per
 * sampled state when each state has k - 1 others of its kind, so one in 200 means k of about 3.5
 * or more, where the merged states outweigh heap symmetry's higher cost per state (on corpus (a)
 * under s-por, bench/symmetry/sample: true on each of the 19 searches of a second or more that
 * the option ends sooner, false on the 4 it makes slower). */
bool verdict_symmetry_noted(uint64_t sampled, uint64_t merged);

/* Prints, after a search without heap symmetry that a limit or a signal stopped, the note that
 * --heap-symmetry may finish sooner when verdict_symmetry_noted says so. */
void verdict_print_symmetry_note(FILE *out, const por_result *r, uint64_t sampled, uint64_t merged);

/* Returns what an observer of porcheck run or check tells the search about an end state where
 * the threads of [waiting] are blocked (0: every thread ended): POR_VIOLATION when the end state
 * [violates] a property (an unexpected outcome, a deadlock nothing explains), which the search
 * counts among the violating end states, so that the statistics and the verdict agree; else
 * POR_ACCEPT for a blocked end state the property allows, POR_CONTINUE for another. */
por_verdict verdict_end_state(bool violates, por_tset waiting);

/* The safe classifier's visible set in force: given (none: the default), widened after races. */
typedef struct verdict_visible {
    const char *const *given; /* class names or prefixes, dotted or slashed */
    size_t given_count;
    const char *const *widened;
    size_t widened_count;
    const char *const *races; /* the races that widened it */
    size_t race_count;
} verdict_visible;

/* Prints [v] on [out] as the line "visible: ..." (names dotted) and one line per race, saying
 * that the [what] ("client", "program") was explored again. */
void verdict_print_visible(FILE *out, const verdict_visible *v, const char *what);

/* Which instructions are scheduling points (see vm.h); DEFAULT picks safe for dfs and the
 * S-POR family, jpf for jpf, de-jpf, dl-jpf and the DPOR family. */
typedef enum verdict_classifier {
    VERDICT_CLASSIFY_DEFAULT = 0,
    VERDICT_CLASSIFY_SAFE,
    VERDICT_CLASSIFY_JPF,
} verdict_classifier;

/* Fills [out] with a one-line message. */
typedef struct verdict_error {
    char message[1024]; /* as long as a vm_error's */
} verdict_error;

/* ---- Checking a program's main in the VM (porcheck run) -------------------------------------- */

/* What to check and how. */
typedef struct verdict_run_options {
    vm_options vm;               /* class path, assertions */
    explore_check_options check; /* classifier, visible set (widened by verdict_run), VM limits */
    por_options search;          /* algorithm, order, limits, stop flag, progress (the observer is
                                  * verdict_run's own) */
    const char *main;            /* the main class */
    int argc;                    /* the program's arguments */
    char **argv;
} verdict_run_options;

/* A distinct standard output of end states and how many end states printed it. */
typedef struct verdict_output {
    char *text;
    size_t len, count;
} verdict_output;

/* What went wrong in a program. */
typedef enum verdict_run_kind {
    VERDICT_UNCAUGHT,
    VERDICT_DEADLOCK,
    VERDICT_LIVELOCK
} verdict_run_kind;

/* A distinct violation of a program: what it is, the first schedule reaching it, the trace of
 * its replay. */
typedef struct verdict_run_violation {
    verdict_run_kind kind;
    char *text;
    size_t count;
    uint8_t *schedule;
    size_t length;
    char **trace; /* [length] lines, filled by the replay of the first few */
    bool reproduced;
} verdict_run_violation;

/* The report of porcheck run. */
typedef struct verdict_run_result {
    verdict_output *outputs;
    size_t output_count, output_cap;
    verdict_run_violation *violations;
    size_t violation_count, violation_cap;
    char **races, **widened; /* races that widened the visible set, and the classes (dotted) */
    size_t race_count, widened_count, race_cap, widened_cap;
    por_result search;
    uint64_t symmetry_sampled; /* without heap symmetry: states sampled as it would name them */
    uint64_t symmetry_merged;  /* ... that equal another sampled one up to object names */
} verdict_run_result;

/* Creates a VM for [opt] and starts its main as a transition system; NULL with [err] set on
 * failure (a missing class, a linking error, out of memory). */
vm *verdict_run_start(const verdict_run_options *opt, verdict_error *err);

/* Explores every interleaving of [machine] (from verdict_run_start; freed here) as [opt] says
 * into [out], again on a new VM with a wider visible set each time races show that the set in
 * force missed shared state, and replays the first violations into traces; false with [err]
 * set when the VM or the search fails. */
bool verdict_run(const verdict_run_options *opt, vm *machine, verdict_run_result *out,
                 verdict_error *err);

/* Returns the verdict of [r]. */
verdict_kind verdict_run_verdict(const verdict_run_result *r);

/* Prints the report of [r] on [out]: header, visible set, verdict, outputs, violations with
 * their schedules and traces, statistics; [signal] as for verdict_stop_text. */
void verdict_run_print(FILE *out, const verdict_run_options *opt, const verdict_run_result *r,
                       const char *signal);

/* Returns the report of [r] as one JSON document; NULL when out of memory. */
json_t *verdict_run_json(const verdict_run_options *opt, const verdict_run_result *r);

/* Frees what [r] holds. */
void verdict_run_result_free(verdict_run_result *r);

/* Runs the [length] steps of [schedule] (thread ids) on [machine] (from verdict_run_start),
 * printing each step and how it ends on [out]; returns VERDICT_VIOLATION or VERDICT_PASS, or -1
 * with [err] set when a thread of it cannot run or the VM fails. */
int verdict_run_replay(vm *machine, const uint8_t *schedule, size_t length, FILE *out,
                       verdict_error *err);

/* ---- Outcomes as JSON (porcheck outcomes and check) ------------------------------------------ */

/* Returns [v] as a typed JSON value: true, 3, null, "void", {"exception": name}, {"blocked":
 * true}, {"not_run": true}, text as a string; NULL when out of memory. */
json_t *verdict_value_json(const client_value *v);

/* Returns the outcome [values] of [width] as a JSON array of typed values; NULL when out of
 * memory. */
json_t *verdict_outcome_json(const client_value *values, size_t width);

/* Returns [set] as JSON: {"columns": [labels of [c]], "outcomes": [{"values": [...], "count": n},
 * ...]}, values typed as verdict_value_json does, "blocked": true on a blocked outcome; NULL when
 * out of memory. */
json_t *verdict_outcome_set_json(const client_outcome_set *set, const client *c);

/* ---- Checking a client in the VM (porcheck check) -------------------------------------------- */

/* Options of verdict_check and verdict_check_replay. */
/* How a report shows an interleaving. */
typedef enum verdict_trace_format {
    VERDICT_TRACE_TABLE, /* one column per thread, wrapped to fit VERDICT_TABLE_WIDTH */
    VERDICT_TRACE_LIST,  /* one row per line: the thread, then the invocation or action */
    VERDICT_TRACE_JSON,  /* the table's JSON (verdict_trace_json) */
} verdict_trace_format;

/* Violations a report replays and prints when verdict_check_options.max_traced is 0. */
enum { VERDICT_DEFAULT_TRACES = 3 };

/* Threads a structure may start itself (a maintenance thread, a small helper pool) beside the
 * harness's main and client threads when verdict_check_options.max_threads is 0. Every thread id
 * costs per-frame search memory, not per-state memory, so a few spare ones are cheap. */
enum { VERDICT_STRUCTURE_THREADS = 4 };

/* The widest a table is printed (3 threads fit; more threads make narrower columns). */
enum { VERDICT_TABLE_WIDTH = 120 };

typedef struct verdict_check_options {
    harness_impl_options impl; /* where the class under test is */
    por_options search;        /* algorithm, order, stateless, first error, limits (the
                                * observer is verdict_check's own) */
    verdict_classifier classifier;
    bool oracle_adt;      /* expected outcomes from the spec's ADT model, which is also
                           * compared with the implementation */
    uint32_t max_threads; /* the most threads a client's program may have: the harness's main,
                           * one per client thread and those the structure starts (0: the
                           * harness's plus VERDICT_STRUCTURE_THREADS; at most VM_MAX_THREADS) */
    size_t max_traced;    /* violations replayed into tables (0: VERDICT_DEFAULT_TRACES); each is a
                           * distinct unexpected outcome, deadlock or exception */
    bool no_traces;       /* replay none (--max-traces 0) */
    verdict_trace_format trace_format; /* how the report prints them */
    bool heap_symmetry;         /* states equal up to a renaming of objects are one (not DE, DL) */
    bool exact_states;          /* compare whole serialisations on fingerprint hits */
    const char *const *visible; /* safe classifier: class names or package prefixes (dotted or
                                 * slashed) whose fields are visible, narrowing the default
                                 * (every class); NULL: the spec's "visible", if any */
    size_t visible_count;
    const char *const *widened; /* safe: classes visible on top of that (a replay of a search
                                 * that widened its set) */
    size_t widened_count;
    const char *const *preinit; /* JDK classes the harness initialises before the client's
                                 * threads start (verdict_expected's, so that no thread runs
                                 * their initialisers); a replay needs the search's */
    size_t preinit_count;
    const char *replay_command; /* the command line that checks the same class the same way,
                                 * without --algo, --classifier, --client, --visible and
                                 * --replay (each word quoted for the shell): the report gives
                                 * each violation's replay as it followed by those; NULL: no
                                 * replay line */
} verdict_check_options;

/* Returns the classifier [opt] selects: its own, or the default for its algorithm. */
verdict_classifier verdict_check_classifier(const verdict_check_options *opt);

/* Returns the classifier in force for a search with [algo] when [requested] was asked for (the
 * same for porcheck run and check): [requested] itself, else by default jpf for the jpf, de-jpf
 * and dl-jpf searches (whose reductions assume it) and the DPOR family (whose races need thread
 * starts, joins and ends labelled), and safe, whose default visible set is every class, for dfs
 * and the S-POR family. */
verdict_classifier verdict_classifier_for(por_algo algo, verdict_classifier requested);

/* Returns the VM's classifier for [c] (DEFAULT: safe). */
explore_classifier verdict_vm_classifier(verdict_classifier c);

/* Returns "safe" or "jpf". */
const char *verdict_classifier_name(verdict_classifier classifier);

/* The linearizable outcomes of a client and how they were found. */
typedef struct verdict_expected {
    client_outcome_set *outcomes; /* owned */
    client_lin_stats stats;
    double seconds;
    bool compared;        /* the implementation was compared with the ADT (oracle adt) */
    client_lin_diff diff; /* ... and where they first disagree */
    char **preinit;       /* owned: the JDK and model classes the implementation oracle
                           * initialised running the client's invocations */
    size_t preinit_count;
    size_t structure_threads; /* threads the structure started, idle in the oracle's runs */
} verdict_expected;

/* Computes the linearizable outcomes of [c] into [out] with the implementation oracle, or with
 * the ADT model (and the comparison) when [opt] says oracle_adt. */
client_status verdict_expected_outcomes(const client *c, const verdict_check_options *opt,
                                        verdict_expected *out, client_error *err);

/* Makes [to] a copy of [from] that owns what it holds. */
client_status verdict_expected_copy(const verdict_expected *from, verdict_expected *to,
                                    client_error *err);

/* Frees what [e] owns. */
void verdict_expected_free(verdict_expected *e);

/* One row of an interleaving table: the header of an invocation (where its thread first
 * reaches it) or one visible action of it. */
typedef struct verdict_trace_row {
    size_t column;      /* into verdict_trace.columns */
    long call;          /* a header: the invocation's canonical index; an action: -1 */
    const char *text;   /* an action: what the step does, e.g. "write head.next = Node@2",
                         * "lock.lock()", "blocked: lock.lock()" */
    const char *where;  /* an action: "LazyListSet.add(LazyListSet.java:42)" */
    const char *result; /* an action that is a library call: its result once it returned ("true",
                         * "" for void), else NULL */
    const explore_action *action; /* an action: its parts (kind, object, field, value, class,
                                   * method, file, line); NULL for a blocked thread's row */
    size_t step;                  /* the 1-based step of the schedule (the first, when merged) */
    size_t repeat;    /* an action: how many consecutive steps with this text it stands for */
    unsigned nest;    /* an action: how many calls of the structure's own methods enclose it */
    bool nested_call; /* an action that is such a call ("find(3)"): the rows nested in it follow
                       * with [nest] one more, and [result] is its result once it returned */
} verdict_trace_row;

/* How a replayed schedule ends. */
typedef enum verdict_trace_end {
    VERDICT_END_FINAL,     /* every thread finished: [results] is an outcome */
    VERDICT_END_DEADLOCK,  /* no thread can run but some are blocked */
    VERDICT_END_EXCEPTION, /* the last step threw an uncaught exception */
    VERDICT_END_RUNNING,   /* threads can still run, and some schedule ends */
    VERDICT_END_LIVELOCK,  /* threads can still run, but no schedule ends: a livelock */
} verdict_trace_end;

/* A schedule replayed as a Lincheck-style interleaving table. */
typedef struct verdict_trace {
    size_t column_count;
    const char *columns[VM_MAX_THREADS]; /* "main" (prefix, suffix) when present, "T0", ..., then
                                          * each thread the structure started, by its name */
    size_t row_count;
    verdict_trace_row *rows;
    client_value *results; /* [invocation_count] results at the end (at a DEADLOCK end, those
                            * that did not return are CLIENT_VAL_BLOCKED or _NOT_RUN) */
    bool *returned;        /* [invocation_count]: whether each invocation returned */
    verdict_trace_end end;
    const char *message; /* DEADLOCK, EXCEPTION, LIVELOCK: what happened */
    size_t thread_count; /* VM threads the replay created; schedules name them by id */
    const char *thread_names[VM_MAX_THREADS]; /* "main", "T0", ... by thread id */
    base_arena arena;
} verdict_trace;

/* Frees what [tr] holds. */
void verdict_trace_free(verdict_trace *tr);

/* Returns [tr] of client [c] as JSON: {"columns": [...], "rows": [{"thread", "step",
 * "invocation", "result"} for a header or {"thread", "step", "action", "kind", "object",
 * "field", "value", "result", "class", "method", "file", "line", "repeat"}], "end"}; NULL when
 * out of memory. */
json_t *verdict_trace_json(const client *c, const verdict_trace *tr);

/* Prints [tr] of client [c] in [format], each line indented by [indent] spaces. */
void verdict_trace_print(const client *c, const verdict_trace *tr, verdict_trace_format format,
                         FILE *out, int indent);

/* What a violation is. */
typedef enum verdict_check_kind {
    VERDICT_CHECK_OUTCOME,   /* an end state whose outcome is not linearizable */
    VERDICT_CHECK_DEADLOCK,  /* an end state where threads are blocked, no blocked outcome */
    VERDICT_CHECK_EXCEPTION, /* a harness thread died of an uncaught exception */
    VERDICT_CHECK_LIVELOCK,  /* a state from which no end state can be reached */
} verdict_check_kind;

/* One distinct violation and the first schedule that reached it. */
typedef struct verdict_check_violation {
    verdict_check_kind kind;
    const client_value *outcome; /* OUTCOME, DEADLOCK: [invocation_count] values (a deadlock's
                                  * blocked and not-run invocations marked so) */
    const char *message;         /* DEADLOCK, EXCEPTION, LIVELOCK: what happened */
    size_t count;                /* end states (failing transitions, livelocks) of this one */
    const uint8_t *schedule;     /* thread ids, one per transition */
    size_t length;
    bool traced;     /* [trace] was replayed */
    bool reproduced; /* the replay ended as the violation did */
    verdict_trace trace;
} verdict_check_violation;

/* The verdict on one client. */
typedef struct verdict_check_result {
    verdict_classifier classifier;
    const char *const *visible; /* safe: the visible set given (options or spec; slashed
                                 * prefixes); 0 entries: the default, every class but the
                                 * model's Thread and String */
    size_t visible_count;
    const char *const *widened; /* safe: classes made visible after [races] on them (dotted) */
    size_t widened_count;
    const char *const *races; /* races on state the visible set left invisible, each of which
                               * widened it (the client was explored again) */
    size_t race_count;
    const size_t *unobserved; /* indices of expected outcomes that no end state gave, although
                               * the search was complete: every sequential order is one of the
                               * interleavings, so this says the search missed some */
    size_t unobserved_count;
    verdict_expected expected;
    client_outcome_set *observed; /* outcomes of the end states, each counted per end state, and
                                   * of the livelocks, counted per cycle */
    client_outcome_set *cycles;   /* the livelocks' outcomes alone, counted per cycle */
    size_t violation_count;
    verdict_check_violation *violations;
    por_result search;
    uint64_t symmetry_sampled; /* without heap symmetry: states sampled as it would name them */
    uint64_t symmetry_merged;  /* ... that equal another sampled one up to object names */
    base_arena arena;
} verdict_check_result;

/* Model-checks client [c]: its linearizable outcomes, then every interleaving of its threads
 * running on one object in porcheck's VM (the search of [opt]), each end state's outcome checked
 * against them; violations are replayed into tables. Fills [err] on bad input (a missing class
 * or method) or a failure of the VM. */
client_status verdict_check(const client *c, const verdict_check_options *opt,
                            verdict_check_result *out, client_error *err);

/* verdict_check with the linearizable outcomes [expected] that verdict_expected_outcomes gave
 * for [c] and [opt]'s oracle (copied into [out]): the members of a portfolio, which differ only
 * in their search, share one computation of them. */
client_status verdict_check_expecting(const client *c, const verdict_check_options *opt,
                                      const verdict_expected *expected, verdict_check_result *out,
                                      client_error *err);

/* True when [r] found a violation. */
bool verdict_check_violated(const verdict_check_result *r);

/* Frees what [r] holds. */
void verdict_check_result_free(verdict_check_result *r);

/* Returns the verdict of [r]: incomplete when its search, complete and without a violation,
 * still missed a linearizable outcome (porcheck missed interleavings), else as verdict_of. */
verdict_kind verdict_check_verdict(const verdict_check_result *r);

/* Prints the line "client N: TEXT" of client [c] (number [index] + 1 of its list) and its
 * columns on [out], after an empty line. */
void verdict_check_print_header(FILE *out, const client *c, size_t index);

/* Prints the report of client [c] after its header on [out]: the visible set, the expected
 * outcomes (computed as [opt] says), the verdict, the observed outcomes, the violations with their
 * schedules and tables, the statistics; [signal] as for verdict_stop_text. */
void verdict_check_print(FILE *out, const client *c, const verdict_check_options *opt,
                         const verdict_check_result *r, const char *signal);

/* Returns the report of client [c] (from line [line] of its list) as JSON, each violation with
 * its "replay" command when [opt] gives one; NULL when out of memory. */
json_t *verdict_check_json(const client *c, const verdict_check_options *opt,
                           const verdict_check_result *r, size_t line);

/* Prints replay [tr] of [length] transitions of client [c] on [out]: the client's header, the
 * interleaving in [format] and how it ended, judged against the expected outcomes [e]; returns
 * VERDICT_VIOLATION when it ended in a violation, else VERDICT_PASS. */
verdict_kind verdict_check_print_replay(FILE *out, const client *c, const verdict_trace *tr,
                                        size_t length, const verdict_expected *e,
                                        verdict_trace_format format);

/* Runs [length] steps of [schedule] (thread ids) of client [c] from the initial state and
 * records them in [out]; fills [err] when a thread of the schedule cannot run. */
client_status verdict_check_replay(const client *c, const verdict_check_options *opt,
                                   const uint8_t *schedule, size_t length, verdict_trace *out,
                                   client_error *err);

/* Returns the context switches of [schedule] ([length] thread ids): the steps whose thread is
 * not the previous step's. */
size_t verdict_schedule_switches(const uint8_t *schedule, size_t length);

/* Writes [schedule] of [length] thread ids compactly ("0*3,1,2*2": three steps of thread 0, ...)
 * into [buf] of [size] bytes; returns the length needed. */
size_t verdict_schedule_format(const uint8_t *schedule, size_t length, char *buf, size_t size);

/* Parses a schedule written by verdict_schedule_format into a new array [*out] of [*length]
 * (free with base_free); fills [err] (CLIENT_ERR_ARG) when malformed. */
client_status verdict_schedule_parse(const char *text, uint8_t **out, size_t *length,
                                     client_error *err);

#endif
