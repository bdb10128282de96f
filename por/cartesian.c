/* Cartesian partial-order reduction: Gueta, Flanagan, Yahav, Sagiv, ../shared/seeds/
 * cartesian-por.txt. At every stored state s, CalcCV (its Fig. 6) computes a cartesian vector:
 * for each thread a prefix that it runs alone from s, such that only the last steps of two
 * prefixes may be dependent. The model-checking algorithm (its Fig. 7) runs each prefix without
 * a context switch and stores only the state at its end. A prefix that comes back to one of its
 * own states (a spin loop) ends there; the paper marks it infinite and does not go on from it,
 * which keeps every local state, but a run that leaves the loop later, when another thread
 * writes, would lose its end state, so porcheck goes on from the prefix's last state like from
 * any other (a state of the loop, stored once).
 *
 * The paper proves that every thread's local states are preserved (its Theorem 1); porcheck's
 * outcomes are end states, which are global. They are preserved too: take a run σ from s to an
 * end state and, among the prefixes of s, the one whose last step comes first in σ; every step
 * of σ before it is a step of some prefix that is not its last (a step that read another
 * thread's write first would be dependent on a non-last step), so all of them are independent of
 * that prefix's steps, which can be moved to the front of σ; by induction σ's end state is
 * reached. The argument needs the papers' assumption that no thread is disabled, which Java's
 * locks, waits and joins break; so a thread that cannot run at s gets a prefix of its pending
 * step alone, never run but counted as a last step, and a step that lets a waiting thread run is
 * the last of its prefix. A step into an end state that stops the threads still running (the
 * lts's stopped: daemon threads, a structure's own) disables them: it ends its prefix and
 * depends on every step of theirs. The differential test checks end states, deadlocks and failed
 * assertions against dfs on every random program. */
#include <string.h>

#include "internal.h"

/* The most steps a thread runs alone when CalcCV extends its prefix. */
enum { SOLO_MAX = 1024 };

/* A step of a thread running alone from the state being expanded. */
typedef struct solo_step {
    uint32_t label;
    bool enables; /* another thread that could not run at the state can run after it */
    bool closes;  /* it leads back to a state of the run (or the state itself) */
    bool stops;   /* it leads to an end state that stops the other threads (the lts's stopped):
                   * it disabled them, so it depends on every step of theirs */
} solo_step;

/* One state on the search stack: where its prefixes start, and which remain to be run. */
typedef struct cframe {
    por_snapshot *snap;
    uint32_t state;
    size_t path_len; /* steps of the schedule that lead to this state */
    por_tset todo;   /* threads whose prefix is still to be run */
} cframe;

/* The search's own arrays beside the common search state. */
typedef struct cart {
    search *s;
    cframe *frames;
    uint32_t *lengths; /* [cap * n] each frame's prefix length per thread */
    size_t depth, cap;
    uint8_t *path; /* the schedule: one thread id per step */
    size_t path_cap;
    solo_step *solo; /* [n * SOLO_MAX] the solo runs of the state being expanded */
    size_t *solo_len;
    por_fp *seen; /* [SOLO_MAX + 1] the states of one solo run */
    size_t steps; /* iterations of the loop and prefix steps, for the limits */
} cart;

/* ---- Solo runs ------------------------------------------------------------------------------- */

/* True when [fp] is one of the first [count] fingerprints of [seen]. */
static bool seen_before(const por_fp *seen, size_t count, por_fp fp)
{
    for (size_t i = 0; i < count; i++)
        if (seen[i].lo == fp.lo && seen[i].hi == fp.hi) return true;
    return false;
}

/* Runs thread [t] alone from the top frame's state until it finishes, waits, returns to a state
 * of the run, or has run SOLO_MAX steps; records each step in c->solo ([blocked]: the threads
 * that cannot run at the state). */
