/* The check behind the safe classifier's visible set. S-POR assumes that no shared mutable
 * state left invisible is accessed by two threads; this file checks it during the search.
 * Every access to a field or static that the classifier leaves invisible because of the visible
 * set (not because the object is unshared, the field final or the object constant) is noted,
 * and so is every synchronisation native's access to a shared field, static or element (always a
 * scheduling point, it races with invisible plain accesses to the same cell), and every access
 * to an element of a shared array, visible or not (an element's
 * visibility depends on the code that accesses it, so one element may be accessed both ways;
 * a field's depends on its class alone). Notes are keyed by label object, its class and field
 * or index, kept over the whole search (no part of any state, they survive backtracking). As soon
 * as two threads have accessed the same place, one of them writing and at least one invisibly, the
 * pair is a race: it names the classes whose visibility would make the invisible accesses
 * scheduling points, so that the caller can widen the visible set and explore again. The check
 * ignores happens-before (a lock that orders the accesses does not excuse them): it may widen more
 * than needed, never less. */
#include <stdio.h>
#include <string.h>

#include "check.h"

/* Where one noted access was made. */
typedef struct race_site {
    const vm_method *method; /* NULL: no site */
    uint32_t pc;
    uint32_t thread;
    bool visible; /* the access was a scheduling point */
} race_site;

/* What the table knows of one (object, field): for each kind of access (read, write) made
 * visibly or not, the first sites of two different threads. */
typedef struct race_slot {
    uint64_t key;             /* place_key of the label object, its class and field or index */
    race_site sites[2][2][2]; /* [write][visible][k] */
    bool used, reported;
} race_slot;

/* The races found and the access notes behind them (hangs off explore_check). */
struct explore_race_table {
    race_slot *slots; /* open addressing, [mask + 1] */
    size_t mask, count;
    explore_race *found;
    size_t found_count, found_cap;
    struct life_table *lives; /* the life of threads (below) */
};

/* One access about to be noted. */
typedef struct race_access {
    const vm_thread *thread;
    const vm_frame *frame;
    const uint8_t *pc;
    uint32_t object; /* handle, 0 for a static */
    const vm_field *field;
} race_access;

/* Returns the slot of [key] in [tab], claiming an empty one; NULL when out of memory. */
static race_slot *slot_of(explore_race_table *tab, uint64_t key);

/* Doubles [tab]'s slots; false when out of memory. */
static bool grow(explore_race_table *tab)
{
    size_t cap = tab->slots ? (tab->mask + 1) * 2 : 256;
    race_slot *old = tab->slots;
    size_t old_cap = old ? tab->mask + 1 : 0;
    tab->slots = base_calloc(cap, sizeof *tab->slots);
    if (!tab->slots) {
        tab->slots = old;
        return false;
    }
    tab->mask = cap - 1;
    tab->count = 0;
    for (size_t i = 0; i < old_cap; i++)
        if (old[i].used) *slot_of(tab, old[i].key) = old[i];
    base_free(old);
    return true;
}

static race_slot *slot_of(explore_race_table *tab, uint64_t key)
{
    if ((!tab->slots || (tab->count + 1) * 2 > tab->mask + 1) && !grow(tab)) return NULL;
    size_t i = (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 20) & tab->mask;
    while (tab->slots[i].used && tab->slots[i].key != key) i = (i + 1) & tab->mask;
    if (!tab->slots[i].used) {
        tab->slots[i].key = key;
        tab->slots[i].used = true;
        tab->count++;
    }
    return &tab->slots[i];
}

/* Returns a noted site of another thread than [site]'s that conflicts with [site] (a write
 * when [write]): one of them writes and at least one is invisible; [*other_write] says whether
 * that site wrote. NULL: none. */
static const race_site *conflicting(const race_slot *s, const race_site *site, bool write,
                                    bool *other_write)
{
    for (int w = 1; w >= (write ? 0 : 1); w--)
        for (int v = 0; v <= (site->visible ? 0 : 1); v++)
            for (int k = 0; k < 2; k++) {
                const race_site *o = &s->sites[w][v][k];
                if (!o->method || o->thread == site->thread) continue;
                *other_write = w;
                return o;
            }
    return NULL;
}

/* Writes "read by T0 at Cell.get(Cell.java:4)" for [site] into [buf]. */
static void describe_site(const vm *machine, const race_site *site, bool write, char *buf,
                          size_t cap)
{
    char name[128], where[1024];
    explore_thread_name(machine, site->thread, name, sizeof name);
    explore_describe_location(site->method, site->pc, where, sizeof where);
    snprintf(buf, cap, "%s by %s at %s", write ? "written" : "read", name, where);
}

