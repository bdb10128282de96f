/* clients: the client syntax (Violat's schemas with a sequential prefix and suffix), checked
 * against a spec as it is parsed, and its canonical printer.
 *
 *   client   := [seq ';'] section [';' seq]      section := seq ('||' seq)*
 *   seq      := '{' [call (';' call)* [';']] '}'  call := NAME '(' [arg (',' arg)*] ')'
 *   arg      := INT | true | false | null | '[' [INT (',' INT)*] ']' | '[' INT '=' INT (',' ...)*
 * ']'
 *
 * Two sections separated by ';' are a prefix and the parallel part when the first is a single
 * block, else the parallel part and a suffix; three are prefix, parallel part and suffix. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* A sequence being parsed: invocations in a growable array. */
typedef struct seq_build {
    client_invocation *calls;
    size_t count, cap;
} seq_build;

/* The parser's state. */
typedef struct parser {
    const char *text;
    size_t pos;
    const client_source *src;
    client *c;
    client_error *err;
    seq_build seqs[CLIENT_MAX_THREADS + 2]; /* every block in source order */
    size_t seq_count;
    size_t sections[3]; /* blocks per ';'-separated section */
    size_t section_count;
} parser;

/* Fails at byte offset [at]: "ORIGIN:LINE:COLUMN: message". */
static client_status parse_error(parser *p, client_status status, size_t at, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static client_status parse_error(parser *p, client_status status, size_t at, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return client_fail(p->err, status, "%s:%zu:%zu: %s", p->src->origin, p->src->line, at + 1, msg);
}

/* Fails with CLIENT_ERR_NOMEM. */
static client_status parse_nomem(parser *p)
{
    return client_fail(p->err, CLIENT_ERR_NOMEM, "%s:%zu: out of memory parsing the client",
                       p->src->origin, p->src->line);
}

/* Skips blanks and returns the next character without consuming it. */
static char peek(parser *p)
{
    while (p->text[p->pos] == ' ' || p->text[p->pos] == '\t' || p->text[p->pos] == '\r' ||
           p->text[p->pos] == '\n')
        p->pos++;
    return p->text[p->pos];
}

/* Describes the character at the current position for an error message. */
static const char *found(parser *p, char *buf, size_t size)
{
    char ch = peek(p);
    if (!ch) return "the end";
    snprintf(buf, size, "'%c'", ch);
    return buf;
}

/* Consumes [ch] or fails with "expected WHAT". */
static client_status expect(parser *p, char ch, const char *what)
{
    char buf[8];
    if (peek(p) == ch) {
        p->pos++;
        return CLIENT_OK;
    }
    return parse_error(p, CLIENT_ERR_SYNTAX, p->pos, "expected %s, found %s", what,
                       found(p, buf, sizeof buf));
}

/* ---- Arguments ------------------------------------------------------------------------------- */

/* Reads a decimal integer (optional '-') into [*out]; [*at] is where it starts. */
static client_status read_int(parser *p, int64_t *out, size_t *at)
{
    char buf[8];
    peek(p);
    *at = p->pos;
    const char *s = p->text + p->pos;
    if (!(isdigit((unsigned char)s[0]) || (s[0] == '-' && isdigit((unsigned char)s[1]))))
        return parse_error(p, CLIENT_ERR_SYNTAX, p->pos, "expected an integer, found %s",
                           found(p, buf, sizeof buf));
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno == ERANGE)
        return parse_error(p, CLIENT_ERR_TYPE, p->pos, "%.*s does not fit a long", (int)(end - s),
                           s);
    p->pos += (size_t)(end - s);
    *out = v;
    return CLIENT_OK;
}

/* True when integer arguments of kind [k] must fit a Java int. */
static bool int_sized(client_type_kind k)
{
    return k != CLIENT_TYPE_LONG && k != CLIENT_TYPE_LONG_BOXED;
}

