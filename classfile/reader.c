/* The bounds-checked reader and error reporting shared by every parsing phase. */
#include <stdarg.h>
#include <string.h>

#include "internal.h"

const char *cf_status_name(cf_status status)
{
    static const char *const names[] = {
        [CF_OK] = "CF_OK",
        [CF_ERR_TRUNCATED] = "CF_ERR_TRUNCATED",
        [CF_ERR_MAGIC] = "CF_ERR_MAGIC",
        [CF_ERR_VERSION] = "CF_ERR_VERSION",
        [CF_ERR_CP_INDEX] = "CF_ERR_CP_INDEX",
        [CF_ERR_CP_KIND] = "CF_ERR_CP_KIND",
        [CF_ERR_CP_TAG] = "CF_ERR_CP_TAG",
        [CF_ERR_UTF8] = "CF_ERR_UTF8",
        [CF_ERR_DESCRIPTOR] = "CF_ERR_DESCRIPTOR",
        [CF_ERR_ATTRIBUTE] = "CF_ERR_ATTRIBUTE",
        [CF_ERR_CODE] = "CF_ERR_CODE",
        [CF_ERR_FORMAT] = "CF_ERR_FORMAT",
        [CF_ERR_NOT_FOUND] = "CF_ERR_NOT_FOUND",
        [CF_ERR_IO] = "CF_ERR_IO",
        [CF_ERR_ZIP] = "CF_ERR_ZIP",
        [CF_ERR_IMAGE] = "CF_ERR_IMAGE",
        [CF_ERR_NOMEM] = "CF_ERR_NOMEM",
    };
    if ((size_t)status >= sizeof names / sizeof names[0] || !names[status]) return "CF_ERR_?";
    return names[status];
}

cf_status cf_fail(cf_error *err, cf_status status, const char *fmt, ...)
{
    err->status = status;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    for (char *c = err->message; *c; c++) /* names from a corrupt file must not break the line */
        if ((unsigned char)*c < 0x20 || *c == 0x7F) *c = '?';
    return status;
}

bool cf_parser_fail(cf_parser *p, cf_status status, const char *fmt, ...)
{
    if (p->err->status != CF_OK) return false; /* keep the first, most precise error */
    char detail[320];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    const cf_class *cls = p->cls;
    const char *origin = cls && cls->origin ? cls->origin : "<class>";
    char where[200] = "";
    if (cls && cls->name) snprintf(where, sizeof where, " (class %s)", cls->name);
    const cf_member *m = p->member;
    if (m) /* made here, not for every member read: most are read without an error */
        snprintf(where + strlen(where), sizeof where - strlen(where), ": %s %s%s%s",
                 p->member_is_method ? "method" : "field", m->name, p->member_is_method ? "" : ":",
                 m->descriptor);
    cf_fail(p->err, status, "%s%s: offset %zu: %s", origin, where, p->base + p->pos, detail);
    return false;
}

bool cf_parser_overrun(cf_parser *p, size_t n)
{
    if (p->overrun == CF_ERR_TRUNCATED)
        return cf_parser_fail(p, CF_ERR_TRUNCATED, "file truncated: need %zu bytes, %zu left", n,
                              p->len - p->pos);
    return cf_parser_fail(p, p->overrun, "attribute contents overrun its length by %zu bytes",
                          n - (p->len - p->pos));
}

void *cf_parser_alloc(cf_parser *p, size_t size)
{
    void *mem = base_arena_alloc(&p->cls->arena, size);
    if (!mem) cf_parser_fail(p, CF_ERR_NOMEM, "out of memory allocating %zu bytes", size);
    return mem;
}

const char *cf_tag_name(uint8_t tag)
{
    switch (tag) {
    case CF_TAG_UTF8:
        return "Utf8";
    case CF_TAG_INTEGER:
        return "Integer";
    case CF_TAG_FLOAT:
        return "Float";
    case CF_TAG_LONG:
        return "Long";
    case CF_TAG_DOUBLE:
        return "Double";
    case CF_TAG_CLASS:
        return "Class";
    case CF_TAG_STRING:
        return "String";
    case CF_TAG_FIELDREF:
        return "Fieldref";
    case CF_TAG_METHODREF:
        return "Methodref";
    case CF_TAG_INTERFACE_METHODREF:
        return "InterfaceMethodref";
    case CF_TAG_NAME_AND_TYPE:
        return "NameAndType";
    case CF_TAG_METHOD_HANDLE:
        return "MethodHandle";
    case CF_TAG_METHOD_TYPE:
        return "MethodType";
    case CF_TAG_DYNAMIC:
        return "Dynamic";
    case CF_TAG_INVOKE_DYNAMIC:
        return "InvokeDynamic";
    case CF_TAG_MODULE:
        return "Module";
    case CF_TAG_PACKAGE:
        return "Package";
    default:
        return "unusable slot";
    }
}

static void describe_mask(uint32_t mask, char *buf, size_t cap)
{
    buf[0] = '\0';
    for (unsigned tag = 1; tag < 32; tag++) {
        if (!(mask & CF_TAG_BIT(tag))) continue;
        size_t used = strlen(buf);
        snprintf(buf + used, cap - used, "%s%s", used ? " or " : "", cf_tag_name((uint8_t)tag));
    }
}

bool cf_expect_constant(cf_parser *p, uint16_t index, uint32_t tag_mask, const char *what)
{
    const cf_class *cls = p->cls;
    if (index == 0 || index >= cls->constant_count || cls->constants[index].tag == CF_TAG_NONE)
        return cf_parser_fail(p, CF_ERR_CP_INDEX,
                              "%s: constant-pool index %u is not a usable entry", what, index);
    uint8_t tag = cls->constants[index].tag;
    if (tag_mask & CF_TAG_BIT(tag)) return true;
    char expected[160];
    describe_mask(tag_mask, expected, sizeof expected);
    return cf_parser_fail(p, CF_ERR_CP_KIND, "%s: constant-pool index %u is a %s, expected %s",
                          what, index, cf_tag_name(tag), expected);
}
