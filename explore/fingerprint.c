/* Incremental fingerprints. Each component of a state (the globals, a class, a thread, a
 * reachable object) is hashed on its own from the words serialise.c writes for it, and the
 * fingerprint is the XXH3-128 of the sum (mod 2^128) of the component hashes, each of which names
 * its component (class index, thread id, object id). A component's hash is cached with the trail
 * epoch in which it last changed (objects and threads keep it in their own struct, so undoing a
 * change restores the matching hash too), and a fingerprint starts a new epoch, so a cached hash
 * is used exactly while its component is unchanged.
 *
 * Reachability without a walk per state. The global roots are the statics, the pending
 * notifications and the java.lang.Thread object of every live thread; H is everything reachable
 * from them. A walk of H stamps its objects with the walk's id and sums their hashes; the context
 * (walk id, sum) belongs to the state and is kept by snapshots. After a transition the trail
 * holds the old contents of exactly the objects, statics and threads it changed (everything is
 * logged at its first change after the epoch the last fingerprint started), so:
 *   - when no object of H changed a reference, no static changed, no thread was created and no
 *     class or global changed, H is the same set, and its sum changes by (new - old hash) of the
 *     objects of H the transition wrote;
 *   - otherwise H is walked again under a new id.
 * The objects reachable only from threads (their frames, pending exception, monitors) are found
 * by a walk from the thread roots that stops at H; a thread whose references were all in H when
 * its hash was computed skips it. The sum is thus always over exactly the reachable objects: the
 * same fingerprint as a full walk, which explore_check_options.verify_fingerprints recomputes from
 * scratch for every state (tests).
 *
 * Heap symmetry names objects by when a whole serialisation reaches them, so no component hash
 * survives a change of names. The plain (incremental) fingerprint still tells one state from
 * another, though: a direct-mapped memo from plain to symmetric fingerprints spares the walk
 * whenever a transition ends in a state whose plain fingerprint was seen lately (the diamonds of
 * commuting steps; about half of the transitions on LockFreeBSTSet).
 *
 * Without heap symmetry, a search past its first fingerprints also takes one state in 256 as heap
 * symmetry would name it and counts the sampled states that another sampled state equals but for
 * the names of their objects: the report tells a user whose search stopped short whether the
 * option would merge enough states to pay (explore_check_symmetry_sample). */
#define XXH_INLINE_ALL /* the component hashes are small: inlined, not called through the library  \
                        */
#include <xxhash.h>

#include <stdlib.h>

#include "check.h"

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

/* Subtracts component hash [fh] from [s]. */
static void sum_sub(fp_sum *s, const uint64_t fh[2])
{
    uint64_t lo = s->lo - fh[0];
    s->hi -= fh[1] + (lo > s->lo);
    s->lo = lo;
}

/* Returns the fingerprint of sum [s]. */
static por_fp finish(const fp_sum *s)
{
    uint64_t words[2] = {s->lo, s->hi};
    XXH128_hash_t h = XXH3_128bits(words, sizeof words);
    por_fp fp = {h.low64, h.high64};
    return fp;
}

/* Makes the cached hash of object [h] current and returns the object. */
static vm_object *hashed_object(vm *machine, uint32_t h)
{
    vm_object *o = machine->heap.objects[h];
    if (o->cache.fh_stamp != o->epoch + 1) {
        explore_state_hash_object(machine, h, o->cache.fh);
        o->cache.fh_stamp = o->epoch + 1;
    }
    return o;
}

/* ---- Walking objects ------------------------------------------------------------------------- */

/* Doubles the walk-stamp log; false (a fatal error) when out of memory. */
static bool grow_walk_log(vm *machine)
{
    explore_check *c = machine->check;
    explore_walk_undo *grown = base_grow(c->walk_log, &c->walk_log_cap, sizeof *grown, 1024);
    if (!grown) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory (walk log)");
    c->walk_log = grown;
    return true;
}

/* Logs the walk stamp of object [h] before a walk changes it; false (a fatal error) when out of
 * memory. */
static inline bool log_stamp(vm *machine, uint32_t h, uint64_t old)
{
    explore_check *c = machine->check;
    if (VM_UNLIKELY(c->walk_log_len == c->walk_log_cap) && !grow_walk_log(machine)) return false;
    c->walk_log[c->walk_log_len++] = (explore_walk_undo){old, h};
    return true;
}

