/* The shared state set of the parallel search (issue 20, part 2): find-or-put claims each
 * fingerprint exactly once however many threads race for it, done marks are seen by every
 * thread, and a full table says so instead of looping. */
#define _POSIX_C_SOURCE 200809L /* rand_r */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdlib.h>

#include "internal.h"

/* Returns the [i]th test fingerprint (distinct for distinct i, spread over both words). */
static por_fp nth(size_t i)
{
    uint64_t x = (uint64_t)i * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
    por_fp fp = {x ^ (x >> 31), (uint64_t)i};
    return fp;
}

Test(shared_set, claims_once_then_finds_open_then_done)
{
    shared_set s;
    cr_assert(por_shared_set_init(&s, 100));
    size_t a, b;
    cr_assert_eq(por_shared_set_find_or_put(&s, nth(1), &a), SHARED_CLAIMED);
    cr_assert_eq(por_shared_set_find_or_put(&s, nth(1), &b), SHARED_OPEN);
    cr_assert_eq(a, b);
    cr_assert(!por_shared_set_is_done(&s, a));
    por_shared_set_mark_done(&s, a);
    cr_assert(por_shared_set_is_done(&s, a));
    cr_assert_eq(por_shared_set_find_or_put(&s, nth(1), &b), SHARED_DONE);
    cr_assert_eq(por_shared_set_find_or_put(&s, nth(2), &b), SHARED_CLAIMED);
    cr_assert_eq(por_shared_set_count(&s), 2);
    cr_assert_eq(por_shared_set_bytes(&s), 128 * (sizeof(por_fp) + 1), "rounded up to 128");
    por_shared_set_free(&s);
}

Test(shared_set, a_full_table_says_so_and_still_finds_what_it_holds)
{
    shared_set s;
    cr_assert(por_shared_set_init(&s, 1));
    size_t slot;
    for (size_t i = 0; i < 64; i++)
        cr_assert_eq(por_shared_set_find_or_put(&s, nth(i), &slot), SHARED_CLAIMED, "%zu", i);
    cr_assert_eq(por_shared_set_find_or_put(&s, nth(64), &slot), SHARED_FULL);
    cr_assert_eq(por_shared_set_find_or_put(&s, nth(17), &slot), SHARED_OPEN);
    cr_assert_eq(por_shared_set_count(&s), 64);
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

/* Inserts every key in a shuffled order; marks done every key it claimed with an even index. */
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
        size_t slot;
        shared_found f = por_shared_set_find_or_put(r->s, nth(order[k]), &slot);
        cr_assert_neq(f, SHARED_FULL);
        if (f == SHARED_CLAIMED) r->claimed[order[k]] = 1;
        if (f == SHARED_CLAIMED && order[k] % 2 == 0) por_shared_set_mark_done(r->s, slot);
        r->done_seen += f == SHARED_DONE;
    }
    free(order);
    return NULL;
}

Test(shared_set, racing_threads_claim_every_key_exactly_once)
{
    shared_set s;
    cr_assert(por_shared_set_init(&s, KEYS + KEYS / 4)); /* a crowded table: long probe runs */
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
    for (size_t k = 0; k < KEYS; k++) {
        size_t slot;
        shared_found f = por_shared_set_find_or_put(&s, nth(k), &slot);
        cr_assert_eq(f, k % 2 == 0 ? SHARED_DONE : SHARED_OPEN, "key %zu", k);
    }
    por_shared_set_free(&s);
}
