/* Attributes (JVMS 4.7) of classes, fields, methods and Code; unknown ones are skipped by length.
 */
#include <string.h>

#include "internal.h"

/* Parses the body of one attribute, read through [sub], into [target]. */
typedef bool (*attribute_reader)(cf_parser *sub, void *target);

/* An attribute this parser understands, from class-file version [since] on. */
typedef struct attribute_spec {
    const char *name;
    unsigned since;
    bool repeatable; /* may occur more than once (the debug tables of Code) */
    attribute_reader read;
} attribute_spec;

static const uint32_t LOADABLE =
    CF_TAG_BIT(CF_TAG_INTEGER) | CF_TAG_BIT(CF_TAG_FLOAT) | CF_TAG_BIT(CF_TAG_LONG) |
    CF_TAG_BIT(CF_TAG_DOUBLE) | CF_TAG_BIT(CF_TAG_CLASS) | CF_TAG_BIT(CF_TAG_STRING) |
    CF_TAG_BIT(CF_TAG_METHOD_HANDLE) | CF_TAG_BIT(CF_TAG_METHOD_TYPE) | CF_TAG_BIT(CF_TAG_DYNAMIC);

/* Reads a u2 count and then [count] u2 constant indices of a kind in [mask]. */
static bool read_index_list(cf_parser *p, uint32_t mask, const char *what, uint16_t *count,
                            uint16_t **out)
{
    if (!cf_read_u2(p, count)) return false;
    *out = cf_parser_alloc(p, sizeof(uint16_t) * (*count + 1u));
    if (!*out) return false;
    for (uint16_t i = 0; i < *count; i++)
        if (!cf_read_u2(p, &(*out)[i]) || !cf_expect_constant(p, (*out)[i], mask, what))
            return false;
    return true;
}

static bool read_single_index(cf_parser *p, uint32_t mask, const char *what, uint16_t *out)
{
    return cf_read_u2(p, out) && cf_expect_constant(p, *out, mask, what);
}

/* Runs the reader of each attribute in [specs] over [count] attributes at the parser position. */
static bool read_attributes(cf_parser *p, const attribute_spec *specs, size_t spec_count,
                            void *target)
{
    uint16_t count;
    uint32_t seen = 0;
    if (!cf_read_u2(p, &count)) return false;
    for (uint16_t a = 0; a < count; a++) {
        uint16_t name_index;
        uint32_t length;
        const uint8_t *body;
        if (!cf_read_u2(p, &name_index) ||
            !cf_expect_constant(p, name_index, CF_TAG_BIT(CF_TAG_UTF8), "attribute name"))
            return false;
        if (!cf_read_u4(p, &length)) return false;
        size_t body_offset = p->pos;
        if (!cf_read_bytes(p, length, &body)) return false;
        const char *name = cf_utf8(p->cls, name_index);
        for (size_t s = 0; s < spec_count; s++) {
            if (strcmp(specs[s].name, name) || p->cls->major_version < specs[s].since) continue;
            if ((seen & (1u << s)) && !specs[s].repeatable) {
                p->pos = body_offset;
                return cf_parser_fail(p, CF_ERR_ATTRIBUTE, "duplicate %s attribute", name);
            }
            seen |= 1u << s;
            cf_parser sub = *p;
            sub.data = body;
            sub.len = length;
            sub.pos = 0;
            sub.base = p->base + body_offset;
            sub.overrun = CF_ERR_ATTRIBUTE;
            if (!specs[s].read(&sub, target)) return false;
            if (sub.pos != sub.len)
                return cf_parser_fail(&sub, CF_ERR_ATTRIBUTE,
                                      "%s attribute has %zu bytes left over", name,
                                      sub.len - sub.pos);
        }
    }
    return true;
}

/* ---- Class attributes ------------------------------------------------------------------------ */

static bool read_source_file(cf_parser *p, void *target)
{
    cf_class *cls = target;
    return read_single_index(p, CF_TAG_BIT(CF_TAG_UTF8), "SourceFile", &cls->source_file);
}

static bool read_class_signature(cf_parser *p, void *target)
{
    cf_class *cls = target;
    return read_single_index(p, CF_TAG_BIT(CF_TAG_UTF8), "Signature", &cls->signature);
}

