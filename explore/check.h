/* Private to explore/: the model-checking side of the VM. An explore_check hangs off the vm once
 * explore_check_begin has run; it holds the classifier that decides the scheduling points, the
 * trail (undo log) behind snapshots, the program output of the current path, the buffers of the
 * state serialisation and the table of exact states. Files: trail.c (undo log and snapshots),
 * classify.c (classifiers, scheduling points, labels, enabledness), typemap.c (slot types per
 * instruction), serialise.c (canonical serialisation), fingerprint.c (incremental
 * fingerprints), ids.c (canonical object ids), races.c (races on what the visible set leaves
 * invisible), lts.c (the por adapter, the hooks and the reporting API), describe.c (threads,
 * steps and objects in words), steps.c (steps as the interleaving tables show them),
 * reachable.c (the fingerprint of what one object holds, for the implementation oracle). */
#ifndef PORCHECK_EXPLORE_CHECK_H
#define PORCHECK_EXPLORE_CHECK_H

#include "explore.h"
#include "internal.h"

/* Label pseudo-fields (field ids beyond any slot offset or array index). */
#define EXPLORE_FIELD_LOCK                                                                         \
    0xFFFFFFF0u /* an object's monitor (lock, wait, notify; a thread's life) */
#define EXPLORE_FIELD_PERMIT 0xFFFFFFF2u /* a thread's park permit */
#define EXPLORE_FIELD_INIT 0xFFFFFFF3u   /* a class's initialisation state */
#define EXPLORE_FIELD_OUTPUT 0xFFFFFFF4u /* the program's output (of PrintStream's statics) */

/* One entry of the exact-states table: a serialisation and the fingerprint given to it. The
 * offset has 64 bits: the arena holds every state's bytes, and only the memory limit bounds it. */
typedef struct explore_exact_entry {
    por_fp fp;
    uint64_t offset; /* bytes in the table's arena */
    uint32_t length;
} explore_exact_entry;

/* The exact-states table: fingerprints map to the serialisations first seen with them. */
typedef struct explore_exact {
    explore_exact_entry *entries; /* open addressing on fp.lo; length 0 marks an empty slot */
    size_t mask, count;
    vm_bytes arena;
} explore_exact;

/* A list of references (fingerprint.c: what the statics hold). */
typedef struct explore_refs {
    uint32_t *refs;
    size_t refs_len, refs_cap;
} explore_refs;

/* What the incremental fingerprint knows about one state: the objects reachable from the global
 * roots (statics, pending notifications, Thread objects) carry [walk], and [heap] is the sum of
 * their hashes. Snapshots keep it, so a restored state needs no walk. */
typedef struct explore_fp_ctx {
    uint64_t heap[2];
    uint64_t walk; /* 0: unknown */
} explore_fp_ctx;

/* An object's walk stamp before a walk of the global roots changed it: restoring a snapshot
 * puts the stamps back, so that the objects of the restored state's H carry its walk. */
typedef struct explore_walk_undo {
    uint64_t walk;
    uint32_t handle;
} explore_walk_undo;

/* One remembered state under heap symmetry: its plain and its symmetric fingerprint. */
typedef struct explore_sym_entry {
    por_fp plain, symmetric;
} explore_sym_entry;

/* A lossy cache of symmetric fingerprints by plain (incremental) fingerprint, direct-mapped:
 * equal plain fingerprints stand for the same state, so a hit spares the canonical walk. */
typedef struct explore_sym_memo {
    explore_sym_entry *entries; /* [mask + 1], plain.lo == plain.hi == 0: empty */
    size_t mask;
    uint64_t inserts; /* since the table last grew */
} explore_sym_memo;

/* A set of fingerprints, open addressing on fp.lo (explore_sym_sample's). */
typedef struct explore_fp_set {
    por_fp *fps; /* [mask + 1]; {0, 0}: empty */
    size_t mask, count;
} explore_fp_set;

/* Heap symmetry's potential in a search without it (explore_check_symmetry_sample): the states
 * sampled, by plain fingerprint, the symmetric fingerprints they had, and what they showed. */
