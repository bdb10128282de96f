/* The allocator hook: counts live bytes and can fail the Nth allocation for tests. The count is
 * shared: a portfolio's members and a parallel search's workers allocate on their own threads and
 * share the budget. Each thread adds its allocations to it in batches of up to BATCH_BYTES (one
 * atomic add per allocation made two workers' caches pass the counter's line back and forth at
 * every allocation: 2.6% of a 2-worker search's samples), and at its exit; so the count a thread
 * reads is exact for its own allocations and within BATCH_BYTES per other thread. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_NORESERVE */
#include "base.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* A header before each block records its size so live bytes can be tracked. */
typedef struct block_header {
    size_t size;
    max_align_t align; /* keeps the payload aligned for any type */
} block_header;

static _Atomic long allocations_until_failure = -1;
static _Atomic size_t live_bytes;

/* The most bytes a thread allocates or frees before it adds them to the shared count. */
#define BATCH_BYTES ((size_t)64 << 10)

/* The bytes the calling thread allocated (mod 2^N: frees subtract) and has not added yet. */
static _Thread_local size_t pending_bytes;

/* Whether the calling thread adds its pending bytes at its exit: 0 not asked yet, 1 yes, -1 it
 * could not (it then adds each change at once). */
static _Thread_local int flushes_at_exit;

/* The key whose destructor adds an exiting thread's pending bytes. */
static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;
static bool exit_key_made;

/* Adds the calling thread's pending bytes to the shared count. */
static void flush_pending(void)
{
    atomic_fetch_add_explicit(&live_bytes, pending_bytes, memory_order_relaxed);
    pending_bytes = 0;
}

/* The key's destructor: a thread exits (its value is only a non-NULL marker). */
static void flush_at_exit(void *marker)
{
    (void)marker;
    flush_pending();
}

/* Creates the key (once per process). */
static void make_exit_key(void)
{
    exit_key_made = pthread_key_create(&exit_key, flush_at_exit) == 0;
}

/* Counts [delta] bytes (mod 2^N) for the calling thread, adding them to the shared count once
 * they reach BATCH_BYTES either way. */
static void count_bytes(size_t delta)
{
    if (!flushes_at_exit) {
        bool keyed = pthread_once(&exit_key_once, make_exit_key) == 0 && exit_key_made &&
                     pthread_setspecific(exit_key, &flushes_at_exit) == 0;
        flushes_at_exit = keyed ? 1 : -1;
    }
    pending_bytes += delta;
    if (flushes_at_exit < 0 || pending_bytes + BATCH_BYTES > 2 * BATCH_BYTES) flush_pending();
}

static int should_fail(void)
{
    long n = atomic_load_explicit(&allocations_until_failure, memory_order_relaxed);
    if (n < 0) return 0;
    if (n == 0) return 1;
    atomic_fetch_sub_explicit(&allocations_until_failure, 1, memory_order_relaxed);
    return 0;
}

void base_fail_allocation_after(long n)
{
    allocations_until_failure = n;
}

size_t base_bytes_in_use(void)
{
    return atomic_load_explicit(&live_bytes, memory_order_relaxed) + pending_bytes;
}

/* Blocks of at least this many bytes are backed by huge pages where the kernel offers them. */
#define HUGE_PAGE_ADVICE_BYTES ((size_t)4 << 20)

/* Asks the kernel to back block [h] of [bytes] payload bytes with transparent huge pages when it
 * is big: a growing state store or exact-state arena then takes a page fault per 2 MiB instead
 * of per 4 KiB (test_explore_fp: 2.3 M faults, 21 s of system time, down to 0.2 M). Where THP
 * is off, or set to "always", the advice changes nothing; an error is ignored for the same
 * reason. */
