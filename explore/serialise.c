/* The canonical state serialisation and the exact-states table. A state is serialised as: the
 * globals (exit status, clock, the output of the path), the pending notifications, every
 * initialised class in class order (state and statics), every live thread in id order (status,
 * why it is parked, what it waits for, its frames with method, pc, monitor, and their locals and
 * operand stacks typed by typemap.c), then every object reachable from those roots in traversal
 * order (id, class, shared flag, monitor, fields or elements). References are written as the
 * referenced object's deterministic id, so the serialisation is a function of the reachable state
 * alone: garbage, handle numbers and the order in which threads allocated do not appear, and
 * different states differ in some written word. The id of an object is part of its state because
 * labels (and so the dependencies the searches compute across state matches) name objects by id.
 * Unusable slots are written as 0, and String's cached hash is left out (a function of the
 * characters).
 *
 * Exact mode hashes the whole serialisation with XXH3-128 and keeps every serialisation in a
 * table, giving a colliding different state another fingerprint. The incremental fingerprint
 * (fingerprint.c) hashes the same words component by component (vm_state_hash_*). */
#include <stdio.h>
#include <stdlib.h>
#define XXH_INLINE_ALL /* the component hashes are small: inlined, not called through the library  \
                        */
#include <xxhash.h>

#include "check.h"

/* ---- Writing words --------------------------------------------------------------------------- */

/* Makes room for [words] more words in the serialisation; false (a fatal error) when out of
 * memory. The writers below assume the room was made. */
static inline bool reserve(vm *machine, size_t words)
{
    vm_bytes *b = &machine->check->ser;
    if (VM_LIKELY(b->len + words * 4 <= b->cap) || vm_bytes_reserve(b, words * 4)) return true;
    return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory (state serialisation)");
}

/* Appends word [v] (room made). The buffer is written as words, not bytes, so that the compiler
 * knows the stores leave the buffer's own length and the vm's pointers alone. */
static inline void put32(vm *machine, uint32_t v)
{
    vm_bytes *b = &machine->check->ser;
    *(uint32_t *)(void *)(b->data + b->len) = v;
    b->len += sizeof v;
}

/* Appends [v] as two words, low first (room made). */
static inline void put64(vm *machine, uint64_t v)
{
    vm_bytes *b = &machine->check->ser;
    uint32_t *w = (uint32_t *)(void *)(b->data + b->len);
    w[0] = (uint32_t)v;
    w[1] = (uint32_t)(v >> 32);
    b->len += 2 * sizeof *w;
}

/* Writes [len] bytes at [p], padded with zeros to whole words. */
static void put_bytes(vm *machine, const void *p, size_t len)
{
    if (!reserve(machine, len / 4 + 2)) return;
    put32(machine, (uint32_t)len);
    vm_bytes *b = &machine->check->ser;
    size_t padded = (len + 3) & ~(size_t)3;
    if (padded) /* the last word is zeroed, then the bytes are copied over it: no memset */
        *(uint32_t *)(void *)(b->data + b->len + padded - 4) = 0;
    if (len) memcpy(b->data + b->len, p, len);
    b->len += padded;
}

/* How put_ref handles the object it references. */
enum { PUT_QUEUE, PUT_ID_ONLY, PUT_COLLECT };

/* Makes room for one more collected reference; false (a fatal error) when out of memory. */
static bool grow_refs(vm *machine)
{
    explore_check *c = machine->check;
    uint32_t *grown = base_grow(c->refs, &c->refs_cap, sizeof *grown, 256);
    if (!grown) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory");
    c->refs = grown;
    return true;
}

/* Appends [h] to the collected references; false (a fatal error) when out of memory. */
static inline bool collect_ref(vm *machine, uint32_t h)
{
    explore_check *c = machine->check;
    if (VM_UNLIKELY(c->refs_len == c->refs_cap) && !grow_refs(machine)) return false;
    c->refs[c->refs_len++] = h;
    return true;
}

