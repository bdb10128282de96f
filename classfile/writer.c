/* The class-file writer (JVMS 4.1): a constant pool whose entries are shared by content, fields,
 * methods with one Code attribute each, and the code buffer their bodies are emitted into. The
 * lambda classes and the harness's client class are written with it; what they emit is theirs.
 * Entries keep the order in which they were first asked for, so the bytes depend only on the
 * order of the calls. */
#include <stdarg.h>
#include <string.h>

#include "internal.h"

enum { MAX_U2 = 0xFFFF, FIRST_CAP = 256 };

/* Appends [len] bytes at [src] to [b]; sets [w]->nomem when out of memory. */
static void append(cf_writer *w, cf_buf *b, const void *src, size_t len)
{
    if (b->len + len > b->cap) {
        size_t cap = b->cap ? b->cap : FIRST_CAP;
        while (cap < b->len + len) cap *= 2;
        uint8_t *grown = base_realloc(b->data, cap);
        if (!grown) {
            w->nomem = true;
            return;
        }
        b->data = grown;
        b->cap = cap;
    }
    if (len) memcpy(b->data + b->len, src, len);
    b->len += len;
}

static void put_u1(cf_writer *w, cf_buf *b, unsigned v)
{
    uint8_t byte = (uint8_t)v;
    append(w, b, &byte, 1);
}

static void put_u2(cf_writer *w, cf_buf *b, unsigned v)
{
    put_u1(w, b, v >> 8);
    put_u1(w, b, v & 0xff);
}

static void put_u4(cf_writer *w, cf_buf *b, uint32_t v)
{
    put_u2(w, b, v >> 16);
    put_u2(w, b, v & 0xffff);
}

void cf_code_u1(cf_writer *w, unsigned v)
{
    put_u1(w, &w->code, v);
}

void cf_code_u2(cf_writer *w, unsigned v)
{
    put_u2(w, &w->code, v);
}

void cf_code_u4(cf_writer *w, uint32_t v)
{
    put_u4(w, &w->code, v);
}

void cf_code_patch_u4(cf_writer *w, size_t at, uint32_t v)
{
    if (w->nomem || at + 4 > w->code.len) return;
    for (int i = 0; i < 4; i++) w->code.data[at + (size_t)i] = (uint8_t)(v >> (24 - 8 * i));
}

/* ---- The constant pool ----------------------------------------------------------------------- */

/* Returns the index of the entry known as [key]; [*fresh] tells whether the caller must write
 * it now (it takes [slots] indices). */
static uint16_t entry(cf_writer *w, const char *key, unsigned slots, bool *fresh)
{
    *fresh = false;
    for (size_t off = 0; off < w->keys.len;) {
        const char *k = (const char *)w->keys.data + off;
        uint16_t index;
        memcpy(&index, k, sizeof index);
        if (!strcmp(k + sizeof index, key)) return index;
        off += sizeof index + strlen(k + sizeof index) + 1;
    }
    if (w->pool_count == 0) w->pool_count = 1;
    uint16_t index = w->pool_count;
    if ((unsigned)w->pool_count + slots >= MAX_U2) w->too_big = true;
    w->pool_count = (uint16_t)(w->pool_count + slots);
    size_t keys_len = w->keys.len;
    append(w, &w->keys, &index, sizeof index);
    append(w, &w->keys, key, strlen(key) + 1);
    if (w->nomem) w->keys.len = keys_len; /* an index without its key would be read past */
    *fresh = true;
    return index;
}

/* Returns the index of the entry whose key [fmt] formats (as printf); see entry. */
static uint16_t shared(cf_writer *w, unsigned slots, bool *fresh, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char small[256], *key = n >= 0 && (size_t)n < sizeof small ? small : base_malloc((size_t)n + 1);
    *fresh = false;
    if (n < 0 || !key) {
        w->nomem = true;
        return 0;
    }
    va_start(ap, fmt);
    vsnprintf(key, (size_t)n + 1, fmt, ap);
    va_end(ap);
    uint16_t index = entry(w, key, slots, fresh);
    if (key != small) base_free(key);
    return index;
}

uint16_t cf_pool_utf8(cf_writer *w, const char *s)
{
    bool fresh;
    uint16_t i = shared(w, 1, &fresh, "U:%s", s);
    if (fresh) {
        size_t n = strlen(s);
        if (n > MAX_U2) w->too_big = true;
        put_u1(w, &w->pool, CF_TAG_UTF8);
        put_u2(w, &w->pool, (unsigned)n);
        append(w, &w->pool, s, n);
    }
    return i;
}

/* Returns the index of a constant of [tag] (Class or String) naming Utf8 [text], adding it when
 * new; [key] tells the two kinds apart in the sharing table. */
static uint16_t pool_named(cf_writer *w, uint8_t tag, char key, const char *text)
{
    bool fresh;
    uint16_t n = cf_pool_utf8(w, text);
    uint16_t i = shared(w, 1, &fresh, "%c:%s", key, text);
    if (fresh) {
        put_u1(w, &w->pool, tag);
        put_u2(w, &w->pool, n);
    }
    return i;
}

