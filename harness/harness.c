/* The client harness at run time: the natives of jdk.internal.porcheck.Harness (stores into its
 * result arrays and a thread start without Thread.start's monitor, none of them a scheduling
 * point except the start), starting a client, reading its results from the Harness statics, and
 * what the interleaving tables of porcheck check need: which invocation a thread is in and what
 * its next transition does. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "harness_private.h"

/* ---- Starting a client ----------------------------------------------------------------------- */

/* Tells the harness natives the method name of every invocation of [hc]. */
static vm_status keep_names(vm *machine, const harness_vm_client *hc, vm_error *err)
{
    const char *names[HARNESS_MAX_CALLS];
    for (size_t k = 0; k < hc->call_count && k < HARNESS_MAX_CALLS; k++)
        names[k] = hc->calls[k].method;
    return vm_harness_set_calls(machine, names, hc->call_count, err);
}

/* Starts client [hc] in [mode] ("check" or "oracle"): defines its class and prepares main. */
vm_status harness_start_mode(vm *machine, const harness_vm_client *hc, const char *mode,
                             vm_error *err)
{
    if (hc->thread_count > VM_MAX_THREADS - 1)
        return harness_fail(err, VM_ERR_LIMIT, "error: more than %d client threads",
                            VM_MAX_THREADS - 1);
    vm_status st = harness_define(machine, hc, err);
    if (st || (st = keep_names(machine, hc, err))) return st;
    char counts[VM_MAX_THREADS + 2][24];
    char *argv[VM_MAX_THREADS + 3];
    int argc = 0;
    argv[argc++] = (char *)mode;
    size_t values[VM_MAX_THREADS + 2];
    values[0] = hc->prefix_count;
    values[1] = hc->suffix_count;
    for (size_t i = 0; i < hc->thread_count; i++) values[2 + i] = hc->thread_calls[i];
    for (size_t i = 0; i < hc->thread_count + 2; i++) {
        snprintf(counts[i], sizeof counts[i], "%zu", values[i]);
        argv[argc++] = counts[i];
    }
    return vm_start(machine, HARNESS_CLIENT, argc, argv, err);
}

vm_status harness_start(vm *machine, const harness_vm_client *hc, vm_error *err)
{
    return harness_start_mode(machine, hc, "check", err);
}

/* ---- Results --------------------------------------------------------------------------------- */

bool harness_read_result(const vm *machine, size_t index, harness_result *out)
{
    memset(out, 0, sizeof *out);
    vm_harness_value v;
    if (!vm_harness_result(machine, index, &v)) return false;
    out->kind = v.kind >= 0 && v.kind <= HARNESS_RESULT_THROWN ? (harness_result_kind)v.kind
                                                               : HARNESS_RESULT_NONE;
    out->value = v.value;
    _Static_assert(sizeof out->text == sizeof v.text, "the same text bound");
    memcpy(out->text, v.text, sizeof out->text);
    return true;
}

/* ---- Traces ---------------------------------------------------------------------------------- */

long harness_call_of(const vm *machine, uint32_t thread)
{
    return vm_harness_call_of(machine, thread);
}

bool harness_own_thread(const vm *machine, uint32_t thread)
{
    return vm_harness_own_thread(machine, thread);
}

/* The class whose "call" frame is [thread]'s invocation in descriptions: the generated client's
 * for the harness's threads, none (the thread's outermost application frame) for the
 * structure's, whose objects [names] then names from the object under test. */
static const char *entry_of(const vm *machine, uint32_t thread, explore_names *names)
{
    if (harness_own_thread(machine, thread)) return HARNESS_CLIENT;
    uint32_t target = vm_harness_target(machine);
    if (target) names->root = target;
    return NULL;
}

void harness_describe(const vm *machine, uint32_t thread, char *buf, size_t cap)
{
    explore_describe_step(machine, thread, HARNESS_CLIENT, "call", buf, cap);
}

size_t harness_describe_nesting(const vm *machine, uint32_t thread, explore_names *names,
                                explore_action *out)
{
    return explore_describe_nesting(machine, thread, entry_of(machine, thread, names), "call",
                                    names, out);
}

bool harness_describe_invocation(const vm *machine, uint32_t thread, explore_action *out)
{
    return explore_describe_invocation(machine, thread, HARNESS_CLIENT, "call", out);
}

bool harness_describe_action(const vm *machine, uint32_t thread, explore_names *names,
                             explore_action *out)
{
    return explore_describe_action(machine, thread, entry_of(machine, thread, names), "call", names,
                                   out);
}