typedef struct explore_sym_sample {
    explore_fp_set plain, symmetric;
    uint64_t fingerprints; /* fingerprints computed so far */
    uint64_t after;        /* the fingerprints before sampling starts, + 1; 0: not read yet */
    explore_symmetry_sample found;
    bool taking; /* a sampled state is being serialised: objects are named by place */
} explore_sym_sample;

/* The invisible shared accesses of a search and the races among them (races.c). */
typedef struct explore_race_table explore_race_table;

/* The scratch state of explore_fingerprint_reachable (reachable.c). */
typedef struct explore_reach explore_reach;

/* Frees [reach]; NULL is ignored. */
void explore_reach_free(explore_reach *reach);

/* Everything the checker keeps on the vm (vm.check; the JVM knows it only as the opaque
 * struct vm_check). */
typedef struct vm_check {
    explore_check_options opts;
    char **visible; /* safe classifier: binary-name prefixes (owned) */
    size_t visible_count;
    char **widened; /* safe classifier: classes visible after a race (owned) */
    size_t widened_count;
    /* trail */
    vm_bytes trail;
    uint64_t serial;       /* entries ever logged: tells a live snapshot from a stale one */
    uint32_t epoch_source; /* the last epoch handed out */
    bool broken;           /* a snapshot was restored out of order */
    struct por_snapshot *free_snaps; /* released snapshots, reused by the next saves */
    uint64_t created;                /* the ids of the threads created since lts_step began */
    /* program output of the current path (part of the state) */
    vm_bytes out, err;
    /* serialisation */
    vm_bytes ser;
    uint32_t mark_epoch;  /* the current object walk; marks[h] == mark_epoch: reached */
    uint32_t *marks;      /* [marks_cap] per handle: the last walk that reached the object */
    uint32_t *places;     /* [marks_cap] per handle: when the serialisation reached it (1 on) */
    uint32_t places_next; /* the place the serialisation gives the next object it reaches */
    size_t marks_cap;
    vm_class **class_order; /* [class_order_count] the loaded classes by stable id */
    uint32_t class_order_count;
    uint32_t *stack; /* handles still to serialise or hash */
    size_t stack_len, stack_cap;
    explore_exact exact;
    uint8_t put_mode; /* serialisation: references queued, written only, or collected */
    uint32_t *refs;   /* references collected while serialising a thread */
    size_t refs_len, refs_cap;
    /* reused object counts (ids.c) */
    uint32_t *allocs[VM_MAX_THREADS]; /* per thread: the handle of its k-th allocation */
    uint64_t allocs_cap[VM_MAX_THREADS];
    uint32_t *library_allocs[VM_MAX_THREADS]; /* ... of its k-th library object */
    uint64_t library_allocs_cap[VM_MAX_THREADS];
    uint64_t main_floor;         /* counts of thread 0 below it were given before the check began */
    uint64_t main_library_floor; /* ... and library counts */
    uint64_t *ids_buf;           /* [ids_cap] scratch counts */
    size_t ids_cap;
    /* classes whose statics took a reference without exposing it (a final static, or one of an
     * invisible class): the object stays unshared yet is reachable from there */
    const vm_class **static_roots;
    size_t static_roots_len, static_roots_cap;
    int8_t audit_ids; /* PORCHECK_AUDIT_IDS set: 0 not asked yet, 1 no, 2 yes (ids.c) */
    /* incremental fingerprints */
    explore_fp_ctx fp; /* the current state's, valid while the trail is [fp_pos] long */
    size_t fp_pos;     /* the trail length when [fp] was last made current */
    explore_walk_undo
        *walk_log; /* [walk_log_cap] the old walk stamps of the objects walks stamped */
    size_t walk_log_len, walk_log_cap;
    uint64_t walk_source;   /* the last global-roots walk handed out */
    uint32_t gain_watch;    /* a reference removed from H, looked for by the walk adding to H */
    bool gain_seen;         /* ... and that walk reached it */
    uint32_t globals_stamp; /* globals_epoch + 1 when [globals_fh] is current */
    uint64_t globals_fh[2];
    uint32_t classes_stamp;    /* classes_epoch + 1 when [classes_fh] and [classes] are current */
    uint32_t classes_count;    /* ... and the vm had this many classes */
    uint64_t classes_fh[2];    /* the sum of the class hashes */
    explore_refs classes;      /* the references the statics hold */
    explore_sym_memo sym_memo; /* heap symmetry: symmetric fingerprints of recent states */
    uint64_t names; /* heap symmetry: object-names hash of the state last fingerprinted */
    explore_sym_sample sym_sample; /* without heap symmetry: what it would merge, sampled */
    explore_race_table *races;     /* narrowed visible set: invisible shared accesses (races.c) */
    explore_reach *reach; /* explore_fingerprint_reachable's scratch state, made at its first use */
} explore_check;