/* Reads one integer for a value of kind [k], checking its range. */
static client_status read_typed_int(parser *p, client_type_kind k, int64_t *out)
{
    size_t at;
    client_status s = read_int(p, out, &at);
    if (!s && int_sized(k) && (*out < INT_MIN || *out > INT_MAX))
        return parse_error(p, CLIENT_ERR_TYPE, at, "%lld does not fit an int", (long long)*out);
    return s;
}

/* Reads '[' ints ']' or '[' k=v, ... ']' for parameter type [t] into [v]. */
static client_status read_bracket(parser *p, const client_type *t, client_value *v)
{
    bool map = t->kind == CLIENT_TYPE_MAP;
    int64_t items[2 * CLIENT_MAX_ARGS];
    size_t n = 0;
    p->pos++; /* '[' */
    while (peek(p) != ']') {
        if (n && expect(p, ',', "',' or ']'")) return p->err->status;
        if (n == CLIENT_MAX_ARGS)
            return parse_error(p, CLIENT_ERR_LIMIT, p->pos, "more than %d elements",
                               CLIENT_MAX_ARGS);
        client_status s = read_typed_int(p, t->element, &items[map ? 2 * n : n]);
        if (!s && map && !(s = expect(p, '=', "'=' after a map key")))
            s = read_typed_int(p, t->value, &items[2 * n + 1]);
        if (s) return s;
        n++;
    }
    p->pos++;
    int64_t *copy = base_arena_alloc(&p->c->arena, (map ? 2 * n : n) * sizeof *copy + 1);
    if (!copy) return parse_nomem(p);
    memcpy(copy, items, (map ? 2 * n : n) * sizeof *copy);
    *v = (client_value){.kind = map ? CLIENT_VAL_MAP : CLIENT_VAL_LIST, .count = n, .items = copy};
    return CLIENT_OK;
}

/* Fails: method [m] expects type [t] for argument [i], found [what] at [at]. */
static client_status wrong_type(parser *p, const client_method *m, size_t i, size_t at,
                                const char *what)
{
    return parse_error(p, CLIENT_ERR_TYPE, at, "%s expects %s for argument %zu, found %s", m->name,
                       client_type_name(&m->params[i]), i + 1, what);
}

/* Reads a word (true, false, null) argument at [at] for argument [i] of [m]. */
static client_status read_word(parser *p, const client_method *m, size_t i, client_value *v)
{
    const client_type *t = &m->params[i];
    size_t at = p->pos, len = 0;
    while (isalnum((unsigned char)p->text[at + len]) || p->text[at + len] == '_') len++;
    const char *w = p->text + at;
    bool boxed = t->kind == CLIENT_TYPE_INTEGER || t->kind == CLIENT_TYPE_LONG_BOXED ||
                 t->kind == CLIENT_TYPE_OBJECT;
    char what[64];
    snprintf(what, sizeof what, "'%.*s'", (int)(len > 40 ? 40 : len), w);
    if (len == 4 && !memcmp(w, "null", 4)) {
        if (!boxed) return wrong_type(p, m, i, at, what);
        *v = (client_value){.kind = CLIENT_VAL_NULL};
    } else if ((len == 4 && !memcmp(w, "true", 4)) || (len == 5 && !memcmp(w, "false", 5))) {
        if (t->kind != CLIENT_TYPE_BOOLEAN) return wrong_type(p, m, i, at, what);
        *v = (client_value){.kind = CLIENT_VAL_BOOL, .i = len == 4};
    } else {
        return parse_error(p, CLIENT_ERR_SYNTAX, at, "expected a value, found %s", what);
    }
    p->pos = at + len;
    return CLIENT_OK;
}