/* Writes what [a] accessed ("Cell.v of Cell#1.0", "static Cell.count", "int[]#1.2[3]") into
 * [buf]; [index] is the array element. */
static void describe_target(const vm *machine, const race_access *a, uint32_t index, char *buf,
                            size_t cap)
{
    char obj[256], owner[256];
    if (a->field) vm_dotted_name(a->field->owner, owner, sizeof owner);
    if (a->field && a->object) {
        explore_describe_object(machine, a->object, obj, sizeof obj);
        snprintf(buf, cap, "%s.%s of %s", owner, a->field->name, obj);
    } else if (a->field) {
        snprintf(buf, cap, "static %s.%s", owner, a->field->name);
    } else {
        explore_describe_object(machine, a->object, obj, sizeof obj);
        snprintf(buf, cap, "%s[%u]", obj, index);
    }
}

/* True when [name] is among the classes of an earlier race of [tab]. */
static bool class_known(const explore_race_table *tab, const char *name)
{
    for (size_t i = 0; i < tab->found_count; i++)
        for (size_t k = 0; k < tab->found[i].class_count; k++)
            if (!strcmp(tab->found[i].classes[k], name)) return true;
    return false;
}

/* Fills [r] with the classes to widen for access [a] at [site] and the other site [other]: the
 * field's owner, or for an array element the classes whose code made the invisible accesses. */
static void race_classes(const race_access *a, const race_site *site, const race_site *other,
                         explore_race *r)
{
    const char *names[2] = {a->field        ? a->field->owner->name
                            : site->visible ? NULL
                                            : site->method->owner->name,
                            a->field || other->visible ? NULL : other->method->owner->name};
    r->class_count = 0;
    for (int k = 0; k < 2; k++)
        if (names[k] && !(k == 1 && names[0] && !strcmp(names[0], names[1])))
            snprintf(r->classes[r->class_count++], sizeof r->classes[0], "%s", names[k]);
}

/* Makes room for one more race in [tab]; false when out of memory. */
static bool race_room(explore_race_table *tab)
{
    if (tab->found_count < tab->found_cap) return true;
    size_t cap = tab->found_cap ? tab->found_cap * 2 : 4;
    explore_race *grown = base_realloc(tab->found, cap * sizeof *grown);
    if (!grown) return false;
    tab->found = grown;
    tab->found_cap = cap;
    return true;
}

/* Records the race between access [a] at [site] (a write when [write]) and [other] (a write
 * when [other_write]); kept only when it names a class no earlier race named. */
static void add_race(vm *machine, const race_access *a, const race_site *site, bool write,
                     const race_site *other, bool other_write, uint32_t index)
{
    explore_race_table *tab = machine->check->races;
    explore_race r;
    race_classes(a, site, other, &r);
    bool news = false;
    for (size_t k = 0; k < r.class_count; k++) news |= !class_known(tab, r.classes[k]);
    if (!news) return;
    if (!race_room(tab)) {
        vm_fail(machine, VM_ERR_NOMEM, "error: out of memory");
        return;
    }
    char target[1024], first[1400], second[1400];
    describe_target(machine, a, index, target, sizeof target);
    describe_site(machine, other, other_write, first, sizeof first);
    describe_site(machine, site, write, second, sizeof second);
    snprintf(r.text, sizeof r.text, "%s: %s, %s", target, first, second);
    tab->found[tab->found_count++] = r;
}

/* Notes access [a] under [key] (a write when [write], a scheduling point when [visible]);
 * [index] names an array element. */
static void note(vm *machine, const race_access *a, uint64_t key, bool write, bool visible,
                 uint32_t index)
{
    explore_check *c = machine->check;
    if (!c->races && !(c->races = base_calloc(1, sizeof *c->races))) {
        vm_fail(machine, VM_ERR_NOMEM, "error: out of memory");
        return;
    }
    race_slot *s = slot_of(c->races, key);
    if (!s) {
        vm_fail(machine, VM_ERR_NOMEM, "error: out of memory");
        return;
    }
    race_site site = {a->frame->method, (uint32_t)(a->pc - a->frame->method->code->code),
                      a->thread->id, visible};
    bool other_write = false;
    const race_site *other = s->reported ? NULL : conflicting(s, &site, write, &other_write);
    if (other) {
        s->reported = true;
        add_race(machine, a, &site, write, other, other_write, index);
    }
    race_site *kept = s->sites[write][visible];
    if (!kept[0].method)
        kept[0] = site;
    else if (!kept[1].method && kept[0].thread != site.thread)
        kept[1] = site;
}

