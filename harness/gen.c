/* The class of one client: jdk/internal/porcheck/GeneratedClient implements Harness$Client with
 * create() (new C(args) with the spec's constructor arguments) and call(target, index), a
 * tableswitch over the client's invocations in canonical order; each case calls the method on
 * the target as javac would compile `target.add(1)` (literals, boxing, collections built with
 * ArrayList and HashMap) and hands the result, or the exception it threw, to Harness. Its main
 * passes a new instance and the program arguments to Harness.main. Methods are looked up in the
 * class under test first (the spec gives names and parameter types, and a return type only in a
 * "descriptor"): the method the spec's descriptor names (declared or inherited), else an exact
 * descriptor, else the first method of that name and arity, from the class up through its
 * superclasses and interfaces, whose parameters accept the arguments (with boxing). The bytes go
 * through cf_parse like any class file. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "harness_private.h"

/* The client class being written (classfile's writer) and what it is written for. */
typedef struct gen {
    vm *machine;
    const harness_vm_client *hc;
    const char *target; /* binary name of the class under test */
    cf_writer w;        /* the class file: pool, methods, the current code */
} gen;

vm_status harness_fail(vm_error *err, vm_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    err->status = status;
    return status;
}

/* ---- Bytes ----------------------------------------------------------------------------------- */

/* Appends opcode or operand byte [v] to the code. */
static void op(gen *g, unsigned v)
{
    cf_code_u1(&g->w, v);
}

/* Appends an opcode with a two-byte operand. */
static void op2(gen *g, unsigned opcode, unsigned operand)
{
    op(g, opcode);
    cf_code_u2(&g->w, operand);
}

/* Returns a Class constant naming [name]. */
static uint16_t class_ref(gen *g, const char *name)
{
    return cf_pool_class(&g->w, name);
}

/* Returns a Methodref (or an InterfaceMethodref when [iface]) to [owner].[name][desc]. */
static uint16_t method_ref(gen *g, const char *owner, const char *name, const char *desc,
                           bool iface)
{
    return cf_pool_ref(&g->w, iface ? CF_TAG_INTERFACE_METHODREF : CF_TAG_METHODREF, owner, name,
                       desc);
}

/* ---- Pushing arguments ----------------------------------------------------------------------- */

static void push_int(gen *g, int32_t v)
{
    if (v >= -1 && v <= 5) {
        op(g, (unsigned)(CF_OP_ICONST_0 + v));
    } else if (v >= -128 && v <= 127) {
        op(g, CF_OP_BIPUSH);
        op(g, (uint8_t)(int8_t)v);
    } else if (v >= -32768 && v <= 32767) {
        op2(g, CF_OP_SIPUSH, (uint16_t)(int16_t)v);
    } else {
        op2(g, CF_OP_LDC_W, cf_pool_integer(&g->w, v));
    }
}

static void push_long(gen *g, int64_t v)
{
    if (v == 0 || v == 1)
        op(g, (unsigned)(CF_OP_LCONST_0 + v));
    else
        op2(g, CF_OP_LDC2_W, cf_pool_long(&g->w, v));
}

/* Calls static [owner].valueOf([prim]) to box the value on the stack. */
static void box(gen *g, const char *owner, char prim)
{
    char desc[64];
    snprintf(desc, sizeof desc, "(%c)L%s;", prim, owner);
    op2(g, CF_OP_INVOKESTATIC, method_ref(g, owner, "valueOf", desc, false));
}

/* Pushes item [v] of a collection as an Integer or a Long. */
static void push_boxed(gen *g, int64_t v, bool as_long)
{
    if (as_long) {
        push_long(g, v);
        box(g, "java/lang/Long", 'J');
    } else {
        push_int(g, (int32_t)v);
        box(g, "java/lang/Integer", 'I');
    }
}

/* Pushes a new ArrayList or HashMap holding the items of [a]. */
static void push_collection(gen *g, const harness_vm_arg *a)
{
    bool map = a->kind == HARNESS_ARG_MAP;
    const char *cls = map ? "java/util/HashMap" : "java/util/ArrayList";
    op2(g, CF_OP_NEW, class_ref(g, cls));
    op(g, CF_OP_DUP);
    op2(g, CF_OP_INVOKESPECIAL, method_ref(g, cls, "<init>", "()V", false));
    for (size_t i = 0; i < a->count; i++) {
        op(g, CF_OP_DUP);
        push_boxed(g, a->items[map ? 2 * i : i], a->long_items);
        if (map) push_boxed(g, a->items[2 * i + 1], a->long_items);
        op2(g, CF_OP_INVOKEVIRTUAL,
            map ? method_ref(g, cls, "put",
                             "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;", false)
                : method_ref(g, cls, "add", "(Ljava/lang/Object;)Z", false));
        op(g, CF_OP_POP);
    }
}

