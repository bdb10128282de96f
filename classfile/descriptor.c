/* Descriptors (JVMS 4.3), names (JVMS 4.2) and modified UTF-8 (JVMS 4.4.7). */
#include <string.h>

#include "internal.h"

static bool is_continuation(uint8_t b)
{
    return (b & 0xC0) == 0x80;
}

bool cf_valid_modified_utf8(const uint8_t *bytes, size_t len)
{
    size_t i = 0;
    while (i < len) {
        uint8_t b = bytes[i];
        if (b == 0 || b >= 0xF0) return false;
        if (b < 0x80) {
            i++;
        } else if ((b & 0xE0) == 0xC0) {
            if (i + 1 >= len || !is_continuation(bytes[i + 1])) return false;
            i += 2;
        } else if ((b & 0xF0) == 0xE0) {
            if (i + 2 >= len || !is_continuation(bytes[i + 1]) || !is_continuation(bytes[i + 2]))
                return false;
            i += 3;
        } else {
            return false; /* a continuation byte where a character must start */
        }
    }
    return true;
}

size_t cf_utf8_to_utf16(const char *chars, size_t len, uint16_t *out, size_t cap)
{
    const uint8_t *b = (const uint8_t *)chars;
    size_t n = 0;
    for (size_t i = 0; i < len && n < cap;) {
        uint16_t unit;
        if (b[i] < 0x80) {
            unit = b[i];
            i += 1;
        } else if ((b[i] & 0xE0) == 0xC0 && i + 1 < len) {
            unit = (uint16_t)(((b[i] & 0x1F) << 6) | (b[i + 1] & 0x3F));
            i += 2;
        } else if (i + 2 < len) {
            unit = (uint16_t)(((b[i] & 0x0F) << 12) | ((b[i + 1] & 0x3F) << 6) | (b[i + 2] & 0x3F));
            i += 3;
        } else {
            break;
        }
        out[n++] = unit;
    }
    return n;
}

int cf_type_slots(char kind)
{
    return kind == 'J' || kind == 'D' ? 2 : kind == 'V' ? 0 : 1;
}

static bool is_primitive(char c)
{
    return c && strchr("BCDFIJSZ", c) != NULL;
}

/* Checks a binary class name of [len] bytes: non-empty '/'-separated segments without . ; [ */
static bool valid_binary_name(const char *name, size_t len)
{
    if (len == 0 || len > UINT16_MAX) return false;
    bool segment_empty = true;
    for (size_t i = 0; i < len; i++) {
        char c = name[i];
        if (c == '.' || c == ';' || c == '[') return false;
        if (c == '/') {
            if (segment_empty) return false;
            segment_empty = true;
        } else {
            segment_empty = false;
        }
    }
    return !segment_empty;
}

bool cf_parse_field_type(const char *desc, size_t len, cf_type *out, size_t *used)
{
    memset(out, 0, sizeof *out);
    size_t i = 0;
    while (i < len && desc[i] == '[') i++;
    if (i > 255 || i >= len) return false;
    out->dimensions = (uint8_t)i;
    char c = desc[i];
    if (is_primitive(c)) {
        i++;
    } else if (c == 'L') {
        const char *semi = memchr(desc + i, ';', len - i);
        if (!semi || !valid_binary_name(desc + i + 1, (size_t)(semi - desc) - i - 1)) return false;
        out->class_name = desc + i + 1;
        out->class_name_length = (uint16_t)(semi - out->class_name);
        i = (size_t)(semi - desc) + 1;
    } else {
        return false;
    }
    out->element_kind = c;
    out->kind = out->dimensions ? '[' : c;
    out->text = desc;
    out->text_length = (uint16_t)i;
    *used = i;
    return true;
}

bool cf_valid_field_descriptor(const char *desc)
{
    cf_type t;
    size_t used, len = strlen(desc);
    return cf_parse_field_type(desc, len, &t, &used) && used == len;
}

size_t cf_field_type_length(const char *type)
{
    cf_type t;
    size_t used;
    return cf_parse_field_type(type, strlen(type), &t, &used) ? used : 0;
}

bool cf_params_begin(cf_param_iter *it, const char *desc)
{
    it->desc = desc;
    it->len = strlen(desc);
    it->pos = 1;
    it->bad = it->len < 3 || desc[0] != '(';
    if (it->bad) it->pos = it->len;
    return !it->bad;
}

bool cf_params_next(cf_param_iter *it, cf_type *out)
{
    if (it->pos >= it->len || it->desc[it->pos] == ')') return false;
    size_t used;
    if (!cf_parse_field_type(it->desc + it->pos, it->len - it->pos, out, &used)) {
        it->bad = true;
        it->pos = it->len;
        return false;
    }
    it->pos += used;
    return true;
}

const char *cf_params_return(const cf_param_iter *it)
{
    return it->bad || it->pos >= it->len ? NULL : it->desc + it->pos + 1;
}

const char *cf_return_type(const char *desc)
{
    cf_param_iter it;
    cf_type t;
    cf_params_begin(&it, desc);
    while (cf_params_next(&it, &t)) continue;
    return cf_params_return(&it);
}

bool cf_parse_method_descriptor(const char *desc, cf_method_type *out)
{
    cf_param_iter it;
    cf_type t;
    size_t used;
    out->param_count = 0;
    out->param_slots = 0;
    if (!cf_params_begin(&it, desc)) return false;
    while (cf_params_next(&it, &t)) {
        int slots = cf_type_slots(t.kind);
        if (out->param_slots + slots > 255) return false;
        out->params[out->param_count++] = t;
        out->param_slots = (uint16_t)(out->param_slots + slots);
    }
    const char *ret = cf_params_return(&it);
    if (!ret) return false;
    size_t len = it.len, i = (size_t)(ret - desc);
    if (desc[i] == 'V' && i + 1 == len) {
        memset(&out->ret, 0, sizeof out->ret);
        out->ret.kind = 'V';
        out->ret.text = desc + i;
        out->ret.text_length = 1;
        return true;
    }
    return cf_parse_field_type(desc + i, len - i, &out->ret, &used) && i + used == len;
}

bool cf_valid_class_name(const char *name)
{
    if (name[0] == '[') return cf_valid_field_descriptor(name);
    return valid_binary_name(name, strlen(name));
}

bool cf_valid_member_name(const char *name, bool is_method)
{
    if (!name[0]) return false;
    if (is_method && (!strcmp(name, "<init>") || !strcmp(name, "<clinit>"))) return true;
    for (const char *c = name; *c; c++) {
        if (*c == '.' || *c == ';' || *c == '[' || *c == '/') return false;
        if (is_method && (*c == '<' || *c == '>')) return false;
    }
    return true;
}
