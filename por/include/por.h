/* por: the state store and the search algorithms over the lts interface (lts.h).
 *
 * por never includes a vm/ header; the toy language (toy/) is the second implementation of the
 * interface and the one every algorithm is tested on.
 *
 * The searches (por_search) implement the algorithms of "A Pragmatic Approach to Stateful
 * Partial Order Reduction" (Cirisci, Enea, Farzan, Mutluergil; ../shared/seeds): S-POR
 * (Algorithm 1), DE-S-POR (Algorithm 2), DL-S-POR (Algorithm 3, Appendix A), their JPF variants,
 * plus a stack cycle proviso that the paper, which assumes an acyclic state space, does not
 * need; and the stateless DPOR family of the other seeds: Flanagan-Godefroid DPOR, source-DPOR
 * and optimal DPOR with wakeup trees (por/dpor.c). */
#ifndef PORCHECK_POR_H
#define PORCHECK_POR_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "lts.h"

/* ---- Search options -------------------------------------------------------------------------- */

/* The search algorithms (--algo). */
typedef enum por_algo {
    POR_ALGO_DFS,          /* full stateful DFS, no reduction: the oracle */
    POR_ALGO_JPF,          /* DFS over every enabled thread, as JPF explores */
    POR_ALGO_SPOR,         /* Algorithm 1: safe sets */
    POR_ALGO_DE_SPOR,      /* Algorithm 2: eager source sets on safe sets */
    POR_ALGO_DL_SPOR,      /* Algorithm 3: lazy source sets on safe sets */
    POR_ALGO_DE_JPF,       /* Algorithm 2 with safeSet(s) = enabled(s) */
    POR_ALGO_DL_JPF,       /* Algorithm 3 with safeSet(s) = enabled(s) */
    POR_ALGO_DPOR,         /* Flanagan-Godefroid DPOR (persistent backtrack sets) with sleep sets */
    POR_ALGO_SOURCE_DPOR,  /* Abdulla et al., Algorithm 1: source sets and sleep sets */
    POR_ALGO_OPTIMAL_DPOR, /* Abdulla et al., Algorithm 2: wakeup trees, one run per trace */
    POR_ALGO_O_DPOR,       /* source-dpor with state matching (the pragmatic paper's O-DPOR) */
    POR_ALGO_CARTESIAN,    /* Gueta et al.: cartesian vectors (CalcCV) at every stored state */
    POR_ALGO_COUNT
} por_algo;

/* Returns the command-line name of [algo], e.g. "dl-s-por". */
const char *por_algo_name(por_algo algo);

/* True when [algo] carries labels across matched states (the DE and DL searches re-traverse
 * or summarise what a state reached on an earlier path). Stateful, they handle states matched
 * up to object names (por_lts_ops.names); stateless, they cannot (por_search refuses). */
bool por_algo_keeps_labels(por_algo algo);

/* True when [algo] is stateless by definition (dpor, source-dpor, optimal-dpor): it matches a
 * state only against the states on the current path, whatever the options say. */
bool por_algo_is_stateless(por_algo algo);

/* True for the DPOR family (the stateless three and o-dpor): races name objects as the path
 * that ran them, and in Java they default to the jpf classifier. */
bool por_algo_is_dpor(por_algo algo);

/* Parses algorithm [name] into [out]; fills [err] with POR_ERR_ARG when unknown. */
por_status por_algo_parse(const char *name, por_algo *out, por_error *err);

/* How the threads of a state are enumerated. */
typedef enum por_order_kind {
    POR_ORDER_SEQ,    /* a fixed permutation of thread ids */
    POR_ORDER_RANDOM, /* uniformly at random from a seed */
} por_order_kind;

/* An enumeration order; both kinds first prefer a transition to an already visited state (dfs
 * and jpf only when they stop at the first error: otherwise the order changes nothing found). */
typedef struct por_order {
    por_order_kind kind;
    size_t perm_len;               /* threads listed in [perm]; the others follow by id */
    uint8_t perm[POR_MAX_THREADS]; /* seq: thread ids, most preferred first */
    uint64_t seed;                 /* random: the generator seed */
} por_order;

/* Parses "seq", "seq:PERM" (comma-separated distinct thread ids) or "random:SEED" into [out]. */
por_status por_order_parse(const char *text, por_order *out, por_error *err);

/* Writes [order] in the syntax por_order_parse reads into [buf] of [size] bytes. */
void por_order_format(const por_order *order, char *buf, size_t size);

/* ---- Observer: what a search reports while it runs ------------------------------------------- */

