/* The state store (fingerprint -> id, open addressing), the reachability graph Lr as an edge
 * pool, interned labels and sorted label sets. Nothing here allocates per state or per edge:
 * every array grows by doubling. */
#include <string.h>

#include "array.h"
#include "internal.h"

/* ---- Growing arrays ------------------------------------------------------------------------ */

bool por_array_resize(void *arr, size_t elem, size_t old_cap, size_t new_cap)
{
    void **p = arr;
    if (new_cap > SIZE_MAX / elem) return false;
    void *q = base_realloc(*p, new_cap * elem);
    if (!q) return false;
    if (new_cap > old_cap) memset((char *)q + old_cap * elem, 0, (new_cap - old_cap) * elem);
    *p = q;
    return true;
}

bool por_array_reserve(void *arr, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) return true;
    size_t n = *cap ? *cap * 2 : 16;
    while (n < need) n *= 2;
    if (!por_array_resize(arr, elem, *cap, n)) return false;
    *cap = n;
    return true;
}

/* ---- Fingerprint map ------------------------------------------------------------------------- */

/* Returns the home slot of [fp] in a table of [mask] + 1 slots. */
static size_t slot_of(por_fp fp, size_t mask)
{
    uint64_t h = (fp.lo ^ (fp.hi << 29 | fp.hi >> 35)) * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 17) & mask;
}

/* True when fingerprints [a] and [b] are equal. */
static bool fp_equal(por_fp a, por_fp b)
{
    return a.lo == b.lo && a.hi == b.hi;
}

uint32_t fpmap_find(const fpmap *m, const por_fp *keys, por_fp fp)
{
    if (!m->slots) return NONE;
    for (size_t i = slot_of(fp, m->mask);; i = (i + 1) & m->mask) {
        uint32_t v = m->slots[i];
        if (v == 0) return NONE;
        if (fp_equal(keys[v - 1], fp)) return v - 1;
    }
}

/* Puts [id] into the first free slot of its probe run. */
static void place(uint32_t *slots, size_t mask, por_fp fp, uint32_t id)
{
    size_t i = slot_of(fp, mask);
    while (slots[i]) i = (i + 1) & mask;
    slots[i] = id + 1;
}

/* Doubles the table (or creates it) and re-places every id. */
static bool rehash(fpmap *m, const por_fp *keys)
{
    size_t new_size = m->slots ? (m->mask + 1) * 2 : 64;
    uint32_t *slots = base_calloc(new_size, sizeof *slots);
    if (!slots) return false;
    if (m->slots)
        for (size_t i = 0; i <= m->mask; i++)
            if (m->slots[i]) place(slots, new_size - 1, keys[m->slots[i] - 1], m->slots[i] - 1);
    base_free(m->slots);
    m->slots = slots;
    m->mask = new_size - 1;
    return true;
}

bool fpmap_insert(fpmap *m, const por_fp *keys, uint32_t id)
{
    if ((!m->slots || (m->count + 1) * 2 > m->mask + 1) && !rehash(m, keys)) return false;
    place(m->slots, m->mask, keys[id], id);
    m->count++;
    return true;
}

void fpmap_remove(fpmap *m, const por_fp *keys, uint32_t id)
{
    size_t i = slot_of(keys[id], m->mask);
    while (m->slots[i] != id + 1) i = (i + 1) & m->mask;
    /* Backward-shift deletion: move later entries of the probe run into the hole. */
    for (size_t j = (i + 1) & m->mask; m->slots[j]; j = (j + 1) & m->mask) {
        size_t home = slot_of(keys[m->slots[j] - 1], m->mask);
        bool movable = i <= j ? (home <= i || home > j) : (home <= i && home > j);
        if (movable) {
            m->slots[i] = m->slots[j];
            i = j;
        }
    }
    m->slots[i] = 0;
    m->count--;
}

void fpmap_free(fpmap *m)
{
    base_free(m->slots);
    memset(m, 0, sizeof *m);
}

/* ---- States and edges ------------------------------------------------------------------------ */

uint32_t store_find(const store *st, por_fp fp)
{
    return fpmap_find(&st->map, st->fps, fp);
}

/* Doubles the per-state arrays. */
static bool grow_states(store *st)
{
    size_t cap = st->cap ? st->cap * 2 : 64;
    if (cap >= NONE) return false;
    if (!por_array_resize(&st->fps, sizeof *st->fps, st->cap, cap) ||
        !por_array_resize(&st->first_edge, sizeof *st->first_edge, st->cap, cap) ||
        !por_array_resize(&st->stack_pos, sizeof *st->stack_pos, st->cap, cap) ||
        !por_array_resize(&st->mark, sizeof *st->mark, st->cap, cap))
        return false;
    st->cap = cap;
    return true;
}

uint32_t store_add(store *st, por_fp fp)
{
    if (st->count == st->cap && !grow_states(st)) return NONE;
    uint32_t id = (uint32_t)st->count;
    st->fps[id] = fp;
    st->first_edge[id] = NONE;
    st->stack_pos[id] = 0;
    st->mark[id] = 0;
    if (!fpmap_insert(&st->map, st->fps, id)) return NONE;
    st->count++;
    return id;
}

void store_drop_last(store *st)
{
    st->count--;
    fpmap_remove(&st->map, st->fps, (uint32_t)st->count);
}

