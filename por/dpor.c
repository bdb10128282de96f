/* The dynamic partial-order reductions of the other seeds as hooks of the common engine:
 *   dpor          Flanagan and Godefroid, Fig. 3 of ../shared/seeds/dynamic-por.txt with clock
 *                 vectors (persistent backtrack sets), with sleep sets;
 *   source-dpor   Abdulla, Aronis, Jonsson, Sagonas, Algorithm 1 of optimal-dpor.txt (source
 *                 sets, sleep sets);
 *   optimal-dpor  the same paper's Algorithm 2 (wakeup trees);
 *   o-dpor        optimal-dpor with state matching (see the o-dpor section).
 *
 * The first three are stateless: the engine matches a new state only against the states on the
 * stack, which closes cycles (spin loops) instead of unrolling them. A path cut by such a cycle is
 * not analysed beyond the cut, so every state of the cycle is expanded fully (the cycle
 * proviso).
 *
 * Events are the transitions on the stack: frames[i] took event i, run by path[i] and labelled
 * chosen_label, with a vector clock of happens-before (program order and por_dependent); event j
 * happens before an event with clock c when c[path[j]] >= counts[j].
 *
 * Blocking. A lock acquire, a wait or a join is a write that may not be enabled. The papers
 * assume that a process is never disabled by another; here a race e < e' is reversible only
 * when replaying pre(e), then notdep(e), lets proc(e') take e' (a replay checks it), and a race
 * that is not (an unlock before the next lock of the same lock) does not hide the earlier
 * events behind it: the scan goes on to the lock that the unlock ended, which is the race to
 * reverse. A waiting thread's pending action races as if it came next, so that the last
 * acquire of a deadlock is reversed too (Flanagan-Godefroid consider next(s, p) for every p). */
#include <string.h>

#include "internal.h"

/* Marks "no such event". */
#define NO_EVENT SIZE_MAX

/* ---- Events and clocks ----------------------------------------------------------------------- */

/* Returns the stack index of frame [f]. */
static size_t index_of(const search *s, const frame *f)
{
    return (size_t)(f - s->frames);
}

/* Returns the vector clock of event [i]. */
static uint32_t *clock_of(const search *s, size_t i)
{
    return s->clocks + i * s->n;
}

/* Returns the label of event [i]. */
static const por_label *event_label(const search *s, size_t i)
{
    return label_at(s, s->frames[i].chosen_label);
}

/* Returns the next labels (NONE: finished) of the threads in frames[i]. */
static uint32_t *nexts_of(const search *s, size_t i)
{
    return s->nexts + i * s->n;
}

/* True when event [j] happens before an event whose clock is [c]. */
static bool happens_before(const search *s, size_t j, const uint32_t *c)
{
    return c[s->path[j]] >= s->counts[j];
}

/* Raises [a] to at least [b] in every thread. */
static void join(uint32_t *a, const uint32_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (b[i] > a[i]) a[i] = b[i];
}

/* Returns the index of the last event of [t] among the first [end] events, or NO_EVENT. */
static size_t last_event(const search *s, size_t end, size_t t)
{
    for (size_t k = end; k-- > 0;)
        if (s->path[k] == t) return k;
    return NO_EVENT;
}

/* Returns the event among the first [end] after which thread [t] first existed (it had no
 * next step before it: a thread start), or NO_EVENT when it existed from the start. */
static size_t creator(const search *s, size_t end, size_t t)
{
    for (size_t k = end; k-- > 0;)
        if (nexts_of(s, k)[t] == NONE) return k;
    return NO_EVENT;
}

/* Returns the last event among the first [end] after [prev] (NO_EVENT: from the start) that
 * made waiting thread [t] enabled, or NO_EVENT. Only an event followed by a stack state counts:
 * after the step that closed a cycle, a thread still waits (it is a pending action there). */
static size_t enabler(const search *s, size_t end, size_t t, size_t prev)
{
    size_t from = prev == NO_EVENT ? 0 : prev + 1;
    for (size_t k = end < s->depth ? end : s->depth - 1; k-- > from;)
        if (nexts_of(s, k)[t] != NONE && !tset_has(s->frames[k].enabled, t) &&
            tset_has(s->frames[k + 1].enabled, t))
            return k;
    return NO_EVENT;
}

/* Fills [c] with the order that an event of [t] has after the first [end] events before any
 * dependency: its thread's last event, the event that started the thread and the event that
 * last ended a wait of it (a thread start, an unlock, a notify, a thread's end: whatever their
 * labels say, a replay must not move the event before them). Returns t's last event. */