/* Frees the checker of [machine] (vm_free calls it through the detach hook). */
void explore_check_free(vm *machine);

/* ---- trail.c --------------------------------------------------------------------------------- */

/* The snapshot of a state: a position in the trail, the serial of the entry before it and what
 * the incremental fingerprint knew about the state. */
struct por_snapshot {
    size_t pos;
    uint64_t serial;
    explore_fp_ctx fp;
    size_t walk_pos; /* the length of the walk-stamp log */
    struct por_snapshot *next_free;
};

/* Sets every epoch stamp back to 0 (when the 32-bit epoch counter wraps), in the current state
 * and in the old contents on the trail, so that no restored stamp can equal a new epoch. */
void explore_trail_reset_epochs(vm *machine);

/* Starts a new epoch: every object, class, thread and the globals are logged again before their
 * next change. */
static inline void explore_trail_new_epoch(vm *machine)
{
    explore_check *c = machine->check;
    if (VM_UNLIKELY(c->epoch_source == UINT32_MAX)) explore_trail_reset_epochs(machine);
    machine->epoch = ++c->epoch_source;
}

/* Returns a snapshot of the current state (NULL when out of memory). */
por_snapshot *explore_trail_save(vm *machine);

/* Undoes the trail back to [snap]; marks the checker broken when [snap] is not an ancestor of
 * the current state. */
void explore_trail_restore(vm *machine, const por_snapshot *snap);

/* Frees [snap]. */
void explore_trail_release(vm *machine, por_snapshot *snap);

/* What one trail entry says changed. The entries of a thread's fields, frames or slots and of
 * allocations are not changes in this sense: they change neither the global roots nor the
 * objects they reach (a thread's hash follows its epoch, a new object is reached through the
 * reference that a logged object or static takes to it). */
typedef enum explore_change_kind {
    EXPLORE_CHANGE_OBJECT,     /* an object's contents: [handle], [old] its header and payload */
    EXPLORE_CHANGE_STATICS,    /* the statics of [cls]: [old] their slots */
    EXPLORE_CHANGE_CLASS,      /* the initialisation state of [cls] */
    EXPLORE_CHANGE_THREAD_NEW, /* a thread was created */
    EXPLORE_CHANGE_GLOBALS,    /* exit status, clock, output, notifications */
} explore_change_kind;

/* One logged change: what changed and its contents before the change. */
typedef struct explore_change {
    explore_change_kind kind;
    uint32_t handle;         /* objects, allocations */
    const vm_class *cls;     /* statics, classes */
    const vm_thread *thread; /* threads */
    const void *old;
} explore_change;

/* Calls [visit] with [ctx] for every change (explore_change_kind) logged since trail position
 * [from], newest first; returns false as soon as [visit] does. */
bool explore_trail_changes(vm *machine, size_t from,
                           bool (*visit)(vm *, const explore_change *, void *), void *ctx);

/* Frees the trail and everything it holds. */
void explore_trail_free(vm *machine);

/* ---- trail.c: the barrier slow paths behind the JVM's hooks (hooks.h) ------------------------ */

/* Logs object [h] before its first write in the current epoch. */
void explore_trail_object(vm *machine, uint32_t h);

/* Logs the statics of [cls] before their first write in the current epoch. */
void explore_trail_statics(vm *machine, vm_class *cls);

/* Logs the initialisation state of [cls] before it changes. */
void explore_trail_class(vm *machine, vm_class *cls);

/* Logs thread [t] (fields, frames, slots) before its first change in the current epoch. */
void explore_trail_thread(vm *machine, vm_thread *t);

