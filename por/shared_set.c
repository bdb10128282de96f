/* The state set that the workers of a parallel search share: fingerprints in one open-addressing
 * table that threads search and claim without locks, after Laarman, van de Pol and Weber's
 * find-or-put ("Boosting multi-core reachability performance with shared hash tables", FMCAD
 * 2010). A slot is 16 bytes: a head word, the status in its top two bits above 62 bits of the
 * fingerprint's low word, and the high word, so that a probe costs one cache miss and the head
 * alone tells most other fingerprints apart (the fingerprints are 126 bits here). A slot is
 * claimed by a compare-and-swap of its head from empty to writing; its owner then writes the
 * high word and publishes it (status open, a release store), and a thread that meets a slot of
 * its own low bits being written waits for that store. A claimed state can be marked done, when
 * its successors have all been explored. Each thread adds its claims to the shared count in
 * batches, so that the count's cache line does not bounce between the workers at every state.
 *
 * The table grows. A claim that takes the count above three quarters of the slots raises the
 * "grow wanted" flag, which every user polls between its operations (one relaxed load). A user
 * that sees it parks at a barrier (a mutex and a condition variable); the last user to arrive,
 * or to leave the set for good, allocates a table twice as large, and then every parked user
 * moves chunks of the old one into it (claiming slots of the new table by compare-and-swap),
 * since nobody is between the status load and the publication of a slot then; the last mover
 * to finish swaps the tables and wakes the others. A user may enter the set late (a worker that
 * built its copy of the system first): it waits for a move under way to end, and a grow asked for
 * and not started then waits for it to park too. A grow alone on one core left the other
 * workers idle for it: on BigSyncListSet with 2 workers it was 5.5% of the samples. The mutex,
 * taken by each mover after its part, orders the moves' writes before every user's next reads.
 * Slot indices change on a grow, so callers name fingerprints. A table that cannot double (its
 * bound, or no memory for the new one) stays as it is, asks no more, and answers full when it
 * is. */
#include <stdatomic.h>

#include "internal.h"

/* A slot's status, in the top two bits of its head word. */
enum { EMPTY = 0, WRITING = 1, OPEN = 2, DONE = 3 };

/* The status's place in a head word, and the fingerprint bits below it. */
#define STATUS_SHIFT 62
#define KEY_MASK ((UINT64_C(1) << STATUS_SHIFT) - 1)

/* The most slots a table has. */
#define MAX_SLOTS ((size_t)1 << 40)

/* The most claims a thread makes before it adds them to the shared count (one atomic add, not
 * one per claim: the count's cache line would bounce between the workers at every new state);
 * a table of n slots takes batches of n / 1024 at most, so that even 64 threads leave out no
 * more than a sixteenth of it, and a small table counts every claim at once. */
enum { BATCH = 32 };

/* The claims the calling thread has made in [set] and not added to its count yet. */
static _Thread_local struct {
    const shared_set *set;
    size_t pending;
} batch;

/* Returns the head word of [fp] with status [st]. */
static uint64_t head_of(por_fp fp, unsigned st)
{
    return (uint64_t)st << STATUS_SHIFT | (fp.lo & KEY_MASK);
}

/* Returns the status in head word [head]. */
static unsigned status_of(uint64_t head)
{
    return (unsigned)(head >> STATUS_SHIFT);
}

/* Returns the home slot of [fp] in a table of [mask] + 1 slots (the bits a head keeps only). */
static size_t home_of(por_fp fp, size_t mask)
{
    uint64_t lo = fp.lo & KEY_MASK;
    uint64_t h = (lo ^ (fp.hi << 29 | fp.hi >> 35)) * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 17) & mask;
}

/* Sets the size of [s]'s table to [slots]: when a claim asks for a grow, and whether it may. */
static void set_size(shared_set *s, size_t slots)
{
    s->mask = slots - 1;
    s->grow_at = slots / 4 * 3;
    s->batch = slots >> 10 < 1 ? 1 : slots >> 10 > BATCH ? BATCH : slots >> 10;
    s->can_grow = slots <= s->max_slots / 2;
}

bool por_shared_set_init(shared_set *s, size_t capacity, size_t max_capacity, size_t users)
{
    memset(s, 0, sizeof *s);
    if (batch.set == s) batch.set = NULL; /* a set freed before at this address */
    size_t n = 64;
    while (n < capacity && n < MAX_SLOTS) n <<= 1;
    s->max_slots = max_capacity && max_capacity < MAX_SLOTS ? max_capacity : MAX_SLOTS;
    set_size(s, n);
    atomic_init(&s->count, 0);
    atomic_init(&s->grow_wanted, false);
    s->users = users;
    if (pthread_mutex_init(&s->lock, NULL)) return false;
    if (pthread_cond_init(&s->grown, NULL)) {
        pthread_mutex_destroy(&s->lock);
        return false;
    }
    s->slots = base_calloc_written(n, sizeof *s->slots); /* read before written: base.h */
    if (s->slots) return true;
    por_shared_set_free(s);
    return false;
}