bool store_add_edge(store *st, uint32_t src, uint32_t label, uint32_t dst)
{
    if (st->edges == st->edge_cap) {
        size_t cap = st->edge_cap ? st->edge_cap * 2 : 256;
        if (cap >= NONE || !por_array_resize(&st->edge_dst, sizeof(uint32_t), st->edge_cap, cap) ||
            !por_array_resize(&st->edge_label, sizeof(uint32_t), st->edge_cap, cap) ||
            !por_array_resize(&st->edge_next, sizeof(uint32_t), st->edge_cap, cap))
            return false;
        st->edge_cap = cap;
    }
    uint32_t e = (uint32_t)st->edges++;
    st->edge_dst[e] = dst;
    st->edge_label[e] = label;
    st->edge_next[e] = st->first_edge[src];
    st->first_edge[src] = e;
    return true;
}

size_t store_bytes(const store *st)
{
    return (st->map.slots ? (st->map.mask + 1) * sizeof(uint32_t) : 0) +
           st->cap * (sizeof(por_fp) + 3 * sizeof(uint32_t)) + st->edge_cap * 3 * sizeof(uint32_t);
}

void store_free(store *st)
{
    fpmap_free(&st->map);
    base_free(st->fps);
    base_free(st->first_edge);
    base_free(st->stack_pos);
    base_free(st->mark);
    base_free(st->edge_dst);
    base_free(st->edge_label);
    base_free(st->edge_next);
    memset(st, 0, sizeof *st);
}

/* ---- Labels ---------------------------------------------------------------------------------- */

/* Returns a hash of the fields of [l] (not necessarily unique). */
static por_fp label_key(const por_label *l)
{
    uint64_t a = (uint64_t)l->thread << 32 | l->pc;
    uint64_t b = (uint64_t)l->object << 32 | l->field;
    por_fp k = {a * 0xFF51AFD7ED558CCDull ^ b, b * 0xC4CEB9FE1A85EC53ull ^ (a + l->access)};
    return k;
}

/* True when [a] and [b] have equal fields. */
static bool same_label(const por_label *a, const por_label *b)
{
    return a->thread == b->thread && a->pc == b->pc && a->access == b->access &&
           a->object == b->object && a->field == b->field;
}

/* Returns the id of [l] (hashed to [key]) or NONE; the map may hold several labels per key. */
static uint32_t label_find(const labels *lb, const por_label *l, por_fp key)
{
    if (!lb->map.slots) return NONE;
    for (size_t i = slot_of(key, lb->map.mask);; i = (i + 1) & lb->map.mask) {
        uint32_t v = lb->map.slots[i];
        if (v == 0) return NONE;
        if (same_label(&lb->items[v - 1], l)) return v - 1;
    }
}

uint32_t labels_intern(labels *lb, const por_label *l)
{
    por_fp key = label_key(l);
    uint32_t found = label_find(lb, l, key);
    if (found != NONE) return found;
    if (lb->count == lb->cap) {
        size_t cap = lb->cap ? lb->cap * 2 : 64;
        if (cap >= NONE || !por_array_resize(&lb->items, sizeof *lb->items, lb->cap, cap) ||
            !por_array_resize(&lb->keys, sizeof *lb->keys, lb->cap, cap))
            return NONE;
        lb->cap = cap;
    }
    uint32_t id = (uint32_t)lb->count;
    lb->items[id] = *l;
    lb->keys[id] = key;
    if (!fpmap_insert(&lb->map, lb->keys, id)) return NONE;
    lb->count++;
    return id;
}

void labels_free(labels *lb)
{
    fpmap_free(&lb->map);
    base_free(lb->items);
    base_free(lb->keys);
    memset(lb, 0, sizeof *lb);
}

/* ---- Label sets ------------------------------------------------------------------------------ */

/* Makes room for [need] ids in [set]. */
static bool reserve(labelset *set, size_t need)
{
    return por_array_reserve(&set->ids, &set->cap, need, sizeof *set->ids);
}

bool labelset_add(labelset *set, uint32_t id)
{
    size_t lo = 0, hi = set->count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (set->ids[mid] < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < set->count && set->ids[lo] == id) return true;
    if (!reserve(set, set->count + 1)) return false;
    memmove(set->ids + lo + 1, set->ids + lo, (set->count - lo) * sizeof *set->ids);
    set->ids[lo] = id;
    set->count++;
    return true;
}

bool labelset_merge(labelset *dst, const labelset *src)
{
    if (src->count == 0) return true;
    if (!reserve(dst, dst->count + src->count)) return false;
    /* Move dst's ids to the back, then merge forward; writes never overtake reads. */
    size_t n = dst->count;
    memmove(dst->ids + src->count, dst->ids, n * sizeof *dst->ids);
    size_t i = src->count, end = src->count + n, j = 0, k = 0;
    while (i < end || j < src->count) {
        uint32_t v;
        if (j == src->count || (i < end && dst->ids[i] < src->ids[j]))
            v = dst->ids[i++];
        else if (i == end || src->ids[j] < dst->ids[i])
            v = src->ids[j++];
        else
            v = dst->ids[i++], j++;
        dst->ids[k++] = v;
    }
    dst->count = k;
    return true;
}

void labelset_free(labelset *set)
{
    base_free(set->ids);
    memset(set, 0, sizeof *set);
}
