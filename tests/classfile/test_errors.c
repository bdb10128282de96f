/* Every parse error code, each provoked by one precise defect in an otherwise valid class. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"

/* Parses [c] and asserts [status] with [fragment] in the message. */
static void expect(const cb_class *c, cf_status status, const char *fragment)
{
    cf_error err = {0};
    cf_status s = tu_parse_built(c, &err);
    cr_assert_eq(s, status, "expected %s, got %s: %s", cf_status_name(status), cf_status_name(s),
                 err.message);
    cr_assert(strstr(err.message, "Foo.class"), "message names no file: %s", err.message);
    cr_assert(strstr(err.message, fragment), "message lacks '%s': %s", fragment, err.message);
    cr_assert_null(strchr(err.message, '\n'), "message is not one line: %s", err.message);
}

Test(cf_parse, accepts_the_default_built_class)
{
    cb_class c;
    cb_default(&c);
    cf_error err = {0};
    cr_assert_eq(tu_parse_built(&c, &err), CF_OK, "%s", err.message);
}

Test(cf_parse, rejects_empty_input)
{
    cf_class *cls;
    cf_error err = {0};
    cr_assert_eq(cf_parse((const uint8_t *)"", 0, "Empty.class", &cls, &err), CF_ERR_TRUNCATED);
    cr_assert_null(cls);
    cr_assert(strstr(err.message, "Empty.class: offset 0"), "%s", err.message);
}

Test(cf_parse, rejects_truncated_constant_pool)
{
    cb_class c;
    cb_default(&c);
    cb_buf b = cb_build(&c);
    cf_class *cls;
    cf_error err = {0};
    cr_assert_eq(cf_parse(b.data, 30, "Foo.class", &cls, &err), CF_ERR_TRUNCATED);
    cr_assert(strstr(err.message, "truncated"), "%s", err.message);
    cb_free(&b);
}

Test(cf_parse, rejects_bad_magic)
{
    cb_class c;
    cb_default(&c);
    c.magic = 0xCAFEBABF;
    expect(&c, CF_ERR_MAGIC, "0xCAFEBABF");
}

Test(cf_parse, rejects_versions_outside_45_to_65)
{
    cb_class c;
    cb_default(&c);
    c.major = 44;
    expect(&c, CF_ERR_VERSION, "44.0");
    c.major = 66;
    expect(&c, CF_ERR_VERSION, "66.0");
    c.major = 61, c.minor = 3;
    expect(&c, CF_ERR_VERSION, "61.3");
}

Test(cf_parse, accepts_versions_45_and_65_and_preview_minor)
{
    cb_class c;
    cb_default(&c);
    cf_error err = {0};
    c.major = 45, c.minor = 3;
    cr_assert_eq(tu_parse_built(&c, &err), CF_OK, "%s", err.message);
    c.major = 65, c.minor = 0xFFFF;
    cr_assert_eq(tu_parse_built(&c, &err), CF_OK, "%s", err.message);
}

Test(cf_parse, rejects_constant_index_zero_or_out_of_range)
{
    cb_class c;
    cb_default(&c);
    c.this_class = 0;
    expect(&c, CF_ERR_CP_INDEX, "this_class: constant-pool index 0");
    c.this_class = CB_STANDARD_COUNT;
    expect(&c, CF_ERR_CP_INDEX, "is not a usable entry");
}

Test(cf_parse, rejects_the_second_slot_of_a_long)
{
    cb_class c;
    cb_default(&c);
    c.super_class = CB_LONG_7 + 1;
    expect(&c, CF_ERR_CP_INDEX, "super_class");
}

Test(cf_parse, rejects_reference_to_wrong_kind)
{
    cb_class c;
    cb_default(&c);
    c.this_class = CB_FOO_UTF8;
    expect(&c, CF_ERR_CP_KIND, "is a Utf8, expected Class");
    cb_default(&c);
    const uint8_t class_of_integer[] = {7, 0, CB_INT_42};
    CB_SET_CONSTANTS(&c, class_of_integer, 1);
    expect(&c, CF_ERR_CP_KIND, "is a Integer, expected Utf8");
}

Test(cf_parse, rejects_methodref_whose_name_and_type_is_a_class)
{
    cb_class c;
    cb_default(&c);
    const uint8_t bad_ref[] = {10, 0, CB_OBJECT_CLASS, 0, CB_OBJECT_CLASS};
    CB_SET_CONSTANTS(&c, bad_ref, 1);
    expect(&c, CF_ERR_CP_KIND, "expected NameAndType");
}

