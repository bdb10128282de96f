/* Reusing the counts of garbage objects. An object's id is its allocating thread and a count
 * (heap.c), and states name objects by id, so without care two paths that end with the same
 * reachable heap split when one of them left more garbage behind: a failed compare-and-set loop
 * allocates a second node, and every object the thread allocates afterwards has a count one
 * higher. After a step that allocated, the objects it allocated and that are still reachable get,
 * in allocation order, the lowest counts of their thread that no reachable object and no object
 * that was ever shared holds. Only the thread itself can drop an object no other thread could
 * reach, so which counts are free depends on the thread's own steps, not on how the others
 * interleaved with it; reusing the count of a shared node that another thread unlinked would
 * make the names depend on when that happened, and split more states than it merges.
 *
 * Why this keeps labels sound: an object keeps its id from the end of the step that allocated it
 * to the end of the path (only the step's own objects are renamed, before any label names them),
 * and at two states the searches match, the reachable objects have the same ids. A reused count
 * belongs to a garbage object, which no later transition touches; a label naming it can at worst
 * look dependent on a label naming the new object, which only explores more. An object whose
 * identity hash (derived from its id) was read keeps its count, since the program saw it.
 *
 * Finding what the thread still reaches takes no walk of the whole state: a shared object's
 * fields only lead to shared objects (classify.c exposes what is stored into one), so an object no
 * other thread can reach is reachable at all only from its thread's roots through other such
 * objects, which is the property the classifiers already rest on, or from a static that took it
 * without exposing it: a static final, exposed only when first read, or a static of an invisible
 * class. Taking such an object for garbage gave its count to the next object of the thread, and
 * two live objects one name, which could make two different states one (a missed violation:
 * tests/vm/concurrent/StaticRootAlias.java). So classify.c lists the classes whose statics took
 * a reference so, and the walk starts at [t]'s frames and those statics and stops at shared
 * objects; one pass over the objects [t] allocated on the current path
 * (a log by allocation number: the restored allocation count says how much of it is current) then
 * sorts them. The main thread's counts from before the check are never given out again. */
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* True when object [h] is not null and no other thread can reach it yet. */
static inline bool unshared(const vm *machine, uint32_t h)
{
    return h && !(machine->heap.objects[h]->flags & VM_OBJ_SHARED);
}

/* Marks and queues [h] for the walk when it is unshared and not reached yet. */
static inline void reach(vm *machine, uint32_t h)
{
    explore_check *c = machine->check;
    if (unshared(machine, h) && explore_state_mark(c, h)) explore_state_push(c, h);
}

/* Marks the unshared objects the statics of the classes ids.c was told of hold. */
static void reach_static_roots(vm *machine)
{
    const explore_check *c = machine->check;
    for (size_t i = 0; i < c->static_roots_len; i++)
        vm_each_static_ref(machine, c->static_roots[i], reach);
}

/* Marks every unshared object [t] reaches from its roots, or a static of a class in
 * static_roots reaches, through unshared objects. */
static bool walk_unshared(vm *machine, const vm_thread *t)
{
    explore_check *c = machine->check;
    if (!explore_state_begin_walk(machine) || !explore_state_each_thread_ref(machine, t, reach))
        return false;
    reach_static_roots(machine);
    while (c->stack_len)
        vm_each_ref(machine, machine->heap.objects[c->stack[--c->stack_len]], reach);
    return true;
}