/* Queues object [h] for the walk unless it was reached already or is left out, noting when it
 * was reached. */
static void queue(vm *machine, uint32_t h)
{
    explore_check *c = machine->check;
    if (explore_state_left_out(machine, h) || !explore_state_mark(c, h)) return;
    c->places[h] = ++c->places_next;
    explore_state_push(c, h);
}

/* Returns how a reference to [h] (not null) is written: the object's id, or, under heap
 * symmetry in a whole serialisation, when the walk first reached it (queued already), so that
 * states that differ only in the names of their objects serialise alike. */
static inline uint64_t ref_name(const vm *machine, uint32_t h, uint8_t mode)
{
    const explore_check *c = machine->check;
    if (mode == PUT_QUEUE && (c->opts.heap_symmetry || c->sym_sample.taking) &&
        !explore_state_left_out(machine, h))
        return c->places[h];
    return machine->heap.objects[h]->id;
}

/* Writes a reference (0 for null); queues or collects the object. */
static inline __attribute__((always_inline)) void put_ref(vm *machine, uint32_t h)
{
    if (!h) {
        put64(machine, 0);
        return;
    }
    uint8_t mode = machine->check->put_mode;
    if (mode == PUT_QUEUE)
        queue(machine, h);
    else if (mode == PUT_COLLECT)
        collect_ref(machine, h);
    put64(machine, ref_name(machine, h, mode));
}

/* Makes room for [n] more collected references; false (a fatal error) when out of memory. */
static inline bool room_refs(vm *machine, size_t n)
{
    explore_check *c = machine->check;
    while (VM_UNLIKELY(c->refs_cap - c->refs_len < n))
        if (!grow_refs(machine)) return false;
    return true;
}

/* Writes slot [v] at [w] as a value, or as a reference when [is_ref] (handled by [mode], room
 * made for a collected one); returns the word after it. */
static inline uint32_t *slot_at(vm *machine, uint32_t *w, vm_slot v, bool is_ref, uint8_t mode)
{
    if (!is_ref) {
        *w = (uint32_t)v.i;
        return w + 1;
    }
    if (v.ref && mode == PUT_COLLECT)
        machine->check->refs[machine->check->refs_len++] = v.ref;
    else if (v.ref && mode == PUT_QUEUE)
        queue(machine, v.ref);
    uint64_t id = v.ref ? ref_name(machine, v.ref, mode) : 0;
    w[0] = (uint32_t)id;
    w[1] = (uint32_t)(id >> 32);
    return w + 2;
}

/* Writes the [n] slots at [s] typed by [types] (VM_TYPE_*; unusable ones as 0) at [w] by [mode] (a
 * constant in each caller, so that it is inlined); returns the word after them. */
static inline __attribute__((always_inline)) uint32_t *
typed_at(vm *machine, uint32_t *w, const vm_slot *s, const uint8_t *types, uint32_t n, uint8_t mode)
{
    for (uint32_t i = 0; i < n; i++) {
        vm_slot v = types[i] == VM_TYPE_TOP ? (vm_slot){.i = 0} : s[i];
        w = slot_at(machine, w, v, types[i] == VM_TYPE_REF, mode);
    }
    return w;
}

/* ---- Roots ----------------------------------------------------------------------------------- */

static void put_globals(vm *machine)
{
    explore_check *c = machine->check;
    if (!reserve(machine, 8 + 4 * (size_t)machine->notify_count)) return;
    put32(machine, machine->exiting);
    put32(machine, (uint32_t)machine->exit_status);
    put64(machine, machine->clock);
    put_bytes(machine, c->out.data, c->out.len);
    put_bytes(machine, c->err.data, c->err.len);
    if (!reserve(machine, 1 + 5 * (size_t)machine->notify_count)) return;
    put32(machine, machine->notify_count);
    for (uint32_t g = 0; g < machine->notify_count; g++) {
        put_ref(machine, machine->notify[g].cond);
        put32(machine, machine->notify[g].count);
        put64(machine, machine->notify[g].mask);
    }
}

