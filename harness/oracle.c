/* The implementation oracle: the class under test run sequentially, one invocation at a time,
 * in its own VM (Violat's method for expected outcomes). The client's class runs in oracle mode:
 * Harness.main builds the object, starts a thread per client thread (T0, T1, ... as in check
 * mode) and every thread loops reading the next request from a static; the VM runs the thread
 * that owns the invocation (main for the prefix and the suffix) until it stands before that read
 * again (a vm_stop predicate), so each invocation runs to completion with no scheduling at all,
 * on the thread it runs on in the checked program (what depends on the calling thread, a
 * ThreadLocal, a lock's owner, a thread's name, comes out as it would there). States are the
 * checker's undo-trail snapshots (restored in stack order, as the linearization search does).
 * The fingerprint is of the object and the threads: everything reachable from them and from the
 * statics of the initialised classes (the harness's own excepted), with objects numbered in
 * traversal order instead of by their ids, so two orders of the same invocations that build
 * equal structures match. */
#include <stdio.h>
#include <string.h>

#include "harness_private.h"

/* Invocation budget when none is given (branches, calls and returns). */
#define DEFAULT_BUDGET 1000000u

/* Timeouts of timed waits an invocation may take in a sequential run before it counts as
 * blocking for ever (it waits for what no sequential run provides). */
#define MAX_TIMEOUTS 100000u

