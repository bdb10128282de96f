/* The native registry: one name-keyed table per class, looked up when a class is linked. */
#include "natives.h"

/* The JVM's own native classes. */
static const vm_native_class registry[] = {
    {"java/lang/Object", vm_natives_object},
    {"java/lang/Class", vm_natives_class},
    {"java/lang/System", vm_natives_system},
    {"java/lang/String", vm_natives_string},
    {"java/lang/Throwable", vm_natives_throwable},
    {"java/lang/Math", vm_natives_math},
    {"java/lang/StrictMath", vm_natives_math},
    {"java/lang/Float", vm_natives_float},
    {"java/lang/Double", vm_natives_double},
    {"java/lang/Thread", vm_natives_thread},
    {"java/lang/Runtime", vm_natives_runtime},
    {"java/io/PrintStream", vm_natives_printstream},
    {"jdk/internal/porcheck/Sync", vm_natives_sync},
    {"jdk/internal/porcheck/VM", vm_natives_sysvm},
    {"jdk/internal/porcheck/Harness", vm_natives_harness},
    {"java/util/concurrent/atomic/AtomicLong", vm_natives_atomic_long}, /* the JDK's */
};

/* Returns the row of [name][descriptor] in the table of [cls] among [count] [classes], or NULL. */
static const vm_native *find_in(const vm_native_class *classes, size_t count, const char *cls,
                                const char *name, const char *descriptor)
{
    for (size_t i = 0; i < count; i++) {
        if (strcmp(classes[i].name, cls)) continue;
        for (const vm_native *n = classes[i].table; n->name; n++)
            if (!strcmp(n->name, name) && !strcmp(n->descriptor, descriptor)) return n;
    }
    return NULL;
}

const vm_native *vm_find_native(const char *cls, const char *name, const char *descriptor)
{
    return find_in(registry, sizeof registry / sizeof *registry, cls, name, descriptor);
}

vm_class *vm_class_of_mirror(const vm *machine, uint32_t mirror)
{
    int32_t index = VM_FIELDS(vm_obj(machine, mirror))[machine->off.class_index].i;
    return machine->classes[index];
}

vm_slot *vm_field_slot(vm *machine, uint32_t h, const char *name)
{
    for (vm_class *c = vm_obj(machine, h)->cls; c; c = c->super) {
        vm_field *f = vm_declared_field(c, name);
        if (f && !(f->access & CF_ACC_STATIC)) return &VM_FIELDS(vm_obj(machine, h))[f->offset];
    }
    return NULL;
}