/* Writes the [n] slots at [s] whose reference bits are [map] (NULL: none) at [w] by [mode] (a
 * constant in each caller, so that it is inlined); returns the word after them. */
static inline __attribute__((always_inline)) uint32_t *
mapped_at(vm *machine, uint32_t *w, const vm_slot *s, uint32_t n, const uint8_t *map, uint8_t mode)
{
    for (uint32_t i = 0; i < n; i++)
        w = slot_at(machine, w, s[i], map && (map[i / 8] >> (i % 8) & 1), mode);
    return w;
}

/* Writes [n] slots at [s] whose reference bits are [map] (NULL: none), room made. */
static void put_mapped(vm *machine, const vm_slot *s, uint32_t n, const uint8_t *map)
{
    explore_check *c = machine->check;
    uint8_t mode = c->put_mode;
    if (mode == PUT_COLLECT && !room_refs(machine, n)) return;
    uint32_t *w = (uint32_t *)(void *)(c->ser.data + c->ser.len);
    if (mode == PUT_ID_ONLY)
        w = mapped_at(machine, w, s, n, map, PUT_ID_ONLY);
    else if (mode == PUT_QUEUE)
        w = mapped_at(machine, w, s, n, map, PUT_QUEUE);
    else
        w = mapped_at(machine, w, s, n, map, PUT_COLLECT);
    c->ser.len = (size_t)((uint8_t *)w - c->ser.data);
}

/* True when [cls] is part of the state. Without statics and with no initialiser of its own,
 * being initialised changes nothing a program can observe (and is no scheduling point, see
 * sched.c); array and primitive classes have neither, and whether one was created depends on
 * the paths explored before, not on the state. */
bool explore_state_class_counts(const vm_class *cls)
{
    return cls->init_state != VM_INIT_NONE && cls->kind != VM_KIND_ARRAY &&
           cls->kind != VM_KIND_PRIMITIVE && !(!cls->static_slots && cls->owned_clinit);
}

/* Writes class [cls]: stable id, initialisation state, statics. */
static void put_class(vm *machine, const vm_class *cls)
{
    if (!reserve(machine, 4 + 2 * (size_t)cls->static_slots)) return;
    put64(machine, cls->stable_id);
    put32(machine, cls->init_state);
    put32(machine, cls->init_state == VM_INIT_RUNNING ? cls->init_thread : 0);
    put_mapped(machine, cls->statics, cls->static_slots, cls->static_ref_map);
}

/* Orders classes [a] and [b] by stable id (qsort). */
static int by_stable_id(const void *a, const void *b)
{
    uint64_t x = (*(vm_class *const *)a)->stable_id, y = (*(vm_class *const *)b)->stable_id;
    return (x > y) - (x < y);
}

/* Returns the loaded classes ordered by stable id, sorted again when classes were loaded since;
 * NULL (a fatal error) when out of memory. The load order differs between vms (and so between
 * the workers of a parallel search), the stable ids do not. */
static vm_class **classes_in_stable_order(vm *machine)
{
    explore_check *c = machine->check;
    if (c->class_order_count == machine->class_count) return c->class_order;
    vm_class **order = base_realloc(c->class_order, machine->class_count * sizeof *order + 1);
    if (!order) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory"), NULL;
    memcpy(order, machine->classes, machine->class_count * sizeof *order);
    qsort(order, machine->class_count, sizeof *order, by_stable_id);
    c->class_order = order;
    c->class_order_count = machine->class_count;
    return order;
}

/* Writes every class that counts, in stable-id order. */
static void put_classes(vm *machine)
{
    vm_class **order = classes_in_stable_order(machine);
    for (uint32_t i = 0; order && i < machine->class_count; i++)
        if (explore_state_class_counts(order[i])) put_class(machine, order[i]);
    if (reserve(machine, 1)) put32(machine, UINT32_MAX);
}

