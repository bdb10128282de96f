/* Livelocks: states from which no final state can be reached, whatever the threads do. A final
 * state has no enabled thread (every thread finished, or a deadlock); a state that cannot reach
 * one belongs to a cycle of states the threads never leave: a thread spinning on a flag that no
 * thread will set, a lock-free retry that can never succeed. Such an interleaving has no outcome
 * to check, so a search that only looks at final states says nothing about it.
 *
 * Tarjan's algorithm, on the fly, over the edges the search explores: a state opens a
 * component when it is pushed (its id, given in push order, is its Tarjan index); an edge to a
 * state whose component is still open lowers the source's lowlink, an edge to a closed one
 * leaves the component; a state whose lowlink is its own id when it is popped closes its
 * component. A closed component that no explored edge leaves and that is not one final state is
 * a bottom component of the explored graph: none of its states reaches a final state by the
 * explored edges. Every state that cannot reach a final state reaches such a component, so
 * reporting these finds a livelock whenever the explored graph has one.
 *
 * dfs and jpf explore every enabled thread, so their graph is the whole state space and such a
 * component is a livelock. The reduced searches explore fewer edges, and a component they leave
 * by an unexplored edge only is no livelock: before reporting one they confirm it with a search
 * of every enabled thread from its root, which reports it only when that search meets no final
 * state. Their reduced graphs reach a livelock when the state space has one: each state's
 * explored set is persistent and every cycle holds a fully expanded state (the cycle proviso), so
 * a path into the states that cannot finish can be commuted into the explored graph, as for
 * deadlocks (the differential tests compare with dfs on random programs with spin loops).
 *
 * A search that keeps no graph (stateless, the DPOR family; o-dpor, which explores states again)
 * examines instead each state that closes a cycle of its current path: every path into a bottom
 * component stays in it, so it closes a cycle there, and the search from that state reports it.
 * Each state is examined once; the states on the way to a final state met are known to finish.
 *
 * Every livelock is reported at the state of its bottom component with the smallest fingerprint,
 * once per search (por_search_shared's workers share the book), so that every search, order and
 * worker count reports the same ones. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include "internal.h"

/* ---- The search of every thread from a candidate ------------------------------------------ */

/* A state on the stack of a search of every thread: the state, the threads still to run from it,
 * the thread whose step led to it, and its Tarjan bookkeeping (id, lowlink, an edge leaving its
 * component). */
typedef struct nframe {
    por_snapshot *snap;
    por_tset todo;
    uint32_t id, low;
    bool exits;
    uint8_t thread;
} nframe;

/* A search of every enabled thread from one state (the full state space below it), on the fly
 * with Tarjan's algorithm: it stops at the first final state it meets (or, given a target, at
 * the target), and hands each bottom component it closes (a cycle no thread can leave, no final
 * state in it) to [bottom]. */
typedef struct nested {
    search *s;
    store seen;    /* the states met, ids in the order met; scc_open kept */
    nframe *stack; /* the search stack; stack[0] is the start */
    size_t len, cap;
    uint32_t *scc; /* the states of the open components */
    size_t scc_len, scc_cap;
    bool final;                                    /* a final state was met */
    bool (*bottom)(struct nested *n, size_t root); /* stack[root] closes a bottom component;
                                                    * false on an error */
    void *ctx;                                     /* for [bottom] */
    uint8_t *path;   /* with a target: where the threads that reach it are appended */
    size_t path_len; /* ... at this place */
    por_fp target;   /* with [path]: the state the search stops at */
    bool found;      /* the target was met; the lts is at it */
} nested;

/* Takes the lts's current state, reached by [thread], in: a known state lowers the top frame's
 * lowlink or leaves its component, a final state ends the search, a new one is pushed. */