/* Logs the globals (exit, clock, output lengths, notifications) before their first change. */
void explore_trail_globals(vm *machine);

/* Logs the allocation of [h] so that undoing it frees the object. */
void explore_trail_alloc(vm *machine, uint32_t h);

/* Logs the creation of thread [t] so that undoing it makes the id unused again; notes it in
 * check->created. */
void explore_trail_thread_new(vm *machine, vm_thread *t);

/* Records that [t]'s allocation number [k] on the current path is object [h] (ids.c); false (a
 * fatal error) when out of memory. */
bool explore_ids_note(vm *machine, const vm_thread *t, uint64_t k, uint32_t h);

/* The same for [t]'s library object number [k] (VM_ID_LIBRARY_BIT). */
bool explore_ids_note_library(vm *machine, const vm_thread *t, uint64_t k, uint32_t h);

/* Records that a static of [cls] took a reference that stays unshared, so that ids.c counts what
 * it reaches as live; false (a fatal error) when out of memory. */
bool explore_ids_note_static_root(vm *machine, const vm_class *cls);

/* ---- classify.c ------------------------------------------------------------------------------ */

/* Fills [watch], the opcode table the interpreter consults in checking mode. */
void explore_sched_init_watch(bool watch[256]);

/* True when no thread but [t] is alive (the race check leaves its accesses out). */
bool explore_sched_alone(const vm *machine, const vm_thread *t);

/* True when no thread but [t] has started: nothing can interleave with it and nothing came
 * before, so it does not stop at scheduling points (starting a thread is one, so the run stops
 * before another exists). A thread alone after others ended does stop: a step that ran on
 * through a point would carry only its first action's label, and the searches that reason about
 * the past (DPOR's races, DE's and DL's labels beyond a state) would miss the races of the rest
 * with what the ended threads did. */
bool explore_sched_first(const vm *machine, const vm_thread *t);

/* Decides whether thread [t], about to run the instruction at [pc] of [frame] with operand
 * stack top [sp], stands at a scheduling point; returns its vm_park (VM_PARK_NONE: go on). */
vm_park explore_sched_classify(vm *machine, vm_thread *t, const vm_frame *frame, const uint8_t *pc,
                               const vm_slot *sp);

/* Computes the label of [t]'s next transition into [out] (thread and pc included). */
void explore_sched_label(const vm *machine, const vm_thread *t, por_label *out);

/* True when [t] can take its next transition now. */
bool explore_sched_enabled(const vm *machine, const vm_thread *t);

/* Returns the class another thread is initialising that [t] waits for (blocked, or parked before
 * an instruction that would initialise it), or NULL. */
const vm_class *explore_sched_init_waited(const vm_thread *t);

/* Marks [h] and every object reachable from it shared (jpf classifier). */
void explore_sched_expose(vm *machine, uint32_t h);

/* Before [t] runs its next transition: exposes what it is about to publish (jpf classifier). */
void explore_sched_before_step(vm *machine, vm_thread *t);

/* Exposes what the instruction at [pc] of [frame], a scheduling point of kind [park], publishes
 * (a reference stored into a shared object or static, a thread started); jpf classifier. */
void explore_sched_expose_pending(vm *machine, vm_park park, const vm_frame *frame,
                                  const uint8_t *pc, const vm_slot *sp);

/* Returns the label object standing for the statics (and initialisation) of [cls]. */
uint32_t explore_label_statics(const vm_class *cls);

/* Returns the label object id of object [h] (0 for null). */
uint32_t explore_label_object(const vm *machine, uint32_t h);

/* Returns the label field of the cell a Sync atomic with arguments [args] (object, offset)
 * addresses: the field slot, or the element index of an array (as an array instruction's label
 * has it); the raw offset when it addresses nothing (the native then throws). */
uint32_t explore_sync_field(const vm *machine, const vm_slot *args);

/* Returns the label pc of [m] at bytecode offset [pc]. */
uint32_t explore_label_pc(const vm_method *m, uint32_t pc);

/* ---- races.c --------------------------------------------------------------------------------- */

/* Notes that [t], at [pc] of [frame], accesses field [field] of shared object [h] (0: the
 * static [field]) although the visible set leaves it invisible. */
