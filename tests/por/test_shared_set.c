/* The shared state set of the parallel search (issue 20, part 2): find-or-put claims each
 * fingerprint exactly once however many threads race for it, done marks are seen by every
 * thread, the table doubles as it fills (the last user at the barrier, or the last to leave,
 * starts the grow; the parked users move the fingerprints together) keeping every fingerprint
 * with its status, and a table that cannot grow says when it is full instead of looping. */
#define _POSIX_C_SOURCE 200809L /* rand_r, nanosleep */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "internal.h"

/* Returns the [i]th test fingerprint (distinct for distinct i, spread over both words). */
static por_fp nth(size_t i)
{
    uint64_t x = (uint64_t)i * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
    por_fp fp = {x ^ (x >> 31), (uint64_t)i};
    return fp;
}

/* The bytes of a table of [slots] slots. */
static size_t table_bytes(size_t slots)
{
    return slots * sizeof(shared_slot);
}

Test(shared_set, claims_once_then_finds_open_then_done)
{
    shared_set s;
    cr_assert(por_shared_set_init(&s, 100, 0, 1));
    cr_assert_eq(por_shared_set_find_or_put(&s, nth(1)), SHARED_CLAIMED);
    cr_assert_eq(por_shared_set_find_or_put(&s, nth(1)), SHARED_OPEN);
    cr_assert(!por_shared_set_is_done(&s, nth(1)));
    por_shared_set_mark_done(&s, nth(1));
    cr_assert(por_shared_set_is_done(&s, nth(1)));
    cr_assert(!por_shared_set_is_done(&s, nth(2)), "not held: not done");
    cr_assert_eq(por_shared_set_find_or_put(&s, nth(1)), SHARED_DONE);
    cr_assert_eq(por_shared_set_find_or_put(&s, nth(2)), SHARED_CLAIMED);
    cr_assert_eq(por_shared_set_count(&s), 2);
    cr_assert_eq(por_shared_set_find(&s, nth(1)), SHARED_DONE);
    cr_assert_eq(por_shared_set_find(&s, nth(2)), SHARED_OPEN);
    cr_assert_eq(por_shared_set_find(&s, nth(3)), SHARED_ABSENT);
    cr_assert_eq(por_shared_set_find(&s, nth(3)), SHARED_ABSENT, "finding claims nothing");
    cr_assert_eq(por_shared_set_count(&s), 2);
    cr_assert_eq(por_shared_set_bytes(&s), table_bytes(128), "rounded up to 128");
    por_shared_set_free(&s);
}

Test(shared_set, a_table_that_may_not_grow_says_when_it_is_full)
{
    shared_set s;
    cr_assert(por_shared_set_init(&s, 1, 64, 1));
    for (size_t i = 0; i < 64; i++) {
        cr_assert_eq(por_shared_set_find_or_put(&s, nth(i)), SHARED_CLAIMED, "%zu", i);
        cr_assert(!atomic_load(&s.grow_wanted), "a table at its bound asks for no grow");
    }
    cr_assert_eq(por_shared_set_find_or_put(&s, nth(64)), SHARED_FULL);
    cr_assert_eq(por_shared_set_find_or_put(&s, nth(17)), SHARED_OPEN);
    cr_assert_eq(por_shared_set_count(&s), 64);
    cr_assert_eq(por_shared_set_bytes(&s), table_bytes(64));
    por_shared_set_free(&s);
}

Test(shared_set, a_grow_without_memory_keeps_the_table_and_asks_no_more)
{
    shared_set s;
    cr_assert(por_shared_set_init(&s, 64, 0, 1));
    for (size_t i = 0; i < 49; i++)
        cr_assert_eq(por_shared_set_find_or_put(&s, nth(i)), SHARED_CLAIMED);
    cr_assert(atomic_load(&s.grow_wanted), "49 of 64 slots ask for a grow");
    por_shared_set_mark_done(&s, nth(3));
    base_fail_allocation_after(0);
    por_shared_set_poll(&s);
    base_fail_allocation_after(-1);
    cr_assert(!atomic_load(&s.grow_wanted));
    cr_assert_eq(s.generation, 1);
    cr_assert_eq(por_shared_set_bytes(&s), table_bytes(64), "the old table stays");
    for (size_t i = 49; i < 64; i++) {
        cr_assert_eq(por_shared_set_find_or_put(&s, nth(i)), SHARED_CLAIMED, "%zu", i);
        cr_assert(!atomic_load(&s.grow_wanted), "no more asking");
    }
    cr_assert_eq(por_shared_set_find_or_put(&s, nth(64)), SHARED_FULL);
    for (size_t i = 0; i < 64; i++)
        cr_assert_eq(por_shared_set_find_or_put(&s, nth(i)), i == 3 ? SHARED_DONE : SHARED_OPEN);
    por_shared_set_free(&s);
}