/* Adds the calling thread's pending claims to the count of [s], and asks for a grow when the
 * table is three quarters full. */
static void flush(shared_set *s)
{
    if (batch.set != s || !batch.pending) return;
    size_t count = atomic_fetch_add_explicit(&s->count, batch.pending, memory_order_relaxed);
    count += batch.pending;
    batch.pending = 0;
    if (count > s->grow_at && s->can_grow &&
        !atomic_load_explicit(&s->grow_wanted, memory_order_relaxed))
        atomic_store_explicit(&s->grow_wanted, true, memory_order_relaxed);
}

/* Counts one claim of the calling thread in [s]. */
static void count_claim(shared_set *s)
{
    if (batch.set != s) {
        batch.set = s;
        batch.pending = 0;
    }
    if (++batch.pending >= s->batch) flush(s);
}

/* Waits until slot [sl], claimed by another thread, has its fingerprint; returns its head
 * word then. */
static uint64_t published(const shared_slot *sl, uint64_t head)
{
    while (status_of(head) == WRITING) head = atomic_load_explicit(&sl->head, memory_order_acquire);
    return head;
}

/* Claims slot [sl] of [s] for [fp] if it is still empty: true when it was, else false with the
 * head it holds in [*head]. */
static bool claim(shared_set *s, shared_slot *sl, por_fp fp, uint64_t *head)
{
    uint64_t empty = 0;
    if (!atomic_compare_exchange_strong_explicit(&sl->head, &empty, head_of(fp, WRITING),
                                                 memory_order_acquire, memory_order_acquire)) {
        *head = empty;
        return false;
    }
    sl->hi = fp.hi;
    atomic_store_explicit(&sl->head, head_of(fp, OPEN), memory_order_release);
    count_claim(s);
    return true;
}

/* Finds [fp] in [s]'s table or claims a slot for it; SHARED_FULL when every slot holds another
 * fingerprint. One slot, one cache line: the head tells most other fingerprints apart. */
static shared_found find_or_claim(shared_set *s, por_fp fp)
{
    uint64_t key = fp.lo & KEY_MASK;
    size_t i = home_of(fp, s->mask);
    for (size_t probes = 0; probes <= s->mask; probes++, i = (i + 1) & s->mask) {
        shared_slot *sl = &s->slots[i];
        uint64_t head = atomic_load_explicit(&sl->head, memory_order_acquire);
        if (!head && claim(s, sl, fp, &head)) return SHARED_CLAIMED;
        if ((head & KEY_MASK) != key) continue; /* claimed meanwhile, or before, for another */
        head = published(sl, head);
        if (sl->hi == fp.hi) return status_of(head) == DONE ? SHARED_DONE : SHARED_OPEN;
    }
    return SHARED_FULL;
}

shared_found por_shared_set_find_or_put(shared_set *s, por_fp fp)
{
    shared_found found;
    while ((found = find_or_claim(s, fp)) == SHARED_FULL && s->can_grow) {
        atomic_store_explicit(&s->grow_wanted, true, memory_order_relaxed);
        por_shared_set_park(s);
    }
    return found;
}

/* Returns the slot of [fp] in [s], or NULL when [s] does not hold it. Slots are never emptied,
 * so an empty one ends the probe run. */
static shared_slot *slot_of(const shared_set *s, por_fp fp)
{
    uint64_t key = fp.lo & KEY_MASK;
    size_t i = home_of(fp, s->mask);
    for (size_t probes = 0; probes <= s->mask; probes++, i = (i + 1) & s->mask) {
        shared_slot *sl = &s->slots[i];
        uint64_t head = atomic_load_explicit(&sl->head, memory_order_acquire);
        if (!head) return NULL;
        if ((head & KEY_MASK) == key && (published(sl, head), sl->hi == fp.hi)) return sl;
    }
    return NULL;
}

void por_shared_set_prefetch(const shared_set *s, por_fp fp)
{
    __builtin_prefetch(&s->slots[home_of(fp, s->mask)]);
}

void por_shared_set_mark_done(shared_set *s, por_fp fp)
{
    shared_slot *sl = slot_of(s, fp);
    if (sl) atomic_store_explicit(&sl->head, head_of(fp, DONE), memory_order_release);
}

bool por_shared_set_is_done(const shared_set *s, por_fp fp)
{
    const shared_slot *sl = slot_of(s, fp);
    return sl && status_of(atomic_load_explicit(&sl->head, memory_order_acquire)) == DONE;
}

shared_found por_shared_set_find(const shared_set *s, por_fp fp)
{
    const shared_slot *sl = slot_of(s, fp);
    if (!sl) return SHARED_ABSENT;
    bool done = status_of(atomic_load_explicit(&sl->head, memory_order_acquire)) == DONE;
    return done ? SHARED_DONE : SHARED_OPEN;
}

