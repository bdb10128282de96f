/* The DFS engine every algorithm shares: an explicit stack of frames, successor probing, state
 * matching, the cycle proviso, limits and observer calls. The algorithms (algo.c) plug in what
 * to explore next and what to update when a transition is taken or the search backtracks. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <string.h>

#include "internal.h"

enum { LIMIT_CHECK_EVERY = 256 };

/* The peak memory is read once per this many states (and at the end): the count of bytes in
 * use is one counter that every thread's allocations change, so that reading it at every state
 * of a parallel search missed the cache each time (1.2% of a 2-worker search's samples). */
enum { PEAK_SAMPLE_EVERY = 64 };

/* ---- Errors and the lts ---------------------------------------------------------------------- */

bool por_search_nomem(search *s)
{
    por_fail(s->err, POR_ERR_NOMEM, "out of memory after %zu states", s->result->stats.states_new);
    return false;
}

/* Makes the lts current state that of frames[d]. */
static void goto_frame(search *s, size_t d)
{
    if (s->at_depth == (int)d && s->at_thread < 0) return;
    s->lts->ops->restore(s->lts->model, s->frames[d].snap);
    s->at_depth = (int)d;
    s->at_thread = -1;
}

bool por_search_step(search *s, size_t t, por_step_result *out)
{
    s->result->stats.steps++;
    *out = s->lts->ops->step(s->lts->model, t, s->err);
    if (*out != POR_STEP_ERROR) return true;
    if (s->err->status == POR_OK) por_fail(s->err, POR_ERR_LTS, "thread %zu failed to step", t);
    s->err->status = POR_ERR_LTS;
    return false;
}

/* Makes the lts current state the successor of frames[d] by [t]. */
static bool goto_successor(search *s, size_t d, size_t t)
{
    if (s->at_depth == (int)d && s->at_thread == (int)t) return true;
    goto_frame(s, d);
    por_step_result r;
    if (!por_search_step(s, t, &r)) return false;
    s->at_thread = (int)t;
    return true;
}

uint32_t por_search_peek_label(search *s, size_t t)
{
    por_label l;
    memset(&l, 0, sizeof l);
    s->lts->ops->peek(s->lts->model, t, &l);
    l.thread = (uint32_t)t;
    if (l.access == POR_INVISIBLE) l.object = l.field = 0;
    return por_labels_intern(&s->lb, &l);
}

por_tset por_search_pending(const search *s, por_tset enabled)
{
    por_tset pending = s->lts->ops->waiting(s->lts->model);
    if (!enabled && s->lts->ops->stopped) pending |= s->lts->ops->stopped(s->lts->model);
    return pending;
}

/* Returns the slot of [fp] in the worker's cache of the states it marked done, or NULL while it
 * has none. */
static inline por_fp *recent_slot(const search *s, por_fp fp)
{
    return s->recent ? &s->recent[fp.lo & (POR_RECENT_SLOTS - 1)] : NULL;
}

/* Starts loading what the search will ask about successor [fp]: the store's index slot, or in
 * parallel the worker's done cache and the shared table's home slot (two misses that overlap). */
static void prefetch_known(const search *s, por_fp fp)
{
    if (!s->shared) {
        por_store_prefetch(&s->st, fp);
        return;
    }
    if (s->recent) __builtin_prefetch(recent_slot(s, fp));
    por_shared_set_prefetch(s->shared, fp);
}

bool por_search_probe(search *s, frame *f, size_t t)
{
    if (tset_has(f->probed, t)) return true;
    size_t d = (size_t)(f - s->frames);
    probe *p = &s->probes[d * s->n + t];
    goto_frame(s, d);
    p->label = NONE; /* dfs, jpf and S-POR never read it unless an observer wants transitions */
    if (s->algo->uses_lr || s->algo->dpor || (s->obs && s->obs->transition)) {
        p->label = por_search_peek_label(s, t);
        if (p->label == NONE) return por_search_nomem(s);
    }
    por_step_result r;
    if (!por_search_step(s, t, &r)) return false;
    p->result = (uint8_t)r;
    p->fp = s->lts->ops->fingerprint(s->lts->model);
    prefetch_known(s, p->fp);
    if (s->st.with_names) p->names = s->lts->ops->names(s->lts->model);
    if (s->lts->ops->stopped && s->lts->ops->stopped(s->lts->model)) f->stopping |= tset_of(t);
    s->at_thread = (int)t;
    f->probed |= tset_of(t);
    return true;
}

