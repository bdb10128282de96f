/* The algorithms of the pragmatic-stateful-POR paper as hooks of the common DFS engine:
 * Algorithm 1 (S-POR), Algorithm 2 (DE-S-POR) and Algorithm 3 (DL-S-POR) with the Appendix A
 * optimisations, their JPF variants (safeSet = enabled), and plain DFS. Line numbers in the
 * comments are those of the paper's pseudo-code. */
#include <string.h>

#include "internal.h"

/* Returns the stack index of frame [f]. */
static size_t depth_of(const search *s, const frame *f)
{
    return (size_t)(f - s->frames);
}

/* ---- dfs, jpf and S-POR (Algorithm 1) -------------------------------------------------------- */

/* dfs, jpf: every enabled thread. */
static por_tset all_candidates(const search *s, const frame *f)
{
    (void)s;
    return f->enabled & ~f->done;
}

/* Algorithm 1 line 4: forall t in safeSet(s); enabled(s) once the cycle proviso fired. */
static por_tset spor_candidates(const search *s, const frame *f)
{
    (void)s;
    return (f->full ? f->enabled : f->safe) & ~f->done;
}

/* Records that the chosen thread of [f] is explored. */
static bool mark_done(search *s, frame *f)
{
    (void)s;
    f->done |= tset_of(f->chosen);
    f->backtrack |= tset_of(f->chosen);
    return true;
}

/* No bookkeeping for a transition to a known state. */
static bool no_known(search *s, frame *f, uint32_t succ)
{
    (void)s, (void)f, (void)succ;
    return true;
}

/* Nothing to update on backtracking (no source sets). */
static bool no_after(search *s, frame *f)
{
    (void)s, (void)f;
    return true;
}

/* ---- Shared by Algorithms 2 and 3 ------------------------------------------------------------ */

/* True when the closure of [t] under current[] stays inside [done]: then that closure T
 * satisfies T = union of current[t'] for t' in T (Fig. 2, second case). */
static bool closed_within(const por_tset *cur, size_t t, por_tset done)
{
    por_tset c = cur[t] | tset_of(t);
    for (;;) {
        if (c & ~done) return false;
        por_tset next = c;
        for (por_tset m = c; m; m &= m - 1) next |= cur[tset_first(m)];
        if (next == c) return true;
        c = next;
    }
}

/* UpdateBack(s, a) of Fig. 2. The first case is tested over the whole done set, not only
 * current[tid(a)]: an earlier thread's current set may hold a thread that is not in safeSet(s),
 * and the third case would then put that (possibly disabled) thread into backtrack. */
static por_tset update_back(const search *s, const frame *f)
{
    const por_tset *cur = frame_current(s, depth_of(s, f));
    por_tset all = 0;
    for (por_tset m = f->done; m; m &= m - 1) all |= cur[tset_first(m)];
    if (all & ~f->safe) return f->safe;
    for (por_tset m = f->done; m; m &= m - 1)
        if (closed_within(cur, tset_first(m), f->done)) return f->done;
    return all;
}

/* ---- DE-S-POR (Algorithm 2) ------------------------------------------------------------------ */

/* Algorithm 2 lines 6-8: the first thread comes from safeSet(s) (backtrack <- {t}), the next
 * ones from backtrack \ done; enabled \ done once the cycle proviso fired. */
static por_tset de_candidates(const search *s, const frame *f)
{
    (void)s;
    if (f->full) return f->enabled & ~f->done;
    if (!f->done) return f->safe;
    return f->backtrack & ~f->done;
}

/* UpdateCurr(a), lines 26-30, in the Appendix A form: every transition on the stack that is
 * dependent on [label] and of another thread gets tid(a) in its current set, not only the last
 * one (with locks as writes, the last one may be an unlock where tid(a) is disabled). */
static void update_curr(search *s, uint32_t label)
{
    const por_label *a = label_at(s, label);
    if (a->access == POR_INVISIBLE) return;
    por_tset t = tset_of(a->thread);
    for (size_t d = 0; d < s->depth; d++) {
        const frame *g = &s->frames[d];
        if (g->chosen == NONE) continue;
        por_tset *cur = &frame_current(s, d)[g->chosen];
        if (!(*cur & t) && por_dependent(a, label_at(s, g->chosen_label))) *cur |= t;
    }
}

/* Lines 9-13: done gets t', current[t'] = {t'}, and UpdateCurr(a) when a is visible. */
static bool de_on_take(search *s, frame *f)
{
    size_t t = f->chosen;
    f->backtrack |= tset_of(t); /* line 7 for the first thread; already there for the others */
    f->done |= tset_of(t);
    frame_current(s, depth_of(s, f))[t] = tset_of(t);
    update_curr(s, f->chosen_label);
    return true;
}