/* What an observer tells the search about a final state. */
typedef enum por_verdict {
    POR_CONTINUE = 0,
    POR_VIOLATION, /* the state violates a property: counted, and stops a --first-error search */
    POR_ACCEPT,    /* a deadlock that the observer's property allows: not a violation */
} por_verdict;

/* The schedule from the initial state to the current one: one thread id per transition. */
typedef struct por_trace {
    const uint8_t *threads;
    size_t length;
} por_trace;

/* One explored transition, as the search saw it. */
typedef struct por_transition_event {
    por_fp from, to;
    por_label label;
    bool to_new; /* [to] was not known before */
} por_transition_event;

/* The bookkeeping of one state on the search stack, after an update or when it is left. */
typedef struct por_frame_event {
    por_fp state;
    size_t depth; /* 0 for the initial state */
    size_t thread_count;
    por_tset enabled, safe, backtrack, done;
    por_tset sleep;          /* DPOR: threads whose runs from here are covered by earlier ones */
    const por_tset *current; /* [thread_count] sets; all empty for searches without them */
    bool proviso;            /* the cycle proviso made this state fully expanded */
    bool complete;           /* the search is leaving the state */
} por_frame_event;

/* Callbacks a caller may set (any may be NULL); [ctx] is passed to each. */
typedef struct por_observer {
    void *ctx;
    /* A new final state (no enabled thread); the lts is positioned at it. [waiting] is nonempty
     * for a deadlock, a violation unless this returns POR_ACCEPT. */
    por_verdict (*final_state)(void *ctx, const por_trace *schedule, por_tset waiting);
    /* [thread] failed an assertion; the lts is positioned at the state after the failing step. */
    void (*assert_failed)(void *ctx, size_t thread, const por_trace *schedule);
    /* A livelock: a state reached by [schedule] from which no final state can be reached, whatever
     * the threads do, a violation unless this returns POR_ACCEPT; the lts is positioned at it,
     * and [running] are its enabled threads, which run for ever. Every search looks for them
     * (see por/livelock.c). */
    por_verdict (*livelock)(void *ctx, const por_trace *schedule, por_tset running);
    /* A transition was explored (or, for DL-S-POR line 27, added to the reachability graph). */
    void (*transition)(void *ctx, const por_transition_event *ev);
    /* A state's backtrack/done/current sets were updated, or the search left the state. */
    void (*frame)(void *ctx, const por_frame_event *ev);
} por_observer;

/* What a running search reports about once a second to a progress callback. */
typedef struct por_progress {
    double seconds;     /* since the search started */
    size_t states;      /* new states so far */
    size_t transitions; /* transitions explored so far */
    size_t depth;       /* the current depth of the search stack */
    size_t memory;      /* bytes the base allocator holds now */
} por_progress;

/* Everything that selects and bounds a search; zero limits mean unlimited. */
typedef struct por_options {
    por_algo algo;
    por_order order;
    bool stateless;               /* no state matching beyond the states on the current path */
    bool first_error;             /* stop at the first violation */
    size_t max_states;            /* stop after this many new states */
    double timeout_seconds;       /* stop after this much wall-clock time */
    size_t max_memory_bytes;      /* stop when the base allocator holds more than this */
    const por_observer *observer; /* what the search reports to, or NULL */
    /* When not NULL, the search stops (POR_STOP_SIGNAL) as soon as it sees a nonzero value here
     * (a signal handler's flag, or a portfolio's); polled where the limits are. Atomic: a
     * handler may set a lock-free atomic, and another thread may too. */
    const atomic_int *stop_flag;
    /* When not NULL, called with [progress_ctx] about once a second while the search runs. */
    void (*progress)(void *ctx, const por_progress *p);
    void *progress_ctx;
    /* Workers of a parallel search (0 or 1: one). por_search itself ignores it: a caller that
     * asks for more makes a copy of the system per worker and calls por_search_parallel. */
    size_t workers;
} por_options;

/* Fills [opt] with the defaults: dfs, seq order by thread id, stateful, exhaustive, no limits,
 * no observer. */
void por_options_init(por_options *opt);

/* ---- Results and statistics ------------------------------------------------------------------ */

/* Why a search ended. */
typedef enum por_stop {
    POR_STOP_COMPLETE = 0, /* everything explored */
    POR_STOP_ERROR,        /* --first-error and a violation was found */
    POR_STOP_STATES,       /* --max-states reached */
    POR_STOP_TIME,         /* --timeout reached */
    POR_STOP_MEMORY,       /* --max-memory reached */
    POR_STOP_SIGNAL,       /* the options' stop flag was raised (SIGINT, SIGTERM, SIGHUP) */
} por_stop;

/* True when [stop] means the search left interleavings unexplored because of a limit or a signal
 * (not complete, not stopped at a violation by --first-error). */