uint16_t cf_pool_class(cf_writer *w, const char *name)
{
    return pool_named(w, CF_TAG_CLASS, 'C', name);
}

uint16_t cf_pool_string(cf_writer *w, const char *text)
{
    return pool_named(w, CF_TAG_STRING, 'S', text);
}

uint16_t cf_pool_ref(cf_writer *w, uint8_t tag, const char *owner, const char *name,
                     const char *desc)
{
    bool fresh;
    uint16_t c = cf_pool_class(w, owner), n = cf_pool_utf8(w, name), d = cf_pool_utf8(w, desc);
    uint16_t nat = shared(w, 1, &fresh, "N:%s:%s", name, desc);
    if (fresh) {
        put_u1(w, &w->pool, CF_TAG_NAME_AND_TYPE);
        put_u2(w, &w->pool, n);
        put_u2(w, &w->pool, d);
    }
    uint16_t i = shared(w, 1, &fresh, "%u:%s.%s:%s", tag, owner, name, desc);
    if (fresh) {
        put_u1(w, &w->pool, tag);
        put_u2(w, &w->pool, c);
        put_u2(w, &w->pool, nat);
    }
    return i;
}

uint16_t cf_pool_integer(cf_writer *w, int32_t v)
{
    bool fresh;
    uint16_t i = shared(w, 1, &fresh, "%u:%ld", CF_TAG_INTEGER, (long)v);
    if (fresh) {
        put_u1(w, &w->pool, CF_TAG_INTEGER);
        put_u4(w, &w->pool, (uint32_t)v);
    }
    return i;
}

uint16_t cf_pool_long(cf_writer *w, int64_t v)
{
    bool fresh;
    uint16_t i = shared(w, 2, &fresh, "%u:%lld", CF_TAG_LONG, (long long)v);
    if (fresh) {
        put_u1(w, &w->pool, CF_TAG_LONG);
        put_u4(w, &w->pool, (uint32_t)((uint64_t)v >> 32));
        put_u4(w, &w->pool, (uint32_t)v);
    }
    return i;
}

/* ---- Members and the class file -------------------------------------------------------------- */

void cf_writer_field(cf_writer *w, unsigned access, const char *name, const char *desc)
{
    put_u2(w, &w->fields, access);
    put_u2(w, &w->fields, cf_pool_utf8(w, name));
    put_u2(w, &w->fields, cf_pool_utf8(w, desc));
    put_u2(w, &w->fields, 0);
    if (w->field_count++ == MAX_U2) w->too_big = true;
}

void cf_writer_method(cf_writer *w, unsigned access, const char *name, const char *desc,
                      const cf_code_shape *shape)
{
    cf_buf *b = &w->methods;
    bool handler = shape->catch_class != NULL;
    if (w->code.len > MAX_U2) w->too_big = true;
    put_u2(w, b, access);
    put_u2(w, b, cf_pool_utf8(w, name));
    put_u2(w, b, cf_pool_utf8(w, desc));
    put_u2(w, b, 1);
    put_u2(w, b, cf_pool_utf8(w, "Code"));
    put_u4(w, b, (uint32_t)(12 + w->code.len + (handler ? 8 : 0)));
    put_u2(w, b, shape->max_stack);
    put_u2(w, b, shape->max_locals);
    put_u4(w, b, (uint32_t)w->code.len);
    append(w, b, w->code.data, w->code.len);
    put_u2(w, b, handler ? 1 : 0);
    if (handler) {
        put_u2(w, b, shape->from);
        put_u2(w, b, shape->to);
        put_u2(w, b, shape->handler);
        put_u2(w, b, cf_pool_class(w, shape->catch_class));
    }
    put_u2(w, b, 0);
    w->code.len = 0;
    if (w->method_count++ == MAX_U2) w->too_big = true;
}

bool cf_writer_finish(cf_writer *w, const cf_class_head *head, uint8_t **out, size_t *len)
{
    cf_buf f = {0};
    put_u4(w, &f, 0xCAFEBABE);
    put_u2(w, &f, 0);
    put_u2(w, &f, 52);
    put_u2(w, &f, w->pool_count);
    append(w, &f, w->pool.data, w->pool.len);
    put_u2(w, &f, head->access);
    put_u2(w, &f, head->this_class);
    put_u2(w, &f, head->super_class);
    put_u2(w, &f, (unsigned)head->interface_count);
    for (size_t i = 0; i < head->interface_count; i++) put_u2(w, &f, head->interfaces[i]);
    put_u2(w, &f, w->field_count);
    append(w, &f, w->fields.data, w->fields.len);
    put_u2(w, &f, w->method_count);
    append(w, &f, w->methods.data, w->methods.len);
    put_u2(w, &f, 0); /* attributes */
    if (w->nomem || w->too_big || head->interface_count > MAX_U2) {
        base_free(f.data);
        return false;
    }
    *out = f.data;
    *len = f.len;
    return true;
}

void cf_writer_free(cf_writer *w)
{
    base_free(w->pool.data);
    base_free(w->keys.data);
    base_free(w->fields.data);
    base_free(w->methods.data);
    base_free(w->code.data);
    memset(w, 0, sizeof *w);
}
