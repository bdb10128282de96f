/* The state set that the workers of a parallel search share: fingerprints in one open-addressing
 * table that threads search and claim without locks, after Laarman, van de Pol and Weber's
 * find-or-put ("Boosting multi-core reachability performance with shared hash tables", FMCAD
 * 2010). A slot is claimed by a compare-and-swap of its status from empty to writing; its owner
 * then writes the fingerprint and publishes it (status open, a release store), and a thread that
 * meets a slot being written waits for that store. The table does not grow: it is sized once,
 * from the search's limits, and a full table ends the search as memory does. A claimed state
 * can be marked done, when its successors have all been explored. */
#include <stdatomic.h>

#include "internal.h"

/* A slot's status. */
enum { EMPTY = 0, WRITING = 1, OPEN = 2, DONE = 3 };

/* Returns the home slot of [fp] in a table of [mask] + 1 slots. */
static size_t home_of(por_fp fp, size_t mask)
{
    uint64_t h = (fp.lo ^ (fp.hi << 29 | fp.hi >> 35)) * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 17) & mask;
}

bool por_shared_set_init(shared_set *s, size_t capacity)
{
    size_t n = 64;
    while (n < capacity && n < ((size_t)1 << 40)) n <<= 1;
    s->mask = n - 1;
    s->keys = base_calloc(n, sizeof *s->keys);
    s->status = base_calloc(n, sizeof *s->status);
    atomic_init(&s->count, 0);
    if (s->keys && s->status) return true;
    por_shared_set_free(s);
    return false;
}

/* Waits until slot [i] of [s], claimed by another thread, has its fingerprint; returns its
 * status then. */
static uint8_t published(const shared_set *s, size_t i)
{
    uint8_t st;
    while ((st = atomic_load_explicit(&s->status[i], memory_order_acquire)) == WRITING) {
    }
    return st;
}

/* Claims the empty slot [i] of [s] for [fp]; false when another thread claimed it first. */
static bool claim(shared_set *s, size_t i, por_fp fp)
{
    uint8_t empty = EMPTY;
    if (!atomic_compare_exchange_strong_explicit(&s->status[i], &empty, WRITING,
                                                 memory_order_acquire, memory_order_relaxed))
        return false;
    s->keys[i] = fp;
    atomic_store_explicit(&s->status[i], OPEN, memory_order_release);
    atomic_fetch_add_explicit(&s->count, 1, memory_order_relaxed);
    return true;
}

shared_found por_shared_set_find_or_put(shared_set *s, por_fp fp, size_t *slot)
{
    size_t i = home_of(fp, s->mask);
    for (size_t probes = 0; probes <= s->mask; probes++, i = (i + 1) & s->mask) {
        uint8_t st = atomic_load_explicit(&s->status[i], memory_order_acquire);
        if (st == EMPTY && claim(s, i, fp)) {
            *slot = i;
            return SHARED_CLAIMED;
        }
        st = published(s, i); /* claimed meanwhile, or before */
        if (s->keys[i].lo == fp.lo && s->keys[i].hi == fp.hi) {
            *slot = i;
            return st == DONE ? SHARED_DONE : SHARED_OPEN;
        }
    }
    return SHARED_FULL;
}

void por_shared_set_mark_done(shared_set *s, size_t slot)
{
    atomic_store_explicit(&s->status[slot], DONE, memory_order_release);
}

bool por_shared_set_is_done(const shared_set *s, size_t slot)
{
    return atomic_load_explicit(&s->status[slot], memory_order_acquire) == DONE;
}

size_t por_shared_set_count(const shared_set *s)
{
    return atomic_load_explicit(&s->count, memory_order_relaxed);
}

size_t por_shared_set_bytes(const shared_set *s)
{
    return (s->mask + 1) * (sizeof *s->keys + sizeof *s->status);
}

void por_shared_set_free(shared_set *s)
{
    base_free(s->keys);
    base_free((void *)s->status);
    s->keys = NULL;
    s->status = NULL;
}