static size_t clock_base(const search *s, size_t end, size_t t, uint32_t *c)
{
    size_t prev = last_event(s, end, t), from = prev;
    if (prev != NO_EVENT)
        memcpy(c, clock_of(s, prev), s->n * sizeof *c);
    else if ((from = creator(s, end, t)) != NO_EVENT)
        memcpy(c, clock_of(s, from), s->n * sizeof *c);
    else
        memset(c, 0, s->n * sizeof *c);
    size_t k = enabler(s, end, t, from);
    if (k != NO_EVENT) join(c, clock_of(s, k), s->n);
    return prev;
}

/* Fills [c] with the clock that an event of [t] labelled [l] has after the first [end]
 * events; returns its number among the events of [t]. */
static uint32_t clock_after(const search *s, size_t end, size_t t, const por_label *l, uint32_t *c)
{
    size_t prev = clock_base(s, end, t, c);
    for (size_t k = end; k-- > 0;)
        if (!happens_before(s, k, c) && por_dependent(event_label(s, k), l))
            join(c, clock_of(s, k), s->n);
    return c[t] = prev == NO_EVENT ? 1 : s->counts[prev] + 1;
}

/* Computes the clock of event [d], the chosen transition of frames[d]. */
static void record_event(search *s, size_t d)
{
    s->counts[d] = clock_after(s, d, s->path[d], event_label(s, d), clock_of(s, d));
}

/* The scratch areas: two clocks, then two lists of stack indices. */
static uint32_t *scratch_clock(const search *s, size_t k)
{
    return s->scratch + k * s->n;
}

/* Returns scratch list [k] (0 or 1), room for every stack index. */
static uint32_t *scratch_list(const search *s, size_t k)
{
    return s->scratch + 2 * s->n + k * s->cap;
}

bool por_dpor_grow(search *s, size_t old, size_t cap)
{
    size_t n = s->n;
    if (!base_array_resize(&s->nexts, n * sizeof *s->nexts, old, cap) ||
        !base_array_resize(&s->clocks, n * sizeof *s->clocks, old, cap) ||
        !base_array_resize(&s->counts, sizeof *s->counts, old, cap) ||
        !base_array_resize(&s->trees, sizeof *s->trees, old, cap) ||
        !base_array_resize(&s->scratch, sizeof *s->scratch, s->scratch_cap, 2 * n + 2 * cap))
        return false;
    s->scratch_cap = 2 * n + 2 * cap;
    return true;
}

void por_dpor_free(search *s)
{
    for (size_t i = 0; i < s->cap && s->trees; i++) por_wtree_free(&s->trees[i]);
    base_free(s->nexts);
    base_free(s->clocks);
    base_free(s->counts);
    base_free(s->trees);
    por_wtree_free(&s->lost);
    base_free(s->scratch);
    base_free(s->entry_sleep);
    base_free(s->reach);
}

bool por_dpor_record_nexts(search *s, frame *f)
{
    size_t d = index_of(s, f);
    uint32_t *nexts = nexts_of(s, d);
    por_tset unfinished = f->enabled | por_search_pending(s, f->enabled);
    bool (*may_block)(const void *, size_t, const por_label *) = s->lts->ops->may_block;
    for (size_t t = 0; t < s->n; t++) {
        nexts[t] = NONE;
        if (!tset_has(unfinished, t)) continue;
        nexts[t] = por_search_peek_label(s, t);
        if (nexts[t] == NONE) return por_search_nomem(s);
        if (!may_block || may_block(s->lts->model, t, label_at(s, nexts[t])))
            f->blocking |= tset_of(t);
    }
    return true;
}

/* ---- Races ----------------------------------------------------------------------------------- */

/* An event e' whose races are sought: of thread [t], labelled [label], with clock [clock], after
 * the first [end] events (e' is event [end] itself or a pending action after them); the
 * sequences v of its reversals draw on the first [horizon] events. */
typedef struct racer {
    size_t t;
    uint32_t label;
    const uint32_t *clock;
    size_t end, horizon;
    bool may_block; /* the lts says another thread may disable or enable e' */
    bool summed;    /* e' stands for an event below a matched state: every race counts */
} racer;

/* What to do with a reversible race of event [j] with [r]; false on error. */
typedef bool (*race_fn)(search *s, const racer *r, size_t j);

/* Lists in [out] the events among (j, to) that do not happen after [j] (notdep(j, E) in the
 * paper's notation, in stack order); returns how many. */
static size_t not_after(const search *s, size_t j, size_t to, uint32_t *out)
{
    size_t m = 0;
    for (size_t k = j + 1; k < to; k++)
        if (!happens_before(s, j, clock_of(s, k))) out[m++] = (uint32_t)k;
    return m;
}

