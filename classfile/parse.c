/* The class-file structure (JVMS 4.1): header, class info, fields, methods, attributes. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

const cf_opcode_info cf_opcodes[256] = {
#define CF_OPCODE(NAME, mnemonic, value, length, effect, kind)                                     \
    [value] = {mnemonic, length, effect, kind},
#include "opcodes.def"
#undef CF_OPCODE
};

static bool parse_header(cf_parser *p)
{
    cf_class *cls = p->cls;
    uint32_t magic;
    if (!cf_read_u4(p, &magic)) return false;
    if (magic != 0xCAFEBABEu) {
        p->pos = 0;
        return cf_parser_fail(p, CF_ERR_MAGIC, "bad magic 0x%08X (not a class file)", magic);
    }
    if (!cf_read_u2(p, &cls->minor_version) || !cf_read_u2(p, &cls->major_version)) return false;
    bool minor_ok =
        cls->major_version < 56 || cls->minor_version == 0 || cls->minor_version == 0xFFFF;
    if (cls->major_version < 45 || cls->major_version > 65 || !minor_ok) {
        p->pos = 4;
        return cf_parser_fail(p, CF_ERR_VERSION, "unsupported class-file version %u.%u (45-65)",
                              cls->major_version, cls->minor_version);
    }
    return true;
}

/* JVMS 4.1: an interface is abstract and not final, super or enum; no class is final and abstract.
 */
static bool check_class_flags(cf_parser *p, uint16_t flags)
{
    bool interface = flags & CF_ACC_INTERFACE;
    bool bad = interface ? !(flags & CF_ACC_ABSTRACT) || (flags & (CF_ACC_FINAL | CF_ACC_ENUM))
                         : (flags & CF_ACC_ANNOTATION) ||
                               ((flags & CF_ACC_FINAL) && (flags & CF_ACC_ABSTRACT));
    if (bad) return cf_parser_fail(p, CF_ERR_FORMAT, "invalid class access flags 0x%04X", flags);
    return true;
}

static bool parse_class_info(cf_parser *p)
{
    cf_class *cls = p->cls;
    const uint32_t class_bit = CF_TAG_BIT(CF_TAG_CLASS);
    if (!cf_read_u2(p, &cls->access) || !check_class_flags(p, cls->access)) return false;
    if (!cf_read_u2(p, &cls->this_class) ||
        !cf_expect_constant(p, cls->this_class, class_bit, "this_class"))
        return false;
    cls->name = cf_class_name(cls, cls->this_class);
    if (cls->name[0] == '[')
        return cf_parser_fail(p, CF_ERR_FORMAT, "this_class is an array type %s", cls->name);
    if (!cf_read_u2(p, &cls->super_class)) return false;
    if (cls->super_class == 0) {
        if (strcmp(cls->name, "java/lang/Object") && !(cls->access & CF_ACC_MODULE))
            return cf_parser_fail(p, CF_ERR_FORMAT,
                                  "super_class is 0 for a class other than Object");
    } else {
        if (!cf_expect_constant(p, cls->super_class, class_bit, "super_class")) return false;
        cls->super_name = cf_class_name(cls, cls->super_class);
    }
    if (!cf_read_u2(p, &cls->interface_count)) return false;
    cls->interfaces = cf_parser_alloc(p, sizeof(uint16_t) * (cls->interface_count + 1u));
    if (!cls->interfaces) return false;
    for (uint16_t i = 0; i < cls->interface_count; i++)
        if (!cf_read_u2(p, &cls->interfaces[i]) ||
            !cf_expect_constant(p, cls->interfaces[i], class_bit, "interfaces"))
            return false;
    return true;
}

