/* The canonical state serialisation and its fingerprint. A state is serialised as: the globals
 * (exit status, clock, the output of the path), the pending notifications, every initialised
 * class in class order (state and statics), every live thread in id order (status, why it is
 * parked, what it waits for, its frames with method, pc, monitor, and their locals and operand
 * stacks typed by typemap.c), then every object reachable from those roots in traversal order
 * (id, class, shared flag, monitor, fields or elements). References are written as the referenced
 * object's deterministic id, so the serialisation is a function of the reachable state alone:
 * garbage, handle numbers and the order in which threads allocated do not appear, and different
 * states differ in some written word. The id of an object is part of its state because labels
 * (and so the dependencies the searches compute across state matches) name objects by id.
 * Unusable slots are written as 0, and String's cached hash is left out (a function of the
 * characters).
 *
 * Fingerprints. Exact mode hashes the whole serialisation with XXH3-128 and keeps every
 * serialisation in a table, giving a colliding different state another fingerprint. Otherwise
 * the fingerprint is incremental: each component (the globals, a class, a thread, a reachable
 * object) is serialised on its own, with the same words as above, and hashed; the fingerprint is
 * the XXH3-128 of the sum (mod 2^128) of the component hashes, each of which names its component
 * (class index, thread id, object id). A component's hash is cached with the trail epoch in
 * which it last changed (objects keep it in their header, so undoing a change restores the
 * matching hash too), and the fingerprint starts a new epoch, so a cached hash is used exactly
 * while its component is unchanged. Only the reachability walk is redone for every state. */
#include <stdio.h>
#include <xxhash.h>

#include "check.h"

/* ---- Writing words --------------------------------------------------------------------------- */

/* Makes room for [words] more words in the serialisation; false (a fatal error) when out of
 * memory. The writers below assume the room was made. */
static bool reserve(vm *machine, size_t words)
{
    if (vm_bytes_reserve(&machine->check->ser, words * 4)) return true;
    return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory (state serialisation)");
}

static inline void put32(vm *machine, uint32_t v)
{
    vm_bytes *b = &machine->check->ser;
    memcpy(b->data + b->len, &v, sizeof v);
    b->len += sizeof v;
}

static inline void put64(vm *machine, uint64_t v)
{
    put32(machine, (uint32_t)v);
    put32(machine, (uint32_t)(v >> 32));
}

/* Writes [len] bytes at [p], padded with zeros to whole words. */
static void put_bytes(vm *machine, const void *p, size_t len)
{
    if (!reserve(machine, len / 4 + 2)) return;
    put32(machine, (uint32_t)len);
    vm_bytes *b = &machine->check->ser;
    size_t padded = (len + 3) & ~(size_t)3;
    if (len) memcpy(b->data + b->len, p, len);
    memset(b->data + b->len + len, 0, padded - len);
    b->len += padded;
}

/* How put_ref handles the object it references. */
enum { PUT_QUEUE, PUT_ID_ONLY, PUT_COLLECT };

/* Appends [h] to the collected references; false (a fatal error) when out of memory. */
static bool collect_ref(vm *machine, uint32_t h)
{
    vm_check *c = machine->check;
    if (c->refs_len == c->refs_cap) {
        size_t cap = c->refs_cap ? c->refs_cap * 2 : 256;
        uint32_t *grown = base_realloc(c->refs, cap * sizeof *grown);
        if (!grown) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory");
        c->refs = grown;
        c->refs_cap = cap;
    }
    c->refs[c->refs_len++] = h;
    return true;
}

/* Queues object [h] for the walk unless it was reached already. */
static void queue(vm *machine, uint32_t h)
{
    vm_check *c = machine->check;
    vm_object *o = h ? machine->heap.objects[h] : NULL;
    if (!o || o->mark == c->mark_epoch) return;
    o->mark = c->mark_epoch;
    if (c->stack_cap <= machine->heap.count) {
        size_t cap = machine->heap.capacity;
        uint32_t *grown = base_realloc(c->stack, cap * sizeof *grown);
        if (!grown) {
            vm_fail(machine, VM_ERR_NOMEM, "error: out of memory");
            return;
        }
        c->stack = grown;
        c->stack_cap = cap;
    }
    c->stack[c->stack_len++] = h;
}

