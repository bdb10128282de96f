/* clients: the method semantics of the ADT reference models, following the Java collections
 * they model: java.util.Set, java.util.Map (ConcurrentHashMap: null keys and values throw
 * NullPointerException), java.util.Queue and Deque (ArrayDeque / ConcurrentLinkedDeque: null
 * elements throw; poll and peek give null on empty, remove, element, get*, pop throw
 * NoSuchElementException; a BlockingQueue's put never waits, as in an unbounded one, and take
 * waits while it is empty), java.util.Stack (pop and peek throw EmptyStackException), and the
 * atomic counter and register (AtomicInteger, AtomicReference). */
#include <string.h>

#include "adt.h"

/* The exceptions the models throw. */
#define NPE "java.lang.NullPointerException"
#define NSEE "java.util.NoSuchElementException"
#define ESE "java.util.EmptyStackException"

/* Stores a void result. */
static void r_void(client_value *out)
{
    *out = (client_value){.kind = CLIENT_VAL_VOID};
}

/* Stores a null result. */
static void r_null(client_value *out)
{
    *out = (client_value){.kind = CLIENT_VAL_NULL};
}

/* Stores a boolean result. */
static void r_bool(client_value *out, bool b)
{
    *out = (client_value){.kind = CLIENT_VAL_BOOL, .i = b};
}

/* Stores an integer result. */
static void r_int(client_value *out, int64_t v)
{
    *out = (client_value){.kind = CLIENT_VAL_INT, .i = v};
}

/* Stores a thrown exception of class [name] (a static string). */
static void r_throw(client_value *out, const char *name)
{
    *out = (client_value){.kind = CLIENT_VAL_EXCEPTION, .text = name};
}

/* ---- Method table ---------------------------------------------------------------------------- */

/* One modelled method of one ADT ([adt] 0 = every collection ADT). */
typedef struct op_entry {
    client_adt adt;
    const char *name;
    size_t arity;
    adt_op op;
} op_entry;

