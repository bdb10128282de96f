/* The labels A_s of every execution from a state s, as Algorithm 2 (line 21) and Algorithm 3
 * (line 32) need them. Appendix A: each transition is traversed once per re-traversal, not
 * once per execution, so the result is the set of labels on Lr edges reachable from s. A
 * stateless search keeps no Lr; each stack frame summarises the labels explored below it.
 *
 * Heap symmetry (an lts with names): a state's edges name objects as the path that stored it
 * did. A walk that enters a state with other names (a renamed edge, or a root matched so) goes
 * on "with any object": from there it visits the POR_ANY_OBJECT twins of the labels, which are
 * dependent on every access to their field, so it over-approximates the dependencies it would
 * have found under the current names. Each state is reached at most once per mode; summaries
 * count a renamed edge as every object bit (their field bits hold whatever the names). */
#include <string.h>

#include "internal.h"

/* Starts a new re-traversal epoch (for the labels); false when out of memory. */
static bool new_epoch(search *s)
{
    if (s->label_mark_cap < s->lb.count) {
        if (!base_array_resize(&s->label_mark, sizeof *s->label_mark, s->label_mark_cap, s->lb.cap))
            return false;
        s->label_mark_cap = s->lb.cap;
    }
    if (++s->epoch == 0) { /* wrapped: clear every mark */
        memset(s->label_mark, 0, s->label_mark_cap * sizeof *s->label_mark);
        s->epoch = 1;
    }
    return true;
}

/* Visits [label] unless this epoch saw it already; true when the visitor asks to stop. */
static bool visit_once(search *s, uint32_t label, const lr_visitor *v)
{
    if (s->label_mark[label] == s->epoch) return false;
    s->label_mark[label] = s->epoch;
    return v->visit(s, v->ctx, label);
}

/* A walk entry: a state id, with this bit when it is reached with labels of any object. */
#define WALK_ANY 0x80000000u

/* Makes room for every state (twice with names: once per mode) in the work stack and the seen
 * list, so no walk grows them. */
static bool reserve_walk(search *s)
{
    size_t need = s->st.count * (s->st.with_names ? 2 : 1);
    return base_array_reserve(&s->work, &s->work_cap, need, sizeof *s->work) &&
           base_array_reserve(&s->seen, &s->seen_cap, need, sizeof *s->seen);
}

/* A re-traversal in progress: its stack of states to expand and its list of reached ones. */
typedef struct lr_walk {
    size_t top, seen, walked;
} lr_walk;

/* True when [v] filters out closed state [state] with a stored summary (several edges) that
 * covers none of [v]'s needs (those of a walk with labels of any object when [any]). */
static inline bool filtered_out(const search *s, const lr_visitor *v, uint32_t state, bool any)
{
    if (!v->filtered || !store_has_summary(&s->st, state)) return false;
    lr_filter sum;
    store_summary(s->st.pool + (s->st.head[state] & ~LR_HAS_SUM), &sum);
    const lr_filter *need = any ? v->need_any : v->need;
    for (size_t i = 0; i < v->needs; i++)
        if (filter_covers(&sum, &need[i])) return false;
    return true;
}

/* Returns the marks of the walk mode [any] (reached with labels of any object, or not). */
static inline uint64_t *marks_of(const search *s, bool any)
{
    return any ? s->st.marked_any : s->st.marked;
}

/* Marks [state] reached in mode [any] and, unless [v] filters it out (its summary holds its
 * labels under the stored names only), pushes it. */
static inline __attribute__((always_inline)) void reach(search *s, lr_walk *w, const lr_visitor *v,
                                                        uint32_t state, bool any)
{
    uint32_t entry = state | (any ? WALK_ANY : 0);
    bit_set(marks_of(s, any), state, true);
    s->seen[w->seen++] = entry;
    if (!filtered_out(s, v, state, any)) s->work[w->top++] = entry;
}

/* Walks the [n] edges at [e] newest first in mode [any], counting them: visits each label (its
 * twin with any object in that mode) once per walk and reaches the successors; true when the
 * visitor asks to stop (the later edges not walked). [names] is the store's with_names, a
 * constant at each call so that a walk without names compiles to the plain loop. */
static inline __attribute__((always_inline)) bool walk_edges(search *s, lr_walk *w,
                                                             const lr_visitor *v, const lr_edge *e,
                                                             size_t n, bool any, bool names)
{
    uint32_t *label_mark = s->label_mark, epoch = s->epoch;
    while (n-- > 0) {
        uint32_t label = edge_label(&e[n]);
        if (names && any) label = labels_any(&s->lb, label);
        if (label_mark[label] != epoch) {
            label_mark[label] = epoch;
            if (v->visit(s, v->ctx, label)) {
                w->walked -= n; /* the edges after this one are not walked */
                return true;
            }
        }
        uint32_t dst = e[n].dst; /* NONE: a waiting thread's pending action */
        bool dst_any = names && (any || edge_renamed(&e[n]));
        if (dst != NONE && !bit_get(marks_of(s, dst_any), dst)) reach(s, w, v, dst, dst_any);
    }
    return false;
}

/* Walks Lr from the states on [w]'s stack depth first, newest edges first, every reachable edge
 * once per mode, until the visitor asks to stop. */
static void walk(search *s, lr_walk *w, const lr_visitor *v)
{
    while (w->top > 0) {
        uint32_t entry = s->work[--w->top];
        const lr_edge *e;
        size_t n = store_edges(&s->st, entry & ~WALK_ANY, &e);
        w->walked += n;
        bool stop = s->st.with_names ? walk_edges(s, w, v, e, n, entry & WALK_ANY, true)
                                     : walk_edges(s, w, v, e, n, false, false);
        if (stop) return;
    }
}

