/* clients: private helpers shared by the files that run clients in porcheck's VM (impl.c: the
 * implementation oracle; check.c: the model checking; trace.c: replays and tables). */
#ifndef PORCHECK_CLIENTS_IMPL_H
#define PORCHECK_CLIENTS_IMPL_H

#include "harness.h"
#include "internal.h"

/* A client's threads and main run as threads of one checked program. */
_Static_assert(CLIENT_MAX_THREADS + 1 <= VM_MAX_THREADS, "clients must fit the VM's thread limit");

/* A client converted for the VM harness; everything it points to lives in [arena] or the
 * client and its spec. */
typedef struct harness_client {
    vm_harness_client hc;
    vm_harness_call calls[CLIENT_MAX_INVOCATIONS];
    size_t thread_calls[CLIENT_MAX_THREADS];
    base_arena arena;
} harness_client;

/* Converts argument [v] of parameter type [type] into the harness argument [out]. */
void harness_arg(const client_type *type, const client_value *v, vm_harness_arg *out);

/* Converts [c] into [out]; fills [err] when out of memory. */
client_status harness_client_init(const client *c, harness_client *out, client_error *err);

/* Frees what harness_client_init allocated. */
void harness_client_free(harness_client *hc);

/* Fills the VM options [out] for running the implementation as [opt] says (assertions on). */
void harness_vm_options(const client_impl_options *opt, vm_options *out);

/* Turns VM error [verr] into a clients error in [err] (without the "error: " prefix); returns
 * its status: CLIENT_ERR_SPEC when the spec does not fit the class (a missing class, method or
 * constructor, a constructor that throws), CLIENT_ERR_NOMEM, else CLIENT_ERR_OBJECT. */
client_status harness_vm_error(const vm_error *verr, client_error *err);

/* Converts VM result [r] into [out] (its text still belongs to [r]); false when the
 * invocation has not returned. */
bool harness_value(const vm_result *r, client_value *out);

#endif
