/* lts: the transition-system interface between a model and the searches of por.
 *
 * A search sees a program only through a por_lts: a table of functions over a model that holds
 * one current state. The model says which threads are enabled, what the next transition of a
 * thread will touch (peek), runs it (step), fingerprints the state and saves or restores it.
 * A model (the VM's explorer, the toy language) includes this header and nothing else of por;
 * the searches over it are in por.h. */
#ifndef PORCHECK_LTS_H
#define PORCHECK_LTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- Status and errors ----------------------------------------------------------------------- */

/* Result of every fallible operation of por and of an lts. */
typedef enum por_status {
    POR_OK = 0,
    POR_ERR_NOMEM,  /* the allocator hook refused memory */
    POR_ERR_IO,     /* a file that cannot be read */
    POR_ERR_SYNTAX, /* a toy program that does not parse */
    POR_ERR_LIMIT,  /* a toy program beyond a fixed limit (threads, locals, nesting) */
    POR_ERR_ARG,    /* a bad option: unknown algorithm, malformed order */
    POR_ERR_LTS,    /* the transition system reported an error while stepping */
} por_status;

/* A caller-owned error: the status and a one-line message (file:line for toy programs). */
typedef struct por_error {
    por_status status;
    char message[512];
} por_error;

/* Returns the constant name of [status], e.g. "POR_ERR_SYNTAX". */
const char *por_status_name(por_status status);

/* Sets [err] to [status] with a printf-style message; returns [status]. */
por_status por_fail(por_error *err, por_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- Threads, labels, dependency ------------------------------------------------------------- */

/* Largest number of threads a transition system may have (thread sets are 64-bit masks). */
#define POR_MAX_THREADS 64

/* A set of thread ids: bit t stands for thread t. */
typedef uint64_t por_tset;

/* What the next transition of a thread accesses. */
typedef enum por_access {
    POR_INVISIBLE = 0, /* touches no shared object: independent of every other transition */
    POR_READ,          /* reads one field of one shared object */
    POR_WRITE,         /* writes it; CAS, lock, unlock and other read-modify-writes are writes */
} por_access;

/* The label (action) of a transition: the paper's (t, pc, r/w, o) or (t, pc, epsilon). */
typedef struct por_label {
    uint32_t thread; /* the thread that runs the transition */
    uint32_t pc;     /* where that thread is; part of the label, ignored by dependency */
    por_access access;
    uint32_t object; /* accessed object id (for POR_READ and POR_WRITE) */
    uint32_t field;  /* accessed field or slot of [object] (a lock is field 0 of its object) */
} por_label;

/* The object of a label that stands for every object. A transition system names it for an action
 * on that field of every object (Java's Thread.interrupt: every monitor); the searches put it
 * into labels recorded on a path that named the objects otherwise (see por_lts_ops.names), where
 * an object's name says nothing about its name on the current path. */
#define POR_ANY_OBJECT (UINT32_MAX - 1)

/* True when labels [a] and [b] are dependent: different threads, both visible, the same object
 * (or POR_ANY_OBJECT on either side) and field, and at least one writes. */
bool por_dependent(const por_label *a, const por_label *b);

/* ---- The transition system (lts) ------------------------------------------------------------- */

/* A 128-bit state fingerprint. */
typedef struct por_fp {
    uint64_t lo, hi;
} por_fp;

/* A saved state; each lts defines its own. */
typedef struct por_snapshot por_snapshot;

/* Result of running one transition. */
typedef enum por_step_result {
    POR_STEP_OK = 0,
    POR_STEP_ASSERT, /* the transition failed an assertion; its thread is stopped in the result */
    POR_STEP_ERROR,  /* the model cannot continue; the error says why */
} por_step_result;

/* The functions a transition system provides. Each works on [model]'s current state. */
typedef struct por_lts_ops {
    /* Returns the number of threads (at most POR_MAX_THREADS), the same in every state. */
    size_t (*thread_count)(const void *model);
    /* Returns the threads that can take a step. */
    por_tset (*enabled)(const void *model);
    /* Returns the threads that are neither finished nor enabled (blocked, e.g. on a lock). */
    por_tset (*waiting)(const void *model);
    /* Stores in [out] the label of unfinished [thread]'s next transition, without running it. */
    void (*peek)(const void *model, size_t thread, por_label *out);
    /* Runs the next transition of enabled [thread]; fills [err] on POR_STEP_ERROR. */
    por_step_result (*step)(void *model, size_t thread, por_error *err);
    /* Returns the fingerprint of the current state. */
    por_fp (*fingerprint)(const void *model);
    /* Returns a snapshot of the current state; NULL when out of memory. */
    por_snapshot *(*save)(void *model);
    /* Makes the state saved in [snap] the current one; [snap] stays valid. */
    void (*restore)(void *model, const por_snapshot *snap);
    /* Frees [snap]. */
    void (*release)(void *model, por_snapshot *snap);
    /* Optional (NULL: fingerprints tell states apart by their object names too). Returns a hash
     * of the names the current state gives its objects, for a system whose fingerprints match
     * states that differ only in those names (heap symmetry): beyond a state reached with other
     * names than on the path that stored it, the searches that keep labels (DE, DL) read the
     * objects of the labels recorded there as POR_ANY_OBJECT. */
    uint64_t (*names)(const void *model);
    /* Optional (NULL: any may). True when [thread]'s next transition, whose label peek gave as
     * [next], is one that another thread can disable or enable (a lock, a wait, a join; a
     * waiting thread's always is): the DPOR searches replay the others to see whether a race
     * with it can be reversed. */
    bool (*may_block)(const void *model, size_t thread, const por_label *next);
    /* A snapshot can be restored only while the state it saved is on the path to the current
     * one (an undo trail); a search that goes back further re-runs the path to come back. */
    bool restores_along_path;
    /* Optional (NULL: none). In an end state (no thread enabled), returns the live threads the
     * end stops where they stand, though they could still move (daemon threads when a program
     * ends; a data structure's own threads when its client is finished); else 0. Such an end
     * is no deadlock. The transition into it disabled them, so it depends on their next
     * transitions: the searches count those as pending after the end state, as a waiting
     * thread's are, and expand fully the state that transition leaves. */
    por_tset (*stopped)(const void *model);
    /* Optional (NULL: nothing said). Writes where [thread] stands in the current state and what
     * it does next, for a person, into [buf] of [cap] bytes (por_stop_path.where). */
    void (*describe)(const void *model, size_t thread, char *buf, size_t cap);
} por_lts_ops;

/* A transition system: its functions and the model they work on. */
typedef struct por_lts {
    const por_lts_ops *ops;
    void *model;
} por_lts;

#endif
