/* Java's textual forms of constants: Double.toString/Float.toString layout and javap's quoting. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Finds the fewest significant digits that read back as [v]; fills [digits] and the decimal
 * exponent of the first digit in [exp10]. */
static void shortest_digits(double v, bool is_float, char *digits, int *exp10)
{
    char buf[40];
    for (int precision = 1; precision <= 17; precision++) {
        snprintf(buf, sizeof buf, "%.*e", precision - 1, v);
        bool same = is_float ? strtof(buf, NULL) == (float)v : strtod(buf, NULL) == v;
        if (same) break;
    }
    /* buf is "d.ddde[+-]xx" or "de[+-]xx" */
    size_t n = 0;
    const char *c = buf;
    for (; *c && *c != 'e'; c++)
        if (*c != '.') digits[n++] = *c;
    while (n > 1 && digits[n - 1] == '0') n--;
    digits[n] = '\0';
    *exp10 = atoi(c + 1);
}

/* Lays out [digits] (first digit at power [e]) as plain decimal, with at least one fraction digit. */
static void plain_layout(char *out, size_t cap, const char *digits, int e)
{
    size_t n = strlen(digits), used = 0;
    if (e < 0) {
        used += (size_t)snprintf(out + used, cap - used, "0.");
        for (int z = -1; z > e && used < cap; z--) out[used++] = '0';
        snprintf(out + used, cap - used, "%s", digits);
        return;
    }
    for (int i = 0; i <= e; i++)
        if (used + 1 < cap) out[used++] = (size_t)i < n ? digits[i] : '0';
    if (used + 1 < cap) out[used++] = '.';
    out[used] = '\0';
    snprintf(out + used, cap - used, "%s", (size_t)e + 1 < n ? digits + e + 1 : "0");
}

void cf_format_java_double(char *out, size_t cap, double v, bool is_float)
{
    if (isnan(v)) {
        snprintf(out, cap, "NaN");
        return;
    }
    if (isinf(v)) {
        snprintf(out, cap, "%sInfinity", v < 0 ? "-" : "");
        return;
    }
    const char *sign = signbit(v) ? "-" : "";
    if (v == 0) {
        snprintf(out, cap, "%s0.0", sign);
        return;
    }
    char digits[32];
    int e;
    shortest_digits(fabs(v), is_float, digits, &e);
    size_t used = (size_t)snprintf(out, cap, "%s", sign);
    if (e >= -3 && e < 7) {
        plain_layout(out + used, cap - used, digits, e);
        return;
    }
    if (!digits[1]) {
        /* Java shows at least one fraction digit; it is the correctly rounded second digit */
        char buf[40];
        snprintf(buf, sizeof buf, "%.1e", fabs(v));
        digits[0] = buf[0];
        digits[1] = buf[2];
        digits[2] = '\0';
        e = atoi(buf + 4);
    }
    snprintf(out + used, cap - used, "%c.%sE%d", digits[0], digits + 1, e);
}

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
        if ((prev == '/' && !identifier_char(*c, true)) || (*c != '/' && !identifier_char(*c, false)))
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
    case '\t': return "\\t";
    case '\n': return "\\n";
    case '\r': return "\\r";
    case '\b': return "\\b";
    case '\f': return "\\f";
    case '"': return "\\\"";
    case '\'': return "\\'";
    case '\\': return "\\\\";
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