/* The typed slots of one parked frame: locals then operands, typed by typemap.c. */
typedef struct frame_view {
    const vm_frame *f;
    const vm_slot *slots; /* the frame's local 0 */
    const uint8_t *types; /* a VM_TYPE_* per local, then per operand */
    uint32_t locals, height;
} frame_view;

/* Fills [v] with frame [d] of [t]; false (a fatal error) when the types and the operand stack
 * disagree or the method cannot be typed. */
static bool view_frame(vm *machine, const vm_thread *t, uint32_t d, frame_view *v)
{
    const vm_frame *f = &t->frames[d];
    uint32_t height;
    if (!explore_typemap_at(machine, f->method, f->pc, &v->types, &height)) return false;
    uint32_t ml = f->method->max_locals, end = d + 1 < t->depth ? t->frames[d + 1].locals : f->sp;
    uint32_t physical = end > f->locals + ml ? end - f->locals - ml : 0;
    bool top = d + 1 == t->depth;
    if (top && t->exception)
        height = 0; /* the operands are dropped by the unwinding */
    else if (top ? physical != height : physical > height)
        return vm_fail(machine, VM_ERR_UNSUPPORTED,
                       "internal error: %s.%s pc %u has %u operands, the types say %u",
                       f->method->owner->name, f->method->name, f->pc, physical, height);
    else
        height = physical;
    v->f = f;
    v->slots = t->slots + f->locals;
    v->locals = ml;
    v->height = height;
    return true;
}

/* Writes the [n] references at [refs] (0: null) at [w] by [mode] (a constant in each caller, so
 * that it is inlined; room made for collecting them); returns the word after them. */
static inline __attribute__((always_inline)) uint32_t *
refs_at(vm *machine, uint32_t *w, const uint32_t *refs, size_t n, uint8_t mode)
{
    for (size_t i = 0; i < n; i++) w = slot_at(machine, w, (vm_slot){.ref = refs[i]}, true, mode);
    return w;
}

/* Writes frame [d] of [t] by [mode] (a constant in each caller, so that it is inlined): its
 * identity, then its locals and operand stack by slot type. */
static inline __attribute__((always_inline)) bool put_frame(vm *machine, const vm_thread *t,
                                                            uint32_t d, uint8_t mode)
{
    frame_view v;
    if (!view_frame(machine, t, d, &v)) return false;
    size_t slots = (size_t)v.locals + v.height;
    if (!reserve(machine, 8 + 2 * slots) || (mode == PUT_COLLECT && !room_refs(machine, 1 + slots)))
        return false;
    explore_check *c = machine->check;
    put64(machine, v.f->method->stable_id);
    put32(machine, v.f->pc);
    put32(machine, (uint32_t)v.f->flags << 8 | v.f->advance);
    uint32_t *w = (uint32_t *)(void *)(c->ser.data + c->ser.len);
    w = refs_at(machine, w, &v.f->monitor, 1, mode);
    w = typed_at(machine, w, v.slots, v.types, v.locals, mode);
    *w++ = v.height;
    w = typed_at(machine, w, v.slots + v.locals, v.types + v.locals, v.height, mode);
    c->ser.len = (size_t)((uint8_t *)w - c->ser.data);
    return true;
}

/* Writes the header of thread [t] by [mode] (a constant in each caller, so that it is inlined):
 * status, park, what it waits for, its depth. */
