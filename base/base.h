/* base: the allocator hook and arena shared by every porcheck module. */
#ifndef PORCHECK_BASE_H
#define PORCHECK_BASE_H

#include <stddef.h>
#include <stdint.h>

/* Allocates [size] bytes through the checker's allocator hook; NULL when out of memory. */
void *base_malloc(size_t size);

/* Allocates [count] zeroed elements of [size] bytes; NULL on overflow or out of memory. */
void *base_calloc(size_t count, size_t size);

/* Resizes [ptr] to [size] bytes; NULL (and [ptr] untouched) when out of memory. */
void *base_realloc(void *ptr, size_t size);

/* Returns array [items] of [*cap] elements of [size] bytes resized to twice as many ([first]
 * when it has none) and updates [*cap]; NULL (the array and [*cap] untouched) when out of
 * memory. */
void *base_grow(void *items, size_t *cap, size_t size, size_t first);

/* Frees memory obtained from the base allocator; NULL is ignored. */
void base_free(void *ptr);

/* Makes the allocation after the next [n] ones fail (n < 0: never); for tests of out-of-memory paths. */
void base_fail_allocation_after(long n);

/* Bytes currently held through the base allocator (including arena chunks). */
size_t base_bytes_in_use(void);

/* A bump allocator whose blocks are all freed together. */
typedef struct base_arena {
    struct base_arena_chunk *head; /* newest chunk, linked to older ones */
    size_t used;                   /* bytes used in the head chunk */
    size_t capacity;               /* payload bytes of the head chunk */
} base_arena;

/* Prepares an empty [arena]; allocates nothing yet. */
void base_arena_init(base_arena *arena);

/* Returns [size] zeroed bytes aligned for any type from [arena]; NULL when out of memory. */
void *base_arena_alloc(base_arena *arena, size_t size);

/* Copies [len] bytes of [src] into [arena] and appends a NUL; NULL when out of memory. */
char *base_arena_strndup(base_arena *arena, const char *src, size_t len);

/* Frees every chunk of [arena] and leaves it empty and reusable. */
void base_arena_release(base_arena *arena);

#endif
