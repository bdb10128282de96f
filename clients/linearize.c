/* clients: the linearizable outcomes of a client, enumerated on a sequential object.
 *
 * A node is (progress of every sequence, object state). From a node, every enabled sequence (the
 * prefix until it is done; then every unfinished thread; then the suffix) runs its next
 * invocation. F(node), the set of result tuples of the invocations still to run, is
 * the union over the enabled sequences of (that invocation's result, F(child)). An invocation
 * that would wait for ever when run on its own from the node's state has no child: the order
 * waits for the other sequences. When every enabled sequence's next invocation waits for ever,
 * the node is a blocked end: F(node) is the one *blocked outcome* whose enabled invocations are
 * BLOCKED and whose later ones (of those sequences, of the threads not started while the prefix
 * blocks, of the suffix, which runs only after every thread) are NOT_RUN. Two paths that reach
 * the same node share F, so each distinct (progress, fingerprint) is expanded once: the work is
 * bounded by the number of distinct nodes, not of linearizations. Tuples are arrays of interned
 * value ids over the whole client, UNSET where an invocation already ran. */
#include <string.h>
#include <xxhash.h>

#include "internal.h"

/* The id of an invocation whose result lies before the node. */
#define UNSET 0xFFFFu

/* Sequences of a client: the prefix, the threads, the suffix. */
enum { MAX_SEQS = CLIENT_MAX_THREADS + 2 };

/* The empty sequence that stands for an absent prefix or suffix. */
static const client_sequence no_calls = {0, NULL};

/* A set of tuples under construction or done: [count] tuples of [width] ids, deduplicated
 * through an open-addressing index. */
typedef struct tuple_set {
    uint16_t *tuples;
    size_t count, cap;
    uint32_t *index; /* slot -> tuple number + 1; 0 empty */
    size_t index_cap;
} tuple_set;

/* One expanded node. */
typedef struct memo_entry {
    client_fp fp;
    const uint8_t *progress; /* NULL: empty slot */
    tuple_set *set;
} memo_entry;

/* The enumerator's state. */
typedef struct lin {
    const client *c;
    const client_object *obj;
    client_lin_run *run;
    client_error *err;
    size_t seq_count, width;
    seq_view view;
    uint8_t progress[MAX_SEQS];
    client_value *vals; /* interned results, by id */
    size_t val_count, val_cap;
    base_arena arena; /* value strings and memo keys */
    memo_entry *memo;
    size_t memo_count, memo_cap;
    uint16_t blocked_id, not_run_id; /* interned BLOCKED and NOT_RUN */
} lin;

/* ---- Tuple sets ------------------------------------------------------------------------------ */

/* Hash of a tuple of [width] ids. */
static size_t tuple_hash(const uint16_t *t, size_t width)
{
    return (size_t)XXH3_64bits(t, width * sizeof *t);
}

/* Rebuilds the index of [s] with twice the slots. */
static bool reindex(tuple_set *s, size_t width)
{
    size_t cap = s->index_cap ? s->index_cap * 2 : 16;
    uint32_t *index = base_calloc(cap, sizeof *index);
    if (!index) return false;
    for (size_t i = 0; i < s->count; i++) {
        size_t h = tuple_hash(&s->tuples[i * width], width) & (cap - 1);
        while (index[h]) h = (h + 1) & (cap - 1);
        index[h] = (uint32_t)(i + 1);
    }
    base_free(s->index);
    s->index = index;
    s->index_cap = cap;
    return true;
}

/* Adds tuple [t] to [s] unless present; false when out of memory. */
static bool tuple_add(tuple_set *s, const uint16_t *t, size_t width)
{
    if (2 * (s->count + 1) > s->index_cap && !reindex(s, width)) return false;
    size_t h = tuple_hash(t, width) & (s->index_cap - 1);
    for (; s->index[h]; h = (h + 1) & (s->index_cap - 1))
        if (!memcmp(&s->tuples[(s->index[h] - 1) * width], t, width * sizeof *t)) return true;
    if (s->count == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 4;
        uint16_t *tuples = base_realloc(s->tuples, cap * (width ? width : 1) * sizeof *tuples);
        if (!tuples) return false;
        s->tuples = tuples;
        s->cap = cap;
    }
    if (width) memcpy(&s->tuples[s->count * width], t, width * sizeof *t);
    s->index[h] = (uint32_t)(++s->count);
    return true;
}