Test(cf_parse, rejects_unknown_and_too_new_tags)
{
    cb_class c;
    cb_default(&c);
    const uint8_t tag2[] = {2, 0, 0};
    CB_SET_CONSTANTS(&c, tag2, 1);
    expect(&c, CF_ERR_CP_TAG, "unknown tag 2");
    const uint8_t dynamic[] = {17, 0, 0, 0, CB_X_NAT};
    CB_SET_CONSTANTS(&c, dynamic, 1);
    expect(&c, CF_ERR_CP_TAG, "needs class version 55");
}

Test(cf_parse, rejects_long_in_the_last_slot)
{
    cb_class c;
    cb_default(&c);
    const uint8_t last_long[] = {5, 0, 0, 0, 0, 0, 0, 0, 1};
    CB_SET_CONSTANTS(&c, last_long, 1); /* the count claims one slot, but a Long needs two */
    expect(&c, CF_ERR_FORMAT, "needs two slots");
}

Test(cf_parse, rejects_malformed_modified_utf8)
{
    static const uint8_t cases[][6] = {
        {1, 0, 2, 'a', 0x00},  /* a raw NUL is never valid */
        {1, 0, 2, 'a', 0xC3},  /* a lead byte without its continuation */
        {1, 0, 2, 0xF0, 0x90}, /* four-byte forms do not exist in modified UTF-8 */
        {1, 0, 2, 0x80, 'a'},  /* a continuation byte first */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cb_class c;
        cb_default(&c);
        c.extra_constants = cases[i];
        c.extra_constants_len = 5;
        c.extra_slots = 1;
        expect(&c, CF_ERR_UTF8, "malformed modified UTF-8");
    }
}

Test(cf_parse, rejects_bad_descriptors)
{
    cb_class c;
    cb_default(&c);
    c.field_descriptor = CB_VOID_DESC;
    expect(&c, CF_ERR_DESCRIPTOR, "invalid field descriptor '()V'");
    cb_default(&c);
    c.method_descriptor = CB_INT_DESC;
    expect(&c, CF_ERR_DESCRIPTOR, "invalid method descriptor 'I'");
    cb_default(&c);
    const uint8_t bad_class_name[] = {1, 0, 4, 'a', '/', '/', 'b', 7, 0, CB_STANDARD_COUNT};
    CB_SET_CONSTANTS(&c, bad_class_name, 2);
    char fragment[96];
    snprintf(fragment, sizeof fragment, "constant %d (Class): invalid class name 'a//b'",
             CB_STANDARD_COUNT + 1);
    expect(&c, CF_ERR_DESCRIPTOR, fragment);
}

Test(cf_parse, rejects_bad_member_names)
{
    cb_class c;
    cb_default(&c);
    c.field_name = CB_OBJECT_UTF8; /* contains '/' */
    expect(&c, CF_ERR_DESCRIPTOR, "invalid field name 'java/lang/Object'");
}

Test(cf_parse, rejects_attribute_longer_than_its_contents)
{
    cb_class c;
    cb_default(&c);
    const uint8_t source_file[] = {0, CB_SOURCE_FILE_UTF8, 0, 0, 0, 3, 0, CB_FOO_JAVA_UTF8, 0};
    CB_SET_CLASS_ATTRIBUTES(&c, source_file, 1);
    expect(&c, CF_ERR_ATTRIBUTE, "SourceFile attribute has 1 bytes left over");
}

Test(cf_parse, rejects_attribute_contents_overrunning_its_length)
{
    cb_class c;
    cb_default(&c);
    const uint8_t constant_value[] = {0, CB_CONSTANT_VALUE_UTF8, 0, 0, 0, 1, 0};
    CB_SET_FIELD_ATTRIBUTES(&c, constant_value, 1);
    expect(&c, CF_ERR_ATTRIBUTE, "overrun");
}

Test(cf_parse, rejects_attribute_length_past_end_of_file)
{
    cb_class c;
    cb_default(&c);
    const uint8_t huge[] = {0, CB_SOURCE_FILE_UTF8, 0x7F, 0, 0, 0, 0, CB_FOO_JAVA_UTF8};
    CB_SET_CLASS_ATTRIBUTES(&c, huge, 1);
    expect(&c, CF_ERR_TRUNCATED, "truncated");
}