/* Runs the threads of [events][0 .. count) from the current state and sets [*ok] when each
 * could run and [t]'s next transition then has interned label [label]. */
static bool run_events(search *s, const uint32_t *events, size_t count, size_t t, uint32_t label,
                       bool *ok)
{
    *ok = false;
    for (size_t i = 0; i < count; i++) {
        size_t u = s->path[events[i]];
        if (!tset_has(s->lts->ops->enabled(s->lts->model), u)) return true;
        por_step_result r;
        if (!por_search_step(s, u, &r)) return false;
    }
    if (!tset_has(s->lts->ops->enabled(s->lts->model), t)) return true;
    uint32_t id = por_search_peek_label(s, t);
    if (id == NONE) return por_search_nomem(s);
    *ok = id == label;
    return true;
}

/* Comes back from frames[d] to the top of the stack: runs the path again and saves each state
 * of it again (their old snapshots died with the replay). */
static bool rerun_path(search *s, size_t d)
{
    s->lts->ops->restore(s->lts->model, s->frames[d].snap);
    for (size_t k = d; k + 1 < s->depth; k++) {
        por_step_result r;
        if (!por_search_step(s, s->path[k], &r)) return false;
        frame *next = &s->frames[k + 1];
        s->lts->ops->release(s->lts->model, next->snap);
        next->snap = s->lts->ops->save(s->lts->model);
        if (!next->snap) return por_search_nomem(s);
    }
    s->at_depth = (int)s->depth - 1;
    s->at_thread = -1;
    return true;
}

bool por_search_replay(search *s, size_t d, const uint32_t *events, size_t count, size_t t,
                       uint32_t label, bool *ok)
{
    goto_frame(s, d);
    s->at_depth = -1;
    if (!run_events(s, events, count, t, label, ok)) return false;
    return !s->lts->ops->restores_along_path || rerun_path(s, d);
}

/* True when this worker marked [fp] done lately: a known state, with no look at the shared set.
 * A worker's next states are often its own recent ones (the corners of commuting steps), and
 * the cache, 512 KiB, stays in the worker's own caches where the shared table does not. */
static bool recently_done(const search *s, por_fp fp)
{
    const por_fp *r = recent_slot(s, fp);
    return r && r->lo == fp.lo && r->hi == fp.hi && (fp.lo | fp.hi);
}

/* Remembers that this worker marked [fp] done (a hint: a failed allocation only loses it). */
static void remember_done(search *s, por_fp fp)
{
    if (!s->recent && !(s->recent = base_calloc_written(POR_RECENT_SLOTS, sizeof *s->recent)))
        return;
    *recent_slot(s, fp) = fp;
}

bool por_search_known(const search *s, por_fp fp)
{
    if (por_store_find(&s->st, fp) != NONE) return true;
    if (!s->shared) return false;
    if (recently_done(s, fp)) return true;
    shared_found found = por_shared_set_find(s->shared, fp);
    return found == SHARED_DONE ||
           (found == SHARED_OPEN && s->passed.count && por_store_find(&s->passed, fp) != NONE);
}

/* ---- Observer -------------------------------------------------------------------------------- */

/* Returns the schedule of the first [length] stack transitions. */
static por_trace trace_of(const search *s, size_t length)
{
    por_trace tr = {s->path, length};
    return tr;
}

void por_search_report_frame(const search *s, const frame *f, bool complete)
{
    if (!s->obs || !s->obs->frame || f->foreign) return;
    size_t d = (size_t)(f - s->frames);
    por_frame_event ev = {
        s->st.fps[f->state], d,       s->n,    f->enabled, f->safe, f->backtrack, f->done, f->sleep,
        frame_current(s, d), f->full, complete};
    s->obs->frame(s->obs->ctx, &ev);
}

/* Tells the observer about the transition of [f] cached in [p]. */
static void report_transition(const search *s, const frame *f, const probe *p, bool to_new)
{
    if (!s->obs || !s->obs->transition) return;
    por_transition_event ev = {s->st.fps[f->state], p->fp, *label_at(s, p->label), to_new};
    s->obs->transition(s->obs->ctx, &ev);
}

void por_search_violation(search *s)
{
    if (!s->opt->first_error) return;
    s->stopped = true;
    s->result->stop = POR_STOP_ERROR;
    if (s->stop_all) atomic_store(s->stop_all, 1);
}