/* Pushes [h] for the walk of H (stamped with [walk]) unless it is null or stamped already. */
static inline void push_global(vm *machine, uint32_t h, uint64_t walk)
{
    if (explore_state_left_out(machine, h)) return;
    vm_object *o = machine->heap.objects[h];
    if (o->cache.walk == walk || !log_stamp(machine, h, o->cache.walk)) return;
    o->cache.walk = walk;
    explore_state_push(machine->check, h);
}

void explore_state_undo_walks(vm *machine, size_t pos)
{
    explore_check *c = machine->check;
    while (c->walk_log_len > pos) {
        const explore_walk_undo *u = &c->walk_log[--c->walk_log_len];
        vm_object *o = machine->heap.objects[u->handle];
        if (o) o->cache.walk = u->walk; /* objects allocated since are gone */
    }
}

/* Pushes [h] for the walk of what only threads reach, unless it is null, in H or reached. */
static inline void push_local(vm *machine, uint32_t h, uint64_t walk)
{
    if (explore_state_left_out(machine, h) || machine->heap.objects[h]->cache.walk == walk ||
        !explore_state_mark(machine->check, h))
        return;
    explore_state_push(machine->check, h);
}

/* Pushes the objects [o] references, each by [push] (inlined into each drain below). */
static inline __attribute__((always_inline)) void
push_children(vm *machine, const vm_object *o, uint64_t walk,
              void (*push)(vm *, uint32_t, uint64_t))
{
    const vm_class *cls = o->cls;
    if (cls->kind == VM_KIND_ARRAY) {
        const uint32_t *e = VM_ELEMS(o);
        for (uint32_t i = 0; cls->elem_kind == 'L' && i < o->length; i++) push(machine, e[i], walk);
        return;
    }
    const vm_slot *f = VM_FIELDS(o);
    for (uint32_t i = 0; cls->ref_map && i < o->length; i += 8) {
        unsigned bits = cls->ref_map[i / 8];
        for (; bits; bits &= bits - 1)
            push(machine, f[i + (unsigned)__builtin_ctz(bits)].ref, walk);
    }
}

/* Pops the walk stack empty, adding every object's hash to [sum] and pushing its children by
 * [push] (a constant in each caller, so that it is inlined). */
static inline __attribute__((always_inline)) void drain(vm *machine, fp_sum *sum, uint64_t walk,
                                                        void (*push)(vm *, uint32_t, uint64_t))
{
    explore_check *c = machine->check;
    while (c->stack_len && !machine->failed) {
        const vm_object *o = hashed_object(machine, c->stack[--c->stack_len]);
        sum_add(sum, o->cache.fh);
        push_children(machine, o, walk, push);
    }
}

/* ---- Globals and classes --------------------------------------------------------------------- */

/* Adds the hash of the globals (cached while they are unchanged). */
static void add_globals(vm *machine, fp_sum *sum)
{
    explore_check *c = machine->check;
    if (c->globals_stamp != machine->globals_epoch + 1) {
        explore_state_hash_globals(machine, c->globals_fh);
        c->globals_stamp = machine->globals_epoch + 1;
    }
    sum_add(sum, c->globals_fh);
}

/* Keeps the [n] references at [refs] in [keep]; false (a fatal error) when out of memory. */
static bool keep_refs(vm *machine, explore_refs *keep, const uint32_t *refs, size_t n)
{
    if (keep->refs_cap < n) {
        uint32_t *grown = base_realloc(keep->refs, n * sizeof *grown);
        if (!grown) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory");
        keep->refs = grown;
        keep->refs_cap = n;
    }
    if (n) memcpy(keep->refs, refs, n * sizeof *keep->refs);
    keep->refs_len = n;
    return true;
}

/* Recomputes the summed hash of the classes that count and the references of their statics. */
static void rehash_classes(vm *machine)
{
    explore_check *c = machine->check;
    fp_sum s = {0, 0};
    c->refs_len = 0;
    for (uint32_t i = 0; i < machine->class_count && !machine->failed; i++) {
        vm_class *cls = machine->classes[i];
        if (!explore_state_class_counts(cls)) continue;
        if (cls->cache.fh_stamp != cls->statics_epoch + 1 ||
            cls->cache.fh_init != cls->init_state ||
            cls->cache.fh_init_thread != cls->init_thread) {
            explore_state_hash_class(machine, cls, cls->cache.fh);
            cls->cache.fh_stamp = cls->statics_epoch + 1;
            cls->cache.fh_init = cls->init_state;
            cls->cache.fh_init_thread = cls->init_thread;
        }
        sum_add(&s, cls->cache.fh);
        for (uint32_t k = 0; cls->static_ref_map && k < cls->static_slots; k++)
            if ((cls->static_ref_map[k / 8] >> (k % 8) & 1) && cls->statics[k].ref)
                c->refs[c->refs_len++] = cls->statics[k].ref;
    }
    if (!keep_refs(machine, &c->classes, c->refs, c->refs_len)) return;
    c->classes_fh[0] = s.lo;
    c->classes_fh[1] = s.hi;
    c->classes_stamp = machine->classes_epoch + 1;
    c->classes_count = machine->class_count;
}

