/* The constant pool (JVMS 4.4): reading every tag, then validating every cross-reference. */
#include <string.h>

#include "internal.h"

/* The first class-file major version in which [tag] may appear (JVMS table 4.4-B). */
static unsigned first_version(uint8_t tag)
{
    switch (tag) {
    case CF_TAG_METHOD_HANDLE:
    case CF_TAG_METHOD_TYPE:
    case CF_TAG_INVOKE_DYNAMIC:
        return 51;
    case CF_TAG_MODULE:
    case CF_TAG_PACKAGE:
        return 53;
    case CF_TAG_DYNAMIC:
        return 55;
    default:
        return 45;
    }
}

static bool read_utf8(cf_parser *p, cf_constant *c)
{
    uint16_t len;
    const uint8_t *bytes;
    if (!cf_read_u2(p, &len) || !cf_read_bytes(p, len, &bytes)) return false;
    if (!cf_valid_modified_utf8(bytes, len)) {
        p->pos -= len;
        return cf_parser_fail(p, CF_ERR_UTF8, "malformed modified UTF-8 in a Utf8 constant");
    }
    char *copy = base_arena_strndup(&p->cls->arena, (const char *)bytes, len);
    if (!copy) return cf_parser_fail(p, CF_ERR_NOMEM, "out of memory copying a Utf8 constant");
    c->u.utf8.chars = copy;
    c->u.utf8.length = len;
    return true;
}

static bool read_wide_number(cf_parser *p, cf_constant *c)
{
    uint32_t hi, lo;
    if (!cf_read_u4(p, &hi) || !cf_read_u4(p, &lo)) return false;
    uint64_t bits = ((uint64_t)hi << 32) | lo;
    if (c->tag == CF_TAG_LONG)
        c->u.long_value = (int64_t)bits;
    else
        memcpy(&c->u.double_value, &bits, sizeof bits);
    return true;
}

/* Reads the body of one constant whose [tag] is already in [c]. */
static bool read_body(cf_parser *p, cf_constant *c)
{
    uint32_t word;
    uint8_t kind;
    switch (c->tag) {
    case CF_TAG_UTF8:
        return read_utf8(p, c);
    case CF_TAG_INTEGER:
        if (!cf_read_u4(p, &word)) return false;
        c->u.integer = (int32_t)word;
        return true;
    case CF_TAG_FLOAT:
        if (!cf_read_u4(p, &word)) return false;
        memcpy(&c->u.float_value, &word, sizeof word);
        return true;
    case CF_TAG_LONG:
    case CF_TAG_DOUBLE:
        return read_wide_number(p, c);
    case CF_TAG_CLASS:
    case CF_TAG_STRING:
    case CF_TAG_METHOD_TYPE:
    case CF_TAG_MODULE:
    case CF_TAG_PACKAGE:
        return cf_read_u2(p, &c->u.name);
    case CF_TAG_FIELDREF:
    case CF_TAG_METHODREF:
    case CF_TAG_INTERFACE_METHODREF:
        return cf_read_u2(p, &c->u.ref.class_index) && cf_read_u2(p, &c->u.ref.name_and_type);
    case CF_TAG_NAME_AND_TYPE:
        return cf_read_u2(p, &c->u.name_and_type.name) &&
               cf_read_u2(p, &c->u.name_and_type.descriptor);
    case CF_TAG_METHOD_HANDLE:
        if (!cf_read_u1(p, &kind)) return false;
        c->u.handle.kind = kind;
        return cf_read_u2(p, &c->u.handle.reference);
    case CF_TAG_DYNAMIC:
    case CF_TAG_INVOKE_DYNAMIC:
        return cf_read_u2(p, &c->u.dynamic.bootstrap) && cf_read_u2(p, &c->u.dynamic.name_and_type);
    default:
        return false;
    }
}

