/* Private to vm/: linked invokedynamic call sites, shared by indy.c (linking and execution) and
 * classgen.c (the class files of lambda classes). */
#ifndef PORCHECK_VM_INDY_H
#define PORCHECK_VM_INDY_H

#include "internal.h"

/* What a call site does. */
typedef enum vm_site_kind { VM_SITE_CONCAT, VM_SITE_LAMBDA, VM_SITE_RECORD } vm_site_kind;

/* One bridge (or the main method) of a lambda class: a name and an erased descriptor. */
typedef struct vm_lambda_method {
    const char *name, *descriptor;
} vm_lambda_method;

/* The facts a lambda class is generated from. */
typedef struct vm_lambda_spec {
    const char *class_name;    /* the generated class */
    const char *interfaces[8]; /* the functional interface first, then markers */
    size_t interface_count;
    vm_lambda_method methods[8]; /* the interface method, then bridges */
    size_t method_count;
    const char *captured;     /* the call site's parameter descriptor "(...)" */
    const char *instantiated; /* instantiatedMethodType */
    uint8_t impl_kind;        /* a cf_ref_kind */
    bool impl_interface;      /* the implementation's reference is an InterfaceMethodref */
    const char *impl_owner, *impl_name, *impl_descriptor;
} vm_lambda_spec;

struct vm_callsite {
    vm_site_kind kind;
    /* concat */
    uint16_t *recipe; /* UTF-16 recipe: 1 marks an argument, 2 a constant */
    size_t recipe_len;
    uint32_t *constants; /* interned Strings for the 2 marks */
    size_t constant_count;
    char kinds[256]; /* the kind of each argument: I J F D Z C B S L */
    uint16_t argc, arg_slots;
    /* lambda */
    vm_class *lambda;   /* the generated class */
    uint32_t singleton; /* the one instance of a non-capturing lambda, pinned */
    /* record */
    vm_method *record_method; /* the generated equals, hashCode or toString */
};

/* A component of a record as ObjectMethods' getter handle names it: a field of the record. */
typedef struct vm_record_component {
    const char *label; /* the name toString shows */
    const char *owner, *name, *descriptor;
} vm_record_component;

/* The facts an ObjectMethods call site's class is generated from: a class with one public static
 * method, named [method] ("equals", "hashCode" or "toString") of the site's [descriptor], that
 * computes what java.lang.runtime.ObjectMethods would for record class [record]. */
typedef struct vm_record_spec {
    const char *class_name, *record, *method, *descriptor;
    const vm_record_component *components;
    size_t count;
} vm_record_spec;

/* Writes the class file of [spec] into a new base_malloc'd [*out] of [*len] bytes. */
bool vm_write_record_class(const vm_record_spec *spec, uint8_t **out, size_t *len);

/* Writes the class file of [spec] into a new base_malloc'd [*out] of [*len] bytes. */
bool vm_write_lambda_class(const vm_lambda_spec *spec, uint8_t **out, size_t *len);

/* The facts a VarHandle access adapter is generated from: a class with one private static
 * method, named [mode], that takes the VarHandle and then the arguments of a call site of
 * signature-polymorphic VarHandle.[mode][site_descriptor], and calls the model's
 * VarHandle.access with them boxed. */
typedef struct vm_varhandle_spec {
    const char *class_name;
    const char *mode;            /* the access mode method, e.g. "compareAndSet" */
    const char *site_descriptor; /* the call site's descriptor, without the VarHandle */
    int op;                      /* the model's operation code (VarHandle.GET ...) */
    int values;                  /* how many of the arguments are values, after the coordinates */
} vm_varhandle_spec;

/* Writes the class file of [spec] into a new base_malloc'd [*out] of [*len] bytes. */
bool vm_write_varhandle_adapter(const vm_varhandle_spec *spec, uint8_t **out, size_t *len);

/* Links invokevirtual VarHandle.[name][descriptor] when [name] is an access mode: [*out] is its
 * adapter, NULL after a fatal error (recorded on [machine]); false when [name] is none. */
bool vm_link_varhandle(vm *machine, vm_thread *t, const char *name, const char *descriptor,
                       vm_method **out);

#endif