/* Sets [*ok] when the race of event [j] with [r] can be reversed: after pre(j) and the events
 * that do not happen after j, r's thread takes r's event. Only an event that may wait needs the
 * replay: the others are enabled whenever their thread reaches them. False on an lts error. */
static bool reversible(search *s, const racer *r, size_t j, bool *ok)
{
    *ok = true;
    if (!r->may_block) return true;
    uint32_t *list = scratch_list(s, 0);
    size_t m = not_after(s, j, r->end, list);
    return por_search_replay(s, j, list, m, r->t, r->label, ok);
}

/* Calls [found] for every event j that races with [r] and can be reversed (j ⋖ e' in the
 * paper): dependent, of another thread, and happening before e' through no other race.
 * Dependencies that cannot be reversed are looked past (see the file comment). For an event
 * below a matched state ([r] summed), whose own order is unknown, every dependent event that does
 * not happen before it counts. */
static bool scan_races(search *s, const racer *r, race_fn found)
{
    const por_label *l = label_at(s, r->label);
    if (l->access == POR_INVISIBLE) return true;
    uint32_t *acc = scratch_clock(s, 0);
    clock_base(s, r->end, r->t, acc);
    for (size_t j = r->end; j-- > 0;) {
        if (s->path[j] == r->t || happens_before(s, j, acc)) continue;
        if (!por_dependent(event_label(s, j), l)) continue;
        bool ok;
        if (!reversible(s, r, j, &ok)) return false;
        if (!ok) continue;
        s->result->stats.races++;
        if (!found(s, r, j)) return false;
        if (!r->summed) join(acc, clock_of(s, j), s->n);
    }
    return true;
}

/* Returns I(u) for u = [events][0 .. m): the threads whose first event in u has no earlier
 * event of u happening before it. */
static por_tset initials_of(const search *s, const uint32_t *events, size_t m)
{
    por_tset out = 0, seen = 0;
    for (size_t a = 0; a < m; a++) {
        size_t k = events[a], t = s->path[k];
        bool first = !tset_has(seen, t);
        seen |= tset_of(t);
        for (size_t b = 0; first && b < a; b++)
            if (happens_before(s, events[b], clock_of(s, k))) first = false;
        if (first) out |= tset_of(t);
    }
    return out;
}

/* Returns I(v) for v = [events][0 .. m) then r's event: the threads whose first event in v has
 * no earlier event of v happening before it in E'.v. Among the events of notdep(j) that is the
 * order of E; r's event, which follows j in E, depends in E'.v only on what it depends on
 * directly there (an order through events outside v once kept a lock out of I(v)). */
static por_tset initials(const search *s, const uint32_t *events, size_t m, const racer *r)
{
    por_tset out = initials_of(s, events, m);
    for (size_t a = 0; a < m; a++)
        if (s->path[events[a]] == r->t) return out;
    const por_label *l = label_at(s, r->label);
    for (size_t b = 0; b < m; b++)
        if (por_dependent(event_label(s, events[b]), l)) return out;
    return out | tset_of(r->t);
}

/* Returns the threads that run an event of v = [events][0 .. m) then r's event. */
static por_tset threads_of(const search *s, const uint32_t *events, size_t m, const racer *r)
{
    por_tset out = tset_of(r->t);
    for (size_t a = 0; a < m; a++) out |= tset_of(s->path[events[a]]);
    return out;
}

/* The races of every waiting thread's pending action in frame [f] (whose state follows the first
 * [end] events; [end] is f's index unless a cycle led back to f). A thread that was waiting for
 * the same action before the last event, which is independent of it, has nothing new. */
static bool pending_races(search *s, const frame *f, size_t end, race_fn found)
{
    size_t d = index_of(s, f);
    const uint32_t *nexts = nexts_of(s, d);
    for (size_t q = 0; q < s->n; q++) {
        if (nexts[q] == NONE || tset_has(f->enabled, q)) continue;
        if (end == d && d > 0 && nexts_of(s, d - 1)[q] == nexts[q] &&
            !tset_has(s->frames[d - 1].enabled, q) &&
            !por_dependent(event_label(s, d - 1), label_at(s, nexts[q])))
            continue;
        uint32_t *c = scratch_clock(s, 1);
        clock_after(s, end, q, label_at(s, nexts[q]), c);
        racer r = {q, nexts[q], c, end, end, tset_has(f->blocking, q), false};
        if (!scan_races(s, &r, found)) return false;
    }
    return true;
}

/* ---- Sleep sets (shared) --------------------------------------------------------------------- */

/* Returns the sleepers of [parent] independent of its chosen event: Sleep' = {q in Sleep |
 * E |= p <> q}, the sleep set its child by that event starts with. */
