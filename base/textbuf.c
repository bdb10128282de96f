/* The bounded text writer (base.h): snprintf's cut-and-count rule over several appends. */
#include <stdarg.h>
#include <stdio.h>

#include "base.h"

base_textbuf base_textbuf_make(char *buf, size_t size)
{
    base_textbuf out = {buf, size, 0};
    if (buf && size) buf[0] = '\0';
    return out;
}

void base_textbuf_printf(base_textbuf *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = out->len < out->size ? out->size - out->len : 0;
    int n = vsnprintf(room ? out->buf + out->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0) out->len += (size_t)n;
}
