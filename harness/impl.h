/* harness: private helpers shared by the files that turn clients into harness clients (impl.c:
 * the implementation oracle; resolve.c: specs resolved against their class). */
#ifndef PORCHECK_HARNESS_IMPL_H
#define PORCHECK_HARNESS_IMPL_H

#include "harness.h"

/* Converts argument [v] of parameter type [type] into the harness argument [out]. */
void harness_arg(const client_type *type, const client_value *v, harness_vm_arg *out);

#endif
