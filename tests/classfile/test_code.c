/* Structural bytecode checks: each malformed instruction is a CF_ERR_CODE (or a constant-pool
 * kind error) naming the method and pc. */
#include <criterion/criterion.h>
#include <string.h>

#include "testutil.h"

/* Parses the default class with [code] as the constructor's bytecode. */
static cf_status parse_code(const uint8_t *code, uint32_t len, uint16_t max_locals, cf_error *err)
{
    cb_class c;
    cb_default(&c);
    c.code = code;
    c.code_len = len;
    c.max_locals = max_locals;
    c.max_stack = 4;
    return tu_parse_built(&c, err);
}

static void expect_code(const uint8_t *code, uint32_t len, cf_status status, const char *fragment)
{
    cf_error err = {0};
    cf_status s = parse_code(code, len, 2, &err);
    cr_assert_eq(s, status, "expected %s, got %s: %s", cf_status_name(status), cf_status_name(s),
                 err.message);
    cr_assert(strstr(err.message, "method <init>()V"), "no method in: %s", err.message);
    cr_assert(strstr(err.message, fragment), "message lacks '%s': %s", fragment, err.message);
}

Test(cf_code, accepts_every_branch_form)
{
    const uint8_t code[] = {
        0x03,                         /* 0 iconst_0 */
        0x99, 0x00, 0x08,             /* 1 ifeq 9 */
        0xc8, 0x00, 0x00, 0x00, 0x05, /* 4 goto_w 9 */
        0x1a,                         /* 9 iload_0 */
        0xaa, 0x00,                   /* 10 tableswitch, padded to 12 */
        0x00, 0x00, 0x00, 0x12,       /* default -> 28 */
        0x00, 0x00, 0x00, 0x00,       /* low 0 */
        0x00, 0x00, 0x00, 0x00,       /* high 0 */
        0x00, 0x00, 0x00, 0x13,       /* 0 -> 29 */
        0x57,                         /* 28 pop */
        0xb1,                         /* 29 return */
    };
    cf_error err = {0};
    cr_assert_eq(parse_code(code, sizeof code, 2, &err), CF_OK, "%s", err.message);
}

Test(cf_code, rejects_invalid_opcodes)
{
    const uint8_t reserved[] = {0xca, 0xb1};
    expect_code(reserved, sizeof reserved, CF_ERR_CODE, "invalid opcode 0xca at pc 0");
    const uint8_t unassigned[] = {0x00, 0xe0, 0xb1};
    expect_code(unassigned, sizeof unassigned, CF_ERR_CODE, "invalid opcode 0xe0 at pc 1");
}

Test(cf_code, rejects_operands_running_past_the_code)
{
    const uint8_t code[] = {0x11, 0x00};
    expect_code(code, sizeof code, CF_ERR_CODE, "sipush at pc 0 is malformed or overruns");
}

Test(cf_code, rejects_branch_into_an_instruction)
{
    const uint8_t code[] = {0x11, 0x00, 0x01, 0xa7, 0xff, 0xfe, 0xb1}; /* goto 1 */
    expect_code(code, sizeof code, CF_ERR_CODE, "branch at pc 3 to 1 is not an instruction");
}

Test(cf_code, rejects_branch_outside_the_code)
{
    const uint8_t code[] = {0xa7, 0x00, 0x10, 0xb1};
    expect_code(code, sizeof code, CF_ERR_CODE, "branch at pc 0 to 16");
}

Test(cf_code, rejects_tableswitch_with_low_above_high)
{
    const uint8_t code[] = {0x03, 0xaa, 0x00, 0x00, 0, 0, 0, 16, 0, 0, 0, 1, 0, 0, 0, 0, 0xb1};
    expect_code(code, sizeof code, CF_ERR_CODE, "tableswitch at pc 1 is malformed");
}