/* Every modelled method: the ADT (NONE for all collections), name, arity and operation. */
static const op_entry op_table[] = {
    {CLIENT_ADT_SET, "add", 1, OP_SET_ADD},
    {CLIENT_ADT_SET, "remove", 1, OP_SET_REMOVE},
    {CLIENT_ADT_MAP, "put", 2, OP_PUT},
    {CLIENT_ADT_MAP, "get", 1, OP_GET},
    {CLIENT_ADT_MAP, "remove", 1, OP_MAP_REMOVE},
    {CLIENT_ADT_MAP, "containsKey", 1, OP_CONTAINS_KEY},
    {CLIENT_ADT_MAP, "containsValue", 1, OP_CONTAINS_VALUE},
    {CLIENT_ADT_MAP, "contains", 1, OP_CONTAINS_VALUE}, /* Hashtable/CHM legacy */
    {CLIENT_ADT_MAP, "putIfAbsent", 2, OP_PUT_IF_ABSENT},
    {CLIENT_ADT_MAP, "remove", 2, OP_REMOVE_KV},
    {CLIENT_ADT_MAP, "replace", 2, OP_REPLACE},
    {CLIENT_ADT_MAP, "replace", 3, OP_REPLACE_KV},
    {CLIENT_ADT_MAP, "getOrDefault", 2, OP_GET_OR_DEFAULT},
    {CLIENT_ADT_MAP, "mappingCount", 0, OP_SIZE},
    {CLIENT_ADT_QUEUE, "offer", 1, OP_OFFER_LAST},
    {CLIENT_ADT_QUEUE, "add", 1, OP_ADD_LAST_BOOL},
    {CLIENT_ADT_QUEUE, "poll", 0, OP_POLL_FIRST},
    {CLIENT_ADT_QUEUE, "peek", 0, OP_PEEK_FIRST},
    {CLIENT_ADT_QUEUE, "remove", 0, OP_REMOVE_FIRST},
    {CLIENT_ADT_QUEUE, "element", 0, OP_GET_FIRST},
    {CLIENT_ADT_QUEUE, "remove", 1, OP_REMOVE_OBJECT},
    {CLIENT_ADT_QUEUE, "put", 1, OP_ADD_LAST_VOID},
    {CLIENT_ADT_QUEUE, "take", 0, OP_TAKE_FIRST},
    {CLIENT_ADT_DEQUE, "offer", 1, OP_OFFER_LAST},
    {CLIENT_ADT_DEQUE, "add", 1, OP_ADD_LAST_BOOL},
    {CLIENT_ADT_DEQUE, "offerLast", 1, OP_OFFER_LAST},
    {CLIENT_ADT_DEQUE, "addLast", 1, OP_ADD_LAST_VOID},
    {CLIENT_ADT_DEQUE, "offerFirst", 1, OP_OFFER_FIRST},
    {CLIENT_ADT_DEQUE, "addFirst", 1, OP_ADD_FIRST_VOID},
    {CLIENT_ADT_DEQUE, "push", 1, OP_ADD_FIRST_VOID},
    {CLIENT_ADT_DEQUE, "poll", 0, OP_POLL_FIRST},
    {CLIENT_ADT_DEQUE, "pollFirst", 0, OP_POLL_FIRST},
    {CLIENT_ADT_DEQUE, "pollLast", 0, OP_POLL_LAST},
    {CLIENT_ADT_DEQUE, "peek", 0, OP_PEEK_FIRST},
    {CLIENT_ADT_DEQUE, "peekFirst", 0, OP_PEEK_FIRST},
    {CLIENT_ADT_DEQUE, "peekLast", 0, OP_PEEK_LAST},
    {CLIENT_ADT_DEQUE, "remove", 0, OP_REMOVE_FIRST},
    {CLIENT_ADT_DEQUE, "removeFirst", 0, OP_REMOVE_FIRST},
    {CLIENT_ADT_DEQUE, "pop", 0, OP_REMOVE_FIRST},
    {CLIENT_ADT_DEQUE, "removeLast", 0, OP_REMOVE_LAST},
    {CLIENT_ADT_DEQUE, "element", 0, OP_GET_FIRST},
    {CLIENT_ADT_DEQUE, "getFirst", 0, OP_GET_FIRST},
    {CLIENT_ADT_DEQUE, "getLast", 0, OP_GET_LAST},
    {CLIENT_ADT_DEQUE, "remove", 1, OP_REMOVE_OBJECT},
    {CLIENT_ADT_DEQUE, "removeFirstOccurrence", 1, OP_REMOVE_OBJECT},
    {CLIENT_ADT_DEQUE, "removeLastOccurrence", 1, OP_REMOVE_LAST_OCCURRENCE},
    {CLIENT_ADT_STACK, "push", 1, OP_PUSH},
    {CLIENT_ADT_STACK, "pop", 0, OP_POP},
    {CLIENT_ADT_STACK, "peek", 0, OP_STACK_PEEK},
    {CLIENT_ADT_STACK, "empty", 0, OP_EMPTY},
    {CLIENT_ADT_COUNTER, "get", 0, OP_GET_VALUE},
    {CLIENT_ADT_COUNTER, "intValue", 0, OP_GET_VALUE},
    {CLIENT_ADT_COUNTER, "longValue", 0, OP_GET_VALUE},
    {CLIENT_ADT_COUNTER, "sum", 0, OP_GET_VALUE},
    {CLIENT_ADT_COUNTER, "increment", 0, OP_INCREMENT},
    {CLIENT_ADT_COUNTER, "decrement", 0, OP_DECREMENT},
    {CLIENT_ADT_COUNTER, "incrementAndGet", 0, OP_INCREMENT_AND_GET},
    {CLIENT_ADT_COUNTER, "getAndIncrement", 0, OP_GET_AND_INCREMENT},
    {CLIENT_ADT_COUNTER, "decrementAndGet", 0, OP_DECREMENT_AND_GET},
    {CLIENT_ADT_COUNTER, "getAndDecrement", 0, OP_GET_AND_DECREMENT},
    {CLIENT_ADT_COUNTER, "addAndGet", 1, OP_ADD_AND_GET},
    {CLIENT_ADT_COUNTER, "getAndAdd", 1, OP_GET_AND_ADD},
    {CLIENT_ADT_COUNTER, "add", 1, OP_ADD},
    {CLIENT_ADT_COUNTER, "set", 1, OP_SET},
    {CLIENT_ADT_COUNTER, "compareAndSet", 2, OP_COMPARE_AND_SET},
    {CLIENT_ADT_REGISTER, "get", 0, OP_GET_VALUE},
    {CLIENT_ADT_REGISTER, "set", 1, OP_SET},
    {CLIENT_ADT_REGISTER, "lazySet", 1, OP_SET},
    {CLIENT_ADT_REGISTER, "getAndSet", 1, OP_GET_AND_SET},
    {CLIENT_ADT_REGISTER, "compareAndSet", 2, OP_COMPARE_AND_SET},
    {CLIENT_ADT_NONE, "size", 0, OP_SIZE},
    {CLIENT_ADT_NONE, "isEmpty", 0, OP_IS_EMPTY},
    {CLIENT_ADT_NONE, "clear", 0, OP_CLEAR},
    {CLIENT_ADT_NONE, "contains", 1, OP_CONTAINS},
};