static bool solo_run(cart *c, size_t t, por_tset blocked)
{
    search *s = c->s;
    const por_lts_ops *ops = s->lts->ops;
    solo_step *steps = c->solo + t * SOLO_MAX;
    ops->restore(s->lts->model, c->frames[c->depth - 1].snap);
    c->seen[0] = s->st.fps[c->frames[c->depth - 1].state];
    size_t len = 0;
    while (len < SOLO_MAX && tset_has(ops->enabled(s->lts->model), t)) {
        uint32_t label = por_search_peek_label(s, t);
        if (label == NONE) return por_search_nomem(s);
        por_step_result r;
        if (!por_search_step(s, t, &r)) return false;
        por_fp fp = ops->fingerprint(s->lts->model);
        steps[len] = (solo_step){label, (ops->enabled(s->lts->model) & blocked) != 0,
                                 seen_before(c->seen, len + 1, fp),
                                 ops->stopped && ops->stopped(s->lts->model)};
        c->seen[++len] = fp;
        if (steps[len - 1].closes) break;
    }
    c->solo_len[t] = len;
    return true;
}

/* ---- CalcCV ---------------------------------------------------------------------------------- */

/* The vector being computed: each thread's prefix as the first len[t] steps of its solo run, or
 * (a thread that cannot run) its pending step alone. */
typedef struct vector {
    const cart *c;
    uint32_t *len;
    uint32_t pending[POR_MAX_THREADS]; /* waiting threads: the label of the step they wait for */
    por_tset waiting, extendable;
    bool any_object; /* the lts names objects by path (heap symmetry): compare fields only */
} vector;

/* True when [a] and [b] are dependent; with names that follow the path, two solo runs may name
 * one object differently, so any two objects count as one. */
static bool conflict(const vector *v, const por_label *a, const por_label *b)
{
    if (!v->any_object) return por_dependent(a, b);
    por_label any = *a;
    any.object = POR_ANY_OBJECT;
    return por_dependent(&any, b);
}

/* Returns the label of step [i] of [t]'s prefix. */
static const por_label *prefix_label(const vector *v, size_t t, size_t i)
{
    const search *s = v->c->s;
    if (tset_has(v->waiting, t)) return label_at(s, v->pending[t]);
    return label_at(s, v->c->solo[t * SOLO_MAX + i].label);
}

/* Returns the number of steps of [t]'s prefix (the pending step counts for a waiting thread). */
static size_t prefix_len(const vector *v, size_t t)
{
    return tset_has(v->waiting, t) ? 1 : v->len[t];
}

/* True when step [i] of [t]'s prefix stops the other threads (only a last step can). */
static bool prefix_stops(const vector *v, size_t t, size_t i)
{
    return !tset_has(v->waiting, t) && v->c->solo[t * SOLO_MAX + i].stops;
}

/* True when [l] (a step that stops the other threads when [stops]) depends on a step of [t]'s
 * prefix before its last one. */
static bool hits_inside(const vector *v, size_t t, const por_label *l, bool stops)
{
    size_t n = prefix_len(v, t);
    for (size_t i = 0; i + 1 < n; i++)
        if (stops || conflict(v, l, prefix_label(v, t, i))) return true;
    return false;
}

/* True when [l] (a step that stops the other threads when [stops]) depends on the last step of
 * [t]'s prefix. */
static bool hits_last(const vector *v, size_t t, const por_label *l, bool stops)
{
    size_t n = prefix_len(v, t);
    return n > 0 &&
           (stops || prefix_stops(v, t, n - 1) || conflict(v, l, prefix_label(v, t, n - 1)));
}

/* One iteration of CalcCV's loop for extendable thread [i]: stop it when its next step depends
 * on a step of another prefix before that prefix's last, else add the step, and stop both
 * threads when it depends on the other's last; a step that closes a cycle or lets another
 * thread run ends the prefix. */
static void extend(vector *v, por_tset prefixes, size_t i)
{
    if (v->len[i] == v->c->solo_len[i]) {
        v->extendable &= ~tset_of(i);
        return;
    }
    const solo_step *step = &v->c->solo[i * SOLO_MAX + v->len[i]];
    const por_label *l = label_at(v->c->s, step->label);
    for (por_tset m = prefixes & ~tset_of(i); m; m &= m - 1)
        if (hits_inside(v, tset_first(m), l, step->stops)) {
            v->extendable &= ~tset_of(i);
            return;
        }
    for (por_tset m = prefixes & ~tset_of(i); m; m &= m - 1)
        if (hits_last(v, tset_first(m), l, step->stops)) v->extendable &= ~(tset_of(i) | (m & -m));
    if (step->closes || step->enables || step->stops) v->extendable &= ~tset_of(i);
    v->len[i]++;
}