/* Reports that [t] from frames[d] fails an assertion, with the lts at the failing successor. */
static bool report_assert(search *s, size_t d, size_t t)
{
    s->result->stats.assert_failures++;
    if (s->obs && s->obs->assert_failed) {
        if (!goto_successor(s, d, t)) return false;
        s->path[d] = (uint8_t)t;
        por_trace tr = trace_of(s, d + 1);
        s->obs->assert_failed(s->obs->ctx, t, &tr);
    }
    por_search_violation(s);
    return true;
}

void por_search_final(search *s, const por_trace *schedule)
{
    por_stats *st = &s->result->stats;
    st->end_states++;
    por_tset waiting = s->lts->ops->waiting(s->lts->model);
    bool bad = waiting != 0;
    if (bad) st->deadlocks++;
    if (s->obs && s->obs->final_state) {
        por_verdict v = s->obs->final_state(s->obs->ctx, schedule, waiting);
        if (v == POR_VIOLATION) st->violations++;
        bad = v == POR_VIOLATION || (bad && v != POR_ACCEPT);
    }
    if (bad) por_search_violation(s);
}

/* ---- The stack ------------------------------------------------------------------------------- */

/* Doubles the stack and its per-frame arrays. */
static bool grow_stack(search *s)
{
    size_t cap = s->cap ? s->cap * 2 : 32;
    if (!base_array_resize(&s->frames, sizeof *s->frames, s->cap, cap) ||
        !base_array_resize(&s->cur, s->n * sizeof *s->cur, s->cap, cap) ||
        !base_array_resize(&s->probes, s->n * sizeof *s->probes, s->cap, cap) ||
        !base_array_resize(&s->path, sizeof *s->path, s->cap, cap))
        return false;
    if (s->algo->dpor && !por_dpor_grow(s, s->cap, cap)) return false;
    s->cap = cap;
    return true;
}

/* Returns safeSet(s) (Algorithm 1): one enabled thread whose next transition is invisible,
 * chosen by the order, or every enabled thread when there is none. */
static por_tset safe_set(search *s, por_tset enabled)
{
    if (s->algo->safe_enabled) return enabled;
    por_tset invisible = 0;
    for (por_tset m = enabled; m; m &= m - 1) {
        por_label l;
        memset(&l, 0, sizeof l);
        s->lts->ops->peek(s->lts->model, tset_first(m), &l);
        if (l.access == POR_INVISIBLE) invisible |= m & -m;
    }
    if (!invisible) return enabled;
    return tset_of(por_search_pick(s, invisible));
}

/* The next actions of the waiting (blocked) threads of the top frame, and of the threads an
 * end state stopped. The paper assumes no deadlocks, so that every pending action eventually
 * occurs; a thread that stops while holding a lock (or a deadlock, or an end that stops a
 * daemon thread) breaks that, and those threads' actions never appear on an explored
 * transition. As in Flanagan-Godefroid DPOR, which races next(s, p) for disabled p
 * too, they are recorded as happening after the state: Lr edges without a successor, labels of
 * the stateless summary, and (DE) UpdateCurr. */
static bool note_pending(search *s, frame *f, por_tset waiting)
{
    for (por_tset m = waiting; m; m &= m - 1) {
        por_label l;
        memset(&l, 0, sizeof l);
        s->lts->ops->peek(s->lts->model, tset_first(m), &l);
        l.thread = (uint32_t)tset_first(m);
        if (l.access == POR_INVISIBLE) continue;
        uint32_t id = por_labels_intern(&s->lb, &l);
        if (id == NONE) return por_search_nomem(s);
        bool ok = s->opt->stateless ? por_labelset_add(&f->summary, id)
                                    : por_store_add_edge(&s->st, id, NONE, false);
        if (!ok) return por_search_nomem(s);
        if (!s->algo->on_pending(s, id)) return false;
    }
    return true;
}

void por_search_count_state(search *s, size_t depth, bool again)
{
    por_stats *st = &s->result->stats;
    if (again)
        st->states_again++;
    else
        st->states_new++;
    if (depth > st->max_depth) st->max_depth = depth;
    if ((st->states_new + st->states_again) % PEAK_SAMPLE_EVERY) return;
    size_t mem = base_bytes_in_use();
    if (mem > st->peak_memory) st->peak_memory = mem;
}

/* Pushes state [id], the lts's current state: Stack.push (Algorithm 2 line 10, Algorithm 3
 * line 12). */
