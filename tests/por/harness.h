/* Test harness for por searches on toy programs: runs a search with an observer that collects
 * exact outcome sets (terminal states, deadlocks, failed assertions) and checks every explored
 * transition and every backtrack set as it goes. */
#ifndef PORCHECK_TESTS_POR_HARNESS_H
#define PORCHECK_TESTS_POR_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "por.h"
#include "toy.h"

/* A set of byte strings (open addressing, copies owned by the set). */
typedef struct bset {
    char **items; /* each: 4-byte length then the bytes */
    size_t count, cap;
} bset;

/* Adds [len] bytes at [data]; returns true when they were new. Aborts the test on OOM. */
bool bset_add(bset *s, const void *data, size_t len);

/* True when [s] holds the [len] bytes at [data]. */
bool bset_has(const bset *s, const void *data, size_t len);

/* True when [a] and [b] hold the same strings. */
bool bset_equal(const bset *a, const bset *b);

/* Frees everything [s] holds. */
void bset_free(bset *s);

/* What one search found. */
typedef struct outcomes {
    bset finals;    /* terminal states: the exact state words */
    bset deadlocks; /* terminal states with a waiting thread */
    bset asserts;   /* failed assertions: the failing thread's part of the state */
    bset edges;     /* explored transitions: from fingerprint, thread, to fingerprint */
    bset texts;     /* outcome of each terminal state, as toy_outcome writes it */
    bset livelocks; /* fingerprints of the livelocked states the search reported */
    bset finishing; /* oracle, after harness_note_finishing: fingerprints of the states from
                     * which its explored edges lead to a terminal state */
    size_t problems;
    char problem[512]; /* the first problem: an unreal transition, a bad backtrack set */
} outcomes;

/* One search to run: on [toy] from its initial state, as [opt] says. When [real] is not NULL,
 * every explored transition must be in it; [texts] collects the outcome texts too. [lts], when
 * not NULL, is searched instead of the toy's own: a wrapper whose current state is the toy's
 * (reset to its initial state first). */
typedef struct run_spec {
    toy_program *toy;
    por_options opt;
    const bset *real;
    bool texts;
    const por_lts *lts;
} run_spec;

/* Runs [spec] into [out] (which it clears first) and [result]; returns the search status. */
por_status harness_run(const run_spec *spec, outcomes *out, por_result *result);

/* Compares [got] with the oracle's [want]; on a difference writes it into [why] and returns
 * false. Also fails on problems [got] recorded. */
bool harness_same(const outcomes *want, const outcomes *got, char *why, size_t size);

/* Fills [o]'s finishing set from its edges, which must be a whole state space (an oracle run
 * of dfs): a state with no edge out is terminal, and a state finishes when an edge leads to one
 * that finishes. */
void harness_note_finishing(outcomes *o);

/* Frees everything [o] holds. */
void outcomes_free(outcomes *o);

/* True when the outcome texts of [o] are exactly the [n] strings of [want]. */
bool outcomes_are(const outcomes *o, const char *const *want, size_t n);

/* Parses [text] as a toy program (named "test.toy"); aborts the test on a parse error. */
toy_program *harness_parse(const char *text);

/* Returns the options for [algo], [stateless] and [order] text ("seq:1,0", "random:7"). */
por_options harness_options(por_algo algo, bool stateless, const char *order);

/* True when PORCHECK_TEST_QUICK=1 asks for the sanitizer build's smaller sample. */
bool harness_quick(void);

#endif