/* Makes the classes' cached hash and statics references current; false after a fatal error. */
static bool classes_current(vm *machine)
{
    explore_check *c = machine->check;
    if (c->classes_stamp == machine->classes_epoch + 1 && c->classes_count == machine->class_count)
        return true;
    size_t slots = 0;
    for (uint32_t i = 0; i < machine->class_count; i++) slots += machine->classes[i]->static_slots;
    if (c->refs_cap < slots) {
        uint32_t *grown = base_realloc(c->refs, slots * sizeof *grown);
        if (!grown) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory");
        c->refs = grown;
        c->refs_cap = slots;
    }
    rehash_classes(machine);
    return !machine->failed;
}

/* ---- Threads --------------------------------------------------------------------------------- */

/* What one thread references outside H, gathered while hashing or scanning it. */
typedef struct outside_list {
    uint32_t refs[VM_THREAD_OUTSIDE];
    size_t count;
    bool overflow; /* more than fit */
} outside_list;

/* Pushes the [n] references at [refs] that lie outside H and adds them to [out]. */
static void note_outside(vm *machine, const uint32_t *refs, size_t n, uint64_t walk,
                         outside_list *out)
{
    explore_check *c = machine->check;
    for (size_t k = 0; k < n; k++) {
        uint32_t h = refs[k];
        if (explore_state_left_out(machine, h) || machine->heap.objects[h]->cache.walk == walk)
            continue;
        if (explore_state_mark(c, h)) explore_state_push(c, h); /* push_local, its tests done */
        size_t i = 0;
        while (i < out->count && out->refs[i] != h) i++;
        if (i < out->count) continue;
        if (out->count < VM_THREAD_OUTSIDE)
            out->refs[out->count++] = h;
        else
            out->overflow = true;
    }
}

/* Keeps [out] in [t] as what it references outside H of [walk] (unless too many). */
static void keep_outside(vm_thread *t, const outside_list *out, uint64_t walk)
{
    t->cache.refs_walk = out->overflow ? 0 : walk;
    t->cache.outside_count = (uint8_t)out->count;
    for (size_t i = 0; i < out->count; i++) t->cache.outside[i] = out->refs[i]; /* a few */
}

/* True when the cached hash of frame [d] of [t] is current: the frame is not the top one and the
 * frame above it is the one it called when the hash was made, so it has not run since. */
static bool frame_cached(const vm_thread *t, uint32_t d)
{
    const vm_frame *f = &t->frames[d];
    return d + 1 < t->depth && f->cache.fh_child && f->cache.fh_child == t->frames[d + 1].gen;
}

/* Notes what frame [d] of [t] references outside H: the references kept with its cached hash,
 * or a scan of its typed slots (no hashing). */
static bool scan_frame(vm *machine, const vm_thread *t, uint32_t d, uint64_t walk,
                       outside_list *out)
{
    const vm_frame *f = &t->frames[d];
    if (f->cache.ref_count <= VM_FRAME_REFS && frame_cached(t, d)) {
        note_outside(machine, f->cache.refs, f->cache.ref_count, walk, out);
        return true;
    }
    const explore_check *c = machine->check;
    if (!explore_state_frame_refs(machine, t, d)) return false;
    note_outside(machine, c->refs, c->refs_len, walk, out);
    return true;
}

/* Copies the [n] references at [refs] into [keep] of room [cap]; returns [n], or cap + 1 when
 * they do not fit. */
static uint8_t keep_refs_in(uint32_t *keep, uint8_t cap, const uint32_t *refs, size_t n)
{
    if (n > cap) return (uint8_t)(cap + 1);
    for (size_t i = 0; i < n; i++) keep[i] = refs[i]; /* a few: no call, no string move */
    return (uint8_t)n;
}

/* Hashes frame [d] of [t] into its cache, keeps its references with it and notes what they
 * reach outside H. */
