/* The class-file writer: what it writes parses back, and the pool shares equal entries. */
#include <criterion/criterion.h>
#include <string.h>

#include "classfile.h"

/* Writes class W (a field, and a method returning a long constant) into [*out] of [*len]. */
static void write_sample(uint8_t **out, size_t *len)
{
    cf_writer w = {0};
    cf_class_head head = {CF_ACC_PUBLIC | CF_ACC_SUPER, 0, 0, NULL, 0};
    head.this_class = cf_pool_class(&w, "W");
    head.super_class = cf_pool_class(&w, "java/lang/Object");
    cf_writer_field(&w, CF_ACC_PRIVATE, "f", "I");
    cf_code_u1(&w, CF_OP_LDC2_W);
    cf_code_u2(&w, cf_pool_long(&w, INT64_C(1) << 40));
    cf_code_u1(&w, CF_OP_LRETURN);
    cf_code_shape shape = {.max_stack = 2, .max_locals = 0};
    cf_writer_method(&w, CF_ACC_PUBLIC | CF_ACC_STATIC, "g", "()J", &shape);
    cr_assert_eq(w.code.len, 0, "the code buffer is emptied for the next method");
    cr_assert_eq(cf_pool_class(&w, "W"), head.this_class, "equal entries are shared");
    cr_assert_eq(cf_pool_integer(&w, 7), w.pool_count - 1);
    cr_assert(cf_writer_finish(&w, &head, out, len));
    cf_writer_free(&w);
}

Test(cf_writer, writes_a_class_that_parses_back)
{
    uint8_t *bytes;
    size_t len;
    write_sample(&bytes, &len);
    cf_class *cls;
    cf_error err = {0};
    cr_assert_eq(cf_parse(bytes, len, "<written>", &cls, &err), CF_OK, "%s", err.message);
    cr_assert_str_eq(cf_class_name(cls, cls->this_class), "W");
    cr_assert_eq(cls->field_count, 1);
    const cf_member *g = cf_find_method(cls, "g", "()J");
    cr_assert(g && g->code && g->code->length == 4 && g->code->max_stack == 2);
    uint16_t index = (uint16_t)(g->code->code[1] << 8 | g->code->code[2]);
    cr_assert_eq(cls->constants[index].tag, CF_TAG_LONG);
    cr_assert_eq(cls->constants[index].u.long_value, INT64_C(1) << 40);
    cf_class_free(cls);
    base_free(bytes);
}

Test(cf_writer, fails_past_the_code_length_limit)
{
    cf_writer w = {0};
    for (int i = 0; i < 65536; i++) cf_code_u1(&w, CF_OP_NOP);
    cf_code_shape shape = {0};
    cf_writer_method(&w, CF_ACC_STATIC, "big", "()V", &shape);
    cf_class_head head = {0, cf_pool_class(&w, "B"), 0, NULL, 0};
    uint8_t *bytes = NULL;
    size_t len = 0;
    cr_assert(!cf_writer_finish(&w, &head, &bytes, &len));
    cr_assert(w.too_big && !w.nomem);
    cf_writer_free(&w);
}