/* The key of a place: label object [object] of class [cls] (a static's owner) and [field] or
 * index. Labels name objects across paths, so one label may name a char[] on one path and an
 * Object[] on another; with the class in the key such accesses are no race (an object's class
 * never changes, so two accesses to one object always share a key). */
static uint64_t place_key(uint32_t object, const vm_class *cls, uint32_t field)
{
    return vm_label_location_key(object, field) ^ cls->stable_id * UINT64_C(0x9E3779B97F4A7C15);
}

void explore_race_note_field(vm *machine, const vm_thread *t, const vm_frame *frame,
                             const uint8_t *pc, uint32_t h, const vm_field *field)
{
    if (explore_sched_alone(machine, t)) return;
    race_access a = {t, frame, pc, h, field};
    uint32_t object = h ? explore_label_object(machine, h) : explore_label_statics(field->owner);
    bool write = *pc == CF_OP_PUTFIELD || *pc == CF_OP_PUTSTATIC;
    const vm_class *cls = h ? vm_obj(machine, h)->cls : field->owner;
    note(machine, &a, place_key(object, cls, field->offset), write, false, 0);
}

void explore_race_note_element(vm *machine, const vm_thread *t, const vm_frame *frame,
                               const uint8_t *pc, uint32_t h, uint32_t index, bool write,
                               bool visible)
{
    if (explore_sched_alone(machine, t)) return;
    race_access a = {t, frame, pc, h, NULL};
    uint32_t object = explore_label_object(machine, h);
    note(machine, &a, place_key(object, vm_obj(machine, h)->cls, index), write, visible, index);
}

/* ---- The life of threads -------------------------------------------------------------------- */

/* What the search saw of the life of one thread (by the label of its Thread object): who
 * started it, whether it ended, and which other threads read its start (isAlive(), a join) or
 * its end (isAlive(), a join by an interrupted thread), with the first such read of each kind. */
typedef struct life_slot {
    uint32_t object;                               /* label of the Thread object; 0: empty */
    uint64_t starters, start_readers, end_readers; /* thread sets */
    bool ended;
    race_site start_read, end_read;
} life_slot;

/* The life notes (hang off the race table). */
typedef struct life_table {
    life_slot *slots; /* open addressing, [mask + 1] */
    size_t mask, count;
} life_table;

/* Returns the slot of [object] in [tab], claiming an empty one; NULL when out of memory. */
static life_slot *life_of(life_table *tab, uint32_t object)
{
    if (!tab->slots || (tab->count + 1) * 2 > tab->mask + 1) {
        size_t cap = tab->slots ? (tab->mask + 1) * 2 : 64;
        life_slot *old = tab->slots, *grown = base_calloc(cap, sizeof *grown);
        if (!grown) return NULL;
        size_t old_cap = old ? tab->mask + 1 : 0;
        tab->slots = grown;
        tab->mask = cap - 1;
        tab->count = 0;
        for (size_t i = 0; i < old_cap; i++)
            if (old[i].object) *life_of(tab, old[i].object) = old[i];
        base_free(old);
    }
    size_t i = (size_t)((object * UINT64_C(0x9E3779B97F4A7C15)) >> 24) & tab->mask;
    while (tab->slots[i].object && tab->slots[i].object != object) i = (i + 1) & tab->mask;
    if (!tab->slots[i].object) {
        tab->slots[i].object = object;
        tab->count++;
    }
    return &tab->slots[i];
}

/* Records the race on the life of the thread of [object] (described by [what]) that [site]'s
 * read makes with [other]: widen java.lang.Thread, once. */
static void add_life_race(vm *machine, uint32_t handle, const char *what, const race_site *site)
{
    explore_race_table *tab = machine->check->races;
    if (class_known(tab, "java/lang/Thread")) return;
    if (!race_room(tab)) {
        vm_fail(machine, VM_ERR_NOMEM, "error: out of memory");
        return;
    }
    explore_race r = {.class_count = 1};
    snprintf(r.classes[0], sizeof r.classes[0], "java/lang/Thread");
    char obj[256], read[1400];
    explore_describe_object(machine, handle, obj, sizeof obj);
    describe_site(machine, site, false, read, sizeof read);
    snprintf(r.text, sizeof r.text, "the life of thread %s: %s, %s", obj, what, read);
    tab->found[tab->found_count++] = r;
}