void explore_race_note_field(vm *machine, const vm_thread *t, const vm_frame *frame,
                             const uint8_t *pc, uint32_t h, const vm_field *field);

/* The depth of [t] below porcheck's model of System.arraycopy and clone() (class
 * jdk.internal.porcheck.Copy), whose accesses are its caller's: the depth of the frame that
 * called into it, or t->depth when the top frame is not its code. */
uint32_t explore_copy_depth(const vm *machine, const vm_thread *t);

/* Which call of the program a method of porcheck's copy models stands for. */
typedef enum explore_copy_call {
    EXPLORE_COPY_NONE,      /* the method is no copy model */
    EXPLORE_COPY_ARRAYCOPY, /* System.arraycopy (Copy.copy) */
    EXPLORE_COPY_CLONE,     /* an array's or an object's clone() (Copy.cloneArray, cloneObject) */
} explore_copy_call;

/* Returns the call of the program that method [m] models (EXPLORE_COPY_NONE for any other). */
explore_copy_call explore_copy_model(const vm *machine, const vm_method *m);

/* Notes that [t], at [pc] of [frame], reads (or when [write], writes) element [index] of shared
 * array [h], a scheduling point when [visible]. */
void explore_race_note_element(vm *machine, const vm_thread *t, const vm_frame *frame,
                               const uint8_t *pc, uint32_t h, uint32_t index, bool write,
                               bool visible);

/* Notes that [t], at [pc] of [frame], calls synchronisation native [m] (VM_SYNC_READ or
 * VM_SYNC_WRITE) with arguments [args] (object, offset) on a shared cell: a visible access of
 * that field, static or element, which races with the invisible plain accesses of other threads
 * to it (AtomicInteger.get() reading the field that getAndIncrement() writes). */
void explore_race_note_sync(vm *machine, const vm_thread *t, const vm_frame *frame,
                            const uint8_t *pc, const vm_method *m, const vm_slot *args);

/* Notes that [t], at [pc] of [frame], reads the life of the thread of java.lang.Thread object
 * [handle] while thread start and end are invisible: whether it started ([start]: isAlive(), a
 * join) and whether it ended ([end]: isAlive(), a join by an interrupted thread). Such a read by
 * a thread that did not start it races with the start, one by another thread than itself with
 * its end (in either order): the race widens the visible set by java.lang.Thread. */
void explore_race_note_life_read(vm *machine, const vm_thread *t, const vm_frame *frame,
                                 const uint8_t *pc, uint32_t handle, bool start, bool end);

/* Notes that [t] starts ([start]) or, being it, ends the thread of java.lang.Thread object
 * [handle] while thread start and end are invisible (see explore_race_note_life_read). */
void explore_race_note_life_write(vm *machine, const vm_thread *t, uint32_t handle, bool start);

/* Frees the race notes of [check]. */
void explore_race_free(explore_check *check);

/* Writes "Class.method(File.java:line)" for [m] at bytecode offset [pc] into [buf] (report.c). */
void explore_describe_location(const vm_method *m, uint32_t pc, char *buf, size_t cap);

/* Returns the instance field of [cls] (or a superclass) at slot [offset], or NULL. */
const vm_field *explore_field_at_offset(const vm_class *cls, uint32_t offset);

/* Returns the static field of [cls] itself at static slot [offset], or NULL. */
const vm_field *explore_static_at_offset(const vm_class *cls, uint32_t offset);

/* The cell that a Sync native's arguments (object, offset) address, decoded once for the traces
 * and the race check. */
typedef struct explore_sync_target {
    const vm_class *statics; /* the class whose static it is, or NULL */
    int64_t cell; /* the static's or instance field's slot, the element's index; -1: none */
    const vm_field *field; /* the static or instance field; NULL for an element or a bad slot */
    bool element;          /* an array element */
} explore_sync_target;

/* Decodes the cell of non-null args[0] that a Sync native with arguments [args] addresses. */
explore_sync_target explore_sync_target_of(const vm *machine, const vm_slot *args);

/* Appends to [t] the cell of non-null args[0] that a Sync atomic with arguments [args] addresses:
 * ".name" for a field, "[index]" for an array element, nothing for a bad offset. */