Test(cf_code, rejects_unsorted_lookupswitch)
{
    const uint8_t code[] = {0x03, 0xab, 0x00, 0x00, 0,  0, 0, 27, 0, 0, 0, 2, 0,  0,   0,
                            5,    0,    0,    0,    27, 0, 0, 0,  3, 0, 0, 0, 27, 0xb1};
    expect_code(code, sizeof code, CF_ERR_CODE, "keys are not sorted");
}

Test(cf_code, rejects_locals_beyond_max_locals)
{
    const uint8_t load[] = {0x15, 0x02, 0xb1}; /* iload 2 with max_locals 2 */
    expect_code(load, sizeof load, CF_ERR_CODE, "local variable 2 is beyond max_locals 2");
    const uint8_t wide_long[] = {0x1f, 0xb1}; /* lload_1 needs slots 1 and 2 */
    expect_code(wide_long, sizeof wide_long, CF_ERR_CODE, "local variable 1 is beyond");
    const uint8_t wide[] = {0xc4, 0x15, 0x01, 0x00, 0xb1}; /* wide iload 256 */
    expect_code(wide, sizeof wide, CF_ERR_CODE, "local variable 256");
}

Test(cf_code, rejects_wide_of_a_non_local_instruction)
{
    const uint8_t code[] = {0xc4, 0x60, 0x00, 0x00, 0xb1};
    expect_code(code, sizeof code, CF_ERR_CODE, "wide at pc 0 is malformed");
}

Test(cf_code, rejects_bad_newarray_type)
{
    const uint8_t code[] = {0x03, 0xbc, 0x03, 0x57, 0xb1};
    expect_code(code, sizeof code, CF_ERR_CODE, "newarray of invalid type code 3");
}

Test(cf_code, rejects_constant_operands_of_the_wrong_kind)
{
    const uint8_t ldc_long[] = {0x12, CB_LONG_7, 0x57, 0xb1};
    expect_code(ldc_long, sizeof ldc_long, CF_ERR_CP_KIND, "ldc: constant-pool index 15 is a Long");
    const uint8_t getfield_method[] = {0x2a, 0xb4, 0x00, CB_OBJECT_INIT, 0x57, 0xb1};
    expect_code(getfield_method, sizeof getfield_method, CF_ERR_CP_KIND, "expected Fieldref");
    const uint8_t ldc2_int[] = {0x14, 0x00, CB_INT_42, 0x58, 0xb1};
    expect_code(ldc2_int, sizeof ldc2_int, CF_ERR_CP_KIND, "ldc2_w: constant-pool index 14");
}

Test(cf_code, rejects_invokevirtual_of_a_constructor)
{
    const uint8_t code[] = {0x2a, 0xb6, 0x00, CB_OBJECT_INIT, 0xb1};
    expect_code(code, sizeof code, CF_ERR_CODE, "invokevirtual cannot call <init>");
}

Test(cf_code, rejects_invokeinterface_with_zero_count)
{
    cb_class c;
    cb_default(&c);
    /* NameAndType run:()V and an InterfaceMethodref to it */
    const uint8_t entries[] = {12, 0, CB_RUN_UTF8,     0, CB_VOID_DESC,
                               11, 0, CB_OBJECT_CLASS, 0, CB_STANDARD_COUNT};
    const uint8_t code[] = {0x2a, 0xb9, 0x00, CB_STANDARD_COUNT + 1, 0x00, 0x00, 0xb1};
    CB_SET_CONSTANTS(&c, entries, 2);
    c.code = code;
    c.code_len = sizeof code;
    cf_error err = {0};
    cr_assert_eq(tu_parse_built(&c, &err), CF_ERR_CODE, "%s", err.message);
    cr_assert(strstr(err.message, "invokeinterface with count 0"), "%s", err.message);
}

Test(cf_code, rejects_zero_length_code)
{
    cf_error err = {0};
    cr_assert_eq(parse_code((const uint8_t *)"", 0, 1, &err), CF_ERR_CODE);
    cr_assert(strstr(err.message, "code length 0 is not in 1..65535"), "%s", err.message);
}

