/* Assembles class files from a cb_class description. */
#include "classbuilder.h"

#include <stdlib.h>
#include <string.h>

static void reserve(cb_buf *b, size_t more)
{
    if (b->len + more <= b->cap) return;
    size_t cap = b->cap ? b->cap * 2 : 256;
    while (cap < b->len + more) cap *= 2;
    b->data = realloc(b->data, cap);
    if (!b->data) abort();
    b->cap = cap;
}

void cb_u1(cb_buf *b, unsigned v)
{
    reserve(b, 1);
    b->data[b->len++] = (uint8_t)v;
}

void cb_u2(cb_buf *b, unsigned v)
{
    cb_u1(b, v >> 8);
    cb_u1(b, v & 0xFF);
}

void cb_u4(cb_buf *b, uint32_t v)
{
    cb_u2(b, v >> 16);
    cb_u2(b, v & 0xFFFF);
}

void cb_raw(cb_buf *b, const void *data, size_t len)
{
    reserve(b, len);
    if (len) memcpy(b->data + b->len, data, len);
    b->len += len;
}

void cb_utf8(cb_buf *b, const char *s)
{
    cb_u1(b, 1);
    cb_u2(b, (unsigned)strlen(s));
    cb_raw(b, s, strlen(s));
}

void cb_free(cb_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

static const uint8_t default_code[] = {0x2a, 0xb7, 0x00, CB_OBJECT_INIT, 0xb1};

void cb_default(cb_class *c)
{
    memset(c, 0, sizeof *c);
    c->magic = 0xCAFEBABE;
    c->major = 52;
    c->access = 0x0021;
    c->this_class = CB_FOO_CLASS;
    c->super_class = CB_OBJECT_CLASS;
    c->field_name = CB_X_UTF8;
    c->field_descriptor = CB_INT_DESC;
    c->method_access = 0x0001;
    c->method_name = CB_INIT_UTF8;
    c->method_descriptor = CB_VOID_DESC;
    c->max_stack = 1;
    c->max_locals = 1;
    c->code = default_code;
    c->code_len = sizeof default_code;
}

static void standard_pool(cb_buf *b)
{
    cb_utf8(b, "Foo");
    cb_u1(b, 7), cb_u2(b, CB_FOO_UTF8);
    cb_utf8(b, "java/lang/Object");
    cb_u1(b, 7), cb_u2(b, CB_OBJECT_UTF8);
    cb_utf8(b, "<init>");
    cb_utf8(b, "()V");
    cb_u1(b, 12), cb_u2(b, CB_INIT_UTF8), cb_u2(b, CB_VOID_DESC);
    cb_u1(b, 10), cb_u2(b, CB_OBJECT_CLASS), cb_u2(b, CB_INIT_NAT);
    cb_utf8(b, "Code");
    cb_utf8(b, "x");
    cb_utf8(b, "I");
    cb_u1(b, 12), cb_u2(b, CB_X_UTF8), cb_u2(b, CB_INT_DESC);
    cb_u1(b, 9), cb_u2(b, CB_FOO_CLASS), cb_u2(b, CB_X_NAT);
    cb_u1(b, 3), cb_u4(b, 42);
    cb_u1(b, 5), cb_u4(b, 0), cb_u4(b, 7);
    cb_u1(b, 8), cb_u2(b, CB_X_UTF8);
    cb_utf8(b, "ConstantValue");
    cb_utf8(b, "LineNumberTable");
    cb_utf8(b, "SourceFile");
    cb_utf8(b, "Foo.java");
    cb_utf8(b, "run");
    cb_utf8(b, "Exceptions");
    cb_utf8(b, "LocalVariableTable");
    cb_utf8(b, "this");
    cb_utf8(b, "LFoo;");
}

static void method(cb_buf *b, const cb_class *c)
{
    cb_u2(b, 1);
    cb_u2(b, c->method_access), cb_u2(b, c->method_name), cb_u2(b, c->method_descriptor);
    cb_u2(b, (c->omit_code ? 0u : 1u) + c->method_attribute_count);
    if (!c->omit_code) {
        size_t body =
            2 + 2 + 4 + c->code_len + 2 + 8u * c->handler_count + 2 + c->code_attributes_len;
        cb_u2(b, CB_CODE_UTF8), cb_u4(b, (uint32_t)body);
        cb_u2(b, c->max_stack), cb_u2(b, c->max_locals), cb_u4(b, c->code_len);
        cb_raw(b, c->code, c->code_len);
        cb_u2(b, c->handler_count), cb_raw(b, c->handlers, 8u * c->handler_count);
        cb_u2(b, c->code_attribute_count), cb_raw(b, c->code_attributes, c->code_attributes_len);
    }
    cb_raw(b, c->method_attributes, c->method_attributes_len);
}

cb_buf cb_build(const cb_class *c)
{
    cb_buf b = {0};
    cb_u4(&b, c->magic), cb_u2(&b, c->minor), cb_u2(&b, c->major);
    cb_u2(&b, (unsigned)CB_STANDARD_COUNT + c->extra_slots);
    standard_pool(&b);
    cb_raw(&b, c->extra_constants, c->extra_constants_len);
    cb_u2(&b, c->access), cb_u2(&b, c->this_class), cb_u2(&b, c->super_class);
    cb_u2(&b, 0); /* interfaces */
    cb_u2(&b, 1);
    cb_u2(&b, c->field_access), cb_u2(&b, c->field_name), cb_u2(&b, c->field_descriptor);
    cb_u2(&b, c->field_attribute_count), cb_raw(&b, c->field_attributes, c->field_attributes_len);
    method(&b, c);
    cb_u2(&b, c->class_attribute_count), cb_raw(&b, c->class_attributes, c->class_attributes_len);
    cb_raw(&b, c->trailing, c->trailing_len);
    return b;
}
