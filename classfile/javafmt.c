/* javap's textual forms of names and String constants. */
#include <string.h>

#include "internal.h"

/* Java's Character.isJavaIdentifierStart/Part for ASCII; other characters count as letters. */
static bool identifier_char(unsigned char c, bool start)
{
    if (c >= 0x80) return true;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '$' || c == '_') return true;
    return !start && c >= '0' && c <= '9';
}

void cf_print_checked_name(FILE *out, const char *name)
{
    bool plain = name[0] != '\0';
    char prev = '/';
    for (const unsigned char *c = (const unsigned char *)name; *c && plain; c++) {
        if ((prev == '/' && !identifier_char(*c, true)) ||
            (*c != '/' && !identifier_char(*c, false)))
            plain = false;
        prev = (char)*c;
    }
    if (plain) {
        fputs(name, out);
        return;
    }
    fputc('"', out);
    for (const char *c = name; *c; c++) {
        if (*c == '\\' || *c == '"') fputc('\\', out);
        if (*c == '\n' || *c == '\t')
            fputs(*c == '\n' ? "\\n" : "\\t", out);
        else
            fputc(*c, out);
    }
    fputc('"', out);
}

/* Writes one UTF-16 code point [cp] as standard UTF-8. */
static void put_utf8(FILE *out, uint32_t cp)
{
    if (cp < 0x80) {
        fputc((int)cp, out);
    } else if (cp < 0x800) {
        fputc((int)(0xC0 | (cp >> 6)), out);
        fputc((int)(0x80 | (cp & 0x3F)), out);
    } else if (cp < 0x10000) {
        fputc((int)(0xE0 | (cp >> 12)), out);
        fputc((int)(0x80 | ((cp >> 6) & 0x3F)), out);
        fputc((int)(0x80 | (cp & 0x3F)), out);
    } else {
        fputc((int)(0xF0 | (cp >> 18)), out);
        fputc((int)(0x80 | ((cp >> 12) & 0x3F)), out);
        fputc((int)(0x80 | ((cp >> 6) & 0x3F)), out);
        fputc((int)(0x80 | (cp & 0x3F)), out);
    }
}

/* The escape javap writes for UTF-16 unit [cp] of a String constant, or NULL. */
static const char *string_escape(uint32_t cp, char *buf, size_t cap)
{
    switch (cp) {
    case '\t':
        return "\\t";
    case '\n':
        return "\\n";
    case '\r':
        return "\\r";
    case '\b':
        return "\\b";
    case '\f':
        return "\\f";
    case '"':
        return "\\\"";
    case '\'':
        return "\\'";
    case '\\':
        return "\\\\";
    default:
        if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)) { /* Character.isISOControl */
            snprintf(buf, cap, "\\u%04x", cp);
            return buf;
        }
        return NULL;
    }
}

void cf_print_string_constant(FILE *out, const char *chars, size_t len)
{
    uint16_t *units = base_malloc(sizeof *units * (len + 1));
    if (!units) {
        fputs("<out of memory>", out);
        return;
    }
    size_t n = cf_utf8_to_utf16(chars, len, units, len + 1);
    char buf[8];
    for (size_t i = 0; i < n; i++) {
        uint32_t cp = units[i];
        bool pair = cp >= 0xD800 && cp < 0xDC00 && i + 1 < n && units[i + 1] >= 0xDC00 &&
                    units[i + 1] < 0xE000;
        if (pair) cp = 0x10000 + ((cp - 0xD800) << 10) + (units[++i] - 0xDC00u);
        const char *esc = string_escape(cp, buf, sizeof buf);
        if (esc)
            fputs(esc, out);
        else
            put_utf8(out, cp);
    }
    base_free(units);
}
