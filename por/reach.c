/* The labels A_s of every execution from a state s, as Algorithm 2 (line 21) and Algorithm 3
 * (line 32) need them. Appendix A: each transition is traversed once per re-traversal, not
 * once per execution, so the result is the set of labels on Lr edges reachable from s. A
 * stateless search keeps no Lr; each stack frame summarises the labels explored below it. */
#include <string.h>

#include "array.h"
#include "internal.h"

/* Starts a new re-traversal epoch (for the labels); false when out of memory. */
static bool new_epoch(search *s)
{
    if (s->label_mark_cap < s->lb.count) {
        if (!por_array_resize(&s->label_mark, sizeof *s->label_mark, s->label_mark_cap, s->lb.cap))
            return false;
        s->label_mark_cap = s->lb.cap;
    }
    if (++s->epoch == 0) { /* wrapped: clear every mark */
        memset(s->label_mark, 0, s->label_mark_cap * sizeof *s->label_mark);
        s->epoch = 1;
    }
    return true;
}

/* Visits [label] unless this epoch saw it already; true when [visit] asks to stop. */
static bool visit_once(search *s, uint32_t label, bool (*visit)(search *, void *, uint32_t),
                       void *ctx)
{
    if (s->label_mark[label] == s->epoch) return false;
    s->label_mark[label] = s->epoch;
    return visit(s, ctx, label);
}

/* Marks [state] reached, pushes it on the re-traversal stack ([*top] states) and remembers it in
 * the list of [*seen] reached states (whose marks are cleared afterwards). */
static bool push_work(search *s, size_t *top, size_t *seen, uint32_t state)
{
    if (!por_array_reserve(&s->work, &s->work_cap, *top + 1, sizeof *s->work) ||
        !por_array_reserve(&s->seen, &s->seen_cap, *seen + 1, sizeof *s->seen))
        return false;
    bit_set(s->st.marked, state, true);
    s->work[(*top)++] = state;
    s->seen[(*seen)++] = state;
    return true;
}

/* Walks Lr from [root] depth first, newest edges first, every reachable edge once, until [visit]
 * asks to stop; false when out of memory. The reached states are left in seen[0 .. *seen). */
static bool lr_walk(search *s, uint32_t root, bool (*visit)(search *, void *, uint32_t), void *ctx,
                    size_t *seen)
{
    size_t top = 0;
    if (!push_work(s, &top, seen, root)) return false;
    while (top > 0) {
        const lr_edge *e;
        size_t n = store_edges(&s->st, s->work[--top], &e);
        while (n-- > 0) {
            s->result->stats.retraversed++;
            if (visit_once(s, e[n].label_last >> 1, visit, ctx)) return true;
            uint32_t dst = e[n].dst; /* NONE: a waiting thread's pending action */
            if (dst != NONE && !bit_get(s->st.marked, dst) && !push_work(s, &top, seen, dst))
                return false;
        }
    }
    return true;
}

/* Walks Lr from [root], every reachable edge once, and clears the marks it left. */
static bool lr_labels(search *s, uint32_t root, bool (*visit)(search *, void *, uint32_t),
                      void *ctx)
{
    size_t seen = 0;
    bool ok = lr_walk(s, root, visit, ctx, &seen);
    for (size_t i = 0; i < seen; i++) bit_set(s->st.marked, s->seen[i], false);
    return ok;
}

/* Stateless: the labels explored from stack frame [root] so far (its summary, and the chosen
 * transitions and summaries of the frames above it), or, for a frame just popped (root ==
 * depth), its summary. */
static void summary_labels(search *s, uint32_t root, bool (*visit)(search *, void *, uint32_t),
                           void *ctx)
{
    size_t last = root < s->depth ? s->depth : (size_t)root + 1;
    for (size_t i = root; i < last; i++) {
        const frame *f = &s->frames[i];
        s->result->stats.retraversed += f->summary.count;
        for (size_t k = 0; k < f->summary.count; k++)
            if (visit_once(s, f->summary.ids[k], visit, ctx)) return;
        if (i < s->depth && f->chosen != NONE && visit_once(s, f->chosen_label, visit, ctx)) return;
    }
}

bool search_reachable_labels(search *s, uint32_t root, bool (*visit)(search *, void *, uint32_t),
                             void *ctx)
{
    if (!new_epoch(s)) return false;
    if (!s->opt->stateless) return lr_labels(s, root, visit, ctx);
    summary_labels(s, root, visit, ctx);
    return true;
}

bool search_summarize_back_edge(search *s, uint32_t label, uint32_t root)
{
    frame *top = &s->frames[s->depth - 1];
    for (size_t i = root; i + 1 < s->depth; i++) {
        const frame *f = &s->frames[i];
        if (!labelset_merge(&top->summary, &f->summary)) return false;
        if (f->chosen != NONE && !labelset_add(&top->summary, f->chosen_label)) return false;
    }
    return labelset_add(&top->summary, label);
}
