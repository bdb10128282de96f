/* The VM as a por transition system (the lts table) and the checker's reporting API. The model
 * is the vm itself; its current state is whatever the heap, statics and threads hold. A step
 * runs one thread from where it is parked to its next scheduling point (classify.c); the trail
 * (trail.c) saves and restores states; serialise.c and fingerprint.c fingerprint them. Thread ids
 * are fixed for the whole search (ids not started on the current path are neither enabled nor
 * waiting), and a thread keeps its id on every path: it is chosen by which thread started it and
 * how many that one had started before (thread.c). */
#include <stdio.h>

#include "check.h"

/* ---- The lts table --------------------------------------------------------------------------- */

static size_t lts_thread_count(const void *model)
{
    const vm *machine = model;
    return machine->check->opts.max_threads;
}

/* True while the program runs: until its main thread ends when the options say so (a client's
 * harness), else while a non-daemon thread is alive (Java's rule). Once it has ended, the threads
 * still alive are stopped where they stand. */
static bool program_running(const vm *machine)
{
    if (machine->check->opts.main_ends) return machine->threads[0]->state != VM_THREAD_TERMINATED;
    for (uint32_t i = 0; i < machine->thread_count; i++) {
        const vm_thread *t = machine->threads[i];
        if (t->state == VM_THREAD_NEW || t->state == VM_THREAD_TERMINATED) continue;
        if (!t->object || !VM_FIELDS(vm_obj(machine, t->object))[machine->off.thread_daemon].i)
            return true;
    }
    return false;
}

/* The lts: the threads that can take their next transition. */
static por_tset lts_enabled(const void *model)
{
    const vm *machine = model;
    por_tset set = 0;
    if (!program_running(machine)) return 0;
    for (uint32_t i = 0; i < machine->thread_count; i++)
        if (explore_sched_enabled(machine, machine->threads[i])) set |= (por_tset)1 << i;
    return set;
}

/* The lts: the live threads that cannot (blocked or waiting), while the program runs. */
static por_tset lts_waiting(const void *model)
{
    const vm *machine = model;
    por_tset set = 0;
    if (machine->exiting || !program_running(machine)) return 0;
    for (uint32_t i = 0; i < machine->thread_count; i++) {
        const vm_thread *t = machine->threads[i];
        if (t->state == VM_THREAD_NEW || t->state == VM_THREAD_TERMINATED) continue;
        if (!explore_sched_enabled(machine, t)) set |= (por_tset)1 << i;
    }
    return set;
}

/* The lts: in an end state, the live threads it stopped (daemon threads, or a client's
 * structure's own threads). */
static por_tset lts_stopped(const void *model)
{
    const vm *machine = model;
    por_tset set = 0;
    if (machine->exiting || program_running(machine)) return 0;
    for (uint32_t i = 0; i < machine->thread_count; i++) {
        const vm_thread *t = machine->threads[i];
        if (t->state != VM_THREAD_NEW && t->state != VM_THREAD_TERMINATED) set |= (por_tset)1 << i;
    }
    return set;
}

/* The lts: the label of [thread]'s next transition. */
static void lts_peek(const void *model, size_t thread, por_label *out)
{
    const vm *machine = model;
    memset(out, 0, sizeof *out);
    out->thread = (uint32_t)thread;
    if (thread < machine->thread_count) explore_sched_label(machine, machine->threads[thread], out);
}

/* The lts: whether [thread]'s next transition, labelled [next], can wait for another thread: it
 * waits now, or it works on a monitor, a thread's life, a park permit or a class's
 * initialisation (a plain field access never waits). */
static bool lts_may_block(const void *model, size_t thread, const por_label *next)
{
    const vm *machine = model;
    if (thread >= machine->thread_count) return false;
    if (!explore_sched_enabled(machine, machine->threads[thread])) return true;
    return next->access != POR_INVISIBLE && next->field >= EXPLORE_FIELD_LOCK &&
           next->field != EXPLORE_FIELD_OUTPUT;
}