/* Stops both prefixes of every pair of [prefixes] whose last steps are dependent. */
static void stop_dependent_lasts(vector *v, por_tset prefixes)
{
    for (por_tset a = prefixes; a; a &= a - 1) {
        size_t i = tset_first(a), last = prefix_len(v, i) - 1;
        const por_label *l = prefix_label(v, i, last);
        for (por_tset b = a & (a - 1); b; b &= b - 1)
            if (hits_last(v, tset_first(b), l, prefix_stops(v, i, last)))
                v->extendable &= ~(tset_of(i) | (b & -b));
    }
}

/* CalcCV(s) over the solo runs of the threads [runnable] and the pending steps of [waiting]:
 * the minimal vector (a step that lets a waiting thread run is last already), then round-robin
 * extension while a prefix can grow. */
static void calc_cv(cart *c, vector *v, por_tset runnable)
{
    v->extendable = runnable;
    for (por_tset m = runnable; m; m &= m - 1) {
        size_t i = tset_first(m);
        v->len[i] = 1;
        if (c->solo[i * SOLO_MAX].enables) v->extendable &= ~tset_of(i);
    }
    por_tset prefixes = runnable | v->waiting;
    stop_dependent_lasts(v, prefixes);
    while (v->extendable)
        for (por_tset m = v->extendable; m; m &= m - 1)
            if (tset_has(v->extendable, tset_first(m))) extend(v, prefixes, tset_first(m));
}

/* ---- The search ------------------------------------------------------------------------------ */

/* Returns frames[d]'s prefix lengths (n of them). */
static uint32_t *lengths_of(const cart *c, size_t d)
{
    return c->lengths + d * c->s->n;
}

/* Makes room for one more frame; false when out of memory. */
static bool reserve_frame(cart *c)
{
    if (c->depth < c->cap) return true;
    size_t cap = c->cap ? c->cap * 2 : 32, n = c->s->n;
    if (!base_array_resize(&c->frames, sizeof *c->frames, c->cap, cap) ||
        !base_array_resize(&c->lengths, n * sizeof *c->lengths, c->cap, cap))
        return false;
    c->cap = cap;
    return true;
}

/* Computes the cartesian vector of the new top frame [f]: the threads to run and their prefix
 * lengths. */
static bool expand(cart *c, cframe *f)
{
    search *s = c->s;
    por_tset runnable = s->lts->ops->enabled(s->lts->model);
    vector v = {c, lengths_of(c, c->depth - 1), {0}, s->lts->ops->waiting(s->lts->model),
                0, s->lts->ops->names != NULL};
    for (por_tset m = v.waiting; m; m &= m - 1) { /* the lts is at the new state */
        v.pending[tset_first(m)] = por_search_peek_label(s, tset_first(m));
        if (v.pending[tset_first(m)] == NONE) return por_search_nomem(s);
    }
    for (por_tset m = runnable; m; m &= m - 1)
        if (!solo_run(c, tset_first(m), ~runnable)) return false;
    s->at_depth = -1;
    calc_cv(c, &v, runnable);
    f->todo = runnable;
    return true;
}

/* Pushes the lts's current state, new with id [id], reached by the first [path_len] steps. */
static bool push(cart *c, uint32_t id, size_t path_len)
{
    search *s = c->s;
    if (!reserve_frame(c)) return por_search_nomem(s);
    cframe *f = &c->frames[c->depth++];
    memset(f, 0, sizeof *f);
    f->state = id;
    f->path_len = path_len;
    f->snap = s->lts->ops->save(s->lts->model);
    if (!f->snap) {
        c->depth--;
        return por_search_nomem(s);
    }
    por_search_count_state(s, c->depth - 1, false);
    if (!s->lts->ops->enabled(s->lts->model)) {
        por_trace tr = {c->path, path_len};
        por_search_final(s, &tr);
        return true;
    }
    return expand(c, f);
}

/* Pops the top frame; a stateless search forgets its state. */
static void pop(cart *c)
{
    cframe *f = &c->frames[--c->depth];
    c->s->lts->ops->release(c->s->lts->model, f->snap);
    if (c->s->opt->stateless) por_store_drop_last(&c->s->st);
}

/* Runs one step of [t] as step [at] of the schedule: counts it, tells the observer, reports a
 * failed assertion. */
