/* verdict: what porcheck run and porcheck check report. Today: checking one client of a data
 * structure in porcheck's VM (client_check), its expected outcomes, violations and the
 * schedules that reproduce them, replayed as interleaving tables. */
#ifndef PORCHECK_VERDICT_H
#define PORCHECK_VERDICT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "clients.h"
#include "por.h"

/* ---- Checking a client in the VM (porcheck check) -------------------------------------------- */

/* Which instructions are scheduling points (see vm.h); DEFAULT picks safe for dfs and the
 * S-POR family, jpf for jpf, de-jpf and dl-jpf. */
typedef enum client_classifier {
    CLIENT_CLASSIFY_DEFAULT = 0,
    CLIENT_CLASSIFY_SAFE,
    CLIENT_CLASSIFY_JPF,
} client_classifier;

/* Options of client_check and client_replay. */
typedef struct client_check_options {
    client_impl_options impl; /* where the class under test is */
    por_options search;       /* algorithm, order, stateless, first error, limits (the
                               * observer is client_check's own) */
    client_classifier classifier;
    bool oracle_adt;            /* expected outcomes from the spec's ADT model, which is also
                                 * compared with the implementation */
    size_t max_traced;          /* violations replayed into tables (0: 10) */
    bool heap_symmetry;         /* states equal up to a renaming of objects are one (not DE, DL) */
    bool exact_states;          /* compare whole serialisations on fingerprint hits */
    const char *const *visible; /* safe classifier: class names or package prefixes (dotted or
                                 * slashed) whose fields are visible, narrowing the default
                                 * (every class); NULL: the spec's "visible", if any */
    size_t visible_count;
    const char *const *widened; /* safe: classes visible on top of that (a replay of a search
                                 * that widened its set) */
    size_t widened_count;
} client_check_options;

/* Returns the classifier [opt] selects: its own, or the default for its algorithm. */
client_classifier client_check_classifier(const client_check_options *opt);

/* Returns "safe" or "jpf". */
const char *client_classifier_name(client_classifier classifier);

/* The linearizable outcomes of a client and how they were found. */
typedef struct client_expected {
    client_outcome_set *outcomes; /* owned */
    client_lin_stats stats;
    double seconds;
    bool compared;        /* the implementation was compared with the ADT (oracle adt) */
    client_lin_diff diff; /* ... and where they first disagree */
} client_expected;

/* Computes the linearizable outcomes of [c] into [out] with the implementation oracle, or with
 * the ADT model (and the comparison) when [opt] says oracle_adt. */
client_status client_expected_outcomes(const client *c, const client_check_options *opt,
                                       client_expected *out, client_error *err);

/* Frees what [e] owns. */
void client_expected_free(client_expected *e);

/* One row of an interleaving table: the header of an invocation (where its thread first
 * reaches it) or one visible action of it. */
typedef struct client_trace_row {
    size_t column;    /* into client_trace.columns */
    long call;        /* a header: the invocation's canonical index; an action: -1 */
    const char *text; /* an action: what the step does and where, e.g. "write Node#1.4.next
                       * (LazyListSet.java:42)" */
    size_t step;      /* the 1-based step of the schedule (the first, when merged) */
    size_t repeat;    /* an action: how many consecutive steps with this text it stands for */
} client_trace_row;

/* How a replayed schedule ends. */
typedef enum client_trace_end {
    CLIENT_END_FINAL,     /* every thread finished: [results] is an outcome */
    CLIENT_END_DEADLOCK,  /* no thread can run but some are blocked */
    CLIENT_END_EXCEPTION, /* the last step threw an uncaught exception */
    CLIENT_END_RUNNING,   /* threads can still run */
} client_trace_end;

