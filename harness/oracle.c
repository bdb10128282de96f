/* The implementation oracle: the class under test run sequentially, one invocation at a time,
 * in its own VM (Violat's method for expected outcomes). The client's class runs in oracle mode:
 * Harness.main builds the object and loops reading the next request from a static; the VM runs
 * the main thread until it stands before that read again (a vm_stop predicate), so each
 * invocation runs to completion with no scheduling at all. States are the checker's undo-trail
 * snapshots (restored in stack order, as the linearization search does). The fingerprint is of
 * the object alone: everything reachable from it and from the statics of the initialised
 * classes (the harness's own excepted), with objects numbered in traversal order instead of by
 * their ids, so two orders of the same invocations that build equal structures match. */
#include <stdio.h>
#include <xxhash.h>

#include "harness_private.h"

/* Invocation budget when none is given (branches, calls and returns). */
#define DEFAULT_BUDGET 1000000u

struct harness_oracle {
    vm *machine;
    uint64_t budget;
    bool watch[256];  /* opcodes the stop predicate looks at */
    bool at_request;  /* the last run stopped before the request read */
    vm_bytes ser;     /* the serialisation being hashed */
    uint32_t *number; /* handle -> traversal number, valid where seen == walk */
    uint32_t *seen;
    size_t cap; /* entries of number and seen */
    uint32_t walk;
    uint32_t *queue; /* handles in traversal order */
    size_t queue_len, queue_cap;
};

/* ---- Running --------------------------------------------------------------------------------- */

/* Stop predicate: true before the request read in Harness.serve. */
static bool before_request(void *ctx, const vm *machine, uint32_t thread, const vm_location *at)
{
    (void)machine, (void)thread;
    harness_oracle *o = ctx;
    if (at->opcode != CF_OP_GETSTATIC || strcmp(at->method_name, "serve") ||
        strcmp(at->class_name, HARNESS_CLASS))
        return false;
    o->at_request = true;
    return true;
}

/* Writes why the main thread stopped elsewhere than at the request into [err]. */
static vm_status run_failure(harness_oracle *o, vm_run_result r, vm_error *err)
{
    vm *machine = o->machine;
    char what[2048] = "";
    if (r == VM_RUN_FAILED || machine->failed) {
        *err = machine->error;
        return err->status ? err->status : VM_ERR_UNSUPPORTED;
    }
    if (r == VM_RUN_ENDED && vm_describe_uncaught(machine, 0, what, sizeof what)) {
        char *nl = strchr(what, '\n');
        if (nl) *nl = '\0';
        return harness_fail(err, VM_ERR_BAD_INPUT, "error: the constructor threw %s", what);
    }
    if (r == VM_RUN_BLOCKED) return harness_fail(err, VM_ERR_DEADLOCK, "error: blocks for ever");
    if (r == VM_RUN_STOPPED)
        return harness_fail(err, VM_ERR_LIMIT, "error: does not return within %llu steps",
                            (unsigned long long)o->budget);
    return harness_fail(err, VM_ERR_UNSUPPORTED, "error: the harness ended unexpectedly");
}

/* Runs the main thread until it stands before the next request read. */
static vm_status run_to_request(harness_oracle *o, vm_error *err)
{
    vm *machine = o->machine;
    if (vm_check_broken(machine))
        return harness_fail(err, VM_ERR_UNSUPPORTED,
                            "internal error: a snapshot was restored out of order");
    vm_thread *t = machine->threads[0];
    vm_thread_w(machine, t);
    vm_stop stop = {.budget = o->budget,
                    .watch = o->watch,
                    .before = before_request,
                    .ctx = o,
                    .skip_first = true};
    o->at_request = false;
    vm_run_result r = vm_thread_run(machine, 0, &stop);
    if (r == VM_RUN_STOPPED && o->at_request && !machine->failed) return VM_OK;
    return run_failure(o, r, err);
}

vm_status harness_oracle_new(const vm_options *opts, const harness_vm_client *hc, uint64_t budget,
                             harness_oracle **out, vm_error *err)
{
    *out = NULL;
    harness_oracle *o = base_calloc(1, sizeof *o);
    if (!o) return harness_fail(err, VM_ERR_NOMEM, "error: out of memory");
    o->budget = budget ? budget : DEFAULT_BUDGET;
    o->watch[CF_OP_GETSTATIC] = true;
    vm_check_options check = {.classifier = VM_CLASSIFY_SAFE};
    vm_status st = vm_new(opts, &o->machine, err);
    if (!st) st = harness_start_mode(o->machine, hc, "oracle", err);
    if (!st) st = vm_check_begin(o->machine, &check, err);
    if (!st) st = run_to_request(o, err);
    if (st) {
        harness_oracle_free(o);
        return st;
    }
    *out = o;
    return VM_OK;
}