/* Reads argument [i] of method [m] into [v]. */
static client_status read_arg(parser *p, const client_method *m, size_t i, client_value *v)
{
    const client_type *t = &m->params[i];
    char ch = peek(p);
    size_t at = p->pos;
    if (ch == '[') {
        if (t->kind != CLIENT_TYPE_COLLECTION && t->kind != CLIENT_TYPE_MAP)
            return wrong_type(p, m, i, at, "a collection");
        return read_bracket(p, t, v);
    }
    if (isdigit((unsigned char)ch) || ch == '-') {
        if (t->kind == CLIENT_TYPE_BOOLEAN || t->kind == CLIENT_TYPE_COLLECTION ||
            t->kind == CLIENT_TYPE_MAP)
            return wrong_type(p, m, i, at, "an integer");
        *v = (client_value){.kind = CLIENT_VAL_INT};
        return read_typed_int(p, t->kind, &v->i);
    }
    if (isalpha((unsigned char)ch)) return read_word(p, m, i, v);
    char buf[8];
    return parse_error(p, CLIENT_ERR_SYNTAX, at, "expected a value, found %s",
                       found(p, buf, sizeof buf));
}

/* ---- Invocations and blocks ------------------------------------------------------------------ */

/* Counts the arguments of the call whose '(' is at the current position, without parsing
 * them: top-level commas plus one, 0 for "()". */
static size_t count_args(const parser *p)
{
    size_t depth = 0, n = 0, i = p->pos + 1;
    bool any = false;
    for (; p->text[i] && !(depth == 0 && p->text[i] == ')'); i++) {
        char ch = p->text[i];
        if (ch == '[') depth++;
        if (ch == ']' && depth) depth--;
        if (ch == ',' && depth == 0) n++;
        if (ch == '}' || ch == ';' || ch == '|') break;
        if (ch != ' ' && ch != '\t') any = true;
    }
    return any ? n + 1 : 0;
}

/* Lists up to a few method names of the spec into [buf] for an error message. */
static void method_names(const client_spec *spec, char *buf, size_t size)
{
    base_textbuf out = base_textbuf_make(buf, size);
    size_t shown = 0;
    for (size_t i = 0; i < spec->method_count && shown < 8; i++) {
        bool dup = false;
        for (size_t k = 0; k < i; k++) dup |= !strcmp(spec->methods[k].name, spec->methods[i].name);
        if (!dup) base_textbuf_printf(&out, "%s%s", shown++ ? ", " : "", spec->methods[i].name);
    }
    if (shown == 8 && spec->method_count > 8) base_textbuf_printf(&out, ", ...");
}

/* Resolves the method named at [at] ([len] bytes) with the arity of the following call. */
static client_status resolve(parser *p, size_t at, size_t len, long *index)
{
    const client_spec *spec = p->c->spec;
    size_t arity = count_args(p);
    bool named;
    *index = client_spec_lookup(spec, p->text + at, len, arity, &named);
    if (*index >= 0) return CLIENT_OK;
    char names[256];
    if (!named) {
        method_names(spec, names, sizeof names);
        return parse_error(p, CLIENT_ERR_METHOD, at, "unknown method '%.*s' (the spec declares %s)",
                           (int)len, p->text + at, names);
    }
    base_textbuf out = base_textbuf_make(names, sizeof names);
    for (size_t i = 0; i < spec->method_count; i++)
        if (strlen(spec->methods[i].name) == len &&
            !memcmp(spec->methods[i].name, p->text + at, len))
            base_textbuf_printf(&out, "%s%zu", out.len ? " or " : "", spec->methods[i].param_count);
    return parse_error(p, CLIENT_ERR_METHOD, at, "%.*s takes %s argument%s, found %zu", (int)len,
                       p->text + at, names, strcmp(names, "1") ? "s" : "", arity);
}