static inline __attribute__((always_inline)) void put_thread_header(vm *machine, const vm_thread *t,
                                                                    uint8_t mode)
{
    if (!reserve(machine, 17) || (mode == PUT_COLLECT && !room_refs(machine, 4))) return;
    explore_check *c = machine->check;
    put32(machine, t->id);
    put32(machine, (uint32_t)t->state << 8 | t->park);
    put32(machine, (uint32_t)t->notified | t->permit << 1 | t->parked << 2 | t->uncaught << 3 |
                       (uint32_t)t->wait_timer << 4);
    const uint32_t refs[4] = {t->object, t->exception, t->wait_object, t->wait_lock};
    uint32_t *w = (uint32_t *)(void *)(c->ser.data + c->ser.len);
    c->ser.len = (size_t)((uint8_t *)refs_at(machine, w, refs, 4, mode) - c->ser.data);
    put32(machine, t->saved_count);
    put32(machine, t->join_thread);
    put64(machine, t->wait_class ? t->wait_class->stable_id : 0);
    put32(machine, t->depth);
}

/* Writes thread [t]: its header, then its frames. */
static bool put_thread(vm *machine, const vm_thread *t)
{
    put_thread_header(machine, t, PUT_QUEUE);
    for (uint32_t d = 0; d < t->depth && !machine->failed; d++)
        if (!put_frame(machine, t, d, PUT_QUEUE)) return false;
    return !machine->failed;
}

/* ---- The heap -------------------------------------------------------------------------------- */

static void put_object(vm *machine, uint32_t h)
{
    const vm_object *o = vm_obj(machine, h);
    const vm_class *cls = o->cls;
    if (!reserve(machine, 7 + 2 * (size_t)o->length)) return;
    /* under heap symmetry its place names it; an object whose identity hash the program read
     * keeps its id (the hash is derived from it) */
    const explore_check *c = machine->check;
    bool nameless = c->put_mode == PUT_QUEUE && (c->opts.heap_symmetry || c->sym_sample.taking) &&
                    !(o->flags & VM_OBJ_HASHED);
    put64(machine, nameless ? 0 : o->id);
    put64(machine, cls->stable_id);
    put32(machine, (o->flags & VM_OBJ_SHARED) | o->lock_owner << 8);
    put32(machine, o->lock_count);
    put32(machine, o->length);
    if (cls->kind == VM_KIND_ARRAY && cls->elem_kind == 'L') {
        const uint32_t *e = VM_ELEMS(o);
        for (uint32_t i = 0; i < o->length; i++) put_ref(machine, e[i]);
    } else if (cls->kind == VM_KIND_ARRAY) {
        put_bytes(machine, VM_ELEMS(o), vm_payload_bytes(o));
    } else if (cls == machine->known.string || cls == machine->known.class_) {
        /* a string's cached hash is left out; a mirror's class index is the load order's */
        vm_slot s[64];
        uint32_t n = o->length < 64 ? o->length : 64;
        memcpy(s, VM_FIELDS(o), n * sizeof *s);
        s[cls == machine->known.string ? machine->off.string_hash : machine->off.class_index].i = 0;
        put_mapped(machine, s, n, cls->ref_map);
    } else {
        put_mapped(machine, VM_FIELDS(o), o->length, cls->ref_map);
    }
}

/* Makes room for a mark and a stack entry per handle; false (a fatal error) when out of memory. */
static bool walk_room(vm *machine)
{
    explore_check *c = machine->check;
    size_t need = machine->heap.capacity;
    if (c->marks_cap < need) {
        uint32_t *marks = base_realloc(c->marks, need * sizeof *marks);
        if (!marks) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory (state walk)");
        memset(marks + c->marks_cap, 0, (need - c->marks_cap) * sizeof *marks);
        c->marks = marks;
        uint32_t *places = base_realloc(c->places, need * sizeof *places);
        if (!places) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory (state walk)");
        c->places = places;
        c->marks_cap = need;
    }
    if (c->stack_cap < need) {
        uint32_t *stack = base_realloc(c->stack, need * sizeof *stack);
        if (!stack) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory (state walk)");
        c->stack = stack;
        c->stack_cap = need;
    }
    return true;
}