static por_tset child_sleep(const search *s, const frame *parent)
{
    const uint32_t *nexts = nexts_of(s, index_of(s, parent));
    const por_label *a = label_at(s, parent->chosen_label);
    por_tset out = 0;
    for (por_tset m = parent->sleep; m; m &= m - 1) {
        size_t q = tset_first(m);
        if (nexts[q] != NONE && !por_dependent(label_at(s, nexts[q]), a)) out |= tset_of(q);
    }
    return out;
}

/* Explore(E.p, Sleep'): [f] inherits its parent's sleep set. */
static void inherit_sleep(search *s, frame *f)
{
    size_t d = index_of(s, f);
    if (d > 0) f->sleep |= child_sleep(s, &s->frames[d - 1]);
}

/* Counts a new state whose enabled threads all sleep (with nothing else to explore). */
static void count_sleep_blocked(search *s, const frame *f, bool more)
{
    if (f->enabled && !(f->enabled & ~f->sleep) && !more) s->result->stats.sleep_blocked++;
}

/* A backtrack thread that sleeps is covered: it counts as done. */
static void settle(frame *f)
{
    f->done |= f->backtrack & f->sleep;
}

/* The chosen transition of frames[d] led back to frames[j]: the branch each state of the cycle
 * is exploring was cut, so its thread will not sleep there (its runs are not all explored:
 * they continue from frames[j], which is still being explored; a sleeping cut branch once hid a
 * read of the other order). */
static void mark_cycle(search *s, size_t j, size_t d)
{
    for (size_t i = j; i <= d; i++) s->frames[i].cycled = true;
    s->result->stats.proviso_fired++;
}

/* The cycle proviso after mark_cycle: every state of the cycle gets all its enabled threads in
 * its backtrack set. */
static void expand_cycle(search *s, size_t j, size_t d)
{
    mark_cycle(s, j, d);
    for (size_t i = j; i <= d; i++) {
        s->frames[i].backtrack |= s->frames[i].enabled;
        settle(&s->frames[i]);
    }
}

/* After exploring p from E: add p to Sleep, unless the branch was cut by a cycle or p's step
 * ended the run stopping threads (it depends on every step of theirs). */
static void sleep_after(frame *f)
{
    if (!f->cycled && !tset_has(f->stopping, f->chosen)) f->sleep |= tset_of(f->chosen);
    f->cycled = false;
}

/* First thread, then the backtrack set without done and sleeping threads. */
static por_tset backtrack_candidates(const search *s, const frame *f)
{
    (void)s;
    if (!f->done) return f->enabled & ~f->sleep;
    return f->backtrack & ~f->done & ~f->sleep;
}

/* The backtrack to E after p (dpor, source-dpor): sleep_after, and sleeping threads are done. */
static bool sleep_after_child(search *s, frame *f)
{
    (void)s;
    sleep_after(f);
    settle(f);
    return true;
}

/* Nothing to record for pending actions beyond what on_push does. */
static bool no_pending(search *s, uint32_t label)
{
    (void)s, (void)label;
    return true;
}

/* Adds to backtrack(g) the thread of [among] the order prefers, or every enabled thread when
 * [among] is empty. */
static void add_one_of(search *s, frame *g, por_tset among)
{
    g->backtrack |= among ? tset_of(por_search_pick(s, among)) : g->enabled;
    settle(g);
}

/* ---- dpor: Flanagan-Godefroid with persistent sets ------------------------------------------- */

/* Lines 4-7 of Fig. 3 for the race of event [j] with [r], in the form the optimal-DPOR paper
 * gives persistent-set DPOR (its Section 5): E holds the threads enabled in E' = pre(S, j) that
 * run p's event or an event of v = notdep(j).p happening before it; unless backtrack(E') has one
 * of them, one joins it, and every enabled thread when there is none. A sleeping thread counts
 * only as an initial of v (then it covers v): a sleeping thread of E that is not one was once
 * taken for a backtrack point and a run was missed. Fig. 3 takes only the last racing event i
 * and relies on exploring proc(S_i)'s alternative to find the earlier races; with sleep sets
 * that alternative may sleep (test every_race_is_reversed_not_only_the_last), so every race is
 * reversed, as Algorithm 1 does. */
static bool persistent_found(search *s, const racer *r, size_t j)
{
    uint32_t *v = scratch_list(s, 1);
    size_t m = not_after(s, j, r->horizon, v);
    frame *g = &s->frames[j];
    if (g->sleep & initials(s, v, m, r)) return true;
    por_tset e = tset_of(r->t);
    for (size_t a = 0; a < m; a++)
        if (happens_before(s, v[a], r->clock)) e |= tset_of(s->path[v[a]]);
    e &= g->enabled & ~g->sleep;
    if (!(e & g->backtrack)) add_one_of(s, g, e);
    return true;
}