/* Pushes argument [a] for a parameter of descriptor type [type] (checked compatible). */
static void push_arg(gen *g, const harness_vm_arg *a, const char *type)
{
    bool ref = type[0] == 'L' || type[0] == '[';
    switch (a->kind) {
    case HARNESS_ARG_NULL:
        op(g, CF_OP_ACONST_NULL);
        return;
    case HARNESS_ARG_LIST:
    case HARNESS_ARG_MAP:
        push_collection(g, a);
        return;
    case HARNESS_ARG_BOOLEAN:
        op(g, a->value ? CF_OP_ICONST_1 : CF_OP_ICONST_0);
        if (ref) box(g, "java/lang/Boolean", 'Z');
        return;
    case HARNESS_ARG_LONG:
        push_long(g, a->value);
        if (ref) box(g, "java/lang/Long", 'J');
        return;
    default:
        if (type[0] == 'J')
            push_long(g, a->value);
        else
            push_int(g, (int32_t)a->value);
        if (ref) box(g, "java/lang/Integer", 'I');
    }
}

/* ---- Finding methods ------------------------------------------------------------------------- */

/* Splits the parameters of method descriptor [desc] into [types] (pointers into it, at most
 * [cap]); returns their count, or [cap] + 1 when there are more. */
static size_t params_of(const char *desc, const char **types, size_t cap)
{
    size_t n = 0;
    cf_param_iter it;
    cf_type p;
    cf_params_begin(&it, desc);
    while (cf_params_next(&it, &p))
        if (n < cap)
            types[n++] = p.text;
        else
            return cap + 1;
    return n;
}

/* True when an instance of the class named [from] can be passed as the reference type [type]
 * (an "Lname;" fragment), looking at [from]'s superclasses and interfaces. */
static bool accepts(vm *machine, const char *from, const char *type)
{
    if (type[0] != 'L') return false;
    size_t n = cf_field_type_length(type) - 2;
    const vm_class *c = vm_class_load(machine, from);
    if (!c) return false;
    for (const vm_class *s = c; s; s = vm_class_super(s))
        if (strlen(vm_class_name(s)) == n && !strncmp(vm_class_name(s), type + 1, n)) return true;
    for (uint32_t i = 0; i < vm_class_interface_count(c); i++) {
        const char *name = vm_class_name(vm_class_interface(c, i));
        if (strlen(name) == n && !strncmp(name, type + 1, n)) return true;
    }
    return false;
}

/* True when argument [a] can be passed as a parameter of type [type]. */
static bool compatible(vm *machine, const harness_vm_arg *a, const char *type)
{
    switch (a->kind) {
    case HARNESS_ARG_NULL:
        return type[0] == 'L' || type[0] == '[';
    case HARNESS_ARG_BOOLEAN:
        return type[0] == 'Z' || accepts(machine, "java/lang/Boolean", type);
    case HARNESS_ARG_LONG:
        return type[0] == 'J' || accepts(machine, "java/lang/Long", type);
    case HARNESS_ARG_LIST:
        return accepts(machine, "java/util/ArrayList", type);
    case HARNESS_ARG_MAP:
        return accepts(machine, "java/util/HashMap", type);
    default:
        return type[0] == 'I' || type[0] == 'J' || accepts(machine, "java/lang/Integer", type);
    }
}

/* How well method [m] fits [n] arguments [args]: 2 exactly (the spec's descriptors), 1 with
 * conversions, 0 not at all. */
static int fit(vm *machine, const vm_method *m, const harness_vm_arg *args, size_t n)
{
    const char *types[HARNESS_MAX_CALLS];
    if (params_of(vm_method_descriptor(m), types, HARNESS_MAX_CALLS) != n) return 0;
    bool exact = true;
    for (size_t i = 0; i < n; i++) {
        size_t len = cf_field_type_length(types[i]);
        if (strlen(args[i].descriptor) != len || strncmp(args[i].descriptor, types[i], len))
            exact = false;
    }
    if (exact) return 2;
    for (size_t i = 0; i < n; i++)
        if (!compatible(machine, &args[i], types[i])) return 0;
    return 1;
}

/* True when a client calls [m], declared by [c], by [name]: an instance method, or a static
 * method of a class (an interface's static methods are not inherited). */