static bool push_frame(search *s, uint32_t id, bool again, bool foreign)
{
    if (s->depth == s->cap && !grow_stack(s)) return por_search_nomem(s);
    size_t d = s->depth;
    frame *f = &s->frames[d];
    labelset summary = f->summary, races = f->races;
    memset(f, 0, sizeof *f);
    summary.count = races.count = 0;
    f->summary = summary;
    f->races = races;
    f->state = id;
    f->chosen = NONE;
    f->foreign = foreign;
    f->snap = s->lts->ops->save(s->lts->model);
    if (!f->snap) return por_search_nomem(s);
    f->enabled = s->lts->ops->enabled(s->lts->model);
    f->safe = safe_set(s, f->enabled);
    por_tset waiting = s->algo->uses_lr ? por_search_pending(s, f->enabled) : 0;
    memset(frame_current(s, d), 0, s->n * sizeof(por_tset));
    if (!por_store_enter(&s->st, id, d) || !por_scc_enter(s, f)) {
        s->lts->ops->release(s->lts->model, f->snap); /* not on the stack: teardown misses it */
        f->snap = NULL;
        return por_search_nomem(s);
    }
    s->depth++;
    s->at_depth = (int)d;
    s->at_thread = -1;
    if (!foreign) por_search_count_state(s, d, again);
    if (waiting && !note_pending(s, f, waiting)) return false;
    if (s->algo->dpor && !por_dpor_record_nexts(s, f)) return false;
    if (!f->enabled && !foreign) {
        por_trace tr = trace_of(s, s->depth - 1);
        por_search_final(s, &tr);
    }
    return s->algo->on_push(s, f);
}

/* Marks the state of [id], which the search leaves, done in the shared set. Under the cycle
 * proviso only its claimer marks it (see parallel_proviso), and a worker that passed through it
 * ([foreign]) remembers it in [passed]; dfs and jpf let that worker mark it too, having explored
 * all its successors as well. A search that looks for livelocks marks the states of a component
 * when it closes, not as each leaves the stack. False when out of memory. */
bool por_search_mark_done(search *s, uint32_t id, bool foreign)
{
    if (!s->shared || s->stopped) return true;
    por_fp fp = s->st.fps[id];
    if (!foreign || !s->algo->proviso) {
        por_shared_set_mark_done(s->shared, fp);
        remember_done(s, fp);
        return true;
    }
    return por_store_add(&s->passed, fp) != NONE || por_search_nomem(s);
}

/* Pops the top frame (Stack.pop) and hands its summary to the parent (stateless DE/DL). */
static bool pop_frame(search *s)
{
    frame *f = &s->frames[s->depth - 1];
    por_search_report_frame(s, f, true);
    bool retire = !search_keeps_components(s); /* else each component's states when it closes */
    if (!por_scc_leave(s, f) || (retire && !por_search_mark_done(s, f->state, f->foreign)))
        return false;
    s->lts->ops->release(s->lts->model, f->snap);
    f->snap = NULL;
    if (!por_search_leave_state(s, f->state, s->depth - 1)) return por_search_nomem(s);
    if (s->opt->stateless || (s->shared && retire)) por_store_drop_last(&s->st);
    if (!por_scc_retire(s)) return false;
    s->depth--;
    s->at_depth = -1;
    if (s->depth == 0 || !s->opt->stateless || !s->algo->uses_lr) return true;
    frame *parent = &s->frames[s->depth - 1];
    if (!por_labelset_add(&parent->summary, parent->chosen_label) ||
        !por_labelset_merge(&parent->summary, &f->summary))
        return por_search_nomem(s);
    return true;
}

/* ---- Taking transitions ---------------------------------------------------------------------- */

bool por_search_add_edge(search *s, const frame *f, uint32_t label, uint32_t succ, bool renamed)
{
    if (!s->algo->uses_lr || s->opt->stateless) return true;
    (void)f; /* edges always leave the top of the stack */
    if (!por_store_add_edge(&s->st, label, succ, renamed)) return por_search_nomem(s);
    return true;
}

/* True when probed successor [p], known state [succ], names its objects otherwise than [succ]
 * was stored with (always false for an lts without names). */
static bool renamed_to(const search *s, const probe *p, uint32_t succ)
{
    return s->st.with_names && s->st.names[succ] != p->names;
}

/* Adds state [fp] (the probed or initial state, whose object-names hash is [names]) to the
 * store; NONE when out of memory. */
static uint32_t add_state(search *s, por_fp fp, uint64_t names)
{
    uint32_t id = por_store_add(&s->st, fp);
    if (id != NONE && s->st.with_names) s->st.names[id] = names;
    return id;
}

