/* The class files of lambda classes, as LambdaMetafactory spins them: a final class implementing
 * the functional interface, one final field per captured value, and a method (plus bridges)
 * that loads the captured values and its arguments, adapts them to the implementation method's
 * types (casts, boxing, unboxing, widening), calls it and adapts the result. The bytes go through
 * cf_parse like any class file. */
#include <stdio.h>

#include "indy.h"

/* The lambda class being written (classfile's writer). */
typedef cf_writer writer;

/* Appends opcode or operand byte [v] to the code. */
static void op1(writer *w, unsigned v)
{
    cf_code_u1(w, v);
}

/* Appends the two-byte operand [v] to the code. */
static void op2(writer *w, unsigned v)
{
    cf_code_u2(w, v);
}

/* ---- Types ------------------------------------------------------------------------------------
 */

/* Splits the parameter list of method descriptor [d] into [types] (each a pointer into [d]);
 * returns the count. */
static size_t split_params(const char *d, const char **types, size_t cap)
{
    size_t n = 0;
    cf_param_iter it;
    cf_type p;
    cf_params_begin(&it, d);
    while (n < cap && cf_params_next(&it, &p)) types[n++] = p.text;
    return n;
}

/* Copies the single type starting at [t] into [buf] as a class name for Class entries. */
static const char *type_class(const char *t, char *buf, size_t cap)
{
    int len = (int)cf_field_type_length(t);
    if (t[0] == 'L')
        snprintf(buf, cap, "%.*s", len - 2, t + 1);
    else
        snprintf(buf, cap, "%.*s", len, t);
    return buf;
}

static bool is_prim(char c)
{
    return c && strchr("ZBCSIJFD", c);
}

static const char *wrapper_of(char p)
{
    switch (p) {
    case 'Z':
        return "java/lang/Boolean";
    case 'B':
        return "java/lang/Byte";
    case 'C':
        return "java/lang/Character";
    case 'S':
        return "java/lang/Short";
    case 'I':
        return "java/lang/Integer";
    case 'J':
        return "java/lang/Long";
    case 'F':
        return "java/lang/Float";
    default:
        return "java/lang/Double";
    }
}

/* Returns the primitive kind that wrapper class [name] holds, or 0. */
static char unwrapped(const char *name)
{
    const char *kinds = "ZBCSIJFD";
    for (int i = 0; i < 8; i++)
        if (!strcmp(wrapper_of(kinds[i]), name)) return kinds[i];
    return 0;
}

static const char *prim_name(char p)
{
    switch (p) {
    case 'Z':
        return "boolean";
    case 'B':
        return "byte";
    case 'C':
        return "char";
    case 'S':
        return "short";
    case 'I':
        return "int";
    case 'J':
        return "long";
    case 'F':
        return "float";
    default:
        return "double";
    }
}

/* Emits the widening conversion from primitive [from] to primitive [to]. */
static void widen(writer *w, char from, char to)
{
    if (from == to) return;
    bool from_int = strchr("BCSI", from) != NULL, to_int = strchr("BCSI", to) != NULL;
    if (from_int && to_int) return;
    if (from_int)
        op1(w, to == 'J' ? CF_OP_I2L : to == 'F' ? CF_OP_I2F : CF_OP_I2D);
    else if (from == 'J')
        op1(w, to == 'F' ? CF_OP_L2F : CF_OP_L2D);
    else if (from == 'F')
        op1(w, CF_OP_F2D);
}

static void box(writer *w, char p)
{
    char desc[64];
    snprintf(desc, sizeof desc, "(%c)L%s;", p, wrapper_of(p));
    op1(w, CF_OP_INVOKESTATIC);
    op2(w, cf_pool_ref(w, CF_TAG_METHODREF, wrapper_of(p), "valueOf", desc));
}

/* Unboxes the reference on the stack to primitive [p], using wrapper [hint] when it names one. */
static void unbox(writer *w, const char *hint, char p)
{
    char held = hint ? unwrapped(hint) : 0;
    const char *wrapper = held ? hint : wrapper_of(p);
    if (!held) held = p;
    char name[32], desc[8];
    snprintf(name, sizeof name, "%sValue", prim_name(held));
    snprintf(desc, sizeof desc, "()%c", held);
    op1(w, CF_OP_CHECKCAST);
    op2(w, cf_pool_class(w, wrapper));
    op1(w, CF_OP_INVOKEVIRTUAL);
    op2(w, cf_pool_ref(w, CF_TAG_METHODREF, wrapper, name, desc));
    widen(w, held, p);
}