static bool read_constant(cf_parser *p, uint16_t *index)
{
    cf_class *cls = p->cls;
    cf_constant *c = &cls->constants[*index];
    uint8_t tag;
    if (!cf_read_u1(p, &tag)) return false;
    bool known = tag <= CF_TAG_PACKAGE && tag != 0 && tag != 2 && tag != 13 && tag != 14;
    if (!known || cls->major_version < first_version(tag)) {
        p->pos--;
        if (!known)
            return cf_parser_fail(p, CF_ERR_CP_TAG, "constant %u has unknown tag %u", *index, tag);
        return cf_parser_fail(p, CF_ERR_CP_TAG,
                              "constant %u: tag %s needs class version %u, not %u", *index,
                              cf_tag_name(tag), first_version(tag), cls->major_version);
    }
    c->tag = tag;
    if (!read_body(p, c)) return false;
    if (tag == CF_TAG_LONG || tag == CF_TAG_DOUBLE) {
        if (*index + 1 >= cls->constant_count)
            return cf_parser_fail(p, CF_ERR_FORMAT, "constant %u: a %s needs two slots but is last",
                                  *index, cf_tag_name(tag));
        (*index)++; /* the second slot stays CF_TAG_NONE */
    }
    return true;
}

/* ---- Validation of cross-references ---------------------------------------------------------- */

static bool expect_utf8(cf_parser *p, uint16_t index, const char *what)
{
    return cf_expect_constant(p, index, CF_TAG_BIT(CF_TAG_UTF8), what);
}

static bool check_name_and_type(cf_parser *p, uint16_t index, bool method, const char *what)
{
    if (!cf_expect_constant(p, index, CF_TAG_BIT(CF_TAG_NAME_AND_TYPE), what)) return false;
    const cf_constant *nat = &p->cls->constants[index];
    const char *name = cf_utf8(p->cls, nat->u.name_and_type.name);
    const char *desc = cf_utf8(p->cls, nat->u.name_and_type.descriptor);
    if (!cf_valid_member_name(name, method))
        return cf_parser_fail(p, CF_ERR_DESCRIPTOR, "%s: invalid %s name '%s'", what,
                              method ? "method" : "field", name);
    cf_method_type mt;
    bool ok = method ? cf_parse_method_descriptor(desc, &mt) : cf_valid_field_descriptor(desc);
    if (!ok)
        return cf_parser_fail(p, CF_ERR_DESCRIPTOR, "%s: invalid %s descriptor '%s'", what,
                              method ? "method" : "field", desc);
    if (method && name[0] == '<' && (!strcmp(name, "<clinit>") || mt.ret.kind != 'V'))
        return cf_parser_fail(p, CF_ERR_DESCRIPTOR, "%s: '%s%s' cannot be referenced", what, name,
                              desc);
    return true;
}

static bool check_member_ref(cf_parser *p, const char *what, const cf_constant *c)
{
    if (!cf_expect_constant(p, c->u.ref.class_index, CF_TAG_BIT(CF_TAG_CLASS), what)) return false;
    return check_name_and_type(p, c->u.ref.name_and_type, c->tag != CF_TAG_FIELDREF, what);
}

/* The reference kinds a method handle of [kind] may point at (JVMS 4.4.8). */
static uint32_t handle_targets(uint8_t kind, unsigned major)
{
    uint32_t any_method =
        CF_TAG_BIT(CF_TAG_METHODREF) | (major >= 52 ? CF_TAG_BIT(CF_TAG_INTERFACE_METHODREF) : 0);
    if (kind >= CF_REF_GET_FIELD && kind <= CF_REF_PUT_STATIC) return CF_TAG_BIT(CF_TAG_FIELDREF);
    if (kind == CF_REF_INVOKE_VIRTUAL || kind == CF_REF_NEW_INVOKE_SPECIAL)
        return CF_TAG_BIT(CF_TAG_METHODREF);
    if (kind == CF_REF_INVOKE_STATIC || kind == CF_REF_INVOKE_SPECIAL) return any_method;
    return CF_TAG_BIT(CF_TAG_INTERFACE_METHODREF);
}

