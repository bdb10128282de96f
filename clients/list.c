/* clients: clients files, one client per line; blank lines and '#' comments are ignored. A
 * strict read stops at the first bad line; a read by rows keeps each bad line as an entry with
 * its error and goes on. */
#include <string.h>

#include "internal.h"

/* One read of a clients file: what it reads against, into, and whether bad lines are rows. */
typedef struct list_read {
    const client_spec *spec;
    client_list *out;
    bool rows;
} list_read;

/* Appends [c] (or, when it is NULL, the error [message]) from [line] to [list]. */
static bool list_push(client_list *list, client *c, size_t line, const char *message)
{
    size_t n = list->count + 1;
    client **items = base_realloc(list->items, n * sizeof *items);
    if (!items) return false;
    list->items = items;
    size_t *lines = base_realloc(list->lines, n * sizeof *lines);
    if (!lines) return false;
    list->lines = lines;
    char **errors = base_realloc(list->errors, n * sizeof *errors);
    if (!errors) return false;
    list->errors = errors;
    char *copy = NULL;
    if (message && !(copy = base_malloc(strlen(message) + 1))) return false;
    if (copy) strcpy(copy, message);
    items[list->count] = c;
    errors[list->count] = copy;
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

/* Parses client [line] (line src->line) into [r]'s list: a client, or, reading by rows, an error
 * entry for bad input. */
static client_status add_client(const list_read *r, const char *line, const client_source *src,
                                client_error *err)
{
    client *c = NULL;
    client_status s = client_parse(r->spec, line, src, &c, err);
    if (s && (!r->rows || s == CLIENT_ERR_NOMEM)) return s;
    if (list_push(r->out, c, src->line, s ? err->message : NULL)) return CLIENT_OK;
    client_free(c);
    return client_fail(err, CLIENT_ERR_NOMEM, "%s:%zu: out of memory", src->origin, src->line);
}

/* Parses one line (comment stripped) of [len] bytes at [start] as line src->line. */
static client_status parse_line(const list_read *r, const char *start, size_t len,
                                const client_source *src, client_error *err)
{
    const char *hash = memchr(start, '#', len);
    if (hash) len = (size_t)(hash - start);
    char *line = base_malloc(len + 1);
    if (!line)
        return client_fail(err, CLIENT_ERR_NOMEM, "%s:%zu: out of memory", src->origin, src->line);
    memcpy(line, start, len);
    line[len] = '\0';
    client_status s = blank(line) ? CLIENT_OK : add_client(r, line, src, err);
    base_free(line);
    return s;
}

/* Parses the text of a clients file as if read from [origin] as [r] says. */
static client_status parse_text(const list_read *r, const char *text, const char *origin,
                                client_error *err)
{
    memset(r->out, 0, sizeof *r->out);
    client_source src = {origin, 1};
    for (const char *p = text; *p; src.line++) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        client_status s = parse_line(r, p, len, &src, err);
        if (s) {
            client_list_free(r->out);
            return s;
        }
        p += len + (nl ? 1 : 0);
    }
    return CLIENT_OK;
}

client_status client_list_parse(const client_spec *spec, const char *text, const char *origin,
                                client_list *out, client_error *err)
{
    list_read r = {spec, out, false};
    return parse_text(&r, text, origin, err);
}

/* Reads file [path] as [r] says. */
static client_status load(const list_read *r, const char *path, client_error *err)
{
    char *text;
    memset(r->out, 0, sizeof *r->out);
    client_status s = client_read_text_file(path, &text, err);
    if (s) return s;
    s = parse_text(r, text, client_input_name(path), err);
    base_free(text);
    return s;
}

client_status client_list_load(const client_spec *spec, const char *path, client_list *out,
                               client_error *err)
{
    list_read r = {spec, out, false};
    return load(&r, path, err);
}

client_status client_list_load_rows(const client_spec *spec, const char *path, client_list *out,
                                    client_error *err)
{
    list_read r = {spec, out, true};
    return load(&r, path, err);
}

void client_list_free(client_list *list)
{
    for (size_t i = 0; i < list->count; i++) {
        client_free(list->items[i]);
        base_free(list->errors[i]);
    }
    base_free(list->items);
    base_free(list->lines);
    base_free(list->errors);
    memset(list, 0, sizeof *list);
}