static bool run_prefix_step(cart *c, size_t t, size_t at, por_fp *from)
{
    search *s = c->s;
    if (!base_array_reserve(&c->path, &c->path_cap, at + 1, 1)) return por_search_nomem(s);
    c->path[at] = (uint8_t)t;
    por_label l;
    bool report = s->obs && s->obs->transition;
    if (report) {
        uint32_t id = por_search_peek_label(s, t);
        if (id == NONE) return por_search_nomem(s);
        l = *label_at(s, id);
    }
    por_step_result r;
    if (!por_search_step(s, t, &r)) return false;
    s->result->stats.transitions++;
    por_fp to = s->lts->ops->fingerprint(s->lts->model);
    if (report) {
        por_transition_event ev = {*from, to, l, true};
        s->obs->transition(s->obs->ctx, &ev);
    }
    *from = to;
    if (r != POR_STEP_ASSERT) return true;
    s->result->stats.assert_failures++;
    por_trace tr = {c->path, at + 1};
    if (s->obs && s->obs->assert_failed) s->obs->assert_failed(s->obs->ctx, t, &tr);
    por_search_violation(s);
    return true;
}

/* True when stored state [id] is on the stack of [c]. */
static bool on_stack(const cart *c, uint32_t id)
{
    for (size_t d = 0; d < c->depth; d++)
        if (c->frames[d].state == id) return true;
    return false;
}

/* Runs the prefix of [t] from the top frame and goes on from its last state unless it is
 * known; a known state on the stack closes a cycle, which a search that looks for livelocks
 * examines (por_examine_state). */
static bool run_prefix(cart *c, size_t t)
{
    search *s = c->s;
    cframe *f = &c->frames[c->depth - 1];
    s->lts->ops->restore(s->lts->model, f->snap);
    por_fp fp = s->st.fps[f->state];
    size_t at = f->path_len, k = lengths_of(c, c->depth - 1)[t];
    for (size_t i = 0; i < k && !s->stopped; i++) {
        if (!run_prefix_step(c, t, at++, &fp)) return false;
        por_search_check_limits(s, ++c->steps);
    }
    if (s->stopped) return true;
    uint32_t known = por_store_find(&s->st, fp);
    if (known != NONE) {
        s->result->stats.states_visited++;
        return !s->examines || !on_stack(c, known) || por_examine_state(s, c->path, at);
    }
    uint32_t id = por_store_add(&s->st, fp);
    if (id == NONE) return por_search_nomem(s);
    return push(c, id, at);
}

/* The DFS over stored states (Fig. 7 with a stack, so that an lts that restores only along the
 * path can follow it): run the next prefix of the top frame, or pop it. */
static bool explore(cart *c)
{
    search *s = c->s;
    por_fp fp = s->lts->ops->fingerprint(s->lts->model);
    uint32_t id = por_store_add(&s->st, fp);
    if (id == NONE) return por_search_nomem(s);
    if (!push(c, id, 0)) return false;
    while (c->depth > 0 && !s->stopped) {
        s->depth = c->depth; /* what a progress report shows */
        por_search_check_limits(s, ++c->steps);
        if (s->stopped) break;
        cframe *f = &c->frames[c->depth - 1];
        if (!f->todo) {
            pop(c);
            continue;
        }
        size_t t = por_search_pick(s, f->todo);
        f->todo &= ~tset_of(t);
        if (!run_prefix(c, t)) return false;
    }
    return true;
}

/* Runs the cartesian search on [s] and frees what it used. */
static bool cartesian_run(search *s)
{
    cart c;
    memset(&c, 0, sizeof c);
    c.s = s;
    c.solo = base_calloc(s->n * SOLO_MAX, sizeof *c.solo);
    c.solo_len = base_calloc(s->n, sizeof *c.solo_len);
    c.seen = base_calloc(SOLO_MAX + 1, sizeof *c.seen);
    bool ok = c.solo && c.solo_len && c.seen ? explore(&c) : por_search_nomem(s);
    while (c.depth > 0) pop(&c);
    s->depth = 0;
    base_free(c.frames);
    base_free(c.lengths);
    base_free(c.path);
    base_free(c.solo);
    base_free(c.solo_len);
    base_free(c.seen);
    return ok;
}

static const algo_ops cartesian_ops = {.run = cartesian_run};

const algo_ops *por_cartesian_algo(void)
{
    return &cartesian_ops;
}
