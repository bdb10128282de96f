/* The toy language's compiled form, shared by its parser (toy_parse.c) and interpreter (toy.c).
 * Private to toy/. */
#ifndef PORCHECK_TOY_INTERNAL_H
#define PORCHECK_TOY_INTERNAL_H

#include "base.h"
#include "toy.h"

/* Fixed limits; programs beyond them are rejected with POR_ERR_LIMIT. */
enum {
    TOY_MAX_LOCALS = 1000,     /* per thread, hidden ones included */
    TOY_MAX_SHARED = 100000,   /* shared variables plus locks */
    TOY_MAX_CODE = 100000,     /* instructions per thread */
    TOY_MAX_NESTING = 64,      /* nested blocks and parentheses */
    TOY_MAX_EXPR_STACK = 128,  /* evaluation stack of one expression */
    TOY_MAX_SOURCE = 16 << 20, /* bytes of a source file */
};

/* Instructions. The interpreter runs one action (READ .. ASSERT) per transition and follows
 * control instructions (JUMP, BRANCH, RETURN) after it without a transition of their own. */
typedef enum toy_op {
    TOY_READ,   /* local[dst] = shared[obj]                              visible read */
    TOY_WRITE,  /* shared[obj] = expr[0]                                 visible write */
    TOY_CAS,    /* local[dst] = shared[obj] == expr[0] ? (write expr[1], 1) : 0; a write */
    TOY_LOCK,   /* take lock [obj]; the thread waits while another holds it  a write */
    TOY_UNLOCK, /* release lock [obj]; failing when the thread does not hold it  a write */
    TOY_CLEAR,  /* every shared variable = 0        a write of every object (POR_ANY_OBJECT) */
    TOY_LOCAL,  /* local[dst] = expr[0] (or nothing when dst < 0)       invisible */
    TOY_ASSERT, /* fail the thread unless expr[0] holds                  invisible */
    TOY_JUMP,   /* continue at [target] */
    TOY_BRANCH, /* continue at [target] when (expr[0] != 0) == [flag], else at the next one */
    TOY_RETURN, /* finish; the outcome is the locals rets[first .. first + count) */
} toy_op;

/* Marks an absent expression. */
#define TOY_NO_EXPR UINT32_MAX

/* One instruction. */
typedef struct toy_instr {
    toy_op op;
    uint32_t line;         /* source line of the statement */
    int32_t dst;           /* local slot written, or -1 */
    uint32_t obj;          /* shared variable (READ, WRITE, CAS) or lock index (LOCK, UNLOCK) */
    uint32_t expr[2];      /* offsets of expressions in the program's expression code */
    uint32_t target;       /* JUMP, BRANCH */
    uint32_t flag;         /* BRANCH: jump when the condition's truth equals this */
    uint32_t first, count; /* RETURN: slots in the program's return list */
} toy_instr;

/* Expression code: postfix words, each expression ending with TOY_E_END. */
typedef enum toy_eop {
    TOY_E_END,
    TOY_E_CONST, /* followed by the value */
    TOY_E_LOCAL, /* followed by the slot */
    TOY_E_NEG,
    TOY_E_NOT,
    TOY_E_ADD,
    TOY_E_SUB,
    TOY_E_MUL,
    TOY_E_EQ,
    TOY_E_NE,
    TOY_E_LT,
    TOY_E_LE,
    TOY_E_GT,
    TOY_E_GE,
    TOY_E_AND,
    TOY_E_OR,
} toy_eop;

/* Thread status word in a state. */
enum { TOY_RUNNING = 0, TOY_FINISHED = 1, TOY_FAILED = 2 };

/* One thread: its code and local names. In a state, its words are pc, status, locals. */
typedef struct toy_thread {
    char *name;
    toy_instr *code;
    size_t count;
    char **locals;
    size_t nlocals;
    size_t base; /* index of its pc word in a state */
} toy_thread;

/* A snapshot: a copy of the state words, recycled through a free list. */
struct por_snapshot {
    struct por_snapshot *next;
    int32_t words[];
};

/* A program and its current state. */
struct toy_program {
    char *file;
    char **var_names;
    int32_t *var_init;
    size_t nvars;
    char **lock_names;
    size_t nlocks;
    toy_thread *threads;
    size_t nthreads;
    int32_t *exprs; /* expression code */
    size_t nexprs;
    uint32_t *rets; /* return lists (local slots) */
    size_t nrets;
    size_t words; /* state size: vars, lock owners, then per thread pc, status, locals */
    int32_t *init;
    int32_t *cur;
    por_snapshot *free_snaps;
};

/* Frees the program parts of [toy] and [toy] itself. */
void toy_free_program(toy_program *toy);

/* Lays out the state words and builds the initial state; false when out of memory. */
bool toy_build_initial(toy_program *toy);

/* Evaluates the expression at [at] over the [locals] of a thread. */
int32_t toy_eval(const toy_program *toy, uint32_t at, const int32_t *locals);

#endif