Test(cf_code, rejects_exception_handlers_off_instruction_boundaries)
{
    cb_class c;
    cb_default(&c);
    const uint8_t handler[] = {0, 0, 0, 2,
                               0, 4, 0, 0}; /* [0, 2) -> 4: pc 2 is inside invokespecial */
    c.handlers = handler;
    c.handler_count = 1;
    cf_error err = {0};
    cr_assert_eq(tu_parse_built(&c, &err), CF_ERR_CODE, "%s", err.message);
    cr_assert(strstr(err.message, "exception handler 0 [0, 2) -> 4 is invalid"), "%s", err.message);
}

Test(cf_code, rejects_line_numbers_past_the_code)
{
    cb_class c;
    cb_default(&c);
    const uint8_t lines[] = {0, CB_LINES_UTF8, 0, 0, 0, 6, 0, 1, 0, 9, 0, 3};
    CB_SET_CODE_ATTRIBUTES(&c, lines, 1);
    cf_error err = {0};
    cr_assert_eq(tu_parse_built(&c, &err), CF_ERR_ATTRIBUTE, "%s", err.message);
    cr_assert(strstr(err.message, "LineNumberTable entry at pc 9"), "%s", err.message);
}

Test(cf_code, merges_repeated_line_number_tables)
{
    cb_class c;
    cb_default(&c);
    const uint8_t lines[] = {0, CB_LINES_UTF8, 0, 0, 0, 6, 0, 1, 0, 0, 0, 10,
                             0, CB_LINES_UTF8, 0, 0, 0, 6, 0, 1, 0, 4, 0, 12};
    CB_SET_CODE_ATTRIBUTES(&c, lines, 2);
    cf_error err = {0};
    cf_class *cls = tu_parse_kept(&c, &err);
    cr_assert_not_null(cls, "%s", err.message);
    const cf_code *code = cls->methods[0].code;
    cr_assert_eq(code->line_count, 2);
    cr_assert_eq(cf_line_of(code, 0), 10);
    cr_assert_eq(cf_line_of(code, 3), 10);
    cr_assert_eq(cf_line_of(code, 4), 12);
    cf_class_free(cls);
}

Test(cf_code, disassembles_jsr_and_ret_which_javac_no_longer_emits)
{
    cb_class c;
    cb_default(&c);
    const uint8_t code[] = {0xa8, 0x00, 0x04, 0xb1, 0x4c, 0xa9, 0x01};
    c.code = code;
    c.code_len = sizeof code;
    c.max_locals = 2;
    cf_error err = {0};
    cf_class *cls = tu_parse_kept(&c, &err);
    cr_assert_not_null(cls, "%s", err.message);
    char *text = tu_disassemble(cls);
    cr_assert(strstr(text, "       0: jsr           4\n"), "%s", text);
    cr_assert(strstr(text, "       4: astore_1\n       5: ret           1\n"), "%s", text);
    free(text);
    cf_class_free(cls);
}

Test(cf_code, disassembles_descriptors_with_characters_that_signatures_forbid)
{
    /* found by the fuzzer: ':' and '<' are legal in descriptor class names, not in signatures */
    cb_class c;
    cb_default(&c);
    const uint8_t descriptor[] = {1, 0, 10, '(', 'L', 'a', ':', '<', 'b', ';', 'J', ')', 'V'};
    CB_SET_CONSTANTS(&c, descriptor, 1);
    c.method_descriptor = CB_STANDARD_COUNT;
    c.max_locals = 4;
    cf_error err = {0};
    cf_class *cls = tu_parse_kept(&c, &err);
    cr_assert_not_null(cls, "%s", err.message);
    char *text = tu_disassemble(cls);
    cr_assert(strstr(text, "  public Foo(a:<b, long);\n"), "%s", text);
    free(text);
    cf_class_free(cls);
}