bool client_adt_blocks(const adt_object *obj, adt_op op)
{
    return op == OP_TAKE_FIRST && obj->state.count == 0;
}

/* True when [e] is a method of [adt]: its own, or one every collection ADT shares. */
static bool entry_of(const op_entry *e, client_adt adt)
{
    bool collection = adt >= CLIENT_ADT_SET && adt <= CLIENT_ADT_STACK;
    return e->adt == adt || (e->adt == CLIENT_ADT_NONE && collection);
}

adt_op client_adt_lookup(client_adt adt, const char *name, size_t arity)
{
    for (size_t i = 0; i < sizeof op_table / sizeof op_table[0]; i++) {
        const op_entry *e = &op_table[i];
        if (entry_of(e, adt) && e->arity == arity && !strcmp(e->name, name)) return e->op;
    }
    return OP_UNSUPPORTED;
}

unsigned client_adt_arities(client_adt adt, const char *name)
{
    unsigned arities = 0;
    for (size_t i = 0; i < sizeof op_table / sizeof op_table[0]; i++)
        if (entry_of(&op_table[i], adt) && !strcmp(op_table[i].name, name))
            arities |= 1u << op_table[i].arity;
    return arities;
}

/* True when an entry of [adt] before [end] in the table is named [name]. */
static bool named_before(client_adt adt, const char *name, size_t end)
{
    for (size_t i = 0; i < end; i++)
        if (entry_of(&op_table[i], adt) && !strcmp(op_table[i].name, name)) return true;
    return false;
}

void client_adt_method_names(client_adt adt, base_textbuf *out)
{
    bool first = true;
    for (size_t i = 0; i < sizeof op_table / sizeof op_table[0]; i++) {
        const op_entry *e = &op_table[i];
        if (!entry_of(e, adt) || named_before(adt, e->name, i)) continue;
        base_textbuf_printf(out, "%s%s", first ? "" : ", ", e->name);
        first = false;
    }
}

/* ---- Item arrays ----------------------------------------------------------------------------- */

/* Makes room for [extra] more int64 slots in [s]. */
static bool grow(adt_state *s, size_t extra, size_t per)
{
    size_t need = (s->count + extra) * per;
    if (need <= s->cap) return true;
    size_t cap = s->cap ? s->cap * 2 : 16;
    while (cap < need) cap *= 2;
    int64_t *items = base_realloc(s->items, cap * sizeof *items);
    if (!items) return false;
    s->items = items;
    s->cap = cap;
    return true;
}

/* Inserts [per] ints [v] at element position [at]. */
static bool insert_at(adt_state *s, size_t at, const int64_t *v, size_t per)
{
    if (!grow(s, 1, per)) return false;
    memmove(&s->items[(at + 1) * per], &s->items[at * per],
            (s->count - at) * per * sizeof(int64_t));
    memcpy(&s->items[at * per], v, per * sizeof(int64_t));
    s->count++;
    return true;
}

/* Removes the element at position [at]. */
static void erase_at(adt_state *s, size_t at, size_t per)
{
    memmove(&s->items[at * per], &s->items[(at + 1) * per],
            (s->count - at - 1) * per * sizeof(int64_t));
    s->count--;
}

