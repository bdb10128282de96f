/* The state store (fingerprint -> id, open addressing), the reachability graph Lr as an edge
 * pool, interned labels and sorted label sets. Nothing here allocates per state or per edge:
 * every array grows by doubling. */
#include <string.h>

#include "internal.h"

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

uint32_t por_fpmap_find(const fpmap *m, const por_fp *keys, por_fp fp)
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
    uint32_t *slots = base_calloc_written(new_size, sizeof *slots); /* filled at once: base.h */
    if (!slots) return false;
    if (m->slots)
        for (size_t i = 0; i <= m->mask; i++)
            if (m->slots[i]) place(slots, new_size - 1, keys[m->slots[i] - 1], m->slots[i] - 1);
    base_free(m->slots);
    m->slots = slots;
    m->mask = new_size - 1;
    return true;
}

bool por_fpmap_insert(fpmap *m, const por_fp *keys, uint32_t id)
{
    if ((!m->slots || (m->count + 1) * 2 > m->mask + 1) && !rehash(m, keys)) return false;
    place(m->slots, m->mask, keys[id], id);
    m->count++;
    return true;
}

void por_fpmap_remove(fpmap *m, const por_fp *keys, uint32_t id)
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

void por_fpmap_free(fpmap *m)
{
    base_free(m->slots);
    memset(m, 0, sizeof *m);
}

/* ---- The state index ----------------------------------------------------------------------- */

enum { INDEX_MIN_SLOTS = 64 };

/* Returns the capacity after [cap] for an array that grows by a quarter (at least 64 items), so
 * that at most a fifth of it is ever unused once it holds a few hundred. */
static size_t grown_cap(size_t cap)
{
    return cap ? cap + (cap / 4 > 64 ? cap / 4 : 64) : 256;
}

/* Returns the home slot of [fp] in an index of [mask] + 1 slots. */
static size_t index_home(por_fp fp, size_t mask)
{
    return (size_t)((fp.lo + fp.hi * 0xC2B2AE3D27D4EB4Full) * 0x9E3779B97F4A7C15ull >> 32) & mask;
}

/* Returns the slot bits above the id of [fp]'s tag in an index whose ids take [id_bits]. */
static uint32_t index_tag(por_fp fp, unsigned id_bits)
{
    return id_bits >= 32 ? 0 : (uint32_t)fp.hi >> id_bits << id_bits;
}

/* Returns the id mask of an index whose ids take [id_bits]. */
static uint32_t id_mask(unsigned id_bits)
{
    return id_bits >= 32 ? UINT32_MAX : (1u << id_bits) - 1;
}

uint32_t por_store_find(const store *st, por_fp fp)
{
    if (!st->index) return NONE;
    uint32_t idm = id_mask(st->id_bits), tag = index_tag(fp, st->id_bits);
    for (size_t i = index_home(fp, st->index_mask);; i = (i + 1) & st->index_mask) {
        uint32_t v = st->index[i];
        if (v == 0) return NONE;
        if ((v & ~idm) != tag) continue;
        uint32_t id = (v & idm) - 1;
        if (fp_equal(st->fps[id], fp)) return id;
    }
}

void por_store_prefetch(const store *st, por_fp fp)
{
    if (st->index) __builtin_prefetch(&st->index[index_home(fp, st->index_mask)]);
}

/* Puts state [id] into the first free slot of its probe run. */
static void index_place(store *st, uint32_t id)
{
    por_fp fp = st->fps[id];
    size_t i = index_home(fp, st->index_mask);
    while (st->index[i]) i = (i + 1) & st->index_mask;
    st->index[i] = index_tag(fp, st->id_bits) | (id + 1);
}

/* Rebuilds the index with [slots] slots (a power of two) from the fingerprint array. */
static bool index_rebuild(store *st, size_t slots)
{
    uint32_t *index = base_calloc_written(slots, sizeof *index); /* filled at once: base.h */
    if (!index) return false;
    base_free(st->index);
    st->index = index;
    st->index_mask = slots - 1;
    st->id_bits = (unsigned)__builtin_ctzll(slots);
    for (uint32_t id = (uint32_t)st->count; id-- > 0;) /* newest first */
        if (!st->superseded || !bit_get(st->superseded, id)) index_place(st, id);
    return true;
}

/* Makes room for one more state: the fingerprint array, the heads, the bits and the index
 * (kept at most three quarters full). */