/* Checks [s] (of the thread of Thread object [handle]) for a read of its start by a thread that
 * did not start it, or of its end by another thread once it ended, in either order. */
static void check_life(vm *machine, const life_slot *s, uint32_t handle)
{
    if (s->starters && (s->start_readers & ~s->starters))
        add_life_race(machine, handle, "started by another thread", &s->start_read);
    else if (s->ended && s->end_readers)
        add_life_race(machine, handle, "ended", &s->end_read);
}

/* Returns the life slot of Thread object [handle], the tables made on first use; NULL (a fatal
 * error) when out of memory. */
static life_slot *life_slot_of(vm *machine, uint32_t handle)
{
    explore_check *c = machine->check;
    if (!c->races && !(c->races = base_calloc(1, sizeof *c->races))) goto nomem;
    if (!c->races->lives && !(c->races->lives = base_calloc(1, sizeof *c->races->lives)))
        goto nomem;
    life_slot *s = life_of(c->races->lives, explore_label_object(machine, handle));
    if (s) return s;
nomem:
    vm_fail(machine, VM_ERR_NOMEM, "error: out of memory");
    return NULL;
}

void explore_race_note_life_read(vm *machine, const vm_thread *t, const vm_frame *frame,
                                 const uint8_t *pc, uint32_t handle, bool start, bool end)
{
    life_slot *s = life_slot_of(machine, handle);
    if (!s) return;
    race_site site = {frame->method, (uint32_t)(pc - frame->method->code->code), t->id, false};
    uint64_t me = UINT64_C(1) << t->id;
    if (start && !s->start_readers) s->start_read = site;
    if (end && !s->end_readers) s->end_read = site;
    if (start) s->start_readers |= me;
    if (end) s->end_readers |= me;
    check_life(machine, s, handle);
}

void explore_race_note_life_write(vm *machine, const vm_thread *t, uint32_t handle, bool start)
{
    life_slot *s = life_slot_of(machine, handle);
    if (!s) return;
    if (start)
        s->starters |= UINT64_C(1) << t->id;
    else
        s->ended = true;
    check_life(machine, s, handle);
}

/* Moves [*frame] and [*pc], the top frame of [t] and where it calls a synchronisation native,
 * out of porcheck's model of VarHandle (java.lang.invoke): a race names the code that used the
 * handle (ConcurrentLinkedQueue.casNext), not the handle's insides. */
static void handle_user(const vm_thread *t, const vm_frame **frame, const uint8_t **pc)
{
    uint32_t d = t->depth;
    while (d >= 2 && !strncmp(t->frames[d - 1].method->owner->name, "java/lang/invoke/", 17)) d--;
    if (d == t->depth || !t->frames[d - 1].method->code) return;
    *frame = &t->frames[d - 1];
    *pc = (*frame)->method->code->code + (*frame)->pc;
}

void explore_race_note_sync(vm *machine, const vm_thread *t, const vm_frame *frame,
                            const uint8_t *pc, const vm_method *m, const vm_slot *args)
{
    if (explore_sched_alone(machine, t) || !args[0].ref) return;
    explore_sync_target c = explore_sync_target_of(machine, args);
    if (c.cell < 0 || (!c.element && !c.field)) return; /* a bad offset: the native throws */
    handle_user(t, &frame, &pc);
    bool write = m->sync == VM_SYNC_WRITE;
    if (c.statics) {
        race_access a = {t, frame, pc, 0, c.field};
        note(machine, &a, place_key(explore_label_statics(c.statics), c.statics, (uint32_t)c.cell),
             write, true, 0);
        return;
    }
    const vm_object *o = vm_obj(machine, args[0].ref);
    race_access a = {t, frame, pc, args[0].ref, c.field};
    note(machine, &a,
         place_key(explore_label_object(machine, args[0].ref), o->cls, (uint32_t)c.cell), write,
         true, (uint32_t)c.cell);
}

size_t explore_check_races(const vm *machine, const explore_race **out)
{
    const explore_race_table *tab = machine->check ? machine->check->races : NULL;
    *out = tab ? tab->found : NULL;
    return tab ? tab->found_count : 0;
}

void explore_race_free(explore_check *check)
{
    if (!check->races) return;
    base_free(check->races->slots);
    base_free(check->races->found);
    if (check->races->lives) base_free(check->races->lives->slots);
    base_free(check->races->lives);
    base_free(check->races);
    check->races = NULL;
}
