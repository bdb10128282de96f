/* The heap: objects behind 32-bit handles, deterministic object ids, and a mark-sweep collector
 * that runs only at safe points (before an allocating instruction), tracing objects precisely
 * through their classes' reference maps and thread stacks conservatively. Under the checker the
 * collector is off: undoing an allocation frees the object, and the state serialisation
 * (explore/serialise.c) decides reachability precisely. */
#include <stdio.h>

#include "internal.h"

enum { HEAP_LIMIT_BYTES = 1u << 30, MIN_THRESHOLD = 64u << 20, POOL_BLOCK = 1u << 16 };

static uint32_t mix_hash(uint64_t id)
{
    id ^= id >> 33;
    id *= UINT64_C(0xff51afd7ed558ccd);
    id ^= id >> 33;
    return (uint32_t)id & 0x7fffffff;
}

static bool grow_handles(vm *machine)
{
    vm_heap *heap = &machine->heap;
    uint32_t cap = heap->capacity ? heap->capacity * 2 : 4096;
    vm_object **grown = base_realloc(heap->objects, cap * sizeof *grown);
    if (!grown) return false;
    memset(grown + heap->capacity, 0, (cap - heap->capacity) * sizeof *grown);
    heap->objects = grown;
    heap->capacity = cap;
    if (heap->count == 0) heap->count = 1; /* handle 0 is null */
    return true;
}

void vm_object_set_id(vm_object *o, uint64_t id)
{
    o->id = id;
    o->hash = mix_hash(id);
}

uint32_t vm_identity_hash(vm *machine, uint32_t h)
{
    vm_object *o = vm_obj(machine, h);
    /* undoable: ids.c keeps the counts of hashed objects of earlier steps too, so a flag left by
     * a path backtracked from would make names depend on what was explored before */
    if (!(o->flags & VM_OBJ_HASHED)) vm_obj_w(machine, h)->flags |= VM_OBJ_HASHED;
    return o->hash;
}

/* Stores [o] under a fresh handle; 0 when out of memory. */
static uint32_t add_handle(vm *machine, vm_object *o)
{
    vm_heap *heap = &machine->heap;
    if (heap->free_count) {
        uint32_t h = heap->free_handles[--heap->free_count];
        heap->objects[h] = o;
        return h;
    }
    if (heap->count >= heap->capacity && !grow_handles(machine)) return 0;
    if (heap->count == 0) heap->count = 1;
    heap->objects[heap->count] = o;
    return heap->count++;
}

/* ---- The object pool ------------------------------------------------------------------------ */

/* Carves [size] bytes from the newest pool block, starting a block when it has too few; NULL when
 * out of memory. */
static void *carve(vm_heap *heap, size_t size)
{
    if ((size_t)(heap->pool_end - heap->pool_next) < size) {
        if (!base_array_reserve(&heap->pool_blocks, &heap->pool_block_capacity,
                                heap->pool_block_count + 1, sizeof *heap->pool_blocks))
            return NULL;
        char *block = base_malloc(POOL_BLOCK);
        if (!block) return NULL;
        heap->pool_blocks[heap->pool_block_count++] = block;
        heap->pool_next = block;
        heap->pool_end = block + POOL_BLOCK;
    }
    void *cell = heap->pool_next;
    heap->pool_next += size;
    return cell;
}

/* Returns [size] zeroed bytes for an object: a pool cell outside the checker when [size] fits
 * one, else an allocation of its own; NULL when out of memory. */
static vm_object *new_storage(vm *machine, size_t size)
{
    if (machine->driver.hooks || size > VM_POOL_CLASSES * VM_POOL_GRAIN)
        return base_calloc(1, size);
    vm_heap *heap = &machine->heap;
    size_t c = (size - 1) / VM_POOL_GRAIN;
    vm_object *o = heap->pool_free[c];
    if (o)
        heap->pool_free[c] = *(void **)o;
    else if (!(o = carve(heap, (c + 1) * VM_POOL_GRAIN)))
        return NULL;
    memset(o, 0, size);
    o->pool = (uint8_t)(c + 1);
    return o;
}

/* Frees the storage of object [o]: back to its pool's free list, or to the allocator. */
static void free_storage(vm_heap *heap, vm_object *o)
{
    if (!o->pool) {
        base_free(o);
        return;
    }
    size_t c = o->pool - 1u;
    *(void **)o = heap->pool_free[c];
    heap->pool_free[c] = o;
}

/* True when the [cls] object [t] allocates now is a library object: one of a lock's own classes
 * made inside an atomic library call on a shared receiver (a lock's queue node; not the parts of
 * a lock being constructed, nor what a class initialiser run by the call makes). Such objects
 * count apart, so that whether a thread had to queue for a lock does not change the ids of the
 * objects it allocates afterwards. */