static bool nested_visit(nested *n, uint8_t thread)
{
    const por_lts *lts = n->s->lts;
    por_fp fp = lts->ops->fingerprint(lts->model);
    if (n->path && fp.lo == n->target.lo && fp.hi == n->target.hi) {
        for (size_t k = 1; k <= n->len; k++)
            n->path[n->path_len++] = k < n->len ? n->stack[k].thread : thread;
        n->found = true;
        return true;
    }
    uint32_t id = por_store_find(&n->seen, fp);
    if (id != NONE) {
        nframe *top = &n->stack[n->len - 1];
        if (!bit_get(n->seen.scc_open, id))
            top->exits = true;
        else if (id < top->low)
            top->low = id;
        return true;
    }
    if ((id = por_store_add(&n->seen, fp)) == NONE) return por_search_nomem(n->s);
    por_tset enabled = lts->ops->enabled(lts->model);
    if (!enabled) {
        n->final = true;
        return true;
    }
    if (!base_array_reserve(&n->stack, &n->cap, n->len + 1, sizeof *n->stack) ||
        !base_array_reserve(&n->scc, &n->scc_cap, n->scc_len + 1, sizeof *n->scc))
        return por_search_nomem(n->s);
    por_snapshot *snap = lts->ops->save(lts->model);
    if (!snap) return por_search_nomem(n->s);
    n->stack[n->len++] = (nframe){snap, enabled, id, id, false, thread};
    n->scc[n->scc_len++] = id;
    bit_set(n->seen.scc_open, id, true);
    return true;
}

/* Pops the top frame: closes its component when it is the root (handing a bottom one to
 * [bottom] first), else passes its lowlink and exits to its parent. */
static bool nested_pop(nested *n)
{
    nframe *f = &n->stack[n->len - 1], *parent = n->len > 1 ? f - 1 : NULL;
    bool ok = true;
    if (f->low != f->id) {
        if (f->low < parent->low) parent->low = f->low;
        parent->exits |= f->exits;
    } else {
        if (!f->exits && n->bottom) ok = n->bottom(n, n->len - 1);
        uint32_t id;
        do {
            id = n->scc[--n->scc_len];
            bit_set(n->seen.scc_open, id, false);
        } while (id != f->id);
        if (parent) parent->exits = true;
    }
    n->s->lts->ops->release(n->s->lts->model, f->snap);
    n->len--;
    return ok;
}

/* Runs the search from the lts's current state until it is over, meets a final state (or its
 * target) or a limit stops the search it serves; false on an lts error or out of memory. */
static bool nested_run(nested *n)
{
    const por_lts *lts = n->s->lts;
    n->seen.scc = true;
    if (!nested_visit(n, 0)) return false;
    for (size_t i = 1; n->len && !n->final && !n->found; i++) {
        if (!n->path) por_search_check_limits(n->s, i); /* a walk stays in one component */
        if (n->s->stopped) return true;
        nframe *top = &n->stack[n->len - 1];
        if (!top->todo) {
            if (!nested_pop(n)) return false;
            continue;
        }
        size_t t = tset_first(top->todo);
        top->todo &= top->todo - 1;
        lts->ops->restore(lts->model, top->snap);
        por_step_result r;
        if (!por_search_step(n->s, t, &r) || !nested_visit(n, (uint8_t)t)) return false;
    }
    return true;
}

/* Frees what [n] holds. */
static void nested_free(nested *n)
{
    for (size_t i = 0; i < n->len; i++) n->s->lts->ops->release(n->s->lts->model, n->stack[i].snap);
    base_free(n->stack);
    base_free(n->scc);
    por_store_free(&n->seen);
}

/* Sets [*stuck] when no final state is reachable from the state of snapshot [root] by any
 * thread, handing each bottom component met to [bottom] (NULL: none) on the way; when a final
 * state is met, adds the states on the way to it to [finishing] (NULL: none). False on an lts
 * error or out of memory. Leaves the lts off the search's stack. */
static bool cannot_finish(search *s, por_snapshot *root, bool (*bottom)(nested *, size_t),
                          void *ctx, store *finishing, bool *stuck)
{
    nested n = {.s = s, .bottom = bottom, .ctx = ctx};
    s->lts->ops->restore(s->lts->model, root);
    s->at_depth = -1;
    bool ok = nested_run(&n);
    *stuck = ok && !n.final && !s->stopped;
    for (size_t i = 0; ok && n.final && finishing && i < n.len; i++)
        if (por_store_find(finishing, n.seen.fps[n.stack[i].id]) == NONE &&
            por_store_add(finishing, n.seen.fps[n.stack[i].id]) == NONE)
            ok = por_search_nomem(s);
    nested_free(&n);
    return ok;
}

