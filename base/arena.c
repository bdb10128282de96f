/* Arena: chunks of growing size, each allocation bump-allocated and zeroed. */
#include "base.h"

#include <string.h>

enum { ARENA_FIRST_CHUNK = 4096, ARENA_ALIGN = _Alignof(max_align_t) };

typedef struct base_arena_chunk {
    struct base_arena_chunk *older;
    max_align_t payload[]; /* chunk bytes follow, aligned for any type */
} base_arena_chunk;

void base_arena_init(base_arena *arena)
{
    memset(arena, 0, sizeof *arena);
}

static size_t round_up(size_t n)
{
    return (n + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
}

static int add_chunk(base_arena *arena, size_t min_size)
{
    size_t capacity = arena->capacity ? arena->capacity * 2 : ARENA_FIRST_CHUNK;
    while (capacity < min_size) capacity *= 2;
    base_arena_chunk *chunk = base_malloc(sizeof(base_arena_chunk) + capacity);
    if (!chunk) return 0;
    chunk->older = arena->head;
    arena->head = chunk;
    arena->capacity = capacity;
    arena->used = 0;
    return 1;
}

void *base_arena_alloc(base_arena *arena, size_t size)
{
    if (size > SIZE_MAX / 4) return NULL;
    size = round_up(size ? size : 1);
    if (!arena->head || arena->capacity - arena->used < size) {
        if (!add_chunk(arena, size)) return NULL;
    }
    char *p = (char *)arena->head->payload + arena->used;
    arena->used += size;
    memset(p, 0, size);
    return p;
}

char *base_arena_strndup(base_arena *arena, const char *src, size_t len)
{
    if (len == SIZE_MAX) return NULL;
    char *p = base_arena_alloc(arena, len + 1);
    if (!p) return NULL;
    memcpy(p, src, len);
    p[len] = '\0';
    return p;
}

void base_arena_release(base_arena *arena)
{
    base_arena_chunk *c = arena->head;
    while (c) {
        base_arena_chunk *older = c->older;
        base_free(c);
        c = older;
    }
    base_arena_init(arena);
}
