/* The state store internals: the open-addressing fingerprint map of the labels (insert, find,
 * backward-shift removal under collisions), the state index (tags, growth, removal), the Lr edge
 * pool and the byte budgets, label interning and sorted label sets. */
#include <criterion/criterion.h>
#include <string.h>

#include "internal.h"

/* Fingerprints whose low words collide into few home slots. */
static por_fp colliding(uint32_t i)
{
    por_fp fp = {(uint64_t)(i % 4) << 40, i};
    return fp;
}

Test(por_store, fpmap_finds_inserted_and_forgets_removed_ids)
{
    enum { N = 2000 };
    static por_fp keys[N];
    fpmap m = {0};
    for (uint32_t i = 0; i < N; i++) {
        keys[i] = colliding(i);
        cr_assert(por_fpmap_insert(&m, keys, i));
    }
    cr_assert_eq(m.count, N);
    cr_assert_leq(m.count * 2, m.mask + 1, "load stays at most one half");
    for (uint32_t i = 0; i < N; i++) cr_assert_eq(por_fpmap_find(&m, keys, keys[i]), i);
    por_fp absent = {99, 99};
    cr_assert_eq(por_fpmap_find(&m, keys, absent), NONE);
    /* Remove every third id, in an order that punches holes in the probe runs. */
    for (uint32_t i = 0; i < N; i += 3) por_fpmap_remove(&m, keys, i);
    for (uint32_t i = 0; i < N; i++)
        cr_assert_eq(por_fpmap_find(&m, keys, keys[i]), i % 3 ? i : NONE, "id %u", i);
    por_fpmap_free(&m);
}

Test(por_store, index_finds_every_state_through_growth_and_tag_collisions)
{
    enum { N = 100000 };
    store st = {0};
    for (uint32_t i = 0; i < N; i++) {
        /* equal low words in groups of four, and hi words equal in their low 16 bits */
        por_fp fp = {(uint64_t)(i / 4) << 40, (uint64_t)i << 16};
        cr_assert_eq(por_store_add(&st, fp), i);
    }
    for (uint32_t i = 0; i < N; i++) {
        por_fp fp = {(uint64_t)(i / 4) << 40, (uint64_t)i << 16};
        cr_assert_eq(por_store_find(&st, fp), i, "state %u", i);
        por_fp other = {fp.lo, fp.hi ^ 1};
        cr_assert_eq(por_store_find(&st, other), NONE);
    }
    cr_assert_leq(st.count * 4, (st.index_mask + 1) * 3, "the index stays at most 3/4 full");
    por_store_free(&st);
}

/* Returns how many slots of [st]'s index are taken. */
static size_t index_entries(const store *st)
{
    size_t n = 0;
    for (size_t i = 0; i <= st->index_mask; i++) n += st->index[i] != 0;
    return n;
}

Test(por_store, a_state_explored_again_keeps_one_index_entry_through_growth)
{
    /* o-dpor explores a few states again millions of times: each time a new id takes the
     * fingerprint over. The index must hold the newest id alone, also after it doubles (an
     * index rebuilt from every id put back each superseded one, a run of tens of thousands of
     * equal fingerprints that every later probe walked). */
    enum { AGAIN = 20000, FRESH = 3000 };
    store st = {0};
    por_fp hot = {7, 7};
    uint32_t id = por_store_add(&st, hot);
    for (uint32_t i = 0; i < AGAIN; i++) {
        uint32_t next = por_store_add_again(&st, id);
        cr_assert_eq(next, id + 1);
        id = next;
    }
    for (uint32_t i = 0; i < FRESH; i++) por_store_add(&st, colliding(i + 1));
    cr_assert_eq(por_store_find(&st, hot), id, "the newest id of the fingerprint");
    for (uint32_t i = 0; i < FRESH; i++)
        cr_assert_eq(por_store_find(&st, colliding(i + 1)), AGAIN + 1 + i);
    cr_assert_eq(index_entries(&st), 1 + FRESH, "one entry a fingerprint");
    por_store_free(&st);
}