/* Walks Lr from [root] (reached with other names when [renamed]), every reachable edge once per
 * mode, and clears the marks it left. */
static bool lr_labels(search *s, uint32_t root, bool renamed, const lr_visitor *v)
{
    if (!reserve_walk(s)) return false;
    lr_walk w = {0, 0, 0};
    reach(s, &w, v, root, renamed && s->st.with_names);
    walk(s, &w, v);
    s->result->stats.retraversed += w.walked;
    for (size_t i = 0; i < w.seen; i++)
        bit_set(marks_of(s, s->seen[i] & WALK_ANY), s->seen[i] & ~WALK_ANY, false);
    return true;
}

/* Adds to [sum] the labels closed state [state] reaches: its stored summary, else its edges and
 * (walking on) what they reach, each state once ([w] holds the reached ones). */
static void add_reached(search *s, lr_walk *w, lr_filter *sum, uint32_t state)
{
    if (store_has_summary(&s->st, state)) {
        const lr_edge *e;
        store_edges(&s->st, state, &e);
        lr_filter stored;
        store_summary(e, &stored);
        filter_add(sum, &stored);
        return;
    }
    if (bit_get(s->st.marked, state)) return;
    bit_set(s->st.marked, state, true);
    s->seen[w->seen++] = state;
    s->work[w->top++] = state;
}

/* Adds to [sum] the label of edge [e] and what its successor reaches when that is below [limit]
 * (NONE: any); every object bit when the edge is renamed (beyond it, labels stand for any
 * object). */
static void add_edge_reach(search *s, lr_walk *w, lr_filter *sum, const lr_edge *e, uint32_t limit)
{
    filter_add(sum, &s->lb.filter[edge_label(e)]);
    if (e->dst != NONE && (limit == NONE || e->dst < limit)) add_reached(s, w, sum, e->dst);
    if (edge_renamed(e)) filter_any_object(sum);
}

/* Adds to [sum] everything reachable from the states on [w]'s stack, then clears the marks. */
static void drain_reached(search *s, lr_walk *w, lr_filter *sum)
{
    while (w->top > 0) {
        const lr_edge *e;
        size_t n = store_edges(&s->st, s->work[--w->top], &e);
        for (size_t i = 0; i < n; i++) add_edge_reach(s, w, sum, &e[i], NONE);
    }
    for (size_t i = 0; i < w->seen; i++) bit_set(s->st.marked, s->seen[i], false);
}

/* Adds to [*sum] (the summaries of top state [id]'s closed children) its labels and what its
 * edges to states found before it reach; clears [*closed] when one of those is not closed
 * (still on the stack, [id] itself among them). The states found after [id] are in the subtrees
 * of its children. False when out of memory. */
static bool summarize(search *s, uint32_t id, lr_filter *sum, bool *closed)
{
    const lr_edge *e;
    size_t n = store_edges(&s->st, id, &e);
    for (size_t i = 0; i < n; i++)
        if (e[i].dst != NONE && e[i].dst <= id && !bit_get(s->st.closed, e[i].dst)) {
            *closed = false;
            return true;
        }
    if (!reserve_walk(s)) return false;
    lr_walk w = {0, 0, 0};
    for (size_t i = 0; i < n; i++) add_edge_reach(s, &w, sum, &e[i], id);
    drain_reached(s, &w, sum);
    return true;
}

bool por_search_leave_state(search *s, uint32_t id, size_t depth)
{
    if (!s->st.graph) return por_store_leave(&s->st, id, depth, NULL);
    const frame *f = &s->frames[depth];
    lr_filter sum = f->below;
    bool closed = !f->open_below;
    if (closed && !summarize(s, id, &sum, &closed)) return false;
    bool keep = closed && s->st.count - id >= LR_SUM_MIN_STATES;
    if (!por_store_leave(&s->st, id, depth, keep ? &sum : NULL)) return false;
    bit_set(s->st.closed, id, closed);
    if (depth == 0) return true;
    frame *parent = &s->frames[depth - 1];
    if (closed)
        filter_add(&parent->below, &sum);
    else
        parent->open_below = true;
    return true;
}

/* Stateless: the labels explored from stack frame [root] so far (its summary, and the chosen
 * transitions and summaries of the frames above it), or, for a frame just popped (root ==
 * depth), its summary. */
static void summary_labels(search *s, uint32_t root, const lr_visitor *v)
{
    size_t last = root < s->depth ? s->depth : (size_t)root + 1;
    for (size_t i = root; i < last; i++) {
        const frame *f = &s->frames[i];
        s->result->stats.retraversed += f->summary.count;
        for (size_t k = 0; k < f->summary.count; k++)
            if (visit_once(s, f->summary.ids[k], v)) return;
        if (i < s->depth && f->chosen != NONE && visit_once(s, f->chosen_label, v)) return;
    }
}

bool por_search_reachable_labels(search *s, uint32_t root, bool renamed, const lr_visitor *v)
{
    if (!new_epoch(s)) return false;
    if (!s->opt->stateless) return lr_labels(s, root, renamed, v);
    summary_labels(s, root, v);
    return true;
}

bool por_search_summarize_back_edge(search *s, uint32_t label, uint32_t root)
{
    frame *top = &s->frames[s->depth - 1];
    for (size_t i = root; i + 1 < s->depth; i++) {
        const frame *f = &s->frames[i];
        if (!por_labelset_merge(&top->summary, &f->summary)) return false;
        if (f->chosen != NONE && !por_labelset_add(&top->summary, f->chosen_label)) return false;
    }
    return por_labelset_add(&top->summary, label);
}