/* ---- source-dpor: Algorithm 1 ---------------------------------------------------------------- */

/* Lines 5-7 for the race of event [j] with [r]: unless backtrack(E') already holds an initial of
 * v = notdep(j).proc(e'), one of them joins it. */
static bool source_found(search *s, const racer *r, size_t j)
{
    uint32_t *v = scratch_list(s, 1);
    size_t m = not_after(s, j, r->horizon, v);
    por_tset first = initials(s, v, m, r);
    frame *g = &s->frames[j];
    if (!(first & g->backtrack)) add_one_of(s, g, first & g->enabled);
    return true;
}

/* ---- Shared by dpor and source-dpor --------------------------------------------------------- */

/* Returns what a race adds to a backtrack set: the persistent test (dpor) or the source one. */
static race_fn rule_of(const search *s)
{
    return s->opt->algo == POR_ALGO_DPOR ? persistent_found : source_found;
}

/* The chosen thread p of [f] takes its event: backtrack(s) := {p} for the first one (Fig. 3
 * lines 11-14, Algorithm 1 line 3), done gets p, and the event's clock; returns the event as
 * a racer. */
static racer take_event(search *s, frame *f)
{
    size_t d = index_of(s, f);
    f->backtrack |= tset_of(f->chosen);
    f->done |= tset_of(f->chosen);
    record_event(s, d);
    racer r = {f->chosen, f->chosen_label, clock_of(s, d), d, d, tset_has(f->blocking, f->chosen),
               false};
    return r;
}

/* p's event and its races before exploring it (Algorithm 1 lines 4-7; Fig. 3 lines 3-9 for the
 * next step of the thread that runs). */
static bool backtrack_on_take(search *s, frame *f)
{
    racer r = take_event(s, f);
    return scan_races(s, &r, rule_of(s));
}

/* Explore(E, Sleep): the sleep set, and the races of the waiting threads' pending actions (Fig. 3
 * considers next(s, p) for every p, enabled or not). */
static bool backtrack_on_push(search *s, frame *f)
{
    inherit_sleep(s, f);
    count_sleep_blocked(s, f, false);
    return pending_races(s, f, index_of(s, f), rule_of(s));
}

/* Returns the stack index of stack state [id] (a store id; stateless, the two are equal). */
static size_t stack_index(const search *s, uint32_t id)
{
    return s->st.graph ? s->st.head[id] & ~LR_ON_STACK : id;
}

/* A cycle back to stack state [succ]: the pending actions there, and the cycle proviso. */
static bool backtrack_on_known(search *s, frame *f, uint32_t succ)
{
    size_t d = index_of(s, f), to = stack_index(s, succ);
    if (!pending_races(s, &s->frames[to], d + 1, rule_of(s))) return false;
    expand_cycle(s, to, d);
    return true;
}

/* ---- optimal-dpor: Algorithm 2 --------------------------------------------------------------- */

/* Returns the thread of the first branch of frames[d]'s wakeup tree, or NONE. */
static uint32_t first_thread(const search *s, size_t d)
{
    const wtree *t = &s->trees[d];
    uint32_t first = wtree_first(t);
    return first == NONE ? NONE : label_at(s, t->nodes[first].label)->thread;
}

/* True when a sleeping thread of frames[j] is a weak initial of v = [events][0 .. m) then r's
 * event: its first event in v has no earlier event of v before it, or it has no event in v and
 * its next one is independent of all of v (line 6's sleep(E') ∩ WI[E'](v) != ∅). */
static bool sleeper_covers(const search *s, size_t j, const uint32_t *events, size_t m,
                           const racer *r)
{
    por_tset sleep = s->frames[j].sleep;
    if (!sleep) return false;
    if (sleep & initials(s, events, m, r)) return true;
    const uint32_t *nexts = nexts_of(s, j);
    for (por_tset q = sleep & ~threads_of(s, events, m, r); q; q &= q - 1) {
        const por_label *l = label_at(s, nexts[tset_first(q)]);
        bool independent = !por_dependent(l, label_at(s, r->label));
        for (size_t a = 0; independent && a < m; a++)
            if (por_dependent(l, event_label(s, events[a]))) independent = false;
        if (independent) return true;
    }
    return false;
}

/* Lines 4-7 for the race of event [j] with [r]: unless a sleeping thread of E' covers
 * v = notdep(j).proc(e'), insert_[E'](v, wut(E')). */