static bool hash_frame(vm *machine, vm_thread *t, uint32_t d, uint64_t walk, outside_list *out)
{
    vm_frame *f = &t->frames[d];
    if (!explore_state_hash_frame(machine, t, d, f->cache.fh)) return false;
    f->cache.fh_child = d + 1 < t->depth ? t->frames[d + 1].gen : 0;
    f->cache.ref_count =
        keep_refs_in(f->cache.refs, VM_FRAME_REFS, machine->check->refs, machine->check->refs_len);
    note_outside(machine, machine->check->refs, machine->check->refs_len, walk, out);
    return true;
}

/* Recomputes the hash of [t] from its header and its frames, reusing the cached hashes of the
 * frames that have not run since, and pushes what it references outside H. The frames that did
 * not run are scanned for references only when the thread referenced something outside H (or
 * that was not known) before. */
static void rehash_thread(vm *machine, vm_thread *t, uint64_t walk)
{
    bool lower_inside = t->cache.refs_walk == walk && t->cache.outside_count == 0;
    outside_list out = {{0}, 0, false};
    fp_sum s = {0, 0};
    uint64_t fh[2];
    if (!explore_state_hash_thread_top(machine, t, fh)) return;
    sum_add(&s, fh);
    t->cache.top_ref_count = keep_refs_in(t->cache.top_refs, VM_TOP_REFS, machine->check->refs,
                                          machine->check->refs_len);
    note_outside(machine, machine->check->refs, machine->check->refs_len, walk, &out);
    for (uint32_t d = 0; d + 1 < t->depth && !machine->failed; d++) {
        bool ok = frame_cached(t, d) ? lower_inside || scan_frame(machine, t, d, walk, &out)
                                     : hash_frame(machine, t, d, walk, &out);
        if (!ok) return;
        sum_add(&s, t->frames[d].cache.fh);
    }
    t->cache.fh[0] = s.lo;
    t->cache.fh[1] = s.hi;
    t->cache.fh_stamp = t->epoch + 1;
    keep_outside(t, &out, walk);
}

/* Pushes what unchanged thread [t] references outside H of a walk it has not seen: its header
 * and top frame by the references kept with its hash (or a scan), its other frames by theirs. */
static void scan_thread(vm *machine, vm_thread *t, uint64_t walk)
{
    outside_list out = {{0}, 0, false};
    uint32_t scanned = t->depth; /* the frames scanned one by one, from the bottom */
    if (t->cache.top_ref_count <= VM_TOP_REFS) {
        note_outside(machine, t->cache.top_refs, t->cache.top_ref_count, walk, &out);
        scanned = t->depth ? t->depth - 1 : 0;
    } else {
        const uint32_t header[4] = {t->object, t->exception, t->wait_object, t->wait_lock};
        note_outside(machine, header, 4, walk, &out);
    }
    for (uint32_t d = 0; d < scanned; d++)
        if (!scan_frame(machine, t, d, walk, &out)) return;
    keep_outside(t, &out, walk);
}

/* Adds the hash of every live thread and pushes what it references outside H. */
static void add_threads(vm *machine, fp_sum *sum, uint64_t walk)
{
    for (uint32_t i = 0; i < machine->thread_count && !machine->failed; i++) {
        vm_thread *t = machine->threads[i];
        if (t->state == VM_THREAD_NEW) continue;
        if (t->cache.fh_stamp != t->epoch + 1)
            rehash_thread(machine, t, walk);
        else if (t->cache.refs_walk != walk)
            scan_thread(machine, t, walk);
        else
            for (uint8_t k = 0; k < t->cache.outside_count; k++)
                push_local(machine, t->cache.outside[k], walk);
        sum_add(sum, t->cache.fh);
    }
}

/* ---- H: the objects the global roots reach --------------------------------------------------- */

/* Walks H under a new id: stamps its objects and makes the context's sum theirs. */
static void walk_globals(vm *machine)
{
    explore_check *c = machine->check;
    uint64_t walk = ++c->walk_source;
    fp_sum heap = {0, 0};
    for (uint32_t g = 0; g < machine->notify_count; g++)
        push_global(machine, machine->notify[g].cond, walk);
    for (size_t k = 0; k < c->classes.refs_len; k++) push_global(machine, c->classes.refs[k], walk);
    for (uint32_t i = 0; i < machine->thread_count; i++)
        if (machine->threads[i]->state != VM_THREAD_NEW)
            push_global(machine, machine->threads[i]->object, walk);
    drain(machine, &heap, walk, push_global);
    c->fp = (explore_fp_ctx){{heap.lo, heap.hi}, walk};
}