void harness_oracle_free(harness_oracle *o)
{
    if (!o) return;
    vm_free(o->machine);
    vm_bytes_free(&o->ser);
    base_free(o->number);
    base_free(o->seen);
    base_free(o->queue);
    base_free(o);
}

vm_status harness_oracle_invoke(harness_oracle *o, size_t index, harness_result *out, vm_error *err)
{
    vm *machine = o->machine;
    vm_class *cls = vm_find_loaded(machine, HARNESS_CLASS);
    const vm_field *f = cls ? vm_declared_field(cls, "request") : NULL;
    if (!f || index >= HARNESS_MAX_CALLS)
        return harness_fail(err, VM_ERR_BAD_INPUT, "error: no invocation %zu", index);
    vm_statics_w(machine, cls)[f->offset].i = (int32_t)index;
    vm_status st = run_to_request(o, err);
    if (st) return st;
    if (!harness_read_result(machine, index, out) || out->kind == HARNESS_RESULT_NONE)
        return harness_fail(err, VM_ERR_UNSUPPORTED, "error: invocation %zu left no result", index);
    return VM_OK;
}

/* ---- Snapshots ------------------------------------------------------------------------------- */

por_snapshot *harness_oracle_save(harness_oracle *o)
{
    return vm_check_save(o->machine);
}

bool harness_oracle_restore(harness_oracle *o, const por_snapshot *snap)
{
    return vm_check_restore(o->machine, snap);
}

void harness_oracle_release(harness_oracle *o, por_snapshot *snap)
{
    vm_check_release(o->machine, snap);
}

/* ---- The fingerprint ------------------------------------------------------------------------- */

/* Appends word [v] to the serialisation. */
static void put(harness_oracle *o, uint32_t v)
{
    if (!vm_bytes_append(&o->ser, &v, sizeof v))
        vm_fail(o->machine, VM_ERR_NOMEM, "error: out of memory");
}

/* Makes the handle tables cover every handle of the heap; false when out of memory. */
static bool cover_heap(harness_oracle *o)
{
    size_t need = o->machine->heap.count + 1;
    if (need <= o->cap) return true;
    uint32_t *number = base_realloc(o->number, need * sizeof *number);
    if (number) o->number = number;
    uint32_t *seen = number ? base_realloc(o->seen, need * sizeof *seen) : NULL;
    if (!seen) return false;
    o->seen = seen;
    memset(o->seen + o->cap, 0, (need - o->cap) * sizeof *seen);
    o->cap = need;
    return true;
}

/* Writes reference [h] as its traversal number (0 for null), queueing it when new. */
static void put_ref(harness_oracle *o, uint32_t h)
{
    if (!h) {
        put(o, 0);
        return;
    }
    if (o->seen[h] != o->walk) {
        if (o->queue_len == o->queue_cap) {
            size_t cap = o->queue_cap ? o->queue_cap * 2 : 256;
            uint32_t *q = base_realloc(o->queue, cap * sizeof *q);
            if (!q) {
                vm_fail(o->machine, VM_ERR_NOMEM, "error: out of memory");
                put(o, 0);
                return;
            }
            o->queue = q;
            o->queue_cap = cap;
        }
        o->seen[h] = o->walk;
        o->number[h] = (uint32_t)++o->queue_len;
        o->queue[o->queue_len - 1] = h;
    }
    put(o, o->number[h]);
}

/* Writes [n] slots at [s] whose reference bits are [map] (NULL: none); [skip] is a slot left
 * out (String's cached hash), or UINT32_MAX. */
static void put_slots(harness_oracle *o, const vm_slot *s, uint32_t n, const uint8_t *map,
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
static void put_object(harness_oracle *o, uint32_t h)
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
static void put_classes(harness_oracle *o)
{
    const vm *machine = o->machine;
    for (uint32_t i = 0; i < machine->class_count; i++) {
        const vm_class *cls = machine->classes[i];
        if (cls->init_state == VM_INIT_NONE || !strcmp(cls->name, HARNESS_CLASS)) continue;
        put(o, cls->index);
        put(o, cls->init_state);
        put_slots(o, cls->statics, cls->static_slots, cls->static_ref_map, UINT32_MAX);
    }
    put(o, UINT32_MAX);
}

por_fp harness_oracle_fingerprint(harness_oracle *o)
{
    por_fp fp = {0, 0};
    const vm_slot *served = harness_static(o->machine, "served");
    if (!served || !cover_heap(o)) return fp;
    o->ser.len = 0;
    o->queue_len = 0;
    if (++o->walk == 0) {
        memset(o->seen, 0, o->cap * sizeof *o->seen);
        o->walk = 1;
    }
    put_ref(o, served->ref);
    put_classes(o);
    for (size_t i = 0; i < o->queue_len && !o->machine->failed; i++) put_object(o, o->queue[i]);
    XXH128_hash_t h = XXH3_128bits(o->ser.data, o->ser.len);
    fp.lo = h.low64;
    fp.hi = h.high64;
    return fp;
}
