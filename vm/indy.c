/* invokedynamic without method handles: each call site is linked once per constant-pool entry to
 * what its bootstrap method would produce. StringConcatFactory sites concatenate natively (and
 * hand the parts to jdk.internal.porcheck.Concat when an argument needs toString()); lambda
 * metafactory sites get a generated class (classgen.c) whose instances the site creates; a
 * record's ObjectMethods sites (equals, hashCode, toString) call a generated static method. */
#include <stdio.h>

#include "indy.h"
#include "objid.h"

enum { FLAG_MARKERS = 2, FLAG_BRIDGES = 4 };

void vm_callsite_free(vm_callsite *site)
{
    if (!site) return;
    base_free(site->recipe);
    base_free(site->constants);
    base_free(site);
}

/* Fills the argument kinds and slot count of [site] from call-site descriptor [desc]. */
static bool parse_site_args(vm_callsite *site, const char *desc)
{
    cf_param_iter it;
    cf_type p;
    cf_params_begin(&it, desc);
    for (; cf_params_next(&it, &p); site->argc++) {
        if (site->argc == 255) return false;
        site->kinds[site->argc] = vm_kind_of(p.kind);
        site->arg_slots += cf_type_slots(p.kind);
    }
    return true;
}

/* Returns the UTF-16 text of String constant [index] in a new buffer, its length in [*len]. */
static uint16_t *constant_text(const cf_class *cf, uint16_t index, size_t *len)
{
    const cf_constant *u = &cf->constants[cf->constants[index].u.name];
    uint16_t *units = base_malloc(((size_t)u->u.utf8.length + 1) * sizeof *units);
    if (units) *len = cf_utf8_to_utf16(u->u.utf8.chars, u->u.utf8.length, units, u->u.utf8.length);
    return units;
}

/* Interns the text of loadable constant [index] (a String, or a number as Java prints it). */
static uint32_t constant_string(vm *machine, const cf_class *cf, uint16_t index)
{
    const cf_constant *c = &cf->constants[index];
    char buf[64];
    switch (c->tag) {
    case CF_TAG_STRING: {
        const cf_constant *u = &cf->constants[c->u.name];
        return vm_intern_utf8(machine, u->u.utf8.chars, u->u.utf8.length);
    }
    case CF_TAG_INTEGER:
        snprintf(buf, sizeof buf, "%d", c->u.integer);
        break;
    case CF_TAG_LONG:
        snprintf(buf, sizeof buf, "%lld", (long long)c->u.long_value);
        break;
    case CF_TAG_FLOAT:
        cf_format_java_double(buf, sizeof buf, c->u.float_value, true);
        break;
    case CF_TAG_DOUBLE:
        cf_format_java_double(buf, sizeof buf, c->u.double_value, false);
        break;
    default:
        snprintf(buf, sizeof buf, "?");
        break;
    }
    return vm_intern_utf8(machine, buf, strlen(buf));
}

static bool link_concat(vm *machine, vm_callsite *site, const cf_class *cf, const cf_bootstrap *b,
                        bool recipe)
{
    if (!recipe) {
        site->recipe = base_malloc((site->argc + 1u) * sizeof *site->recipe);
        if (!site->recipe) return false;
        for (uint16_t i = 0; i < site->argc; i++) site->recipe[i] = 1;
        site->recipe_len = site->argc;
        return true;
    }
    site->recipe = constant_text(cf, b->args[0], &site->recipe_len);
    site->constants = base_calloc(b->arg_count + 1u, sizeof *site->constants);
    if (!site->recipe || !site->constants) return false;
    for (uint16_t i = 1; i < b->arg_count; i++) {
        site->constants[site->constant_count] = constant_string(machine, cf, b->args[i]);
        if (!site->constants[site->constant_count++]) return false;
    }
    return true;
}

/* ---- Lambdas ------------------------------------------------------------------------------------
 */

static const char *method_type(const cf_class *cf, uint16_t index)
{
    return cf_utf8(cf, cf->constants[index].u.name);
}