static bool library_allocation(const vm *machine, const vm_thread *t, const vm_class *cls)
{
    if (!cls->atomic_library) return false;
    const vm_frame *call = vm_atomic_call(t);
    if (!call || (call->method->access & CF_ACC_STATIC)) return false;
    uint32_t receiver = t->slots[call->locals].ref;
    return receiver && (machine->heap.objects[receiver]->flags & VM_OBJ_SHARED);
}

/* Allocates a zeroed object of [payload] bytes for [t]; 0 after a fatal error. */
static uint32_t allocate(vm *machine, vm_thread *t, vm_class *cls, size_t payload)
{
    if (machine->heap.bytes + payload > HEAP_LIMIT_BYTES) {
        vm_fail(machine, VM_ERR_LIMIT, "error: the program needs more than %u MiB of heap",
                HEAP_LIMIT_BYTES >> 20);
        return 0;
    }
    vm_object *o = new_storage(machine, sizeof *o + payload);
    uint32_t h = o ? add_handle(machine, o) : 0;
    if (!h) {
        if (o) free_storage(&machine->heap, o);
        vm_fail(machine, VM_ERR_NOMEM, "error: out of memory allocating %s", cls->name);
        return 0;
    }
    o->cls = cls;
    vm_object_set_id(o, !t ? vm_id_of_vm_object(machine->vm_allocations++)
                        : library_allocation(machine, t, cls)
                            ? vm_id_of_library_object(t->id, t->library_allocations++)
                            : vm_id_of_thread_object(t->id, t->allocations++));
    o->epoch = machine->epoch;
    machine->heap.bytes += sizeof *o + payload;
    if (machine->driver.hooks && !machine->driver.hooks->allocated(machine, t, h)) return 0;
    return h;
}

uint32_t vm_new_object(vm *machine, vm_thread *t, vm_class *cls)
{
    uint32_t h = allocate(machine, t, cls, (size_t)cls->instance_slots * sizeof(vm_slot));
    if (h) vm_obj(machine, h)->length = cls->instance_slots;
    return h;
}

uint32_t vm_new_array(vm *machine, vm_thread *t, vm_class *cls, int32_t length)
{
    size_t bytes = (size_t)(uint32_t)length * cls->elem_size;
    uint32_t h = allocate(machine, t, cls, bytes);
    if (h) vm_obj(machine, h)->length = (uint32_t)length;
    return h;
}

#define payload_of vm_payload_bytes

uint32_t vm_clone_object(vm *machine, vm_thread *t, uint32_t h)
{
    vm_object *src = vm_obj(machine, h);
    size_t payload = payload_of(src);
    uint32_t c = allocate(machine, t, src->cls, payload);
    if (!c) return 0;
    vm_object *dst = vm_obj(machine, c);
    src = vm_obj(machine, h);
    dst->length = src->length;
    memcpy(dst + 1, src + 1, payload);
    return c;
}

/* Gives [flags] to [h] and to everything it references that lacks them; through the undo log
 * when [logged], else for good (an object that outlives every undo logs its first change in any
 * epoch). */
static void flag_reachable(vm *machine, uint32_t h, uint8_t flags, bool logged)
{
    vm_object *o = machine->heap.objects[h];
    if (!o || (o->flags & flags) == flags) return;
    if (logged)
        o = vm_obj_w(machine, h);
    else
        o->epoch = 0;
    o->flags |= flags;
    const vm_class *cls = o->cls;
    if (cls->kind == VM_KIND_ARRAY) {
        for (uint32_t i = 0; cls->elem_kind == 'L' && i < o->length; i++)
            if (((uint32_t *)VM_ELEMS(o))[i])
                flag_reachable(machine, ((uint32_t *)VM_ELEMS(o))[i], flags, logged);
        return;
    }
    for (uint32_t i = 0; cls->ref_map && i < o->length; i++)
        if ((cls->ref_map[i / 8] >> (i % 8) & 1) && VM_FIELDS(o)[i].ref)
            flag_reachable(machine, VM_FIELDS(o)[i].ref, flags, logged);
}

void vm_make_constant(vm *machine, uint32_t h)
{
    if (h) flag_reachable(machine, h, VM_OBJ_CONSTANT | VM_OBJ_SHARED, true);
}

void vm_freeze_array(vm *machine, uint32_t h)
{
    if (h) vm_obj_w(machine, h)->flags |= VM_OBJ_CONSTANT | VM_OBJ_SHARED;
}

bool vm_pin(vm *machine, uint32_t h)
{
    vm_heap *heap = &machine->heap;
    if (heap->pin_count == heap->pin_capacity) {
        uint32_t cap = heap->pin_capacity ? heap->pin_capacity * 2 : 1024;
        uint32_t *grown = base_realloc(heap->pins, cap * sizeof *grown);
        if (!grown) return false;
        heap->pins = grown;
        heap->pin_capacity = cap;
    }
    heap->pins[heap->pin_count++] = h;
    flag_reachable(machine, h, VM_OBJ_PINNED | VM_OBJ_SHARED, false);
    return true;
}

