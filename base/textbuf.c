/* The bounded text writer (base.h): snprintf's cut-and-count rule over several appends; and the
 * edit distance of two short strings. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

size_t base_edit_distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b), d[64][64];
    if (n > 63 || m > 63) return 99;
    for (size_t i = 0; i <= n; i++)
        for (size_t j = 0; j <= m; j++) {
            if (!i || !j) {
                d[i][j] = i + j;
                continue;
            }
            size_t cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            size_t best = d[i - 1][j - 1] + cost;
            if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[n][m];
}