/* What a transition did to H, gathered from its trail entries. */
typedef struct delta {
    fp_sum heap;     /* the sum of the hashes of H, updated */
    size_t removed;  /* references the objects of H no longer hold */
    bool removed_ok; /* the one removed is reachable from what replaced it */
} delta;

/* Walk push that also notes whether check->gain_watch is reached. */
static void push_gain(vm *machine, uint32_t h, uint64_t walk)
{
    if (h && h == machine->check->gain_watch) machine->check->gain_seen = true;
    push_global(machine, h, walk);
}

/* A new reference from H to [h]: adds everything [h] reaches outside H to H (stamped with the
 * context's walk) and its hashes to [d]. */
static void gain(vm *machine, uint32_t h, delta *d)
{
    uint64_t walk = machine->check->fp.walk;
    push_gain(machine, h, walk);
    drain(machine, &d->heap, walk, push_gain);
}

/* An object of H now references [b] where it referenced [a]. The new reference adds what [b]
 * reaches. The old one is the only removal H can take without a walk when [a] is reached again
 * from [b]: the object itself stays reachable (no simple path to it uses its own reference), so
 * [b] and what it reaches do, [a] among them. False when that cannot be shown. */
static bool ref_change(vm *machine, uint32_t a, uint32_t b, delta *d)
{
    explore_check *c = machine->check;
    if (explore_state_left_out(machine, a)) a = 0; /* never in H */
    if (a && d->removed++) return false;
    c->gain_watch = a;
    c->gain_seen = false;
    if (b) gain(machine, b, d);
    if (a) d->removed_ok = c->gain_seen;
    c->gain_watch = 0;
    return !machine->failed;
}

/* Applies the reference changes of object [now] (whose contents were [old]); false when H must
 * be walked again. */
static bool ref_changes(vm *machine, const vm_object *old, const vm_object *now, delta *d)
{
    const vm_class *cls = now->cls;
    if (cls->kind == VM_KIND_ARRAY) {
        const uint32_t *a = VM_ELEMS(old), *b = VM_ELEMS(now);
        for (uint32_t i = 0; cls->elem_kind == 'L' && i < now->length; i++)
            if (a[i] != b[i] && !ref_change(machine, a[i], b[i], d)) return false;
        return true;
    }
    const vm_slot *a = VM_FIELDS(old), *b = VM_FIELDS(now);
    for (uint32_t i = 0; cls->ref_map && i < now->length; i += 8)
        for (unsigned bits = cls->ref_map[i / 8]; bits; bits &= bits - 1) {
            uint32_t k = i + (unsigned)__builtin_ctz(bits);
            if (a[k].ref != b[k].ref && !ref_change(machine, a[k].ref, b[k].ref, d)) return false;
        }
    return true;
}

/* Updates [d] for object entry [old] of handle [h]; false when H may have changed in a way
 * only a walk tells, or the old hash is unknown. */
static bool object_delta(vm *machine, uint32_t h, const vm_object *old, delta *d)
{
    if ((old->flags | machine->heap.objects[h]->flags) & VM_OBJ_CONSTANT)
        return false; /* a constant object locked, unlocked or made constant */
    if (old->cache.walk != machine->check->fp.walk) return true; /* not in H */
    if (!explore_state_mark(machine->check, h)) return false;    /* logged twice: several epochs */
    if (old->cache.fh_stamp != old->epoch + 1) return false;
    sum_sub(&d->heap, old->cache.fh);
    sum_add(&d->heap, hashed_object(machine, h)->cache.fh);
    return ref_changes(machine, old, machine->heap.objects[h], d);
}

/* True when static slots [old] of [cls] (before the transition) hold the current references. */
static bool same_static_refs(const vm_class *cls, const vm_slot *old)
{
    for (uint32_t k = 0; cls->static_ref_map && k < cls->static_slots; k++)
        if ((cls->static_ref_map[k / 8] >> (k % 8) & 1) && old[k].ref != cls->statics[k].ref)
            return false;
    return true;
}

/* Visitor of explore_trail_changes: applies one change to the delta in [ctx]. */
static bool apply_change(vm *machine, const explore_change *ch, void *ctx)
{
    switch (ch->kind) {
    case EXPLORE_CHANGE_OBJECT:
        return object_delta(machine, ch->handle, ch->old, ctx);
    case EXPLORE_CHANGE_STATICS:
        return same_static_refs(ch->cls, ch->old);
    case EXPLORE_CHANGE_THREAD_NEW: /* its Thread object is a new global root */
        gain(machine, ch->thread->object, ctx);
        return !machine->failed;
    default: /* a class initialised, the globals changed */
        return false;
    }
}

