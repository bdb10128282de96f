/* por internals shared by the search files: thread sets, the state store with the reachability
 * graph Lr, interned labels, label sets, and the search state itself. Private to por/. */
#ifndef PORCHECK_POR_INTERNAL_H
#define PORCHECK_POR_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "base.h"
#include "por.h"

/* Marks "no state", "no label", "no edge", "no thread". */
#define NONE UINT32_MAX

/* ---- Thread sets ----------------------------------------------------------------------------- */

/* Returns the set holding only [t]. */
static inline por_tset tset_of(size_t t)
{
    return (por_tset)1 << t;
}

/* True when [set] holds [t]. */
static inline bool tset_has(por_tset set, size_t t)
{
    return (set >> t) & 1u;
}

/* Returns the number of threads in [set]. */
static inline size_t tset_size(por_tset set)
{
    return (size_t)__builtin_popcountll(set);
}

/* Returns the lowest thread id in nonempty [set]. */
static inline size_t tset_first(por_tset set)
{
    return (size_t)__builtin_ctzll(set);
}

/* ---- The shared state set of a parallel search (shared_set.c) -------------------------------- */

/* Fingerprints that several threads find and claim without locks, in a table that doubles when
 * it fills: its users park at a barrier (por_shared_set_poll) and the last to arrive grows it. */
/* One slot of the shared set: the status in the top two bits of [head] above 62 bits of the
 * fingerprint's low word (0: empty), and its high word, in one 16-byte line share. */
typedef struct shared_slot {
    _Atomic uint64_t head;
    uint64_t hi; /* valid once the status is open or done */
} shared_slot;

typedef struct shared_set {
    shared_slot *slots;        /* [mask + 1] */
    size_t mask;               /* slot count - 1, a power of two */
    size_t grow_at;            /* a claim that takes the count above this asks for a grow */
    size_t batch;              /* claims a thread adds to the count at once */
    size_t max_slots;          /* the table never has more slots */
    bool can_grow;             /* the table may still double (not at max_slots, no failed grow) */
    _Atomic size_t count;      /* slots claimed, but for the claims each thread has not added yet */
    atomic_bool grow_wanted;   /* a claim asked for a grow: every user parks at the barrier */
    pthread_mutex_t lock;      /* guards the barrier: users, arrived, generation, the move */
    pthread_cond_t grown;      /* signalled when a grow's move starts and when the grow is over */
    size_t users;              /* threads that use the set and have not left it */
    size_t arrived;            /* users parked at the barrier */
    size_t generation;         /* grows so far (failed ones too) */
    shared_slot *moving_to;    /* during a grow's move: the table twice as large, else NULL */
    size_t movers;             /* parked users that have not finished their part of the move */
    _Atomic size_t next_chunk; /* during a move: the next chunk of old slots a mover takes */
    struct livelock_book *livelocks; /* the livelocks every user has reported, or NULL */
} shared_set;

/* What por_shared_set_find_or_put or por_shared_set_find found. */
typedef enum shared_found {
    SHARED_CLAIMED, /* the fingerprint was new: the caller claimed it */
    SHARED_OPEN,    /* another claim holds it, not yet marked done */
    SHARED_DONE,    /* another claim holds it, marked done */
    SHARED_FULL,    /* the table is full and cannot grow: nothing was claimed */
    SHARED_ABSENT,  /* (por_shared_set_find only) no claim holds it */
} shared_found;

/* Makes [s] an empty set of [users] threads with room for [capacity] fingerprints (rounded up to
 * a power of two, at least 64), which may double up to [max_capacity] slots (0: no bound); false
 * when out of memory. */
bool por_shared_set_init(shared_set *s, size_t capacity, size_t max_capacity, size_t users);

/* Finds [fp] in [s] or claims a slot for it, safe against every other user doing the same; a
 * user of [s] only. Exactly one caller gets SHARED_CLAIMED for a fingerprint. On a full table
 * that can grow, it parks at the barrier (see por_shared_set_poll) and tries again. */
shared_found por_shared_set_find_or_put(shared_set *s, por_fp fp);

/* Marks [fp], which [s] holds, done: its successors have all been explored. */
void por_shared_set_mark_done(shared_set *s, por_fp fp);

/* Starts loading the home slot of [fp] in [s] into the cache (a hint; no effect otherwise). */
void por_shared_set_prefetch(const shared_set *s, por_fp fp);

/* True when [s] holds [fp] marked done. */
bool por_shared_set_is_done(const shared_set *s, por_fp fp);

/* Returns whether [s] holds [fp], without claiming it: SHARED_DONE, SHARED_OPEN or
 * SHARED_ABSENT. */
shared_found por_shared_set_find(const shared_set *s, por_fp fp);

/* Waits at the barrier of [s] until the grow that a claim asked for is over, starting it when
 * the caller is the last user to arrive and moving its share of the fingerprints; returns at
 * once when none is asked for. */
void por_shared_set_park(shared_set *s);