Test(shared_set, growing_keeps_every_key_with_its_status)
{
    enum { N = 10000, LATE = 100 };
    static bool done[N];
    shared_set s;
    cr_assert(por_shared_set_init(&s, 1, 0, 1));
    for (size_t i = 0; i < N; i++) {
        cr_assert_eq(por_shared_set_find_or_put(&s, nth(i)), SHARED_CLAIMED, "%zu", i);
        if (i % 3 == 0) por_shared_set_mark_done(&s, nth(i)), done[i] = true; /* then grown */
        por_shared_set_poll(&s);
        size_t old = i - LATE; /* claimed a hundred keys ago, grown since, now done */
        if (i >= LATE && old % 3 == 1) por_shared_set_mark_done(&s, nth(old)), done[old] = true;
    }
    cr_assert_eq(s.generation, 8, "64 slots doubled to 16 K: %zu grows", s.generation);
    cr_assert_eq(por_shared_set_bytes(&s), table_bytes(16384));
    cr_assert_eq(por_shared_set_count(&s), N);
    for (size_t i = 0; i < N; i++) {
        cr_assert_eq(por_shared_set_is_done(&s, nth(i)), done[i], "key %zu", i);
        cr_assert_eq(por_shared_set_find(&s, nth(i)), done[i] ? SHARED_DONE : SHARED_OPEN);
        cr_assert_eq(por_shared_set_find_or_put(&s, nth(i)), done[i] ? SHARED_DONE : SHARED_OPEN);
    }
    cr_assert_eq(por_shared_set_find_or_put(&s, nth(N)), SHARED_CLAIMED);
    por_shared_set_free(&s);
}

/* Claims keys until the table of [arg] asks for a grow, then polls: it parks there. */
static void *claim_then_poll(void *arg)
{
    shared_set *s = arg;
    for (size_t i = 0; !atomic_load(&s->grow_wanted); i++)
        cr_assert_eq(por_shared_set_find_or_put(s, nth(i)), SHARED_CLAIMED);
    por_shared_set_poll(s);
    return NULL;
}

/* Returns how many users of [s] are parked at its barrier. */
static size_t parked(shared_set *s)
{
    pthread_mutex_lock(&s->lock);
    size_t n = s->arrived;
    pthread_mutex_unlock(&s->lock);
    return n;
}

Test(shared_set, the_last_user_to_leave_grows_the_table)
{
    shared_set s;
    cr_assert(por_shared_set_init(&s, 64, 0, 2));
    pthread_t t;
    cr_assert_eq(pthread_create(&t, NULL, claim_then_poll, &s), 0);
    struct timespec pause = {0, 1000000};
    while (parked(&s) < 1) nanosleep(&pause, NULL);
    por_shared_set_leave(&s); /* the other user: this thread, which never polls */
    pthread_join(t, NULL);
    cr_assert_eq(s.generation, 1);
    cr_assert_eq(por_shared_set_bytes(&s), table_bytes(128));
    cr_assert_eq(por_shared_set_count(&s), 49);
    por_shared_set_free(&s);
}

/* The race: each thread inserts every key in its own order and records what it claimed. */
enum { KEYS = 60000, THREADS = 4 };

/* One racing thread. */
typedef struct racer {
    shared_set *s;
    unsigned seed;
    unsigned char *claimed; /* [KEYS]: 1 where this thread claimed the key */
    size_t done_seen;       /* keys it found marked done */
} racer;

/* Inserts every key in a shuffled order; marks done every key it claimed with an even index;
 * polls after each key (the table grows meanwhile) and leaves the set at its end. */
