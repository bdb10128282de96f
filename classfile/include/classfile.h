/* classfile: bounds-checked class-file parser, descriptors, opcodes, disassembler and class path.
 * Nothing here trusts its input: every index, length and descriptor is validated before use, so a
 * successfully parsed cf_class can be read without further checks. */
#ifndef PORCHECK_CLASSFILE_H
#define PORCHECK_CLASSFILE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base.h"

/* Result of every fallible classfile operation. */
typedef enum cf_status {
    CF_OK = 0,
    CF_ERR_TRUNCATED, /* the input ends inside a structure it announces */
    CF_ERR_MAGIC,     /* the file does not start with 0xCAFEBABE */
    CF_ERR_VERSION,   /* a class-file version outside 45..65 */
    CF_ERR_CP_INDEX, /* a constant-pool index that is 0, out of range or a long/double's 2nd slot */
    CF_ERR_CP_KIND,  /* a constant-pool index naming an entry of the wrong kind */
    CF_ERR_CP_TAG,   /* an unknown constant-pool tag, or one too new for the class version */
    CF_ERR_UTF8,     /* malformed modified UTF-8 */
    CF_ERR_DESCRIPTOR, /* a malformed field or method descriptor, or a malformed name */
    CF_ERR_ATTRIBUTE,  /* an attribute whose length or contents are inconsistent */
    CF_ERR_CODE,       /* malformed bytecode: bad opcode, operand or branch target */
    CF_ERR_FORMAT,     /* any other structural error (flags, duplicates, trailing bytes) */
    CF_ERR_NOT_FOUND,  /* a class or jar entry that the class path does not have */
    CF_ERR_IO,         /* a file that cannot be read */
    CF_ERR_ZIP,        /* a jar that is not a valid zip archive, or a corrupt entry */
    CF_ERR_IMAGE,      /* a corrupt jimage (lib/modules), or one using an unsupported feature */
    CF_ERR_NOMEM,      /* the allocator hook refused memory */
} cf_status;

/* A caller-owned error: the status and a one-line message naming the file, class and offset. */
typedef struct cf_error {
    cf_status status;
    char message[512];
} cf_error;

/* Returns the constant name of [status], e.g. "CF_ERR_TRUNCATED". */
const char *cf_status_name(cf_status status);

