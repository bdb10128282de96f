/* The class files of lambda classes, as LambdaMetafactory spins them: a final class implementing
 * the functional interface, one final field per captured value, and a method (plus bridges)
 * that loads the captured values and its arguments, adapts them to the implementation method's
 * types (casts, boxing, unboxing, widening), calls it and adapts the result. The bytes go through
 * cf_parse like any class file. */
#include <stdio.h>

#include "indy.h"

enum { MAX_CP = 512, MAX_CODE = 2048, MAX_OUT = 16384 };

/* A growing class file and its constant pool. */
typedef struct writer {
    uint8_t cp[MAX_OUT];
    size_t cp_len;
    uint16_t cp_count;
    const char *keys[MAX_CP]; /* "tag:text" of each entry, for sharing */
    char key_store[MAX_OUT * 2];
    size_t key_len;
    uint8_t code[MAX_CODE];
    size_t code_len;
    bool overflow;
} writer;

static void put1(uint8_t *buf, size_t *len, size_t cap, bool *overflow, unsigned v)
{
    if (*len >= cap) {
        *overflow = true;
        return;
    }
    buf[(*len)++] = (uint8_t)v;
}

static void cp1(writer *w, unsigned v)
{
    put1(w->cp, &w->cp_len, sizeof w->cp, &w->overflow, v);
}

static void cp2(writer *w, unsigned v)
{
    cp1(w, v >> 8);
    cp1(w, v & 0xff);
}

static void op1(writer *w, unsigned v)
{
    put1(w->code, &w->code_len, sizeof w->code, &w->overflow, v);
}

static void op2(writer *w, unsigned v)
{
    op1(w, v >> 8);
    op1(w, v & 0xff);
}

/* Returns the index of the entry known as [key], or 0 and reserves it as new. */
static uint16_t lookup(writer *w, const char *key, bool *fresh)
{
    for (uint16_t i = 1; i < w->cp_count; i++)
        if (w->keys[i] && !strcmp(w->keys[i], key)) {
            *fresh = false;
            return i;
        }
    *fresh = true;
    if (w->cp_count == 0) w->cp_count = 1;
    size_t n = strlen(key) + 1;
    if (w->cp_count >= MAX_CP || w->key_len + n > sizeof w->key_store) {
        w->overflow = true;
        return 1;
    }
    memcpy(w->key_store + w->key_len, key, n);
    w->keys[w->cp_count] = w->key_store + w->key_len;
    w->key_len += n;
    return w->cp_count++;
}

static uint16_t utf8(writer *w, const char *s)
{
    char key[600];
    bool fresh;
    snprintf(key, sizeof key, "U:%s", s);
    uint16_t i = lookup(w, key, &fresh);
    if (fresh) {
        size_t n = strlen(s);
        cp1(w, CF_TAG_UTF8);
        cp2(w, (unsigned)n);
        for (size_t k = 0; k < n; k++) cp1(w, (uint8_t)s[k]);
    }
    return i;
}

static uint16_t class_ref(writer *w, const char *name)
{
    char key[600];
    bool fresh;
    uint16_t n = utf8(w, name);
    snprintf(key, sizeof key, "C:%s", name);
    uint16_t i = lookup(w, key, &fresh);
    if (fresh) {
        cp1(w, CF_TAG_CLASS);
        cp2(w, n);
    }
    return i;
}