static bool read_inner_classes(cf_parser *p, void *target)
{
    cf_class *cls = target;
    if (!cf_read_u2(p, &cls->inner_class_count)) return false;
    cls->inner_classes = cf_parser_alloc(p, sizeof(cf_inner_class) * (cls->inner_class_count + 1u));
    if (!cls->inner_classes) return false;
    for (uint16_t i = 0; i < cls->inner_class_count; i++) {
        cf_inner_class *ic = &cls->inner_classes[i];
        if (!read_single_index(p, CF_TAG_BIT(CF_TAG_CLASS), "InnerClasses", &ic->inner_class))
            return false;
        if (!cf_read_u2(p, &ic->outer_class) ||
            (ic->outer_class &&
             !cf_expect_constant(p, ic->outer_class, CF_TAG_BIT(CF_TAG_CLASS), "InnerClasses")))
            return false;
        if (!cf_read_u2(p, &ic->inner_name) ||
            (ic->inner_name &&
             !cf_expect_constant(p, ic->inner_name, CF_TAG_BIT(CF_TAG_UTF8), "InnerClasses")))
            return false;
        if (!cf_read_u2(p, &ic->access)) return false;
    }
    return true;
}

static bool read_bootstrap_methods(cf_parser *p, void *target)
{
    cf_class *cls = target;
    if (!cf_read_u2(p, &cls->bootstrap_count)) return false;
    cls->bootstraps = cf_parser_alloc(p, sizeof(cf_bootstrap) * (cls->bootstrap_count + 1u));
    if (!cls->bootstraps) return false;
    for (uint16_t i = 0; i < cls->bootstrap_count; i++) {
        cf_bootstrap *b = &cls->bootstraps[i];
        if (!read_single_index(p, CF_TAG_BIT(CF_TAG_METHOD_HANDLE), "BootstrapMethods",
                               &b->method_handle) ||
            !read_index_list(p, LOADABLE, "BootstrapMethods argument", &b->arg_count, &b->args))
            return false;
    }
    return true;
}

static bool read_nest_host(cf_parser *p, void *target)
{
    cf_class *cls = target;
    return read_single_index(p, CF_TAG_BIT(CF_TAG_CLASS), "NestHost", &cls->nest_host);
}

static bool read_nest_members(cf_parser *p, void *target)
{
    cf_class *cls = target;
    return read_index_list(p, CF_TAG_BIT(CF_TAG_CLASS), "NestMembers", &cls->nest_member_count,
                           &cls->nest_members);
}

bool cf_parse_class_attributes(cf_parser *p)
{
    static const attribute_spec specs[] = {
        {"SourceFile", 45, false, read_source_file},
        {"InnerClasses", 45, false, read_inner_classes},
        {"Signature", 49, false, read_class_signature},
        {"BootstrapMethods", 51, false, read_bootstrap_methods},
        {"NestHost", 55, false, read_nest_host},
        {"NestMembers", 55, false, read_nest_members},
    };
    return read_attributes(p, specs, sizeof specs / sizeof specs[0], p->cls);
}

/* ---- Field attributes ------------------------------------------------------------------------ */

/* The constant-pool tag a ConstantValue must have for a field of descriptor [desc]. */
static uint32_t constant_value_mask(const char *desc)
{
    switch (desc[0]) {
    case 'J':
        return CF_TAG_BIT(CF_TAG_LONG);
    case 'F':
        return CF_TAG_BIT(CF_TAG_FLOAT);
    case 'D':
        return CF_TAG_BIT(CF_TAG_DOUBLE);
    case 'L':
        return strcmp(desc, "Ljava/lang/String;") ? 0 : CF_TAG_BIT(CF_TAG_STRING);
    case '[':
        return 0;
    default:
        return CF_TAG_BIT(CF_TAG_INTEGER);
    }
}

static bool read_constant_value(cf_parser *p, void *target)
{
    cf_member *field = target;
    uint32_t mask = constant_value_mask(field->descriptor);
    if (!mask)
        return cf_parser_fail(p, CF_ERR_ATTRIBUTE, "ConstantValue on a field of type %s",
                              field->descriptor);
    return read_single_index(p, mask, "ConstantValue", &field->constant_value);
}

static bool read_member_signature(cf_parser *p, void *target)
{
    cf_member *member = target;
    return read_single_index(p, CF_TAG_BIT(CF_TAG_UTF8), "Signature", &member->signature);
}

bool cf_parse_field_attributes(cf_parser *p, cf_member *field)
{
    static const attribute_spec specs[] = {
        {"ConstantValue", 45, false, read_constant_value},
        {"Signature", 49, false, read_member_signature},
    };
    return read_attributes(p, specs, sizeof specs / sizeof specs[0], field);
}

/* ---- Code and method attributes -------------------------------------------------------------- */