static bool callable_named(const vm_class *c, const vm_method *m, const char *name)
{
    if ((vm_method_access(m) & CF_ACC_STATIC) && (vm_class_access(c) & CF_ACC_INTERFACE))
        return false;
    return !strcmp(vm_method_name(m), name);
}

/* Looks for method [name] of [c] (declared there only) fitting the arguments; keeps the best so
 * far in [*best] with its fit in [*score]. */
static void scan_class(vm *machine, const vm_class *c, const harness_vm_call *call,
                       const vm_method **best, int *score)
{
    for (uint32_t i = 0; i < vm_class_method_count(c) && *score < 2; i++) {
        const vm_method *m = vm_class_method(c, i);
        if (!callable_named(c, m, call->method)) continue;
        int f = fit(machine, m, call->args, call->arg_count);
        if (f > *score) *best = m, *score = f;
    }
}

/* Finds the method invocation [call] (without a descriptor) runs on [cls]: NULL when none
 * fits. */
static const vm_method *find_fitting(vm *machine, const vm_class *cls, const harness_vm_call *call)
{
    const vm_method *best = NULL;
    int score = 0;
    for (const vm_class *c = cls; c && score < 2; c = vm_class_super(c))
        scan_class(machine, c, call, &best, &score);
    for (uint32_t i = 0; i < vm_class_interface_count(cls) && score < 2; i++)
        scan_class(machine, vm_class_interface(cls, i), call, &best, &score);
    return best;
}

/* Returns supertype [k] of [cls] whose declared methods [cls] has: [cls] itself, its
 * superclasses, then every interface it implements; NULL past the last. */
static const vm_class *supertype(const vm_class *cls, size_t k)
{
    const vm_class *c = cls;
    for (; c && k; k--) c = vm_class_super(c);
    if (c) return c;
    return k < vm_class_interface_count(cls) ? vm_class_interface(cls, (uint32_t)k) : NULL;
}

/* True when [m] of [c] is a method a client calls by [name] with [arity] parameters. */
static bool is_candidate(const vm_class *c, const vm_method *m, const char *name, size_t arity)
{
    const char *types[HARNESS_MAX_CALLS];
    return callable_named(c, m, name) &&
           params_of(vm_method_descriptor(m), types, HARNESS_MAX_CALLS) == arity;
}

/* Finds the method [name][desc] that [cls] declares or inherits; NULL when none. */
static const vm_method *find_exact(const vm_class *cls, const char *name, const char *desc)
{
    const vm_class *c;
    for (size_t k = 0; (c = supertype(cls, k)); k++)
        for (uint32_t i = 0; i < vm_class_method_count(c); i++) {
            const vm_method *m = vm_class_method(c, i);
            if (callable_named(c, m, name) && !strcmp(vm_method_descriptor(m), desc)) return m;
        }
    return NULL;
}

/* True when descriptors [a] and [b] have the same parameter list. */
static bool same_params(const char *a, const char *b)
{
    size_t n = strcspn(a, ")");
    return n == strcspn(b, ")") && !strncmp(a, b, n);
}

/* True when a method of [seen] (the first [n]) has the parameter list of descriptor [desc]. */
static bool seen_params(const char *const *seen, size_t n, const char *desc)
{
    for (size_t i = 0; i < n; i++)
        if (same_params(seen[i], desc)) return true;
    return false;
}

/* Collects into [seen] (at most [cap]) the descriptors of the methods named [name] with
 * [arity] parameters that [cls] declares or inherits, one per parameter list (an override is the
 * method it overrides, a covariant return is one method); with [call], only those its arguments
 * fit, bridge methods aside. Returns how many there are. */
static size_t collect_overloads(vm *machine, const vm_class *cls, const char *name, size_t arity,
                                const harness_vm_call *call, const char **seen, size_t cap)
{
    size_t n = 0;
    const vm_class *c;
    for (size_t k = 0; (c = supertype(cls, k)) && n < cap; k++)
        for (uint32_t i = 0; i < vm_class_method_count(c) && n < cap; i++) {
            const vm_method *m = vm_class_method(c, i);
            if (!is_candidate(c, m, name, arity) || seen_params(seen, n, vm_method_descriptor(m)))
                continue;
            if (call && ((vm_method_access(m) & CF_ACC_BRIDGE) ||
                         !fit(machine, m, call->args, call->arg_count)))
                continue;
            seen[n++] = vm_method_descriptor(m);
        }
    return n;
}