Test(por_store, stack_discipline_of_stateless_searches)
{
    store st = {0};
    for (uint32_t i = 0; i < 500; i++) cr_assert_eq(por_store_add(&st, colliding(i)), i);
    for (uint32_t i = 500; i-- > 250;) por_store_drop_last(&st);
    cr_assert_eq(st.count, 250);
    for (uint32_t i = 0; i < 500; i++)
        cr_assert_eq(por_store_find(&st, colliding(i)), i < 250 ? i : NONE);
    cr_assert_eq(por_store_add(&st, colliding(400)), 250, "ids are reused");
    por_store_free(&st);
    cr_assert_eq(base_bytes_in_use(), 0);
}

/* Collects the labels and successors of the Lr edges out of [id] into [labels], [dsts]. */
static size_t edges_of(const store *st, uint32_t id, uint32_t *labels, uint32_t *dsts)
{
    const lr_edge *e;
    size_t n = store_edges(st, id, &e);
    for (size_t k = 0; k < n; k++) {
        labels[k] = edge_label(&e[k]);
        dsts[k] = e[k].dst;
    }
    return n;
}

Test(por_store, edges_of_a_state_gather_when_it_leaves_the_stack)
{
    store st = {.graph = true};
    uint32_t labels[8], dsts[8];
    for (uint32_t i = 0; i < 4; i++) por_store_add(&st, colliding(i));
    cr_assert(por_store_enter(&st, 0, 0));
    cr_assert(por_store_add_edge(&st, 10, 1, false));
    cr_assert(por_store_enter(&st, 1, 1)); /* state 0's next edges come after state 1 is done */
    cr_assert(por_store_add_edge(&st, 11, 2, false));
    cr_assert(por_store_add_edge(&st, 12, NONE, false));
    cr_assert_eq(edges_of(&st, 0, labels, dsts), 1, "an ancestor's pending edges stay visible");
    cr_assert_eq(edges_of(&st, 1, labels, dsts), 2);
    cr_assert_eq(labels[1], 12);
    cr_assert_eq(dsts[1], NONE);
    cr_assert(por_store_leave(&st, 1, 1, NULL));
    cr_assert(bit_get(st.on_stack, 0) && !bit_get(st.on_stack, 1));
    cr_assert(por_store_add_edge(&st, 13, 3, false));
    cr_assert(por_store_add_edge(&st, 14, 1, false));
    cr_assert_eq(edges_of(&st, 0, labels, dsts), 3);
    cr_assert(por_store_leave(&st, 0, 0, NULL));
    cr_assert_eq(edges_of(&st, 0, labels, dsts), 3);
    cr_assert(labels[0] == 10 && labels[1] == 13 && labels[2] == 14);
    cr_assert(dsts[0] == 1 && dsts[1] == 3 && dsts[2] == 1);
    cr_assert_eq(edges_of(&st, 1, labels, dsts), 2, "popped states keep their edges");
    cr_assert(labels[0] == 11 && dsts[0] == 2);
    cr_assert_eq(edges_of(&st, 2, labels, dsts), 0);
    cr_assert_eq(st.edges, 5);
    por_store_free(&st);
}

Test(por_store, a_kept_summary_precedes_the_edges_of_a_state_with_several)
{
    store st = {.graph = true};
    uint32_t labels[8], dsts[8];
    for (uint32_t i = 0; i < 3; i++) por_store_add(&st, colliding(i));
    lr_filter sum = {{0}};
    sum.w[0] = 0x5A5A;
    cr_assert(por_store_enter(&st, 0, 0));
    cr_assert(por_store_add_edge(&st, 20, 1, false));
    cr_assert(por_store_enter(&st, 1, 1));
    cr_assert(por_store_add_edge(&st, 21, 2, false));
    cr_assert(por_store_leave(&st, 1, 1, &sum));
    cr_assert(!store_has_summary(&st, 1), "one edge: nothing kept");
    cr_assert(por_store_add_edge(&st, 22, NONE, false));
    cr_assert(!store_has_summary(&st, 0), "still on the stack");
    cr_assert(por_store_leave(&st, 0, 0, &sum));
    cr_assert(store_has_summary(&st, 0));
    cr_assert_eq(edges_of(&st, 0, labels, dsts), 2);
    cr_assert(labels[0] == 20 && dsts[0] == 1 && labels[1] == 22 && dsts[1] == NONE);
    cr_assert_eq(edges_of(&st, 1, labels, dsts), 1);
    cr_assert(labels[0] == 21 && dsts[0] == 2);
    const lr_edge *e;
    store_edges(&st, 0, &e);
    lr_filter got;
    store_summary(e, &got);
    cr_assert_eq(got.w[0], 0x5A5A);
    por_store_free(&st);
}