static void *race(void *arg)
{
    racer *r = arg;
    size_t *order = malloc(KEYS * sizeof *order);
    cr_assert_not_null(order);
    for (size_t i = 0; i < KEYS; i++) order[i] = i;
    for (size_t i = KEYS - 1; i > 0; i--) {
        size_t j = (size_t)rand_r(&r->seed) % (i + 1), t = order[i];
        order[i] = order[j], order[j] = t;
    }
    for (size_t k = 0; k < KEYS; k++) {
        shared_found f = por_shared_set_find_or_put(r->s, nth(order[k]));
        cr_assert_neq(f, SHARED_FULL);
        if (f == SHARED_CLAIMED) r->claimed[order[k]] = 1;
        if (f == SHARED_CLAIMED && order[k] % 2 == 0) por_shared_set_mark_done(r->s, nth(order[k]));
        r->done_seen += f == SHARED_DONE;
        por_shared_set_poll(r->s);
    }
    por_shared_set_leave(r->s);
    free(order);
    return NULL;
}

Test(shared_set, racing_threads_claim_every_key_exactly_once_while_the_table_grows)
{
    shared_set s;
    cr_assert(por_shared_set_init(&s, 64, 0, THREADS)); /* grows to 128 K slots while racing */
    racer r[THREADS];
    pthread_t t[THREADS];
    for (size_t i = 0; i < THREADS; i++) {
        r[i] = (racer){&s, (unsigned)(i / 2 * 7919 + 1), calloc(KEYS, 1), 0}; /* pairs race */
        cr_assert_not_null(r[i].claimed);
        cr_assert_eq(pthread_create(&t[i], NULL, race, &r[i]), 0);
    }
    for (size_t i = 0; i < THREADS; i++) pthread_join(t[i], NULL);
    size_t done_seen = 0;
    for (size_t k = 0; k < KEYS; k++) {
        int owners = 0;
        for (size_t i = 0; i < THREADS; i++) owners += r[i].claimed[k];
        cr_assert_eq(owners, 1, "key %zu claimed by %d threads", k, owners);
    }
    for (size_t i = 0; i < THREADS; i++) done_seen += r[i].done_seen, free(r[i].claimed);
    cr_assert_eq(por_shared_set_count(&s), KEYS);
    cr_assert_gt(done_seen, 0, "no thread saw another's done mark");
    cr_assert_eq(s.generation, 11, "64 slots doubled to 128 K: %zu grows", s.generation);
    cr_assert_eq(por_shared_set_bytes(&s), table_bytes((size_t)1 << 17));
    for (size_t k = 0; k < KEYS; k++) {
        shared_found f = por_shared_set_find_or_put(&s, nth(k));
        cr_assert_eq(f, k % 2 == 0 ? SHARED_DONE : SHARED_OPEN, "key %zu", k);
    }
    por_shared_set_free(&s);
}

/* The [i]th fingerprint of one probe run: every one has the same home slot in every table size
 * (the home hashes the low word's key bits xor the high word turned by 29 bits). */
static por_fp same_home(size_t i)
{
    uint64_t hi = (uint64_t)i + 1, turned = hi << 29 | hi >> 35;
    por_fp fp = {(UINT64_C(0x5DEECE66D) ^ turned) & ((UINT64_C(1) << 62) - 1), hi};
    return fp;
}

/* The colliders' race: [COLLIDERS] keys of one probe run; the last grow, 8 K to 16 K slots, has
 * two chunks of the move (4096 slots each), and the run crosses from one into the other, so
 * that two movers put keys into the same run at once (a mover that put a key without a
 * compare-and-swap lost one in 2 of 5 runs of the test). */
enum { COLLIDERS = 7000 };

/* Claims every collider (or finds it claimed) and polls after each; leaves the set at its end. */
static void *collide(void *arg)
{
    shared_set *s = arg;
    for (size_t i = 0; i < COLLIDERS; i++) {
        cr_assert_neq(por_shared_set_find_or_put(s, same_home(i)), SHARED_FULL);
        por_shared_set_poll(s);
    }
    por_shared_set_leave(s);
    return NULL;
}

Test(shared_set, movers_of_one_probe_run_lose_no_key)
{
    for (int round = 0; round < 4; round++) {
        shared_set s;
        cr_assert(por_shared_set_init(&s, 64, 0, THREADS));
        pthread_t t[THREADS];
        for (size_t i = 0; i < THREADS; i++)
            cr_assert_eq(pthread_create(&t[i], NULL, collide, &s), 0);
        for (size_t i = 0; i < THREADS; i++) pthread_join(t[i], NULL);
        cr_assert_eq(por_shared_set_count(&s), COLLIDERS);
        for (size_t i = 0; i < COLLIDERS; i++)
            cr_assert_eq(por_shared_set_find(&s, same_home(i)), SHARED_OPEN, "key %zu lost", i);
        por_shared_set_free(&s);
    }
}