/* Converts the value on the stack from type [from] to type [to] (descriptor fragments);
 * [hint] is the instantiated type of the value. */
static void adapt(writer *w, const char *from, const char *to, const char *hint)
{
    char buf[512], hbuf[512];
    const char *hint_class = hint && hint[0] == 'L' ? type_class(hint, hbuf, sizeof hbuf) : NULL;
    if (is_prim(to[0])) {
        if (is_prim(from[0]))
            widen(w, from[0], to[0]);
        else
            unbox(w,
                  hint_class ? hint_class
                             : (from[0] == 'L' ? type_class(from, buf, sizeof buf) : NULL),
                  to[0]);
        return;
    }
    if (to[0] == 'V') return;
    if (is_prim(from[0])) {
        box(w, from[0]);
        return;
    }
    type_class(to, buf, sizeof buf);
    if (strcmp(buf, "java/lang/Object")) {
        op1(w, CF_OP_CHECKCAST);
        op2(w, cf_pool_class(w, buf));
    }
}

static unsigned load_op(char t)
{
    switch (t) {
    case 'J':
        return CF_OP_LLOAD;
    case 'F':
        return CF_OP_FLOAD;
    case 'D':
        return CF_OP_DLOAD;
    case 'L':
    case '[':
        return CF_OP_ALOAD;
    default:
        return CF_OP_ILOAD;
    }
}

static unsigned return_op(char t)
{
    switch (t) {
    case 'V':
        return CF_OP_RETURN;
    case 'J':
        return CF_OP_LRETURN;
    case 'F':
        return CF_OP_FRETURN;
    case 'D':
        return CF_OP_DRETURN;
    case 'L':
    case '[':
        return CF_OP_ARETURN;
    default:
        return CF_OP_IRETURN;
    }
}

/* ---- The method body ------------------------------------------------------------------------ */

/* Lists the implementation's parameter types, the receiver first for instance methods. */
static size_t impl_params(const vm_lambda_spec *s, const char **types, char *recv, size_t cap)
{
    size_t n = 0;
    bool instance = s->impl_kind == CF_REF_INVOKE_VIRTUAL ||
                    s->impl_kind == CF_REF_INVOKE_INTERFACE ||
                    s->impl_kind == CF_REF_INVOKE_SPECIAL;
    if (instance) {
        snprintf(recv, cap, "L%s;", s->impl_owner);
        types[n++] = recv;
    }
    return n + split_params(s->impl_descriptor, types + n, 255 - n);
}

static void emit_invoke(writer *w, const vm_lambda_spec *s, size_t impl_argc)
{
    uint8_t tag = s->impl_interface ? CF_TAG_INTERFACE_METHODREF : CF_TAG_METHODREF;
    uint16_t ref = cf_pool_ref(w, tag, s->impl_owner, s->impl_name, s->impl_descriptor);
    switch (s->impl_kind) {
    case CF_REF_INVOKE_STATIC:
        op1(w, CF_OP_INVOKESTATIC);
        op2(w, ref);
        break;
    case CF_REF_INVOKE_SPECIAL:
        op1(w, CF_OP_INVOKESPECIAL);
        op2(w, ref);
        break;
    case CF_REF_NEW_INVOKE_SPECIAL:
        op1(w, CF_OP_INVOKESPECIAL);
        op2(w, ref);
        break;
    case CF_REF_INVOKE_INTERFACE: {
        unsigned slots = 1;
        const char *types[255];
        size_t n = split_params(s->impl_descriptor, types, 255);
        for (size_t i = 0; i < n; i++) slots += (unsigned)cf_type_slots(types[i][0]);
        op1(w, CF_OP_INVOKEINTERFACE);
        op2(w, ref);
        op1(w, slots);
        op1(w, 0);
        break;
    }
    default:
        op1(w, CF_OP_INVOKEVIRTUAL);
        op2(w, ref);
        break;
    }
    (void)impl_argc;
}

/* Copies captured type [t] (inside a descriptor) into [buf] as a field descriptor. */
static const char *field_descriptor(const char *t, char *buf, size_t cap)
{
    snprintf(buf, cap, "%.*s", (int)cf_field_type_length(t), t);
    return buf;
}

