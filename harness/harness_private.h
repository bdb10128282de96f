/* Private to harness/: the client harness. gen.c writes the class of one client (its
 * constructor call and invocations) and defines it; harness.c holds the Harness natives, starts
 * a client, reads its results and describes its steps; oracle.c runs a client's invocations one
 * at a time for the implementation oracle. The Java side is the model library's
 * jdk.internal.porcheck.Harness. */
#ifndef PORCHECK_HARNESS_PRIVATE_H
#define PORCHECK_HARNESS_PRIVATE_H

#include "harness.h"
#include "internal.h"

/* The model library's harness class (binary name). */
#define HARNESS_CLASS "jdk/internal/porcheck/Harness"

/* The class generated for a client (binary name); it implements Harness$Client. */
#define HARNESS_CLIENT "jdk/internal/porcheck/GeneratedClient"

/* The largest number of invocations a client may have (Harness.MAX). */
#define HARNESS_MAX_CALLS 256

/* The natives of jdk.internal.porcheck.Harness (harness.c), which the harness adds to the vm
 * before it loads the class under test. */
extern const vm_native harness_natives[];

/* Writes the class of client [hc] (its methods resolved in the class under test) and defines
 * it in [machine]; fills [err] with a one-line message naming the class and method on
 * failure. */
vm_status harness_define(vm *machine, const harness_vm_client *hc, vm_error *err);

/* Defines client [hc]'s class and prepares its main as thread 0 (vm_start) in [mode], "check"
 * (threads) or "oracle" (invocations on request). */
vm_status harness_start_mode(vm *machine, const harness_vm_client *hc, const char *mode,
                             vm_error *err);

/* True when [cls] or a superclass other than Object declares a toString() of its own. */
bool harness_overrides_to_string(const vm_class *cls);

/* Returns the slot of static field [name] of the Harness class, or NULL when it is not loaded. */
vm_slot *harness_static(const vm *machine, const char *name);

/* Fills [err] with [status] and a printf-style message; returns [status]. */
vm_status harness_fail(vm_error *err, vm_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