/* A waiting thread's pending action counts as a transition after the top state. */
static bool de_on_pending(search *s, uint32_t label)
{
    update_curr(s, label);
    return true;
}

/* UpdateCurr for one label of a re-traversal; never stops it. */
static bool update_curr_visit(search *s, void *ctx, uint32_t label)
{
    (void)ctx;
    update_curr(s, label);
    return false;
}

/* Lines 20-22: the successor was visited before, so UpdateCurr(a') for every a' in A_s'. */
static bool de_on_known(search *s, frame *f, uint32_t succ)
{
    lr_visitor v = {.visit = update_curr_visit};
    if (!por_search_reachable_labels(s, succ, f->chosen_renamed, &v)) return por_search_nomem(s);
    return true;
}

/* Line 15: backtrack <- UpdateBack(s, a); every enabled thread once the proviso fired. */
static bool de_after_child(search *s, frame *f)
{
    f->backtrack = f->full ? f->enabled : update_back(s, f);
    return true;
}

/* ---- DL-S-POR (Algorithm 3) ------------------------------------------------------------------ */

/* Lines 7-10: a thread of backtrack \ done, else any of safeSet(s) \ done. */
static por_tset dl_candidates(const search *s, const frame *f)
{
    (void)s;
    if (f->full) return f->enabled & ~f->done;
    por_tset pending = f->backtrack & ~f->done;
    return pending ? pending : f->safe & ~f->done;
}

/* Line 26, second disjunct: every thread of [T] is done or leads to a visited state. */
static bool rest_known(search *s, frame *f, por_tset T, bool *all)
{
    size_t d = depth_of(s, f);
    *all = false;
    for (por_tset m = T & ~f->done; m; m &= m - 1) {
        if (!por_search_probe(s, f, tset_first(m))) return false;
        if (!por_search_known(s, s->probes[d * s->n + tset_first(m)].fp)) return true;
    }
    *all = true;
    return true;
}

/* Line 27: adds the transitions of [threads] (all to visited states) to Lr. */
static bool add_known_edges(search *s, frame *f, por_tset threads)
{
    size_t d = depth_of(s, f);
    for (por_tset m = threads; m; m &= m - 1) {
        size_t t = tset_first(m);
        const probe *p = &s->probes[d * s->n + t];
        uint32_t succ = por_store_find(&s->st, p->fp);
        if (!por_search_record_known(s, f, t, succ)) return false;
    }
    return true;
}

/* The state of a DL re-traversal (lines 32-33); the visitor comes first. */
typedef struct dl_walk {
    lr_visitor v;
    const frame *f;
    const por_label *a;                 /* the label of next(s, t) */
    por_tset *cur_t;                    /* s.current[t] */
    por_tset others;                    /* every thread but t */
    lr_filter need_of[POR_MAX_THREADS]; /* filter bits a label of that thread dependent on a has */
} dl_walk;

/* Lists in the visitor the filter bits of the threads that could still join current[t]: a
 * closed state whose labels cover none of them cannot change current[t]. */
static void dl_needs(dl_walk *w)
{
    w->v.needs = 0;
    for (por_tset m = w->others & ~*w->cur_t; m; m &= m - 1) {
        w->v.need[w->v.needs] = w->v.need_any[w->v.needs] = w->need_of[tset_first(m)];
        filter_fields_only(&w->v.need_any[w->v.needs++]);
    }
}

/* Line 33 for one label a' of A_s'; Appendix A: stop as soon as current[t] holds every thread
 * of safeSet(s) or a thread not enabled in s, since UpdateBack's answer is then fixed. */
static bool dl_visit(search *s, void *ctx, uint32_t label)
{
    dl_walk *w = ctx;
    const por_label *b = label_at(s, label);
    if (por_dependent(w->a, b) && !tset_has(*w->cur_t, b->thread)) {
        *w->cur_t |= tset_of(b->thread);
        dl_needs(w);
    }
    return (*w->cur_t & w->f->safe) == w->f->safe || (*w->cur_t & ~w->f->enabled) != 0;
}

/* Prepares the re-traversal for the chosen transition of [f], whose label is [a]: a read needs
 * a write of another thread (both filter bits), a write any access (the first bit). */
