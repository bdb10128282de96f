/* verdict: what porcheck run and check share about a program in porcheck's VM: the step loop
 * of a replayed schedule and how a deadlock is described. */
#ifndef PORCHECK_VERDICT_MACHINE_H
#define PORCHECK_VERDICT_MACHINE_H

#include "verdict.h"

/* How verdict_describe_deadlock writes a deadlock; the facts are the same in both. */
typedef enum verdict_deadlock_style {
    VERDICT_DEADLOCK_PROGRAM, /* porcheck run: "deadlock", then one line "  NAME STATE" per
                               * blocked thread (where it stands, the lock it waits for and its
                               * owner) and the wait-for cycle "  cycle: A -> B -> A" */
    VERDICT_DEADLOCK_CLIENT,  /* porcheck check: one line "deadlock: NAME blocked at ACTION, held
                               * by OWNER; ...", each action as the interleaving tables show it */
} verdict_deadlock_style;

/* Writes the deadlock of [machine]'s current state, where the threads of [waiting] are blocked,
 * into [buf] of [cap] bytes as [style] says. The threads named are the blocked ones inside a
 * client's invocation (a harness's joins are not part of the deadlock), or every blocked one when
 * none is inside an invocation (always so for a program's main). */
void verdict_describe_deadlock(const vm *machine, por_tset waiting, verdict_deadlock_style style,
                               char *buf, size_t cap);

/* Writes the livelock of [machine]'s current state, from which no end state can be reached and
 * the threads of [running] can run for ever, into [buf] of [cap] bytes as [style] says: "livelock:
 * no end state can be reached from here: NAME runs for ever at ACTION; ..." for a client, or
 * "livelock ..." and one line "  NAME STATE" per thread for a program. The threads named are
 * those of [running] inside a client's invocation, or all of them when none is. */
void verdict_describe_livelock(const vm *machine, por_tset running, verdict_deadlock_style style,
                               char *buf, size_t cap);

/* A schedule to replay and what to do around each step (each command records its own: trace
 * lines for run, table rows for check). */
typedef struct verdict_steps {
    vm *machine;
    const por_snapshot *init; /* the state the schedule starts from */
    const uint8_t *schedule;  /* thread ids, one per step */
    size_t length;
    void *ctx; /* for the hooks */
    /* Called before step [step] (1-based) of [thread] runs, or NULL; false stops the replay
     * (out of memory). */
    bool (*before)(void *ctx, uint32_t thread, size_t step);
    /* Called after it ran with [result] (not an error), or NULL; false stops the replay (out of
     * memory). */
    bool (*after)(void *ctx, uint32_t thread, size_t step, por_step_result result);
    bool stop_at_exception; /* end the replay at a step that throws an uncaught exception */
    size_t steps;           /* out: the steps run */
    por_step_result last;   /* out: the result of the last step run (POR_STEP_OK for none) */
} verdict_steps;

/* How a replay ended. */
typedef enum verdict_steps_status {
    VERDICT_STEPS_DONE,     /* every step ran (or up to an uncaught exception, when asked) */
    VERDICT_STEPS_DISABLED, /* the thread of step [steps] + 1 cannot run there */
    VERDICT_STEPS_NOMEM,    /* a hook ran out of memory */
    VERDICT_STEPS_FAILED,   /* the VM failed a step; [err] says why */
} verdict_steps_status;

/* Restores [s]'s machine to its initial state and runs the steps of its schedule, calling its
 * hooks around each; fills the out fields of [s], and [err] when the VM fails. */
verdict_steps_status verdict_steps_run(verdict_steps *s, por_error *err);

/* Adds what [machine]'s checker sampled of heap symmetry's potential
 * (explore_check_symmetry_sample) to [*sampled] and [*merged], when a search of [search] could
 * take the option (verdict_symmetry_applies). */
void verdict_add_symmetry_sample(const vm *machine, const por_options *search, uint64_t *sampled,
                                 uint64_t *merged);

/* Sets [doc]'s "symmetry_sample" ({"states", "merged"}) when anything was sampled. */
void verdict_put_symmetry_sample(json_t *doc, uint64_t sampled, uint64_t merged);

#endif