/* Lets [s] grow if a claim asked for it: a user calls this often (once per search step), at a
 * point where it has no find-or-put under way. One relaxed load while no grow is asked for. */
static inline void por_shared_set_poll(shared_set *s)
{
    if (atomic_load_explicit(&s->grow_wanted, memory_order_relaxed)) por_shared_set_park(s);
}

/* The calling thread becomes a user of [s] (one more than init's [users]), once a grow's move
 * under way is over; it may then find, claim and poll like the others. */
void por_shared_set_enter(shared_set *s);

/* The calling user is done with [s] for good; when a grow is asked for and every remaining user
 * has arrived at the barrier, the caller starts the grow, which the parked users carry out. */
void por_shared_set_leave(shared_set *s);

/* Returns how many fingerprints [s] holds: exactly once the other users have left; while they
 * search, without the claims each has made since it last added its batch (see shared_set.c). */
size_t por_shared_set_count(const shared_set *s);

/* Returns the bytes [s]'s table takes (no user may be growing it). */
size_t por_shared_set_bytes(const shared_set *s);

/* Frees [s]'s table and barrier (after a successful init). */
void por_shared_set_free(shared_set *s);

/* The first size of a parallel search's shared set in slots when nonzero (tests of its growth
 * only; set it before the search, not thread-safe). */
extern size_t por_parallel_first_slots;

/* ---- Fingerprint map: open addressing, fingerprints kept by the caller ----------------------- */

/* Maps fingerprints to ids; slot values are id + 1 (0 = empty) and the fingerprint of id i is
 * keys[i] in an array the caller owns, so a stored state costs one 32-bit slot here. */
typedef struct fpmap {
    uint32_t *slots;
    size_t mask; /* slot count - 1 (a power of two), or 0 before the first insert */
    size_t count;
} fpmap;

/* Returns the id whose key in [keys] equals [fp], or NONE. */
uint32_t por_fpmap_find(const fpmap *m, const por_fp *keys, por_fp fp);

/* Adds [id], whose key is keys[id]; grows the table at half load. False when out of memory. */
bool por_fpmap_insert(fpmap *m, const por_fp *keys, uint32_t id);

/* Removes [id] (which must be present) by backward-shift deletion. */
void por_fpmap_remove(fpmap *m, const por_fp *keys, uint32_t id);

/* Frees [m]'s table. */
void por_fpmap_free(fpmap *m);

/* ---- State store and reachability graph Lr --------------------------------------------------- */

/* One Lr edge: the successor (NONE: the pending action of a waiting thread) and the interned
 * label, shifted left by two; bit 1 marks an edge into a state stored with other object names
 * than the edge's source continues with (heap symmetry), bit 0 the last edge of its source. */
typedef struct lr_edge {
    uint32_t dst;
    uint32_t label_last;
} lr_edge;

/* The most labels an Lr edge can name. */
#define LR_MAX_LABELS (UINT32_MAX >> 2)

/* Returns the interned label of edge [e]. */
static inline uint32_t edge_label(const lr_edge *e)
{
    return e->label_last >> 2;
}

/* True when edge [e] leads into a state stored with other object names (see lr_edge). */
static inline bool edge_renamed(const lr_edge *e)
{
    return (e->label_last >> 1) & 1u;
}

/* Words of a label filter: a Bloom filter over (thread, object, field, write) of labels in the
 * first LR_OBJECT_WORDS, one over (thread, field, write) in the last, which object names do not
 * change (what a walk with labels of any object needs). */
enum { LR_OBJECT_WORDS = 2, LR_FILTER_WORDS = LR_OBJECT_WORDS + 1, LR_OBJECT_BITS = 64 * 2 };

/* A set of label filter bits; a closed state's summary is the union over the labels it reaches
 * (a state is closed when every state it reaches in Lr has left the stack, so that those edges
 * are final). */
typedef struct lr_filter {
    uint64_t w[LR_FILTER_WORDS];
} lr_filter;

/* Sets every object bit of [f]: what labels of any object may stand for. */
static inline void filter_any_object(lr_filter *f)
{
    for (size_t i = 0; i < LR_OBJECT_WORDS; i++) f->w[i] = ~(uint64_t)0;
}

/* Clears the object bits of [f], keeping what a walk with labels of any object can test. */
static inline void filter_fields_only(lr_filter *f)
{
    for (size_t i = 0; i < LR_OBJECT_WORDS; i++) f->w[i] = 0;
}

/* Adds the bits of [b] to [*a]. */
static inline void filter_add(lr_filter *a, const lr_filter *b)
{
    for (size_t i = 0; i < LR_FILTER_WORDS; i++) a->w[i] |= b->w[i];
}

/* True when [sum] holds every bit of [need]. */
static inline bool filter_covers(const lr_filter *sum, const lr_filter *need)
{
    for (size_t i = 0; i < LR_FILTER_WORDS; i++)
        if ((sum->w[i] & need->w[i]) != need->w[i]) return false;
    return true;
}