/* The cycle proviso: [f] has an explored successor on the stack, so it is expanded fully. */
static void fire_proviso(search *s, frame *f)
{
    if (!s->algo->proviso || f->full) return;
    f->full = true;
    s->result->stats.proviso_fired++;
}

/* The cycle proviso of a parallel search, where a cycle may run through other workers' stacks:
 * the chosen transition of [f], a state this worker claimed, has been explored, and unless its
 * successor is done in the shared set by now, [f] is expanded fully. Only a state's claimer
 * marks it done, after all the transitions it explores from it have returned. Take the graph
 * of the states with the transitions their claimers explore, and a cycle in it whose states
 * are none fully expanded: each transition s -> t of it returned with t done, and s was marked
 * done after that, so t was marked done before s, all along the cycle, which is impossible.
 * So every cycle has a fully expanded state (condition C3). A new successor that this worker
 * claimed is explored and marked done before its transition returns, and keeps [f] reduced.
 * A state passed through is left alone: its claimer's choices make the graph, not this one's.
 * The worker's cache of the states it marked done answers for a successor it claimed (marked
 * done last, just before the transition returned) without a look at the shared set. */
static void parallel_proviso(search *s, frame *f)
{
    if (!s->shared || !s->algo->proviso || f->full || f->foreign || s->stopped) return;
    const probe *p = &s->probes[(size_t)(f - s->frames) * s->n + f->chosen];
    if (!recently_done(s, p->fp) && !por_shared_set_is_done(s->shared, p->fp)) fire_proviso(s, f);
}

/* A transition of [f] led to an end state that stopped threads (see por_lts_ops.stopped): it
 * disabled them, so it depends on their next transitions, and [f] is expanded fully, as on a
 * cycle (dfs and jpf expand every state fully anyway). */
static bool expand_before_stop(search *s, frame *f)
{
    if (s->algo->dpor) return por_dpor_expand(s, f);
    if (s->algo->proviso) f->full = true;
    return true;
}

/* The backtrack to [f] after its chosen transition (Algorithm 2 line 15, Algorithm 3 line 15). */
static bool finish_child(search *s, frame *f)
{
    parallel_proviso(s, f);
    if (f->stopping && !expand_before_stop(s, f)) return false;
    if (!s->algo->after_child(s, f)) return false;
    por_search_report_frame(s, f, false);
    f->chosen = NONE;
    return true;
}

/* Counts and reports the transition of [t] from frames[d]; reports a failed assertion. */
static bool note_transition(search *s, size_t d, size_t t, bool to_new)
{
    const frame *f = &s->frames[d];
    const probe *p = &s->probes[d * s->n + t];
    if (f->foreign) return true; /* the worker that claimed it counts and reports these */
    s->result->stats.transitions++;
    report_transition(s, f, p, to_new);
    if (p->result == POR_STEP_ASSERT) return report_assert(s, d, t);
    return true;
}

/* Links [f] to known state [succ] by [label] ([renamed]: see por_store_add_edge): the Lr edge, or
 * the stateless back-edge summary. */
static bool link_known(search *s, frame *f, uint32_t label, uint32_t succ, bool renamed)
{
    s->result->stats.states_visited++;
    por_scc_edge(s, f, succ);
    if (!por_search_add_edge(s, f, label, succ, renamed)) return false;
    if (s->opt->stateless && s->algo->uses_lr && bit_get(s->st.on_stack, succ) &&
        !por_search_summarize_back_edge(s, label, succ))
        return por_search_nomem(s);
    return true;
}

bool por_search_record_known(search *s, frame *f, size_t t, uint32_t succ)
{
    size_t d = (size_t)(f - s->frames);
    if (!note_transition(s, d, t, false)) return false;
    const probe *p = &s->probes[d * s->n + t];
    return link_known(s, f, p->label, succ, renamed_to(s, p, succ));
}

/* A search that examines states for livelocks (see por_examine_state) examines the successor of
 * [f] by its chosen transition, known state [succ], when it closes a cycle of the path. */
static bool examine_successor(search *s, frame *f, uint32_t succ)
{
    if (!s->examines || !bit_get(s->st.on_stack, succ)) return true;
    size_t d = (size_t)(f - s->frames);
    if (!goto_successor(s, d, f->chosen)) return false;
    bool ok = por_examine_state(s, s->path, d + 1);
    s->at_depth = -1;
    return ok;
}

