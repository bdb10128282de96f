/* The interpreter dispatched through a table of label addresses (GCC/Clang computed goto), built
 * twice: for quickened code outside the checker and the stop-before API, and as it is. */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpedantic"
#pragma GCC diagnostic ignored "-Woverride-init"
#include "internal.h"

#define VM_USE_GOTO 1
#define VM_QUICK 1
#define VM_INTERP_NAME interpret_quick
static vm_run_result VM_INTERP_NAME(vm *machine, vm_thread *t, const vm_stop *stop);
#include "interp_loop.h"
#undef VM_QUICK
#undef VM_INTERP_NAME

#define VM_QUICK 0
#define VM_INTERP_NAME interpret_plain
static vm_run_result VM_INTERP_NAME(vm *machine, vm_thread *t, const vm_stop *stop);
#include "interp_loop.h"

vm_run_result vm_interpret_goto(vm *machine, vm_thread *t, const vm_stop *stop)
{
    if (!stop->watch && !machine->driver.hooks) return interpret_quick(machine, t, stop);
    return interpret_plain(machine, t, stop);
}
#else
typedef int interp_goto_unavailable; /* ISO C needs a declaration in every translation unit */
#endif
