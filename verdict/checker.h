/* verdict: the VM side of checking one client, shared by check.c (the search) and trace.c
 * (replays): a VM running the client's harness as a transition system, and its initial state. */
#ifndef PORCHECK_CLIENTS_CHECKER_H
#define PORCHECK_CLIENTS_CHECKER_H

#include "harness.h"
#include "machine.h"
#include "verdict.h"

/* One client in the VM, ready to be searched or replayed. */
typedef struct checker {
    const client *c;
    vm *machine;
    por_lts lts;
    por_snapshot *init; /* the initial state */
} checker;

/* Starts client [c] in a new VM as [opt] says, as a transition system at its initial state. */
client_status verdict_checker_open(const client *c, const verdict_check_options *opt, checker *k,
                                   client_error *err);

/* Frees the VM of [k]. */
void verdict_checker_close(checker *k);

/* Replays [length] steps of [schedule] on [k] from its initial state into [tr]. */
client_status verdict_checker_replay(checker *k, const uint8_t *schedule, size_t length,
                                     verdict_trace *tr, client_error *err);

/* Reads the results of every invocation of [k]'s client into [values] (texts in [buf], one
 * harness_result per invocation); returns how many invocations have returned. */
size_t verdict_checker_results(const checker *k, harness_result *buf, client_value *values,
                               bool *returned);

/* Completes the [values] of an end state of [k] where the threads of [waiting] are blocked: an
 * invocation that has not returned ([returned] false) is CLIENT_VAL_BLOCKED when a thread of
 * [waiting] is in it, else CLIENT_VAL_NOT_RUN. */
void verdict_checker_blocked_results(const checker *k, por_tset waiting, client_value *values,
                                     const bool *returned);

#endif