/* JVMS 4.5/4.6: at most one of public, private, protected; a few combinations are forbidden. */
static bool check_member_flags(cf_parser *p, const cf_member *m, bool method)
{
    uint16_t f = m->access;
    int visibility = !!(f & CF_ACC_PUBLIC) + !!(f & CF_ACC_PRIVATE) + !!(f & CF_ACC_PROTECTED);
    bool bad = visibility > 1;
    if (!method) {
        bad = bad || ((f & CF_ACC_FINAL) && (f & CF_ACC_VOLATILE));
    } else if (f & CF_ACC_ABSTRACT) {
        bad = bad || (f & (CF_ACC_PRIVATE | CF_ACC_STATIC | CF_ACC_FINAL | CF_ACC_NATIVE));
        bad = bad || (f & CF_ACC_SYNCHRONIZED);
    }
    if (bad)
        return cf_parser_fail(p, CF_ERR_FORMAT, "invalid %s access flags 0x%04X",
                              method ? "method" : "field", f);
    return true;
}

static bool check_method_shape(cf_parser *p, const cf_member *m)
{
    cf_method_type mt;
    if (!cf_parse_method_descriptor(m->descriptor, &mt))
        return cf_parser_fail(p, CF_ERR_DESCRIPTOR, "invalid method descriptor '%s'",
                              m->descriptor);
    if (!strcmp(m->name, "<init>") && (mt.ret.kind != 'V' || (m->access & CF_ACC_STATIC)))
        return cf_parser_fail(p, CF_ERR_FORMAT, "<init> must be an instance method returning void");
    return true;
}

/* Reads name and descriptor of one member, which messages then name. */
static bool read_member_head(cf_parser *p, cf_member *m, bool method)
{
    const uint32_t utf8 = CF_TAG_BIT(CF_TAG_UTF8);
    const char *what = method ? "method" : "field";
    if (!cf_read_u2(p, &m->access) || !cf_read_u2(p, &m->name_index) ||
        !cf_expect_constant(p, m->name_index, utf8, what) || !cf_read_u2(p, &m->descriptor_index) ||
        !cf_expect_constant(p, m->descriptor_index, utf8, what))
        return false;
    m->name = cf_utf8(p->cls, m->name_index);
    m->descriptor = cf_utf8(p->cls, m->descriptor_index);
    p->member = m;
    p->member_is_method = method;
    if (!cf_valid_member_name(m->name, method) ||
        (method && !strcmp(m->name, "<clinit>") && strcmp(m->descriptor, "()V")))
        return cf_parser_fail(p, CF_ERR_DESCRIPTOR, "invalid %s name '%s'", what, m->name);
    if (!method && !cf_valid_field_descriptor(m->descriptor))
        return cf_parser_fail(p, CF_ERR_DESCRIPTOR, "invalid field descriptor '%s'", m->descriptor);
    return check_member_flags(p, m, method) && (!method || check_method_shape(p, m));
}

static int compare_members(const void *a, const void *b)
{
    const cf_member *x = *(const cf_member *const *)a, *y = *(const cf_member *const *)b;
    int c = strcmp(x->name, y->name);
    return c ? c : strcmp(x->descriptor, y->descriptor);
}

/* JVMS 4.5/4.6: no two fields (methods) share name and descriptor; sorted, so O(n log n). */
static bool check_duplicates(cf_parser *p, cf_member *members, uint16_t count, bool method)
{
    if (count < 2) return true;
    cf_member **sorted = base_malloc(sizeof *sorted * count);
    if (!sorted) return cf_parser_fail(p, CF_ERR_NOMEM, "out of memory checking members");
    for (uint16_t i = 0; i < count; i++) sorted[i] = &members[i];
    qsort(sorted, count, sizeof *sorted, compare_members);
    const cf_member *dup = NULL;
    for (uint16_t i = 1; i < count && !dup; i++)
        if (!compare_members(&sorted[i - 1], &sorted[i])) dup = sorted[i];
    base_free(sorted);
    if (!dup) return true;
    return cf_parser_fail(p, CF_ERR_FORMAT, "duplicate %s %s%s%s", method ? "method" : "field",
                          dup->name, method ? "" : ":", dup->descriptor);
}