por_status por_can_finish(const por_lts *lts, const por_options *opt, bool *can, por_error *err)
{
    por_options none;
    por_options_init(&none);
    por_result result;
    memset(&result, 0, sizeof result);
    search s;
    memset(&s, 0, sizeof s);
    s.lts = lts;
    s.opt = opt ? opt : &none;
    s.result = &result;
    s.err = err;
    err->status = POR_OK;
    err->message[0] = '\0';
    clock_gettime(CLOCK_MONOTONIC, &s.start);
    *can = true;
    por_snapshot *start = lts->ops->save(lts->model);
    if (!start) return por_fail(err, POR_ERR_NOMEM, "out of memory");
    bool stuck = false;
    bool ok = cannot_finish(&s, start, NULL, NULL, NULL, &stuck);
    lts->ops->restore(lts->model, start);
    lts->ops->release(lts->model, start);
    *can = !stuck;
    return ok ? POR_OK : err->status;
}

/* ---- Reporting a bottom component ------------------------------------------------------------ */

/* Where a livelock is reported from: the main search's path to the candidate (its depth). */
typedef struct report_ctx {
    const uint8_t *path;
    size_t depth;
} report_ctx;

/* Returns where the component of [n] whose root is stack[root] starts on the component stack:
 * its states are the entries from there to the top. */
static size_t component_start(const nested *n, size_t root)
{
    size_t i = n->scc_len;
    while (n->scc[i - 1] != n->stack[root].id) i--;
    return i - 1;
}

/* Returns the smallest fingerprint of the states of [n]'s component stack from [start] on. */
static por_fp smallest_member(const nested *n, size_t start)
{
    por_fp min = n->seen.fps[n->scc[start]];
    for (size_t k = start; k < n->scc_len; k++) {
        por_fp fp = n->seen.fps[n->scc[k]];
        if (fp.hi < min.hi || (fp.hi == min.hi && fp.lo < min.lo)) min = fp;
    }
    return min;
}

/* True when the search (every worker of it) has reported the livelock whose smallest state is
 * [fp]; else records it (out of memory, it may be reported again). */
static bool already_reported(search *s, por_fp fp)
{
    livelock_book *b = s->livelocks;
    if (b->lock) pthread_mutex_lock(b->lock);
    bool seen = por_store_find(&b->reported, fp) != NONE;
    if (!seen) por_store_add(&b->reported, fp);
    if (b->lock) pthread_mutex_unlock(b->lock);
    return seen;
}

/* Steps from the state of [from] through the component (which every path from it stays in) to
 * its state [target], appending the threads to [path] at [*len] (room for one per state of the
 * component) and setting [*found] (the lts then at the target); false on an lts error or out of
 * memory. */
static bool walk_to(search *s, por_snapshot *from, por_fp target, uint8_t *path, size_t *len,
                    bool *found)
{
    nested n = {.s = s, .path = path, .path_len = *len, .target = target};
    s->lts->ops->restore(s->lts->model, from);
    bool ok = nested_run(&n);
    *len = n.path_len;
    *found = n.found;
    nested_free(&n);
    return ok;
}

/* [bottom] of a candidate's search: reports the component rooted at stack[root] as a livelock,
 * at its smallest state (the same state whichever path or worker found it), once. */
static bool report_bottom(nested *n, size_t root)
{
    search *s = n->s;
    const report_ctx *rc = n->ctx;
    size_t start = component_start(n, root);
    por_fp target = smallest_member(n, start);
    if (already_reported(s, target)) return true;
    uint8_t *path = base_malloc(rc->depth + root + (n->scc_len - start) + 1);
    if (!path) return por_search_nomem(s);
    size_t len = rc->depth;
    if (len) memcpy(path, rc->path, len);
    for (size_t k = 1; k <= root; k++) path[len++] = n->stack[k].thread;
    bool found = false, ok = walk_to(s, n->stack[root].snap, target, path, &len, &found);
    if (ok && found) {
        s->result->stats.livelocks++;
        por_verdict v = POR_VIOLATION;
        if (s->obs && s->obs->livelock) {
            por_trace tr = {path, len};
            v = s->obs->livelock(s->obs->ctx, &tr, s->lts->ops->enabled(s->lts->model));
        }
        if (v != POR_ACCEPT) por_search_violation(s);
    }
    base_free(path);
    return ok;
}