/* Counts the overloads of [cls] (see collect_overloads) that the arguments of [call] fit. */
static size_t count_fitting(vm *machine, const vm_class *cls, const harness_vm_call *call)
{
    const char *seen[64];
    return collect_overloads(machine, cls, call->method, call->arg_count, call, seen, 64);
}

/* Writes the descriptors of [cls]'s methods named [name] with [arity] parameters into [buf]
 * ("(Ljava/lang/Object;)Z, (I)Z"), one per parameter list; an empty string when it has none. */
static void list_overloads(const vm_class *cls, const char *name, size_t arity, char *buf,
                           size_t cap)
{
    const char *seen[32];
    size_t n = collect_overloads(NULL, cls, name, arity, NULL, seen, 32);
    base_textbuf out = base_textbuf_make(buf, cap);
    for (size_t i = 0; i < n; i++) base_textbuf_printf(&out, "%s%s", i ? ", " : "", seen[i]);
}

/* Writes the Java name of descriptor type [d] ("int", "java.lang.Object") into [buf]. */
static void type_name(const char *d, char *buf, size_t cap);

/* Checks that the arguments of [call] can be passed to the parameters of its descriptor: each
 * fits as for overloads, and none of a type that may be null (a reference in the spec) goes to
 * a primitive; else writes why into [why]. */
static bool agrees(vm *machine, const harness_vm_call *call, char *why, size_t cap)
{
    const char *types[HARNESS_MAX_CALLS];
    size_t n = params_of(call->descriptor, types, HARNESS_MAX_CALLS);
    if (n != call->arg_count) {
        snprintf(why, cap, "the descriptor %s takes %zu parameter%s but the spec's %s has %zu",
                 call->descriptor, n, n == 1 ? "" : "s", call->method, call->arg_count);
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        const harness_vm_arg *a = &call->args[i];
        bool nullable = a->descriptor[0] == 'L', primitive = !strchr("L[", types[i][0]);
        if (compatible(machine, a, types[i]) && !(nullable && primitive)) continue;
        char given[300], wanted[300], param[300];
        type_name(a->descriptor, given, sizeof given);
        snprintf(param, sizeof param, "%.*s", (int)cf_field_type_length(types[i]), types[i]);
        type_name(param, wanted, sizeof wanted);
        base_textbuf out = base_textbuf_make(why, cap);
        base_textbuf_printf(&out,
                            "\"parameters\" gives parameter %zu as %s, which %s be passed as "
                            "the descriptor's %s",
                            i + 1, given,
                            nullable && primitive ? "may be null and so cannot" : "cannot", wanted);
        return false;
    }
    return true;
}

/* Finds the method [call] pins with its descriptor in [cls]; NULL with why in [why] when [cls]
 * has none or the arguments cannot be passed to it. */
static const vm_method *find_pinned(vm *machine, const vm_class *cls, const harness_vm_call *call,
                                    char *why, size_t cap)
{
    const vm_method *m = find_exact(cls, call->method, call->descriptor);
    if (m) return agrees(machine, call, why, cap) ? m : NULL;
    char others[400];
    list_overloads(cls, call->method, call->arg_count, others, sizeof others);
    if (others[0])
        snprintf(why, cap, "%s has no method %s%s (its %s methods with %zu parameter%s: %s)",
                 vm_class_name(cls), call->method, call->descriptor, call->method, call->arg_count,
                 call->arg_count == 1 ? "" : "s", others);
    else
        snprintf(why, cap, "%s has no method %s%s", vm_class_name(cls), call->method,
                 call->descriptor);
    for (char *c = why; *c && *c != ' '; c++)
        if (*c == '/') *c = '.';
    return NULL;
}

/* Finds the method invocation [call] runs on [cls]: the one its descriptor names, else the one
 * its arguments fit best; NULL when none, with why in [why] for a descriptor. */
static const vm_method *find_method(vm *machine, const vm_class *cls, const harness_vm_call *call,
                                    char *why, size_t cap)
{
    why[0] = '\0';
    return call->descriptor ? find_pinned(machine, cls, call, why, cap)
                            : find_fitting(machine, cls, call);
}