/* The chosen transition of [f] reached known state [succ] (Algorithm 2 line 20). */
static bool enter_known(search *s, frame *f, uint32_t succ)
{
    if (!examine_successor(s, f, succ)) return false;
    f->chosen_succ = succ;
    f->chosen_renamed = renamed_to(s, &s->probes[(size_t)(f - s->frames) * s->n + f->chosen], succ);
    if (!link_known(s, f, f->chosen_label, succ, f->chosen_renamed)) return false;
    if (bit_get(s->st.on_stack, succ)) fire_proviso(s, f);
    if (!s->algo->on_known(s, f, succ)) return false;
    return finish_child(s, f);
}

/* The chosen transition of frames[d] by [t] reached a new state, or known state [old] that the
 * algorithm explores again (NONE: none): store it (under a new id) and push it. */
static bool enter_new(search *s, size_t d, size_t t, por_fp fp, uint32_t old, bool foreign)
{
    if (!goto_successor(s, d, t)) return false;
    uint64_t names = s->probes[d * s->n + t].names;
    uint32_t id = old == NONE ? add_state(s, fp, names) : por_store_add_again(&s->st, old);
    if (id == NONE) return por_search_nomem(s);
    s->frames[d].chosen_succ = id;
    s->frames[d].chosen_renamed = false;
    if (!por_search_add_edge(s, &s->frames[d], s->frames[d].chosen_label, id, false)) return false;
    return push_frame(s, id, old != NONE, foreign);
}

/* The chosen transition of [f] reached a state another worker has explored completely, or
 * that this worker passed through and left: a known state that is not on the stack, which this
 * worker's store need not hold (a parallel search keeps no Lr edges). */
static bool enter_done(search *s, frame *f)
{
    f->chosen_succ = NONE;
    f->chosen_renamed = false;
    s->result->stats.states_visited++;
    por_scc_edge_out(s, f);
    if (!s->algo->on_known(s, f, NONE)) return false;
    return finish_child(s, f);
}

/* Stops the search: the shared set is full. */
static bool shared_full(search *s)
{
    s->result->stop = POR_STOP_MEMORY;
    s->stopped = true;
    if (s->stop_all) atomic_store(s->stop_all, 1);
    return true;
}

/* Parallel: the chosen transition of frames[d] by [t] reached [fp]. The shared set is asked
 * first: a state no worker has claimed is claimed here and new; a state some worker has
 * explored completely is known; a state still open is known when it is on this worker's stack
 * (a cycle) or this worker passed through it before (S-POR, see mark_shared_done), and is
 * passed through otherwise. The worker's own store holds its stack only, so that each
 * transition costs one lookup in a large table. */
static bool take_shared(search *s, size_t d, size_t t, por_fp fp)
{
    frame *f = &s->frames[d];
    shared_found found =
        recently_done(s, fp) ? SHARED_DONE : por_shared_set_find_or_put(s->shared, fp);
    uint32_t succ = found == SHARED_OPEN ? por_store_find(&s->st, fp) : NONE;
    bool passed = found == SHARED_OPEN && succ == NONE && s->passed.count &&
                  por_store_find(&s->passed, fp) != NONE;
    bool to_new = found == SHARED_CLAIMED || (found == SHARED_OPEN && succ == NONE && !passed);
    if (!note_transition(s, d, t, to_new)) return false;
    if (s->stopped) return true;
    if (found == SHARED_FULL) return shared_full(s);
    if (found == SHARED_DONE || passed) return enter_done(s, f);
    if (succ != NONE) return enter_known(s, f, succ);
    return enter_new(s, d, t, fp, NONE, found == SHARED_OPEN);
}

/* Explores the transition of [t] from the top frame (Algorithm 2 lines 9-14). */
static bool take(search *s, size_t t)
{
    size_t d = s->depth - 1;
    frame *f = &s->frames[d];
    if (!por_search_probe(s, f, t)) return false;
    const probe *p = &s->probes[d * s->n + t];
    f->chosen = (uint32_t)t;
    f->chosen_label = p->label;
    s->path[d] = (uint8_t)t;
    if (!s->algo->on_take(s, f)) return false;
    if (s->shared) return take_shared(s, d, t, p->fp); /* no revisits: dfs, jpf, s-por */
    uint32_t succ = por_store_find(&s->st, p->fp);
    bool again = succ != NONE && s->algo->revisit && s->algo->revisit(s, f, succ);
    if (!note_transition(s, d, t, succ == NONE || again)) return false;
    if (s->stopped) return true;
    if (succ == NONE || again) return enter_new(s, d, t, p->fp, again ? succ : NONE, false);
    return enter_known(s, f, succ);
}