/* ---- Components ------------------------------------------------------------------------------ */

bool por_scc_enter(search *s, frame *f)
{
    f->low = f->state;
    f->exits = false;
    if (!search_keeps_components(s)) return true;
    if (!base_array_reserve(&s->scc_stack, &s->scc_cap, s->scc_len + 1, sizeof *s->scc_stack))
        return por_search_nomem(s);
    if (s->shared) {
        if (!base_array_reserve(&s->scc_foreign, &s->scc_foreign_cap, (size_t)f->state + 1,
                                sizeof *s->scc_foreign))
            return por_search_nomem(s);
        s->scc_foreign[f->state] = f->foreign;
    }
    s->scc_stack[s->scc_len++] = f->state;
    bit_set(s->st.scc_open, f->state, true);
    return true;
}

/* Closes the component whose root is [root]: its states leave the component stack. */
static void close_component(search *s, uint32_t root)
{
    uint32_t id;
    do {
        id = s->scc_stack[--s->scc_len];
        bit_set(s->st.scc_open, id, false);
    } while (id != root);
}

/* The component rooted at [f] (at depth [d]) has no explored edge out and is no final state: a
 * search of every thread from it reports the cycles it cannot leave (for dfs and jpf, the
 * component itself), unless it meets a final state first. */
static bool report_livelock(search *s, frame *f, size_t d)
{
    report_ctx rc = {s->path, d};
    bool stuck = false;
    return cannot_finish(s, f->snap, report_bottom, &rc, NULL, &stuck);
}

bool por_examine_state(search *s, const uint8_t *path, size_t depth)
{
    const por_lts *lts = s->lts;
    por_fp fp = lts->ops->fingerprint(lts->model);
    if (por_store_find(&s->examined, fp) != NONE || por_store_find(&s->finishing, fp) != NONE)
        return true;
    if (por_store_add(&s->examined, fp) == NONE) return por_search_nomem(s);
    por_snapshot *snap = lts->ops->save(lts->model);
    if (!snap) return por_search_nomem(s);
    report_ctx rc = {path, depth};
    bool stuck = false;
    bool ok = cannot_finish(s, snap, report_bottom, &rc, &s->finishing, &stuck);
    lts->ops->release(lts->model, snap);
    return ok;
}

bool por_scc_leave(search *s, frame *f)
{
    s->scc_closed = NONE;
    if (!search_keeps_components(s)) return true;
    size_t d = (size_t)(f - s->frames);
    frame *parent = d ? f - 1 : NULL;
    if (f->low != f->state) { /* its component goes on above it */
        if (f->low < parent->low) parent->low = f->low;
        parent->exits |= f->exits;
        return true;
    }
    close_component(s, f->state);
    s->scc_closed = f->state;
    if (parent) parent->exits = true;
    if (f->exits || !f->enabled || s->stopped) return true;
    return report_livelock(s, f, d);
}

bool por_scc_retire(search *s)
{
    if (!s->shared || s->scc_closed == NONE) return true;
    while (s->st.count > s->scc_closed) {
        uint32_t id = (uint32_t)s->st.count - 1;
        if (!por_search_mark_done(s, id, s->scc_foreign[id])) return false;
        por_store_drop_last(&s->st);
    }
    s->scc_closed = NONE;
    return true;
}

void por_scc_free(search *s)
{
    por_store_free(&s->examined);
    por_store_free(&s->finishing);
    base_free(s->scc_foreign);
    base_free(s->scc_stack);
    if (s->livelocks == &s->own_livelocks) por_store_free(&s->own_livelocks.reported);
}