static bool optimal_found(search *s, const racer *r, size_t j)
{
    uint32_t *v = scratch_list(s, 1);
    size_t m = not_after(s, j, r->horizon, v);
    if (sleeper_covers(s, j, v, m, r)) return true;
    for (size_t a = 0; a < m; a++) v[a] = s->frames[v[a]].chosen_label;
    v[m++] = r->label;
    if (!por_wtree_insert(&s->trees[j], &s->lb, v, m)) return por_search_nomem(s);
    return true;
}

/* Records race partner [j] of the event [r] just taken. */
static bool note_race(search *s, const racer *r, size_t j)
{
    if (!por_labelset_add(&s->frames[r->end].races, (uint32_t)j)) return por_search_nomem(s);
    return true;
}

/* Lines 2-7: every race of the run of the first [end] events, each reversed against the whole
 * run (the races of each event were found when it was taken). */
static bool optimal_run_races(search *s, size_t end)
{
    for (size_t i = 0; i < end; i++) {
        racer r = {s->path[i], s->frames[i].chosen_label, clock_of(s, i), i, end, false, false};
        const labelset *races = &s->frames[i].races;
        for (size_t k = 0; k < races->count; k++)
            if (!optimal_found(s, &r, races->ids[k])) return false;
    }
    return true;
}

/* Returns the threads that start a branch of frames[d]'s wakeup tree. */
static por_tset branch_threads(const search *s, size_t d)
{
    por_tset have = 0;
    const wtree *t = &s->trees[d];
    for (uint32_t c = wtree_first(t); c != NONE; c = t->nodes[c].sibling)
        have |= tset_of(label_at(s, t->nodes[c].label)->thread);
    return have;
}

/* Adds a one-event bare branch for every enabled thread of [f] that neither sleeps, nor was
 * explored here, nor starts a branch already. */
static bool add_branches(search *s, frame *f)
{
    size_t d = index_of(s, f);
    for (por_tset m = f->enabled & ~f->sleep & ~f->done & ~branch_threads(s, d); m; m &= m - 1)
        if (!por_wtree_add(&s->trees[d], &nexts_of(s, d)[tset_first(m)], 1, true))
            return por_search_nomem(s);
    return true;
}

/* Drops leading branches whose first thread was explored here already and cut by a cycle (its
 * first step leads back to the same stack state again), and those whose thread cannot run in
 * [f] (never seen: every inserted sequence was replayed); should one of these appear, every
 * enabled thread gets a branch, which is safe. */
static bool drop_useless_branches(search *s, frame *f)
{
    size_t d = index_of(s, f);
    bool blocked = false;
    for (uint32_t t; (t = first_thread(s, d)) != NONE;) {
        bool cut = tset_has(f->done & ~f->sleep, t);
        if (!cut && tset_has(f->enabled, t)) break;
        por_wtree_drop_first(&s->trees[d]);
        if (!cut) {
            s->result->stats.wakeup_blocked++;
            blocked = true;
        }
    }
    return !blocked || add_branches(s, f);
}

/* Lines 8-10: the first branch of wut(E), or any enabled thread not sleeping at first. */
static por_tset optimal_candidates(const search *s, const frame *f)
{
    uint32_t t = first_thread(s, index_of(s, f));
    if (t != NONE) return tset_of(t);
    return f->done ? 0 : f->enabled & ~f->sleep;
}

/* Lines 10-13: a first thread becomes wut(E) = {p}; the event's clock and its races. */
static bool optimal_on_take(search *s, frame *f)
{
    size_t d = index_of(s, f);
    if (first_thread(s, d) == NONE && !por_wtree_add(&s->trees[d], &f->chosen_label, 1, false))
        return por_search_nomem(s);
    f->races.count = 0;
    racer r = take_event(s, f);
    return scan_races(s, &r, note_race);
}

/* Explore(E, Sleep, WuT): WuT = subtree(wut(parent), p) and the sleep set; at a maximal run,
 * race detection (lines 2-7); the pending actions of waiting threads in every state. */
static bool optimal_on_push(search *s, frame *f)
{
    size_t d = index_of(s, f);
    inherit_sleep(s, f);
    if (d > 0 &&
        !por_wtree_copy_below(&s->trees[d], &s->trees[d - 1], wtree_first(&s->trees[d - 1])))
        return por_search_nomem(s);
    if (d == 0) por_wtree_clear(&s->trees[0]);
    if (!drop_useless_branches(s, f)) return false;
    count_sleep_blocked(s, f, first_thread(s, d) != NONE);
    if (!pending_races(s, f, d, optimal_found)) return false;
    return f->enabled || optimal_run_races(s, d);
}

/* Inserts every sequence from the root of [s]->lost to a leaf below [node] (after the first
 * [len] events in [path]) into the wakeup tree of the stack state the cycle led back to. */
