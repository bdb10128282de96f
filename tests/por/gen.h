/* A seeded generator of random toy programs for the differential tests, with shrinking. A
 * program is plain data (no pointers), so candidates for shrinking are copies. */
#ifndef PORCHECK_TESTS_POR_GEN_H
#define PORCHECK_TESTS_POR_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { GEN_MAX_THREADS = 4, GEN_MAX_ITEMS = 24, GEN_REGS = 3 };

/* One line of a thread. LOCK/UNLOCK and IF/ENDIF come in properly nested pairs. */
typedef enum gen_kind {
    G_READ,      /* rR = vV */
    G_WRITE,     /* vV = A */
    G_WRITE_INC, /* vV = rR + 1 */
    G_CAS,       /* rR = cas(vV, A, B) */
    G_LOCK,      /* lock lL */
    G_UNLOCK,    /* unlock lL */
    G_IF,        /* if (rR == A) { */
    G_ENDIF,     /* } */
    G_ASSERT,    /* assert(rR != A) */
    G_LOCAL,     /* local rR = rR + 1 */
    G_SPIN,      /* while (vV != A); (a spin loop in the middle of a thread) */
    G_CLEAR,     /* clear (every variable = 0: a write labelled with any object) */
} gen_kind;

typedef struct gen_item {
    uint8_t kind, var, reg, lock;
    int8_t a, b;
} gen_item;

typedef struct gen_thread {
    gen_item items[GEN_MAX_ITEMS];
    size_t n;
    int spin_var; /* >= 0: starts with while (vS == 0); */
    bool forever; /* ends with a purely local infinite loop */
} gen_thread;

typedef struct gen_program {
    gen_thread threads[GEN_MAX_THREADS];
    size_t nthreads, nvars, nlocks;
    uint8_t order[GEN_MAX_THREADS]; /* declaration order: thread ids are permuted */
} gen_program;

/* Fills [p] with a random program drawn from [seed]: 2-4 threads, 1-3 shared variables, 1-6
 * operations per thread (reads, writes of constants or of a read value + 1, CAS, nested lock
 * blocks, forward branches on read values, asserts after reads, spin loops, clears of every
 * variable, local steps when [seed] says so), optional spin prefixes and purely local infinite
 * loops. */
void gen_random(gen_program *p, uint64_t seed);

/* Writes [p] as toy source into [buf] of [size] bytes; returns the length. */
size_t gen_render(const gen_program *p, char *buf, size_t size);

/* The number of ways gen_mutate can shrink [p]. */
size_t gen_mutations(const gen_program *p);

/* Stores in [out] the [k]-th shrink of [p] (k < gen_mutations(p)): a thread, an operation or a
 * block deleted, a block unwrapped, a spin prefix or an infinite loop removed. False when that
 * shrink does not apply to [p]. */
bool gen_mutate(const gen_program *p, size_t k, gen_program *out);

#endif