/* Frees [s] and its arrays; NULL is ignored. */
static void tuple_set_free(tuple_set *s)
{
    if (!s) return;
    base_free(s->tuples);
    base_free(s->index);
    base_free(s);
}

/* Drops the index of a finished set (it is only read from now on). */
static void tuple_set_seal(tuple_set *s)
{
    base_free(s->index);
    s->index = NULL;
    s->index_cap = 0;
}

/* ---- Errors, values, memo -------------------------------------------------------------------- */

/* Fails with CLIENT_ERR_NOMEM. */
static client_status lin_nomem(lin *l)
{
    return client_fail(l->err, CLIENT_ERR_NOMEM, "out of memory enumerating linearizations");
}

/* Interns result [v] (copying its strings) and stores its id in [*id]. */
static client_status intern(lin *l, const client_value *v, uint16_t *id)
{
    for (size_t i = 0; i < l->val_count; i++)
        if (!client_value_compare(&l->vals[i], v)) {
            *id = (uint16_t)i;
            return CLIENT_OK;
        }
    if (l->val_count == UNSET)
        return client_fail(l->err, CLIENT_ERR_LIMIT, "more than %u distinct results", UNSET);
    if (l->val_count == l->val_cap) {
        size_t cap = l->val_cap ? l->val_cap * 2 : 16;
        client_value *vals = base_realloc(l->vals, cap * sizeof *vals);
        if (!vals) return lin_nomem(l);
        l->vals = vals;
        l->val_cap = cap;
    }
    if (!client_value_copy(&l->arena, v, &l->vals[l->val_count])) return lin_nomem(l);
    *id = (uint16_t)l->val_count++;
    return CLIENT_OK;
}

/* Hash of the node ([fp], current progress). */
static size_t node_hash(const lin *l, client_fp fp)
{
    return (size_t)(fp.lo ^ XXH3_64bits_withSeed(l->progress, l->seq_count, fp.hi));
}

/* Returns the set of node ([fp], current progress), or NULL when not expanded yet. */
static tuple_set *memo_find(const lin *l, client_fp fp)
{
    if (!l->memo_cap) return NULL;
    for (size_t h = node_hash(l, fp) & (l->memo_cap - 1); l->memo[h].progress;
         h = (h + 1) & (l->memo_cap - 1)) {
        const memo_entry *e = &l->memo[h];
        if (e->fp.lo == fp.lo && e->fp.hi == fp.hi &&
            !memcmp(e->progress, l->progress, l->seq_count))
            return e->set;
    }
    return NULL;
}

/* Places entry [e] with hash [hash] into table [memo] of [cap] slots. */
static void memo_place(memo_entry *memo, size_t cap, const memo_entry *e, size_t hash)
{
    size_t h = hash & (cap - 1);
    while (memo[h].progress) h = (h + 1) & (cap - 1);
    memo[h] = *e;
}

/* Doubles the memo table. */
static bool memo_grow(lin *l)
{
    size_t cap = l->memo_cap ? l->memo_cap * 2 : 256;
    memo_entry *memo = base_calloc(cap, sizeof *memo);
    if (!memo) return false;
    uint8_t saved[MAX_SEQS];
    memcpy(saved, l->progress, l->seq_count);
    for (size_t i = 0; i < l->memo_cap; i++) {
        if (!l->memo[i].progress) continue;
        memcpy(l->progress, l->memo[i].progress, l->seq_count);
        memo_place(memo, cap, &l->memo[i], node_hash(l, l->memo[i].fp));
    }
    memcpy(l->progress, saved, l->seq_count);
    base_free(l->memo);
    l->memo = memo;
    l->memo_cap = cap;
    return true;
}