static bool check_handle(cf_parser *p, const char *what, const cf_constant *c)
{
    uint8_t kind = c->u.handle.kind;
    if (kind < CF_REF_GET_FIELD || kind > CF_REF_INVOKE_INTERFACE)
        return cf_parser_fail(p, CF_ERR_FORMAT, "%s: invalid reference kind %u", what, kind);
    if (!cf_expect_constant(p, c->u.handle.reference, handle_targets(kind, p->cls->major_version),
                            what))
        return false;
    const char *owner, *name, *desc;
    cf_member_ref(p->cls, c->u.handle.reference, &owner, &name, &desc);
    bool is_init = !strcmp(name, "<init>");
    if (kind >= CF_REF_INVOKE_VIRTUAL && is_init != (kind == CF_REF_NEW_INVOKE_SPECIAL))
        return cf_parser_fail(p, CF_ERR_FORMAT, "%s: reference kind %u cannot name method '%s'",
                              what, kind, name);
    return true;
}

static bool check_dynamic(cf_parser *p, const char *what, const cf_constant *c)
{
    bool method = c->tag == CF_TAG_INVOKE_DYNAMIC;
    if (!check_name_and_type(p, c->u.dynamic.name_and_type, method, what)) return false;
    const char *name, *desc;
    cf_name_and_type(p->cls, c->u.dynamic.name_and_type, &name, &desc);
    if (name[0] == '<')
        return cf_parser_fail(p, CF_ERR_DESCRIPTOR, "%s: invalid name '%s'", what, name);
    return true;
}

static bool check_method_type(cf_parser *p, const char *what, const cf_constant *c)
{
    if (!expect_utf8(p, c->u.name, what)) return false;
    cf_method_type mt;
    if (!cf_parse_method_descriptor(cf_utf8(p->cls, c->u.name), &mt))
        return cf_parser_fail(p, CF_ERR_DESCRIPTOR, "%s: invalid method descriptor '%s'", what,
                              cf_utf8(p->cls, c->u.name));
    return true;
}

static bool check_class(cf_parser *p, const char *what, const cf_constant *c)
{
    if (!expect_utf8(p, c->u.name, what)) return false;
    const char *name = cf_utf8(p->cls, c->u.name);
    if (!cf_valid_class_name(name))
        return cf_parser_fail(p, CF_ERR_DESCRIPTOR, "%s: invalid class name '%s'", what, name);
    return true;
}

/* Writes "constant I (TAG)" into [buf] (48 bytes) without snprintf: every constant gets one. */
static void constant_label(char *buf, uint16_t i, uint8_t tag)
{
    char digits[8];
    size_t n = 0, len = 9;
    do digits[n++] = (char)('0' + i % 10);
    while ((i /= 10) != 0);
    memcpy(buf, "constant ", 9);
    while (n) buf[len++] = digits[--n];
    const char *name = cf_tag_name(tag);
    size_t name_len = strlen(name);
    if (name_len > 48 - len - 4) name_len = 48 - len - 4;
    buf[len++] = ' ';
    buf[len++] = '(';
    memcpy(buf + len, name, name_len);
    len += name_len;
    buf[len++] = ')';
    buf[len] = '\0';
}

