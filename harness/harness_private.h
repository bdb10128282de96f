/* Private to harness/: the client harness. gen.c writes the class of one client (its
 * constructor call and invocations) and defines it; harness.c holds the Harness natives, starts
 * a client, reads its results and describes its steps; oracle.c runs a client's invocations one
 * at a time for the implementation oracle. The Java side is the model library's
 * jdk.internal.porcheck.Harness. */
#ifndef PORCHECK_HARNESS_PRIVATE_H
#define PORCHECK_HARNESS_PRIVATE_H

#include "explore.h"
#include "harness.h"

/* The model library's harness class (binary name). */
#define HARNESS_CLASS VM_HARNESS_CLASS

/* The class generated for a client (binary name); it implements Harness$Client. */
#define HARNESS_CLIENT VM_HARNESS_CLIENT

/* The largest number of invocations a client may have (Harness.MAX). */
#define HARNESS_MAX_CALLS VM_HARNESS_MAX_CALLS

/* Writes the class of client [hc] (its methods resolved in the class under test) and defines
 * it in [machine]; fills [err] with a one-line message naming the class and method on
 * failure. */
vm_status harness_define(vm *machine, const harness_vm_client *hc, vm_error *err);

/* Defines client [hc]'s class and prepares its main as thread 0 (vm_start) in [mode], "check"
 * (threads) or "oracle" (invocations on request). */
vm_status harness_start_mode(vm *machine, const harness_vm_client *hc, const char *mode,
                             vm_error *err);

/* Fills [err] with [status] and a printf-style message; returns [status]. */
vm_status harness_fail(vm_error *err, vm_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
