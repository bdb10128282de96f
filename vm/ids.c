/* Reusing the counts of garbage objects. An object's id is its allocating thread and a count
 * (heap.c), and states name objects by id, so without care two paths that end with the same
 * reachable heap split when one of them left more garbage behind: a failed compare-and-set loop
 * allocates a second node, and every object the thread allocates afterwards has a count one
 * higher. After a step that allocated, the objects it allocated and that are still reachable get,
 * in allocation order, the lowest counts of their thread that no other reachable object holds.
 * The counts a thread's reachable objects hold are then a function of the state and the step,
 * not of the path.
 *
 * Why this keeps labels sound: an object keeps its id from the end of the step that allocated it
 * to the end of the path (only the step's own objects are renamed, before any label names them),
 * and at two states the searches match, the reachable objects have the same ids. A reused count
 * belongs to a garbage object, which no later transition touches; a label naming it can at worst
 * look dependent on a label naming the new object, which only explores more. An object whose
 * identity hash (derived from its id) was read keeps its count, since the program saw it. */
#include <stdlib.h>

#include "check.h"

enum { COUNT_BITS = 40 };

/* The count part of id [id]. */
static inline uint64_t count_of(uint64_t id)
{
    return id & ((UINT64_C(1) << COUNT_BITS) - 1);
}

/* Orders counts ascending (qsort). */
static int compare_counts(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Splits the reachable objects of thread space [space] into the counts that stay ([kept]) and the
 * handles of the step's movable objects ([moved], by allocation order); returns how many moved. */
static size_t split_reachable(vm *machine, uint64_t space, uint64_t first, uint64_t *kept,
                              size_t *kept_len, uint64_t *moved)
{
    const vm_check *c = machine->check;
    size_t n = 0;
    *kept_len = 0;
    for (size_t i = 0; i < c->refs_len; i++) {
        const vm_object *o = machine->heap.objects[c->refs[i]];
        if (o->id >> COUNT_BITS != space) continue;
        uint64_t count = count_of(o->id);
        if (count < first || (o->flags & VM_OBJ_HASHED))
            kept[(*kept_len)++] = count;
        else
            moved[n++] = (count - first) << 32 | c->refs[i]; /* a step allocates < 2^32 */
    }
    return n;
}

/* Gives the [n] movable objects ((count - first) << 32 | handle, sorted) the lowest counts of [space] not
 * among the sorted [kept]. */
static void renumber(vm *machine, uint64_t space, const uint64_t *kept, size_t kept_len,
                     const uint64_t *moved, size_t n)
{
    uint64_t next = 0;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        while (k < kept_len && kept[k] <= next) next = kept[k++] == next ? next + 1 : next;
        vm_object_set_id(machine->heap.objects[(uint32_t)moved[i]], space << COUNT_BITS | next);
        next++;
    }
}

bool vm_ids_compact(vm *machine, vm_thread *t, uint64_t first)
{
    if (t->allocations == first) return true;
    if (!vm_state_reach(machine)) return false;
    vm_check *c = machine->check;
    uint64_t *kept = base_malloc(2 * (c->refs_len + 1) * sizeof *kept);
    if (!kept) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory (object ids)");
    uint64_t *moved = kept + c->refs_len + 1, space = (uint64_t)t->id + 1;
    size_t kept_len, n = split_reachable(machine, space, first, kept, &kept_len, moved);
    if (n) {
        qsort(kept, kept_len, sizeof *kept, compare_counts);
        qsort(moved, n, sizeof *moved, compare_counts);
        renumber(machine, space, kept, kept_len, moved, n);
    }
    base_free(kept);
    return true;
}