/* ---- Limits and the main loop ---------------------------------------------------------------- */

double por_seconds_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

struct timespec por_time_after(struct timespec from, long ms)
{
    from.tv_sec += ms / 1000;
    from.tv_nsec += ms % 1000 * 1000000L;
    if (from.tv_nsec >= 1000000000L) from.tv_sec++, from.tv_nsec -= 1000000000L;
    return from;
}

void por_cond_wait_ms(pthread_cond_t *cond, pthread_mutex_t *lock, long ms)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    struct timespec until = por_time_after(now, ms);
    pthread_cond_timedwait(cond, lock, &until);
}

/* Reports the progress of the search at [now] seconds to the options' callback. */
static void report_progress(search *s, double now)
{
    const por_stats *st = &s->result->stats;
    por_progress p = {now, st->states_new, st->transitions, s->depth, base_bytes_in_use()};
    if (s->shared && st->states_new) { /* every worker's states; their transitions, estimated */
        p.states = por_shared_set_count(s->shared);
        p.transitions =
            (size_t)((double)st->transitions * (double)p.states / (double)st->states_new);
    }
    s->opt->progress(s->opt->progress_ctx, &p);
    s->next_progress = now + 1.0;
}

void por_search_check_limits(search *s, size_t iteration)
{
    const por_options *o = s->opt;
    por_stats *st = &s->result->stats;
    bool tick = iteration % LIMIT_CHECK_EVERY == 0 && (o->timeout_seconds > 0 || o->progress);
    double now = tick ? por_seconds_since(&s->start) : 0;
    if (o->stop_flag && atomic_load_explicit(o->stop_flag, memory_order_relaxed))
        s->result->stop = POR_STOP_SIGNAL;
    else if (o->max_states && (s->shared ? por_shared_set_count(s->shared)
                                         : st->states_new + st->states_again) >= o->max_states)
        s->result->stop = POR_STOP_STATES;
    else if (o->max_memory_bytes && base_bytes_in_use() > o->max_memory_bytes)
        s->result->stop = POR_STOP_MEMORY;
    else if (tick && o->timeout_seconds > 0 && now >= o->timeout_seconds)
        s->result->stop = POR_STOP_TIME;
    if (s->result->stop != POR_STOP_COMPLETE) {
        s->stopped = true;
        if (s->stop_all && s->result->stop != POR_STOP_SIGNAL) atomic_store(s->stop_all, 1);
    } else if (tick && o->progress && now >= s->next_progress)
        report_progress(s, now);
}

/* One step of the DFS: explore the next candidate of the top frame, or backtrack. */
static bool advance(search *s)
{
    frame *f = &s->frames[s->depth - 1];
    por_tset cand = f->finished ? 0 : s->algo->candidates(s, f) & f->enabled;
    if (!cand) {
        if (!pop_frame(s)) return false;
        return s->depth == 0 || finish_child(s, &s->frames[s->depth - 1]);
    }
    uint32_t t = por_search_choose(s, f, cand);
    if (t == NONE) return false;
    return take(s, t);
}

/* Pushes the initial state and runs the DFS until it ends or stops. */
static bool run(search *s)
{
    por_fp fp = s->lts->ops->fingerprint(s->lts->model);
    uint64_t names = s->st.with_names ? s->lts->ops->names(s->lts->model) : 0;
    uint32_t id = add_state(s, fp, names);
    if (id == NONE) return por_search_nomem(s);
    shared_found found = s->shared ? por_shared_set_find_or_put(s->shared, fp) : SHARED_CLAIMED;
    if (found == SHARED_FULL) return shared_full(s);
    if (found == SHARED_DONE) return true; /* another worker has explored everything */
    if (!push_frame(s, id, false, found == SHARED_OPEN)) return false;
    for (size_t i = 1; s->depth > 0 && !s->stopped; i++) {
        if (s->shared) por_shared_set_poll(s->shared); /* no find-or-put under way here */
        por_search_check_limits(s, i);
        if (s->stopped) break;
        if (!advance(s)) return false;
    }
    return true;
}

/* Records in the result the path a limit stopped [s] on: its depth, the thread that took the
 * most of its last transitions, and (from the lts, in the path's last state) where it stands. */
