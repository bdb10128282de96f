/* Builds small class files byte by byte, so tests can inject one precise defect at a time. */
#ifndef PORCHECK_TESTS_CLASSBUILDER_H
#define PORCHECK_TESTS_CLASSBUILDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A growable byte buffer. */
typedef struct cb_buf {
    uint8_t *data;
    size_t len, cap;
} cb_buf;

/* Appends one byte, a big-endian u2, a big-endian u4, or raw bytes to [b]. */
void cb_u1(cb_buf *b, unsigned v);
void cb_u2(cb_buf *b, unsigned v);
void cb_u4(cb_buf *b, uint32_t v);
void cb_raw(cb_buf *b, const void *data, size_t len);

/* Appends a Utf8 constant-pool entry holding [s]. */
void cb_utf8(cb_buf *b, const char *s);

/* Frees the bytes of [b]. */
void cb_free(cb_buf *b);

/* Indices of the standard constant pool every built class starts with. */
enum {
    CB_FOO_UTF8 = 1, /* "Foo" */
    CB_FOO_CLASS,    /* Class Foo */
    CB_OBJECT_UTF8,  /* "java/lang/Object" */
    CB_OBJECT_CLASS,
    CB_INIT_UTF8, /* "<init>" */
    CB_VOID_DESC, /* "()V" */
    CB_INIT_NAT,
    CB_OBJECT_INIT, /* Methodref java/lang/Object.<init>:()V */
    CB_CODE_UTF8,   /* "Code" */
    CB_X_UTF8,      /* "x" */
    CB_INT_DESC,    /* "I" */
    CB_X_NAT,
    CB_X_FIELD,                  /* Fieldref Foo.x:I */
    CB_INT_42,                   /* Integer 42 */
    CB_LONG_7,                   /* Long 7 (two slots) */
    CB_STRING_X = CB_LONG_7 + 2, /* String "x" */
    CB_CONSTANT_VALUE_UTF8,      /* "ConstantValue" */
    CB_LINES_UTF8,               /* "LineNumberTable" */
    CB_SOURCE_FILE_UTF8,         /* "SourceFile" */
    CB_FOO_JAVA_UTF8,            /* "Foo.java" */
    CB_RUN_UTF8,                 /* "run" */
    CB_EXCEPTIONS_UTF8,          /* "Exceptions" */
    CB_LOCALS_UTF8,              /* "LocalVariableTable" */
    CB_THIS_UTF8,                /* "this" */
    CB_FOO_DESC,                 /* "LFoo;" */
    CB_STANDARD_COUNT            /* the first index that extra entries get */
};

/* What to put in a built class; cb_default fills a valid one (class Foo with field x:I and a
 * constructor), which tests then change. Raw pieces are inserted verbatim. */
typedef struct cb_class {
    uint32_t magic;
    uint16_t minor, major;
    const uint8_t *extra_constants; /* raw entries appended after the standard pool */
    size_t extra_constants_len;
    uint16_t extra_slots; /* constant-pool slots the extra entries take */
    uint16_t access, this_class, super_class;
    uint16_t field_access, field_name, field_descriptor;
    const uint8_t *field_attributes; /* raw attributes of the field */
    size_t field_attributes_len;
    uint16_t field_attribute_count;
    uint16_t method_access, method_name, method_descriptor;
    bool omit_code; /* leave the method without a Code attribute */
    uint16_t max_stack, max_locals;
    const uint8_t *code;
    uint32_t code_len;
    const uint8_t *handlers; /* raw exception-table entries */
    uint16_t handler_count;
    const uint8_t *code_attributes; /* raw attributes inside Code */
    size_t code_attributes_len;
    uint16_t code_attribute_count;
    const uint8_t *method_attributes; /* raw attributes of the method after Code */
    size_t method_attributes_len;
    uint16_t method_attribute_count;
    const uint8_t *class_attributes; /* raw attributes of the class */
    size_t class_attributes_len;
    uint16_t class_attribute_count;
    const uint8_t *trailing; /* bytes after the class */
    size_t trailing_len;
} cb_class;

/* Sets the raw constant-pool entries appended to [c]'s standard pool, taking [slots] slots. */
#define CB_SET_CONSTANTS(c, bytes, slots)                                                          \
    ((c)->extra_constants = (bytes), (c)->extra_constants_len = sizeof(bytes),                     \
     (c)->extra_slots = (slots))

/* Sets [count] raw attributes of the class, of the field, or inside Code. */
#define CB_SET_CLASS_ATTRIBUTES(c, bytes, count)                                                   \
    ((c)->class_attributes = (bytes), (c)->class_attributes_len = sizeof(bytes),                   \
     (c)->class_attribute_count = (count))
#define CB_SET_FIELD_ATTRIBUTES(c, bytes, count)                                                   \
    ((c)->field_attributes = (bytes), (c)->field_attributes_len = sizeof(bytes),                   \
     (c)->field_attribute_count = (count))
#define CB_SET_CODE_ATTRIBUTES(c, bytes, count)                                                    \
    ((c)->code_attributes = (bytes), (c)->code_attributes_len = sizeof(bytes),                     \
     (c)->code_attribute_count = (count))

/* Fills [c] with a valid class Foo extends Object { int x; Foo() {super();} }. */
void cb_default(cb_class *c);

/* Assembles [c] into a new buffer. */
cb_buf cb_build(const cb_class *c);

#endif
