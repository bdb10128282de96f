/* verdict: what porcheck run and check share about a program in porcheck's VM: how a deadlock
 * is described. */
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

#endif