/* Returns a copy of [array] ([count] elements of [size] bytes) with room for [extra] more. */
static void *grow(cf_parser *p, void *array, size_t count, size_t extra, size_t size)
{
    char *bigger = cf_parser_alloc(p, size * (count + extra + 1));
    if (bigger && count) memcpy(bigger, array, size * count);
    return bigger;
}

static bool read_line_numbers(cf_parser *p, void *target)
{
    cf_code *code = target;
    uint16_t n;
    if (!cf_read_u2(p, &n)) return false;
    code->has_line_table = true;
    cf_line *lines = grow(p, code->lines, code->line_count, n, sizeof(cf_line));
    if (!lines) return false;
    for (uint16_t i = 0; i < n; i++) {
        cf_line *l = &lines[code->line_count + i];
        if (!cf_read_u2(p, &l->start_pc) || !cf_read_u2(p, &l->line)) return false;
    }
    code->lines = lines;
    code->line_count += n;
    return true;
}

static bool read_local_variables(cf_parser *p, void *target)
{
    cf_code *code = target;
    uint16_t n;
    if (!cf_read_u2(p, &n)) return false;
    code->has_local_var_table = true;
    cf_local_var *vars = grow(p, code->local_vars, code->local_var_count, n, sizeof(cf_local_var));
    if (!vars) return false;
    for (uint16_t i = 0; i < n; i++) {
        cf_local_var *v = &vars[code->local_var_count + i];
        if (!cf_read_u2(p, &v->start_pc) || !cf_read_u2(p, &v->length) ||
            !read_single_index(p, CF_TAG_BIT(CF_TAG_UTF8), "LocalVariableTable", &v->name) ||
            !read_single_index(p, CF_TAG_BIT(CF_TAG_UTF8), "LocalVariableTable", &v->descriptor) ||
            !cf_read_u2(p, &v->slot))
            return false;
    }
    code->local_vars = vars;
    code->local_var_count += n;
    return true;
}

static bool read_code_attributes(cf_parser *p, cf_code *code)
{
    static const attribute_spec specs[] = {
        {"LineNumberTable", 45, true, read_line_numbers},
        {"LocalVariableTable", 45, true, read_local_variables},
    };
    return read_attributes(p, specs, sizeof specs / sizeof specs[0], code);
}

static bool read_handlers(cf_parser *p, cf_code *code)
{
    if (!cf_read_u2(p, &code->handler_count)) return false;
    code->handlers = cf_parser_alloc(p, sizeof(cf_handler) * (code->handler_count + 1u));
    if (!code->handlers) return false;
    for (uint16_t i = 0; i < code->handler_count; i++) {
        cf_handler *h = &code->handlers[i];
        if (!cf_read_u2(p, &h->start_pc) || !cf_read_u2(p, &h->end_pc) ||
            !cf_read_u2(p, &h->handler_pc) || !cf_read_u2(p, &h->catch_type))
            return false;
        if (h->catch_type &&
            !cf_expect_constant(p, h->catch_type, CF_TAG_BIT(CF_TAG_CLASS), "exception handler"))
            return false;
    }
    return true;
}

static bool read_code(cf_parser *p, void *target)
{
    cf_member *method = target;
    cf_code *code = cf_parser_alloc(p, sizeof *code);
    const uint8_t *bytes;
    if (!code || !cf_read_u2(p, &code->max_stack) || !cf_read_u2(p, &code->max_locals) ||
        !cf_read_u4(p, &code->length))
        return false;
    if (code->length == 0 || code->length > 65535)
        return cf_parser_fail(p, CF_ERR_CODE, "code length %u is not in 1..65535", code->length);
    if (!cf_read_bytes(p, code->length, &bytes)) return false;
    uint8_t *copy = cf_parser_alloc(p, code->length);
    if (!copy) return false;
    memcpy(copy, bytes, code->length);
    code->code = copy;
    if (!read_handlers(p, code) || !read_code_attributes(p, code)) return false;
    method->code = code;
    return cf_check_code(p, code);
}

static bool read_exceptions(cf_parser *p, void *target)
{
    cf_member *method = target;
    return read_index_list(p, CF_TAG_BIT(CF_TAG_CLASS), "Exceptions", &method->exception_count,
                           &method->exceptions);
}

bool cf_parse_method_attributes(cf_parser *p, cf_member *method)
{
    static const attribute_spec specs[] = {
        {"Code", 45, false, read_code},
        {"Exceptions", 45, false, read_exceptions},
        {"Signature", 49, false, read_member_signature},
    };
    return read_attributes(p, specs, sizeof specs / sizeof specs[0], method);
}