bool explore_state_begin_walk_slow(vm *machine)
{
    explore_check *c = machine->check;
    c->ser.len = 0;
    c->stack_len = 0;
    c->places_next = 0;
    if (!walk_room(machine)) return false;
    if (++c->mark_epoch == 0) { /* after 2^32 walks: start the marks again */
        memset(c->marks, 0, c->marks_cap * sizeof *c->marks);
        c->mark_epoch = 1;
    }
    return true;
}

bool explore_state_serialize(vm *machine)
{
    explore_check *c = machine->check;
    if (!explore_state_begin_walk(machine) || !reserve(machine, 1)) return false;
    c->put_mode = PUT_QUEUE;
    put32(machine, 0x70637331); /* "pcs1" */
    put_globals(machine);
    put_classes(machine);
    for (uint32_t i = 0; i < machine->thread_count; i++)
        if (machine->threads[i]->state != VM_THREAD_NEW &&
            !put_thread(machine, machine->threads[i]))
            return false;
    if (!reserve(machine, 1)) return false;
    put32(machine, UINT32_MAX);
    while (c->stack_len && !machine->failed) put_object(machine, c->stack[--c->stack_len]);
    return !machine->failed;
}

bool explore_state_each_thread_ref(vm *machine, const vm_thread *t, void (*visit)(vm *, uint32_t))
{
    const uint32_t header[] = {t->object, t->exception, t->wait_object, t->wait_lock};
    for (size_t i = 0; i < sizeof header / sizeof *header; i++)
        if (header[i]) visit(machine, header[i]);
    const explore_check *c = machine->check;
    for (uint32_t d = 0; d < t->depth; d++) {
        if (!explore_state_frame_refs(machine, t, d)) return false;
        for (size_t i = 0; i < c->refs_len; i++) visit(machine, c->refs[i]);
    }
    return true;
}

/* ---- Component hashes ------------------------------------------------------------------------ */

/* Hashes the words written since the start of the serialisation into [fh]. */
static void hash_written(vm *machine, uint64_t fh[2])
{
    const vm_bytes *b = &machine->check->ser;
    XXH128_hash_t h = XXH3_128bits(b->data, b->len);
    fh[0] = h.low64;
    fh[1] = h.high64;
}

void explore_state_hash_object(vm *machine, uint32_t h, uint64_t fh[2])
{
    explore_check *c = machine->check;
    c->ser.len = 0;
    c->put_mode = PUT_ID_ONLY;
    put_object(machine, h);
    hash_written(machine, fh);
}

bool explore_state_hash_thread_top(vm *machine, const vm_thread *t, uint64_t fh[2])
{
    explore_check *c = machine->check;
    c->ser.len = 0;
    c->refs_len = 0;
    c->put_mode = PUT_COLLECT;
    put_thread_header(machine, t, PUT_COLLECT);
    if (t->depth && !put_frame(machine, t, t->depth - 1, PUT_COLLECT)) return false;
    hash_written(machine, fh);
    return !machine->failed;
}

/* Writes frame [d] of [t] after the words that name it, collecting its references. */
static bool put_named_frame(vm *machine, const vm_thread *t, uint32_t d)
{
    explore_check *c = machine->check;
    c->ser.len = 0;
    c->refs_len = 0;
    c->put_mode = PUT_COLLECT;
    if (!reserve(machine, 2)) return false;
    put32(machine, 0x66000000u | t->id); /* a frame, not an object or a thread header */
    put32(machine, d);
    return put_frame(machine, t, d, PUT_COLLECT) && !machine->failed;
}

bool explore_state_hash_frame(vm *machine, const vm_thread *t, uint32_t d, uint64_t fh[2])
{
    if (!put_named_frame(machine, t, d)) return false;
    hash_written(machine, fh);
    return true;
}

bool explore_state_frame_refs(vm *machine, const vm_thread *t, uint32_t d)
{
    explore_check *c = machine->check;
    frame_view v;
    c->refs_len = 0;
    if (!view_frame(machine, t, d, &v) || !room_refs(machine, 1 + (size_t)v.locals + v.height))
        return false;
    if (v.f->monitor) c->refs[c->refs_len++] = v.f->monitor;
    for (uint32_t i = 0; i < v.locals + v.height; i++)
        if (v.types[i] == VM_TYPE_REF && v.slots[i].ref) c->refs[c->refs_len++] = v.slots[i].ref;
    return true;
}