static bool reinsert_lost(search *s, uint32_t node, uint32_t *path, size_t len)
{
    const wtree *t = &s->lost;
    if (t->nodes[node].child == NONE) {
        uint32_t *seq = scratch_list(s, 0);
        memcpy(seq, path, len * sizeof *seq);
        if (!por_wtree_insert(&s->trees[s->lost_to], &s->lb, seq, len)) return por_search_nomem(s);
        return true;
    }
    for (uint32_t c = t->nodes[node].child; c != NONE; c = t->nodes[c].sibling) {
        path[len] = t->nodes[c].label;
        if (!reinsert_lost(s, c, path, len + 1)) return false;
    }
    return true;
}

/* Lines 14-16: p joins sleep(E) and leaves wut(E). The sequences that were to follow a branch cut
 * by a cycle start from the state it led back to, so they go into that state's tree (they were
 * lost below the cut before: a CAS after a spin iteration was never tried first). */
static bool optimal_after_child(search *s, frame *f)
{
    sleep_after(f);
    por_wtree_drop_first(&s->trees[index_of(s, f)]);
    if (wtree_first(&s->lost) != NONE) {
        bool ok = reinsert_lost(s, 0, scratch_list(s, 1), 0);
        por_wtree_clear(&s->lost);
        if (!ok) return false;
    }
    return drop_useless_branches(s, f);
}

/* A cycle back to stack state [succ]: race detection on the run so far, the pending actions
 * there, and the cycle proviso as a branch for every enabled thread of the cycle's states. */
static bool optimal_on_known(search *s, frame *f, uint32_t succ)
{
    size_t d = index_of(s, f), to = stack_index(s, succ);
    if (!optimal_run_races(s, d + 1) || !pending_races(s, &s->frames[to], d + 1, optimal_found))
        return false;
    if (!por_wtree_copy_below(&s->lost, &s->trees[d], wtree_first(&s->trees[d])))
        return por_search_nomem(s);
    s->lost_to = to;
    mark_cycle(s, to, d);
    for (size_t i = to; i <= d; i++)
        if (!add_branches(s, &s->frames[i])) return false;
    return true;
}

/* ---- Ends that stop threads ------------------------------------------------------------------ */

bool por_dpor_expand(search *s, frame *f)
{
    if (s->opt->algo == POR_ALGO_OPTIMAL_DPOR) return add_branches(s, f);
    f->backtrack |= f->enabled;
    settle(f);
    return true;
}

/* ---- o-dpor: source-dpor with state matching ------------------------------------------------- */

/* The pragmatic paper compares with O-DPOR, a stateful version of the source-set algorithm
 * without wakeup trees. Wakeup trees do not survive state matching: optimal-dpor explores below
 * a state only the runs its wakeup tree and the races found there ask for, and leaves the others
 * to the sequences that races elsewhere insert above it (a run that slept below a state matched
 * so was never explored: test o_dpor_keeps_no_wakeup_tree). Algorithm 1 has no such debt: when
 * Explore(E, Sleep) returns, every maximal run from E that no sleeping thread starts was explored
 * (the paper's theorem for it). Matching a state s naively still loses runs: below s lie events
 * that race with events of the new path to s, which stateless DPOR would find by exploring s
 * again. o-dpor matches s only when
 *   - s is closed: its exploration reached no state that was then on the stack, so its runs were
 *     explored from s alone (a cycle leaves the rest to a state above s, which the new path may
 *     not share) and its Lr edges are final;
 *   - the sleep set s started with is a subset of the one it would start with now (the runs of a
 *     thread that slept at the first visit but not now were never explored from s).
 * Otherwise s is explored again, under a new id. At a match every label that s reaches in Lr
 * (Yang et al.'s visible dependency graph) races with the events of the stack as if it came
 * next. Its order below s is unknown, so every dependent event that does not happen before it
 * counts as a race, and the reversal adds to the backtrack set an initial of the stack events
 * that do not happen after the racing one (an initial of v too), or, when there are none, every
 * thread that s reaches. */

/* Records the sleep set that the new top frame [f] starts with, then backtrack_on_push. */
static bool odpor_on_push(search *s, frame *f)
{
    if (!backtrack_on_push(s, f)) return false;
    if (!base_array_reserve(&s->entry_sleep, &s->entry_sleep_cap, (size_t)f->state + 1,
                            sizeof *s->entry_sleep))
        return por_search_nomem(s);
    s->entry_sleep[f->state] = f->sleep;
    return true;
}

/* A known state [succ] off the stack is explored again unless it is closed and started with a
 * sleep set inside the one [f]'s chosen transition hands down (see the section comment). */
static bool odpor_revisit(const search *s, const frame *f, uint32_t succ)
{
    if (bit_get(s->st.on_stack, succ)) return false;
    if (!bit_get(s->st.closed, succ)) return true;
    return (s->entry_sleep[succ] & ~child_sleep(s, f)) != 0;
}