Test(cf_parse, rejects_constant_value_of_wrong_type)
{
    cb_class c;
    cb_default(&c);
    const uint8_t constant_value[] = {0, CB_CONSTANT_VALUE_UTF8, 0, 0, 0, 2, 0, CB_LONG_7};
    CB_SET_FIELD_ATTRIBUTES(&c, constant_value, 1);
    expect(&c, CF_ERR_CP_KIND, "ConstantValue: constant-pool index 15 is a Long, expected Integer");
}

Test(cf_parse, rejects_duplicate_attribute)
{
    cb_class c;
    cb_default(&c);
    const uint8_t twice[] = {0, CB_SOURCE_FILE_UTF8, 0, 0, 0, 2, 0, CB_FOO_JAVA_UTF8,
                             0, CB_SOURCE_FILE_UTF8, 0, 0, 0, 2, 0, CB_FOO_JAVA_UTF8};
    CB_SET_CLASS_ATTRIBUTES(&c, twice, 2);
    expect(&c, CF_ERR_ATTRIBUTE, "duplicate SourceFile");
}

Test(cf_parse, skips_unknown_attributes_by_length)
{
    cb_class c;
    cb_default(&c);
    /* "Foo" is not an attribute name anyone defines: its 5 bytes are skipped */
    const uint8_t unknown[] = {0, CB_FOO_UTF8, 0, 0, 0, 5, 1, 2, 3, 4, 5};
    CB_SET_CLASS_ATTRIBUTES(&c, unknown, 1);
    cf_error err = {0};
    cr_assert_eq(tu_parse_built(&c, &err), CF_OK, "%s", err.message);
}

Test(cf_parse, rejects_trailing_bytes)
{
    cb_class c;
    cb_default(&c);
    const uint8_t junk[] = {0xAB};
    c.trailing = junk;
    c.trailing_len = 1;
    expect(&c, CF_ERR_FORMAT, "1 unexpected bytes after the class");
}

Test(cf_parse, rejects_missing_or_misplaced_code)
{
    cb_class c;
    cb_default(&c);
    c.omit_code = true;
    expect(&c, CF_ERR_FORMAT, "a concrete method lacks a Code attribute");
    cb_default(&c);
    c.method_access = CF_ACC_PUBLIC | CF_ACC_NATIVE;
    expect(&c, CF_ERR_FORMAT, "an abstract or native method has a Code attribute");
}

Test(cf_parse, rejects_bad_flags)
{
    cb_class c;
    cb_default(&c);
    c.access = CF_ACC_PUBLIC | CF_ACC_INTERFACE; /* an interface must be abstract */
    expect(&c, CF_ERR_FORMAT, "invalid class access flags 0x0201");
    cb_default(&c);
    c.field_access = CF_ACC_PUBLIC | CF_ACC_PRIVATE;
    expect(&c, CF_ERR_FORMAT, "invalid field access flags");
    cb_default(&c);
    c.method_access = CF_ACC_STATIC; /* <init> cannot be static */
    expect(&c, CF_ERR_FORMAT, "<init> must be an instance method");
}

Test(cf_parse, rejects_super_class_zero_outside_object)
{
    cb_class c;
    cb_default(&c);
    c.super_class = 0;
    expect(&c, CF_ERR_FORMAT, "super_class is 0");
}

Test(cf_parse, rejects_invokedynamic_with_special_name_or_field_type)
{
    cb_class c;
    cb_default(&c);
    c.major = 55;
    const uint8_t indy[] = {18, 0, 0, 0, CB_INIT_NAT};
    CB_SET_CONSTANTS(&c, indy, 1);
    expect(&c, CF_ERR_DESCRIPTOR, "invalid name '<init>'");
    const uint8_t indy_ok_name[] = {18, 0, 0, 0, CB_X_NAT};
    CB_SET_CONSTANTS(&c, indy_ok_name, 1);
    /* x:I is a field descriptor, which an InvokeDynamic cannot have */
    expect(&c, CF_ERR_DESCRIPTOR, "invalid method descriptor 'I'");
}

Test(cf_parse, rejects_invokedynamic_naming_a_missing_bootstrap_method)
{
    cb_class c;
    cb_default(&c);
    c.major = 55;
    const uint8_t indy[] = {1,
                            0,
                            3,
                            'r',
                            'u',
                            'n',
                            12,
                            0,
                            CB_STANDARD_COUNT,
                            0,
                            CB_VOID_DESC,
                            18,
                            0,
                            4,
                            0,
                            CB_STANDARD_COUNT + 1};
    CB_SET_CONSTANTS(&c, indy, 3);
    expect(&c, CF_ERR_FORMAT, "names bootstrap method 4 but the class has 0");
}
