/* The allocator hook: counts live bytes and can fail the Nth allocation for tests. The counts
 * are atomic: a portfolio's members allocate on their own threads and share the budget. */
#include "base.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* A header before each block records its size so live bytes can be tracked. */
typedef struct block_header {
    size_t size;
    max_align_t align; /* keeps the payload aligned for any type */
} block_header;

static _Atomic long allocations_until_failure = -1;
static _Atomic size_t live_bytes;

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
    return atomic_load_explicit(&live_bytes, memory_order_relaxed);
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
    atomic_fetch_add_explicit(&live_bytes, size, memory_order_relaxed);
    return &h->align;
}

void *base_calloc(size_t count, size_t size)
{
    if (size != 0 && count > SIZE_MAX / size) return NULL;
    size_t bytes = count * size;
    if (should_fail() || bytes > SIZE_MAX - sizeof(block_header)) return NULL;
    /* calloc, not malloc + memset: large blocks come zeroed from the kernel and stay untouched
     * (a checked thread's 4 MiB slot array costs nothing until it is used). */
    block_header *h = calloc(1, offsetof(block_header, align) + bytes);
    if (!h) return NULL;
    h->size = bytes;
    atomic_fetch_add_explicit(&live_bytes, bytes, memory_order_relaxed);
    return &h->align;
}

void *base_realloc(void *ptr, size_t size)
{
    if (!ptr) return base_malloc(size);
    if (should_fail() || size > SIZE_MAX - sizeof(block_header)) return NULL;
    block_header *old = header_of(ptr);
    size_t old_size = old->size;
    block_header *h = realloc(old, offsetof(block_header, align) + size);
    if (!h) return NULL;
    atomic_fetch_add_explicit(&live_bytes, size - old_size, memory_order_relaxed); /* mod 2^N */
    h->size = size;
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

void base_free(void *ptr)
{
    if (!ptr) return;
    block_header *h = header_of(ptr);
    atomic_fetch_sub_explicit(&live_bytes, h->size, memory_order_relaxed);
    free(h);
}