/* Writes the Java name of descriptor type [d] ("int", "java.lang.Object") into [buf]. */
static void type_name(const char *d, char *buf, size_t cap)
{
    static const char prims[] = "ZBCSIJFD";
    static const char *const names[] = {"boolean", "byte", "char",  "short",
                                        "int",     "long", "float", "double"};
    const char *p = strchr(prims, d[0]);
    if (d[0] && p) {
        snprintf(buf, cap, "%s", names[p - prims]);
        return;
    }
    size_t n = strlen(d);
    snprintf(buf, cap, "%.*s", (int)(d[0] == 'L' && n > 2 ? n - 2 : n), d[0] == 'L' ? d + 1 : d);
    for (char *c = buf; *c; c++)
        if (*c == '/') *c = '.';
}

/* Writes "name(int, java.lang.Object)" as the spec declares [call] into [buf]. */
static void describe_call(const harness_vm_call *call, char *buf, size_t cap)
{
    size_t len = (size_t)snprintf(buf, cap, "%s(", call->method);
    for (size_t i = 0; i < call->arg_count && len < cap; i++) {
        char name[300];
        type_name(call->args[i].descriptor, name, sizeof name);
        len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? ", " : "", name);
    }
    if (len < cap) snprintf(buf + len, cap - len, ")");
}

/* ---- Methods of the generated class ---------------------------------------------------------- */

/* The frame of a method and its catch-all handler (covering [from, to) when [handler] is not
 * 0). */
typedef struct shape {
    unsigned max_stack, max_locals;
    unsigned from, to, handler;
} shape;

/* Appends a method named [name][desc] with [access] whose body is the current code. */
static void add_method(gen *g, const char *name, const char *desc, unsigned access, const shape *sh)
{
    cf_code_shape cs = {sh->max_stack, sh->max_locals, sh->from,
                        sh->to,        sh->handler,    sh->handler ? "java/lang/Throwable" : NULL};
    cf_writer_method(&g->w, access, name, desc, &cs);
}

/* Returns the operand slots [n] arguments may need at once: two per argument (a long) and
 * room to build a collection (the list, a copy, a boxed key and value). */
static unsigned stack_need(size_t n)
{
    return (unsigned)(2 * n + 8);
}

/* Writes <init>: calls Object's constructor. */
static void gen_init(gen *g)
{
    op(g, CF_OP_ALOAD_0);
    op2(g, CF_OP_INVOKESPECIAL, method_ref(g, "java/lang/Object", "<init>", "()V", false));
    op(g, CF_OP_RETURN);
    shape sh = {1, 1, 0, 0, 0};
    add_method(g, "<init>", "()V", CF_ACC_PUBLIC, &sh);
}

/* Writes main: Harness.main(new GeneratedClient(), args). */
static void gen_main(gen *g)
{
    op2(g, CF_OP_NEW, class_ref(g, HARNESS_CLIENT));
    op(g, CF_OP_DUP);
    op2(g, CF_OP_INVOKESPECIAL, method_ref(g, HARNESS_CLIENT, "<init>", "()V", false));
    op(g, CF_OP_ALOAD_0);
    op2(g, CF_OP_INVOKESTATIC,
        method_ref(g, HARNESS_CLASS, "main",
                   "(Ljdk/internal/porcheck/Harness$Client;[Ljava/lang/String;)V", false));
    op(g, CF_OP_RETURN);
    shape sh = {3, 1, 0, 0, 0};
    add_method(g, "main", "([Ljava/lang/String;)V", CF_ACC_PUBLIC | CF_ACC_STATIC, &sh);
}

/* Writes create(): new C(constructor arguments) with constructor [ctor]. */
static void gen_create(gen *g, const vm_method *ctor)
{
    const harness_vm_client *hc = g->hc;
    const char *types[HARNESS_MAX_CALLS];
    params_of(vm_method_descriptor(ctor), types, HARNESS_MAX_CALLS);
    op2(g, CF_OP_NEW, class_ref(g, g->target));
    op(g, CF_OP_DUP);
    for (size_t i = 0; i < hc->ctor_arg_count; i++) push_arg(g, &hc->ctor_args[i], types[i]);
    op2(g, CF_OP_INVOKESPECIAL,
        method_ref(g, g->target, "<init>", vm_method_descriptor(ctor), false));
    op(g, CF_OP_ARETURN);
    shape sh = {stack_need(hc->ctor_arg_count) + 2, 1, 0, 0, 0};
    add_method(g, "create", "()Ljava/lang/Object;", CF_ACC_PUBLIC, &sh);
}

/* Calls static Harness.[name][desc] with the invocation index (local 2) pushed last. */
static void harness_call(gen *g, const char *name, const char *desc)
{
    op(g, CF_OP_ILOAD_2);
    op2(g, CF_OP_INVOKESTATIC, method_ref(g, HARNESS_CLASS, name, desc, false));
}

