/* Wakeup trees (Section 6 of "Optimal Dynamic Partial Order Reduction", Abdulla, Aronis,
 * Jonsson, Sagonas; ../shared/seeds/optimal-dpor.txt): ordered trees of event sequences that
 * optimal DPOR explores from a state before anything else. An event is an interned label; two
 * events are dependent as por_dependent says, and the events of one thread are ordered. */
#include <string.h>

#include "internal.h"

void por_wtree_clear(wtree *t)
{
    if (!t->len) return;
    t->len = 1;
    t->nodes[0].child = t->nodes[0].sibling = NONE;
}

void por_wtree_free(wtree *t)
{
    base_free(t->nodes);
    memset(t, 0, sizeof *t);
}

/* Makes room for one more node; false when out of memory. */
static bool reserve(wtree *t)
{
    return base_array_reserve(&t->nodes, &t->cap, t->len + 1, sizeof *t->nodes);
}

/* Makes sure [t] has its root; false when out of memory. */
static bool ensure_root(wtree *t)
{
    if (t->len) return true;
    if (!reserve(t)) return false;
    t->nodes[t->len++] = (wnode){NONE, NONE, NONE, false};
    return true;
}

/* Returns a new childless node for [label], NONE when out of memory. */
static uint32_t new_node(wtree *t, uint32_t label)
{
    if (!ensure_root(t) || !reserve(t)) return NONE;
    t->nodes[t->len] = (wnode){label, NONE, NONE, false};
    return (uint32_t)t->len++;
}

/* Makes [child] the last child of [parent]. */
static void link_last(wtree *t, uint32_t parent, uint32_t child)
{
    uint32_t *at = &t->nodes[parent].child;
    while (*at != NONE) at = &t->nodes[*at].sibling;
    *at = child;
}

/* Appends the chain [seq][0 .. len) as the last child of [parent]; returns its leaf (or
 * [parent] when [len] is 0), NONE when out of memory. */
static uint32_t add_chain(wtree *t, uint32_t parent, const uint32_t *seq, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        uint32_t node = new_node(t, seq[i]);
        if (node == NONE) return NONE;
        link_last(t, parent, node);
        parent = node;
    }
    return parent;
}

bool por_wtree_add(wtree *t, const uint32_t *seq, size_t len, bool bare)
{
    if (!ensure_root(t)) return false;
    uint32_t leaf = add_chain(t, 0, seq, len);
    if (leaf == NONE) return false;
    t->nodes[leaf].bare = bare;
    return true;
}

/* Copies the children of [from] in [src] (with their subtrees) below [to] in [dst]. */
static bool copy_children(wtree *dst, uint32_t to, const wtree *src, uint32_t from)
{
    for (uint32_t c = src->nodes[from].child; c != NONE; c = src->nodes[c].sibling) {
        uint32_t node = new_node(dst, src->nodes[c].label);
        if (node == NONE) return false;
        dst->nodes[node].bare = src->nodes[c].bare;
        link_last(dst, to, node);
        if (!copy_children(dst, node, src, c)) return false;
    }
    return true;
}

bool por_wtree_copy_below(wtree *dst, const wtree *src, uint32_t node)
{
    por_wtree_clear(dst);
    return ensure_root(dst) && copy_children(dst, 0, src, node);
}

void por_wtree_drop_first(wtree *t)
{
    uint32_t first = wtree_first(t);
    if (first == NONE) return;
    t->nodes[0].child = t->nodes[first].sibling;
    if (t->nodes[0].child == NONE) por_wtree_clear(t);
}

/* True when event [k] of [seq], the first of its thread there, depends on no earlier event of
 * [seq]: its thread is an initial of the sequence. */
static bool is_initial(const labels *lb, const uint32_t *seq, size_t k)
{
    for (size_t i = 0; i < k; i++)
        if (por_dependent(&lb->items[seq[i]], &lb->items[seq[k]])) return false;
    return true;
}

/* Returns the index of the first event of [thread] in [seq][0 .. len), or len. */
static size_t first_of(const labels *lb, const uint32_t *seq, size_t len, uint32_t thread)
{
    size_t k = 0;
    while (k < len && lb->items[seq[k]].thread != thread) k++;
    return k;
}

/* True when [label] is independent of every event of [seq][0 .. len). */
static bool independent_of_all(const labels *lb, uint32_t label, const uint32_t *seq, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (por_dependent(&lb->items[label], &lb->items[seq[i]])) return false;
    return true;
}

/* Follows from [node] the first child whose event can start [seq] (Lemma 6.2: its thread is an
 * initial of [seq], which loses that event, or its event is independent of all of [seq]).
 * Returns the child, or NONE when none can. */
static uint32_t follow(const wtree *t, const labels *lb, uint32_t node, uint32_t *seq, size_t *len)
{
    for (uint32_t c = t->nodes[node].child; c != NONE; c = t->nodes[c].sibling) {
        uint32_t label = t->nodes[c].label;
        size_t k = first_of(lb, seq, *len, lb->items[label].thread);
        if (k < *len) {
            if (seq[k] != label || !is_initial(lb, seq, k)) continue;
            memmove(seq + k, seq + k + 1, (*len - k - 1) * sizeof *seq);
            --*len;
            return c;
        }
        if (independent_of_all(lb, label, seq, *len)) return c;
    }
    return NONE;
}

bool por_wtree_insert(wtree *t, const labels *lb, uint32_t *seq, size_t len)
{
    if (!ensure_root(t)) return false;
    uint32_t node = 0;
    while (len > 0) {
        wnode *n = &t->nodes[node];
        if (node != 0 && n->child == NONE && !n->bare) return true; /* a leaf covers it */
        n->bare = false;
        uint32_t next = follow(t, lb, node, seq, &len);
        if (next == NONE) return add_chain(t, node, seq, len) != NONE;
        node = next;
    }
    return true;
}