/* Returns a mixed hash of [thread], [object] and [field]. */
static inline uint64_t filter_hash(uint32_t thread, uint32_t object, uint32_t field)
{
    uint64_t h = (uint64_t)thread * 0x9E3779B97F4A7C15ull ^
                 (uint64_t)object * 0xC2B2AE3D27D4EB4Full ^ (uint64_t)field * 0x165667B19E3779F9ull;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return h ^ h >> 32;
}

/* Returns the filter bits standing for an access by [thread] to [field] of [object] (every
 * object bit for POR_ANY_OBJECT): in each of the two filters a read sets one bit, a write a
 * second one too, so that a summary holding both may hide a write of that field by that thread
 * and one lacking the first holds no access to it. */
static inline lr_filter label_filter_bits(uint32_t thread, uint32_t object, uint32_t field,
                                          bool write)
{
    lr_filter f = {{0}};
    uint64_t h = filter_hash(thread, object, field), g = filter_hash(thread, UINT32_MAX, field);
    size_t r = h % LR_OBJECT_BITS, w = (h >> 16) % LR_OBJECT_BITS;
    f.w[r / 64] |= (uint64_t)1 << (r % 64);
    if (write) f.w[w / 64] |= (uint64_t)1 << (w % 64);
    if (object == POR_ANY_OBJECT) filter_any_object(&f);
    f.w[LR_OBJECT_WORDS] |= (uint64_t)1 << (g % 64);
    if (write) f.w[LR_OBJECT_WORDS] |= (uint64_t)1 << ((g >> 16) % 64);
    return f;
}

/* The states by id: their fingerprints in one array (16 bytes each), found through an open
 * addressing index of 32-bit slots, each holding id + 1 in its low [id_bits] bits and a tag of
 * other fingerprint bits above, so that a probe reads the fingerprint array only on a tag match.
 * Ids are dense and stable; per-state search data lives in the stack frames, except two bits
 * per state (on the stack, reached by the current re-traversal).
 *
 * Lr (searches that keep it): the edges out of a state are all added while it is the top of the
 * stack, so they gather at the end of a pending stack and move, contiguous, into the edge pool
 * when the state is popped; a state's head is its first edge in the pool, NONE without edges,
 * or LR_ON_STACK | depth while its edges are pending. A closed state (see lr_filter) with two
 * or more edges and a DFS subtree of at least LR_SUM_MIN_STATES states keeps its summary in the
 * pool just before its edges, and LR_HAS_SUM in its head; the others' summaries are computed
 * when needed from their edges. */
typedef struct store {
    por_fp *fps; /* [cap] fingerprint of each state */
    size_t count, cap;
    uint32_t *index; /* [index_mask + 1] slots: 0 empty, else tag << id_bits | (id + 1) */
    size_t index_mask;
    unsigned id_bits;
    uint64_t *on_stack, *marked; /* [bits_cap / 64] one bit per state */
    uint64_t *marked_any;        /* [bits_cap / 64] with names: reached with labels of any object */
    uint64_t *scc_open;          /* [bits_cap / 64] scc: the state's strongly connected component
                                  * is not complete yet (see livelock.c) */
    bool scc;                    /* scc_open is kept */
    uint64_t *superseded;        /* [bits_cap / 64] once a state was explored again: the ids whose
                                  * fingerprint a newer id took (por_store_add_again), which the
                                  * index no longer holds; NULL before */
    uint64_t *names;             /* [cap] with names: each state's object-names hash as stored */
    bool with_names;             /* the lts tells object names apart from fingerprints */
    size_t bits_cap;
    bool graph;       /* Lr is kept */
    uint32_t *head;   /* [cap] graph: first pool edge of each state, NONE, or on the stack */
    uint64_t *closed; /* [bits_cap / 64] graph: one bit per state, set once it is closed */
    lr_edge *pool;    /* [pool_cap] graph: the edges of the states that left the stack */
    size_t pool_len, pool_cap;
    lr_edge *pending; /* [pending_cap] graph: the edges of the states on the stack */
    size_t pending_len, pending_cap;
    uint32_t *base; /* [base_cap] graph: where each stack depth's pending edges start */
    size_t base_cap;
    size_t depth; /* states entered and not left (the stack depth) */
    size_t edges; /* graph: edges added */
} store;

/* Marks a head as "on the stack at depth (head & ~LR_ON_STACK)". */
#define LR_ON_STACK 0x80000000u

/* Marks the head of a state that left the stack as "its summary precedes its edges". */
#define LR_HAS_SUM 0x40000000u

/* The fewest states a DFS subtree holds for its root to store its summary. */
#define LR_SUM_MIN_STATES 16

/* Returns the id of the state with fingerprint [fp], or NONE. */
uint32_t por_store_find(const store *st, por_fp fp);

/* Starts loading the index slot where por_store_find will look for [fp] into the cache, so that
 * the work between a fingerprint and its lookup hides the miss of a large store. */