/* Hands the result of [call], of descriptor type [ret], on the stack to Harness. */
static void record_result(gen *g, const harness_vm_call *call, char ret)
{
    if (call->discard || ret == 'V') {
        if (ret == 'J' || ret == 'D')
            op(g, CF_OP_POP2);
        else if (ret != 'V')
            op(g, CF_OP_POP);
        harness_call(g, "resultVoid", "(I)V");
        return;
    }
    switch (ret) {
    case 'Z':
        harness_call(g, "resultBoolean", "(ZI)V");
        return;
    case 'I':
    case 'S':
    case 'B':
        harness_call(g, "resultInt", "(II)V");
        return;
    case 'J':
        harness_call(g, "resultLong", "(JI)V");
        return;
    case 'C':
        box(g, "java/lang/Character", 'C');
        break;
    case 'F':
        box(g, "java/lang/Float", 'F');
        break;
    case 'D':
        box(g, "java/lang/Double", 'D');
        break;
    default:
        break;
    }
    harness_call(g, "resultObject", "(Ljava/lang/Object;I)V");
}

/* Writes the case of invocation [k]: target.m(args) (Target.m(args) for a static method), then
 * its result to Harness. */
static void gen_case(gen *g, size_t k, const vm_method *m)
{
    const harness_vm_call *call = &g->hc->calls[k];
    const char *types[HARNESS_MAX_CALLS];
    params_of(vm_method_descriptor(m), types, HARNESS_MAX_CALLS);
    bool is_static = vm_method_access(m) & CF_ACC_STATIC;
    if (!is_static) {
        op(g, CF_OP_ALOAD_1);
        op2(g, CF_OP_CHECKCAST, class_ref(g, g->target));
    }
    for (size_t i = 0; i < call->arg_count; i++) push_arg(g, &call->args[i], types[i]);
    op2(g, is_static ? CF_OP_INVOKESTATIC : CF_OP_INVOKEVIRTUAL,
        method_ref(g, g->target, vm_method_name(m), vm_method_descriptor(m), false));
    record_result(g, call, cf_return_type(vm_method_descriptor(m))[0]);
    op(g, CF_OP_RETURN);
}

/* Overwrites the four bytes at [at] of the code with [v]. */
static void patch_u4(gen *g, size_t at, uint32_t v)
{
    cf_code_patch_u4(&g->w, at, v);
}

/* Writes call(target, index): a tableswitch over the invocations, each calling [methods][k];
 * anything thrown goes to Harness.thrown. */
static void gen_call(gen *g, const vm_method *const *methods)
{
    size_t n = g->hc->call_count, max_args = 0;
    op(g, CF_OP_ILOAD_2);
    size_t sw = g->w.code.len;
    op(g, CF_OP_TABLESWITCH);
    while (g->w.code.len % 4) op(g, 0);
    size_t table = g->w.code.len;
    for (size_t i = 0; i < 3 + n; i++) cf_code_u4(&g->w, i == 2 ? (uint32_t)(n - 1) : 0);
    size_t from = g->w.code.len;
    for (size_t k = 0; k < n; k++) {
        patch_u4(g, table + 12 + 4 * k, (uint32_t)(g->w.code.len - sw));
        gen_case(g, k, methods[k]);
        if (g->hc->calls[k].arg_count > max_args) max_args = g->hc->calls[k].arg_count;
    }
    size_t to = g->w.code.len;
    patch_u4(g, table, (uint32_t)(g->w.code.len - sw));
    op(g, CF_OP_RETURN);
    size_t handler = g->w.code.len;
    op(g, CF_OP_ASTORE_3);
    op(g, CF_OP_ALOAD_3);
    harness_call(g, "thrown", "(Ljava/lang/Throwable;I)V");
    op(g, CF_OP_RETURN);
    shape sh = {stack_need(max_args) + 2, 4, (unsigned)from, (unsigned)to, (unsigned)handler};
    add_method(g, "call", "(Ljava/lang/Object;I)V", CF_ACC_PUBLIC, &sh);
}

/* ---- The class file -------------------------------------------------------------------------- */

/* Assembles the class file from [g]'s pool and methods into a new buffer [*out] of [*len]. */
static bool assemble(gen *g, uint8_t **out, size_t *len)
{
    cf_class_head head = {CF_ACC_PUBLIC | CF_ACC_FINAL | CF_ACC_SUPER | CF_ACC_SYNTHETIC, 0, 0,
                          NULL, 1};
    head.this_class = class_ref(g, HARNESS_CLIENT); /* pool order: this, super, interface */
    head.super_class = class_ref(g, "java/lang/Object");
    uint16_t client = class_ref(g, "jdk/internal/porcheck/Harness$Client");
    head.interfaces = &client;
    return cf_writer_finish(&g->w, &head, out, len);
}

