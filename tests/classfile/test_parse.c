/* Parsing javac output: structure, constants, attributes and accessors. */
#include <criterion/criterion.h>
#include <string.h>

#include "testutil.h"

static cf_class *load(const char *jar, const char *name)
{
    size_t len;
    uint8_t *data = tu_jar_bytes(jar, name, &len);
    cf_class *cls;
    cf_error err = {0};
    cr_assert_eq(cf_parse(data, len, name, &cls, &err), CF_OK, "%s", err.message);
    base_free(data);
    return cls;
}

Test(cf_parse, reads_class_structure)
{
    cf_class *cls = load(CFTEST_JAR17, "cftest/Fields");
    cr_assert_str_eq(cls->name, "cftest/Fields");
    cr_assert_str_eq(cls->super_name, "java/lang/Object");
    cr_assert_eq(cls->major_version, 61);
    cr_assert_eq(cls->field_count, 5);
    cr_assert_str_eq(cf_utf8(cls, cls->source_file), "Fields.java");
    const cf_member *count = cf_find_field(cls, "count", "I");
    cr_assert_not_null(count);
    cr_assert_eq(count->access, CF_ACC_STATIC);
    cr_assert_not_null(cf_find_field(cls, "next", "Lcftest/Fields;"));
    cr_assert_null(cf_find_field(cls, "next", "I"));
    const cf_member *make = cf_find_method(cls, "make", "(I)Lcftest/Fields;");
    cr_assert_not_null(make);
    cr_assert_not_null(make->code);
    cr_assert_eq(make->code->max_locals, 4);
    cr_assert(make->code->line_count > 3);
    cr_assert(cf_line_of(make->code, 0) > 0);
    cf_class_free(cls);
}

Test(cf_parse, reads_release8_classes)
{
    cf_class *cls = load(CFTEST_JAR8, "cftest/Lambdas");
    cr_assert_eq(cls->major_version, 52);
    cr_assert(cls->bootstrap_count >= 10, "lambdas need bootstrap methods");
    cr_assert(cls->inner_class_count > 0);
    cf_class_free(cls);
}

Test(cf_parse, resolves_member_references_and_constants)
{
    cf_class *cls = load(CFTEST_JAR17, "cftest/Basics");
    bool saw_long = false, saw_string = false, saw_fieldref = false;
    for (uint16_t i = 1; i < cls->constant_count; i++) {
        const cf_constant *c = &cls->constants[i];
        if (c->tag == CF_TAG_LONG && c->u.long_value == -9876543210LL) {
            saw_long = true;
            cr_assert_eq(cls->constants[i + 1].tag, CF_TAG_NONE, "a long takes two slots");
        }
        if (c->tag == CF_TAG_STRING && !strcmp(cf_utf8(cls, c->u.name), "hello")) saw_string = true;
        if (c->tag == CF_TAG_FIELDREF) {
            const char *owner, *name, *desc;
            cf_member_ref(cls, i, &owner, &name, &desc);
            if (!strcmp(name, "special")) {
                saw_fieldref = true;
                cr_assert_str_eq(owner, "cftest/Basics");
                cr_assert_str_eq(desc, "[D");
            }
        }
    }
    cr_assert(saw_long && saw_string && saw_fieldref);
    const cf_member *big = cf_find_field(cls, "BIG_INT", "I");
    cr_assert_not_null(big);
    cr_assert_eq(cls->constants[big->constant_value].u.integer, 123456789);
    cf_class_free(cls);
}

Test(cf_parse, reads_generic_signatures_and_exceptions)
{
    cf_class *cls = load(CFTEST_JAR17, "cftest/Shapes");
    cr_assert(cls->signature);
    cr_assert(strstr(cf_utf8(cls, cls->signature), "Comparable<-TT;>"));
    const cf_member *convert =
        cf_find_method(cls, "convert", "(Ljava/lang/Comparable;)Ljava/lang/Object;");
    cr_assert_not_null(convert);
    cr_assert_null(convert->code, "abstract methods have no code");
    cr_assert_eq(convert->exception_count, 1);
    cr_assert_str_eq(cf_class_name(cls, convert->exceptions[0]), "java/lang/Exception");
    cr_assert_not_null(cf_find_method(cls, "<clinit>", "()V"));
    cf_class_free(cls);
}

