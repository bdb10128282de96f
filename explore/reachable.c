/* The fingerprint of what one object holds: everything reachable from it and from the statics
 * of the initialised classes, with objects numbered in traversal order instead of by their ids,
 * so two orders of the same operations that build equal structures match (the implementation
 * oracle compares the object under test after different sequences of invocations with it). */
#include <xxhash.h>

#include "check.h"

/* The walk's scratch state, kept on the checker between calls. */
struct explore_reach {
    vm *machine;
    const char *skip; /* a class whose statics are left out, or NULL */
    vm_bytes ser;     /* the serialisation being hashed */
    uint32_t *number; /* handle -> traversal number, valid where seen == walk */
    uint32_t *seen;
    size_t cap; /* entries of number and seen */
    uint32_t walk;
    uint32_t *queue; /* handles in traversal order */
    size_t queue_len, queue_cap;
};

/* Appends word [v] to the serialisation. */
static void put(explore_reach *o, uint32_t v)
{
    if (!vm_bytes_append(&o->ser, &v, sizeof v))
        vm_fail(o->machine, VM_ERR_NOMEM, "error: out of memory");
}

/* Makes the handle tables cover every handle of the heap; false when out of memory. */
static bool cover_heap(explore_reach *o)
{
    size_t need = o->machine->heap.count + 1;
    if (need <= o->cap) return true;
    if (!base_array_resize(&o->number, sizeof *o->number, o->cap, need) ||
        !base_array_resize(&o->seen, sizeof *o->seen, o->cap, need))
        return false;
    o->cap = need;
    return true;
}

/* Writes reference [h] as its traversal number (0 for null), queueing it when new. */
static void put_ref(explore_reach *o, uint32_t h)
{
    if (!h) {
        put(o, 0);
        return;
    }
    if (o->seen[h] != o->walk) {
        if (!base_array_reserve(&o->queue, &o->queue_cap, o->queue_len + 1, sizeof *o->queue)) {
            vm_fail(o->machine, VM_ERR_NOMEM, "error: out of memory");
            put(o, 0);
            return;
        }
        o->seen[h] = o->walk;
        o->number[h] = (uint32_t)++o->queue_len;
        o->queue[o->queue_len - 1] = h;
    }
    put(o, o->number[h]);
}

/* Writes [n] slots at [s] whose reference bits are [map] (NULL: none); [skip] is a slot left
 * out (String's cached hash), or UINT32_MAX. */
static void put_slots(explore_reach *o, const vm_slot *s, uint32_t n, const uint8_t *map,
                      uint32_t skip)
{
    for (uint32_t i = 0; i < n; i++) {
        if (i == skip)
            put(o, 0);
        else if (map && (map[i / 8] >> (i % 8) & 1))
            put_ref(o, s[i].ref);
        else
            put(o, (uint32_t)s[i].i);
    }
}

/* Writes object [h]: class, monitor, length, then its fields or elements. */
static void put_object(explore_reach *o, uint32_t h)
{
    const vm *machine = o->machine;
    const vm_object *obj = vm_obj(machine, h);
    const vm_class *cls = obj->cls;
    put(o, cls->index);
    put(o, obj->lock_owner);
    put(o, obj->lock_count);
    put(o, obj->length);
    if (cls->kind == VM_KIND_ARRAY && cls->elem_kind == 'L') {
        const uint32_t *e = VM_ELEMS(obj);
        for (uint32_t i = 0; i < obj->length; i++) put_ref(o, e[i]);
    } else if (cls->kind == VM_KIND_ARRAY) {
        size_t bytes = vm_payload_bytes(obj);
        if (!vm_bytes_append(&o->ser, VM_ELEMS(obj), bytes))
            vm_fail(o->machine, VM_ERR_NOMEM, "error: out of memory");
    } else {
        uint32_t skip = cls == machine->known.string ? machine->off.string_hash : UINT32_MAX;
        put_slots(o, VM_FIELDS(obj), obj->length, cls->ref_map, skip);
    }
}

/* Writes the initialisation state and statics of every initialised class but the harness's. */
static void put_classes(explore_reach *o)
{
    const vm *machine = o->machine;
    for (uint32_t i = 0; i < machine->class_count; i++) {
        const vm_class *cls = machine->classes[i];
        if (cls->init_state == VM_INIT_NONE || (o->skip && !strcmp(cls->name, o->skip))) continue;
        put(o, cls->index);
        put(o, cls->init_state);
        put_slots(o, cls->statics, cls->static_slots, cls->static_ref_map, UINT32_MAX);
    }
    put(o, UINT32_MAX);
}

por_fp explore_fingerprint_reachable(vm *machine, uint32_t root, const char *skip_class)
{
    por_fp fp = {0, 0};
    explore_check *c = machine->check;
    if (!c->reach && !(c->reach = base_calloc(1, sizeof *c->reach))) return fp;
    explore_reach *o = c->reach;
    o->machine = machine;
    o->skip = skip_class;
    if (!cover_heap(o)) return fp;
    o->ser.len = 0;
    o->queue_len = 0;
    if (++o->walk == 0) {
        memset(o->seen, 0, o->cap * sizeof *o->seen);
        o->walk = 1;
    }
    put_ref(o, root);
    put_classes(o);
    for (size_t i = 0; i < o->queue_len && !machine->failed; i++) put_object(o, o->queue[i]);
    XXH128_hash_t h = XXH3_128bits(o->ser.data, o->ser.len);
    fp.lo = h.low64;
    fp.hi = h.high64;
    return fp;
}

void explore_reach_free(explore_reach *o)
{
    if (!o) return;
    vm_bytes_free(&o->ser);
    base_free(o->number);
    base_free(o->seen);
    base_free(o->queue);
    base_free(o);
}