/* Decides where a thread created during a step is parked: its first instruction, classified. */
static void park_new_thread(vm *machine, vm_thread *t)
{
    const vm_frame *f = &t->frames[t->depth - 1];
    t->park = (uint8_t)explore_sched_classify(machine, t, f, f->method->code->code + f->pc,
                                              t->slots + f->sp);
}

/* Copies the vm's fatal error into [err]. */
static por_step_result step_error(const vm *machine, por_error *err)
{
    const char *msg = machine->failed ? machine->error.message
                                      : "internal error: a snapshot was restored out of order";
    por_fail(err, POR_ERR_LTS, "%s", msg);
    return POR_STEP_ERROR;
}

/* The lts: runs [thread] to its next scheduling point; an uncaught exception is an assertion
 * failure, a fatal VM error an lts error. */
static por_step_result lts_step(void *model, size_t thread, por_error *err)
{
    vm *machine = model;
    explore_check *c = machine->check;
    if (c->broken || machine->failed || thread >= machine->thread_count)
        return step_error(machine, err);
    vm_thread *t = machine->threads[thread];
    bool was_uncaught = t->uncaught;
    c->created = 0;
    vm_thread_w(machine, t);
    uint64_t first = t->allocations, first_library = t->library_allocations;
    explore_sched_before_step(machine, t);
    /* Inside an atomic library call, a scheduling point with a label of its own (a park, an
     * unpark, an initialisation) is a step of its own: what follows is labelled with the lock. */
    bool alone = t->park != VM_PARK_NONE && vm_atomic_call(t);
    vm_stop stop = {
        .watch = machine->driver.watch, .skip_first = true, .max_instructions = alone ? 1 : 0};
    vm_run_result r = vm_interpret(machine, t, &stop);
    if (r == VM_RUN_BLOCKED) t->park = VM_PARK_BLOCKED;
    /* the threads the step started: under a new id or one that an earlier path had used */
    for (uint64_t m = c->created; m; m &= m - 1) {
        vm_thread *n = machine->threads[__builtin_ctzll(m)];
        if (n->state == VM_THREAD_RUNNABLE && n->depth) park_new_thread(machine, n);
    }
    if (r == VM_RUN_FAILED || machine->failed || !explore_ids_compact(machine, t, first) ||
        !explore_ids_compact_library(machine, t, first_library))
        return step_error(machine, err);
    return !was_uncaught && t->uncaught ? POR_STEP_ASSERT : POR_STEP_OK;
}

/* The lts: the fingerprint of the current state. */
static por_fp lts_fingerprint(const void *model)
{
    return explore_state_fingerprint((vm *)model);
}

/* The lts: a snapshot (a trail position). */
static por_snapshot *lts_save(void *model)
{
    return explore_trail_save(model);
}

/* The lts: undoes the trail back to [snap]. */
static void lts_restore(void *model, const por_snapshot *snap)
{
    explore_trail_restore(model, snap);
}

/* The lts: recycles [snap]. */
static void lts_release(void *model, por_snapshot *snap)
{
    explore_trail_release(model, snap);
}

/* The lts under heap symmetry: the object-names hash of the state last fingerprinted. */
static uint64_t lts_names(const void *model)
{
    return ((const vm *)model)->check->names;
}

/* The lts: "main at App.run(App.java:9), in java.util.TreeMap.successor(...): read ...", where
 * [thread] stands and what it does next. */
static void lts_describe(const void *model, size_t thread, char *buf, size_t cap)
{
    const vm *machine = model;
    char name[128], where[1024];
    if (thread >= machine->thread_count) {
        if (cap) buf[0] = '\0';
        return;
    }
    explore_thread_name(machine, (uint32_t)thread, name, sizeof name);
    explore_describe_next(machine, (uint32_t)thread, where, sizeof where);
    snprintf(buf, cap, "%s at %s", name, where);
}

static const por_lts_ops vm_lts_ops = {
    lts_thread_count, lts_enabled, lts_waiting, lts_peek,     lts_step,
    lts_fingerprint,  lts_save,    lts_restore, lts_release,  NULL,
    lts_may_block,    true,        lts_stopped, lts_describe,
};