void por_store_prefetch(const store *st, por_fp fp);

/* Adds a new state [fp] and returns its id; NONE when out of memory. */
uint32_t por_store_add(store *st, por_fp fp);

/* Adds state [old] again under a new id, which finding its fingerprint returns from now on
 * (an index rebuild places the newest id first); [old] keeps its edges for the walks that reach
 * it. Returns the new id; NONE when out of memory. */
uint32_t por_store_add_again(store *st, uint32_t old);

/* Forgets the most recently added state (stateless searches keep only the stack). */
void por_store_drop_last(store *st);

/* True when bit [id] of [bits] is set. */
static inline bool bit_get(const uint64_t *bits, uint32_t id)
{
    return (bits[id / 64] >> (id % 64)) & 1u;
}

/* Sets bit [id] of [bits] to [on]. */
static inline void bit_set(uint64_t *bits, uint32_t id, bool on)
{
    uint64_t m = (uint64_t)1 << (id % 64);
    bits[id / 64] = on ? bits[id / 64] | m : bits[id / 64] & ~m;
}

/* State [id] was pushed at stack [depth]: marks it on the stack and starts its pending edges. */
bool por_store_enter(store *st, uint32_t id, size_t depth);

/* State [id] at stack [depth] is popped: its pending edges move to the pool, after summary [sum]
 * (NULL: none to keep) when it has several; false when out of memory. */
bool por_store_leave(store *st, uint32_t id, size_t depth, const lr_filter *sum);

/* Enough pool slots to hold one summary. */
#define LR_SUM_SLOTS ((sizeof(lr_filter) + sizeof(lr_edge) - 1) / sizeof(lr_edge))

/* True when state [id] left the stack with a stored summary. */
static inline bool store_has_summary(const store *st, uint32_t id)
{
    uint32_t h = st->head[id];
    return h != NONE && (h & (LR_ON_STACK | LR_HAS_SUM)) == LR_HAS_SUM;
}

/* Copies into [out] the stored summary of a closed state whose two or more edges are at [e]. */
static inline void store_summary(const lr_edge *e, lr_filter *out)
{
    memcpy(out, e - LR_SUM_SLOTS, sizeof *out);
}

/* Adds the Lr edge --[label]--> [dst] out of the state on top of the stack, [renamed] when [dst]
 * was stored with other object names than the edge reaches it with; false when out of memory. */
bool por_store_add_edge(store *st, uint32_t label, uint32_t dst, bool renamed);

/* Points [*at] at the Lr edges out of state [id] and returns their count. */
static inline size_t store_edges(const store *st, uint32_t id, const lr_edge **at)
{
    uint32_t h = st->head[id];
    *at = NULL;
    if (h == NONE) return 0;
    if (h & LR_ON_STACK) {
        size_t d = h & ~LR_ON_STACK, from = st->base[d];
        size_t to = d + 1 < st->depth ? st->base[d + 1] : st->pending_len;
        *at = st->pending + from;
        return to - from;
    }
    const lr_edge *e = st->pool + (h & ~LR_HAS_SUM);
    *at = e;
    size_t n = 1;
    while (!(e[n - 1].label_last & 1)) n++;
    return n;
}

/* Returns the bytes the states hold: fingerprints, index and per-state bits. */
size_t por_store_state_bytes(const store *st);

/* Returns the bytes Lr holds: the edge pool, the pending edges and the per-state heads. */
size_t por_store_graph_bytes(const store *st);

/* Frees everything [st] holds. */
void por_store_free(store *st);

/* ---- Interned labels ------------------------------------------------------------------------- */

/* Every distinct label once, by id, with its filter bits (see label_filter_bits). */
typedef struct labels {
    por_label *items;
    lr_filter *filter; /* [cap] filter bits of each label */
    uint32_t *any;     /* [cap] with_any: the id of the label's POR_ANY_OBJECT twin */
    bool with_any;     /* every visible label gets its twin when interned */
    size_t count, cap;
    fpmap map; /* keyed by a fingerprint of the label's fields */
    por_fp *keys;
} labels;

/* Returns the id of [l], interning it first if new; NONE when out of memory. */
uint32_t por_labels_intern(labels *lb, const por_label *l);

/* Returns the id of label [id] with its object read as POR_ANY_OBJECT (itself without twins). */
static inline uint32_t labels_any(const labels *lb, uint32_t id)
{
    return lb->any ? lb->any[id] : id;
}

/* Frees everything [lb] holds. */
void por_labels_free(labels *lb);

/* ---- Label sets (sorted ids) ----------------------------------------------------------------- */

/* A set of label ids, kept sorted. */
typedef struct labelset {
    uint32_t *ids;
    size_t count, cap;
} labelset;

/* Adds [id] to [set]; false when out of memory. */
bool por_labelset_add(labelset *set, uint32_t id);

/* Adds every id of [src] to [dst]; false when out of memory. */
bool por_labelset_merge(labelset *dst, const labelset *src);