void explore_state_hash_globals(vm *machine, uint64_t fh[2])
{
    explore_check *c = machine->check;
    c->ser.len = 0;
    c->put_mode = PUT_ID_ONLY;
    if (reserve(machine, 1)) { /* else out of memory: the vm has failed, the hash means nothing */
        put32(machine, 0x70637331);
        put_globals(machine);
    }
    hash_written(machine, fh);
}

void explore_state_hash_class(vm *machine, const vm_class *cls, uint64_t fh[2])
{
    explore_check *c = machine->check;
    c->ser.len = 0;
    c->put_mode = PUT_ID_ONLY;
    put_class(machine, cls);
    hash_written(machine, fh);
}

/* ---- Fingerprints and the exact table -------------------------------------------------------- */

static por_fp hash_bytes(const vm_bytes *b, uint64_t seed)
{
    XXH128_hash_t h = XXH3_128bits_withSeed(b->data, b->len, seed);
    por_fp fp = {h.low64, h.high64};
    return fp;
}

por_fp explore_state_hash_serialisation(vm *machine)
{
    return hash_bytes(&machine->check->ser, 0);
}

/* Doubles the exact table; false when out of memory. */
static bool exact_grow(explore_exact *t)
{
    size_t cap = t->mask ? (t->mask + 1) * 2 : 1024;
    explore_exact_entry *e = base_calloc(cap, sizeof *e);
    if (!e) return false;
    for (size_t i = 0; t->mask && i <= t->mask; i++) {
        if (!t->entries[i].length) continue;
        size_t j = t->entries[i].fp.lo & (cap - 1);
        while (e[j].length) j = (j + 1) & (cap - 1);
        e[j] = t->entries[i];
    }
    base_free(t->entries);
    t->entries = e;
    t->mask = cap - 1;
    return true;
}

/* Returns the slot of [fp] in [t]: its entry, or the empty slot where it goes. */
static explore_exact_entry *exact_slot(explore_exact *t, por_fp fp)
{
    size_t j = fp.lo & t->mask;
    while (t->entries[j].length && (t->entries[j].fp.lo != fp.lo || t->entries[j].fp.hi != fp.hi))
        j = (j + 1) & t->mask;
    return &t->entries[j];
}

/* Exact mode: returns the fingerprint of the serialisation [b], the first one whose entry holds
 * the same bytes or is free (where it is recorded). */
static por_fp exact_fingerprint(vm *machine, const vm_bytes *b)
{
    explore_exact *t = &machine->check->exact;
    if ((t->count + 1) * 2 > t->mask + 1 && !exact_grow(t))
        return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory (exact states)"),
               hash_bytes(b, 0);
    for (uint64_t seed = 0;; seed++) {
        por_fp fp = hash_bytes(b, seed);
        explore_exact_entry *e = exact_slot(t, fp);
        if (e->length) {
            if (e->length == b->len && !memcmp(t->arena.data + e->offset, b->data, b->len))
                return fp;
            continue; /* a collision: another state has this fingerprint */
        }
        if (!vm_bytes_append(&t->arena, b->data, b->len)) {
            vm_fail(machine, VM_ERR_NOMEM, "error: out of memory (exact states)");
            return fp;
        }
        *e = (explore_exact_entry){fp, t->arena.len - b->len, (uint32_t)b->len};
        t->count++;
        return fp;
    }
}

por_fp explore_state_exact_fingerprint(vm *machine)
{
    return exact_fingerprint(machine, &machine->check->ser);
}

void explore_exact_free(explore_exact *table)
{
    base_free(table->entries);
    vm_bytes_free(&table->arena);
    memset(table, 0, sizeof *table);
}
