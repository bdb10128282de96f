/* Private to classfile/: the bounds-checked reader and the helpers the parsing phases share. */
#ifndef PORCHECK_CLASSFILE_INTERNAL_H
#define PORCHECK_CLASSFILE_INTERNAL_H

#include "classfile.h"

/* A window of input bytes being parsed, with where to report errors. */
typedef struct cf_parser {
    const uint8_t *data;     /* the window */
    size_t len;              /* bytes in the window */
    size_t pos;              /* next byte to read, relative to [data] */
    size_t base;             /* file offset of data[0], for messages */
    cf_status overrun;       /* status of reading past the window (TRUNCATED or ATTRIBUTE) */
    cf_class *cls;           /* the class being built */
    cf_error *err;           /* where failures go */
    const cf_member *member; /* the member being read (named in messages), else NULL */
    bool member_is_method;   /* [member] is a method, not a field */
} cf_parser;

/* Records failure [status] at the current offset with a printf-style message; returns false. */
bool cf_parser_fail(cf_parser *p, cf_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Records the error of reading [n] bytes past the end of the window; returns false. */
bool cf_parser_overrun(cf_parser *p, size_t n);

/* Reads a big-endian signed 32-bit value at [b]. */
static inline int32_t cf_get_s4(const uint8_t *b)
{
    return (int32_t)((uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3]);
}

/* Reads a big-endian unsigned 16-bit value at [b]. */
static inline uint16_t cf_get_u2(const uint8_t *b)
{
    return (uint16_t)(b[0] << 8 | b[1]);
}

/* True when the window has [n] more bytes; else an error (a call, as it is rare). The readers
 * below are inline: a class's parse reads thousands of them. */
static inline bool cf_parser_has(cf_parser *p, size_t n)
{
    return p->len - p->pos >= n || cf_parser_overrun(p, n);
}

/* Reads an unsigned byte into [out]; false (and an error) past the end of the window. */
static inline bool cf_read_u1(cf_parser *p, uint8_t *out)
{
    if (!cf_parser_has(p, 1)) return false;
    *out = p->data[p->pos++];
    return true;
}

/* Reads a big-endian u2 into [out]. */
static inline bool cf_read_u2(cf_parser *p, uint16_t *out)
{
    if (!cf_parser_has(p, 2)) return false;
    *out = cf_get_u2(p->data + p->pos);
    p->pos += 2;
    return true;
}

/* Reads a big-endian u4 into [out]. */
static inline bool cf_read_u4(cf_parser *p, uint32_t *out)
{
    if (!cf_parser_has(p, 4)) return false;
    *out = (uint32_t)cf_get_s4(p->data + p->pos);
    p->pos += 4;
    return true;
}

/* Points [out] at the next [n] bytes and skips them. */
static inline bool cf_read_bytes(cf_parser *p, size_t n, const uint8_t **out)
{
    if (!cf_parser_has(p, n)) return false;
    *out = p->data + p->pos;
    p->pos += n;
    return true;
}

/* Allocates [size] zeroed bytes from the class arena; an error on failure. */
void *cf_parser_alloc(cf_parser *p, size_t size);

/* Checks that [index] names a constant whose tag is in [tag_mask] (bits 1 << tag); [what]
 * describes the use for the message. */
bool cf_expect_constant(cf_parser *p, uint16_t index, uint32_t tag_mask, const char *what);

/* Returns the bit of [tag] for a tag mask. */
#define CF_TAG_BIT(tag) (UINT32_C(1) << (tag))

/* Returns a short name of constant-pool [tag] ("Utf8", "Class", ...). */
const char *cf_tag_name(uint8_t tag);

/* Reads and validates the constant pool at the parser's position into the class. */
bool cf_parse_constant_pool(cf_parser *p);

/* Validates the constant pool's cross-references and the bootstrap indices of Dynamic entries. */
bool cf_check_bootstrap_indices(cf_parser *p);

/* Reads [count] attributes of a class. */
bool cf_parse_class_attributes(cf_parser *p);

/* Reads the attributes of field [field]. */
bool cf_parse_field_attributes(cf_parser *p, cf_member *field);

/* Reads the attributes of method [method], including and checking its Code. */
bool cf_parse_method_attributes(cf_parser *p, cf_member *method);

/* Checks the bytecode, exception table and debug tables of [code]. */
bool cf_check_code(cf_parser *p, const cf_code *code);

/* Validates modified UTF-8 [bytes] of [len]; false when malformed. */
bool cf_valid_modified_utf8(const uint8_t *bytes, size_t len);

/* Computes the length of the instruction at [pc] in [code] of [len] bytes; false when the
 * opcode is invalid or the instruction overruns the code. */
bool cf_measure_instruction(const uint8_t *code, uint32_t len, uint32_t pc, uint32_t *out);

/* The spans of a method signature, in signature order. */
typedef struct cf_method_signature {
    const char *type_params, *type_params_end; /* "<...>" or empty */
    const char *params, *params_end;           /* between the parentheses */
    const char *result;                        /* the result type */
    const char *throws;                        /* "^..." up to the end, or empty */
    bool descriptor;                           /* split from a method descriptor */
} cf_method_signature;

/* Prints class signature [sig] as javap does after the class name; false when malformed. */
bool cf_print_class_signature(FILE *out, const char *sig, bool interface);

/* Prints the type parameters at the start of checked signature [sig] ("<T extends ...>"). */
void cf_print_type_parameters(FILE *out, const char *sig);

/* Prints field signature (or, when [descriptor], field descriptor) [sig] as a Java type; false
 * when malformed. */
bool cf_print_type_signature(FILE *out, const char *sig, bool descriptor);

/* Splits method signature (or, when [descriptor], method descriptor) [sig] into [parts]; false
 * when malformed. A descriptor that cf_parse accepted always splits. */
bool cf_split_method_signature(const char *sig, bool descriptor, cf_method_signature *parts);

/* Prints the types between [from] and [to] of split signature [sig], [separator] between them. */
void cf_print_signature_span(FILE *out, const cf_method_signature *sig, const char *from,
                             const char *to, const char *separator);

/* ---- The process's jars (jarcache.c) -------------------------------------------------------- */

/* A jar file's identity, size and times: another value means another jar (changed on disk). */
typedef struct cf_jar_id {
    uint64_t dev, ino;
    int64_t size, mtime_sec, mtime_nsec, ctime_sec, ctime_nsec;
} cf_jar_id;

struct stat;

/* The identity of the file [st] describes. */
cf_jar_id cf_jar_id_of(const struct stat *st);

/* True when [a] and [b] describe one unchanged file. */
bool cf_jar_same(const cf_jar_id *a, const cf_jar_id *b);

/* True when jar [id] passed libzip's consistency check in this process. */
bool cf_jar_checked(const cf_jar_id *id);

/* Records that jar [id] passed the consistency check, or that image [id] was opened (their
 * class files may be kept from then). */
void cf_jar_note_checked(const cf_jar_id *id);

struct zip;

/* Reads entry [entry] of open jar [zip] at [path] into a new base_malloc'd [*data] of [*len]
 * bytes, its CRC checked; CF_ERR_NOT_FOUND when the jar has no such entry. */
cf_status cf_zip_read(struct zip *zip, const char *path, const char *entry, uint8_t **data,
                      size_t *len, cf_error *err);

/* Gives open jar [zip] to checked jar [id]'s record as the handle every VM instance reads it
 * through (the record closes it); false, leaving [zip] to the caller, when [id] has no record
 * or already has a handle. */
bool cf_jar_adopt(const cf_jar_id *id, struct zip *zip);

/* True when checked jar [id] has a handle every VM instance can read it through. */
bool cf_jar_shared(const cf_jar_id *id);

/* Reads class file [entry] of checked jar [id] at [path] through the shared handle (as
 * cf_zip_read, under the cache's lock) into [*data] and [*len], and sets [*status]; false, with
 * nothing done, when [id] has no shared handle (its record was replaced). */
bool cf_jar_read_shared(const cf_jar_id *id, const char *path, const char *entry, uint8_t **data,
                        size_t *len, cf_error *err, cf_status *status);

/* Copies class file [entry] of checked jar [id], when a VM instance read it before, into a new
 * base_malloc'd [*data] of [*len] bytes; false when it is not kept. */
bool cf_jar_cached_class(const cf_jar_id *id, const char *entry, uint8_t **data, size_t *len);

/* Keeps a copy of class file [entry] ([data], [len] bytes, CRC checked) of checked jar [id] for
 * the other VM instances; does nothing when [id] is not checked or memory is short. */
void cf_jar_cache_class(const cf_jar_id *id, const char *entry, const uint8_t *data, size_t len);

/* Returns class file [entry] of jar or image [id] as parsed for an earlier VM instance, with a
 * new hold on it (cf_class_free lets go); NULL when none was kept. */
cf_class *cf_jar_cached_parse(const cf_jar_id *id, const char *entry);

/* Keeps a hold on [cls], parsed from class file [entry] of jar or image [id], for the other VM
 * instances; does nothing when [id] has no record, one is kept already or memory is short. */
void cf_jar_cache_parse(const cf_jar_id *id, const char *entry, cf_class *cls);

#endif
