/* clients: clients files, one client per line; blank lines and '#' comments are ignored. */
#include <string.h>

#include "internal.h"

/* Appends [c] from [line] to [list]. */
static bool list_push(client_list *list, client *c, size_t line)
{
    client **items = base_realloc(list->items, (list->count + 1) * sizeof *items);
    if (!items) return false;
    list->items = items;
    size_t *lines = base_realloc(list->lines, (list->count + 1) * sizeof *lines);
    if (!lines) return false;
    list->lines = lines;
    items[list->count] = c;
    lines[list->count++] = line;
    return true;
}

/* True when [s] holds only blanks. */
static bool blank(const char *s)
{
    for (; *s; s++)
        if (*s != ' ' && *s != '\t' && *s != '\r') return false;
    return true;
}

/* Parses one line (comment stripped) of [len] bytes at [start] as line [lineno]. */
static client_status parse_line(const client_spec *spec, const char *start, size_t len,
                                const client_source *src, client_list *out, client_error *err)
{
    const char *hash = memchr(start, '#', len);
    if (hash) len = (size_t)(hash - start);
    char *line = base_malloc(len + 1);
    if (!line)
        return client_fail(err, CLIENT_ERR_NOMEM, "%s:%zu: out of memory", src->origin, src->line);
    memcpy(line, start, len);
    line[len] = '\0';
    client_status s = CLIENT_OK;
    if (!blank(line)) {
        client *c;
        s = client_parse(spec, line, src, &c, err);
        if (!s && !list_push(out, c, src->line)) {
            client_free(c);
            s = client_fail(err, CLIENT_ERR_NOMEM, "%s:%zu: out of memory", src->origin, src->line);
        }
    }
    base_free(line);
    return s;
}

client_status client_list_parse(const client_spec *spec, const char *text, const char *origin,
                                client_list *out, client_error *err)
{
    memset(out, 0, sizeof *out);
    client_source src = {origin, 1};
    for (const char *p = text; *p; src.line++) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        client_status s = parse_line(spec, p, len, &src, out, err);
        if (s) {
            client_list_free(out);
            return s;
        }
        p += len + (nl ? 1 : 0);
    }
    return CLIENT_OK;
}

client_status client_list_load(const client_spec *spec, const char *path, client_list *out,
                               client_error *err)
{
    char *text;
    memset(out, 0, sizeof *out);
    client_status s = read_text_file(path, &text, err);
    if (s) return s;
    s = client_list_parse(spec, text, path, out, err);
    base_free(text);
    return s;
}

void client_list_free(client_list *list)
{
    for (size_t i = 0; i < list->count; i++) client_free(list->items[i]);
    base_free(list->items);
    base_free(list->lines);
    memset(list, 0, sizeof *list);
}
