/* The bounded text writer (base.h): snprintf's cut-and-count rule over several appends, words
 * quoted for the shell; the edit distance of two short strings and the "did you mean" rule. */
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

void base_textbuf_shell_word(base_textbuf *out, const char *word)
{
    size_t plain = strspn(word, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                "0123456789_./:,=@+-");
    if (*word && !word[plain]) {
        base_textbuf_printf(out, "%s", word);
        return;
    }
    base_textbuf_printf(out, "'");
    for (const char *p = word; *p; p++)
        if (*p == '\'')
            base_textbuf_printf(out, "'\\''");
        else
            base_textbuf_printf(out, "%c", *p);
    base_textbuf_printf(out, "'");
}

base_near_miss base_near_miss_start(const char *word)
{
    return (base_near_miss){word, NULL, 3};
}

void base_near_miss_offer(base_near_miss *n, const char *name)
{
    size_t d = base_edit_distance(n->word, name);
    if (d < n->distance && d <= strlen(name) / 2) n->best = name, n->distance = d;
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
