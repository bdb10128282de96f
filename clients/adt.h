/* clients: the ADT reference models' private interface between adt.c (the object: state,
 * snapshots, fingerprints, dispatch) and adt_ops.c (the method semantics). */
#ifndef PORCHECK_CLIENTS_ADT_H
#define PORCHECK_CLIENTS_ADT_H

#include "internal.h"

/* Every modelled method, across the ADTs. */
typedef enum adt_op {
    OP_UNSUPPORTED = 0,
    /* shared by the collections */
    OP_SIZE,
    OP_IS_EMPTY,
    OP_CLEAR,
    OP_CONTAINS,
    /* set */
    OP_SET_ADD,
    OP_SET_REMOVE,
    /* map */
    OP_PUT,
    OP_GET,
    OP_MAP_REMOVE,
    OP_CONTAINS_KEY,
    OP_CONTAINS_VALUE,
    OP_PUT_IF_ABSENT,
    OP_REMOVE_KV,
    OP_REPLACE,
    OP_REPLACE_KV,
    OP_GET_OR_DEFAULT,
    /* queue, deque, stack: ends are "first" (head, top of a deque's stack view) and "last" */
    OP_OFFER_LAST,
    OP_ADD_LAST_BOOL,
    OP_ADD_LAST_VOID,
    OP_OFFER_FIRST,
    OP_ADD_FIRST_VOID,
    OP_POLL_FIRST,
    OP_TAKE_FIRST, /* BlockingQueue.take: waits while the queue is empty */
    OP_POLL_LAST,
    OP_PEEK_FIRST,
    OP_PEEK_LAST,
    OP_REMOVE_FIRST,
    OP_REMOVE_LAST,
    OP_GET_FIRST,
    OP_GET_LAST,
    OP_REMOVE_OBJECT,
    OP_REMOVE_LAST_OCCURRENCE,
    /* stack (java.util.Stack: the top is the last element) */
    OP_PUSH,
    OP_POP,
    OP_STACK_PEEK,
    OP_EMPTY,
    /* counter */
    OP_GET_VALUE,
    OP_INCREMENT,
    OP_DECREMENT,
    OP_INCREMENT_AND_GET,
    OP_GET_AND_INCREMENT,
    OP_DECREMENT_AND_GET,
    OP_GET_AND_DECREMENT,
    OP_ADD_AND_GET,
    OP_GET_AND_ADD,
    OP_ADD,
    OP_SET,
    OP_COMPARE_AND_SET,
    /* register */
    OP_GET_AND_SET,
} adt_op;

/* The state of an ADT model. */
typedef struct adt_state {
    int64_t *items; /* set: sorted; map: (key, value) pairs sorted by key; sequences: in order */
    size_t count;   /* elements (pairs for a map) */
    size_t cap;     /* int64 slots allocated at [items] */
    bool has_value; /* counter, register: false means null */
    int64_t value;
} adt_state;

/* One ADT model object. */
typedef struct adt_object {
    const client_spec *spec;
    client_adt adt;
    adt_op *ops; /* per spec method */
    adt_state state;
    adt_state initial;
} adt_object;

/* Returns the operation modelling method [name] with [arity] parameters in [adt]. */
adt_op client_adt_lookup(client_adt adt, const char *name, size_t arity);

/* Returns the arities of [adt]'s methods named [name] as a bit set (bit n: n parameters); 0 when
 * the model has no method of that name. */
unsigned client_adt_arities(client_adt adt, const char *name);

/* Appends the names of [adt]'s methods to [out], comma-separated, each once ("add, remove,
 * size, isEmpty, clear, contains"). */
void client_adt_method_names(client_adt adt, base_textbuf *out);

/* Runs [op] with [args] on [obj]'s state; stores the Java result in [out]. False when out of
 * memory. */
bool client_adt_apply(adt_object *obj, adt_op op, const client_value *args, client_value *out);

/* True when [op] would wait for ever on [obj]'s state (take on an empty queue). */
bool client_adt_blocks(const adt_object *obj, adt_op op);

#endif
