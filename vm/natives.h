/* Private to the native tables: argument helpers and the natives shared between tables. */
#ifndef PORCHECK_VM_NATIVES_H
#define PORCHECK_VM_NATIVES_H

#include "internal.h"

/* Returns VM_NATIVE_THROW, or VM_NATIVE_FAIL when throwing recorded a fatal error. */
static inline int native_thrown(const vm *machine)
{
    return machine->failed ? VM_NATIVE_FAIL : VM_NATIVE_THROW;
}

/* Throws NullPointerException from a native. */
static inline int native_npe(vm *machine, vm_thread *t)
{
    vm_throw_npe(machine, t);
    return native_thrown(machine);
}

/* Returns the class that java.lang.Class object [mirror] stands for. */
vm_class *vm_class_of_mirror(const vm *machine, uint32_t mirror);

/* Object.wait(long): waits on [args]'s monitor. */
int vm_native_object_wait(vm *machine, vm_thread *t, vm_slot *args, vm_slot *ret);

/* Object.notify(). */
int vm_native_object_notify(vm *machine, vm_thread *t, vm_slot *args, vm_slot *ret);

/* Object.notifyAll(). */
int vm_native_object_notify_all(vm *machine, vm_thread *t, vm_slot *args, vm_slot *ret);

#endif