/* The old slots a mover takes at once during a grow's move (64 KiB). */
enum { MOVE_CHUNK = 4096 };

/* Puts the entry [from] into the first empty slot from its home in [slots] of [mask] + 1, which
 * the other movers fill at the same time (a compare-and-swap claims a slot; nobody reads the
 * table until the move is over). */
static void put_moved(shared_slot *slots, size_t mask, const shared_slot *from)
{
    uint64_t head = atomic_load_explicit(&from->head, memory_order_relaxed);
    por_fp fp = {head & KEY_MASK, from->hi};
    for (size_t i = home_of(fp, mask);; i = (i + 1) & mask) {
        uint64_t empty = 0;
        if (atomic_compare_exchange_strong_explicit(&slots[i].head, &empty, head,
                                                    memory_order_relaxed, memory_order_relaxed)) {
            slots[i].hi = from->hi;
            return;
        }
    }
}

/* A parked user's part of a grow's move: chunks of the old table, taken one at a time, moved
 * into the new one. Called without the lock; the lock taken afterwards publishes the writes. */
static void move_chunks(shared_set *s)
{
    size_t old_slots = s->mask + 1, new_mask = 2 * old_slots - 1;
    for (;;) {
        size_t from =
            atomic_fetch_add_explicit(&s->next_chunk, 1, memory_order_relaxed) * MOVE_CHUNK;
        if (from >= old_slots) return;
        size_t to = from + MOVE_CHUNK < old_slots ? from + MOVE_CHUNK : old_slots;
        for (size_t i = from; i < to; i++)
            if (atomic_load_explicit(&s->slots[i].head, memory_order_relaxed))
                put_moved(s->moving_to, new_mask, &s->slots[i]);
    }
}

/* Ends the grow of [s] (holding the lock): the new table, if a move filled one, replaces the old;
 * a grow that could not allocate one never lets the table ask again. Wakes the users. */
static void end_grow(shared_set *s)
{
    if (s->moving_to) {
        base_free(s->slots);
        s->slots = s->moving_to;
        s->moving_to = NULL;
        set_size(s, 2 * (s->mask + 1));
    } else {
        s->can_grow = false;
    }
    atomic_store_explicit(&s->grow_wanted, false, memory_order_relaxed);
    s->arrived = 0;
    s->generation++;
    pthread_cond_broadcast(&s->grown);
}

/* Starts the grow asked for, once every user is parked (holding the lock): allocates the table
 * twice as large and lets the parked users move the fingerprints into it together, or ends the
 * grow at once when the table may not or cannot double. */
static void start_grow(shared_set *s)
{
    s->moving_to = s->can_grow ? base_calloc(2 * (s->mask + 1), sizeof *s->moving_to) : NULL;
    if (!s->moving_to) {
        end_grow(s);
        return;
    }
    s->movers = s->arrived;
    atomic_store_explicit(&s->next_chunk, 0, memory_order_relaxed);
    pthread_cond_broadcast(&s->grown);
}

void por_shared_set_park(shared_set *s)
{
    flush(s);
    pthread_mutex_lock(&s->lock);
    if (atomic_load_explicit(&s->grow_wanted, memory_order_relaxed)) {
        size_t generation = s->generation;
        bool moved = false;
        if (++s->arrived == s->users) start_grow(s);
        while (s->generation == generation) {
            if (s->moving_to && !moved) {
                moved = true;
                pthread_mutex_unlock(&s->lock);
                move_chunks(s);
                pthread_mutex_lock(&s->lock);
                if (--s->movers == 0) end_grow(s);
            } else {
                pthread_cond_wait(&s->grown, &s->lock);
            }
        }
    }
    pthread_mutex_unlock(&s->lock);
}

void por_shared_set_enter(shared_set *s)
{
    pthread_mutex_lock(&s->lock);
    while (s->moving_to) pthread_cond_wait(&s->grown, &s->lock);
    s->users++; /* a grow asked for but not started waits for this user to park too */
    pthread_mutex_unlock(&s->lock);
}

void por_shared_set_leave(shared_set *s)
{
    flush(s);
    pthread_mutex_lock(&s->lock);
    s->users--;
    if (s->users > 0 && s->arrived == s->users && !s->moving_to)
        start_grow(s); /* only a raised flag parks users; they move without the caller */
    pthread_mutex_unlock(&s->lock);
}

size_t por_shared_set_count(const shared_set *s)
{
    size_t mine = batch.set == s ? batch.pending : 0;
    return atomic_load_explicit(&s->count, memory_order_relaxed) + mine;
}

size_t por_shared_set_bytes(const shared_set *s)
{
    return (s->mask + 1) * sizeof *s->slots;
}

void por_shared_set_free(shared_set *s)
{
    if (batch.set == s) batch.set = NULL;
    base_free(s->slots);
    s->slots = NULL;
    pthread_cond_destroy(&s->grown);
    pthread_mutex_destroy(&s->lock);
}