/* Reads the implementation method handle [index] of [cf] into [spec]. */
static void read_impl(const cf_class *cf, uint16_t index, vm_lambda_spec *spec)
{
    const cf_constant *h = &cf->constants[index];
    spec->impl_kind = h->u.handle.kind;
    spec->impl_interface = cf->constants[h->u.handle.reference].tag == CF_TAG_INTERFACE_METHODREF;
    cf_member_ref(cf, h->u.handle.reference, &spec->impl_owner, &spec->impl_name,
                  &spec->impl_descriptor);
}

/* Adds altMetafactory's marker interfaces and bridges from static argument 4 on. */
static void read_alt(const cf_class *cf, const cf_bootstrap *b, vm_lambda_spec *spec)
{
    uint16_t k = 3;
    int32_t flags = b->arg_count > 3 ? cf->constants[b->args[k++]].u.integer : 0;
    if ((flags & FLAG_MARKERS) && k < b->arg_count) {
        int32_t n = cf->constants[b->args[k++]].u.integer;
        for (int32_t i = 0; i < n && k < b->arg_count && spec->interface_count < 8; i++)
            spec->interfaces[spec->interface_count++] = cf_class_name(cf, b->args[k++]);
    }
    if ((flags & FLAG_BRIDGES) && k < b->arg_count) {
        int32_t n = cf->constants[b->args[k++]].u.integer;
        for (int32_t i = 0; i < n && k < b->arg_count && spec->method_count < 8; i++)
            spec->methods[spec->method_count++] =
                (vm_lambda_method){spec->methods[0].name, method_type(cf, b->args[k++])};
    }
}

/* Returns the bootstrap of InvokeDynamic constant [index] of [cf], and its [*name] and [*desc]. */
static const cf_bootstrap *site_bootstrap(const cf_class *cf, uint16_t index, const char **name,
                                          const char **desc)
{
    const cf_constant *c = &cf->constants[index];
    cf_name_and_type(cf, c->u.dynamic.name_and_type, name, desc);
    return &cf->bootstraps[c->u.dynamic.bootstrap];
}

/* Defines generated class [class_name] from the [len] bytes at [bytes] (NULL: the writer ran
 * out of memory), which it frees; NULL after a fatal error recorded on [machine]. */
static vm_class *define_generated(vm *machine, vm_thread *t, const char *class_name, uint8_t *bytes,
                                  size_t len)
{
    if (!bytes) {
        vm_fail(machine, VM_ERR_NOMEM, "error: cannot generate the class %s", class_name);
        return NULL;
    }
    vm_class *made = vm_define_class(machine, t, bytes, len);
    base_free(bytes);
    return made;
}

/* Links a LambdaMetafactory site of [host] to a generated lambda class. */
static bool link_lambda(vm *machine, vm_thread *t, vm_callsite *site, vm_class *host,
                        uint16_t index)
{
    const cf_class *cf = host->cf;
    const char *name, *desc;
    const cf_bootstrap *b = site_bootstrap(cf, index, &name, &desc);
    char class_name[700], itf[600];
    /* named by its site, not by how many sites linked before it: the class's stable id, in every
     * object of it a state holds, is then the same whichever path or worker linked it first */
    snprintf(class_name, sizeof class_name, "%s$$Lambda$%u", host->name, (unsigned)index);
    const char *ret = cf_return_type(desc);
    snprintf(itf, sizeof itf, "%.*s", (int)strlen(ret) - 2, ret + 1);
    vm_lambda_spec spec = {.class_name = class_name,
                           .interfaces = {itf},
                           .interface_count = 1,
                           .methods = {{name, method_type(cf, b->args[0])}},
                           .method_count = 1,
                           .captured = desc,
                           .instantiated = method_type(cf, b->args[2])};
    read_impl(cf, b->args[1], &spec);
    read_alt(cf, b, &spec);
    uint8_t *bytes = NULL;
    size_t len = 0;
    if (!vm_write_lambda_class(&spec, &bytes, &len)) bytes = NULL;
    site->lambda = define_generated(machine, t, class_name, bytes, len);
    return site->lambda != NULL;
}

/* Reads getter handle [arg] of an ObjectMethods bootstrap into [c]; false unless it reads a
 * field (REF_getField), as javac's are. */
static bool read_getter(const cf_class *cf, uint16_t arg, vm_record_component *c)
{
    const cf_constant *h = &cf->constants[arg];
    if (h->tag != CF_TAG_METHOD_HANDLE || h->u.handle.kind != CF_REF_GET_FIELD) return false;
    cf_member_ref(cf, h->u.handle.reference, &c->owner, &c->name, &c->descriptor);
    return true;
}