/* Records [set] as the set of node ([fp], current progress). */
static client_status memo_insert(lin *l, client_fp fp, tuple_set *set)
{
    if (2 * (l->memo_count + 1) > l->memo_cap && !memo_grow(l)) return lin_nomem(l);
    uint8_t *progress = base_arena_alloc(&l->arena, l->seq_count);
    if (!progress) return lin_nomem(l);
    memcpy(progress, l->progress, l->seq_count);
    memo_entry e = {fp, progress, set};
    memo_place(l->memo, l->memo_cap, &e, node_hash(l, fp));
    l->memo_count++;
    return CLIENT_OK;
}

/* ---- The search ------------------------------------------------------------------------------ */

void client_seq_view_init(const client *c, seq_view *v)
{
    v->count = 0;
    v->seqs[v->count++] = c->has_prefix ? &c->prefix : &no_calls;
    for (size_t t = 0; t < c->thread_count; t++) v->seqs[v->count++] = &c->threads[t];
    v->seqs[v->count++] = c->has_suffix ? &c->suffix : &no_calls;
}

uint32_t client_seq_view_enabled(const seq_view *v, const uint8_t *progress)
{
    size_t last = v->count - 1;
    if (progress[0] < v->seqs[0]->count) return 1u;
    uint32_t threads = 0;
    for (size_t s = 1; s < last; s++)
        if (progress[s] < v->seqs[s]->count) threads |= 1u << s;
    if (threads) return threads;
    return progress[last] < v->seqs[last]->count ? 1u << last : 0;
}

static client_status expand(lin *l, tuple_set **out);

/* Runs the next invocation of sequence [s], finds or expands the child node, and adds its
 * tuples, with this invocation's result filled in, to [acc]; sets [*blocked] (adding nothing)
 * when the invocation waits for ever. */
static client_status step(lin *l, size_t s, tuple_set *acc, bool *blocked)
{
    const client_invocation *inv = &l->view.seqs[s]->calls[l->progress[s]];
    client_value result;
    uint16_t id = 0;
    l->run->stats.invocations++;
    client_status st = l->obj->ops->invoke(l->obj->self, l->c, inv, &result, l->err);
    *blocked = st == CLIENT_ERR_BLOCKED;
    if (*blocked) {
        l->run->stats.blocked++;
        return CLIENT_OK;
    }
    if (st || (st = intern(l, &result, &id))) return st;
    client_fp fp = l->obj->ops->fingerprint(l->obj->self);
    l->progress[s]++;
    bool stateless = l->run->options.stateless;
    tuple_set *child = stateless ? NULL : memo_find(l, fp);
    if (child) l->run->stats.matched++;
    if (!child && !(st = expand(l, &child)) && !stateless && (st = memo_insert(l, fp, child)))
        tuple_set_free(child);
    l->progress[s]--;
    if (st) return st;
    uint16_t t[CLIENT_MAX_INVOCATIONS];
    for (size_t i = 0; i < child->count && !st; i++) {
        memcpy(t, &child->tuples[i * l->width], l->width * sizeof *t);
        t[inv->index] = id;
        if (!tuple_add(acc, t, l->width)) st = lin_nomem(l);
    }
    if (stateless) tuple_set_free(child);
    return st;
}

/* Adds to [acc] the blocked outcome of the current node: the next invocation of every sequence
 * of [next] BLOCKED, every other invocation still to run NOT_RUN. */
static client_status add_blocked(lin *l, uint32_t next, tuple_set *acc)
{
    static const client_value blocked = {.kind = CLIENT_VAL_BLOCKED},
                              not_run = {.kind = CLIENT_VAL_NOT_RUN};
    client_status st = intern(l, &blocked, &l->blocked_id);
    if (!st) st = intern(l, &not_run, &l->not_run_id);
    if (st) return st;
    uint16_t t[CLIENT_MAX_INVOCATIONS];
    for (size_t i = 0; i < l->width; i++) t[i] = UNSET;
    for (size_t s = 0; s < l->seq_count; s++) {
        const client_sequence *seq = l->view.seqs[s];
        for (size_t k = l->progress[s]; k < seq->count; k++)
            t[seq->calls[k].index] =
                k == l->progress[s] && next >> s & 1 ? l->blocked_id : l->not_run_id;
    }
    return tuple_add(acc, t, l->width) ? CLIENT_OK : lin_nomem(l);
}