/* Heap symmetry: fingerprints leave object names out, lts_names tells them. */
static const por_lts_ops vm_symmetric_lts_ops = {
    lts_thread_count, lts_enabled, lts_waiting, lts_peek,     lts_step,
    lts_fingerprint,  lts_save,    lts_restore, lts_release,  lts_names,
    lts_may_block,    true,        lts_stopped, lts_describe,
};

por_lts explore_lts(vm *machine)
{
    bool symmetric = machine->check && machine->check->opts.heap_symmetry;
    por_lts lts = {symmetric ? &vm_symmetric_lts_ops : &vm_lts_ops, machine};
    return lts;
}

/* ---- Setting up ------------------------------------------------------------------------------ */

/* Copies the [n] class names or prefixes of [names] into a new array [*out] as binary names,
 * counting them in [*count] as they are made; false when out of memory. */
static bool copy_names(char ***out, size_t *count, const char *const *names, size_t n)
{
    if (!n) return true;
    *out = base_calloc(n, sizeof **out);
    if (!*out) return false;
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(names[i]);
        char *copy = base_malloc(len + 1);
        if (!copy) return false;
        for (size_t k = 0; k <= len; k++) copy[k] = names[i][k] == '.' ? '/' : names[i][k];
        (*out)[(*count)++] = copy;
    }
    return true;
}

/* Frees the [count] names of [names]. */
static void free_names(char **names, size_t count)
{
    for (size_t i = 0; i < count; i++) base_free(names[i]);
    base_free(names);
}

/* Marks everything reachable from statics shared (jpf): any thread can reach it. */
static void expose_statics(vm *machine)
{
    for (uint32_t i = 0; i < machine->class_count; i++)
        vm_each_static_ref(machine, machine->classes[i], explore_sched_expose);
}

/* Fills [err] with [status] and [msg]; returns [status]. */
static vm_status begin_error(vm_error *err, vm_status status, const char *msg)
{
    err->status = status;
    snprintf(err->message, sizeof err->message, "%s", msg);
    return status;
}

/* ---- The hooks: what the JVM calls on the checker (hooks.h) --------------------------------- */

/* Notes the allocation of [h] by [t] (NULL: the VM): the trail undoes it, ids.c names it. */
static bool hook_allocated(vm *machine, vm_thread *t, uint32_t h)
{
    explore_trail_alloc(machine, h);
    if (t && vm_id_is_library(vm_obj(machine, h)->id))
        return explore_ids_note_library(machine, t, t->library_allocations - 1, h);
    return !t || explore_ids_note(machine, t, t->allocations - 1, h);
}

/* Appends program output to the current path's, part of its state. */
static void hook_output(vm *machine, int fd, const char *bytes, size_t len)
{
    vm_globals_w(machine);
    vm_bytes *b = fd == 1 ? &machine->check->out : &machine->check->err;
    if (!vm_bytes_append(b, bytes, len)) vm_fail(machine, VM_ERR_NOMEM, "error: out of memory");
}

/* The scheduling-point predicate: the first thread, before it starts another, does not stop,
 * but publishes what the instruction publishes (jpf classifier). */
static vm_park hook_classify(vm *machine, vm_thread *t, const vm_frame *frame, const uint8_t *pc,
                             const vm_slot *sp)
{
    vm_park park = explore_sched_classify(machine, t, frame, pc, sp);
    if (park == VM_PARK_NONE || !explore_sched_first(machine, t)) return park;
    explore_sched_expose_pending(machine, park, frame, pc, sp);
    return VM_PARK_NONE;
}

/* The hooks the checker installs on the vm it drives. */
static const vm_hooks check_hooks = {
    .log_object = explore_trail_object,
    .log_statics = explore_trail_statics,
    .log_class = explore_trail_class,
    .log_thread = explore_trail_thread,
    .log_globals = explore_trail_globals,
    .allocated = hook_allocated,
    .thread_created = explore_trail_thread_new,
    .published = explore_sched_expose,
    .output = hook_output,
    .classify = hook_classify,
    .detach = explore_check_free,
};