/* Orders counts ascending (qsort). */
static int compare_counts(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Which objects an allocation log lists, and how they are named. */
typedef struct id_log {
    const uint32_t *log; /* handles by allocation number */
    uint64_t from, end;  /* the numbers that count: before [from] the check had not begun */
    bool shared_live;    /* a shared object keeps its count even when unreachable */
    uint64_t (*id_of)(uint32_t thread, uint64_t count); /* the id of count [count] */
} id_log;

/* Sorts the objects of [l], after the walk: the counts that stay taken go to [kept] (earlier
 * steps' objects that are still reached, or shared when [l] says so, and objects whose hash was
 * read), the step's objects (allocation numbers from [first] on, not renamed yet) that are live so
 * go to [moved] as (number - first) << 32 | handle; the rest is garbage. Returns how many moved. */
static size_t split(const vm *machine, const id_log *l, uint64_t first, uint64_t *kept,
                    size_t *kept_len, uint64_t *moved)
{
    const explore_check *c = machine->check;
    size_t n = 0;
    *kept_len = 0;
    for (uint64_t k = l->from; k < l->end; k++) {
        uint32_t h = l->log[k];
        const vm_object *o = machine->heap.objects[h];
        bool live = (l->shared_live && (o->flags & VM_OBJ_SHARED)) || c->marks[h] == c->mark_epoch;
        if (o->flags & VM_OBJ_HASHED || (k < first && live))
            kept[(*kept_len)++] = vm_id_count(o->id) & ~VM_ID_LIBRARY_BIT;
        else if (live)
            moved[n++] = (k - first) << 32 | h; /* a step allocates < 2^32 */
    }
    return n;
}

/* Gives the [n] movable objects ((number - first) << 32 | handle, sorted) the ids [id_of] makes
 * of the lowest counts of [thread] from [next] on not among the sorted [kept]; returns whether
 * any id changed (a count was reused). */
static bool renumber(vm *machine, uint64_t (*id_of)(uint32_t, uint64_t), uint32_t thread,
                     uint64_t next, const uint64_t *kept, size_t kept_len, const uint64_t *moved,
                     size_t n)
{
    size_t k = 0;
    bool changed = false;
    for (size_t i = 0; i < n; i++) {
        while (k < kept_len && kept[k] <= next) next = kept[k++] == next ? next + 1 : next;
        vm_object *o = machine->heap.objects[(uint32_t)moved[i]];
        changed |= o->id != id_of(thread, next);
        vm_object_set_id(o, id_of(thread, next));
        next++;
    }
    return changed;
}

/* Makes room for [n] scratch counts; false (a fatal error) when out of memory. */
static bool room(vm *machine, size_t n)
{
    explore_check *c = machine->check;
    if (c->ids_cap >= n) return true;
    uint64_t *grown = base_realloc(c->ids_buf, n * sizeof *grown);
    if (!grown) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory (object ids)");
    c->ids_buf = grown;
    c->ids_cap = n;
    return true;
}

/* ---- The audit ---------------------------------------------------------------------------------
 *
 * With PORCHECK_AUDIT_IDS set (not to 0) in the environment, as the tests do, every renaming that
 * reuses a count is followed by a walk of the whole state that fails the run when two reachable
 * objects share an id: the fingerprint names objects by id, so that would let two different
 * states pass for one. Only a reused count can do that: fresh counts only grow along a path. */

/* True when the audit is asked for (read once per check). */
static bool audit_wanted(vm *machine)
{
    explore_check *c = machine->check;
    if (!c->audit_ids) {
        const char *v = getenv("PORCHECK_AUDIT_IDS");
        c->audit_ids = v && *v && strcmp(v, "0") ? 2 : 1;
    }
    return c->audit_ids == 2;
}

/* Fails the run when two objects that the whole state's serialisation reached share an id; true
 * when none do. Uses the scratch counts. */
static bool audit(vm *machine)
{
    explore_check *c = machine->check;
    if (!explore_state_serialize(machine) || !room(machine, machine->heap.count)) return false;
    size_t n = 0;
    for (uint32_t h = 1; h < machine->heap.count; h++)
        if (machine->heap.objects[h] && c->marks[h] == c->mark_epoch)
            c->ids_buf[n++] = machine->heap.objects[h]->id;
    qsort(c->ids_buf, n, sizeof *c->ids_buf, compare_counts);
    for (size_t i = 1; i < n; i++)
        if (c->ids_buf[i] == c->ids_buf[i - 1])
            return vm_fail(machine, VM_ERR_UNSUPPORTED,
                           "internal error: two live objects share the id %#llx (object ids)",
                           (unsigned long long)c->ids_buf[i]);
    return true;
}

/* Records [h] as entry [k] of allocation log [*log] of capacity [*cap]. */
static bool note(vm *machine, uint32_t **log, uint64_t *cap, uint64_t k, uint32_t h)
{
    if (k >= *cap) {
        uint64_t grown_cap = k < 64 ? 128 : 2 * k;
        uint32_t *grown = base_realloc(*log, grown_cap * sizeof *grown);
        if (!grown) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory (object ids)");
        *log = grown;
        *cap = grown_cap;
    }
    (*log)[k] = h;
    return true;
}

bool explore_ids_note(vm *machine, const vm_thread *t, uint64_t k, uint32_t h)
{
    explore_check *c = machine->check;
    return note(machine, &c->allocs[t->id], &c->allocs_cap[t->id], k, h);
}

bool explore_ids_note_static_root(vm *machine, const vm_class *cls)
{
    explore_check *c = machine->check;
    for (size_t i = 0; i < c->static_roots_len; i++)
        if (c->static_roots[i] == cls) return true;
    if (c->static_roots_len == c->static_roots_cap) {
        const vm_class **grown = base_grow(c->static_roots, &c->static_roots_cap, sizeof *grown, 8);
        if (!grown) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory (object ids)");
        c->static_roots = grown;
    }
    c->static_roots[c->static_roots_len++] = cls;
    return true;
}

bool explore_ids_note_library(vm *machine, const vm_thread *t, uint64_t k, uint32_t h)
{
    explore_check *c = machine->check;
    return note(machine, &c->library_allocs[t->id], &c->library_allocs_cap[t->id], k, h);
}

/* Renames the objects of [l] that the step of [t] allocated (numbers from [first] on) and that
 * are live, after the walk that marked what is reached. */
static bool compact(vm *machine, const vm_thread *t, const id_log *l, uint64_t first)
{
    explore_check *c = machine->check;
    if (!room(machine, 2 * (size_t)l->end)) return false;
    uint64_t *kept = c->ids_buf, *moved = kept + l->end;
    size_t kept_len, n = split(machine, l, first, kept, &kept_len, moved);
    if (!n) return true;
    qsort(kept, kept_len, sizeof *kept, compare_counts);
    qsort(moved, n, sizeof *moved, compare_counts);
    bool reused = renumber(machine, l->id_of, t->id, l->from, kept, kept_len, moved, n);
    return !reused || !audit_wanted(machine) || audit(machine);
}

bool explore_ids_compact(vm *machine, vm_thread *t, uint64_t first)
{
    if (t->allocations == first) return true;
    explore_check *c = machine->check;
    id_log l = {c->allocs[t->id], t->id ? 0 : c->main_floor, t->allocations, true,
                vm_id_of_thread_object};
    return walk_unshared(machine, t) && compact(machine, t, &l, first);
}

/* ---- Library objects --------------------------------------------------------------------------
 *
 * A JDK lock's queue nodes (vm/heap.c: objects allocated inside an atomic library call on a
 * shared lock) are shared as soon as they are queued, and a lock keeps its last one as the head
 * of its queue: counted like the thread's other objects, every contended call would shift the
 * ids of all that the thread allocates afterwards, and with the ordinary counts never reused, the
 * head's id would tell how often the thread queued. So they count apart, and a new one takes the
 * lowest library count of its thread that no reachable library object holds (a whole-state walk,
 * made only after a step that allocated one). No label names a library object (an atomic call's
 * label names its lock, allocated when the lock was made), so a reused count can only give the
 * fingerprints of two states that differ in nothing but these names the same ids. An object
 * whose identity hash was read keeps its count. */

bool explore_ids_compact_library(vm *machine, vm_thread *t, uint64_t first)
{
    if (t->library_allocations == first) return true;
    explore_check *c = machine->check;
    id_log l = {c->library_allocs[t->id], t->id ? 0 : c->main_library_floor, t->library_allocations,
                false, vm_id_of_library_object};
    /* the serialisation's walk marks every reachable object */
    return explore_state_serialize(machine) && compact(machine, t, &l, first);
}
