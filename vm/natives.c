/* The native registry: one name-keyed table per class, looked up when a class is linked. */
#include "natives.h"

/* One class and its natives. */
typedef struct native_class {
    const char *name;
    const vm_native *table;
} native_class;

static const native_class registry[] = {
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
};

/* What the synchronisation natives do, for the checker's labels. */
typedef struct sync_native {
    const char *cls, *name;
    uint8_t kind; /* a vm_sync_kind */
} sync_native;

static const sync_native sync_natives[] = {
    {"java/lang/Object", "wait", VM_SYNC_LOCK},
    {"java/lang/Object", "notify", VM_SYNC_LOCK},
    {"java/lang/Object", "notifyAll", VM_SYNC_LOCK},
    {"java/lang/Thread", "start0", VM_SYNC_START},
    {"java/lang/Thread", "join0", VM_SYNC_JOIN},
    {"java/lang/Thread", "holdsLock", VM_SYNC_LOCK_READ},
    {"jdk/internal/porcheck/Sync", "compareAndSetInt", VM_SYNC_WRITE},
    {"jdk/internal/porcheck/Sync", "compareAndSetLong", VM_SYNC_WRITE},
    {"jdk/internal/porcheck/Sync", "compareAndSetReference", VM_SYNC_WRITE},
    {"jdk/internal/porcheck/Sync", "getAndAddInt", VM_SYNC_WRITE},
    {"jdk/internal/porcheck/Sync", "getAndAddLong", VM_SYNC_WRITE},
    {"jdk/internal/porcheck/Sync", "getAndSetInt", VM_SYNC_WRITE},
    {"jdk/internal/porcheck/Sync", "getAndSetLong", VM_SYNC_WRITE},
    {"jdk/internal/porcheck/Sync", "getAndSetReference", VM_SYNC_WRITE},
    {"jdk/internal/porcheck/Sync", "getInt", VM_SYNC_READ},
    {"jdk/internal/porcheck/Sync", "putInt", VM_SYNC_WRITE},
    {"jdk/internal/porcheck/Sync", "getLong", VM_SYNC_READ},
    {"jdk/internal/porcheck/Sync", "putLong", VM_SYNC_WRITE},
    {"jdk/internal/porcheck/Sync", "getReference", VM_SYNC_READ},
    {"jdk/internal/porcheck/Sync", "putReference", VM_SYNC_WRITE},
    {"jdk/internal/porcheck/Sync", "monitorEnter", VM_SYNC_ENTER},
    {"jdk/internal/porcheck/Sync", "tryMonitorEnter", VM_SYNC_LOCK},
    {"jdk/internal/porcheck/Sync", "monitorExit", VM_SYNC_LOCK},
    {"jdk/internal/porcheck/Sync", "monitorDepth", VM_SYNC_LOCK_READ},
    {"jdk/internal/porcheck/Sync", "isLocked", VM_SYNC_LOCK_READ},
    {"jdk/internal/porcheck/Sync", "await", VM_SYNC_LOCK},
    {"jdk/internal/porcheck/Sync", "signal", VM_SYNC_LOCK},
    {"jdk/internal/porcheck/Sync", "signalAll", VM_SYNC_LOCK},
    {"jdk/internal/porcheck/Sync", "park", VM_SYNC_PARK},
    {"jdk/internal/porcheck/Harness", "start", VM_SYNC_START},
    {"jdk/internal/porcheck/Sync", "unpark", VM_SYNC_UNPARK},
};

/* Returns the vm_sync_kind of native [cls].[name]. */
static uint8_t sync_kind(const char *cls, const char *name)
{
    for (size_t i = 0; i < sizeof sync_natives / sizeof *sync_natives; i++)
        if (!strcmp(sync_natives[i].cls, cls) && !strcmp(sync_natives[i].name, name))
            return sync_natives[i].kind;
    return VM_SYNC_NONE;
}

vm_native_fn vm_find_native(const char *cls, const char *name, const char *descriptor,
                            uint8_t *sync)
{
    *sync = VM_SYNC_NONE;
    for (size_t i = 0; i < sizeof registry / sizeof *registry; i++) {
        if (strcmp(registry[i].name, cls)) continue;
        for (const vm_native *n = registry[i].table; n->name; n++) {
            if (strcmp(n->name, name) || strcmp(n->descriptor, descriptor)) continue;
            *sync = sync_kind(cls, name);
            return n->fn;
        }
    }
    return NULL;
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