bool por_stop_incomplete(por_stop stop);

/* Returns a short name of [stop], e.g. "complete", "max-states", "signal". */
const char *por_stop_name(por_stop stop);

/* What a search counted. */
typedef struct por_stats {
    size_t states_new;      /* distinct states stored (stateless: states pushed) */
    size_t states_visited;  /* transitions that led to an already known state */
    size_t states_again;    /* known states explored again as new (o-dpor, see the README) */
    size_t transitions;     /* transitions explored */
    size_t retraversed;     /* reachability-graph transitions walked again (DE/DL) */
    size_t steps;           /* lts steps, including those that probe a successor */
    size_t max_depth;       /* longest path on the search stack */
    size_t end_states;      /* final states reached */
    size_t deadlocks;       /* final states with a waiting thread */
    size_t livelocks;       /* states from which no final state can be reached, one per cycle of
                             * states that the threads cannot leave (por_observer.livelock) */
    size_t assert_failures; /* transitions that failed an assertion */
    size_t violations;      /* final states the observer judged as violations */
    size_t proviso_fired;   /* states the cycle proviso expanded fully */
    size_t sleep_blocked;   /* DPOR: runs that ended in a state whose enabled threads all sleep */
    size_t races;           /* DPOR: reversible races found (each may add a backtrack point) */
    size_t wakeup_blocked; /* optimal DPOR: wakeup-tree branches whose first thread could not run */
    size_t peak_memory;    /* largest number of bytes held through the base allocator */
    size_t state_bytes;    /* bytes the state store holds at the end (fingerprints, index) */
    size_t lr_edges;       /* reachability-graph (Lr) edges stored (DE/DL) */
    size_t lr_bytes;       /* bytes Lr holds at the end (edges and per-state heads) */
    size_t workers;        /* a parallel search's workers (0: a sequential search) */
    size_t workers_searched; /* of those, the ones that joined it (see por_worker.open) */
    double seconds;          /* wall-clock time */
} por_stats;

/* The path a search that a limit stopped (--max-states, --timeout, --max-memory, a signal)
 * stood on: where to look when a loop that makes new states for ever keeps it from ending. */
typedef struct por_stop_path {
    size_t depth;    /* transitions on the search stack (0: not recorded) */
    size_t thread;   /* the thread that took the most of the last [window] of them */
    size_t steps;    /* how many of them it took */
    size_t window;   /* the transitions counted: the last POR_STOP_WINDOW, or all when fewer */
    char where[512]; /* where [thread] stands at the path's end (por_lts_ops.describe; or "") */
} por_stop_path;

/* The transitions at the end of a stopped path that por_stop_path counts. */
enum { POR_STOP_WINDOW = 1000 };

/* The result of one search. */
typedef struct por_result {
    por_stop stop;
    por_stats stats;
    por_stop_path path; /* recorded when a limit or a signal stopped a search with a path */
} por_result;

/* Explores [lts] from its current state as [opt] says, reporting to its observer. On POR_OK,
 * [result] holds why it stopped and the statistics (partial when a limit stopped it); otherwise
 * [err] says what failed (out of memory, an lts error). */
por_status por_search(const por_lts *lts, const por_options *opt, por_result *result,
                      por_error *err);

/* One worker of a parallel search: its own copy of the system and its own observer (called on
 * the worker's thread, about its own copy). */
typedef struct por_worker {
    const por_lts *lts;
    const por_observer *observer;
    /* When set, called with [ctx] on the worker's thread before it searches to make the copy
     * that [lts] and [observer] point to, so that the workers build their copies at once and
     * while the others search; false with [err] filled when it cannot, which fails the search.
     * Not called once the search is over (a worker ended, or a stop), and a worker whose open
     * returns after that does not search: a small search costs no more than its first worker. */
    bool (*open)(void *ctx, por_error *err);
    void *ctx;
} por_worker;

/* Explores the system as por_search does with [count] workers at once over one shared state set:
 * each state is counted, reported and expanded by exactly one worker (each observer sees its
 * worker's share). Stateful dfs, jpf and s-por only so far (POR_ERR_ARG otherwise). For dfs and
 * jpf the sums of the workers' states, end states, transitions, deadlocks and violations are
 * por_search's; s-por finds por_search's end states, deadlocks and failed assertions, but its
 * reduction (a parallel cycle proviso) depends on the workers' timing, and so do its counts.
 * The shared set starts at 64 K states (fewer for a small --max-states) and doubles whenever it
 * is three quarters full, up to a quarter of --max-memory; a set that is full and cannot grow
 * stops the search as memory does. [result]'s seconds are wall-clock time. Workers with an open
 * function join when their copies are ready (see por_worker.open). */
