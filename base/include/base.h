/* base: the allocator hook and arena shared by every porcheck module. */
#ifndef PORCHECK_BASE_H
#define PORCHECK_BASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Allocates [size] bytes through the checker's allocator hook; NULL when out of memory. */
void *base_malloc(size_t size);

/* Allocates [count] zeroed elements of [size] bytes; NULL on overflow or out of memory. */
void *base_calloc(size_t count, size_t size);

/* base_calloc with every page of the block written once, for arrays that are read before they
 * are written and soon filled (hash tables): a page first read is mapped to the kernel's shared
 * zero page and its first write then replaces it, two faults where one does, and with other
 * threads of the process running (a parallel search, a portfolio) an interrupt to every other
 * core (a TLB shootdown) per page; NULL when out of memory. */
void *base_calloc_written(size_t count, size_t size);

/* Resizes [ptr] to [size] bytes; NULL (and [ptr] untouched) when out of memory. */
void *base_realloc(void *ptr, size_t size);

/* Returns array [items] of [*cap] elements of [size] bytes resized to twice as many ([first]
 * when it has none) and updates [*cap]; NULL (the array and [*cap] untouched) when out of
 * memory. */
void *base_grow(void *items, size_t *cap, size_t size, size_t first);

/* Resizes the array [*arr] of [elem]-byte items from [old_cap] to [new_cap] items, zeroing the
 * new ones; false (and [*arr] untouched) when out of memory. */
bool base_array_resize(void *arr, size_t elem, size_t old_cap, size_t new_cap);

/* Makes the array [*arr] of [*cap] [elem]-byte items hold at least [need], doubling it;
 * false when out of memory. */
bool base_array_reserve(void *arr, size_t *cap, size_t need, size_t elem);

/* Maps [bytes] zeroed bytes straight from the kernel: a page costs nothing until it is touched,
 * and nothing clears it again (calloc may memset a reused block: a checked thread's 4 MiB of
 * stack slots cost 1,000 page faults per thread that way); NULL when out of memory. */
void *base_map_zeroed(size_t bytes);

/* Unmaps [bytes] bytes at [ptr] from base_map_zeroed; NULL is ignored. */
void base_unmap(void *ptr, size_t bytes);

/* Frees memory obtained from the base allocator; NULL is ignored. */
void base_free(void *ptr);

/* Makes the allocation after the next [n] ones fail (n < 0: never); for tests of out-of-memory
 * paths. */
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

/* How reading an input file ended. */
typedef enum base_read_status {
    BASE_READ_OK = 0,
    BASE_READ_OPEN,        /* the file does not open (errno tells why) */
    BASE_READ_NOT_REGULAR, /* a FIFO, device, directory or socket: refused without blocking */
    BASE_READ_TOO_BIG,     /* more bytes than the caller's cap */
    BASE_READ_IO,          /* a read error */
    BASE_READ_NOMEM,       /* the allocator hook refused memory */
} base_read_status;

/* Reads everything from descriptor [fd] (a pipe or terminal too: standard input), at most [max]
 * bytes, as base_read_file does. */
base_read_status base_read_stream(int fd, size_t max, char **data, size_t *len);

/* Reads regular file [path] of at most [max] bytes into a new buffer [*data] (base allocator,
 * NUL-terminated, [*len] bytes before the NUL); anything but a regular file is refused without
 * blocking (it is opened with O_NONBLOCK and checked with fstat). */
base_read_status base_read_file(const char *path, size_t max, char **data, size_t *len);

/* Writes what [status] means ("not a regular file", "larger than MAX bytes", ...) into [buf]. */
void base_read_describe(base_read_status status, size_t max, char *buf, size_t size);

/* Where a text file holds a byte it may not: 1-based line and column (in bytes), the byte. */
typedef struct base_text_pos {
    size_t line, column;
    unsigned char byte;
} base_text_pos;

/* True when the [len] bytes at [data] hold a control byte other than tab, LF and CR (NUL, DEL,
 * ...), which no porcheck text format allows; [*pos] then locates the first. */
bool base_text_bad_byte(const char *data, size_t len, base_text_pos *pos);

/* Writes the name of bad text byte [byte] ("NUL byte", "control byte 0x07") into [buf]. */
void base_text_describe(unsigned char byte, char *buf, size_t size);

/* A bounded text writer in the manner of snprintf: [len] counts every byte asked for, [buf]
 * holds as many as fit (always NUL-terminated when [size] > 0). */
typedef struct base_textbuf {
    char *buf;
    size_t size, len;
} base_textbuf;

/* Returns a writer over [buf] of [size] bytes (NULL and 0: only counts). */
base_textbuf base_textbuf_make(char *buf, size_t size);

/* Appends printf-style text to [out]. */
void base_textbuf_printf(base_textbuf *out, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Appends [word] to [out] as a POSIX shell reads it back: as it is when it holds only letters,
 * digits and _./:,=@+-, else in single quotes (a quote inside written '\''). */
void base_textbuf_shell_word(base_textbuf *out, const char *word);

/* Returns the optimal-string-alignment distance of [a] and [b] (case-insensitive): the edits
 * (insert, delete, replace, swap two neighbours) from one to the other; 99 when either is longer
 * than 63 bytes. */
size_t base_edit_distance(const char *a, const char *b);

/* The one rule of every "did you mean" hint: of the names offered, the nearest to a mistyped
 * word that is at most 2 edits from it and no more than half as many edits as its own length. */
typedef struct base_near_miss {
    const char *word; /* the mistyped word */
    const char *best; /* the nearest name so far, or NULL */
    size_t distance;  /* its distance */
} base_near_miss;

/* Returns a search for the name nearest to [word]. */
base_near_miss base_near_miss_start(const char *word);

/* Offers [name] to search [n]. */
void base_near_miss_offer(base_near_miss *n, const char *name);

#endif
