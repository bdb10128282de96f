/* Private to vm/, included by internal.h (include that, not this): the object data model. Slots
 * of instances and arrays follow a vm_object header in memory; handles index the vm's object
 * table (vm_heap). Declares heap.c (allocation, identity, pinning, collection) and strings.c
 * (Java strings, interning, output conversion). Reading an object by handle and the write
 * barriers need the whole vm and are in internal.h. */
#ifndef PORCHECK_VM_OBJECT_H
#define PORCHECK_VM_OBJECT_H

/* ---- Heap ------------------------------------------------------------------------------------ */

/* The header of every heap object; instance fields (slots) or array elements follow it. */
typedef struct vm_object {
    vm_class *cls;         /* the object's class (an array class for arrays) */
    uint32_t length;       /* arrays: element count; instances: field slots */
    uint32_t lock_owner;   /* thread id + 1 holding the monitor, 0 when free */
    uint32_t lock_count;   /* monitor recursion count */
    uint32_t hash;         /* identity hash, derived from [id] */
    uint64_t id;           /* deterministic id: allocating thread and count (objid.h) */
    uint32_t epoch;        /* checking: the trail epoch in which the object was last logged */
    uint8_t flags;         /* VM_OBJ_* */
    uint8_t pool;          /* 1 + the size class of the pool cell it occupies; 0: on its own */
    vm_object_cache cache; /* checking: what the checker caches on it (hooks.h) */
} vm_object;

/* Object flags. */
enum {
    VM_OBJ_PINNED = 1, /* held by the VM for good (mirrors, interned strings): never undone */
    VM_OBJ_SHARED = 2, /* reachable by more than one thread (monotone) */
    /* never written again, nor is anything it references (the model's boxing caches): state
     * fingerprints name it by id and leave it out of the heap walk while no thread locks it */
    VM_OBJ_CONSTANT = 4,
    VM_OBJ_HASHED = 8, /* its identity hash was read: its id (the hash's source) stays */
};

/* Returns the instance-field slots of [o]. */
#define VM_FIELDS(o) ((vm_slot *)((vm_object *)(o) + 1))
/* Returns the array elements of [o]. */
#define VM_ELEMS(o) ((void *)((vm_object *)(o) + 1))

/* The offset of element 0 of every array for the Sync natives (Unsafe.arrayBaseOffset); element
 * i lies at VM_ARRAY_BASE + i * the array class's elem_size (Unsafe.arrayIndexScale). */
#define VM_ARRAY_BASE 16

/* Decodes the offset [offset] a Sync native is given for object [o] into the field id labels
 * use: the field slot of an instance, the element index of an array; -1 when it addresses no
 * field slot or element of [o] (natives_sync.c; the one decoder, the checker's labels and
 * traces call it too). */
int64_t vm_sync_field(const vm_object *o, int64_t offset);

/* Static offsets (Sync.staticFieldOffset) are VM_STATIC_BASE + the field's slot in its class's
 * statics, and go with the class's java.lang.Class object. */
#define VM_STATIC_BASE ((int64_t)1 << 40)

/* Decodes a Sync native's object [o] and [offset] as a static field: the class whose statics
 * hold it, its slot in [*slot]; NULL when [o] is no Class or [offset] no static offset of it. */
vm_class *vm_sync_static(const vm *machine, const vm_object *o, int64_t offset, uint32_t *slot);

/* Size classes of the object pool: cells of 16, 32, ... bytes up to VM_POOL_CLASSES * 16. */
enum { VM_POOL_GRAIN = 16, VM_POOL_CLASSES = 64 };

/* The object table: handles index [objects]; handle 0 is null. Outside the checker, small objects
 * live in pool cells (heap.c), carved from large blocks and reused through a free list per size
 * class, rather than each in an allocation of its own. */
typedef struct vm_heap {
    vm_object **objects; /* handle -> object, NULL for a free handle */
    uint32_t count;      /* handles 1..count-1 have been handed out */
    uint32_t capacity;
    uint32_t *free_handles; /* handles to reuse, a stack */
    uint32_t free_count, free_capacity;
    size_t bytes;     /* payload bytes of live objects */
    size_t threshold; /* collect at the next safe point when bytes exceed it */
    uint32_t *pins;   /* handles the VM holds from C (interned strings, call sites) */
    uint32_t pin_count, pin_capacity;
    void *pool_free[VM_POOL_CLASSES]; /* free cells by size class, linked by their first word */
    char *pool_next, *pool_end;       /* the part of the newest block not carved yet */
    void **pool_blocks;               /* every block, freed with the heap */
    size_t pool_block_count, pool_block_capacity;
} vm_heap;