/* Writes into [buf] a hint for missing class [name] when it reads like a nested class named
 * with dots (a capitalised component before the last: pkg.Outer.Inner), else an empty string. */
static void nested_hint(const char *name, char *buf, size_t cap)
{
    buf[0] = '\0';
    const char *last = strrchr(name, '.');
    if (!last) return;
    const char *outer = last;
    while (outer > name && outer[-1] != '.') outer--;
    if (outer == last || *outer < 'A' || *outer > 'Z') return;
    snprintf(buf, cap, " (a nested class is named with '$': %.*s$%s)", (int)(last - name), name,
             last + 1);
}

/* Loads the class under test into [*cls]; fills [err] when it is missing or cannot be built. */
static vm_status load_target(gen *g, vm_class **cls, vm_error *err)
{
    *cls = vm_class_load(g->machine, g->target);
    if (!*cls) {
        char missing[1100], hint[1200];
        snprintf(missing, sizeof missing, "NoClassDefFoundError: %s ", g->target);
        nested_hint(g->hc->class_name, hint, sizeof hint);
        if (strstr(vm_last_error(g->machine)->message, missing))
            return harness_fail(err, VM_ERR_BAD_INPUT, "error: class %s is not on the class path%s",
                                g->hc->class_name, hint);
        *err = *vm_last_error(g->machine);
        return err->status ? err->status : VM_ERR_LINK;
    }
    if (!vm_class_is_plain(*cls) || (vm_class_access(*cls) & CF_ACC_ABSTRACT))
        return harness_fail(err, VM_ERR_BAD_INPUT,
                            "error: %s is abstract or an interface: it cannot be constructed",
                            g->hc->class_name);
    return VM_OK;
}

/* Finds the constructor and the method of every invocation; fills [err] naming what is
 * missing. */
static vm_status resolve_all(gen *g, const vm_class *cls, const vm_method **ctor,
                             const vm_method **methods, vm_error *err)
{
    char what[600];
    harness_vm_call init = {"<init>", g->hc->ctor_arg_count, g->hc->ctor_args, false, NULL};
    const vm_method *best = NULL;
    int score = 0;
    scan_class(g->machine, cls, &init, &best, &score);
    if (!(*ctor = best)) {
        describe_call(&init, what, sizeof what);
        return harness_fail(err, VM_ERR_BAD_INPUT, "error: %s has no constructor %s",
                            g->hc->class_name, what + strlen("<init>"));
    }
    for (size_t k = 0; k < g->hc->call_count; k++) {
        char why[600];
        if ((methods[k] = find_method(g->machine, cls, &g->hc->calls[k], why, sizeof why)))
            continue;
        if (why[0]) return harness_fail(err, VM_ERR_BAD_INPUT, "error: %s", why);
        describe_call(&g->hc->calls[k], what, sizeof what);
        return harness_fail(err, VM_ERR_BAD_INPUT, "error: %s has no method %s", g->hc->class_name,
                            what);
    }
    return vm_last_error(g->machine)->status ? (*err = *vm_last_error(g->machine)).status : VM_OK;
}

/* Writes the methods of the generated class. */
static void gen_methods(gen *g, const vm_method *ctor, const vm_method *const *methods)
{
    gen_init(g);
    gen_main(g);
    gen_create(g, ctor);
    if (g->hc->call_count) {
        gen_call(g, methods);
    } else {
        op(g, CF_OP_RETURN);
        shape sh = {1, 3, 0, 0, 0};
        add_method(g, "call", "(Ljava/lang/Object;I)V", CF_ACC_PUBLIC, &sh);
    }
}

/* Generates the class of [g] with its resolved methods and defines it. */
static vm_status define(gen *g, const vm_method *ctor, const vm_method *const *methods,
                        vm_error *err)
{
    gen_methods(g, ctor, methods);
    uint8_t *bytes = NULL;
    size_t len = 0;
    if (!assemble(g, &bytes, &len))
        return harness_fail(err, g->w.nomem ? VM_ERR_NOMEM : VM_ERR_LIMIT,
                            g->w.nomem ? "error: out of memory generating the client class"
                                       : "error: the client is too large for one class");
    vm_class *cls = vm_class_define(g->machine, bytes, len);
    base_free(bytes);
    if (!cls) *err = *vm_last_error(g->machine);
    return cls ? VM_OK : err->status;
}