/* Frees [set]'s storage. */
void por_labelset_free(labelset *set);

/* ---- The search ------------------------------------------------------------------------------ */

/* The livelocks a search has reported, by the fingerprint of each one's smallest state; one book
 * for every worker of a parallel search, under [lock] (NULL: one worker). */
typedef struct livelock_book {
    store reported;
    pthread_mutex_t *lock;
} livelock_book;

/* A cached successor: what running one thread from a stack state gives. */
typedef struct probe {
    por_fp fp;      /* fingerprint of the successor */
    uint64_t names; /* its object-names hash (lts with names, searches that keep Lr) */
    uint32_t label; /* interned label of the transition (NONE when the search needs none) */
    uint8_t result; /* por_step_result */
} probe;

/* One state on the search stack with the paper's per-state sets (Fig. 2). */
typedef struct frame {
    uint32_t state;         /* store id (stateless: equal to the depth) */
    por_snapshot *snap;     /* the state itself, for backtracking */
    por_tset enabled, safe; /* enabled(s) and safeSet(s) */
    por_tset backtrack, done;
    por_tset probed;       /* threads whose successor is cached in the probe array */
    uint32_t chosen;       /* thread of the transition being explored, or NONE */
    uint32_t chosen_label; /* its interned label */
    uint32_t chosen_succ;  /* its successor's state id */
    bool chosen_renamed;   /* its successor was stored with other object names */
    por_tset sleep;        /* DPOR: the sleep set (threads whose runs from here are covered) */
    por_tset blocking;     /* DPOR: threads whose next step may wait for another (may_block) */
    bool full;             /* the cycle proviso fired: expand enabled(s) */
    bool cycled;           /* DPOR: the chosen branch led back to this state or above it */
    bool finished;         /* DL: IsComplete returned true */
    bool open_below;       /* Lr: a child left the stack without being closed */
    lr_filter below;       /* Lr: the summaries of the children that left the stack closed */
    labelset summary;      /* stateless DE/DL: labels explored below this state so far */
    labelset races;        /* DPOR: stack indices of the events racing with the chosen one */
    bool foreign;          /* parallel: another worker claimed this state; this one only passes
                            * through it (no counts, no reports) to reach unclaimed states */
    por_tset stopping;     /* threads whose probed transition leads to an end state that stops
                            * threads (the lts's stopped): it depends on every other thread's
                            * transitions, so enabled(s) is expanded and it never sleeps */
    uint32_t low;          /* livelocks: the lowest state id of an open component this state
                            * reaches by the edges explored so far (Tarjan's lowlink) */
    bool exits;            /* livelocks: an explored edge leaves this state's component */
} frame;

/* Per-algorithm behaviour plugged into the common DFS engine. */
typedef struct search search;
typedef struct algo_ops {
    /* Returns the threads that may be explored next from [f]. */
    por_tset (*candidates)(const search *s, const frame *f);
    /* Bookkeeping when [f] takes its chosen transition; false when out of memory. */
    bool (*on_take)(search *s, frame *f);
    /* The chosen transition of [f] reached known state [succ]; false when out of memory. */
    bool (*on_known)(search *s, frame *f, uint32_t succ);
    /* The exploration of [f]'s chosen transition is over (the paper's backtrack to s). */
    bool (*after_child)(search *s, frame *f);
    /* A waiting thread of the new top state will run [label] after it (see note_pending). */
    bool (*on_pending)(search *s, uint32_t label);
    /* The new top frame [f] was pushed (after its final state was reported); false on error. */
    bool (*on_push)(search *s, frame *f);
    /* True when the chosen transition of [f] reached known state [succ] but must explore it
     * again as a new state (NULL: never). */
    bool (*revisit)(const search *s, const frame *f, uint32_t succ);
    /* Runs a search of its own instead of the common engine (NULL: the engine). */
    bool (*run)(search *s);
    bool uses_lr;      /* records the reachability graph (stateful) or summaries (stateless) */
    bool safe_enabled; /* safeSet(s) = enabled(s) */
    bool proviso;      /* applies the cycle proviso */
    bool dpor;         /* the DPOR family: stateless, labels and clocks of every event */
} algo_ops;

/* ---- Wakeup trees (optimal DPOR) ------------------------------------------------------------- */

/* A node of a wakeup tree: the event (an interned label, whose thread runs it) that leads to
 * it from its parent, its first child and its next sibling (NONE when there is none). */
typedef struct wnode {
    uint32_t label;
    uint32_t child, sibling;
    bool bare; /* a leaf added by the cycle proviso, not by a race: it covers nothing */
} wnode;

/* An ordered tree of event sequences (Definition 6.1 of the optimal-DPOR paper); nodes[0] is
 * the root (the empty sequence) once the tree has been used, and the children of a node are
 * explored in sibling order. Removed subtrees stay in the array until the tree is empty. */
typedef struct wtree {
    wnode *nodes;
    size_t len, cap;
} wtree;

