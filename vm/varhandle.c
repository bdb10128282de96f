/* Linking of signature-polymorphic VarHandle call sites. javac compiles
 * `(int) H.getAndAdd(this, 1)` to invokevirtual VarHandle.getAndAdd:(LCounter;I)I, a descriptor
 * no method declares. Each such call site is linked to a generated adapter, a private static
 * method of its own class that takes the VarHandle and the call site's arguments, boxes them and
 * calls the model's VarHandle.access; one adapter serves every call site of the same access mode
 * and descriptor. The model then does the access with one Sync native, one visible step. */
#include <stdio.h>

#include "indy.h"

/* An access mode of VarHandle: its method name, the model's operation and how many values
 * follow the coordinates. */
typedef struct access_mode {
    const char *name;
    int op, values;
} access_mode;

/* The model's operation codes (java.lang.invoke.VarHandle's GET ...). */
enum { OP_GET, OP_SET, OP_CAS, OP_CAE, OP_SWAP, OP_ADD, OP_OR, OP_AND, OP_XOR };

static const access_mode modes[] = {
    {"get", OP_GET, 0},
    {"getVolatile", OP_GET, 0},
    {"getOpaque", OP_GET, 0},
    {"getAcquire", OP_GET, 0},
    {"set", OP_SET, 1},
    {"setVolatile", OP_SET, 1},
    {"setOpaque", OP_SET, 1},
    {"setRelease", OP_SET, 1},
    {"compareAndSet", OP_CAS, 2},
    {"weakCompareAndSetPlain", OP_CAS, 2},
    {"weakCompareAndSet", OP_CAS, 2},
    {"weakCompareAndSetAcquire", OP_CAS, 2},
    {"weakCompareAndSetRelease", OP_CAS, 2},
    {"compareAndExchange", OP_CAE, 2},
    {"compareAndExchangeAcquire", OP_CAE, 2},
    {"compareAndExchangeRelease", OP_CAE, 2},
    {"getAndSet", OP_SWAP, 1},
    {"getAndSetAcquire", OP_SWAP, 1},
    {"getAndSetRelease", OP_SWAP, 1},
    {"getAndAdd", OP_ADD, 1},
    {"getAndAddAcquire", OP_ADD, 1},
    {"getAndAddRelease", OP_ADD, 1},
    {"getAndBitwiseOr", OP_OR, 1},
    {"getAndBitwiseOrAcquire", OP_OR, 1},
    {"getAndBitwiseOrRelease", OP_OR, 1},
    {"getAndBitwiseAnd", OP_AND, 1},
    {"getAndBitwiseAndAcquire", OP_AND, 1},
    {"getAndBitwiseAndRelease", OP_AND, 1},
    {"getAndBitwiseXor", OP_XOR, 1},
    {"getAndBitwiseXorAcquire", OP_XOR, 1},
    {"getAndBitwiseXorRelease", OP_XOR, 1},
};

/* Returns the access mode named [name], or NULL. */
static const access_mode *find_mode(const char *name)
{
    for (size_t i = 0; i < sizeof modes / sizeof *modes; i++)
        if (!strcmp(modes[i].name, name)) return &modes[i];
    return NULL;
}

/* Returns the adapter method of class [c] for [mode][desc], or NULL when [c] holds another. */
static vm_method *adapter_in(const vm_class *c, const char *mode, const char *desc)
{
    return c->method_count == 1 && !strcmp(c->methods[0].name, mode) &&
                   !strcmp(c->methods[0].descriptor, desc)
               ? &c->methods[0]
               : NULL;
}

/* Defines (or finds) the adapter class for access mode [am] at call sites of [site_desc]. */
static vm_method *adapter(vm *machine, vm_thread *t, const access_mode *am, const char *site_desc)
{
    char desc[1200], class_name[200];
    snprintf(desc, sizeof desc, "(Ljava/lang/invoke/VarHandle;%s", site_desc + 1);
    uint32_t hash = vm_hash_bytes(site_desc, strlen(site_desc));
    for (unsigned k = 0;; k++) { /* distinct descriptors may share a hash: count up */
        snprintf(class_name, sizeof class_name, "java/lang/invoke/VarHandle$Access$%s$%08x$%u",
                 am->name, hash, k);
        vm_class *c = vm_find_loaded(machine, class_name);
        if (!c) break;
        vm_method *m = adapter_in(c, am->name, desc);
        if (m) return m;
    }
    vm_varhandle_spec spec = {class_name, am->name, site_desc, am->op, am->values};
    uint8_t *bytes;
    size_t len;
    if (!vm_write_varhandle_adapter(&spec, &bytes, &len)) {
        vm_fail(machine, VM_ERR_NOMEM, "error: cannot generate the VarHandle adapter %s",
                class_name);
        return NULL;
    }
    vm_class *c = vm_define_class(machine, t, bytes, len);
    base_free(bytes);
    return c ? adapter_in(c, am->name, desc) : NULL;
}

bool vm_link_varhandle(vm *machine, vm_thread *t, const char *name, const char *descriptor,
                       vm_method **out)
{
    const access_mode *am = find_mode(name);
    if (!am) return false;
    *out = adapter(machine, t, am, descriptor);
    return true;
}