/* Brings the context up to the current state from the changes logged since it was current;
 * false when H must be walked again. */
static bool advance_context(vm *machine)
{
    explore_check *c = machine->check;
    if (!c->fp.walk) return false;
    if (c->trail.len == c->fp_pos) return true;
    if (c->trail.len < c->fp_pos) return false;
    delta d = {{c->fp.heap[0], c->fp.heap[1]}, 0, false};
    if (!explore_trail_changes(machine, c->fp_pos, apply_change, &d)) return false;
    if (d.removed && !d.removed_ok) return false;
    c->fp.heap[0] = d.heap.lo;
    c->fp.heap[1] = d.heap.hi;
    return true;
}

/* Makes the context describe the current state: from the changes since it was current, or by
 * walking H again; false after a fatal error. */
static bool sync_context(vm *machine)
{
    explore_check *c = machine->check;
    if (!explore_state_begin_walk(machine) || !classes_current(machine)) return false;
    if (!advance_context(machine)) {
        if (!explore_state_begin_walk(machine))
            return false; /* drop the marks of the failed delta */
        walk_globals(machine);
    }
    c->fp_pos = c->trail.len;
    return !machine->failed;
}

/* True when fingerprints need the plain (incremental) one: the fingerprint itself, or under heap
 * symmetry the names hash. */
static bool uses_plain(const explore_check *c)
{
    return !c->opts.exact || c->opts.heap_symmetry;
}

void explore_state_sync(vm *machine)
{
    explore_check *c = machine->check;
    if (uses_plain(c) && c->fp_pos != c->trail.len && !machine->failed) sync_context(machine);
}

/* ---- The fingerprint ------------------------------------------------------------------------- */

/* Returns the sum of every component hash of the current state, or a zero sum after a fatal
 * error. */
static fp_sum component_sum(vm *machine)
{
    explore_check *c = machine->check;
    fp_sum sum = {0, 0};
    if (!sync_context(machine)) return sum; /* its marks are on objects of H only */
    sum.lo = c->fp.heap[0];
    sum.hi = c->fp.heap[1];
    add_globals(machine, &sum);
    sum_add(&sum, c->classes_fh);
    add_threads(machine, &sum, c->fp.walk);
    drain(machine, &sum, c->fp.walk, push_local);
    return sum;
}

/* ---- Verification: every component hashed from scratch --------------------------------------- */

/* Pushes [h] for a plain walk unless it is left out or reached (verification). */
static void push_plain(vm *machine, uint32_t h)
{
    if (!explore_state_left_out(machine, h) && explore_state_mark(machine->check, h))
        explore_state_push(machine->check, h);
}

/* Pushes the references collected in check->refs for a plain walk (verification). */
static void push_collected(vm *machine)
{
    explore_check *c = machine->check;
    for (size_t k = 0; k < c->refs_len; k++) push_plain(machine, c->refs[k]);
}

/* Adds the hash of thread [t] computed from scratch to [sum] and pushes what it references. */
static void scratch_thread(vm *machine, const vm_thread *t, fp_sum *sum)
{
    uint64_t fh[2];
    if (!explore_state_hash_thread_top(machine, t, fh)) return;
    sum_add(sum, fh);
    push_collected(machine);
    for (uint32_t d = 0; d + 1 < t->depth; d++) {
        if (!explore_state_hash_frame(machine, t, d, fh)) return;
        sum_add(sum, fh);
        push_collected(machine);
    }
}

/* Adds the hashes of the classes that count, computed from scratch, to [sum] and pushes what
 * their statics reference. */
static void scratch_classes(vm *machine, fp_sum *sum)
{
    uint64_t fh[2];
    for (uint32_t i = 0; i < machine->class_count; i++) {
        const vm_class *cls = machine->classes[i];
        if (!explore_state_class_counts(cls)) continue;
        explore_state_hash_class(machine, cls, fh);
        sum_add(sum, fh);
        vm_each_static_ref(machine, cls, push_plain);
    }
}

/* Adds the hash of every pushed object and of everything it reaches, computed from scratch. */
static void scratch_objects(vm *machine, fp_sum *sum)
{
    explore_check *c = machine->check;
    uint64_t fh[2];
    while (c->stack_len && !machine->failed) {
        uint32_t h = c->stack[--c->stack_len];
        explore_state_hash_object(machine, h, fh);
        sum_add(sum, fh);
        vm_each_ref(machine, machine->heap.objects[h], push_plain);
    }
}

/* Returns the component sum recomputed without any cached hash or context (a plain walk from
 * every root), for verify_fingerprints. */