/* Loads captured value [i] of type [t] from its field, adapted to implementation type [to]. */
static void emit_captured(writer *w, const char *class_name, const char *t, size_t i,
                          const char *to)
{
    char field[32], fdesc[512];
    snprintf(field, sizeof field, "arg$%zu", i + 1);
    field_descriptor(t, fdesc, sizeof fdesc);
    op1(w, CF_OP_ALOAD_0);
    op1(w, CF_OP_GETFIELD);
    op2(w, cf_pool_ref(w, CF_TAG_FIELDREF, class_name, field, fdesc));
    if (to) adapt(w, fdesc, to, NULL);
}

/* Emits the body of one lambda method with erased descriptor [desc]. */
static void emit_body(writer *w, const vm_lambda_spec *s, const char *desc, const char *class_name)
{
    const char *impl[256], *cap[256], *sam[256], *inst[256];
    char recv[600];
    size_t ni = impl_params(s, impl, recv, sizeof recv);
    size_t nc = split_params(s->captured, cap, 255), ns = split_params(desc, sam, 255);
    size_t nt = split_params(s->instantiated, inst, 255);
    if (s->impl_kind == CF_REF_NEW_INVOKE_SPECIAL) {
        op1(w, CF_OP_NEW);
        op2(w, cf_pool_class(w, s->impl_owner));
        op1(w, CF_OP_DUP);
    }
    for (size_t i = 0; i < nc; i++)
        emit_captured(w, class_name, cap[i], i, i < ni ? impl[i] : NULL);
    unsigned slot = 1;
    for (size_t j = 0; j < ns; j++) {
        op1(w, load_op(sam[j][0]));
        op1(w, slot);
        slot += (unsigned)cf_type_slots(sam[j][0]);
        if (nc + j < ni) adapt(w, sam[j], impl[nc + j], j < nt ? inst[j] : NULL);
    }
    emit_invoke(w, s, ni);
    char impl_ret[600];
    const char *ir = cf_return_type(s->impl_descriptor);
    if (s->impl_kind == CF_REF_NEW_INVOKE_SPECIAL) {
        snprintf(impl_ret, sizeof impl_ret, "L%s;", s->impl_owner);
        ir = impl_ret;
    }
    const char *sr = cf_return_type(desc);
    if (sr[0] == 'V' && ir[0] != 'V')
        op1(w, ir[0] == 'J' || ir[0] == 'D' ? CF_OP_POP2 : CF_OP_POP);
    else if (sr[0] != 'V' && ir[0] == 'V')
        op1(w, CF_OP_ACONST_NULL);
    else if (sr[0] != 'V')
        adapt(w, ir, sr, cf_return_type(s->instantiated));
    op1(w, return_op(sr[0]));
}

/* ---- The class file -------------------------------------------------------------------------- */

/* Writes the methods of [s] into [w]. */
static void write_methods(writer *w, const vm_lambda_spec *s)
{
    cf_pool_utf8(w, "Code");
    for (size_t m = 0; m < s->method_count; m++) {
        const char *desc = s->methods[m].descriptor;
        emit_body(w, s, desc, s->class_name);
        const char *types[256];
        size_t np = split_params(desc, types, 255);
        unsigned locals = 1;
        for (size_t i = 0; i < np; i++) locals += (unsigned)cf_type_slots(types[i][0]);
        cf_code_shape shape = {.max_stack = 2 * locals + 16, .max_locals = locals};
        cf_writer_method(w, CF_ACC_PUBLIC, s->methods[m].name, desc, &shape);
    }
}

/* Writes one private final field per captured value. */
static void write_fields(writer *w, const vm_lambda_spec *s)
{
    const char *cap[256];
    size_t nc = split_params(s->captured, cap, 255);
    for (size_t i = 0; i < nc; i++) {
        char field[32], fdesc[512];
        snprintf(field, sizeof field, "arg$%zu", i + 1);
        cf_writer_field(w, CF_ACC_PRIVATE | CF_ACC_FINAL, field,
                        field_descriptor(cap[i], fdesc, sizeof fdesc));
    }
}

