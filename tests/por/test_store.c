/* The state store internals: the open-addressing fingerprint map (insert, find, backward-shift
 * removal under collisions), the Lr edge lists, label interning and sorted label sets. */
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
        cr_assert(fpmap_insert(&m, keys, i));
    }
    cr_assert_eq(m.count, N);
    cr_assert_leq(m.count * 2, m.mask + 1, "load stays at most one half");
    for (uint32_t i = 0; i < N; i++) cr_assert_eq(fpmap_find(&m, keys, keys[i]), i);
    por_fp absent = {99, 99};
    cr_assert_eq(fpmap_find(&m, keys, absent), NONE);
    /* Remove every third id, in an order that punches holes in the probe runs. */
    for (uint32_t i = 0; i < N; i += 3) fpmap_remove(&m, keys, i);
    for (uint32_t i = 0; i < N; i++)
        cr_assert_eq(fpmap_find(&m, keys, keys[i]), i % 3 ? i : NONE, "id %u", i);
    fpmap_free(&m);
}

Test(por_store, stack_discipline_of_stateless_searches)
{
    store st = {0};
    for (uint32_t i = 0; i < 500; i++) cr_assert_eq(store_add(&st, colliding(i)), i);
    for (uint32_t i = 500; i-- > 250;) store_drop_last(&st);
    cr_assert_eq(st.count, 250);
    for (uint32_t i = 0; i < 500; i++)
        cr_assert_eq(store_find(&st, colliding(i)), i < 250 ? i : NONE);
    cr_assert_eq(store_add(&st, colliding(400)), 250, "ids are reused");
    store_free(&st);
    cr_assert_eq(base_bytes_in_use(), 0);
}

Test(por_store, edges_form_one_list_per_state)
{
    store st = {0};
    for (uint32_t i = 0; i < 3; i++) store_add(&st, colliding(i));
    for (uint32_t k = 0; k < 3000; k++) cr_assert(store_add_edge(&st, k % 3, k, (k + 1) % 3));
    size_t seen = 0;
    for (uint32_t e = st.first_edge[1]; e != NONE; e = st.edge_next[e], seen++) {
        cr_assert_eq(st.edge_label[e] % 3, 1);
        cr_assert_eq(st.edge_dst[e], 2);
    }
    cr_assert_eq(seen, 1000);
    cr_assert_gt(store_bytes(&st), 3000 * 12);
    store_free(&st);
}

Test(por_store, labels_are_interned_once)
{
    labels lb = {0};
    por_label a = {1, 7, POR_WRITE, 3, 0}, b = a, c = a;
    b.access = POR_READ;
    c.pc = 8;
    uint32_t ia = labels_intern(&lb, &a), ib = labels_intern(&lb, &b), ic = labels_intern(&lb, &c);
    cr_assert(ia != ib && ib != ic && ia != ic);
    cr_assert_eq(labels_intern(&lb, &a), ia);
    cr_assert_eq(labels_intern(&lb, &b), ib);
    for (uint32_t i = 0; i < 1000; i++) {
        por_label l = {i % 5, i, POR_READ, i / 5, 0};
        uint32_t id = labels_intern(&lb, &l);
        cr_assert_eq(labels_intern(&lb, &l), id);
        cr_assert_eq(memcmp(&lb.items[id], &l, sizeof l), 0);
    }
    cr_assert_eq(lb.count, 1003);
    labels_free(&lb);
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
        cr_assert(labelset_add(&a, in_a[i]));
        cr_assert(labelset_add(&b, in_b[i]));
    }
    expect_ids(&a, (uint32_t[]){1, 3, 5, 9}, 4);
    cr_assert(labelset_merge(&a, &b));
    expect_ids(&a, (uint32_t[]){0, 1, 3, 4, 5, 9, 10}, 7);
    cr_assert(labelset_merge(&b, &a));
    expect_ids(&b, (uint32_t[]){0, 1, 3, 4, 5, 9, 10}, 7);
    labelset empty = {0};
    cr_assert(labelset_merge(&a, &empty));
    cr_assert(labelset_merge(&empty, &a));
    expect_ids(&empty, a.ids, 7);
    labelset_free(&a);
    labelset_free(&b);
    labelset_free(&empty);
}