/* Returns the first child of the root of [t], or NONE when [t] is empty. */
static inline uint32_t wtree_first(const wtree *t)
{
    return t->len ? t->nodes[0].child : NONE;
}

/* Makes [t] the empty tree (only the root). */
void por_wtree_clear(wtree *t);

/* Appends the chain [seq][0 .. len) as the last child of the root of [t], its leaf [bare] (see
 * wnode); false when out of memory. */
bool por_wtree_add(wtree *t, const uint32_t *seq, size_t len, bool bare);

/* Makes [dst] a copy of the subtree of [src] below node [node]; false when out of memory. */
bool por_wtree_copy_below(wtree *dst, const wtree *src, uint32_t node);

/* Removes the first child of the root of [t] with its subtree. */
void por_wtree_drop_first(wtree *t);

/* insert_[E](v, wut) of the paper: unless a leaf of [t] is already a possible start of an
 * execution equivalent to [seq] (len events whose labels are interned in [lb]), adds the
 * shortest extension needed as a new leaf after every other node it branches from. A bare leaf
 * on the way gets the rest of [seq] below it instead of covering it. [seq] is used as scratch.
 * False when out of memory. */
bool por_wtree_insert(wtree *t, const labels *lb, uint32_t *seq, size_t len);

/* Frees what [t] holds. */
void por_wtree_free(wtree *t);

/* Slots of a parallel worker's cache of the states it marked done (16 bytes each). */
enum { POR_RECENT_SLOTS = 1 << 15 };

/* Everything a running search holds. */
struct search {
    const por_lts *lts;
    const por_options *opt; /* points at [options] */
    por_options options;    /* the caller's, made stateless for a stateless algorithm */
    const por_observer *obs;
    const algo_ops *algo;
    size_t n;     /* threads */
    store st;     /* the states; of a stateless or parallel search, only those on the stack */
    store passed; /* parallel S-POR: the states this worker passed through and left */
    labels lb;
    frame *frames; /* [cap] the stack; frames[depth - 1] is the top */
    por_tset *cur; /* [cap * n] current sets: cur[d * n + t] is frames[d].current[t] */
    probe *probes; /* [cap * n] cached successors */
    uint8_t *path; /* [cap] thread of each stack transition (the schedule) */
    size_t depth, cap;
    uint32_t *nexts;   /* [cap * n] DPOR: each frame's next label per thread (NONE: finished) */
    uint32_t *clocks;  /* [cap * n] DPOR: the vector clock of each frame's chosen transition */
    uint32_t *counts;  /* [cap] DPOR: that transition's number among its thread's (from 1) */
    wtree *trees;      /* [cap] optimal DPOR: each frame's wakeup tree */
    wtree lost;        /* optimal DPOR: the subtree below a branch cut by a cycle */
    size_t lost_to;    /* the stack state that cycle led back to */
    uint32_t *scratch; /* [2 * n + 2 * cap] DPOR: clocks and event lists of a race analysis */
    size_t scratch_cap;
    por_tset *entry_sleep; /* [entry_sleep_cap] o-dpor: each state's sleep set when pushed */
    size_t entry_sleep_cap;
    uint32_t *reach; /* [reach_cap] o-dpor: the labels a matched state reaches */
    size_t reach_len, reach_cap;
    por_tset reach_threads; /* o-dpor: the threads of those labels */
    bool reach_failed;      /* o-dpor: collecting them ran out of memory */
    uint32_t *label_mark;   /* [label_mark_cap] epoch per label id, to visit each label once */
    size_t label_mark_cap;
    uint32_t *work; /* [work_cap] pending states of a re-traversal */
    size_t work_cap;
    uint32_t *seen; /* [seen_cap] the states a re-traversal reached */
    size_t seen_cap;
    uint32_t epoch;
    uint8_t seq[POR_MAX_THREADS]; /* thread ids in the order's preference (seq orders) */
    uint64_t rng;                 /* generator state (random orders) */
    int at_depth;                 /* the lts is at frames[at_depth]'s state, or -1 */
    int at_thread;                /* ... or at its successor by this thread (>= 0) */
    por_result *result;
    por_error *err;
    struct timespec start;
    double next_progress; /* seconds after [start] of the next progress report */
    bool stopped;
    shared_set *shared;   /* parallel: the states every worker has claimed, or NULL */
    por_fp *recent;       /* parallel: [POR_RECENT_SLOTS] fingerprints this worker marked done,
                           * direct-mapped by their low bits ({0, 0}: empty), or NULL */
    atomic_int *stop_all; /* parallel: raised when this worker stops early, stopping the rest */
    uint32_t *scc_stack;  /* livelocks: the states of the open components, by id (Tarjan's stack) */
    size_t scc_len, scc_cap;
    livelock_book *livelocks;    /* livelocks: those reported ([own_livelocks] or the workers') */
    livelock_book own_livelocks; /* livelocks: a search's own book */
    uint32_t scc_closed;         /* livelocks: the root id of the component the last pop closed,
                                  * whose states por_scc_retire retires (NONE: none) */
    bool examines;               /* livelocks without Tarjan (stateless, the DPOR family): the
                                  * states that close a cycle or block on sleep sets are examined
                                  * (por_examine_state) */
    store examined, finishing;   /* examines: the states examined, and those known to finish */
    uint8_t *scc_foreign;        /* livelocks, parallel: [scc_foreign_cap] per state id, whether
                                  * the worker only passed through it (see mark_shared_done) */
    size_t scc_foreign_cap;
};