/* Binary search over sorted keys (stride [per]): the position of [key] or where it belongs. */
static size_t search(const adt_state *s, int64_t key, size_t per, bool *found)
{
    size_t lo = 0, hi = s->count;
    *found = false;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int64_t k = s->items[mid * per];
        if (k == key) {
            *found = true;
            return mid;
        }
        if (k < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Linear search of a sequence from the front ([last] false) or the back. */
static bool find_in_sequence(const adt_state *s, int64_t v, bool last, size_t *at)
{
    for (size_t k = 0; k < s->count; k++) {
        size_t i = last ? s->count - 1 - k : k;
        if (s->items[i] == v) {
            *at = i;
            return true;
        }
    }
    return false;
}

/* True when argument [a] is Java null. */
static bool is_null(const client_value *a)
{
    return a->kind == CLIENT_VAL_NULL;
}

/* ---- Shared collection methods --------------------------------------------------------------- */

/* size, isEmpty, clear, contains on any collection ADT; false when [op] is none of them. */
static bool collection_op(adt_object *obj, adt_op op, const client_value *args, client_value *out)
{
    adt_state *s = &obj->state;
    size_t at, per = obj->adt == CLIENT_ADT_MAP ? 2 : 1;
    bool found;
    switch (op) {
    case OP_SIZE:
        r_int(out, (int64_t)s->count);
        return true;
    case OP_IS_EMPTY:
        r_bool(out, s->count == 0);
        return true;
    case OP_CLEAR:
        s->count = 0;
        r_void(out);
        return true;
    case OP_CONTAINS:
        if (is_null(&args[0])) {
            r_throw(out, NPE);
        } else if (obj->adt == CLIENT_ADT_SET) {
            search(s, args[0].i, per, &found);
            r_bool(out, found);
        } else {
            r_bool(out, find_in_sequence(s, args[0].i, false, &at));
        }
        return true;
    default:
        return false;
    }
}

/* ---- Set ------------------------------------------------------------------------------------- */

/* add and remove of a set. */
static bool set_op(adt_object *obj, adt_op op, const client_value *args, client_value *out)
{
    adt_state *s = &obj->state;
    if (is_null(&args[0])) {
        r_throw(out, NPE);
        return true;
    }
    bool found;
    size_t at = search(s, args[0].i, 1, &found);
    if (op == OP_SET_ADD && !found && !insert_at(s, at, &args[0].i, 1)) return false;
    if (op == OP_SET_REMOVE && found) erase_at(s, at, 1);
    r_bool(out, op == OP_SET_ADD ? !found : found);
    return true;
}

/* ---- Map ------------------------------------------------------------------------------------- */

/* Stores the value of the pair at [at] (or null when absent) in [out]. */
static void r_mapped(const adt_state *s, size_t at, bool found, client_value *out)
{
    if (found)
        r_int(out, s->items[2 * at + 1]);
    else
        r_null(out);
}

/* Writes, when [write], the mapping key -> value at [at]; the previous value goes to [out]. */
static bool map_store(adt_state *s, size_t at, bool found, const int64_t kv[2], client_value *out)
{
    r_mapped(s, at, found, out);
    if (found) {
        s->items[2 * at + 1] = kv[1];
        return true;
    }
    return insert_at(s, at, kv, 2);
}

/* True when some mapping has value [v]. */
static bool map_has_value(const adt_state *s, int64_t v)
{
    for (size_t i = 0; i < s->count; i++)
        if (s->items[2 * i + 1] == v) return true;
    return false;
}

/* Number of arguments of map operation [op]. */
static size_t map_arity(adt_op op)
{
    switch (op) {
    case OP_GET:
    case OP_MAP_REMOVE:
    case OP_CONTAINS_KEY:
    case OP_CONTAINS_VALUE:
        return 1;
    case OP_REPLACE_KV:
        return 3;
    default:
        return 2;
    }
}

/* The map methods that only read: get, getOrDefault, containsKey, containsValue. */
static bool map_read(const adt_state *s, adt_op op, const client_value *args, client_value *out)
{
    bool found;
    size_t at = search(s, args[0].i, 2, &found);
    switch (op) {
    case OP_GET:
        r_mapped(s, at, found, out);
        return true;
    case OP_GET_OR_DEFAULT:
        if (found)
            r_mapped(s, at, found, out);
        else
            r_int(out, args[1].i);
        return true;
    case OP_CONTAINS_KEY:
        r_bool(out, found);
        return true;
    case OP_CONTAINS_VALUE:
        r_bool(out, map_has_value(s, args[0].i));
        return true;
    default:
        return false;
    }
}

/* The map methods that write: put, putIfAbsent, replace, remove, remove(k, v),
 * replace(k, old, new). */
static bool map_write(adt_state *s, adt_op op, const client_value *args, client_value *out)
{
    bool found;
    size_t at = search(s, args[0].i, 2, &found);
    int64_t kv[2] = {args[0].i, map_arity(op) > 1 ? args[1].i : 0};
    bool matches = found && s->items[2 * at + 1] == kv[1];
    switch (op) {
    case OP_PUT:
        return map_store(s, at, found, kv, out);
    case OP_PUT_IF_ABSENT:
        if (!found) return map_store(s, at, found, kv, out);
        r_mapped(s, at, found, out);
        return true;
    case OP_REPLACE:
        if (found) return map_store(s, at, found, kv, out);
        r_null(out);
        return true;
    case OP_REPLACE_KV:
        r_bool(out, matches);
        if (matches) s->items[2 * at + 1] = args[2].i;
        return true;
    case OP_MAP_REMOVE:
        r_mapped(s, at, found, out);
        break;
    case OP_REMOVE_KV:
        r_bool(out, matches);
        found = matches;
        break;
    default:
        return false;
    }
    if (found) erase_at(s, at, 2);
    return true;
}

/* Map methods: null keys and values throw NullPointerException, as in ConcurrentHashMap. */
static bool map_op(adt_object *obj, adt_op op, const client_value *args, client_value *out)
{
    for (size_t i = 0; i < map_arity(op); i++)
        if (is_null(&args[i])) {
            r_throw(out, NPE);
            return true;
        }
    if (map_read(&obj->state, op, args, out)) return true;
    return map_write(&obj->state, op, args, out);
}

/* ---- Queue, deque, stack --------------------------------------------------------------------- */

/* Inserts [v] at the front or the back of a sequence. */
static bool seq_insert(adt_state *s, int64_t v, bool front)
{
    return insert_at(s, front ? 0 : s->count, &v, 1);
}

/* Reads (and, when [take], removes) the front or back element into [out]; when empty, [out]
 * gets null or, when [empty_exc] is set, that exception. */
static void seq_take(adt_state *s, bool front, bool take, const char *empty_exc, client_value *out)
{
    if (s->count == 0) {
        if (empty_exc)
            r_throw(out, empty_exc);
        else
            r_null(out);
        return;
    }
    size_t at = front ? 0 : s->count - 1;
    r_int(out, s->items[at]);
    if (take) erase_at(s, at, 1);
}

/* Operations that insert an element; false when [op] is none of them. */
static bool seq_insert_op(adt_state *s, adt_op op, const client_value *args, client_value *out,
                          bool *ok)
{
    bool front = op == OP_OFFER_FIRST || op == OP_ADD_FIRST_VOID;
    switch (op) {
    case OP_OFFER_LAST:
    case OP_ADD_LAST_BOOL:
    case OP_OFFER_FIRST:
        r_bool(out, true);
        break;
    case OP_ADD_LAST_VOID:
    case OP_ADD_FIRST_VOID:
        r_void(out);
        break;
    case OP_PUSH:
        *out = args[0];
        break; /* java.util.Stack.push returns its argument */
    default:
        return false;
    }
    *ok = is_null(&args[0]) ? (r_throw(out, NPE), true) : seq_insert(s, args[0].i, front);
    return true;
}

/* The operations on an end of a sequence: which end, whether they remove the element, and what
 * they throw on an empty sequence (NULL: they give null). */
static const struct {
    adt_op op;
    bool front, take;
    const char *empty;
} end_ops[] = {
    {OP_POLL_FIRST, true, true, NULL},   {OP_POLL_LAST, false, true, NULL},
    {OP_TAKE_FIRST, true, true, NULL}, /* never on an empty queue: client_adt_blocks */
    {OP_PEEK_FIRST, true, false, NULL},  {OP_PEEK_LAST, false, false, NULL},
    {OP_REMOVE_FIRST, true, true, NSEE}, {OP_REMOVE_LAST, false, true, NSEE},
    {OP_GET_FIRST, true, false, NSEE},   {OP_GET_LAST, false, false, NSEE},
    {OP_POP, false, true, ESE},          {OP_STACK_PEEK, false, false, ESE},
};

/* Operations that look at or remove an end, and empty(); false when [op] is none of them. */
static bool seq_end_op(adt_state *s, adt_op op, client_value *out)
{
    for (size_t i = 0; i < sizeof end_ops / sizeof end_ops[0]; i++)
        if (end_ops[i].op == op) {
            seq_take(s, end_ops[i].front, end_ops[i].take, end_ops[i].empty, out);
            return true;
        }
    if (op != OP_EMPTY) return false;
    r_bool(out, s->count == 0);
    return true;
}

/* Queue, deque and stack methods. */
static bool seq_op(adt_object *obj, adt_op op, const client_value *args, client_value *out)
{
    adt_state *s = &obj->state;
    bool ok = true;
    if (seq_insert_op(s, op, args, out, &ok)) return ok;
    if (seq_end_op(s, op, out)) return true;
    if (op != OP_REMOVE_OBJECT && op != OP_REMOVE_LAST_OCCURRENCE) return false;
    if (is_null(&args[0])) {
        r_throw(out, NPE);
        return true;
    }
    size_t at;
    bool found = find_in_sequence(s, args[0].i, op == OP_REMOVE_LAST_OCCURRENCE, &at);
    if (found) erase_at(s, at, 1);
    r_bool(out, found);
    return true;
}

/* ---- Counter and register -------------------------------------------------------------------- */

/* Adds [d] to the counter with Java's wrap-around; stores the old or new value in [out]. */
static void counter_add(adt_state *s, int64_t d, bool return_new, client_value *out)
{
    int64_t old = s->value;
    s->value = (int64_t)((uint64_t)old + (uint64_t)d);
    r_int(out, return_new ? s->value : old);
}

/* The counter's arithmetic: the amount added (0: the argument), whether the new or the old value
 * is the result, and whether the method is void. */
static const struct {
    adt_op op;
    int delta;
    bool return_new, is_void;
} counter_ops[] = {
    {OP_INCREMENT, 1, true, true},
    {OP_DECREMENT, -1, true, true},
    {OP_ADD, 0, true, true},
    {OP_INCREMENT_AND_GET, 1, true, false},
    {OP_GET_AND_INCREMENT, 1, false, false},
    {OP_DECREMENT_AND_GET, -1, true, false},
    {OP_GET_AND_DECREMENT, -1, false, false},
    {OP_ADD_AND_GET, 0, true, false},
    {OP_GET_AND_ADD, 0, false, false},
};

/* Counter methods (get and the arithmetic ones); false when [op] is none of them. */
static bool counter_op(adt_object *obj, adt_op op, const client_value *args, client_value *out)
{
    adt_state *s = &obj->state;
    if (op == OP_GET_VALUE) {
        r_int(out, s->value);
        return true;
    }
    for (size_t i = 0; i < sizeof counter_ops / sizeof counter_ops[0]; i++) {
        if (counter_ops[i].op != op) continue;
        int64_t d = counter_ops[i].delta ? counter_ops[i].delta : args[0].i;
        counter_add(s, d, counter_ops[i].return_new, out);
        if (counter_ops[i].is_void) r_void(out);
        return true;
    }
    return false;
}

/* True when the register or counter holds the value of argument [a] (null included). */
static bool holds(const adt_state *s, const client_value *a)
{
    if (is_null(a)) return !s->has_value;
    return s->has_value && s->value == a->i;
}

/* Stores the register's value (or null) in [out]. */
static void r_held(const adt_state *s, client_value *out)
{
    if (s->has_value)
        r_int(out, s->value);
    else
        r_null(out);
}

/* Register methods, and set / compareAndSet of a counter. */
static bool register_op(adt_object *obj, adt_op op, const client_value *args, client_value *out)
{
    adt_state *s = &obj->state;
    const client_value *next = &args[0];
    switch (op) {
    case OP_GET_VALUE:
        r_held(s, out);
        return true;
    case OP_SET:
        r_void(out);
        break;
    case OP_GET_AND_SET:
        r_held(s, out);
        break;
    case OP_COMPARE_AND_SET:
        r_bool(out, holds(s, &args[0]));
        if (!out->i) return true;
        next = &args[1];
        break;
    default:
        return false;
    }
    s->has_value = !is_null(next);
    s->value = s->has_value ? next->i : 0;
    return true;
}

bool client_adt_apply(adt_object *obj, adt_op op, const client_value *args, client_value *out)
{
    r_void(out);
    switch (obj->adt) {
    case CLIENT_ADT_SET:
        return (op == OP_SET_ADD || op == OP_SET_REMOVE) ? set_op(obj, op, args, out)
                                                         : collection_op(obj, op, args, out);
    case CLIENT_ADT_MAP:
        return collection_op(obj, op, args, out) || map_op(obj, op, args, out);
    case CLIENT_ADT_QUEUE:
    case CLIENT_ADT_DEQUE:
    case CLIENT_ADT_STACK:
        return collection_op(obj, op, args, out) || seq_op(obj, op, args, out);
    case CLIENT_ADT_COUNTER:
        if (op == OP_SET || op == OP_COMPARE_AND_SET) return register_op(obj, op, args, out);
        return counter_op(obj, op, args, out);
    case CLIENT_ADT_REGISTER:
        return register_op(obj, op, args, out);
    default:
        return false;
    }
}