bool vm_write_lambda_class(const vm_lambda_spec *s, uint8_t **out, size_t *len)
{
    writer w = {0};
    uint16_t interfaces[sizeof s->interfaces / sizeof s->interfaces[0]];
    cf_class_head head = {CF_ACC_FINAL | CF_ACC_SUPER | CF_ACC_SYNTHETIC, 0, 0, interfaces,
                          s->interface_count};
    head.this_class = cf_pool_class(&w, s->class_name); /* pool order: this, super, interfaces */
    head.super_class = cf_pool_class(&w, "java/lang/Object");
    for (size_t i = 0; i < s->interface_count; i++)
        interfaces[i] = cf_pool_class(&w, s->interfaces[i]);
    write_fields(&w, s);
    write_methods(&w, s);
    bool ok = cf_writer_finish(&w, &head, out, len);
    cf_writer_free(&w);
    return ok;
}

/* ---- VarHandle access adapters ----------------------------------------------------------------
 */

/* The model's entry point every adapter calls (java.lang.invoke.VarHandle.access). */
#define VH_CLASS "java/lang/invoke/VarHandle"
#define VH_ACCESS_DESC                                                                             \
    "(Ljava/lang/invoke/VarHandle;IILjava/lang/Object;ILjava/lang/Object;Ljava/lang/Object;I)"     \
    "Ljava/lang/Object;"

/* Pushes int constant [v] (-128..127). */
static void push_small(writer *w, int v)
{
    op1(w, CF_OP_BIPUSH);
    op1(w, (unsigned)(uint8_t)(int8_t)v);
}

/* True when a call-site argument of [type] can be an array index (an int after conversion). */
static bool index_type(const char *type)
{
    return strchr("BCSI", type[0]) || !strcmp(type, "Ljava/lang/Integer;") ||
           !strcmp(type, "Ljava/lang/Object;");
}

/* Loads adapter parameter [i] of [types] (at local [slots[i]]) converted to [to], or pushes
 * [absent] when there is no such parameter. */
static void load_param(writer *w, const char **types, const unsigned *slots, size_t n, size_t i,
                       const char *to, unsigned absent)
{
    if (i >= n) {
        op1(w, absent);
        return;
    }
    op1(w, load_op(types[i][0]));
    op1(w, slots[i]);
    adapt(w, types[i], to, NULL);
}

/* Starts generated class [name] in [w] (final, synthetic, extending Object, implementing
 * nothing): returns its head, with the "Code" name its methods use already in the pool. */
static cf_class_head begin_class(writer *w, const char *name)
{
    cf_class_head head = {CF_ACC_FINAL | CF_ACC_SUPER | CF_ACC_SYNTHETIC, 0, 0, NULL, 0};
    head.this_class = cf_pool_class(w, name);
    head.super_class = cf_pool_class(w, "java/lang/Object");
    cf_pool_utf8(w, "Code");
    return head;
}

bool vm_write_varhandle_adapter(const vm_varhandle_spec *s, uint8_t **out, size_t *len)
{
    writer w = {0};
    cf_class_head head = begin_class(&w, s->class_name);
    const char *types[256];
    unsigned slots[256], slot = 1; /* local 0 is the VarHandle */
    size_t n = split_params(s->site_descriptor, types, 250);
    for (size_t i = 0; i < n; i++) {
        slots[i] = slot;
        slot += (unsigned)cf_type_slots(types[i][0]);
    }
    int coords = (int)n - s->values;
    if (coords < 0 || coords > 2 || (coords == 2 && !index_type(types[1]))) coords = -1;
    size_t c = coords < 0 ? 0 : (size_t)coords;
    op1(&w, CF_OP_ALOAD_0);
    push_small(&w, s->op);
    push_small(&w, coords);
    load_param(&w, types, slots, c, 0, "Ljava/lang/Object;", CF_OP_ACONST_NULL);
    load_param(&w, types, slots, c, 1, "I", CF_OP_ICONST_0);
    size_t v = coords < 0 ? 0 : (size_t)s->values;
    load_param(&w, types + c, slots + c, v, 0, "Ljava/lang/Object;", CF_OP_ACONST_NULL);
    load_param(&w, types + c, slots + c, v, 1, "Ljava/lang/Object;", CF_OP_ACONST_NULL);
    const char *ret = cf_return_type(s->site_descriptor);
    push_small(&w, ret[0] == '[' ? 'L' : ret[0]);
    op1(&w, CF_OP_INVOKESTATIC);
    op2(&w, cf_pool_ref(&w, CF_TAG_METHODREF, VH_CLASS, "access", VH_ACCESS_DESC));
    if (ret[0] == 'V')
        op1(&w, CF_OP_POP);
    else
        adapt(&w, "Ljava/lang/Object;", ret, NULL);
    op1(&w, return_op(ret[0]));
    char desc[1200];
    snprintf(desc, sizeof desc, "(L%s;%s", VH_CLASS, s->site_descriptor + 1);
    cf_code_shape shape = {.max_stack = 16, .max_locals = slot};
    cf_writer_method(&w, CF_ACC_PRIVATE | CF_ACC_STATIC | CF_ACC_FINAL | CF_ACC_SYNTHETIC, s->mode,
                     desc, &shape);
    bool ok = strlen(s->site_descriptor) < 1000 && cf_writer_finish(&w, &head, out, len);
    cf_writer_free(&w);
    return ok;
}