/* Splits ObjectMethods' component names [names] ("a;b") into the labels of [n] components in
 * [buf]; false when the count differs, as ObjectMethods then throws. */
static bool split_labels(const char *names, vm_record_component *c, size_t n, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s", names);
    if (!n) return !*buf;
    char *p = buf;
    for (size_t i = 0; i < n; i++) {
        c[i].label = p;
        char *semi = strchr(p, ';');
        if ((semi == NULL) != (i + 1 == n)) return false;
        if (semi) *semi = 0, p = semi + 1;
    }
    return true;
}

/* Links a site of java.lang.runtime.ObjectMethods.bootstrap (a record's equals, hashCode or
 * toString) to a generated class whose static method computes the same. */
static bool link_record(vm *machine, vm_thread *t, vm_callsite *site, vm_class *host,
                        uint16_t index)
{
    const cf_class *cf = host->cf;
    const char *name, *desc;
    const cf_bootstrap *b = site_bootstrap(cf, index, &name, &desc);
    vm_record_component components[256];
    size_t n = (size_t)b->arg_count - 2;
    char labels[4096], class_name[700];
    bool ok = n < 256 && cf->constants[b->args[0]].tag == CF_TAG_CLASS &&
              cf->constants[b->args[1]].tag == CF_TAG_STRING &&
              split_labels(cf_utf8(cf, cf->constants[b->args[1]].u.name), components, n, labels,
                           sizeof labels) &&
              (!strcmp(name, "equals") || !strcmp(name, "hashCode") || !strcmp(name, "toString"));
    for (size_t i = 0; ok && i < n; i++) ok = read_getter(cf, b->args[2 + i], &components[i]);
    if (!ok)
        return vm_unsupported(machine, t,
                              "invokedynamic ObjectMethods.bootstrap with arguments javac does "
                              "not make (a record's equals, hashCode or toString over its fields)");
    snprintf(class_name, sizeof class_name, "%s$$Record$%u", host->name, (unsigned)index);
    vm_record_spec spec = {class_name, cf_class_name(cf, b->args[0]), name, desc, components, n};
    uint8_t *bytes = NULL;
    size_t len = 0;
    if (!vm_write_record_class(&spec, &bytes, &len)) bytes = NULL;
    vm_class *made = define_generated(machine, t, class_name, bytes, len);
    site->record_method = made ? vm_lookup_method(machine, made, name, desc) : NULL;
    return site->record_method != NULL;
}

/* Links InvokeDynamic [index] of [cls] to a new call site. */
static vm_callsite *link_site(vm *machine, vm_thread *t, vm_class *cls, uint16_t index)
{
    const cf_class *cf = cls->cf;
    const cf_constant *c = &cf->constants[index];
    const cf_bootstrap *b = &cf->bootstraps[c->u.dynamic.bootstrap];
    const char *name, *desc, *owner, *bsm, *bsm_desc;
    cf_name_and_type(cf, c->u.dynamic.name_and_type, &name, &desc);
    cf_member_ref(cf, cf->constants[b->method_handle].u.handle.reference, &owner, &bsm, &bsm_desc);
    vm_callsite *site = base_calloc(1, sizeof *site);
    if (!site || !parse_site_args(site, desc)) {
        vm_callsite_free(site);
        vm_fail(machine, VM_ERR_NOMEM, "error: out of memory linking a call site");
        return NULL;
    }
    bool ok;
    if (!strcmp(owner, "java/lang/invoke/StringConcatFactory") &&
        b->arg_count >= (strcmp(bsm, "makeConcat") ? 1 : 0)) {
        site->kind = VM_SITE_CONCAT;
        ok = link_concat(machine, site, cf, b, strcmp(bsm, "makeConcat") != 0) ||
             vm_fail(machine, VM_ERR_NOMEM, "error: out of memory linking a call site");
    } else if (!strcmp(owner, "java/lang/invoke/LambdaMetafactory") && b->arg_count >= 3) {
        site->kind = VM_SITE_LAMBDA;
        ok = link_lambda(machine, t, site, cls, index);
    } else if (!strcmp(owner, "java/lang/runtime/ObjectMethods") && !strcmp(bsm, "bootstrap") &&
               b->arg_count >= 2) {
        site->kind = VM_SITE_RECORD;
        ok = link_record(machine, t, site, cls, index);
    } else {
        char what[700];
        snprintf(what, sizeof what, "invokedynamic with bootstrap method %s.%s", owner, bsm);
        ok = vm_unsupported(machine, t, what);
    }
    if (!ok) {
        vm_callsite_free(site);
        return NULL;
    }
    return site;
}