/* Expands every enabled sequence from [snap]'s state, accumulating into [acc]; when every one
 * waits for ever, adds the node's blocked outcome instead. */
static client_status expand_children(lin *l, uint32_t next, client_snapshot *snap, tuple_set *acc)
{
    bool first = true, all_blocked = true;
    for (size_t s = 0; s < l->seq_count; s++) {
        if (!(next & (1u << s))) continue;
        if (!first) {
            l->obj->ops->restore(l->obj->self, snap);
            l->run->stats.restores++;
        }
        first = false;
        bool blocked;
        client_status st = step(l, s, acc, &blocked);
        if (st) return st;
        all_blocked = all_blocked && blocked;
    }
    return all_blocked ? add_blocked(l, next, acc) : CLIENT_OK;
}

/* Computes F of the current node into a new set [*out]. */
static client_status expand(lin *l, tuple_set **out)
{
    client_lin_stats *stats = &l->run->stats;
    if (l->run->options.max_nodes && stats->nodes >= l->run->options.max_nodes)
        return client_fail(l->err, CLIENT_ERR_LIMIT, "more than %zu linearization nodes",
                           l->run->options.max_nodes);
    stats->nodes++;
    tuple_set *acc = base_calloc(1, sizeof *acc);
    if (!acc) return lin_nomem(l);
    uint32_t next = client_seq_view_enabled(&l->view, l->progress);
    client_status st = CLIENT_OK;
    if (!next) {
        uint16_t t[CLIENT_MAX_INVOCATIONS];
        for (size_t i = 0; i < l->width; i++) t[i] = UNSET;
        if (!tuple_add(acc, t, l->width)) st = lin_nomem(l);
    } else {
        bool single = (next & (next - 1)) == 0;
        client_snapshot *snap = single ? NULL : l->obj->ops->save(l->obj->self);
        st = single || snap ? expand_children(l, next, snap, acc) : lin_nomem(l);
        if (snap) l->obj->ops->release(l->obj->self, snap);
    }
    if (st) {
        tuple_set_free(acc);
        return st;
    }
    tuple_set_seal(acc);
    if (acc->count > stats->max_set) stats->max_set = acc->count;
    *out = acc;
    return CLIENT_OK;
}

/* ---- Entry point ----------------------------------------------------------------------------- */

/* Turns the tuples of the root's set into the run's outcome set. */
static client_status collect(lin *l, const tuple_set *root)
{
    client_outcome_set *set = client_outcome_set_new(l->width);
    if (!set) return lin_nomem(l);
    client_value values[CLIENT_MAX_INVOCATIONS];
    for (size_t i = 0; i < root->count; i++) {
        for (size_t k = 0; k < l->width; k++) values[k] = l->vals[root->tuples[i * l->width + k]];
        client_status st = client_outcome_set_add(set, values, 1, l->err);
        if (st) {
            client_outcome_set_free(set);
            return st;
        }
    }
    l->run->outcomes = set;
    return CLIENT_OK;
}

/* Frees everything [l] holds. */
static void lin_free(lin *l)
{
    for (size_t i = 0; i < l->memo_cap; i++)
        if (l->memo[i].progress) tuple_set_free(l->memo[i].set);
    base_free(l->memo);
    base_free(l->vals);
    base_arena_release(&l->arena);
}

client_status client_linearize(const client *c, const client_object *obj, client_lin_run *run,
                               client_error *err)
{
    lin l = {.c = c, .obj = obj, .run = run, .err = err, .width = c->invocation_count};
    run->outcomes = NULL;
    memset(&run->stats, 0, sizeof run->stats);
    base_arena_init(&l.arena);
    client_seq_view_init(c, &l.view);
    l.seq_count = l.view.count;
    tuple_set *root = NULL;
    client_status st = obj->ops->reset(obj->self, err);
    if (!st) st = expand(&l, &root);
    if (!st) st = collect(&l, root);
    tuple_set_free(root);
    lin_free(&l);
    return st;
}