static void note_stop_path(search *s)
{
    por_stop_path *p = &s->result->path;
    size_t count[POR_MAX_THREADS] = {0};
    if (!por_stop_incomplete(s->result->stop) || s->depth < 2) return;
    p->depth = s->depth - 1;
    p->window = p->depth < POR_STOP_WINDOW ? p->depth : POR_STOP_WINDOW;
    for (size_t d = s->depth - 1 - p->window; d + 1 < s->depth; d++)
        if (s->frames[d].chosen < POR_MAX_THREADS) count[s->frames[d].chosen]++;
    for (size_t t = 0; t < POR_MAX_THREADS; t++)
        if (count[t] > p->steps) p->thread = t, p->steps = count[t];
    frame *top = &s->frames[s->depth - 1];
    if (!s->lts->ops->describe || !top->snap || !p->steps) return;
    goto_frame(s, s->depth - 1);
    s->lts->ops->describe(s->lts->model, p->thread, p->where, sizeof p->where);
}

/* Releases the snapshots still on the stack and everything the search holds. */
static void teardown(search *s)
{
    while (s->depth > 0) {
        frame *f = &s->frames[--s->depth];
        if (f->snap) s->lts->ops->release(s->lts->model, f->snap);
    }
    for (size_t i = 0; i < s->cap; i++) {
        por_labelset_free(&s->frames[i].summary);
        por_labelset_free(&s->frames[i].races);
    }
    base_free(s->frames);
    base_free(s->cur);
    base_free(s->probes);
    base_free(s->path);
    base_free(s->label_mark);
    base_free(s->work);
    base_free(s->seen);
    if (s->algo->dpor) por_dpor_free(s);
    por_scc_free(s);
    por_store_free(&s->st);
    por_store_free(&s->passed);
    base_free(s->recent);
    por_labels_free(&s->lb);
}

por_status por_search(const por_lts *lts, const por_options *opt, por_result *result,
                      por_error *err)
{
    return por_search_shared(lts, opt, NULL, NULL, result, err);
}

por_status por_search_shared(const por_lts *lts, const por_options *opt, shared_set *shared,
                             atomic_int *stop_all, por_result *result, por_error *err)
{
    memset(result, 0, sizeof *result);
    err->status = POR_OK;
    err->message[0] = '\0';
    search s;
    memset(&s, 0, sizeof s);
    s.lts = lts;
    s.options = *opt;
    s.options.stateless = opt->stateless || por_algo_is_stateless(opt->algo);
    s.opt = opt = &s.options;
    s.obs = opt->observer;
    s.result = result;
    s.err = err;
    s.shared = shared;
    s.stop_all = stop_all;
    s.algo = por_algo_for(opt->algo);
    s.n = lts->ops->thread_count(lts->model);
    s.at_depth = -1;
    s.st.graph = s.algo && s.algo->uses_lr && !opt->stateless;
    if (!s.algo) return por_fail(err, POR_ERR_ARG, "unknown algorithm %d", (int)opt->algo);
    if (lts->ops->names && (s.algo->uses_lr || s.algo->dpor) && (opt->stateless || s.algo->dpor))
        return por_fail(err, POR_ERR_ARG, "%s %s search cannot match states up to object names",
                        opt->stateless ? "a stateless" : "an", por_algo_name(opt->algo));
    s.st.with_names = s.st.graph && lts->ops->names;
    s.lb.with_any = s.st.with_names;
    s.st.scc = !opt->stateless && !s.algo->run && !s.algo->revisit;
    s.livelocks = shared && shared->livelocks ? shared->livelocks : &s.own_livelocks;
    s.examines = !s.st.scc && !shared;
    s.scc_closed = NONE;
    if (s.n == 0 || s.n > POR_MAX_THREADS)
        return por_fail(err, POR_ERR_ARG, "%zu threads (1 to %d supported)", s.n, POR_MAX_THREADS);
    por_search_order_init(&s);
    clock_gettime(CLOCK_MONOTONIC, &s.start);
    s.next_progress = 1.0;
    bool ok = s.algo->run ? s.algo->run(&s) : run(&s);
    result->stats.seconds = por_seconds_since(&s.start);
    result->stats.state_bytes = por_store_state_bytes(&s.st);
    result->stats.lr_edges = s.st.edges;
    result->stats.lr_bytes = por_store_graph_bytes(&s.st);
    size_t mem = base_bytes_in_use();
    if (mem > result->stats.peak_memory) result->stats.peak_memory = mem;
    if (ok) note_stop_path(&s);
    teardown(&s);
    return ok ? POR_OK : err->status;
}