/* Reads one invocation into [inv]. */
static client_status read_call(parser *p, client_invocation *inv)
{
    char buf[8];
    size_t at = p->pos, len = 0;
    while (isalnum((unsigned char)p->text[at + len]) || p->text[at + len] == '_' ||
           p->text[at + len] == '$')
        len++;
    if (!len || isdigit((unsigned char)p->text[at]))
        return parse_error(p, CLIENT_ERR_SYNTAX, at, "expected a method name, found %s",
                           found(p, buf, sizeof buf));
    p->pos += len;
    if (peek(p) != '(') return expect(p, '(', "'(' after the method name");
    long index;
    client_status s = resolve(p, at, len, &index);
    if (s) return s;
    const client_method *m = &p->c->spec->methods[index];
    client_value *args = base_arena_alloc(&p->c->arena, (m->param_count + 1) * sizeof *args);
    if (!args) return parse_nomem(p);
    p->pos++; /* '(' */
    for (size_t i = 0; i < m->param_count; i++) {
        if ((i && (s = expect(p, ',', "','"))) || (s = read_arg(p, m, i, &args[i]))) return s;
    }
    if ((s = expect(p, ')', "')'"))) return s;
    *inv = (client_invocation){
        .method = (size_t)index, .arg_count = m->param_count, .args = args, .column = at + 1};
    return CLIENT_OK;
}

/* Appends [inv] to [b]. */
static bool seq_push(seq_build *b, const client_invocation *inv)
{
    if (b->count == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 8;
        client_invocation *calls = base_realloc(b->calls, cap * sizeof *calls);
        if (!calls) return false;
        b->calls = calls;
        b->cap = cap;
    }
    b->calls[b->count++] = *inv;
    return true;
}

/* Reads one block '{ ... }' as the next sequence. */
static client_status read_block(parser *p)
{
    if (p->seq_count == CLIENT_MAX_THREADS + 2)
        return parse_error(p, CLIENT_ERR_LIMIT, p->pos, "more than %d threads", CLIENT_MAX_THREADS);
    client_status s = expect(p, '{', "'{'");
    seq_build *b = &p->seqs[p->seq_count++];
    while (!s && peek(p) != '}') {
        if (b->count == CLIENT_MAX_CALLS)
            return parse_error(p, CLIENT_ERR_LIMIT, p->pos, "more than %d invocations in a block",
                               CLIENT_MAX_CALLS);
        client_invocation inv;
        if ((s = read_call(p, &inv))) return s;
        if (!seq_push(b, &inv)) return parse_nomem(p);
        if (peek(p) == ';')
            p->pos++;
        else if (peek(p) != '}')
            s = expect(p, '}', "';' or '}' after an invocation");
    }
    if (!s) p->pos++;
    return s;
}

/* Reads the ';'-separated sections, each a '||'-separated list of blocks. */
static client_status read_sections(parser *p)
{
    client_status s = CLIENT_OK;
    for (;;) {
        if (p->section_count == 3)
            return parse_error(p, CLIENT_ERR_SYNTAX, p->pos - 1,
                               "at most a prefix, the parallel part and a suffix");
        size_t first = p->seq_count;
        if ((s = read_block(p))) return s;
        while (peek(p) == '|') {
            if (p->text[p->pos + 1] != '|') return expect(p, '\0', "'||'");
            p->pos += 2;
            if ((s = read_block(p))) return s;
        }
        p->sections[p->section_count++] = p->seq_count - first;
        if (peek(p) != ';') break;
        p->pos++;
    }
    return peek(p) ? expect(p, '\0', "';', '||' or the end") : CLIENT_OK;
}

/* ---- Assembly -------------------------------------------------------------------------------- */

/* Copies block [b] into [out] (arena), numbering its calls from [*next]. */
static client_status place(parser *p, const seq_build *b, client_sequence *out, size_t *next)
{
    client_invocation *calls = base_arena_alloc(&p->c->arena, (b->count + 1) * sizeof *calls);
    if (!calls) return parse_nomem(p);
    for (size_t i = 0; i < b->count; i++) {
        calls[i] = b->calls[i];
        calls[i].index = (*next)++;
    }
    *out = (client_sequence){b->count, calls};
    return CLIENT_OK;
}

