/* clients: status names and error messages. */
#include <stdio.h>
#include <string.h>

#include "internal.h"

const char *client_status_name(client_status status)
{
    static const char *const names[] = {
        "CLIENT_OK",          "CLIENT_ERR_NOMEM",  "CLIENT_ERR_IO",          "CLIENT_ERR_JSON",
        "CLIENT_ERR_SPEC",    "CLIENT_ERR_SYNTAX", "CLIENT_ERR_METHOD",      "CLIENT_ERR_TYPE",
        "CLIENT_ERR_LIMIT",   "CLIENT_ERR_ARG",    "CLIENT_ERR_UNSUPPORTED", "CLIENT_ERR_OBJECT",
        "CLIENT_ERR_BLOCKED",
    };
    if ((size_t)status < sizeof names / sizeof names[0]) return names[status];
    return "CLIENT_ERR_?";
}

/* Copies [text] into [out] of [size] bytes with every control byte written as an escape (\n,
 * \t, \r, \xNN), so a message quoting a spec's string (a JSON "\n") stays one line. */
static void escape_controls(const char *text, char *out, size_t size)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p && n + 5 < size; p++) {
        if (*p >= 0x20 && *p != 0x7F)
            out[n++] = (char)*p;
        else if (*p == '\n' || *p == '\t' || *p == '\r')
            n += (size_t)snprintf(out + n, size - n, "\\%c",
                                  *p == '\n'   ? 'n'
                                  : *p == '\t' ? 't'
                                               : 'r');
        else
            n += (size_t)snprintf(out + n, size - n, "\\x%02x", *p);
    }
    out[n] = '\0';
}

client_status client_fail(client_error *err, client_status status, const char *fmt, ...)
{
    if (err) {
        char raw[sizeof err->message];
        err->status = status;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(raw, sizeof raw, fmt, ap);
        va_end(ap);
        escape_controls(raw, err->message, sizeof err->message);
    }
    return status;
}

const char *client_input_name(const char *path)
{
    return strcmp(path, "-") ? path : "<stdin>";
}

client_status client_read_input_file(const char *path, char **text, size_t *len, client_error *err)
{
    base_read_status s = strcmp(path, "-") ? base_read_file(path, CLIENT_MAX_FILE, text, len)
                                           : base_read_stream(0, CLIENT_MAX_FILE, text, len);
    if (s == BASE_READ_OK) return CLIENT_OK;
    char why[128];
    base_read_describe(s, CLIENT_MAX_FILE, why, sizeof why);
    return client_fail(err, s == BASE_READ_NOMEM ? CLIENT_ERR_NOMEM : CLIENT_ERR_IO, "%s: %s",
                       client_input_name(path), why);
}

client_status client_text_check(const char *origin, const char *text, size_t len, client_error *err)
{
    base_text_pos pos;
    if (!base_text_bad_byte(text, len, &pos)) return CLIENT_OK;
    char what[32];
    base_text_describe(pos.byte, what, sizeof what);
    return client_fail(err, CLIENT_ERR_SYNTAX, "%s:%zu:%zu: %s (not allowed in a text file)",
                       origin, pos.line, pos.column, what);
}

client_status client_read_text_file(const char *path, char **text, client_error *err)
{
    size_t len;
    client_status s = client_read_input_file(path, text, &len, err);
    if (s == CLIENT_OK &&
        (s = client_text_check(client_input_name(path), *text, len, err)) != CLIENT_OK) {
        base_free(*text);
        *text = NULL;
    }
    return s;
}