static void dl_walk_init(search *s, dl_walk *w, const frame *f, por_tset *cur_t)
{
    const por_label *a = label_at(s, f->chosen_label);
    memset(&w->v, 0, sizeof w->v);
    w->v.visit = dl_visit;
    w->v.ctx = w;
    w->v.filtered = true;
    w->f = f;
    w->a = a;
    w->cur_t = cur_t;
    w->others = 0;
    if (a->access != POR_INVISIBLE)
        for (size_t t = 0; t < s->n; t++) {
            if (t == a->thread) continue;
            w->others |= tset_of(t);
            w->need_of[t] =
                label_filter_bits((uint32_t)t, a->object, a->field, a->access == POR_READ);
            /* a label of any object is dependent on that field of every object: it needs the
             * field's bits only (its own bits hold every object bit, which no summary covers) */
            if (a->object == POR_ANY_OBJECT) filter_fields_only(&w->need_of[t]);
        }
    dl_needs(w);
}

/* IsComplete(s), lines 22-38, for the transition of the chosen thread t just explored. */
static bool dl_is_complete(search *s, frame *f)
{
    size_t t = f->chosen;
    f->done |= tset_of(t);                       /* line 24 */
    por_tset T = f->full ? f->enabled : f->safe; /* line 25; the proviso widens it */
    bool all_known = f->done == T;               /* line 26, first disjunct (Appendix A) */
    if (!all_known && !rest_known(s, f, T, &all_known)) return false;
    if (all_known) {
        if (!add_known_edges(s, f, T & ~f->done)) return false; /* line 27 */
        f->done = f->backtrack = T;                             /* lines 28-29 */
        f->finished = true;                                     /* line 30 */
        return true;
    }
    if (f->full) {
        f->backtrack = f->enabled;
        return true;
    }
    por_tset *cur = frame_current(s, depth_of(s, f));
    cur[t] = tset_of(t); /* line 31 */
    dl_walk w;
    dl_walk_init(s, &w, f, &cur[t]);
    if (w.others &&
        !por_search_reachable_labels(s, f->chosen_succ, f->chosen_renamed, &w.v)) /* lines 32-33 */
        return por_search_nomem(s);
    f->backtrack = update_back(s, f);                /* line 34 */
    if (f->backtrack == f->done) f->finished = true; /* lines 35-36 */
    return true;
}

/* DL updates done in IsComplete, not when taking a transition. */
static bool no_take(search *s, frame *f)
{
    (void)s, (void)f;
    return true;
}

/* Pending actions live in Lr only (DL reads them when re-traversing). */
static bool no_pending(search *s, uint32_t label)
{
    (void)s, (void)label;
    return true;
}

/* ---- The table ------------------------------------------------------------------------------- */

/* Nothing to do when a frame is pushed. */
static bool no_push(search *s, frame *f)
{
    (void)s, (void)f;
    return true;
}

/* The hooks of every search but the DPOR family's: candidates, on_take, on_known, after_child,
 * on_pending; whether it keeps Lr, takes safeSet(s) = enabled(s), applies the proviso. */
#define ALGO(cand, take, known, after, pending, lr, all, cycles)                                   \
    {                                                                                              \
        .candidates = cand, .on_take = take, .on_known = known, .after_child = after,              \
        .on_pending = pending, .on_push = no_push, .uses_lr = lr, .safe_enabled = all,             \
        .proviso = cycles                                                                          \
    }

static const algo_ops algos[POR_ALGO_DPOR] = {
    [POR_ALGO_DFS] =
        ALGO(all_candidates, mark_done, no_known, no_after, no_pending, false, true, false),
    [POR_ALGO_JPF] =
        ALGO(all_candidates, mark_done, no_known, no_after, no_pending, false, true, false),
    [POR_ALGO_SPOR] =
        ALGO(spor_candidates, mark_done, no_known, no_after, no_pending, false, false, true),
    [POR_ALGO_DE_SPOR] = ALGO(de_candidates, de_on_take, de_on_known, de_after_child, de_on_pending,
                              true, false, true),
    [POR_ALGO_DL_SPOR] =
        ALGO(dl_candidates, no_take, no_known, dl_is_complete, no_pending, true, false, true),
    [POR_ALGO_DE_JPF] = ALGO(de_candidates, de_on_take, de_on_known, de_after_child, de_on_pending,
                             true, true, true),
    [POR_ALGO_DL_JPF] =
        ALGO(dl_candidates, no_take, no_known, dl_is_complete, no_pending, true, true, true),
};

const algo_ops *por_algo_for(por_algo algo)
{
    if ((unsigned)algo >= POR_ALGO_COUNT) return NULL;
    if (algo == POR_ALGO_CARTESIAN) return por_cartesian_algo();
    if (algo >= POR_ALGO_DPOR) return por_dpor_algo(algo);
    return &algos[algo];
}