/* Returns the seconds from [start] (CLOCK_MONOTONIC) to now. */
double por_seconds_since(const struct timespec *start);

/* Returns the time [ms] milliseconds after [from] (for a condition's timed wait). */
struct timespec por_time_after(struct timespec from, long ms);

/* Waits on [cond] (holding [lock]) until it is signalled or [ms] milliseconds pass. */
void por_cond_wait_ms(pthread_cond_t *cond, pthread_mutex_t *lock, long ms);

/* Runs the search of [lts] as [opt] says with the states [shared] among parallel workers (NULL:
 * alone), raising [stop_all] when it stops before its end; as por_search otherwise. */
por_status por_search_shared(const por_lts *lts, const por_options *opt, shared_set *shared,
                             atomic_int *stop_all, por_result *result, por_error *err);

/* Returns frames[d].current (n sets). */
static inline por_tset *frame_current(const search *s, size_t d)
{
    return s->cur + d * s->n;
}

/* Returns the interned label [id]. */
static inline const por_label *label_at(const search *s, uint32_t id)
{
    return &s->lb.items[id];
}

/* Returns the algorithm hooks of [algo]. */
const algo_ops *por_algo_for(por_algo algo);

/* Prepares the order: the preference list of a seq order, the generator of a random one. */
void por_search_order_init(search *s);

/* Runs [t] from the lts's current state; false (with the error set) when the lts fails. */
bool por_search_step(search *s, size_t t, por_step_result *out);

/* A new final state reached by [schedule]: counts it, detects a deadlock, asks the observer. */
void por_search_final(search *s, const por_trace *schedule);

/* Counts a state pushed at stack [depth] (as explored again when [again]): states, the
 * deepest stack, the peak memory. */
void por_search_count_state(search *s, size_t depth, bool again);

/* A violation was found: stops a --first-error search. */
void por_search_violation(search *s);

/* Stops the search cleanly when a limit is reached or the stop flag is raised, at iteration
 * [iteration] of its loop; reports the progress about once a second. */
void por_search_check_limits(search *s, size_t iteration);

/* Returns the thread of nonempty [set] the order prefers (random orders draw one). */
size_t por_search_pick(search *s, por_tset set);

/* Makes sure the successor of [f] by [t] is cached; false on an lts error or out of memory. */
bool por_search_probe(search *s, frame *f, size_t t);

/* True when a probed fingerprint belongs to a known state (stateless: a stack state; parallel:
 * a stack state, a state done in the shared set, or one passed through and left). */
bool por_search_known(const search *s, por_fp fp);

/* Chooses a thread of nonempty [cand] by the order, preferring known successors; NONE on error. */
uint32_t por_search_choose(search *s, frame *f, por_tset cand);

/* Reports [f]'s sets to the observer ([complete]: the search is leaving it). */
void por_search_report_frame(const search *s, const frame *f, bool complete);

/* What a re-traversal calls: [visit] for each distinct label (true stops the walk). With
 * [filtered], a closed state whose summary covers none of need[0 .. needs) is skipped with
 * everything it reaches: the caller promises that such labels would not change its answer
 * ([visit] may shrink the list as its answer grows); reached with labels of any object, none of
 * need_any[0 .. needs) (the same with the object bits cleared). */
typedef struct lr_visitor {
    bool (*visit)(search *s, void *ctx, uint32_t label);
    void *ctx;
    bool filtered;
    size_t needs;
    lr_filter need[POR_MAX_THREADS];
    lr_filter need_any[POR_MAX_THREADS];
} lr_visitor;

/* Calls [v]'s visit for every distinct label on an execution of Lr from [root] (Appendix A:
 * each transition once) until it asks to stop, skipping the closed states [v] filters out.
 * Beyond a renamed edge (from the start when [renamed]: [root] was reached with other object
 * names than it was stored with) the labels visited are the POR_ANY_OBJECT twins. Stateless
 * searches use the stack summaries instead. Returns false when out of memory. */
bool por_search_reachable_labels(search *s, uint32_t root, bool renamed, const lr_visitor *v);

/* Pops state [id] at stack [depth] from the store, closed (with its summary) when every
 * successor is closed; false when out of memory. */
bool por_search_leave_state(search *s, uint32_t id, size_t depth);

/* Adds [label] and everything explored from stack state [root] so far to the summary of the
 * top frame (stateless back edge); false when out of memory. */
bool por_search_summarize_back_edge(search *s, uint32_t label, uint32_t root);

