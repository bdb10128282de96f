/* clients: status names and error messages. */
#include <stdio.h>

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

client_status client_fail(client_error *err, client_status status, const char *fmt, ...)
{
    if (err) {
        err->status = status;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return status;
}

text_out text_out_make(char *buf, size_t size)
{
    text_out out = {buf, size, 0};
    if (buf && size) buf[0] = '\0';
    return out;
}

void text_printf(text_out *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = out->len < out->size ? out->size - out->len : 0;
    int n = vsnprintf(room ? out->buf + out->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0) out->len += (size_t)n;
}

client_status read_text_file(const char *path, char **text, client_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) return client_fail(err, CLIENT_ERR_IO, "%s: cannot open file", path);
    size_t cap = 4096, len = 0;
    char *buf = base_malloc(cap);
    while (buf) {
        len += fread(buf + len, 1, cap - len - 1, f);
        if (len < cap - 1) break;
        char *bigger = cap < ((size_t)64 << 20) ? base_realloc(buf, cap * 2) : NULL;
        if (!bigger) {
            base_free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    bool failed = buf && ferror(f);
    fclose(f);
    if (!buf) return client_fail(err, CLIENT_ERR_NOMEM, "%s: out of memory reading the file", path);
    if (failed) {
        base_free(buf);
        return client_fail(err, CLIENT_ERR_IO, "%s: cannot read file", path);
    }
    buf[len] = '\0';
    *text = buf;
    return CLIENT_OK;
}