/* Sets [err] to [status] with a printf-style message; returns [status]. */
cf_status cf_fail(cf_error *err, cf_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- Opcodes ------------------------------------------------------------------------------- */

/* How the operand bytes of an instruction are to be read. */
typedef enum cf_operand_kind {
    CF_OPND_NONE,       /* no operands */
    CF_OPND_LOCAL,      /* u1 local-variable index (u2 after wide) */
    CF_OPND_S1,         /* signed byte constant (bipush) */
    CF_OPND_S2,         /* signed short constant (sipush) */
    CF_OPND_CP1,        /* u1 constant-pool index (ldc) */
    CF_OPND_CP2,        /* u2 constant-pool index */
    CF_OPND_BRANCH2,    /* s2 branch offset */
    CF_OPND_BRANCH4,    /* s4 branch offset */
    CF_OPND_IINC,       /* u1 local index, s1 increment (u2, s2 after wide) */
    CF_OPND_NEWARRAY,   /* u1 primitive array type code */
    CF_OPND_MULTIARRAY, /* u2 class index, u1 dimensions */
    CF_OPND_INTERFACE,  /* u2 method index, u1 count, u1 zero */
    CF_OPND_INDY,       /* u2 call-site index, u2 zero */
    CF_OPND_TABLESWITCH,
    CF_OPND_LOOKUPSWITCH,
    CF_OPND_WIDE,   /* prefix modifying the following instruction */
    CF_OPND_INVALID /* reserved opcode, never valid in a class file */
} cf_operand_kind;

/* Marks a stack effect that depends on the operands (invokes, field access, multianewarray). */
#define CF_STACK_VARIES 99

/* The opcode enum CF_OP_NOP .. CF_OP_IMPDEP2, generated from opcodes.def. */
typedef enum cf_opcode {
#define CF_OPCODE(NAME, mnemonic, value, length, effect, kind) CF_OP_##NAME = value,
#include "opcodes.def"
#undef CF_OPCODE
} cf_opcode;

/* Static facts about one opcode: its mnemonic, operand bytes and stack effect in slots. */
typedef struct cf_opcode_info {
    const char *mnemonic; /* javap's spelling, NULL for an unassigned byte value */
    int8_t length;        /* operand bytes after the opcode, -1 when variable */
    int8_t stack_effect;  /* net change of the operand stack in slots, or CF_STACK_VARIES */
    uint8_t kind;         /* a cf_operand_kind */
} cf_opcode_info;

/* Facts about every byte value 0..255 (unassigned values have a NULL mnemonic). */
extern const cf_opcode_info cf_opcodes[256];

/* ---- Constant pool ------------------------------------------------------------------------- */

/* Constant-pool tags as JVMS 4.4 numbers them. */
typedef enum cf_tag {
    CF_TAG_NONE = 0, /* slot 0 and the unusable second slot of a long or double */
    CF_TAG_UTF8 = 1,
    CF_TAG_INTEGER = 3,
    CF_TAG_FLOAT = 4,
    CF_TAG_LONG = 5,
    CF_TAG_DOUBLE = 6,
    CF_TAG_CLASS = 7,
    CF_TAG_STRING = 8,
    CF_TAG_FIELDREF = 9,
    CF_TAG_METHODREF = 10,
    CF_TAG_INTERFACE_METHODREF = 11,
    CF_TAG_NAME_AND_TYPE = 12,
    CF_TAG_METHOD_HANDLE = 15,
    CF_TAG_METHOD_TYPE = 16,
    CF_TAG_DYNAMIC = 17,
    CF_TAG_INVOKE_DYNAMIC = 18,
    CF_TAG_MODULE = 19,
    CF_TAG_PACKAGE = 20,
} cf_tag;

/* Method-handle reference kinds (JVMS 5.4.3.5). */
typedef enum cf_ref_kind {
    CF_REF_GET_FIELD = 1,
    CF_REF_GET_STATIC,
    CF_REF_PUT_FIELD,
    CF_REF_PUT_STATIC,
    CF_REF_INVOKE_VIRTUAL,
    CF_REF_INVOKE_STATIC,
    CF_REF_INVOKE_SPECIAL,
    CF_REF_NEW_INVOKE_SPECIAL,
    CF_REF_INVOKE_INTERFACE,
} cf_ref_kind;

/* One constant-pool entry; which union member is valid follows from [tag]. */
typedef struct cf_constant {
    uint8_t tag; /* a cf_tag */
    union {
        struct {
            const char *chars; /* NUL-terminated modified UTF-8 (never contains a 0 byte) */
            uint16_t length;   /* bytes, without the NUL */
        } utf8;
        int32_t integer;
        float float_value;
        int64_t long_value;
        double double_value;
        uint16_t name; /* Class, Module, Package: Utf8 name; String: Utf8; MethodType: descriptor */
        struct {
            uint16_t class_index; /* a Class entry */
            uint16_t name_and_type;
        } ref; /* Fieldref, Methodref, InterfaceMethodref */
        struct {
            uint16_t name;       /* Utf8 */
            uint16_t descriptor; /* Utf8 */
        } name_and_type;
        struct {
            uint8_t kind;       /* a cf_ref_kind */
            uint16_t reference; /* a Fieldref, Methodref or InterfaceMethodref */
        } handle;
        struct {
            uint16_t bootstrap; /* index into the BootstrapMethods attribute */
            uint16_t name_and_type;
        } dynamic; /* Dynamic, InvokeDynamic */
    } u;
} cf_constant;

/* ---- Parsed class ---------------------------------------------------------------------------- */

/* Access flags (JVMS 4.1, 4.5, 4.6). */
enum {
    CF_ACC_PUBLIC = 0x0001,
    CF_ACC_PRIVATE = 0x0002,
    CF_ACC_PROTECTED = 0x0004,
    CF_ACC_STATIC = 0x0008,
    CF_ACC_FINAL = 0x0010,
    CF_ACC_SUPER = 0x0020,
    CF_ACC_SYNCHRONIZED = 0x0020,
    CF_ACC_VOLATILE = 0x0040,
    CF_ACC_BRIDGE = 0x0040,
    CF_ACC_TRANSIENT = 0x0080,
    CF_ACC_VARARGS = 0x0080,
    CF_ACC_NATIVE = 0x0100,
    CF_ACC_INTERFACE = 0x0200,
    CF_ACC_ABSTRACT = 0x0400,
    CF_ACC_STRICT = 0x0800,
    CF_ACC_SYNTHETIC = 0x1000,
    CF_ACC_ANNOTATION = 0x2000,
    CF_ACC_ENUM = 0x4000,
    CF_ACC_MODULE = 0x8000,
};

/* One exception-table entry of a Code attribute. */
typedef struct cf_handler {
    uint16_t start_pc, end_pc, handler_pc;
    uint16_t catch_type; /* a Class entry, or 0 for any exception */
} cf_handler;

/* One LineNumberTable entry. */
typedef struct cf_line {
    uint16_t start_pc, line;
} cf_line;

/* One LocalVariableTable entry. */
typedef struct cf_local_var {
    uint16_t start_pc, length;
    uint16_t name, descriptor; /* Utf8 entries */
    uint16_t slot;
} cf_local_var;

/* A method's Code attribute, its bytecode checked instruction by instruction. */
typedef struct cf_code {
    uint16_t max_stack, max_locals;
    uint32_t length;     /* bytecode bytes, 1..65535 */
    const uint8_t *code; /* the bytecode */
    uint16_t handler_count;
    cf_handler *handlers;
    bool has_line_table;      /* a LineNumberTable attribute is present (perhaps empty) */
    bool has_local_var_table; /* a LocalVariableTable attribute is present (perhaps empty) */
    size_t line_count;        /* entries of every LineNumberTable, in file order */
    cf_line *lines;
    size_t local_var_count; /* entries of every LocalVariableTable, in file order */
    cf_local_var *local_vars;
} cf_code;

/* A field or a method. */
typedef struct cf_member {
    uint16_t access;
    uint16_t name_index, descriptor_index;
    const char *name, *descriptor;
    uint16_t signature;       /* Signature attribute's Utf8 entry, or 0 */
    uint16_t constant_value;  /* fields: ConstantValue entry, or 0 */
    cf_code *code;            /* methods: NULL when abstract or native */
    uint16_t exception_count; /* methods: the Exceptions attribute */
    uint16_t *exceptions;     /* Class entries */
} cf_member;

/* One InnerClasses entry. */
typedef struct cf_inner_class {
    uint16_t inner_class, outer_class; /* Class entries, outer 0 when not a member */
    uint16_t inner_name;               /* Utf8, 0 when anonymous */
    uint16_t access;
} cf_inner_class;

/* One BootstrapMethods entry. */
typedef struct cf_bootstrap {
    uint16_t method_handle; /* a MethodHandle entry */
    uint16_t arg_count;
    uint16_t *args; /* loadable constant entries */
} cf_bootstrap;

/* A parsed, validated class file; every index in it names an entry of the right kind. */
typedef struct cf_class {
    const char *origin; /* where the bytes came from, for messages */
    uint16_t minor_version, major_version;
    uint16_t constant_count; /* constant_pool_count: entries are 1..constant_count-1 */
    cf_constant *constants;
    uint16_t access;
    uint16_t this_class, super_class; /* Class entries; super_class 0 only for java/lang/Object */
    const char *name;                 /* binary name, e.g. java/lang/String */
    const char *super_name;           /* NULL for java/lang/Object */
    uint16_t interface_count;
    uint16_t *interfaces; /* Class entries */
    uint16_t field_count;
    cf_member *fields;
    uint16_t method_count;
    cf_member *methods;
    uint16_t source_file; /* Utf8 entry, or 0 */
    uint16_t signature;   /* Utf8 entry, or 0 */
    uint16_t inner_class_count;
    cf_inner_class *inner_classes;
    uint16_t bootstrap_count;
    cf_bootstrap *bootstraps;
    uint16_t nest_host; /* Class entry, or 0 */
    uint16_t nest_member_count;
    uint16_t *nest_members; /* Class entries */
    base_arena arena;       /* owns everything above */
    atomic_size_t refs;     /* its holders: cf_class_free frees it when the last lets go */
} cf_class;

/* Parses [len] bytes at [data] (named [origin] in messages) into a new [*out]; fills [err] on
 * failure and leaves [*out] NULL. */
cf_status cf_parse(const uint8_t *data, size_t len, const char *origin, cf_class **out,
                   cf_error *err);

/* Lets go of [cls]: frees it and everything it owns when no one else holds it (a class that
 * cf_classpath_load shares); NULL is ignored. */
void cf_class_free(cf_class *cls);

/* Returns the string of Utf8 entry [index] of [cls]. */
const char *cf_utf8(const cf_class *cls, uint16_t index);

/* Returns the name of Class entry [index] (a binary name or an array descriptor). */
const char *cf_class_name(const cf_class *cls, uint16_t index);

/* Fills [owner], [name], [descriptor] from Fieldref/Methodref/InterfaceMethodref [index]. */
void cf_member_ref(const cf_class *cls, uint16_t index, const char **owner, const char **name,
                   const char **descriptor);

/* Fills [name] and [descriptor] from NameAndType entry [index]. */
void cf_name_and_type(const cf_class *cls, uint16_t index, const char **name,
                      const char **descriptor);

/* Returns the source line of bytecode offset [pc] in [code], or -1 when unknown. */
int cf_line_of(const cf_code *code, uint32_t pc);

/* Returns the method of [cls] named [name] with [descriptor], or NULL. */
const cf_member *cf_find_method(const cf_class *cls, const char *name, const char *descriptor);

/* Returns the field of [cls] named [name] with [descriptor], or NULL. */
const cf_member *cf_find_field(const cf_class *cls, const char *name, const char *descriptor);

/* ---- Descriptors and names ------------------------------------------------------------------ */

/* One field type of a descriptor. */
typedef struct cf_type {
    char kind;              /* B C D F I J S Z V, 'L' for a class, '[' for an array */
    uint8_t dimensions;     /* array dimensions, 0 when not an array */
    char element_kind;      /* arrays: the kind of the innermost element (a primitive or 'L') */
    const char *class_name; /* 'L' types and arrays of them: the name, not NUL-terminated */
    uint16_t class_name_length;
    const char *text; /* the whole type in the descriptor, not NUL-terminated */
    uint16_t text_length;
} cf_type;

/* A parsed method descriptor; types point into the descriptor string. */
typedef struct cf_method_type {
    uint16_t param_count;
    uint16_t param_slots; /* local slots of the parameters (longs and doubles take two) */
    cf_type params[255];
    cf_type ret; /* kind 'V' for void */
} cf_method_type;

/* Parses one field type at [desc] (at most [len] bytes); stores its length in [*used]. */
bool cf_parse_field_type(const char *desc, size_t len, cf_type *out, size_t *used);

/* Returns true when [desc] is exactly one valid field descriptor. */
bool cf_valid_field_descriptor(const char *desc);

/* Parses method descriptor [desc] into [out]; false when malformed or over 255 parameter slots. */
bool cf_parse_method_descriptor(const char *desc, cf_method_type *out);

/* A walk over the parameters of a method descriptor, one field type at a time (no copy of the
 * whole parameter list, unlike cf_method_type). */
typedef struct cf_param_iter {
    const char *desc; /* the method descriptor */
    size_t len, pos;  /* its length; the offset of the next parameter (or of the ')') */
    bool bad;         /* the descriptor turned out malformed */
} cf_param_iter;

/* Starts [it] at the first parameter of method descriptor [desc]; false when [desc] does not
 * start a method descriptor. */
bool cf_params_begin(cf_param_iter *it, const char *desc);

/* Stores the next parameter of [it] in [out]; false after the last one or on a malformed type. */
bool cf_params_next(cf_param_iter *it, cf_type *out);

/* After the last parameter of [it]: the return type's text (after the ')'); NULL when the walk
 * stopped on a malformed descriptor. */
const char *cf_params_return(const cf_param_iter *it);

/* Returns the return type's text in method descriptor [desc] (after the ')'); NULL when
 * malformed. */
const char *cf_return_type(const char *desc);

/* Returns the length of the field type that starts at [type] (0 when malformed). */
size_t cf_field_type_length(const char *type);

/* Returns true when [name] is a valid binary class name (java/lang/Object) or array descriptor. */
bool cf_valid_class_name(const char *name);

/* Returns true when [name] is a valid unqualified field or method name (JVMS 4.2.2). */
bool cf_valid_member_name(const char *name, bool is_method);

/* Returns the number of local-variable slots a value of [kind] takes (2 for J and D). */
int cf_type_slots(char kind);

/* Decodes modified UTF-8 [chars] into UTF-16 units in [out] (capacity [cap]); returns the count. */
size_t cf_utf8_to_utf16(const char *chars, size_t len, uint16_t *out, size_t cap);

/* Writes [v] exactly as JDK 17's Double.toString (or Float.toString when [is_float]) prints it;
 * that algorithm is not always shortest (1.17549435E-38 for Float.MIN_NORMAL). */
void cf_format_java_double(char *out, size_t cap, double v, bool is_float);

/* Prints class or member [name] as javap does: plain when it is a valid binary name, else quoted.
 */
void cf_print_checked_name(FILE *out, const char *name);

/* Prints the modified UTF-8 [chars] of [len] bytes as UTF-8, escaping as javap's String comments.
 */
void cf_print_string_constant(FILE *out, const char *chars, size_t len);

/* ---- Writer ---------------------------------------------------------------------------------- */

/* A growing byte buffer of the writer. */
typedef struct cf_buf {
    uint8_t *data;
    size_t len, cap;
} cf_buf;

/* A class file being written (zero-initialise it): its constant pool (entries shared by
 * content), fields, methods and the code of the method being written. Failures are sticky:
 * [nomem] after an allocation failed, [too_big] past a class-file limit (65535 pool slots or
 * code bytes); cf_writer_finish then fails. */
typedef struct cf_writer {
    cf_buf pool;         /* constant pool entries */
    uint16_t pool_count; /* next constant index */
    cf_buf keys;         /* index and "tag:text\0" of each entry, for sharing */
    cf_buf fields;       /* field_info structures */
    uint16_t field_count;
    cf_buf methods; /* method_info structures */
    uint16_t method_count;
    cf_buf code; /* the body of the method being written */
    bool nomem, too_big;
} cf_writer;

/* The frame of a method's Code attribute and its one optional exception handler. */
typedef struct cf_code_shape {
    unsigned max_stack, max_locals;
    unsigned from, to, handler; /* the handler covers [from, to) */
    const char *catch_class;    /* the class it catches; NULL: no handler */
} cf_code_shape;

/* The header of the class being written: pool indices from cf_pool_class. */
typedef struct cf_class_head {
    unsigned access;
    uint16_t this_class, super_class;
    const uint16_t *interfaces;
    size_t interface_count;
} cf_class_head;

/* Appends byte [v] to the current code of [w]. */
void cf_code_u1(cf_writer *w, unsigned v);

/* Appends big-endian two bytes [v] to the current code of [w]. */
void cf_code_u2(cf_writer *w, unsigned v);

/* Appends big-endian four bytes [v] to the current code of [w]. */
void cf_code_u4(cf_writer *w, uint32_t v);

/* Overwrites the four code bytes of [w] at offset [at] with big-endian [v]. */
void cf_code_patch_u4(cf_writer *w, size_t at, uint32_t v);

/* Returns the index of a Utf8 constant holding [s], adding it when new. */
uint16_t cf_pool_utf8(cf_writer *w, const char *s);

/* Returns the index of a Class constant naming [name], adding it when new. */
uint16_t cf_pool_class(cf_writer *w, const char *name);

/* Returns the index of a String constant holding [text] (modified UTF-8), adding it when new. */
uint16_t cf_pool_string(cf_writer *w, const char *text);

/* Returns the index of a Fieldref, Methodref or InterfaceMethodref ([tag]) constant to
 * [owner].[name][desc], adding it (and its NameAndType) when new. */
uint16_t cf_pool_ref(cf_writer *w, uint8_t tag, const char *owner, const char *name,
                     const char *desc);

/* Returns the index of an Integer constant holding [v], adding it when new. */
uint16_t cf_pool_integer(cf_writer *w, int32_t v);

/* Returns the index of a Long constant holding [v] (two slots), adding it when new. */
uint16_t cf_pool_long(cf_writer *w, int64_t v);

/* Appends a field named [name] of descriptor [desc] with [access], without attributes. */
void cf_writer_field(cf_writer *w, unsigned access, const char *name, const char *desc);

/* Appends a method named [name][desc] with [access] whose Code is the current code (then
 * emptied) framed by [shape]. */
void cf_writer_method(cf_writer *w, unsigned access, const char *name, const char *desc,
                      const cf_code_shape *shape);

/* Assembles the version-52 class file of [head] and [w]'s pool, fields and methods into a new
 * buffer [*out] (base_free it) of [*len] bytes; false when [w] failed or out of memory. */
bool cf_writer_finish(cf_writer *w, const cf_class_head *head, uint8_t **out, size_t *len);

/* Frees the buffers of [w]. */
void cf_writer_free(cf_writer *w);

/* ---- Disassembler ---------------------------------------------------------------------------- */

/* Prints [cls] to [out] in the layout of `javap -c -p -l`: header, fields, methods with
 * disassembled code, exception tables, line numbers and local variables. */
void cf_disassemble(FILE *out, const cf_class *cls);

/* Prints instruction at [pc] of [code] (one line, or several for switches) as javap does. */
void cf_disassemble_instruction(FILE *out, const cf_class *cls, const cf_code *code, uint32_t pc);

/* Returns the length in bytes of the instruction at [pc] of checked [code]. */
uint32_t cf_instruction_length(const cf_code *code, uint32_t pc);

/* True when a backward branch of checked [code] jumps from after [pc] to [pc] or before it (the
 * instruction at [pc] may run again in one call), or when [code] cannot be read that far. */
bool cf_pc_in_loop(const cf_code *code, uint32_t pc);

/* ---- Class path ------------------------------------------------------------------------------ */

/* An ordered list of jars, JDK images (lib/modules) and directories searched by binary class
 * name. */
typedef struct cf_classpath cf_classpath;

/* Creates an empty class path in [*out]. */
cf_status cf_classpath_new(cf_classpath **out, cf_error *err);

/* Appends jar file, JDK image (a file starting with 0xCAFEDADA, whatever its name) or directory
 * [entry]; a missing path, a jar that is not a zip, or a corrupt image is an error. */
cf_status cf_classpath_add(cf_classpath *cp, const char *entry, cf_error *err);

/* Appends every entry of [list], separated by ':' (empty elements are ignored). */
cf_status cf_classpath_add_list(cf_classpath *cp, const char *list, cf_error *err);

/* Returns the class path as a ':'-separated string, for messages. */
const char *cf_classpath_describe(const cf_classpath *cp);

/* Reads the bytes of class [name] (java/lang/Object) into a new base_malloc'd [*data]. */
cf_status cf_classpath_read(cf_classpath *cp, const char *name, uint8_t **data, size_t *len,
                            cf_error *err);

/* Finds, reads and parses class [name] into [*out], which the caller lets go of with
 * cf_class_free. A class from a jar or an image may be shared with the other class paths of the
 * process that hold that unchanged file (the class cache, jarcache.c): never change it. */
cf_status cf_classpath_load(cf_classpath *cp, const char *name, cf_class **out, cf_error *err);

/* Calls [visit] with the binary name of every class in the class path, in entry order; stops
 * and returns false when [visit] does. */
bool cf_classpath_each_class(cf_classpath *cp, bool (*visit)(const char *name, void *ctx),
                             void *ctx);

/* Frees [cp]; NULL is ignored. */
void cf_classpath_free(cf_classpath *cp);

/* Reads file [path] whole into a new base_malloc'd [*data], refusing files over [limit] bytes. */
cf_status cf_read_file(const char *path, size_t limit, uint8_t **data, size_t *len, cf_error *err);

/* ---- JDK run-time image (lib/modules, magic 0xCAFEDADA) -------------------------------------- */

/* An open, memory-mapped jimage file. */
typedef struct cf_jimage cf_jimage;

/* One resource of an image: bytes inside the mapping, valid until cf_jimage_close. */
typedef struct cf_jimage_resource {
    const uint8_t *data; /* the resource's bytes */
    size_t len;          /* their count */
    const char *module;  /* the module holding it ("java.base") */
} cf_jimage_resource;

/* True when file [path] starts with the jimage magic in either byte order. */
bool cf_jimage_is_image(const char *path);

/* Maps image [path] and checks its header and table sizes against the file into [*out]. */
cf_status cf_jimage_open(const char *path, cf_jimage **out, cf_error *err);

/* Returns the path [img] was opened from. */
const char *cf_jimage_path(const cf_jimage *img);

/* Finds resource [name] ("/java.base/java/lang/Object.class") of [img] into [*out]. */
cf_status cf_jimage_read(const cf_jimage *img, const char *name, cf_jimage_resource *out,
                         cf_error *err);

/* Finds class [name] (java/util/HashMap) in whichever module the image maps its package to;
 * CF_ERR_NOT_FOUND when absent, CF_ERR_IMAGE when the image is corrupt. */
cf_status cf_jimage_read_class(const cf_jimage *img, const char *name, cf_jimage_resource *out,
                               cf_error *err);

/* Calls [visit] with the binary name of every class of every module of [img] (module-info
 * excluded), in table order; stops when [visit] returns false. Fails on a corrupt location. */
cf_status cf_jimage_each_class(const cf_jimage *img, bool (*visit)(const char *name, void *ctx),
                               void *ctx, cf_error *err);

/* Unmaps and frees [img]; NULL is ignored. */
void cf_jimage_close(cf_jimage *img);

/* ---- Finding the JDK --------------------------------------------------------------------------
 */

/* An installed JDK: its home, its run-time image and its version. */
typedef struct cf_jdk {
    char home[4096];    /* the real path of the JDK's directory */
    char modules[4112]; /* home + "/lib/modules" */
    char version[64];   /* JAVA_VERSION of home/release ("17.0.15"), "" when unknown */
} cf_jdk;

/* Finds the JDK in [dir] when not NULL, else in $JAVA_HOME, else from the real path of the
 * javac, then the java, on $PATH; fills [out], or fails with one line naming what was tried. */
cf_status cf_jdk_find(const char *dir, cf_jdk *out, cf_error *err);

#endif