static fp_sum scratch_sum(vm *machine)
{
    fp_sum sum = {0, 0};
    uint64_t fh[2];
    explore_state_hash_globals(machine, fh);
    sum_add(&sum, fh);
    if (!explore_state_begin_walk(machine)) return sum;
    for (uint32_t g = 0; g < machine->notify_count; g++)
        push_plain(machine, machine->notify[g].cond);
    scratch_classes(machine, &sum);
    for (uint32_t i = 0; i < machine->thread_count && !machine->failed; i++)
        if (machine->threads[i]->state != VM_THREAD_NEW)
            scratch_thread(machine, machine->threads[i], &sum);
    scratch_objects(machine, &sum);
    return sum;
}

/* Fails the vm when incremental sum [inc] differs from the one recomputed from scratch. */
static void verify(vm *machine, const fp_sum *inc)
{
    fp_sum ref = scratch_sum(machine);
    if (!machine->failed && (ref.lo != inc->lo || ref.hi != inc->hi))
        vm_fail(machine, VM_ERR_UNSUPPORTED,
                "internal error: an incremental fingerprint differs from a full state walk");
}

/* The memo's first and largest sizes (entries of 32 bytes). */
enum { SYM_MEMO_FIRST = 1 << 12, SYM_MEMO_MOST = 1 << 20 };

/* Makes the memo twice as large (its first table when empty), keeping what fits; false when
 * out of memory (the memo then stays as it was). */
static bool sym_memo_grow(explore_sym_memo *m)
{
    size_t cap = m->entries ? (m->mask + 1) * 2 : SYM_MEMO_FIRST;
    explore_sym_entry *e = base_calloc(cap, sizeof *e);
    if (!e) return false;
    for (size_t i = 0; m->entries && i <= m->mask; i++)
        e[m->entries[i].plain.lo & (cap - 1)] = m->entries[i];
    base_free(m->entries);
    m->entries = e;
    m->mask = cap - 1;
    m->inserts = 0;
    return true;
}

/* Returns the plain fingerprint of the current state from its component hashes (checked against
 * a walk from scratch under verify_fingerprints). */
static por_fp plain_fingerprint(vm *machine)
{
    fp_sum sum = component_sum(machine);
    if (machine->check->opts.verify_fingerprints && !machine->failed) verify(machine, &sum);
    return finish(&sum);
}

/* Heap symmetry: the symmetric fingerprint of the current state, whose plain fingerprint is
 * [plain], from the memo when [plain] is there, else from a whole serialisation (remembered). */
static por_fp symmetric_fingerprint(vm *machine, por_fp plain)
{
    explore_check *c = machine->check;
    explore_sym_memo *m = &c->sym_memo;
    por_fp fp = {0, 0};
    if (machine->failed) return fp;
    if (!m->entries && !sym_memo_grow(m)) return fp;
    explore_sym_entry *e = &m->entries[plain.lo & m->mask];
    bool hit = e->plain.lo == plain.lo && e->plain.hi == plain.hi;
    if (hit && !c->opts.verify_fingerprints) return e->symmetric;
    if (!explore_state_serialize(machine)) return fp;
    fp = explore_state_hash_serialisation(machine);
    if (hit && (fp.lo != e->symmetric.lo || fp.hi != e->symmetric.hi))
        vm_fail(machine, VM_ERR_UNSUPPORTED,
                "internal error: a remembered symmetric fingerprint differs from the state's");
    if (hit) return fp;
    if (++m->inserts > 2 * (m->mask + 1) && m->mask + 1 < SYM_MEMO_MOST) sym_memo_grow(m);
    m->entries[plain.lo & m->mask] = (explore_sym_entry){plain, fp};
    return fp;
}

/* The sample's largest sets (16 bytes a fingerprint): 4 MB each. */
enum { SAMPLE_MOST = 1 << 18 };

/* Returns the slot of [fp] in [set]: its own, or the empty one where it goes. */
static por_fp *fp_slot(const explore_fp_set *set, por_fp fp)
{
    size_t i = fp.lo & set->mask;
    while ((set->fps[i].lo || set->fps[i].hi) &&
           (set->fps[i].lo != fp.lo || set->fps[i].hi != fp.hi))
        i = (i + 1) & set->mask;
    return &set->fps[i];
}