por_status por_search_parallel(const por_worker *workers, size_t count, const por_options *opt,
                               por_result *result, por_error *err);

/* ---- The portfolio ------------------------------------------------------------------------- */

/* The most members of a portfolio. */
#define POR_MAX_MEMBERS 64

/* How long, by default, the members after the first wait for it to end with a verdict before
 * they start, in milliseconds: building another copy of the system costs about as much as a
 * small client's whole search (see por_portfolio.start_delay_ms). */
#define POR_PORTFOLIO_START_DELAY_MS 20

/* Several searches of one system run at once (por_portfolio_run): each member's options, which
 * differ in their algorithm and order and share everything else. */
typedef struct por_portfolio {
    size_t count;
    por_options members[POR_MAX_MEMBERS];
    unsigned start_delay_ms; /* the members after the first start once this long has passed
                              * since the portfolio began without a verdict, or the first has
                              * ended without one; those it beats never start (0: every member
                              * starts at once) */
} por_portfolio;

/* Parses "portfolio" or "portfolio:M,M,..." (each M an algorithm, "dl-s-por", or an algorithm
 * and an order, "dl-s-por@random:3") into [out], each member [base] with its algorithm and its
 * order (without one, [base]'s; stateless when its algorithm is). The default members are
 * s-por, dl-s-por (both in [base]'s order) and then dl-s-por in random orders (seeds 1, 2, ...)
 * up to [jobs] members. Fills [err] (POR_ERR_ARG) when malformed. */
por_status por_portfolio_parse(const char *text, size_t jobs, const por_options *base,
                               por_portfolio *out, por_error *err);

/* True when [text] asks for a portfolio ("portfolio" or "portfolio:..."). */
bool por_is_portfolio(const char *text);

/* Writes member [m]'s name into [buf]: its algorithm, and "@ORDER" when the order is not the
 * default one ("dl-s-por@random:3"). */
void por_member_name(const por_options *m, char *buf, size_t size);

/* How the portfolio's member [member] is searched, on a thread of its own: with [opt] (its options
 * and a stop flag that the portfolio raises), on its own copy of the system, filling [result];
 * false when it failed on its own (out of memory, a bad program), and the others go on. */
typedef bool por_member_fn(void *ctx, size_t member, const por_options *opt, por_result *result);

/* What the members of a portfolio ended with. */
typedef struct por_portfolio_result {
    size_t winner;            /* the member whose result stands: the first to end complete or at a
                               * --first-error violation; else, of the members that did not fail, the
                               * first with a violation or else the first to end; count when all failed */
    bool ok[POR_MAX_MEMBERS]; /* the member did not fail */
    bool started[POR_MAX_MEMBERS]; /* the member started (see por_portfolio.start_delay_ms); one
                                    * that did not is ok, stopped (POR_STOP_SIGNAL), and counts
                                    * nothing */
    por_result results[POR_MAX_MEMBERS]; /* each member's stop and statistics */
    size_t order[POR_MAX_MEMBERS];       /* the members in the order they ended */
} por_portfolio_result;

/* Runs the members of [p] at once, one thread each calling [run] with [ctx] (the first member on
 * the calling thread, the others after its head start: por_portfolio.start_delay_ms); when one
 * ends with a verdict, or [stop_flag] (NULL: none) is raised, the others are stopped (their
 * results say POR_STOP_SIGNAL). Every member shares the process and so one --max-memory budget.
 * Returns POR_OK with [out] filled, or fills [err] when a thread cannot start. */
por_status por_portfolio_run(const por_portfolio *p, const atomic_int *stop_flag,
                             por_member_fn *run, void *ctx, por_portfolio_result *out,
                             por_error *err);

/* Sets [*can] unless some schedule leads from [lts]'s current state to a final state (no thread
 * enabled): a search of every enabled thread that stops at the first final state it meets, so
 * that a state it clears is a livelock (see por_observer.livelock). The lts ends where it
 * started. [opt]'s limits and stop flag apply (NULL: none); a search they stop leaves [*can]
 * true. */
por_status por_can_finish(const por_lts *lts, const por_options *opt, bool *can, por_error *err);

/* Prints [result]'s statistics as an indented text block on [out]. */
void por_stats_print(FILE *out, const por_result *result);

struct json_t;

/* Returns [result]'s statistics as a new jansson object (NULL when out of memory). */
struct json_t *por_stats_json(const por_result *result);

/* Returns the text caption of the statistic that por_stats_json calls [key] ("states (new)" for
 * "states_new"), or NULL for another key. */
const char *por_stats_caption(const char *key);

#endif