void explore_describe_sync_cell(base_textbuf *t, const vm *machine, const vm_slot *args);

/* ---- names.c: objects and values for the tables --------------------------------------------- */

/* Appends the short name of class [name] ("Node" for a/b/List$Node, "int[]", "Node[]"). */
void explore_say_class(base_textbuf *out, const char *name);

/* Appends the name of object [h] by [names]: a path from the structure, else "Node@3"; boxed
 * numbers and strings by value. */
void explore_say_object(base_textbuf *out, const vm *machine, explore_names *names, uint32_t h);

/* Appends the value in [slot] of type [kind] (Z B C S I J F D, L or [ for references; an object
 * value by its class and number in [names], "Node@3", which stays its name while paths change;
 * [names] may be NULL for a primitive kind). */
void explore_say_value(base_textbuf *out, const vm *machine, explore_names *names, char kind,
                       const vm_slot *slot);

/* Appends element [index] of [array] as a value. */
void explore_say_element(base_textbuf *out, const vm *machine, explore_names *names,
                         const vm_object *array, uint32_t index);

/* ---- typemap.c ------------------------------------------------------------------------------- */

/* Slot types at one instruction. */
enum { VM_TYPE_TOP = 0, VM_TYPE_VALUE = 1, VM_TYPE_REF = 2 };

/* The stack height of an instruction no path reaches. */
#define EXPLORE_TYPEMAP_UNREACHED 0xFFFF

/* The types before every instruction of one method (computed by typemap.c). */
struct vm_typemap {
    uint32_t *index;  /* [code length] instruction number at each instruction start, else ~0 */
    uint16_t *height; /* [count] stack height before the instruction, EXPLORE_TYPEMAP_UNREACHED if
                         never run */
    uint8_t *types;   /* [count * width] locals, then stack */
    uint32_t count, width, max_locals;
};

/* explore_typemap_at for a method not typed yet or a pc without types: types the method, or fails.
 */
bool explore_typemap_slow(vm *machine, vm_method *m, uint32_t pc, const uint8_t **types,
                          uint32_t *height);

/* Stores in [*types] the types of [m]'s locals followed by its operand stack before the
 * instruction at [pc] and in [*height] the stack height; false when the method cannot be
 * typed (a fatal error is recorded). */
static inline bool explore_typemap_at(vm *machine, vm_method *m, uint32_t pc, const uint8_t **types,
                                      uint32_t *height)
{
    const struct vm_typemap *map = m->cache.typemap;
    if (VM_UNLIKELY(!map || pc >= m->code->length))
        return explore_typemap_slow(machine, m, pc, types, height);
    uint32_t i = map->index[pc];
    if (VM_UNLIKELY(i == UINT32_MAX || map->height[i] == EXPLORE_TYPEMAP_UNREACHED))
        return explore_typemap_slow(machine, m, pc, types, height);
    *types = map->types + (size_t)i * map->width;
    *height = map->height[i];
    return true;
}

/* Frees [m]'s type map. */
void explore_typemap_free(vm_method *m);

/* ---- serialise.c: the canonical serialisation and the exact-states table --------------------
 */

/* Serialises the current state canonically into check->ser; false after a fatal error. */
bool explore_state_serialize(vm *machine);

/* Calls [visit] on every handle (not null) the roots of [t] (its header and frames) refer to,
 * with repeats; false after a fatal error. */
bool explore_state_each_thread_ref(vm *machine, const vm_thread *t, void (*visit)(vm *, uint32_t));

/* Returns the fingerprint of serialisation check->ser, unique per serialisation (exact mode). */
por_fp explore_state_exact_fingerprint(vm *machine);

/* Returns the XXH3-128 hash of serialisation check->ser. */
por_fp explore_state_hash_serialisation(vm *machine);

/* True when state walks and serialisations leave object [h] out: null, or constant and not
 * locked (a constant object is named by its id in what references it; its contents never
 * change). */
static inline bool explore_state_left_out(const vm *machine, uint32_t h)
{
    if (!h) return true;
    const vm_object *o = machine->heap.objects[h];
    return (o->flags & VM_OBJ_CONSTANT) && !o->lock_owner;
}

/* True when class [cls] is part of the state (initialised, with statics or an initialiser). */
bool explore_state_class_counts(const vm_class *cls);