/* Adds [label] to the labels a matched state reaches; never stops the walk. */
static bool collect_label(search *s, void *ctx, uint32_t label)
{
    (void)ctx;
    if (!base_array_reserve(&s->reach, &s->reach_cap, s->reach_len + 1, sizeof *s->reach)) {
        s->reach_failed = true;
        return true;
    }
    s->reach[s->reach_len++] = label;
    s->reach_threads |= tset_of(label_at(s, label)->thread);
    return false;
}

/* The race of stack event [j] with [r], an event below the matched state: v = u.w.e', where u
 * holds the events of the stack after j that do not happen after it and w those below the
 * matched state, is unknown past u. An initial of u is one of v, so unless backtrack(E') or
 * the sleep set holds one already, one joins backtrack(E'). Without u (or when no initial of u
 * can run) every thread the matched state reaches joins it; every enabled thread when one of
 * those waits or has not started. */
static bool summed_found(search *s, const racer *r, size_t j)
{
    frame *g = &s->frames[j];
    uint32_t *u = scratch_list(s, 1);
    size_t m = not_after(s, j, r->horizon, u);
    por_tset first = initials_of(s, u, m);
    if (first & (g->backtrack | g->sleep)) return true;
    if (first & g->enabled) {
        add_one_of(s, g, first & g->enabled);
        return true;
    }
    por_tset reached = s->reach_threads | tset_of(r->t);
    g->backtrack |= m || (reached & ~g->enabled) ? g->enabled : reached & g->enabled;
    settle(g);
    return true;
}

/* The races of the labels that matched state [succ] reaches with the first [end] events. */
static bool summed_races(search *s, uint32_t succ, size_t end)
{
    s->reach_len = 0;
    s->reach_threads = 0;
    s->reach_failed = false;
    lr_visitor v = {.visit = collect_label};
    if (!por_search_reachable_labels(s, succ, false, &v) || s->reach_failed)
        return por_search_nomem(s);
    for (size_t i = 0; i < s->reach_len; i++) {
        uint32_t label = s->reach[i];
        size_t t = label_at(s, label)->thread;
        uint32_t *c = scratch_clock(s, 1);
        clock_after(s, end, t, label_at(s, label), c);
        racer r = {t, label, c, end, end, false, true};
        if (!scan_races(s, &r, summed_found)) return false;
    }
    return true;
}

/* The chosen transition of [f] reached known state [succ]: a cycle as source-dpor closes it, or
 * a match: the races of what [succ] reaches. */
static bool odpor_on_known(search *s, frame *f, uint32_t succ)
{
    if (bit_get(s->st.on_stack, succ)) return backtrack_on_known(s, f, succ);
    return summed_races(s, succ, index_of(s, f) + 1);
}

/* ---- The table ------------------------------------------------------------------------------- */

/* dpor and source-dpor differ only in what a race adds to a backtrack set (rule_of). */
#define BACKTRACK_SEARCH                                                                           \
    {                                                                                              \
        .candidates = backtrack_candidates, .on_take = backtrack_on_take,                          \
        .on_known = backtrack_on_known, .after_child = sleep_after_child,                          \
        .on_pending = no_pending, .on_push = backtrack_on_push, .dpor = true                       \
    }

static const algo_ops dpor_algos[] = {
    [POR_ALGO_DPOR - POR_ALGO_DPOR] = BACKTRACK_SEARCH,
    [POR_ALGO_SOURCE_DPOR - POR_ALGO_DPOR] = BACKTRACK_SEARCH,
    [POR_ALGO_OPTIMAL_DPOR - POR_ALGO_DPOR] = {.candidates = optimal_candidates,
                                               .on_take = optimal_on_take,
                                               .on_known = optimal_on_known,
                                               .after_child = optimal_after_child,
                                               .on_pending = no_pending,
                                               .on_push = optimal_on_push,
                                               .dpor = true},
    [POR_ALGO_O_DPOR - POR_ALGO_DPOR] = {.candidates = backtrack_candidates,
                                         .on_take = backtrack_on_take,
                                         .on_known = odpor_on_known,
                                         .after_child = sleep_after_child,
                                         .on_pending = no_pending,
                                         .on_push = odpor_on_push,
                                         .revisit = odpor_revisit,
                                         .uses_lr = true,
                                         .dpor = true},
};

const algo_ops *por_dpor_algo(por_algo algo)
{
    if (algo < POR_ALGO_DPOR || algo > POR_ALGO_O_DPOR) return NULL;
    return &dpor_algos[algo - POR_ALGO_DPOR];
}
