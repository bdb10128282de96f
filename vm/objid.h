/* Private to vm/: the bit layout of object ids and of the label object ids derived from them, in
 * one place. An object's 64-bit id (vm_object.id) is one of:
 *   - a thread's object: (thread id + 1) << VM_ID_COUNT_BITS | the thread's allocation count;
 *   - an object a thread allocated inside an atomic library call on a shared lock (a JDK lock's
 *     queue node): the same with VM_ID_LIBRARY_BIT, a count of its own;
 *   - an object the VM allocated (no thread): bit 62 | the VM's allocation count;
 *   - a java.lang.Class mirror: bit 63 | the low bits of its class's stable id (a hash of the
 *     name, so that a class has the same mirror id in every vm, whatever the load order).
 * A label names an object in 32 bits: a space (the allocating thread, or one of VM_SPACE_*) above
 * VM_ID_BITS bits of its count. */
#ifndef PORCHECK_VM_OBJID_H
#define PORCHECK_VM_OBJID_H

#include <stdbool.h>
#include <stdint.h>

#include "vm.h"

/* Object-id layout. */
enum { VM_ID_COUNT_BITS = 40 /* bits of a thread's allocation count in an object id */ };
#define VM_ID_MIRROR_BIT (UINT64_C(1) << 63) /* set in the id of a java.lang.Class mirror */
#define VM_ID_VM_BIT (UINT64_C(1) << 62)     /* set in the id of an object the VM allocated */
/* set in the count of a library object (the count below it is the thread's library count) */
#define VM_ID_LIBRARY_BIT (UINT64_C(1) << (VM_ID_COUNT_BITS - 1))

/* Label object-id spaces: thread ids (below VM_MAX_THREADS) allocate ordinary objects. */
enum {
    VM_SPACE_VM = VM_MAX_THREADS,          /* objects the VM allocated (pinned) */
    VM_SPACE_MIRROR = VM_MAX_THREADS + 1,  /* java.lang.Class objects */
    VM_SPACE_STATICS = VM_MAX_THREADS + 2, /* the statics of a class, as one pseudo-object */
    VM_ID_BITS = 26,                       /* bits of the per-space count in a label object id */
};
_Static_assert(VM_SPACE_STATICS < 64, "label spaces take the 32 - VM_ID_BITS high bits");

/* Returns the id of the object thread [thread] allocated as its [count]-th. */
static inline uint64_t vm_id_of_thread_object(uint32_t thread, uint64_t count)
{
    return ((uint64_t)thread + 1) << VM_ID_COUNT_BITS | count;
}

/* Returns the id of the library object thread [thread] allocated with library count [count]. */
static inline uint64_t vm_id_of_library_object(uint32_t thread, uint64_t count)
{
    return ((uint64_t)thread + 1) << VM_ID_COUNT_BITS | VM_ID_LIBRARY_BIT | count;
}

/* True when [id] is a library object's. */
static inline bool vm_id_is_library(uint64_t id)
{
    return (id & (VM_ID_MIRROR_BIT | VM_ID_VM_BIT | VM_ID_LIBRARY_BIT)) == VM_ID_LIBRARY_BIT;
}

/* Returns the id of the object the VM allocated as its [count]-th. */
static inline uint64_t vm_id_of_vm_object(uint64_t count)
{
    return VM_ID_VM_BIT | count;
}

/* Returns the id of an object the VM allocated and names by [hash] of what it stands for (a
 * literal's text, a lambda's class), not by its allocation count: even, so that the object
 * [id] | 1 can name one that belongs to it (a literal's characters). */
static inline uint64_t vm_id_of_named_vm_object(uint64_t hash)
{
    return VM_ID_VM_BIT | (hash & (VM_ID_VM_BIT - 2));
}

/* Returns the id of the mirror of the class with stable id [stable_id]. */
static inline uint64_t vm_id_of_mirror(uint64_t stable_id)
{
    return VM_ID_MIRROR_BIT | (stable_id & (VM_ID_MIRROR_BIT - 1));
}

/* True when [id] is a java.lang.Class mirror's. */
static inline bool vm_id_is_mirror(uint64_t id)
{
    return (id & VM_ID_MIRROR_BIT) != 0;
}

/* True when [id] is the id of an object the VM allocated. */
static inline bool vm_id_is_vm_object(uint64_t id)
{
    return (id & (VM_ID_MIRROR_BIT | VM_ID_VM_BIT)) == VM_ID_VM_BIT;
}

/* The VM's allocation count in [id] of an object the VM allocated. */
static inline uint64_t vm_id_vm_count(uint64_t id)
{
    return id & (VM_ID_VM_BIT - 1);
}

/* The allocating thread in [id] of a thread's object. */
static inline uint32_t vm_id_thread(uint64_t id)
{
    return (uint32_t)((id >> VM_ID_COUNT_BITS) - 1);
}

/* The allocation count in [id] of a thread's object. */
static inline uint64_t vm_id_count(uint64_t id)
{
    return id & ((UINT64_C(1) << VM_ID_COUNT_BITS) - 1);
}

/* Returns the label object id of [count] in [space]. */
static inline uint32_t vm_label_id(uint32_t space, uint64_t count)
{
    return (uint32_t)((uint64_t)space << VM_ID_BITS | (count & ((UINT64_C(1) << VM_ID_BITS) - 1)));
}

/* Returns the label object id of the object with id [id]. */
static inline uint32_t vm_label_of_id(uint64_t id)
{
    if (vm_id_is_mirror(id)) return vm_label_id(VM_SPACE_MIRROR, id);
    if (vm_id_is_vm_object(id)) return vm_label_id(VM_SPACE_VM, vm_id_vm_count(id));
    uint64_t count = vm_id_count(id);
    if (count & VM_ID_LIBRARY_BIT) /* library counts take the upper half of the label's counts */
        count = (count & ((UINT64_C(1) << (VM_ID_BITS - 1)) - 1)) | UINT64_C(1) << (VM_ID_BITS - 1);
    return vm_label_id(vm_id_thread(id) & 63, count);
}

/* Returns one 64-bit key for label location ([object], [field]). */
static inline uint64_t vm_label_location_key(uint32_t object, uint32_t field)
{
    return (uint64_t)object << 32 | field;
}

#endif