static bool parse_member(cf_parser *p, cf_member *members, uint16_t index, bool method)
{
    cf_member *m = &members[index];
    if (!read_member_head(p, m, method)) return false;
    if (!method) return cf_parse_field_attributes(p, m);
    if (!cf_parse_method_attributes(p, m)) return false;
    bool needs_code = !(m->access & (CF_ACC_ABSTRACT | CF_ACC_NATIVE));
    if (needs_code != (m->code != NULL))
        return cf_parser_fail(p, CF_ERR_FORMAT, "%s method %s a Code attribute",
                              needs_code ? "a concrete" : "an abstract or native",
                              needs_code ? "lacks" : "has");
    return true;
}

static bool parse_members(cf_parser *p, bool method)
{
    cf_class *cls = p->cls;
    uint16_t *count = method ? &cls->method_count : &cls->field_count;
    cf_member **members = method ? &cls->methods : &cls->fields;
    if (!cf_read_u2(p, count)) return false;
    *members = cf_parser_alloc(p, sizeof(cf_member) * (*count + 1u));
    if (!*members) return false;
    for (uint16_t i = 0; i < *count; i++) {
        if (!parse_member(p, *members, i, method)) return false;
        p->member = NULL;
    }
    return check_duplicates(p, *members, *count, method);
}

static bool parse_class(cf_parser *p)
{
    if (!parse_header(p) || !cf_parse_constant_pool(p) || !parse_class_info(p) ||
        !parse_members(p, false) || !parse_members(p, true) || !cf_parse_class_attributes(p) ||
        !cf_check_bootstrap_indices(p))
        return false;
    if (p->pos != p->len)
        return cf_parser_fail(p, CF_ERR_FORMAT, "%zu unexpected bytes after the class",
                              p->len - p->pos);
    return true;
}

cf_status cf_parse(const uint8_t *data, size_t len, const char *origin, cf_class **out,
                   cf_error *err)
{
    *out = NULL;
    err->status = CF_OK;
    err->message[0] = '\0';
    cf_class *cls = base_calloc(1, sizeof *cls);
    if (!cls) return cf_fail(err, CF_ERR_NOMEM, "%s: out of memory", origin);
    atomic_init(&cls->refs, 1);
    base_arena_init(&cls->arena);
    cls->origin = base_arena_strndup(&cls->arena, origin, strlen(origin));
    if (!cls->origin) {
        cf_class_free(cls);
        return cf_fail(err, CF_ERR_NOMEM, "%s: out of memory", origin);
    }
    cf_parser p = {.data = data, .len = len, .overrun = CF_ERR_TRUNCATED, .cls = cls, .err = err};
    if (!parse_class(&p)) {
        cf_class_free(cls);
        return err->status;
    }
    *out = cls;
    return CF_OK;
}

void cf_class_free(cf_class *cls)
{
    if (!cls || atomic_fetch_sub_explicit(&cls->refs, 1, memory_order_acq_rel) > 1) return;
    base_arena_release(&cls->arena);
    base_free(cls);
}

int cf_line_of(const cf_code *code, uint32_t pc)
{
    int line = -1;
    uint32_t best = 0;
    for (size_t i = 0; i < code->line_count; i++) {
        const cf_line *l = &code->lines[i];
        if (l->start_pc <= pc && (line < 0 || l->start_pc >= best)) {
            best = l->start_pc;
            line = l->line;
        }
    }
    return line;
}

static const cf_member *find_member(const cf_member *members, uint16_t count, const char *name,
                                    const char *descriptor)
{
    for (uint16_t i = 0; i < count; i++)
        if (!strcmp(members[i].name, name) && !strcmp(members[i].descriptor, descriptor))
            return &members[i];
    return NULL;
}

const cf_member *cf_find_method(const cf_class *cls, const char *name, const char *descriptor)
{
    return find_member(cls->methods, cls->method_count, name, descriptor);
}

const cf_member *cf_find_field(const cf_class *cls, const char *name, const char *descriptor)
{
    return find_member(cls->fields, cls->field_count, name, descriptor);
}
