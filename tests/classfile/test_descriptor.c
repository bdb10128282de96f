/* Descriptors, names and modified UTF-8. */
#include <criterion/criterion.h>
#include <string.h>

#include "classfile.h"

Test(cf_descriptor, accepts_valid_field_descriptors)
{
    const char *valid[] = {"I",   "J", "Z", "Ljava/lang/String;", "[I", "[[Ljava/util/Map$Entry;",
                           "La;", "[D"};
    for (size_t i = 0; i < sizeof valid / sizeof valid[0]; i++)
        cr_assert(cf_valid_field_descriptor(valid[i]), "%s", valid[i]);
}

Test(cf_descriptor, rejects_invalid_field_descriptors)
{
    const char *invalid[] = {
        "",       "V",     "Q",     "L;", "Ljava/lang/String",  "[", "II", "L/a;", "La/;",
        "La//b;", "La.b;", "La[b;", "[V", "Ljava/lang/String;X"};
    for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++)
        cr_assert(!cf_valid_field_descriptor(invalid[i]), "accepted '%s'", invalid[i]);
}

Test(cf_descriptor, limits_array_dimensions_to_255)
{
    char desc[300];
    memset(desc, '[', 255);
    strcpy(desc + 255, "I");
    cr_assert(cf_valid_field_descriptor(desc));
    memset(desc, '[', 256);
    strcpy(desc + 256, "I");
    cr_assert(!cf_valid_field_descriptor(desc));
}

Test(cf_descriptor, parses_method_descriptor_into_types)
{
    cf_method_type mt;
    cr_assert(cf_parse_method_descriptor("(IJ[Ljava/lang/String;D)Ljava/lang/Object;", &mt));
    cr_assert_eq(mt.param_count, 4);
    cr_assert_eq(mt.param_slots, 6);
    cr_assert_eq(mt.params[0].kind, 'I');
    cr_assert_eq(mt.params[1].kind, 'J');
    cr_assert_eq(mt.params[2].kind, '[');
    cr_assert_eq(mt.params[2].dimensions, 1);
    cr_assert_eq(mt.params[2].element_kind, 'L');
    cr_assert_eq(mt.params[2].class_name_length, strlen("java/lang/String"));
    cr_assert(!strncmp(mt.params[2].class_name, "java/lang/String", 16));
    cr_assert_eq(mt.ret.kind, 'L');
    cr_assert(cf_parse_method_descriptor("()V", &mt));
    cr_assert_eq(mt.param_count, 0);
    cr_assert_eq(mt.ret.kind, 'V');
}

Test(cf_descriptor, rejects_invalid_method_descriptors)
{
    const char *invalid[] = {"", "()", "(V)V", "(I", "I)V", "()VV", "(I)Q", "()[V", "(L;)V"};
    cf_method_type mt;
    for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++)
        cr_assert(!cf_parse_method_descriptor(invalid[i], &mt), "accepted '%s'", invalid[i]);
}

Test(cf_descriptor, limits_parameters_to_255_slots)
{
    char desc[600] = "(";
    for (int i = 0; i < 127; i++) strcat(desc, "J"); /* 254 slots */
    strcat(desc, "I)V");
    cf_method_type mt;
    cr_assert(cf_parse_method_descriptor(desc, &mt));
    cr_assert_eq(mt.param_slots, 255);
    desc[strlen(desc) - 3] = 'J'; /* now 256 slots */
    cr_assert(!cf_parse_method_descriptor(desc, &mt));
}

Test(cf_descriptor, walks_parameters_one_at_a_time)
{
    const char *desc = "(I[JLa/b;)[La/b;";
    cf_param_iter it;
    cf_type p;
    cr_assert(cf_params_begin(&it, desc));
    cr_assert(cf_params_next(&it, &p) && p.kind == 'I' && p.text == desc + 1);
    cr_assert(cf_params_next(&it, &p) && p.kind == '[' && p.text_length == 2);
    cr_assert(cf_params_next(&it, &p) && p.kind == 'L' && p.text_length == 5);
    cr_assert(!cf_params_next(&it, &p));
    cr_assert_str_eq(cf_params_return(&it), "[La/b;");
    cr_assert_str_eq(cf_return_type("()V"), "V");
    cr_assert_eq(cf_field_type_length("[[La/b;I"), 7);
}