static bool check_constant(cf_parser *p, uint16_t i)
{
    const cf_constant *c = &p->cls->constants[i];
    char what[48];
    constant_label(what, i, c->tag);
    switch (c->tag) {
    case CF_TAG_CLASS:
        return check_class(p, what, c);
    case CF_TAG_STRING:
    case CF_TAG_MODULE:
    case CF_TAG_PACKAGE:
        return expect_utf8(p, c->u.name, what);
    case CF_TAG_FIELDREF:
    case CF_TAG_METHODREF:
    case CF_TAG_INTERFACE_METHODREF:
        return check_member_ref(p, what, c);
    case CF_TAG_NAME_AND_TYPE:
        return expect_utf8(p, c->u.name_and_type.name, what) &&
               expect_utf8(p, c->u.name_and_type.descriptor, what);
    case CF_TAG_METHOD_HANDLE:
        return check_handle(p, what, c);
    case CF_TAG_METHOD_TYPE:
        return check_method_type(p, what, c);
    case CF_TAG_DYNAMIC:
    case CF_TAG_INVOKE_DYNAMIC:
        return check_dynamic(p, what, c);
    default:
        return true;
    }
}

/* Checks every entry that others refer to before the entries that refer to them. */
static bool check_all(cf_parser *p)
{
    static const uint8_t order[] = {
        CF_TAG_CLASS,         CF_TAG_NAME_AND_TYPE, CF_TAG_STRING,
        CF_TAG_MODULE,        CF_TAG_PACKAGE,       CF_TAG_METHOD_TYPE,
        CF_TAG_FIELDREF,      CF_TAG_METHODREF,     CF_TAG_INTERFACE_METHODREF,
        CF_TAG_METHOD_HANDLE, CF_TAG_DYNAMIC,       CF_TAG_INVOKE_DYNAMIC};
    for (size_t k = 0; k < sizeof order; k++)
        for (uint16_t i = 1; i < p->cls->constant_count; i++)
            if (p->cls->constants[i].tag == order[k] && !check_constant(p, i)) return false;
    return true;
}

bool cf_parse_constant_pool(cf_parser *p)
{
    cf_class *cls = p->cls;
    if (!cf_read_u2(p, &cls->constant_count)) return false;
    if (cls->constant_count == 0)
        return cf_parser_fail(p, CF_ERR_FORMAT, "constant_pool_count is 0 (must be at least 1)");
    cls->constants = cf_parser_alloc(p, sizeof(cf_constant) * cls->constant_count);
    if (!cls->constants) return false;
    for (uint16_t i = 1; i < cls->constant_count; i++)
        if (!read_constant(p, &i)) return false;
    return check_all(p);
}

bool cf_check_bootstrap_indices(cf_parser *p)
{
    const cf_class *cls = p->cls;
    for (uint16_t i = 1; i < cls->constant_count; i++) {
        const cf_constant *c = &cls->constants[i];
        if (c->tag != CF_TAG_DYNAMIC && c->tag != CF_TAG_INVOKE_DYNAMIC) continue;
        if (c->u.dynamic.bootstrap >= cls->bootstrap_count)
            return cf_parser_fail(
                p, CF_ERR_FORMAT, "constant %u (%s) names bootstrap method %u but the class has %u",
                i, cf_tag_name(c->tag), c->u.dynamic.bootstrap, cls->bootstrap_count);
    }
    return true;
}

/* ---- Accessors on a validated class ---------------------------------------------------------- */

const char *cf_utf8(const cf_class *cls, uint16_t index)
{
    return cls->constants[index].u.utf8.chars;
}

const char *cf_class_name(const cf_class *cls, uint16_t index)
{
    return cf_utf8(cls, cls->constants[index].u.name);
}

void cf_name_and_type(const cf_class *cls, uint16_t index, const char **name,
                      const char **descriptor)
{
    const cf_constant *nat = &cls->constants[index];
    *name = cf_utf8(cls, nat->u.name_and_type.name);
    *descriptor = cf_utf8(cls, nat->u.name_and_type.descriptor);
}

void cf_member_ref(const cf_class *cls, uint16_t index, const char **owner, const char **name,
                   const char **descriptor)
{
    const cf_constant *ref = &cls->constants[index];
    *owner = cf_class_name(cls, ref->u.ref.class_index);
    cf_name_and_type(cls, ref->u.ref.name_and_type, name, descriptor);
}