static void advise_huge_pages(block_header *h, size_t bytes)
{
#ifdef MADV_HUGEPAGE
    long page = sysconf(_SC_PAGESIZE);
    if (bytes < HUGE_PAGE_ADVICE_BYTES || page <= 0) return;
    /* The pages the block touches, rounded out: a big block is a mapping of its own, which
     * the advice must cover whole (advice on part of it splits it in two, and realloc can no
     * longer grow it in place with mremap: it copies). */
    uintptr_t mask = (uintptr_t)page - 1;
    uintptr_t start = (uintptr_t)h & ~mask;
    uintptr_t end = ((uintptr_t)&h->align + bytes + mask) & ~mask;
    (void)madvise((void *)start, end - start, MADV_HUGEPAGE);
#else
    (void)h, (void)bytes;
#endif
}

static block_header *header_of(void *ptr)
{
    return (block_header *)((char *)ptr - offsetof(block_header, align));
}

void *base_malloc(size_t size)
{
    if (should_fail() || size > SIZE_MAX - sizeof(block_header)) return NULL;
    block_header *h = malloc(offsetof(block_header, align) + size);
    if (!h) return NULL;
    h->size = size;
    advise_huge_pages(h, size);
    count_bytes(size);
    return &h->align;
}

void *base_calloc(size_t count, size_t size)
{
    if (size != 0 && count > SIZE_MAX / size) return NULL;
    size_t bytes = count * size;
    if (should_fail() || bytes > SIZE_MAX - sizeof(block_header)) return NULL;
    /* calloc, not malloc + memset: a fresh block from the kernel is not cleared again (but a
     * reused one is: base_map_zeroed is for big, sparsely used arrays). */
    block_header *h = calloc(1, offsetof(block_header, align) + bytes);
    if (!h) return NULL;
    h->size = bytes;
    advise_huge_pages(h, bytes);
    count_bytes(bytes);
    return &h->align;
}

/* The smallest page size of the machines porcheck runs on: a write every this many bytes
 * reaches every page. */
enum { SMALLEST_PAGE = 4096 };

void *base_calloc_written(size_t count, size_t size)
{
    volatile char *p = base_calloc(count, size);
    size_t bytes = count * size; /* base_calloc refused an overflow */
    for (size_t off = 0; p && off < bytes; off += SMALLEST_PAGE) p[off] = 0;
    if (p && bytes) p[bytes - 1] = 0; /* the last page, when the block starts inside one */
    return (void *)p;
}

void *base_realloc(void *ptr, size_t size)
{
    if (!ptr) return base_malloc(size);
    if (should_fail() || size > SIZE_MAX - sizeof(block_header)) return NULL;
    block_header *old = header_of(ptr);
    size_t old_size = old->size;
    block_header *h = realloc(old, offsetof(block_header, align) + size);
    if (!h) return NULL;
    count_bytes(size - old_size); /* mod 2^N */
    h->size = size;
    advise_huge_pages(h, size);
    return &h->align;
}

void *base_grow(void *items, size_t *cap, size_t size, size_t first)
{
    size_t n = *cap ? *cap * 2 : first;
    if (n < *cap || n > SIZE_MAX / size) return NULL;
    void *grown = base_realloc(items, n * size);
    if (grown) *cap = n;
    return grown;
}

bool base_array_resize(void *arr, size_t elem, size_t old_cap, size_t new_cap)
{
    void **p = arr;
    if (new_cap > SIZE_MAX / elem) return false;
    void *q = base_realloc(*p, new_cap * elem);
    if (!q) return false;
    if (new_cap > old_cap) memset((char *)q + old_cap * elem, 0, (new_cap - old_cap) * elem);
    *p = q;
    return true;
}

bool base_array_reserve(void *arr, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) return true;
    size_t n = *cap ? *cap * 2 : 16;
    while (n < need) n *= 2;
    if (!base_array_resize(arr, elem, *cap, n)) return false;
    *cap = n;
    return true;
}

void *base_map_zeroed(size_t bytes)
{
    if (should_fail() || bytes == 0) return NULL;
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                   -1, 0);
    if (p == MAP_FAILED) return NULL;
    count_bytes(bytes);
    return p;
}

void base_unmap(void *ptr, size_t bytes)
{
    if (!ptr) return;
    count_bytes(0 - bytes);
    munmap(ptr, bytes);
}

void base_free(void *ptr)
{
    if (!ptr) return;
    block_header *h = header_of(ptr);
    count_bytes(0 - h->size);
    free(h);
}