/* A schedule replayed as a Lincheck-style interleaving table. */
typedef struct client_trace {
    size_t column_count;
    const char *columns[CLIENT_MAX_THREADS + 1]; /* "main" (prefix, suffix) when present, "T0".. */
    size_t row_count;
    client_trace_row *rows;
    client_value *results; /* [invocation_count] results at the end (at a DEADLOCK end, those
                            * that did not return are CLIENT_VAL_BLOCKED or _NOT_RUN) */
    bool *returned;        /* [invocation_count]: whether each invocation returned */
    client_trace_end end;
    const char *message; /* DEADLOCK, EXCEPTION: what happened */
    size_t thread_count; /* VM threads the replay created; schedules name them by id */
    const char *thread_names[CLIENT_MAX_THREADS + 1]; /* "main", "T0", ... by thread id */
    base_arena arena;
} client_trace;

/* Frees what [tr] holds. */
void client_trace_free(client_trace *tr);

/* Returns [tr] of client [c] as JSON: {"columns": [...], "rows": [{"column", "step",
 * "invocation", "result"} for a header or {"column", "step", "action"}], "end"}; NULL when out
 * of memory. */
json_t *client_trace_json(const client *c, const client_trace *tr);

/* Prints [tr] of client [c] as a table, one column per thread, each line indented by
 * [indent] spaces. */
void client_trace_print(const client *c, const client_trace *tr, FILE *out, int indent);

/* What a violation is. */
typedef enum client_violation_kind {
    CLIENT_VIOLATION_OUTCOME,   /* an end state whose outcome is not linearizable */
    CLIENT_VIOLATION_DEADLOCK,  /* an end state where threads are blocked, no blocked outcome */
    CLIENT_VIOLATION_EXCEPTION, /* a harness thread died of an uncaught exception */
} client_violation_kind;

/* One distinct violation and the first schedule that reached it. */
typedef struct client_violation {
    client_violation_kind kind;
    const client_value *outcome; /* OUTCOME, DEADLOCK: [invocation_count] values (a deadlock's
                                  * blocked and not-run invocations marked so) */
    const char *message;         /* DEADLOCK, EXCEPTION: what happened */
    size_t count;                /* end states (or failing transitions) of this violation */
    const uint8_t *schedule;     /* thread ids, one per transition */
    size_t length;
    bool traced;     /* [trace] was replayed */
    bool reproduced; /* the replay ended as the violation did */
    client_trace trace;
} client_violation;

/* The verdict on one client. */
typedef struct client_check_result {
    client_classifier classifier;
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
    client_expected expected;
    client_outcome_set *observed; /* outcomes of the end states, each counted per end state */
    size_t violation_count;
    client_violation *violations;
    por_result search;
    base_arena arena;
} client_check_result;

/* Model-checks client [c]: its linearizable outcomes, then every interleaving of its threads
 * running on one object in porcheck's VM (the search of [opt]), each end state's outcome checked
 * against them; violations are replayed into tables. Fills [err] on bad input (a missing class
 * or method) or a failure of the VM. */
client_status client_check(const client *c, const client_check_options *opt,
                           client_check_result *out, client_error *err);

/* True when [r] found a violation. */
bool client_check_violated(const client_check_result *r);

/* Frees what [r] holds. */
void client_check_result_free(client_check_result *r);

/* Runs [length] steps of [schedule] (thread ids) of client [c] from the initial state and
 * records them in [out]; fills [err] when a thread of the schedule cannot run. */
client_status client_replay(const client *c, const client_check_options *opt,
                            const uint8_t *schedule, size_t length, client_trace *out,
                            client_error *err);

/* Writes [schedule] of [length] thread ids compactly ("0*3,1,2*2": three steps of thread 0, ...)
 * into [buf] of [size] bytes; returns the length needed. */
size_t client_schedule_format(const uint8_t *schedule, size_t length, char *buf, size_t size);

/* Parses a schedule written by client_schedule_format into a new array [*out] of [*length]
 * (free with base_free); fills [err] (CLIENT_ERR_ARG) when malformed. */
client_status client_schedule_parse(const char *text, uint8_t **out, size_t *length,
                                    client_error *err);

#endif