/* ---- heap.c ------------------------------------------------------------------------------------
 */

/* Allocates an instance of [cls] for thread [t] (whose allocation count gives its id); 0 when the
 * heap limit is reached (a fatal error is recorded). */
uint32_t vm_new_object(vm *machine, vm_thread *t, vm_class *cls);

/* Allocates an array of [length] elements of array class [cls]; 0 on failure (fatal). */
uint32_t vm_new_array(vm *machine, vm_thread *t, vm_class *cls, int32_t length);

/* Calls [visit] on every reference field or element of object [o] (null ones included). */
static inline void vm_each_ref(vm *machine, const vm_object *o, void (*visit)(vm *, uint32_t))
{
    const vm_class *cls = o->cls;
    if (cls->kind == VM_KIND_ARRAY) {
        for (uint32_t i = 0; cls->elem_kind == 'L' && i < o->length; i++)
            visit(machine, ((const uint32_t *)VM_ELEMS(o))[i]);
        return;
    }
    for (uint32_t i = 0; cls->ref_map && i < o->length; i++)
        if (cls->ref_map[i / 8] >> (i % 8) & 1) visit(machine, VM_FIELDS(o)[i].ref);
}

/* Calls [visit] on every reference static of class [cls] (null ones included). */
static inline void vm_each_static_ref(vm *machine, const vm_class *cls,
                                      void (*visit)(vm *, uint32_t))
{
    for (uint32_t s = 0; cls->static_ref_map && s < cls->static_slots; s++)
        if (cls->static_ref_map[s / 8] >> (s % 8) & 1) visit(machine, cls->statics[s].ref);
}

/* Copies object [h] (a shallow clone); 0 on failure. */
uint32_t vm_clone_object(vm *machine, vm_thread *t, uint32_t h);

/* Gives object [o] the deterministic id [id] and the identity hash derived from it. */
void vm_object_set_id(vm_object *o, uint64_t id);

/* Returns the identity hash of object [h], fixing its id for good (VM_OBJ_HASHED). */
uint32_t vm_identity_hash(vm *machine, uint32_t h);

/* Keeps [h] alive for the lifetime of the vm; false when out of memory. */
bool vm_pin(vm *machine, uint32_t h);

/* Marks [h] and everything it references constant (VM_OBJ_CONSTANT) and shared, undoably. */
void vm_make_constant(vm *machine, uint32_t h);

/* Marks array [h] alone constant and shared, undoably: its elements never change again, and the
 * objects they reference keep their own flags (so each must be reachable another way). */
void vm_freeze_array(vm *machine, uint32_t h);

/* Collects garbage if the allocation threshold was crossed; every live reference must be in a
 * thread's saved frames, a static, a pinned handle or another live object. */
void vm_maybe_collect(vm *machine);

/* Frees object [h] and makes its handle reusable. */
void vm_heap_release(vm *machine, uint32_t h);

/* Returns the bytes of [o]'s elements or fields. */
static inline size_t vm_payload_bytes(const vm_object *o)
{
    if (o->cls->kind == VM_KIND_ARRAY) return (size_t)o->length * o->cls->elem_size;
    return (size_t)o->length * sizeof(vm_slot);
}

/* Frees every object. */
void vm_heap_free(vm *machine);

/* ---- strings.c ---------------------------------------------------------------------------------
 */

/* Creates a String from [len] UTF-16 [units]; 0 on failure. */
uint32_t vm_new_string16(vm *machine, vm_thread *t, const uint16_t *units, size_t len);

/* Creates a String from NUL-terminated modified UTF-8 (or plain ASCII/UTF-8) [s]; 0 on failure. */
uint32_t vm_new_string(vm *machine, vm_thread *t, const char *s);

/* Returns the interned String equal to modified-UTF-8 [s] of [len] bytes; 0 on failure. */
uint32_t vm_intern_utf8(vm *machine, const char *s, size_t len);

/* Returns the interned String equal to String [h]; 0 on failure. */
uint32_t vm_intern_string(vm *machine, uint32_t h);

/* Points [*units] at the characters of String [h] and returns their count. */
size_t vm_string_chars(const vm *machine, uint32_t h, const uint16_t **units);

/* Converts [len] UTF-16 [units] to UTF-8 in [buf] of [cap] bytes (NUL-terminated); returns the
 * bytes written. */
size_t vm_utf16_to_utf8(const uint16_t *units, size_t len, char *buf, size_t cap);

/* Writes String [h] as UTF-8 into [buf] of [cap] bytes (truncating); returns [buf]. */
char *vm_string_utf8(const vm *machine, uint32_t h, char *buf, size_t cap);

#endif