static bool reserve_state(store *st)
{
    if (st->count == st->cap) {
        size_t cap = grown_cap(st->cap);
        if (cap >= NONE >> 1 || !base_array_resize(&st->fps, sizeof *st->fps, st->cap, cap) ||
            (st->graph && !base_array_resize(&st->head, sizeof *st->head, st->cap, cap)) ||
            (st->with_names && !base_array_resize(&st->names, sizeof *st->names, st->cap, cap)))
            return false;
        st->cap = cap;
    }
    if (st->count + 1 > st->bits_cap) {
        size_t words = st->bits_cap / 64, more = (grown_cap(st->bits_cap) + 63) / 64;
        if (!base_array_resize(&st->on_stack, sizeof(uint64_t), words, more) ||
            !base_array_resize(&st->marked, sizeof(uint64_t), words, more) ||
            (st->graph && !base_array_resize(&st->closed, sizeof(uint64_t), words, more)) ||
            (st->with_names &&
             !base_array_resize(&st->marked_any, sizeof(uint64_t), words, more)) ||
            (st->scc && !base_array_resize(&st->scc_open, sizeof(uint64_t), words, more)) ||
            (st->superseded && !base_array_resize(&st->superseded, sizeof(uint64_t), words, more)))
            return false;
        st->bits_cap = more * 64;
    }
    size_t slots = st->index ? st->index_mask + 1 : 0;
    if ((st->count + 1) * 4 <= slots * 3) return true;
    return index_rebuild(st, slots ? slots * 2 : INDEX_MIN_SLOTS);
}

/* Appends state [fp] with its bits cleared, not yet in the index; NONE when out of memory. */
static uint32_t append_state(store *st, por_fp fp)
{
    if (!reserve_state(st)) return NONE;
    uint32_t id = (uint32_t)st->count++;
    st->fps[id] = fp;
    if (st->graph) {
        st->head[id] = NONE;
        bit_set(st->closed, id, false);
    }
    bit_set(st->on_stack, id, false);
    bit_set(st->marked, id, false);
    if (st->with_names) bit_set(st->marked_any, id, false);
    if (st->scc) bit_set(st->scc_open, id, false);
    if (st->superseded) bit_set(st->superseded, id, false);
    return id;
}

uint32_t por_store_add(store *st, por_fp fp)
{
    uint32_t id = append_state(st, fp);
    if (id != NONE) index_place(st, id);
    return id;
}

/* Makes the superseded bits (all clear) at the first state explored again; false when out of
 * memory. */
static bool keep_superseded(store *st)
{
    if (st->superseded) return true;
    st->superseded = base_calloc(st->bits_cap / 64, sizeof(uint64_t));
    return st->superseded != NULL;
}

uint32_t por_store_add_again(store *st, uint32_t old)
{
    if (!keep_superseded(st)) return NONE;
    uint32_t id = append_state(st, st->fps[old]), idm = id_mask(st->id_bits);
    if (id == NONE) return NONE;
    bit_set(st->superseded, old, true); /* an index rebuild must not put it back */
    if (st->with_names) st->names[id] = st->names[old];
    size_t i = index_home(st->fps[id], st->index_mask);
    while ((st->index[i] & idm) != old + 1) i = (i + 1) & st->index_mask;
    st->index[i] = (st->index[i] & ~idm) | (id + 1);
    return id;
}

void por_store_drop_last(store *st)
{
    uint32_t id = (uint32_t)--st->count, idm = id_mask(st->id_bits);
    size_t i = index_home(st->fps[id], st->index_mask);
    while ((st->index[i] & idm) != id + 1) i = (i + 1) & st->index_mask;
    /* Backward-shift deletion: move later entries of the probe run into the hole. */
    for (size_t j = (i + 1) & st->index_mask; st->index[j]; j = (j + 1) & st->index_mask) {
        size_t home = index_home(st->fps[(st->index[j] & idm) - 1], st->index_mask);
        bool movable = i <= j ? (home <= i || home > j) : (home <= i && home > j);
        if (movable) {
            st->index[i] = st->index[j];
            i = j;
        }
    }
    st->index[i] = 0;
}

/* ---- Lr ----------------------------------------------------------------------------------------
 */

bool por_store_enter(store *st, uint32_t id, size_t depth)
{
    bit_set(st->on_stack, id, true);
    st->depth = depth + 1;
    if (!st->graph) return true;
    if (!base_array_reserve(&st->base, &st->base_cap, depth + 1, sizeof *st->base)) return false;
    st->base[depth] = (uint32_t)st->pending_len;
    st->head[id] = LR_ON_STACK | (uint32_t)depth;
    return true;
}

/* Makes room for [n] more edges in the pool. */
static bool reserve_pool(store *st, size_t n)
{
    if (st->pool_len + n <= st->pool_cap) return true;
    size_t cap = grown_cap(st->pool_cap);
    while (cap < st->pool_len + n) cap = grown_cap(cap);
    if (cap >= LR_HAS_SUM || !base_array_resize(&st->pool, sizeof *st->pool, st->pool_cap, cap))
        return false;
    st->pool_cap = cap;
    return true;
}