/* Writes the Java name of descriptor type [d], arrays as "int[][]", into [buf]. */
static void java_type(const char *d, char *buf, size_t cap)
{
    size_t dims = strspn(d, "[");
    if (d[0] == 'V') {
        snprintf(buf, cap, "void");
        return;
    }
    type_name(d + dims, buf, cap);
    for (size_t i = 0, n = strlen(buf); i < dims && n + 2 < cap; i++, n += 2) strcat(buf, "[]");
}

/* Judges how results of method [m] of class [owner] are recorded (loading the class its return
 * type names; an error names [m]). */
static harness_return_kind return_kind(vm *machine, const char *owner, const vm_method *m)
{
    const char *d = cf_return_type(vm_method_descriptor(m));
    if (d[0] == 'V') return HARNESS_RETURN_VOID;
    d += strspn(d, "[");
    if (d[0] != 'L') return HARNESS_RETURN_VALUE;
    char name[1024];
    snprintf(name, sizeof name, "%.*s", (int)cf_field_type_length(d) - 2, d + 1);
    if (!strcmp(name, "java/lang/Object")) return HARNESS_RETURN_DYNAMIC;
    char method[1100];
    snprintf(method, sizeof method, "%s.%s%s", owner, vm_method_name(m), vm_method_descriptor(m));
    const vm_class *c = vm_class_load_needed(machine, name, "the return type of", method);
    if (!c || !vm_class_is_plain(c) || (vm_class_access(c) & CF_ACC_ABSTRACT))
        return HARNESS_RETURN_DYNAMIC;
    return vm_class_overrides_to_string(c) ? HARNESS_RETURN_VALUE : HARNESS_RETURN_OPAQUE;
}

vm_status harness_signature(vm *machine, const char *class_name, const harness_vm_call *call,
                            harness_vm_sig *out, vm_error *err)
{
    char target[1024], what[600];
    snprintf(target, sizeof target, "%s", class_name);
    for (char *c = target; *c; c++)
        if (*c == '.') *c = '/';
    harness_vm_client hc = {.class_name = class_name};
    gen g = {.machine = machine, .hc = &hc, .target = target};
    vm_class *cls = NULL;
    vm_status st = load_target(&g, &cls, err);
    if (st) return st;
    bool ctor = !strcmp(call->method, "<init>");
    const vm_method *m = NULL;
    int score = 0;
    char why[600] = "";
    if (ctor)
        scan_class(machine, cls, call, &m, &score);
    else
        m = find_method(machine, cls, call, why, sizeof why);
    if (m) out->kind = return_kind(machine, target, m);
    out->overloads = ctor ? 1 : count_fitting(machine, cls, call);
    if (vm_last_error(machine)->status) return (*err = *vm_last_error(machine)).status;
    describe_call(call, what, sizeof what);
    if (!m && why[0]) return harness_fail(err, VM_ERR_BAD_INPUT, "error: %s", why);
    if (!m)
        return harness_fail(err, VM_ERR_BAD_INPUT, "error: %s has no %s %s", class_name,
                            ctor ? "constructor" : "method", ctor ? what + 6 : what);
    snprintf(out->descriptor, sizeof out->descriptor, "%s", vm_method_descriptor(m));
    java_type(cf_return_type(vm_method_descriptor(m)), out->return_type, sizeof out->return_type);
    return VM_OK;
}

vm_status harness_define(vm *machine, const harness_vm_client *hc, vm_error *err)
{
    if (hc->call_count > HARNESS_MAX_CALLS)
        return harness_fail(err, VM_ERR_LIMIT, "error: more than %d invocations",
                            HARNESS_MAX_CALLS);
    char target[1024];
    snprintf(target, sizeof target, "%s", hc->class_name);
    for (char *c = target; *c; c++)
        if (*c == '.') *c = '/';
    gen g = {.machine = machine, .hc = hc, .target = target};
    const vm_method *methods[HARNESS_MAX_CALLS], *ctor = NULL;
    vm_class *cls = NULL;
    vm_status st = load_target(&g, &cls, err);
    if (!st && !vm_class_load(machine, HARNESS_CLASS)) st = (*err = *vm_last_error(machine)).status;
    if (!st) st = resolve_all(&g, cls, &ctor, methods, err);
    if (!st) st = define(&g, ctor, methods, err);
    cf_writer_free(&g.w);
    return st;
}