/* Records the Lr edge [f] --[label]--> [succ], [renamed] as por_store_add_edge (searches that keep
 * Lr); false when out of memory. */
bool por_search_add_edge(search *s, const frame *f, uint32_t label, uint32_t succ, bool renamed);

/* Adds the probed transition of [t] from [f] to known state [succ] to Lr without exploring it
 * (Algorithm 3 line 27): counts, reports and links it. */
bool por_search_record_known(search *s, frame *f, size_t t, uint32_t succ);

/* Sets the search error to out of memory; returns false. */
bool por_search_nomem(search *s);

/* Returns the interned label of [t]'s next transition in the lts's current state (NONE when
 * out of memory). */
uint32_t por_search_peek_label(search *s, size_t t);

/* Returns the threads whose next transitions are pending in the lts's current state, whose
 * enabled threads are [enabled]: the waiting ones and, in an end state, the ones it stopped. */
por_tset por_search_pending(const search *s, por_tset enabled);

/* Runs, from the state of frames[d], the threads of the stack transitions [events][0 .. count)
 * in order and sets [*ok] when each could run and [t]'s next transition then has interned
 * label [label]. Leaves the lts off the stack, or, for an lts that restores only along the path,
 * re-runs the stack's path from frames[d] and saves its states again. False on an lts error or
 * out of memory. */
bool por_search_replay(search *s, size_t d, const uint32_t *events, size_t count, size_t t,
                       uint32_t label, bool *ok);

/* ---- Livelocks (livelock.c) ----------------------------------------------------------------- */

/* True when the search finds livelocks with Tarjan's algorithm over the states it stores (the
 * stateful searches but o-dpor and cartesian): state ids then number the states in the order
 * they are pushed, which the algorithm needs. */
static inline bool search_keeps_components(const search *s)
{
    return s->st.scc;
}

/* New state [f] was pushed: it opens a component of its own; false when out of memory. */
bool por_scc_enter(search *s, frame *f);

/* [f] has an explored edge to known state [succ]. */
static inline void por_scc_edge(search *s, frame *f, uint32_t succ)
{
    if (!search_keeps_components(s)) return;
    if (!bit_get(s->st.scc_open, succ))
        f->exits = true;
    else if (succ < f->low)
        f->low = succ;
}

/* [f] has an explored edge to a state that is not in this search's store: one another worker
 * explored completely, or that this one passed through and left (parallel searches). */
static inline void por_scc_edge_out(search *s, frame *f)
{
    if (search_keeps_components(s)) f->exits = true;
}

/* Marks the state of id [id] done in the shared set as it leaves this worker (mark_shared_done),
 * [foreign] when the worker only passed through it; false when out of memory. */
bool por_search_mark_done(search *s, uint32_t id, bool foreign);

/* [f], the top frame, is about to be popped (its snapshot still alive): when it is the root of
 * its component, closes the component and reports it as a livelock when no explored edge
 * leaves it and it is no final state (confirmed by a full search from it unless the search
 * explores every enabled thread); passes what it found to its parent. False on an lts error or
 * out of memory. */
bool por_scc_leave(search *s, frame *f);

/* After a pop that closed a component: a parallel worker marks its states done (as they leave
 * the worker, see por_search_mark_done) and drops them from its store, which holds the states of
 * its stack and open components only. False when out of memory. */
bool por_scc_retire(search *s);

/* A search that keeps no graph of its states (stateless, the DPOR family, cartesian) looks for
 * livelocks where every path into one must pass: the lts is at a state reached by the threads
 * [path][0 .. depth) that closes a cycle of the current path. Unless examined
 * before or known to finish, a search of every thread from it reports each livelock it meets
 * (a bottom component, at its smallest state, once) before a final state. False on an lts error
 * or out of memory. */
bool por_examine_state(search *s, const uint8_t *path, size_t depth);

/* Frees the search's livelock bookkeeping. */
void por_scc_free(search *s);

/* ---- Cartesian POR (cartesian.c) ------------------------------------------------------------ */

/* Returns the hooks of the cartesian search (a search of its own). */
const algo_ops *por_cartesian_algo(void);

/* ---- The DPOR family (dpor.c) ---------------------------------------------------------------- */

/* Records the next label of every unfinished thread of the new top frame [f]. */
bool por_dpor_record_nexts(search *s, frame *f);

/* Puts every enabled thread of [f] into its backtrack set (its wakeup tree for optimal-dpor):
 * its chosen transition led to an end state that stopped threads. False when out of memory. */
bool por_dpor_expand(search *s, frame *f);

/* Grows the DPOR arrays from [old] to [cap] stack frames; false when out of memory. */
bool por_dpor_grow(search *s, size_t old, size_t cap);

/* Frees the DPOR arrays of [s]. */
void por_dpor_free(search *s);

/* Returns the hooks of the DPOR algorithm [algo] (NULL for the others). */
const algo_ops *por_dpor_algo(por_algo algo);

#endif