bool por_store_leave(store *st, uint32_t id, size_t depth, const lr_filter *sum)
{
    bit_set(st->on_stack, id, false);
    st->depth = depth;
    if (!st->graph) return true;
    size_t from = st->base[depth], n = st->pending_len - from;
    st->head[id] = NONE;
    st->pending_len = from;
    if (n == 0) return true;
    size_t extra = sum && n >= 2 ? LR_SUM_SLOTS : 0;
    if (!reserve_pool(st, extra + n)) return false;
    if (extra) memcpy(st->pool + st->pool_len, sum, sizeof *sum);
    st->pool_len += extra;
    memcpy(st->pool + st->pool_len, st->pending + from, n * sizeof *st->pool);
    st->pool[st->pool_len + n - 1].label_last |= 1;
    st->head[id] = (uint32_t)st->pool_len | (extra ? LR_HAS_SUM : 0);
    st->pool_len += n;
    return true;
}

bool por_store_add_edge(store *st, uint32_t label, uint32_t dst, bool renamed)
{
    if (label > LR_MAX_LABELS || !base_array_reserve(&st->pending, &st->pending_cap,
                                                     st->pending_len + 1, sizeof *st->pending))
        return false;
    st->pending[st->pending_len++] = (lr_edge){dst, label << 2 | (uint32_t)renamed << 1};
    st->edges++;
    return true;
}

size_t por_store_state_bytes(const store *st)
{
    size_t names = st->with_names ? st->cap * sizeof *st->names + st->bits_cap / 8 : 0;
    return st->cap * sizeof *st->fps + (st->index ? (st->index_mask + 1) * sizeof *st->index : 0) +
           (st->scc ? 3 : 2) * st->bits_cap / 8 + names;
}

size_t por_store_graph_bytes(const store *st)
{
    if (!st->graph) return 0;
    return st->cap * sizeof *st->head + st->bits_cap / 8 + st->pool_cap * sizeof *st->pool +
           st->pending_cap * sizeof *st->pending + st->base_cap * sizeof *st->base;
}

void por_store_free(store *st)
{
    base_free(st->fps);
    base_free(st->index);
    base_free(st->on_stack);
    base_free(st->superseded);
    base_free(st->marked);
    base_free(st->marked_any);
    base_free(st->scc_open);
    base_free(st->names);
    base_free(st->head);
    base_free(st->closed);
    base_free(st->pool);
    base_free(st->pending);
    base_free(st->base);
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

/* Makes room for one more label; false when out of memory or at the most labels. */
static bool reserve_label(labels *lb)
{
    if (lb->count < lb->cap) return true;
    size_t cap = lb->cap ? lb->cap * 2 : 64;
    if (cap > LR_MAX_LABELS + (size_t)1 ||
        !base_array_resize(&lb->items, sizeof *lb->items, lb->cap, cap) ||
        !base_array_resize(&lb->keys, sizeof *lb->keys, lb->cap, cap) ||
        !base_array_resize(&lb->filter, sizeof *lb->filter, lb->cap, cap) ||
        (lb->with_any && !base_array_resize(&lb->any, sizeof *lb->any, lb->cap, cap)))
        return false;
    lb->cap = cap;
    return true;
}

/* Returns the filter bits of [l] (none when invisible). */
static lr_filter filter_of(const por_label *l)
{
    lr_filter none = {{0}};
    if (l->access == POR_INVISIBLE) return none;
    return label_filter_bits(l->thread, l->object, l->field, l->access == POR_WRITE);
}

uint32_t por_labels_intern(labels *lb, const por_label *l)
{
    por_fp key = label_key(l);
    uint32_t found = label_find(lb, l, key);
    if (found != NONE) return found;
    if (!reserve_label(lb)) return NONE;
    uint32_t id = (uint32_t)lb->count;
    lb->items[id] = *l;
    lb->keys[id] = key;
    lb->filter[id] = filter_of(l);
    if (!por_fpmap_insert(&lb->map, lb->keys, id)) return NONE;
    lb->count++;
    if (!lb->with_any) return id;
    lb->any[id] = id;
    if (l->access == POR_INVISIBLE || l->object == POR_ANY_OBJECT) return id;
    por_label twin = *l;
    twin.object = POR_ANY_OBJECT;
    uint32_t t = por_labels_intern(lb, &twin);
    if (t == NONE) return NONE;
    lb->any[id] = t;
    return id;
}

void por_labels_free(labels *lb)
{
    por_fpmap_free(&lb->map);
    base_free(lb->items);
    base_free(lb->keys);
    base_free(lb->filter);
    base_free(lb->any);
    memset(lb, 0, sizeof *lb);
}

/* ---- Label sets ------------------------------------------------------------------------------ */

/* Makes room for [need] ids in [set]. */
static bool reserve(labelset *set, size_t need)
{
    return base_array_reserve(&set->ids, &set->cap, need, sizeof *set->ids);
}

bool por_labelset_add(labelset *set, uint32_t id)
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

bool por_labelset_merge(labelset *dst, const labelset *src)
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

void por_labelset_free(labelset *set)
{
    base_free(set->ids);
    memset(set, 0, sizeof *set);
}