/* ---- Records' equals, hashCode and toString (java.lang.runtime.ObjectMethods) -----------------
 */

/* True when field descriptor [d] names a reference (a class or an array). */
static bool is_reference(const char *d)
{
    return d[0] == 'L' || d[0] == '[';
}

/* Loads component [c] of the record in local [local] (cast to [record] first when [cast]). */
static void load_component(writer *w, const char *record, const vm_record_component *c,
                           unsigned local, bool cast)
{
    op1(w, CF_OP_ALOAD);
    op1(w, local);
    if (cast) {
        op1(w, CF_OP_CHECKCAST);
        op2(w, cf_pool_class(w, record));
    }
    op1(w, CF_OP_GETFIELD);
    op2(w, cf_pool_ref(w, CF_TAG_FIELDREF, c->owner, c->name, c->descriptor));
}

/* Calls static method [owner].[name][desc]. */
static void call_static(writer *w, const char *owner, const char *name, const char *desc)
{
    op1(w, CF_OP_INVOKESTATIC);
    op2(w, cf_pool_ref(w, CF_TAG_METHODREF, owner, name, desc));
}

/* Emits ObjectMethods' hashCode: from 0, h = 31 * h + the hash of each component in order (the
 * wrapper class's static hashCode for a primitive, Objects.hashCode for a reference). */
static void emit_record_hash(writer *w, const vm_record_spec *s)
{
    op1(w, CF_OP_ICONST_0);
    for (size_t i = 0; i < s->count; i++) {
        const char *d = s->components[i].descriptor;
        push_small(w, 31);
        op1(w, CF_OP_IMUL);
        load_component(w, s->record, &s->components[i], 0, false);
        char desc[8];
        snprintf(desc, sizeof desc, "(%c)I", d[0]);
        if (is_reference(d))
            call_static(w, "java/util/Objects", "hashCode", "(Ljava/lang/Object;)I");
        else
            call_static(w, wrapper_of(d[0]), "hashCode", desc);
        op1(w, CF_OP_IADD);
    }
    op1(w, CF_OP_IRETURN);
}

/* Emits "return false unless [jump] (an if-opcode) jumps": the branch skips an inline return. */
static void unless(writer *w, unsigned jump)
{
    op1(w, jump);
    op2(w, 5);
    op1(w, CF_OP_ICONST_0);
    op1(w, CF_OP_IRETURN);
}

/* Emits the comparison of the two values of component kind [d] on the stack, returning false
 * when they differ: == for integral kinds, Float/Double.compare == 0, Objects.equals. */
static void compare_component(writer *w, const char *d)
{
    if (is_reference(d)) {
        call_static(w, "java/util/Objects", "equals", "(Ljava/lang/Object;Ljava/lang/Object;)Z");
        unless(w, CF_OP_IFNE);
    } else if (d[0] == 'J') {
        op1(w, CF_OP_LCMP);
        unless(w, CF_OP_IFEQ);
    } else if (d[0] == 'F' || d[0] == 'D') {
        call_static(w, wrapper_of(d[0]), "compare", d[0] == 'F' ? "(FF)I" : "(DD)I");
        unless(w, CF_OP_IFEQ);
    } else {
        unless(w, CF_OP_IF_ICMPEQ);
    }
}

/* Emits ObjectMethods' equals(this, o): true when o is this; false unless o is an instance of
 * the record; then the components from the last to the first (its nested guardWithTests test
 * them in that order). */