struct harness_oracle {
    vm *machine;
    uint64_t budget;
    bool watch[256];             /* opcodes the stop predicate looks at */
    bool at_request;             /* the last run stopped before the request read */
    size_t prefix;               /* invocations of the prefix (run by main) */
    size_t threads;              /* client threads */
    size_t ends[VM_MAX_THREADS]; /* one past the last invocation of each client thread */
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
    if (r == VM_RUN_FAILED || vm_last_error(machine)->status) {
        *err = *vm_last_error(machine);
        return err->status ? err->status : VM_ERR_UNSUPPORTED;
    }
    if (r == VM_RUN_ENDED && explore_describe_uncaught(machine, 0, what, sizeof what)) {
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

/* Branches, calls and returns an invocation runs between two looks at the machine's state. */
enum { QUANTUM = 4096 };

/* What an invocation's run has looked at so far to tell whether it spins (Brent's cycle
 * detection over the states at the ends of its quanta). */
typedef struct spin_watch {
    por_fp saved;          /* the state a later quantum's end is compared with */
    uint64_t power, since; /* when [saved] is replaced: after [power] quanta, [since] so far */
    bool have;             /* [saved] is set */
    bool spins;            /* a state came back: the run repeats for ever */
} spin_watch;

/* Looks at the state at the end of a quantum: true when it is one the run was in at the end of
 * an earlier quantum. A sequential run is deterministic, so it then goes round for ever: it
 * spins waiting for what no sequential run provides, as a wait that never ends does. */
static bool spins_again(harness_oracle *o, spin_watch *w)
{
    por_lts lts = explore_lts(o->machine);
    por_fp fp = lts.ops->fingerprint(lts.model);
    if (w->have && fp.lo == w->saved.lo && fp.hi == w->saved.hi) return true;
    if (!w->have || w->since == w->power) {
        w->saved = fp;
        w->have = true;
        w->power = w->power ? w->power * 2 : 1;
        w->since = 0;
    }
    w->since++;
    return false;
}

/* Runs [thread] with [stop] and a whole budget, in quanta; sets w->spins and stops when the run
 * comes back to a state it was in. */
static vm_run_result run_quanta(harness_oracle *o, uint32_t thread, vm_stop *stop, spin_watch *w)
{
    for (uint64_t left = o->budget;;) {
        stop->budget = left < QUANTUM ? left : QUANTUM;
        vm_run_result r = vm_thread_run(o->machine, thread, stop);
        stop->skip_first = false; /* stopped by the budget, not before the request read */
        left -= stop->budget;
        if (r != VM_RUN_STOPPED || o->at_request || !left || vm_last_error(o->machine)->status)
            return r;
        if (spins_again(o, w)) {
            w->spins = true;
            return r;
        }
    }
}

/* Returns the threads of [o]'s machine that have been started (a bit per id). */
static uint64_t started_threads(const harness_oracle *o)
{
    uint64_t set = 0;
    for (uint32_t i = 0; i < vm_thread_count(o->machine) && i < 64; i++)
        if (vm_thread_state_of(o->machine, i) != VM_THREAD_NEW) set |= UINT64_C(1) << i;
    return set;
}

/* Runs, each as far as it goes, the threads that the invocation has started (those not in
 * [before]) and that can run, lowest id first: a method that forks helpers and joins them
 * waits for them, and a sequential run of it must run them. Returns VM_RUN_BLOCKED when none
 * could run, VM_RUN_ENDED when some did, or what stopped one (its budget, a failure). */
static vm_run_result run_helpers(harness_oracle *o, uint64_t before)
{
    vm_stop stop = {.budget = o->budget};
    vm_run_result ran = VM_RUN_BLOCKED;
    uint64_t helpers = started_threads(o) & ~before;
    for (uint32_t h = 0; h < 64 && helpers >> h; h++) {
        if (!(helpers >> h & 1) || !vm_thread_can_run(o->machine, h)) continue;
        vm_run_result r = vm_thread_run(o->machine, h, &stop);
        if (r == VM_RUN_STOPPED || r == VM_RUN_FAILED || r == VM_RUN_EXITED) return r;
        ran = VM_RUN_ENDED;
    }
    return ran;
}

/* Runs [thread] until it stands before its next request read, and the threads it starts while
 * it waits for them. */
static vm_status run_to_request(harness_oracle *o, uint32_t thread, vm_error *err)
{
    vm *machine = o->machine;
    if (explore_check_broken(machine))
        return harness_fail(err, VM_ERR_UNSUPPORTED,
                            "internal error: a snapshot was restored out of order");
    vm_stop stop = {.budget = o->budget,
                    .watch = o->watch,
                    .before = before_request,
                    .ctx = o,
                    .skip_first = true};
    o->at_request = false;
    uint64_t before = started_threads(o);
    spin_watch spin = {0};
    vm_run_result r = run_quanta(o, thread, &stop, &spin);
    /* A wait that can end by itself (a timed wait's timeout) goes on, up to a bound: beyond it
     * the invocation waits for what no sequential run provides, as one that blocks does. So
     * does a wait for the threads the invocation started, while they can run. */
    for (uint32_t k = 0; r == VM_RUN_BLOCKED && k < MAX_TIMEOUTS; k++) {
        if (!vm_thread_can_run(machine, thread)) {
            vm_run_result helped = run_helpers(o, before);
            if (helped == VM_RUN_BLOCKED) break;
            if (helped != VM_RUN_ENDED) {
                r = helped;
                break;
            }
            if (!vm_thread_can_run(machine, thread)) continue;
        }
        r = run_quanta(o, thread, &stop, &spin);
    }
    if (spin.spins) return harness_fail(err, VM_ERR_DEADLOCK, "error: spins for ever");
    if (r == VM_RUN_STOPPED && o->at_request && !vm_last_error(machine)->status) return VM_OK;
    return run_failure(o, r, err);
}

/* Returns the client thread of invocation [index] (-1: the prefix's or the suffix's, main's). */
static long client_thread_of(const harness_oracle *o, size_t index)
{
    if (index < o->prefix) return -1;
    for (size_t k = 0; k < o->threads; k++)
        if (index < o->ends[k]) return (long)k;
    return -1;
}

/* Keeps where each client thread's invocations end in [hc]'s canonical order. */
static void keep_layout(harness_oracle *o, const harness_vm_client *hc)
{
    o->prefix = hc->prefix_count;
    o->threads = hc->thread_count < VM_MAX_THREADS ? hc->thread_count : VM_MAX_THREADS;
    size_t end = hc->prefix_count;
    for (size_t k = 0; k < o->threads; k++) o->ends[k] = end += hc->thread_calls[k];
}

/* Runs main until it serves (it has built the object and started the serving threads), then
 * each serving thread until it does. */
static vm_status run_to_serving(harness_oracle *o, vm_error *err)
{
    vm_status st = run_to_request(o, 0, err);
    for (size_t k = 0; k < o->threads && !st; k++) {
        uint32_t thread = vm_harness_server(o->machine, (long)k);
        st = thread == UINT32_MAX
                 ? harness_fail(err, VM_ERR_UNSUPPORTED, "internal error: no thread serves T%zu", k)
                 : run_to_request(o, thread, err);
    }
    return st;
}

vm_status harness_oracle_new(const vm_options *opts, const harness_vm_client *hc, uint64_t budget,
                             harness_oracle **out, vm_error *err)
{
    *out = NULL;
    harness_oracle *o = base_calloc(1, sizeof *o);
    if (!o) return harness_fail(err, VM_ERR_NOMEM, "error: out of memory");
    o->budget = budget ? budget : DEFAULT_BUDGET;
    o->watch[CF_OP_GETSTATIC] = true;
    /* The constructor may start threads of the structure's own; none of them runs here. */
    explore_check_options check = {.classifier = EXPLORE_CLASSIFY_SAFE,
                                   .max_threads = VM_MAX_THREADS};
    vm_status st = vm_new(opts, &o->machine, err);
    if (!st) st = harness_start_mode(o->machine, hc, "oracle", err);
    if (!st) st = explore_check_begin(o->machine, &check, err);
    keep_layout(o, hc);
    if (!st) st = run_to_serving(o, err);
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
    base_free(o);
}

vm_status harness_oracle_invoke(harness_oracle *o, size_t index, harness_result *out, vm_error *err)
{
    vm *machine = o->machine;
    if (!vm_harness_request(machine, index))
        return harness_fail(err, VM_ERR_BAD_INPUT, "error: no invocation %zu", index);
    uint32_t thread = vm_harness_server(machine, client_thread_of(o, index));
    if (thread == UINT32_MAX)
        return harness_fail(err, VM_ERR_UNSUPPORTED, "internal error: no thread serves %zu", index);
    vm_status st = run_to_request(o, thread, err);
    if (st) return st;
    if (!harness_read_result(machine, index, out) || out->kind == HARNESS_RESULT_NONE)
        return harness_fail(err, VM_ERR_UNSUPPORTED, "error: invocation %zu left no result", index);
    return VM_OK;
}

/* ---- Snapshots ------------------------------------------------------------------------------- */

por_snapshot *harness_oracle_save(harness_oracle *o)
{
    return explore_check_save(o->machine);
}

bool harness_oracle_restore(harness_oracle *o, const por_snapshot *snap)
{
    return explore_check_restore(o->machine, snap);
}

void harness_oracle_release(harness_oracle *o, por_snapshot *snap)
{
    explore_check_release(o->machine, snap);
}

const vm *harness_oracle_vm(const harness_oracle *o)
{
    return o->machine;
}

por_fp harness_oracle_fingerprint(harness_oracle *o)
{
    uint32_t served = vm_harness_served(o->machine);
    if (!served) return (por_fp){0, 0};
    return explore_fingerprint_reachable(o->machine, served, HARNESS_CLASS);
}