vm_status explore_check_begin(vm *machine, const explore_check_options *opts, vm_error *err)
{
    if (machine->check || machine->thread_count != 1 || machine->threads[0]->depth == 0)
        return begin_error(err, VM_ERR_BAD_INPUT, "error: explore_check_begin needs a started vm");
    if (opts->max_threads > VM_MAX_THREADS)
        return begin_error(err, VM_ERR_BAD_INPUT,
                           "error: at most " VM_MAX_THREADS_TEXT " threads can be checked");
    explore_check *c = base_calloc(1, sizeof *c);
    if (!c) return begin_error(err, VM_ERR_NOMEM, "error: out of memory");
    machine->check = c;
    machine->driver.hooks = &check_hooks;
    c->opts = *opts;
    c->opts.visible = c->opts.widened = NULL;
    c->opts.visible_count = c->opts.widened_count = 0;
    if (!c->opts.max_threads) c->opts.max_threads = 16;
    if (!c->opts.max_instructions) c->opts.max_instructions = 50000;
    if (!copy_names(&c->visible, &c->visible_count, opts->visible, opts->visible_count) ||
        !copy_names(&c->widened, &c->widened_count, opts->widened, opts->widened_count))
        return begin_error(err, VM_ERR_NOMEM, "error: out of memory");
    machine->driver.max_threads = c->opts.max_threads;
    machine->driver.max_instructions = c->opts.max_instructions;
    explore_sched_init_watch(machine->driver.watch);
    vm_flush_output(machine);
    explore_trail_new_epoch(machine);
    c->main_floor = machine->threads[0]->allocations;
    c->main_library_floor = machine->threads[0]->library_allocations;
    expose_statics(machine);
    park_new_thread(machine, machine->threads[0]);
    if (machine->failed) {
        *err = machine->error;
        return err->status;
    }
    return VM_OK;
}

/* Frees the type maps the checker cached on the methods of [machine]. */
static void free_typemaps(vm *machine)
{
    for (uint32_t i = 0; i < machine->class_count; i++) {
        vm_class *cls = machine->classes[i];
        for (uint16_t k = 0; cls->methods && k < cls->method_count; k++)
            explore_typemap_free(&cls->methods[k]);
        if (cls->owned_clinit) explore_typemap_free(cls->owned_clinit);
    }
}

void explore_check_free(vm *machine)
{
    explore_check *c = machine->check;
    if (!c) return;
    free_typemaps(machine);
    explore_trail_free(machine);
    vm_bytes_free(&c->out);
    vm_bytes_free(&c->err);
    vm_bytes_free(&c->ser);
    explore_reach_free(c->reach);
    base_free(c->stack);
    base_free(c->ids_buf);
    base_free(c->static_roots);
    for (size_t i = 0; i < VM_MAX_THREADS; i++) base_free(c->allocs[i]);
    for (size_t i = 0; i < VM_MAX_THREADS; i++) base_free(c->library_allocs[i]);
    explore_exact_free(&c->exact);
    explore_state_free(machine);
    explore_race_free(c);
    free_names(c->visible, c->visible_count);
    free_names(c->widened, c->widened_count);
    base_free(c);
    machine->check = NULL;
    machine->driver.hooks = NULL;
}

uint32_t explore_check_threads(const vm *machine)
{
    return machine->check ? machine->check->opts.max_threads : machine->thread_count;
}

const char *explore_check_output(const vm *machine, size_t *len)
{
    *len = machine->check ? machine->check->out.len : 0;
    return machine->check && machine->check->out.data ? (const char *)machine->check->out.data : "";
}

const char *explore_check_errors(const vm *machine, size_t *len)
{
    *len = machine->check ? machine->check->err.len : 0;
    return machine->check && machine->check->err.data ? (const char *)machine->check->err.data : "";
}

por_snapshot *explore_check_save(vm *machine)
{
    return explore_trail_save(machine);
}

bool explore_check_restore(vm *machine, const por_snapshot *snap)
{
    explore_trail_restore(machine, snap);
    return !machine->check->broken;
}

void explore_check_release(vm *machine, por_snapshot *snap)
{
    explore_trail_release(machine, snap);
}

bool explore_check_broken(const vm *machine)
{
    return machine->check->broken;
}