/* Makes [set] twice as large (its first table when empty); false when it may not or cannot. */
static bool fp_set_grow(explore_fp_set *set)
{
    size_t cap = set->fps ? (set->mask + 1) * 2 : 1024;
    if (cap > SAMPLE_MOST) return false;
    explore_fp_set grown = {base_calloc(cap, sizeof *grown.fps), cap - 1, set->count};
    if (!grown.fps) return false;
    for (size_t i = 0; set->fps && i <= set->mask; i++)
        if (set->fps[i].lo || set->fps[i].hi) *fp_slot(&grown, set->fps[i]) = set->fps[i];
    base_free(set->fps);
    *set = grown;
    return true;
}

/* How fp_set_add went. */
typedef enum fp_added { FP_NEW, FP_THERE, FP_FULL } fp_added;

/* Adds [fp] (not {0, 0}) to [set], unless it is there or the set is full and cannot grow. */
static fp_added fp_set_add(explore_fp_set *set, por_fp fp)
{
    por_fp *slot = set->fps ? fp_slot(set, fp) : NULL;
    if (slot && (slot->lo || slot->hi)) return FP_THERE;
    if ((set->count + 1) * 4 > (set->mask + 1) * 3) {
        if (!fp_set_grow(set)) return FP_FULL;
        slot = fp_slot(set, fp);
    }
    *slot = fp;
    set->count++;
    return FP_NEW;
}

/* Returns the fingerprints computed before sampling starts: EXPLORE_SAMPLE_AFTER, or
 * $PORCHECK_SAMPLE_AFTER (the tests' small searches), read once per check. */
static uint64_t sample_after(explore_sym_sample *s)
{
    if (!s->after) {
        const char *v = getenv("PORCHECK_SAMPLE_AFTER");
        char *end = NULL;
        unsigned long long n = v && *v ? strtoull(v, &end, 10) : 0;
        s->after = (end && !*end ? n : EXPLORE_SAMPLE_AFTER) + 1; /* + 1: read */
    }
    return s->after - 1;
}

/* Samples heap symmetry's potential (explore_symmetry_sample) at the state of plain fingerprint
 * [plain], in a search without heap symmetry: a state sampled before, or met once the sample is
 * as large as it gets, is not serialised. */
static void sample_symmetry(vm *machine, por_fp plain)
{
    explore_sym_sample *s = &machine->check->sym_sample;
    if (++s->fingerprints <= sample_after(s) || plain.lo % EXPLORE_SAMPLE_RATE ||
        (!plain.lo && !plain.hi) || machine->failed || fp_set_add(&s->plain, plain) != FP_NEW)
        return;
    s->taking = true;
    bool written = explore_state_serialize(machine);
    s->taking = false;
    if (!written) return;
    por_fp sym = explore_state_hash_serialisation(machine);
    fp_added kind = fp_set_add(&s->symmetric, (sym.lo || sym.hi) ? sym : (por_fp){1, 0});
    if (kind == FP_FULL) return; /* the sample is as large as it gets */
    s->found.states++;
    s->found.merged += kind == FP_THERE;
}

explore_symmetry_sample explore_check_symmetry_sample(const vm *machine)
{
    explore_symmetry_sample none = {0, 0};
    return machine->check ? machine->check->sym_sample.found : none;
}

por_fp explore_state_fingerprint(vm *machine)
{
    explore_check *c = machine->check;
    por_fp fp = {0, 0}, plain = {0, 0};
    if (uses_plain(c)) plain = plain_fingerprint(machine);
    if (c->opts.heap_symmetry) /* the plain fingerprint keeps ids: it tells the names apart */
        c->names = plain.lo ^ plain.hi * 0x9E3779B97F4A7C15ull;
    if (c->opts.exact) {
        if (explore_state_serialize(machine)) fp = explore_state_exact_fingerprint(machine);
    } else {
        fp = c->opts.heap_symmetry ? symmetric_fingerprint(machine, plain) : plain;
        if (!c->opts.heap_symmetry) sample_symmetry(machine, plain);
    }
    explore_trail_new_epoch(
        machine); /* later changes start new epochs: the cached hashes stay exact */
    c->fp_pos = c->trail.len;
    return fp;
}

void explore_state_forget(vm *machine)
{
    explore_check *c = machine->check;
    c->globals_stamp = c->classes_stamp = 0;
    c->fp.walk = 0;
}

void explore_state_free(vm *machine)
{
    explore_check *c = machine->check;
    base_free(c->classes.refs);
    base_free(c->refs);
    base_free(c->marks);
    base_free(c->class_order);
    base_free(c->places);
    base_free(c->walk_log);
    base_free(c->sym_memo.entries);
    base_free(c->sym_sample.plain.fps);
    base_free(c->sym_sample.symmetric.fps);
}