static void emit_record_equals(writer *w, const vm_record_spec *s)
{
    op1(w, CF_OP_ALOAD_0);
    op1(w, CF_OP_ALOAD_1);
    op1(w, CF_OP_IF_ACMPNE);
    op2(w, 5);
    op1(w, CF_OP_ICONST_1);
    op1(w, CF_OP_IRETURN);
    op1(w, CF_OP_ALOAD_1);
    op1(w, CF_OP_INSTANCEOF);
    op2(w, cf_pool_class(w, s->record));
    unless(w, CF_OP_IFNE);
    for (size_t i = s->count; i-- > 0;) {
        load_component(w, s->record, &s->components[i], 0, false);
        load_component(w, s->record, &s->components[i], 1, true);
        compare_component(w, s->components[i].descriptor);
    }
    op1(w, CF_OP_ICONST_1);
    op1(w, CF_OP_IRETURN);
}

/* Appends to the StringBuilder on the stack: a String constant [text] when [text], else the
 * value of kind [d] on the stack (StringBuilder.append as String.valueOf prints it). */
static void append_to_builder(writer *w, const char *text, const char *d)
{
    char desc[64];
    if (text) {
        op1(w, CF_OP_LDC_W);
        op2(w, cf_pool_string(w, text));
        d = "Ljava/lang/String;";
    }
    bool integral = strchr("BSI", d[0]) != NULL;
    snprintf(desc, sizeof desc, "(%s)Ljava/lang/StringBuilder;",
             integral          ? "I"
             : text            ? d
             : is_reference(d) ? "Ljava/lang/Object;"
                               : (char[]){d[0], 0});
    op1(w, CF_OP_INVOKEVIRTUAL);
    op2(w, cf_pool_ref(w, CF_TAG_METHODREF, "java/lang/StringBuilder", "append", desc));
}

/* Emits ObjectMethods' toString: the record class's simple name, then "[name=value, ...]". */
static void emit_record_text(writer *w, const vm_record_spec *s)
{
    op1(w, CF_OP_NEW);
    op2(w, cf_pool_class(w, "java/lang/StringBuilder"));
    op1(w, CF_OP_DUP);
    op1(w, CF_OP_LDC_W);
    op2(w, cf_pool_class(w, s->record));
    op1(w, CF_OP_INVOKEVIRTUAL);
    op2(w, cf_pool_ref(w, CF_TAG_METHODREF, "java/lang/Class", "getSimpleName",
                       "()Ljava/lang/String;"));
    op1(w, CF_OP_INVOKESPECIAL);
    op2(w, cf_pool_ref(w, CF_TAG_METHODREF, "java/lang/StringBuilder", "<init>",
                       "(Ljava/lang/String;)V"));
    for (size_t i = 0; i < s->count; i++) {
        char label[600];
        snprintf(label, sizeof label, "%s%s=", i ? ", " : "[", s->components[i].label);
        append_to_builder(w, label, NULL);
        load_component(w, s->record, &s->components[i], 0, false);
        append_to_builder(w, NULL, s->components[i].descriptor);
    }
    append_to_builder(w, s->count ? "]" : "[]", NULL);
    op1(w, CF_OP_INVOKEVIRTUAL);
    op2(w, cf_pool_ref(w, CF_TAG_METHODREF, "java/lang/StringBuilder", "toString",
                       "()Ljava/lang/String;"));
    op1(w, CF_OP_ARETURN);
}

bool vm_write_record_class(const vm_record_spec *s, uint8_t **out, size_t *len)
{
    writer w = {0};
    cf_class_head head = begin_class(&w, s->class_name);
    if (!strcmp(s->method, "equals"))
        emit_record_equals(&w, s);
    else if (!strcmp(s->method, "hashCode"))
        emit_record_hash(&w, s);
    else
        emit_record_text(&w, s);
    cf_code_shape shape = {.max_stack = 8, .max_locals = 2};
    cf_writer_method(&w, CF_ACC_PUBLIC | CF_ACC_STATIC | CF_ACC_FINAL | CF_ACC_SYNTHETIC, s->method,
                     s->descriptor, &shape);
    bool ok = cf_writer_finish(&w, &head, out, len);
    cf_writer_free(&w);
    return ok;
}