/* Adds a Fieldref/Methodref/InterfaceMethodref ([tag]) to [owner].[name][desc]. */
static uint16_t member_ref(writer *w, uint8_t tag, const char *owner, const char *name,
                           const char *desc)
{
    char key[900];
    bool fresh;
    uint16_t c = class_ref(w, owner), n = utf8(w, name), d = utf8(w, desc);
    snprintf(key, sizeof key, "N:%s:%s", name, desc);
    uint16_t nat = lookup(w, key, &fresh);
    if (fresh) {
        cp1(w, CF_TAG_NAME_AND_TYPE);
        cp2(w, n);
        cp2(w, d);
    }
    snprintf(key, sizeof key, "%u:%s.%s:%s", tag, owner, name, desc);
    uint16_t i = lookup(w, key, &fresh);
    if (fresh) {
        cp1(w, tag);
        cp2(w, c);
        cp2(w, nat);
    }
    return i;
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
    op2(w, member_ref(w, CF_TAG_METHODREF, wrapper_of(p), "valueOf", desc));
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
    op2(w, class_ref(w, wrapper));
    op1(w, CF_OP_INVOKEVIRTUAL);
    op2(w, member_ref(w, CF_TAG_METHODREF, wrapper, name, desc));
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
        op2(w, class_ref(w, buf));
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
    uint16_t ref = member_ref(w, tag, s->impl_owner, s->impl_name, s->impl_descriptor);
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
    op2(w, member_ref(w, CF_TAG_FIELDREF, class_name, field, fdesc));
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
        op2(w, class_ref(w, s->impl_owner));
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

static void put_bytes(uint8_t *out, size_t *n, const uint8_t *src, size_t len)
{
    memcpy(out + *n, src, len);
    *n += len;
}

static void put_u2(uint8_t *out, size_t *n, unsigned v)
{
    out[(*n)++] = (uint8_t)(v >> 8);
    out[(*n)++] = (uint8_t)v;
}

static void put_u4(uint8_t *out, size_t *n, uint32_t v)
{
    put_u2(out, n, v >> 16);
    put_u2(out, n, v & 0xffff);
}

/* Writes the methods of [s] (their bodies adding to [w]'s pool) into [body] at [*n]. */
static void write_methods(writer *w, const vm_lambda_spec *s, uint8_t *body, size_t *n)
{
    put_u2(body, n, (unsigned)s->method_count);
    uint16_t code_attr = utf8(w, "Code");
    for (size_t m = 0; m < s->method_count; m++) {
        const char *desc = s->methods[m].descriptor;
        w->code_len = 0;
        emit_body(w, s, desc, s->class_name);
        const char *types[256];
        size_t np = split_params(desc, types, 255);
        unsigned locals = 1;
        for (size_t i = 0; i < np; i++) locals += (unsigned)cf_type_slots(types[i][0]);
        put_u2(body, n, CF_ACC_PUBLIC);
        put_u2(body, n, utf8(w, s->methods[m].name));
        put_u2(body, n, utf8(w, desc));
        put_u2(body, n, 1);
        put_u2(body, n, code_attr);
        put_u4(body, n, (uint32_t)(12 + w->code_len));
        put_u2(body, n, 2 * locals + 16);
        put_u2(body, n, locals);
        put_u4(body, n, (uint32_t)w->code_len);
        put_bytes(body, n, w->code, w->code_len);
        put_u2(body, n, 0);
        put_u2(body, n, 0);
    }
}

/* Writes one private final field per captured value. */
static void write_fields(writer *w, const vm_lambda_spec *s, uint8_t *body, size_t *n)
{
    const char *cap[256];
    size_t nc = split_params(s->captured, cap, 255);
    put_u2(body, n, (unsigned)nc);
    for (size_t i = 0; i < nc; i++) {
        char field[32], fdesc[512];
        snprintf(field, sizeof field, "arg$%zu", i + 1);
        put_u2(body, n, CF_ACC_PRIVATE | CF_ACC_FINAL);
        put_u2(body, n, utf8(w, field));
        put_u2(body, n, utf8(w, field_descriptor(cap[i], fdesc, sizeof fdesc)));
        put_u2(body, n, 0);
    }
}

bool vm_write_lambda_class(const vm_lambda_spec *s, uint8_t **out, size_t *len)
{
    writer *w = base_calloc(1, sizeof *w);
    uint8_t *body = base_malloc(MAX_OUT);
    if (!w || !body) {
        base_free(w);
        base_free(body);
        return false;
    }
    size_t n = 0;
    put_u2(body, &n, CF_ACC_FINAL | CF_ACC_SUPER | CF_ACC_SYNTHETIC);
    put_u2(body, &n, class_ref(w, s->class_name));
    put_u2(body, &n, class_ref(w, "java/lang/Object"));
    put_u2(body, &n, (unsigned)s->interface_count);
    for (size_t i = 0; i < s->interface_count; i++)
        put_u2(body, &n, class_ref(w, s->interfaces[i]));
    write_fields(w, s, body, &n);
    write_methods(w, s, body, &n);
    put_u2(body, &n, 0);
    bool ok = !w->overflow && n + w->cp_len + 10 <= MAX_OUT * 2;
    uint8_t *file = ok ? base_malloc(10 + w->cp_len + n) : NULL;
    if (file) {
        size_t k = 0;
        put_u4(file, &k, 0xCAFEBABE);
        put_u2(file, &k, 0);
        put_u2(file, &k, 52);
        put_u2(file, &k, w->cp_count);
        put_bytes(file, &k, w->cp, w->cp_len);
        put_bytes(file, &k, body, n);
        *out = file;
        *len = k;
    }
    base_free(w);
    base_free(body);
    return file != NULL;
}