Test(cf_parse, reads_nest_members_and_hosts)
{
    cf_class *host = load(CFTEST_JAR17, "cftest/Shapes");
    cr_assert(host->nest_member_count >= 5);
    cf_class_free(host);
    cf_class *member = load(CFTEST_JAR17, "cftest/Shapes$Inner");
    cr_assert(member->nest_host);
    cr_assert_str_eq(cf_class_name(member, member->nest_host), "cftest/Shapes");
    cf_class_free(member);
}

Test(cf_parse, decodes_non_ascii_string_constants)
{
    cf_class *cls = load(CFTEST_JAR17, "cftest/Strings");
    const cf_member *unicode = cf_find_field(cls, "UNICODE", "Ljava/lang/String;");
    cr_assert_not_null(unicode);
    const cf_constant *s = &cls->constants[unicode->constant_value];
    const char *chars = cf_utf8(cls, s->u.name);
    uint16_t units[64];
    size_t n = cf_utf8_to_utf16(chars, strlen(chars), units, 64);
    /* "caf\u00e9 \u4e2d\u6587 \ud83d\ude00 end" */
    cr_assert_eq(n, 14);
    cr_assert_eq(units[3], 0xE9);
    cr_assert_eq(units[5], 0x4E2D);
    cr_assert_eq(units[8], 0xD83D);
    cr_assert_eq(units[9], 0xDE00);
    cf_class_free(cls);
}

Test(cf_parse, measures_every_instruction_of_wide_code)
{
    cf_class *cls = load(CFTEST_JAR17, "cftest/Wide");
    const cf_member *many = cf_find_method(cls, "many", "(I)J");
    cr_assert_not_null(many);
    const cf_code *code = many->code;
    size_t wides = 0;
    uint32_t pc = 0;
    while (pc < code->length) {
        if (code->code[pc] == CF_OP_WIDE) wides++;
        pc += cf_instruction_length(code, pc);
    }
    cr_assert_eq(pc, code->length, "instruction lengths must tile the code exactly");
    cr_assert(wides > 10, "only %zu wide instructions", wides);
    cf_class_free(cls);
}

Test(cf_opcodes, table_matches_the_jvm_specification)
{
    cr_assert_str_eq(cf_opcodes[CF_OP_IADD].mnemonic, "iadd");
    cr_assert_eq(CF_OP_IADD, 0x60);
    cr_assert_eq(cf_opcodes[CF_OP_IADD].stack_effect, -1);
    cr_assert_eq(CF_OP_INVOKEDYNAMIC, 0xba);
    cr_assert_eq(cf_opcodes[CF_OP_INVOKEINTERFACE].length, 4);
    cr_assert_eq(cf_opcodes[CF_OP_TABLESWITCH].length, -1);
    cr_assert_eq(cf_opcodes[CF_OP_LDC2_W].stack_effect, 2);
    cr_assert_eq(cf_opcodes[CF_OP_GOTO_W].length, 4);
    cr_assert_eq(CF_OP_JSR_W, 0xc9);
    size_t assigned = 0;
    for (int i = 0; i < 256; i++)
        if (cf_opcodes[i].mnemonic && cf_opcodes[i].kind != CF_OPND_INVALID) assigned++;
    cr_assert_eq(assigned, 202, "opcodes 0x00..0xc9 are the 202 usable ones");
    cr_assert_null(cf_opcodes[0xcb].mnemonic);
}

Test(cf_status, names_every_status)
{
    for (int s = CF_OK; s <= CF_ERR_NOMEM; s++)
        cr_assert(strncmp(cf_status_name((cf_status)s), "CF_", 3) == 0);
    cr_assert_str_eq(cf_status_name(CF_ERR_CP_KIND), "CF_ERR_CP_KIND");
}