/* ---- Running call sites ------------------------------------------------------------------------
 */

/* A growing UTF-16 buffer. */
typedef struct text {
    uint16_t *units;
    size_t len, cap;
    bool nomem;
} text;

static void append(text *x, const uint16_t *u, size_t n)
{
    if (x->len + n > x->cap) {
        size_t cap = (x->len + n) * 2 + 32;
        uint16_t *grown = base_realloc(x->units, cap * sizeof *grown);
        if (!grown) {
            x->nomem = true;
            return;
        }
        x->units = grown;
        x->cap = cap;
    }
    if (n) memcpy(x->units + x->len, u, n * sizeof *u);
    x->len += n;
}

static void append_ascii(text *x, const char *s)
{
    uint16_t u[64];
    size_t n = 0;
    for (; s[n] && n < 64; n++) u[n] = (uint8_t)s[n];
    append(x, u, n);
}

/* Appends the text of the primitive of kind [k] in [slot]. */
static void append_primitive(text *x, char k, const vm_slot *slot)
{
    char buf[64];
    switch (k) {
    case 'Z':
        append_ascii(x, slot->i ? "true" : "false");
        return;
    case 'C': {
        uint16_t c = (uint16_t)slot->i;
        append(x, &c, 1);
        return;
    }
    case 'J':
        snprintf(buf, sizeof buf, "%lld", (long long)vm_get_long(slot));
        break;
    case 'F':
        cf_format_java_double(buf, sizeof buf, slot->f, true);
        break;
    case 'D':
        cf_format_java_double(buf, sizeof buf, vm_get_double(slot), false);
        break;
    default:
        snprintf(buf, sizeof buf, "%d", slot->i);
        break;
    }
    append_ascii(x, buf);
}

static void append_string(const vm *machine, text *x, uint32_t h)
{
    if (!h) {
        append_ascii(x, "null");
        return;
    }
    const uint16_t *units;
    size_t n = vm_string_chars(machine, h, &units);
    append(x, units, n);
}

/* Returns true when every reference argument of [site] at [args] is null or a String. */
static bool strings_only(const vm *machine, const vm_callsite *site, const vm_slot *args)
{
    const vm_slot *a = args;
    for (uint16_t i = 0; i < site->argc; i++) {
        if (site->kinds[i] == 'L' && a->ref &&
            vm_obj(machine, a->ref)->cls != machine->known.string)
            return false;
        a += site->kinds[i] == 'J' || site->kinds[i] == 'D' ? 2 : 1;
    }
    return true;
}

/* Builds the concatenation of [site] with [args] natively; 0 on failure. */
static uint32_t concat_natively(vm *machine, vm_thread *t, const vm_callsite *site,
                                const vm_slot *args)
{
    text x = {0};
    const vm_slot *a = args;
    size_t k = 0, c = 0;
    for (size_t i = 0; i < site->recipe_len; i++) {
        uint16_t u = site->recipe[i];
        if (u == 1 && k < site->argc) {
            if (site->kinds[k] == 'L')
                append_string(machine, &x, a->ref);
            else
                append_primitive(&x, site->kinds[k], a);
            a += site->kinds[k] == 'J' || site->kinds[k] == 'D' ? 2 : 1;
            k++;
        } else if (u == 2 && c < site->constant_count) {
            append_string(machine, &x, site->constants[c++]);
        } else {
            append(&x, &u, 1);
        }
    }
    uint32_t h = x.nomem ? 0 : vm_new_string16(machine, t, x.units, x.len);
    base_free(x.units);
    if (!h) vm_fail(machine, VM_ERR_NOMEM, "error: out of memory concatenating strings");
    return h;
}

/* Builds the Object[] of parts for Concat.concat: literal runs and constants as Strings, reference
 * arguments as they are, primitives as their Strings. */