/* Writes a reference: the referenced object's id (0 for null); queues or collects the object. */
static void put_ref(vm *machine, uint32_t h)
{
    if (!h) {
        put64(machine, 0);
        return;
    }
    put64(machine, vm_obj(machine, h)->id);
    uint8_t mode = machine->check->put_mode;
    if (mode == PUT_QUEUE)
        queue(machine, h);
    else if (mode == PUT_COLLECT)
        collect_ref(machine, h);
}

/* Writes slot [v] of type [type] (a VM_TYPE_*). */
static void put_slot(vm *machine, vm_slot v, uint8_t type)
{
    if (type == VM_TYPE_REF)
        put_ref(machine, v.ref);
    else
        put32(machine, type == VM_TYPE_VALUE ? (uint32_t)v.i : 0);
}

/* ---- Roots ----------------------------------------------------------------------------------- */

static void put_globals(vm *machine)
{
    vm_check *c = machine->check;
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

/* Writes [n] slots at [s] whose reference bits are [map] (NULL: none). */
static void put_mapped(vm *machine, const vm_slot *s, uint32_t n, const uint8_t *map)
{
    for (uint32_t i = 0; i < n; i++)
        put_slot(machine, s[i], map && (map[i / 8] >> (i % 8) & 1) ? VM_TYPE_REF : VM_TYPE_VALUE);
}

/* True when [cls] is part of the state. Without statics and with no initialiser of its own,
 * being initialised changes nothing a program can observe (and is no scheduling point, see
 * sched.c). */
static bool class_counts(const vm_class *cls)
{
    return cls->init_state != VM_INIT_NONE && !(!cls->static_slots && cls->owned_clinit);
}

/* Writes class [cls]: index, initialisation state, statics. */
static void put_class(vm *machine, const vm_class *cls)
{
    if (!reserve(machine, 3 + 2 * (size_t)cls->static_slots)) return;
    put32(machine, cls->index);
    put32(machine, cls->init_state);
    put32(machine, cls->init_state == VM_INIT_RUNNING ? cls->init_thread : 0);
    put_mapped(machine, cls->statics, cls->static_slots, cls->static_ref_map);
}

/* Writes every class that counts, in class order. */
static void put_classes(vm *machine)
{
    for (uint32_t i = 0; i < machine->class_count; i++)
        if (class_counts(machine->classes[i])) put_class(machine, machine->classes[i]);
    if (reserve(machine, 1)) put32(machine, UINT32_MAX);
}

/* Writes frame [d] of [t]: its identity, then its locals and operand stack by slot type. */
static bool put_frame(vm *machine, const vm_thread *t, uint32_t d)
{
    const vm_frame *f = &t->frames[d];
    if (!reserve(machine, 6)) return false;
    put32(machine, f->method->id);
    put32(machine, f->pc);
    put32(machine, (uint32_t)f->flags << 8 | f->advance);
    put_ref(machine, f->monitor);
    const uint8_t *types;
    uint32_t height;
    if (!vm_typemap_at(machine, f->method, f->pc, &types, &height)) return false;
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
    for (uint32_t i = 0; i < ml; i++) put_slot(machine, t->slots[f->locals + i], types[i]);
    put32(machine, height);
    for (uint32_t i = 0; i < height; i++)
        put_slot(machine, t->slots[f->locals + ml + i], types[ml + i]);
    return true;
}

/* Writes thread [t]: status, park, what it waits for, its frames. */
static bool put_thread(vm *machine, const vm_thread *t)
{
    if (!reserve(machine, 16)) return false;
    put32(machine, t->id);
    put32(machine, (uint32_t)t->state << 8 | t->park);
    put32(machine, (uint32_t)t->notified | t->permit << 1 | t->parked << 2 | t->uncaught << 3);
    put_ref(machine, t->object);
    put_ref(machine, t->exception);
    put_ref(machine, t->wait_object);
    put_ref(machine, t->wait_lock);
    put32(machine, t->saved_count);
    put32(machine, t->join_thread);
    put32(machine, t->wait_class ? t->wait_class->index + 1 : 0);
    put32(machine, t->depth);
    for (uint32_t d = 0; d < t->depth; d++)
        if (!put_frame(machine, t, d)) return false;
    return true;
}

/* ---- The heap -------------------------------------------------------------------------------- */

static void put_object(vm *machine, uint32_t h)
{
    const vm_object *o = vm_obj(machine, h);
    const vm_class *cls = o->cls;
    if (!reserve(machine, 6 + 2 * (size_t)o->length)) return;
    put64(machine, o->id);
    put32(machine, cls->index);
    put32(machine, (o->flags & VM_OBJ_SHARED) | o->lock_owner << 8);
    put32(machine, o->lock_count);
    put32(machine, o->length);
    if (cls->kind == VM_KIND_ARRAY && cls->elem_kind == 'L') {
        const uint32_t *e = VM_ELEMS(o);
        for (uint32_t i = 0; i < o->length; i++) put_ref(machine, e[i]);
    } else if (cls->kind == VM_KIND_ARRAY) {
        put_bytes(machine, VM_ELEMS(o), vm_payload_bytes(o));
    } else if (cls == machine->known.string) {
        vm_slot s[64];
        uint32_t n = o->length < 64 ? o->length : 64;
        memcpy(s, VM_FIELDS(o), n * sizeof *s);
        s[machine->off.string_hash].i = 0;
        put_mapped(machine, s, n, cls->ref_map);
    } else {
        put_mapped(machine, VM_FIELDS(o), o->length, cls->ref_map);
    }
}

/* Starts a walk: fresh marks, an empty queue. */
static bool begin_walk(vm *machine)
{
    vm_check *c = machine->check;
    c->ser.len = 0;
    c->stack_len = 0;
    if (++c->mark_epoch == 0) { /* after 2^32 walks: start the marks again */
        for (uint32_t h = 1; h < machine->heap.count; h++)
            if (machine->heap.objects[h]) machine->heap.objects[h]->mark = 0;
        c->mark_epoch = 1;
    }
    return true;
}

bool vm_state_serialize(vm *machine)
{
    vm_check *c = machine->check;
    if (!begin_walk(machine) || !reserve(machine, 1)) return false;
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

/* ---- The incremental fingerprint ------------------------------------------------------------- */

/* A 128-bit sum of component hashes. */
typedef struct fp_sum {
    uint64_t lo, hi;
} fp_sum;

/* Adds component hash [fh] to [s]. */
static void sum_add(fp_sum *s, const uint64_t fh[2])
{
    uint64_t lo = s->lo + fh[0];
    s->hi += fh[1] + (lo < s->lo);
    s->lo = lo;
}

/* Hashes the words written since [start] into [fh]. */
static void hash_since(vm *machine, size_t start, uint64_t fh[2])
{
    const vm_bytes *b = &machine->check->ser;
    XXH128_hash_t h = XXH3_128bits(b->data + start, b->len - start);
    fh[0] = h.low64;
    fh[1] = h.high64;
}

/* Adds the hash of the globals (cached) and queues the objects waited on. */
static void add_globals(vm *machine, fp_sum *sum)
{
    vm_check *c = machine->check;
    if (c->globals_stamp != machine->globals_epoch + 1) {
        c->ser.len = 0;
        c->put_mode = PUT_ID_ONLY;
        if (!reserve(machine, 1)) return;
        put32(machine, 0x70637331);
        put_globals(machine);
        hash_since(machine, 0, c->globals_fh);
        c->globals_stamp = machine->globals_epoch + 1;
    }
    sum_add(sum, c->globals_fh);
    for (uint32_t g = 0; g < machine->notify_count; g++) queue(machine, machine->notify[g].cond);
}

/* Sums the hash of every class that counts (each cached) into [sum] and collects the objects
 * their statics reference. */
static void sum_classes(vm *machine, fp_sum *sum)
{
    vm_check *c = machine->check;
    for (uint32_t i = 0; i < machine->class_count && !machine->failed; i++) {
        vm_class *cls = machine->classes[i];
        if (!class_counts(cls)) continue;
        if (cls->fh_stamp != cls->statics_epoch + 1 || cls->fh_init != cls->init_state ||
            cls->fh_init_thread != cls->init_thread) {
            c->ser.len = 0;
            c->put_mode = PUT_ID_ONLY;
            put_class(machine, cls);
            hash_since(machine, 0, cls->fh);
            cls->fh_stamp = cls->statics_epoch + 1;
            cls->fh_init = cls->init_state;
            cls->fh_init_thread = cls->init_thread;
        }
        sum_add(sum, cls->fh);
        for (uint32_t k = 0; cls->static_ref_map && k < cls->static_slots; k++)
            if ((cls->static_ref_map[k / 8] >> (k % 8) & 1) && cls->statics[k].ref)
                collect_ref(machine, cls->statics[k].ref);
    }
}

/* Keeps [refs] as the references of cache [th]; false when out of memory. */
static bool keep_refs(vm *machine, vm_thread_hash *th, const uint32_t *refs, size_t n)
{
    if (th->refs_cap < n) {
        uint32_t *grown = base_realloc(th->refs, n * sizeof *grown);
        if (!grown) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory");
        th->refs = grown;
        th->refs_cap = n;
    }
    if (n) memcpy(th->refs, refs, n * sizeof *th->refs);
    th->refs_len = n;
    return true;
}

/* Adds the classes (their summed hash cached until any class changes) and queues what their
 * statics reference. */
static void add_classes(vm *machine, fp_sum *sum)
{
    vm_check *c = machine->check;
    vm_thread_hash *cl = &c->classes;
    if (cl->stamp != machine->classes_epoch + 1) {
        fp_sum s = {0, 0};
        c->refs_len = 0;
        sum_classes(machine, &s);
        if (!keep_refs(machine, cl, c->refs, c->refs_len)) return;
        cl->fh[0] = s.lo;
        cl->fh[1] = s.hi;
        cl->stamp = machine->classes_epoch + 1;
    }
    sum_add(sum, cl->fh);
    for (size_t k = 0; k < cl->refs_len; k++) queue(machine, cl->refs[k]);
}

/* Recomputes the cached hash of [t] and the references it holds. */
static bool rehash_thread(vm *machine, const vm_thread *t, vm_thread_hash *th)
{
    vm_check *c = machine->check;
    c->ser.len = 0;
    c->refs_len = 0;
    c->put_mode = PUT_COLLECT;
    if (!put_thread(machine, t)) return false;
    hash_since(machine, 0, th->fh);
    if (!keep_refs(machine, th, c->refs, c->refs_len)) return false;
    th->stamp = t->epoch + 1;
    return true;
}

/* Adds the hash of every live thread (cached) and queues the objects it references. */
static void add_threads(vm *machine, fp_sum *sum)
{
    vm_check *c = machine->check;
    for (uint32_t i = 0; i < machine->thread_count && !machine->failed; i++) {
        const vm_thread *t = machine->threads[i];
        vm_thread_hash *th = &c->threads[i];
        if (t->state == VM_THREAD_NEW) continue;
        if (th->stamp != t->epoch + 1 && !rehash_thread(machine, t, th)) return;
        sum_add(sum, th->fh);
        for (size_t k = 0; k < th->refs_len; k++) queue(machine, th->refs[k]);
    }
}

/* Queues the objects [o] references. */
static void queue_children(vm *machine, const vm_object *o)
{
    const vm_class *cls = o->cls;
    if (cls->kind == VM_KIND_ARRAY) {
        for (uint32_t i = 0; cls->elem_kind == 'L' && i < o->length; i++)
            queue(machine, ((const uint32_t *)VM_ELEMS(o))[i]);
        return;
    }
    for (uint32_t i = 0; cls->ref_map && i < o->length; i++)
        if (cls->ref_map[i / 8] >> (i % 8) & 1) queue(machine, VM_FIELDS(o)[i].ref);
}

/* Adds the hash of every reachable object (cached in its header). */
static void add_objects(vm *machine, fp_sum *sum)
{
    vm_check *c = machine->check;
    c->put_mode = PUT_ID_ONLY;
    while (c->stack_len && !machine->failed) {
        uint32_t h = c->stack[--c->stack_len];
        vm_object *o = machine->heap.objects[h];
        if (o->fh_stamp != o->epoch + 1) {
            c->ser.len = 0;
            put_object(machine, h);
            hash_since(machine, 0, o->fh);
            o->fh_stamp = o->epoch + 1;
        }
        sum_add(sum, o->fh);
        queue_children(machine, o);
    }
}

/* The incremental fingerprint of the current state. */
static por_fp incremental_fingerprint(vm *machine)
{
    fp_sum sum = {0, 0};
    por_fp fp = {0, 0};
    if (!begin_walk(machine)) return fp;
    add_globals(machine, &sum);
    add_classes(machine, &sum);
    add_threads(machine, &sum);
    add_objects(machine, &sum);
    XXH128_hash_t h = XXH3_128bits(&sum, sizeof sum);
    fp.lo = h.low64;
    fp.hi = h.high64;
    return fp;
}

void vm_state_forget(vm *machine)
{
    vm_check *c = machine->check;
    for (size_t i = 0; i < VM_CHECK_MAX_THREADS; i++) c->threads[i].stamp = 0;
    c->globals_stamp = c->classes.stamp = 0;
}

void vm_state_free(vm *machine)
{
    vm_check *c = machine->check;
    for (size_t i = 0; i < VM_CHECK_MAX_THREADS; i++) base_free(c->threads[i].refs);
    base_free(c->classes.refs);
    base_free(c->refs);
}

/* ---- Fingerprints and the exact table -------------------------------------------------------- */

static por_fp hash_bytes(const vm_bytes *b, uint64_t seed)
{
    XXH128_hash_t h = XXH3_128bits_withSeed(b->data, b->len, seed);
    por_fp fp = {h.low64, h.high64};
    return fp;
}

/* Doubles the exact table; false when out of memory. */
static bool exact_grow(vm_exact *t)
{
    size_t cap = t->mask ? (t->mask + 1) * 2 : 1024;
    vm_exact_entry *e = base_calloc(cap, sizeof *e);
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
static vm_exact_entry *exact_slot(vm_exact *t, por_fp fp)
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
    vm_exact *t = &machine->check->exact;
    if ((t->count + 1) * 2 > t->mask + 1 && !exact_grow(t))
        return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory (exact states)"),
               hash_bytes(b, 0);
    for (uint64_t seed = 0;; seed++) {
        por_fp fp = hash_bytes(b, seed);
        vm_exact_entry *e = exact_slot(t, fp);
        if (e->length) {
            if (e->length == b->len && !memcmp(t->arena.data + e->offset, b->data, b->len))
                return fp;
            continue; /* a collision: another state has this fingerprint */
        }
        if (t->arena.len + b->len > UINT32_MAX || !vm_bytes_append(&t->arena, b->data, b->len)) {
            vm_fail(machine, VM_ERR_NOMEM, "error: out of memory (exact states)");
            return fp;
        }
        *e = (vm_exact_entry){fp, (uint32_t)(t->arena.len - b->len), (uint32_t)b->len};
        t->count++;
        return fp;
    }
}

por_fp vm_state_fingerprint(vm *machine)
{
    por_fp fp = {0, 0};
    if (!machine->check->opts.exact)
        fp = incremental_fingerprint(machine);
    else if (vm_state_serialize(machine))
        fp = exact_fingerprint(machine, &machine->check->ser);
    vm_trail_new_epoch(machine); /* later changes start new epochs: the cached hashes stay exact */
    return fp;
}

void vm_exact_free(vm_exact *table)
{
    base_free(table->entries);
    vm_bytes_free(&table->arena);
    memset(table, 0, sizeof *table);
}
