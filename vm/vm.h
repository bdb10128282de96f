/* vm: porcheck's JVM (heap, threads as data, interpreter, natives, snapshots).
 * The interpreter lands with the VM issue; this header is the module's one public header. */
#ifndef PORCHECK_VM_H
#define PORCHECK_VM_H

#include "classfile.h"

#endif