static uint32_t concat_parts(vm *machine, vm_thread *t, const vm_callsite *site,
                             const vm_slot *args)
{
    uint32_t parts =
        vm_new_array(machine, t, machine->known.object_array, (int32_t)site->recipe_len);
    const vm_slot *a = args;
    size_t k = 0, c = 0, n = 0;
    for (size_t i = 0; parts && i < site->recipe_len; i++) {
        uint16_t u = site->recipe[i];
        uint32_t part;
        if (u == 1 && k < site->argc) {
            text x = {0};
            if (site->kinds[k] != 'L') append_primitive(&x, site->kinds[k], a);
            part = site->kinds[k] == 'L' ? a->ref : vm_new_string16(machine, t, x.units, x.len);
            base_free(x.units);
            a += site->kinds[k] == 'J' || site->kinds[k] == 'D' ? 2 : 1;
            k++;
        } else if (u == 2 && c < site->constant_count) {
            part = site->constants[c++];
        } else {
            part = vm_new_string16(machine, t, &u, 1);
        }
        if (machine->failed) return 0;
        ((uint32_t *)VM_ELEMS(vm_obj(machine, parts)))[n++] = part;
    }
    return parts;
}

static vm_call_result run_concat(vm *machine, vm_thread *t, const vm_callsite *site)
{
    vm_frame *f = &t->frames[t->depth - 1];
    uint32_t base = f->sp - site->arg_slots;
    const vm_slot *args = &t->slots[base];
    if (!strings_only(machine, site, args)) {
        uint32_t parts = concat_parts(machine, t, site, args);
        if (!parts) return VM_CALL_FATAL;
        t->slots[base].ref = parts;
        f->sp = base + 1;
        return vm_invoke(machine, t, machine->concat_helper, 5);
    }
    uint32_t s = concat_natively(machine, t, site, args);
    if (!s) return VM_CALL_FATAL;
    t->slots[base].ref = s;
    f->sp = base + 1;
    f->pc += 5;
    return VM_CALL_DONE;
}

/* Gives the one instance [h] of non-capturing lambda class [cls] an id made from the class's
 * stable id, as interned literals get theirs: every vm then names it alike, whichever path linked
 * the site first (the VM's allocation count, which literals also advance, does not). */
static void name_singleton(vm *machine, uint32_t h, const vm_class *cls)
{
    uint64_t hash = vm_stable_hash(&cls->stable_id, sizeof cls->stable_id, 0x4c414d);
    vm_object_set_id(vm_obj(machine, h), vm_id_of_named_vm_object(hash));
}

static vm_call_result run_lambda(vm *machine, vm_thread *t, vm_callsite *site)
{
    vm_frame *f = &t->frames[t->depth - 1];
    uint32_t base = f->sp - site->arg_slots;
    uint32_t h = site->singleton;
    if (!h) {
        /* A non-capturing lambda's one instance is the VM's (pinned, cached across paths): it
         * must not use up an allocation of the thread, or ids would depend on history. */
        h = vm_new_object(machine, site->arg_slots ? t : NULL, site->lambda);
        if (!h) return VM_CALL_FATAL;
        if (site->arg_slots)
            memcpy(VM_FIELDS(vm_obj(machine, h)), &t->slots[base],
                   site->arg_slots * sizeof(vm_slot));
        if (!site->arg_slots && vm_pin(machine, h)) {
            name_singleton(machine, h, site->lambda);
            site->singleton = h;
        }
    }
    t->slots[base].ref = h;
    f->sp = base + 1;
    f->pc += 5;
    return VM_CALL_DONE;
}

vm_call_result vm_invokedynamic(vm *machine, vm_thread *t, uint16_t index)
{
    vm_class *cls = t->frames[t->depth - 1].method->owner;
    vm_cp_entry *e = &cls->cp[index];
    if (!e->site && !(e->site = link_site(machine, t, cls, index))) return VM_CALL_FATAL;
    if (e->site->kind == VM_SITE_RECORD) return vm_invoke(machine, t, e->site->record_method, 5);
    return e->site->kind == VM_SITE_CONCAT ? run_concat(machine, t, e->site)
                                           : run_lambda(machine, t, e->site);
}