/* ---- Collection -------------------------------------------------------------------------------
 */

/* The marking state: a mark byte per handle and a stack of handles still to scan. */
typedef struct marker {
    vm_heap *heap;
    uint8_t *marks;
    uint32_t *stack;
    size_t top, cap;
    bool nomem;
} marker;

static void mark(marker *mk, uint32_t h)
{
    if (!h || h >= mk->heap->count || !mk->heap->objects[h] || mk->marks[h]) return;
    mk->marks[h] = 1;
    if (mk->top == mk->cap) {
        size_t cap = mk->cap ? mk->cap * 2 : 4096;
        uint32_t *grown = base_realloc(mk->stack, cap * sizeof *grown);
        if (!grown) {
            mk->nomem = true;
            return;
        }
        mk->stack = grown;
        mk->cap = cap;
    }
    mk->stack[mk->top++] = h;
}

static void scan_object(marker *mk, const vm_object *o)
{
    const vm_class *cls = o->cls;
    if (cls->kind == VM_KIND_ARRAY) {
        if (cls->elem_kind != 'L') return;
        const uint32_t *elems = VM_ELEMS(o);
        for (uint32_t i = 0; i < o->length; i++) mark(mk, elems[i]);
        return;
    }
    if (!cls->ref_map) return;
    const vm_slot *fields = VM_FIELDS(o);
    for (uint32_t i = 0; i < cls->instance_slots; i++)
        if (cls->ref_map[i / 8] & (1u << (i % 8))) mark(mk, fields[i].ref);
}

static void mark_roots(vm *machine, marker *mk)
{
    for (uint32_t i = 0; i < machine->heap.pin_count; i++) mark(mk, machine->heap.pins[i]);
    for (uint32_t c = 0; c < machine->class_count; c++) {
        const vm_class *cls = machine->classes[c];
        for (uint32_t i = 0; cls->static_ref_map && i < cls->static_slots; i++)
            if (cls->static_ref_map[i / 8] & (1u << (i % 8))) mark(mk, cls->statics[i].ref);
    }
    for (uint32_t i = 0; i < machine->thread_count; i++) {
        const vm_thread *t = machine->threads[i];
        mark(mk, t->object);
        mark(mk, t->exception);
        mark(mk, t->wait_object);
        mark(mk, t->wait_lock);
        uint32_t top = t->depth ? t->frames[t->depth - 1].sp : 0;
        for (uint32_t s = 0; s < top; s++) mark(mk, t->slots[s].ref); /* conservative */
        for (uint32_t f = 0; f < t->depth; f++) mark(mk, t->frames[f].monitor);
    }
}

void vm_heap_release(vm *machine, uint32_t h)
{
    vm_heap *heap = &machine->heap;
    vm_object *o = heap->objects[h];
    heap->bytes -= sizeof *o + payload_of(o);
    free_storage(heap, o);
    heap->objects[h] = NULL;
    if (heap->free_count == heap->free_capacity) {
        uint32_t cap = heap->free_capacity ? heap->free_capacity * 2 : 4096;
        uint32_t *grown = base_realloc(heap->free_handles, cap * sizeof *grown);
        if (!grown) return; /* the handle is simply not reused */
        heap->free_handles = grown;
        heap->free_capacity = cap;
    }
    heap->free_handles[heap->free_count++] = h;
}

static void sweep(vm *machine, const uint8_t *marks)
{
    vm_heap *heap = &machine->heap;
    for (uint32_t h = 1; h < heap->count; h++)
        if (heap->objects[h] && !marks[h]) vm_heap_release(machine, h);
}

void vm_maybe_collect(vm *machine)
{
    vm_heap *heap = &machine->heap;
    /* Checking: garbage goes when backtracking undoes its allocation; snapshots may need it. */
    if (heap->bytes <= heap->threshold || machine->driver.hooks) return;
    marker mk = {.heap = heap, .marks = base_calloc(heap->count + 1, 1)};
    if (!mk.marks) return;
    mark_roots(machine, &mk);
    while (mk.top && !mk.nomem) scan_object(&mk, heap->objects[mk.stack[--mk.top]]);
    if (!mk.nomem) sweep(machine, mk.marks);
    base_free(mk.marks);
    base_free(mk.stack);
    heap->threshold = heap->bytes * 2 > MIN_THRESHOLD ? heap->bytes * 2 : MIN_THRESHOLD;
}

void vm_heap_free(vm *machine)
{
    vm_heap *heap = &machine->heap;
    for (uint32_t h = 1; h < heap->count; h++)
        if (heap->objects[h] && !heap->objects[h]->pool) base_free(heap->objects[h]);
    for (size_t i = 0; i < heap->pool_block_count; i++) base_free(heap->pool_blocks[i]);
    base_free(heap->pool_blocks);
    base_free(heap->objects);
    base_free(heap->free_handles);
    base_free(heap->pins);
    memset(heap, 0, sizeof *heap);
}