/* Decides prefix, threads and suffix from the sections. */
static client_status classify(parser *p, size_t *first_thread, size_t *threads)
{
    client *c = p->c;
    size_t *sec = p->sections;
    if (p->section_count == 2 && sec[0] != 1 && sec[1] != 1)
        return parse_error(p, CLIENT_ERR_SYNTAX, 0,
                           "a sequential prefix or suffix is a single { ... } block");
    if (p->section_count == 3 && (sec[0] != 1 || sec[2] != 1))
        return parse_error(p, CLIENT_ERR_SYNTAX, 0,
                           "a sequential prefix and suffix are single { ... } blocks");
    c->has_prefix = p->section_count == 3 || (p->section_count == 2 && sec[0] == 1);
    c->has_suffix = p->section_count == 3 || (p->section_count == 2 && sec[0] != 1);
    *first_thread = c->has_prefix ? 1 : 0;
    *threads = sec[c->has_prefix ? 1 : 0];
    if (*threads > CLIENT_MAX_THREADS)
        return parse_error(p, CLIENT_ERR_LIMIT, 0, "more than %d threads", CLIENT_MAX_THREADS);
    return CLIENT_OK;
}

/* Builds the client's sequences and canonical order from the parsed blocks. */
static client_status assemble(parser *p)
{
    client *c = p->c;
    size_t first = 0, n = 0, next = 0, total = 0;
    client_status s = classify(p, &first, &n);
    if (s) return s;
    for (size_t i = 0; i < p->seq_count; i++) total += p->seqs[i].count;
    if (total > CLIENT_MAX_INVOCATIONS)
        return parse_error(p, CLIENT_ERR_LIMIT, 0, "more than %d invocations",
                           CLIENT_MAX_INVOCATIONS);
    client_sequence *threads = base_arena_alloc(&c->arena, (n + 1) * sizeof *threads);
    const client_invocation **order = base_arena_alloc(&c->arena, (total + 1) * sizeof *order);
    if (!threads || !order) return parse_nomem(p);
    if (c->has_prefix && (s = place(p, &p->seqs[0], &c->prefix, &next))) return s;
    for (size_t t = 0; t < n; t++)
        if ((s = place(p, &p->seqs[first + t], &threads[t], &next))) return s;
    if (c->has_suffix && (s = place(p, &p->seqs[first + n], &c->suffix, &next))) return s;
    c->threads = threads;
    c->thread_count = n;
    c->invocation_count = total;
    const client_sequence *all[CLIENT_MAX_THREADS + 2];
    size_t k = 0;
    all[k++] = &c->prefix;
    for (size_t t = 0; t < n; t++) all[k++] = &threads[t];
    all[k++] = &c->suffix;
    for (size_t i = 0; i < k; i++)
        for (size_t j = 0; j < all[i]->count; j++)
            order[all[i]->calls[j].index] = &all[i]->calls[j];
    c->order = order;
    return CLIENT_OK;
}

client_status client_parse(const client_spec *spec, const char *text, const client_source *src,
                           client **out, client_error *err)
{
    *out = NULL;
    client *c = base_calloc(1, sizeof *c);
    if (!c)
        return client_fail(err, CLIENT_ERR_NOMEM, "%s:%zu: out of memory parsing the client",
                           src->origin, src->line);
    base_arena_init(&c->arena);
    c->spec = spec;
    parser p = {.text = text, .src = src, .c = c, .err = err};
    client_status s = read_sections(&p);
    if (!s) s = assemble(&p);
    for (size_t i = 0; i < p.seq_count; i++) base_free(p.seqs[i].calls);
    if (s) {
        client_free(c);
        return s;
    }
    *out = c;
    return CLIENT_OK;
}

void client_free(client *c)
{
    if (!c) return;
    base_arena_release(&c->arena);
    base_free(c);
}

/* ---- Printing -------------------------------------------------------------------------------- */

/* Appends "name(args)" of [inv]. */
static void text_call(base_textbuf *out, const client *c, const client_invocation *inv)
{
    base_textbuf_printf(out, "%s(", c->spec->methods[inv->method].name);
    for (size_t i = 0; i < inv->arg_count; i++) {
        if (i) base_textbuf_printf(out, ",");
        client_text_value(out, &inv->args[i]);
    }
    base_textbuf_printf(out, ")");
}