/* Hashes the serialisation of object [h] (references as ids) into [fh]. */
void explore_state_hash_object(vm *machine, uint32_t h, uint64_t fh[2]);

/* Hashes the header of thread [t] (status, waits, depth) and its top frame into [fh] and leaves
 * the objects they reference in check->refs; false after a fatal error. A thread's hash is that
 * plus the hashes of its other frames. */
bool explore_state_hash_thread_top(vm *machine, const vm_thread *t, uint64_t fh[2]);

/* Hashes frame [d] of [t] (named by thread and depth; not the top one) into [fh] and leaves the
 * objects it references in check->refs; false after a fatal error. */
bool explore_state_hash_frame(vm *machine, const vm_thread *t, uint32_t d, uint64_t fh[2]);

/* Leaves in check->refs (refs_len of them) the objects frame [d] of [t] references: its monitor,
 * reference locals and operands; false after a fatal error. */
bool explore_state_frame_refs(vm *machine, const vm_thread *t, uint32_t d);

/* Hashes the serialisation of the globals into [fh]. */
void explore_state_hash_globals(vm *machine, uint64_t fh[2]);

/* Hashes the serialisation of class [cls] into [fh]. */
void explore_state_hash_class(vm *machine, const vm_class *cls, uint64_t fh[2]);

/* Starts an object walk as explore_state_begin_walk does, first making room for a mark and a
 * stack entry per handle and starting the marks again when their epoch wraps; false after a
 * fatal error. */
bool explore_state_begin_walk_slow(vm *machine);

/* Starts an object walk: a fresh mark epoch, an empty stack; false after a fatal error. */
static inline bool explore_state_begin_walk(vm *machine)
{
    explore_check *c = machine->check;
    size_t need = machine->heap.capacity;
    if (VM_UNLIKELY(c->marks_cap < need || c->stack_cap < need || c->mark_epoch == UINT32_MAX))
        return explore_state_begin_walk_slow(machine);
    c->ser.len = 0;
    c->stack_len = 0;
    c->places_next = 0;
    c->mark_epoch++;
    return true;
}

/* Marks object [h] reached by the current walk; false when it was already (or is null). */
static inline bool explore_state_mark(explore_check *c, uint32_t h)
{
    if (c->marks[h] == c->mark_epoch) return false;
    c->marks[h] = c->mark_epoch;
    return true;
}

/* Pushes handle [h] on the walk stack (room for every handle is made by begin_walk). */
static inline void explore_state_push(explore_check *c, uint32_t h)
{
    c->stack[c->stack_len++] = h;
}

/* Frees the exact-states table. */
void explore_exact_free(explore_exact *table);

/* ---- ids.c: the counts of garbage objects reused ------------------------------------------ */

/* After a step of [t] that allocated (its allocation count was [first] before the step): gives
 * the objects of the step still reachable, in allocation order, the lowest counts of [t] that no
 * other reachable object and no shared object holds, so that the garbage a path left behind
 * does not shift the ids of what the thread allocates later; false after a fatal error. */
bool explore_ids_compact(vm *machine, vm_thread *t, uint64_t first);

/* After a step of [t] that allocated library objects (its library count was [first] before the
 * step): gives those still reachable, in allocation order, the lowest library counts of [t] that
 * no other reachable library object holds; false after a fatal error. */
bool explore_ids_compact_library(vm *machine, vm_thread *t, uint64_t first);

/* ---- fingerprint.c: incremental fingerprints --------------------------------------------------
 */

/* Returns the fingerprint of the current state (exact mode: unique per serialisation). */
por_fp explore_state_fingerprint(vm *machine);

/* Brings what the incremental fingerprint knows up to the current state (before a snapshot of
 * a state that was reached without being fingerprinted). */
void explore_state_sync(vm *machine);

/* Puts back the walk stamps changed since the walk-stamp log was [pos] entries long. */
void explore_state_undo_walks(vm *machine, size_t pos);

/* Forgets every cached hash and what the fingerprint knew (when epochs restart). */
void explore_state_forget(vm *machine);

/* Frees the fingerprint caches. */
void explore_state_free(vm *machine);

#endif