Test(por_store, states_and_edges_fit_their_byte_budgets)
{
    /* 32 bytes per stored state and 16 per Lr edge, whatever the count (the arrays grow by a
     * quarter, the index at most doubles), once past the fixed minimum sizes */
    store st = {.graph = true};
    for (uint32_t i = 0; i < 300000; i++) {
        uint32_t id = por_store_add(&st, colliding(i));
        bool ok = id == i && por_store_enter(&st, id, 0);
        for (uint32_t k = 0; k < 1 + i % 3; k++) ok = ok && por_store_add_edge(&st, k, i, false);
        if (!ok || !por_store_leave(&st, id, 0, NULL)) cr_assert_fail("state %u", i);
        if (i >= 20000 && i % 997 == 0) {
            cr_assert_leq(por_store_state_bytes(&st), 32 * st.count, "%zu states", st.count);
            cr_assert_leq(por_store_graph_bytes(&st), 16 * st.edges, "%zu edges", st.edges);
        }
    }
    por_store_free(&st);
}

Test(por_store, labels_are_interned_once)
{
    labels lb = {0};
    por_label a = {1, 7, POR_WRITE, 3, 0}, b = a, c = a;
    b.access = POR_READ;
    c.pc = 8;
    uint32_t ia = por_labels_intern(&lb, &a), ib = por_labels_intern(&lb, &b),
             ic = por_labels_intern(&lb, &c);
    cr_assert(ia != ib && ib != ic && ia != ic);
    cr_assert_eq(por_labels_intern(&lb, &a), ia);
    cr_assert_eq(por_labels_intern(&lb, &b), ib);
    for (uint32_t i = 0; i < 1000; i++) {
        por_label l = {i % 5, i, POR_READ, i / 5, 0};
        uint32_t id = por_labels_intern(&lb, &l);
        cr_assert_eq(por_labels_intern(&lb, &l), id);
        cr_assert_eq(memcmp(&lb.items[id], &l, sizeof l), 0);
    }
    cr_assert_eq(lb.count, 1003);
    por_labels_free(&lb);
}

static void expect_ids(const labelset *s, const uint32_t *want, size_t n)
{
    cr_assert_eq(s->count, n);
    for (size_t i = 0; i < n; i++) cr_assert_eq(s->ids[i], want[i], "position %zu", i);
}

Test(por_store, label_sets_stay_sorted_and_unique)
{
    labelset a = {0}, b = {0};
    uint32_t in_a[] = {5, 1, 9, 5, 3}, in_b[] = {4, 9, 0, 10, 3};
    for (size_t i = 0; i < 5; i++) {
        cr_assert(por_labelset_add(&a, in_a[i]));
        cr_assert(por_labelset_add(&b, in_b[i]));
    }
    expect_ids(&a, (uint32_t[]){1, 3, 5, 9}, 4);
    cr_assert(por_labelset_merge(&a, &b));
    expect_ids(&a, (uint32_t[]){0, 1, 3, 4, 5, 9, 10}, 7);
    cr_assert(por_labelset_merge(&b, &a));
    expect_ids(&b, (uint32_t[]){0, 1, 3, 4, 5, 9, 10}, 7);
    labelset empty = {0};
    cr_assert(por_labelset_merge(&a, &empty));
    cr_assert(por_labelset_merge(&empty, &a));
    expect_ids(&empty, a.ids, 7);
    por_labelset_free(&a);
    por_labelset_free(&b);
    por_labelset_free(&empty);
}