/* Appends block "{ a; b }" ("{ }" when empty). */
static void text_block(base_textbuf *out, const client *c, const client_sequence *s)
{
    base_textbuf_printf(out, "{ ");
    for (size_t i = 0; i < s->count; i++) {
        if (i) base_textbuf_printf(out, "; ");
        text_call(out, c, &s->calls[i]);
    }
    base_textbuf_printf(out, s->count ? " }" : "}");
}

size_t client_format(const client *c, char *buf, size_t size)
{
    base_textbuf out = base_textbuf_make(buf, size);
    if (c->has_prefix) {
        text_block(&out, c, &c->prefix);
        base_textbuf_printf(&out, " ; ");
    }
    for (size_t t = 0; t < c->thread_count; t++) {
        if (t) base_textbuf_printf(&out, " || ");
        text_block(&out, c, &c->threads[t]);
    }
    if (c->has_suffix) {
        base_textbuf_printf(&out, " ; ");
        text_block(&out, c, &c->suffix);
    }
    return out.len;
}

/* Writes block [s] of [c] without the call at [skip] (SIZE_MAX: none); false when nothing is
 * left of it, and then writes nothing. */
static bool text_block_without(base_textbuf *out, const client *c, const client_sequence *s,
                               const client_invocation *skip)
{
    size_t kept = 0;
    for (size_t i = 0; i < s->count; i++)
        if (&s->calls[i] != skip) {
            base_textbuf_printf(out, kept++ ? "; " : "{ ");
            text_call(out, c, &s->calls[i]);
        }
    if (kept) base_textbuf_printf(out, " }");
    return kept > 0;
}

size_t client_format_without(const client *c, size_t skip, char *buf, size_t size)
{
    const client_invocation *gone = skip < c->invocation_count ? c->order[skip] : NULL;
    base_textbuf out = base_textbuf_make(buf, size);
    if (c->has_prefix && text_block_without(&out, c, &c->prefix, gone))
        base_textbuf_printf(&out, " ; ");
    size_t threads = 0;
    for (size_t t = 0; t < c->thread_count; t++) {
        char block[8192];
        base_textbuf b = base_textbuf_make(block, sizeof block);
        if (!text_block_without(&b, c, &c->threads[t], gone)) continue;
        base_textbuf_printf(&out, "%s%s", threads++ ? " || " : "", block);
    }
    if (c->has_suffix) {
        char block[8192];
        base_textbuf b = base_textbuf_make(block, sizeof block);
        if (text_block_without(&b, c, &c->suffix, gone)) base_textbuf_printf(&out, " ; %s", block);
    }
    return threads ? out.len : 0;
}

size_t client_invocation_format(const client *c, const client_invocation *inv, char *buf,
                                size_t size)
{
    base_textbuf out = base_textbuf_make(buf, size);
    text_call(&out, c, inv);
    return out.len;
}

size_t client_column_label(const client *c, size_t index, char *buf, size_t size)
{
    base_textbuf out = base_textbuf_make(buf, size);
    size_t rest = index;
    if (c->has_prefix && rest < c->prefix.count) {
        base_textbuf_printf(&out, "P.");
    } else {
        rest -= c->has_prefix ? c->prefix.count : 0;
        size_t t = 0;
        while (t < c->thread_count && rest >= c->threads[t].count) rest -= c->threads[t++].count;
        if (t < c->thread_count)
            base_textbuf_printf(&out, "T%zu.", t);
        else
            base_textbuf_printf(&out, "S.");
    }
    text_call(&out, c, c->order[index]);
    return out.len;
}

bool client_is_read_only(const client *c)
{
    for (size_t i = 0; i < c->invocation_count; i++)
        if (!c->spec->methods[c->order[i]->method].readonly) return false;
    return true;
}