Test(cf_descriptor, stops_walking_at_a_malformed_parameter)
{
    cf_param_iter it;
    cf_type p;
    cr_assert(!cf_params_begin(&it, "I)V"));
    cr_assert(!cf_params_next(&it, &p));
    cr_assert(cf_params_begin(&it, "(IQ)V"));
    cr_assert(cf_params_next(&it, &p));
    cr_assert(!cf_params_next(&it, &p));
    cr_assert_null(cf_params_return(&it));
    cr_assert_null(cf_return_type("(I"));
    cr_assert_eq(cf_field_type_length("Labc"), 0);
}

Test(cf_descriptor, checks_class_and_member_names)
{
    cr_assert(cf_valid_class_name("java/lang/Object"));
    cr_assert(cf_valid_class_name("[Ljava/lang/Object;"));
    cr_assert(!cf_valid_class_name("java.lang.Object"));
    cr_assert(!cf_valid_class_name("java/lang/"));
    cr_assert(!cf_valid_class_name(""));
    cr_assert(!cf_valid_class_name("[X"));
    cr_assert(cf_valid_member_name("<init>", true));
    cr_assert(cf_valid_member_name("<init>", false), "field names may contain < and >");
    cr_assert(!cf_valid_member_name("<main>", true));
    cr_assert(!cf_valid_member_name("a;b", false));
    cr_assert(cf_valid_member_name("a<b", false));
}

Test(cf_utf8, decodes_modified_utf8_to_utf16)
{
    /* "a", U+00E9, U+4E2D, NUL as C0 80, and U+1F600 as a surrogate pair of 3-byte forms */
    const char s[] = "a\xC3\xA9\xE4\xB8\xAD\xC0\x80\xED\xA0\xBD\xED\xB8\x80";
    uint16_t out[16];
    size_t n = cf_utf8_to_utf16(s, sizeof s - 1, out, 16);
    cr_assert_eq(n, 6);
    uint16_t expected[] = {0x61, 0xE9, 0x4E2D, 0x0000, 0xD83D, 0xDE00};
    for (size_t i = 0; i < n; i++) cr_assert_eq(out[i], expected[i], "unit %zu", i);
}

Test(cf_format, prints_numbers_as_jdk17_does)
{
    struct {
        double v;
        bool is_float;
        const char *java;
    } cases[] = {
        {0.0, false, "0.0"},
        {-0.0, false, "-0.0"},
        {1.0, false, "1.0"},
        {100.0, false, "100.0"},
        {0.001, false, "0.001"},
        {9.999e-4, false, "9.999E-4"},
        {1e7, false, "1.0E7"},
        {9999999.0, false, "9999999.0"},
        {4.9e-324, false, "4.9E-324"},
        {1.7976931348623157e308, false, "1.7976931348623157E308"},
        {0.1f, true, "0.1"},
        {1e10f, true, "1.0E10"},
        {1.4e-45f, true, "1.4E-45"},
        {3.4028235e38f, true, "3.4028235E38"},
        {1.0 / 0.0, false, "Infinity"},
        {-1.0 / 0.0, true, "-Infinity"},
        {0.0 / 0.0, false, "NaN"},
        {123456.789e10, false, "1.23456789E15"},
        {1.17549435e-38f, true, "1.17549435E-38"}, /* JDK 17 is not shortest here: 1.1754944E-38 */
        {2.82879384806159e17, false, "2.82879384806159008E17"},
    };
    char buf[64];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cf_format_java_double(buf, sizeof buf, cases[i].v, cases[i].is_float);
        cr_assert_str_eq(buf, cases[i].java, "case %zu", i);
    }
}
