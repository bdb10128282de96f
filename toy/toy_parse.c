/* The toy language parser: source text to per-thread instruction lists. Errors name the file
 * and line; nothing the input says can crash the parser (recursion and sizes are bounded).
 *
 *   shared x, y = 1          shared int variables (initial value 0 unless given)
 *   lock l                   locks
 *   thread T0 {              one thread; statements are separated by newlines or ';'
 *     r = x                  read            x = r + 1        write (locals and constants)
 *     r = cas(x, 0, 1)       compare-and-set (r = 1 on success, else 0)
 *     lock l / unlock l      lock operations (writes of the lock)
 *     clear                  sets every shared variable to 0 (a write labelled with any object)
 *     local r = r * 2        invisible local step ('local' alone: an invisible no-op)
 *     if (r == 0) goto L / if (c) { } else { } / while (c) { } / goto L / L:
 *     assert(r != 2)         fails the thread when false
 *     return r, s            finish with an outcome
 *   }
 * Conditions may read one shared variable (while (f == 0) {} re-reads f each iteration). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "toy_internal.h"

/* ---- Tokens ---------------------------------------------------------------------------------- */

typedef enum tok_kind { TK_EOF, TK_IDENT, TK_INT, TK_PUNCT } tok_kind;

/* Two-character operators, above every single character. */
enum { P_EQ = 256, P_NE, P_LE, P_GE, P_AND, P_OR };

typedef struct token {
    tok_kind kind;
    const char *text;
    size_t len;
    int64_t value; /* TK_INT */
    int punct;     /* TK_PUNCT: the character or a P_ code */
    size_t line;
} token;

/* A label of the thread being compiled, or a jump waiting for one. */
typedef struct label_ref {
    char *name;
    size_t index; /* instruction the label marks, or the jump to patch */
    size_t line;
} label_ref;

/* A growing list of label references. */
typedef struct ref_list {
    label_ref *items;
    size_t count, cap;
} ref_list;

/* The thread under construction. */
typedef struct builder {
    toy_instr *code;
    size_t count, cap;
    char **locals;
    size_t nlocals, locals_cap;
    ref_list labels, fixups;
} builder;

typedef struct parser {
    const char *p, *end, *file;
    size_t line;
    token tok;
    toy_program *toy;
    por_error *err;
    builder b;
    size_t nesting;
    size_t expr_depth, expr_max; /* evaluation stack of the expression being emitted */
    size_t exprs_cap, rets_cap, vars_cap, inits_cap, locks_cap, threads_cap;
} parser;

/* The shared variable a condition reads (-1: none yet). */
typedef struct expr_ctx {
    bool allow_shared;
    long shared;
} expr_ctx;

static const char *const keywords[] = {"shared", "lock", "unlock", "thread", "local",
                                       "if",     "else", "while",  "goto",   "assert",
                                       "return", "cas",  "true",   "false",  "clear"};

static bool fail(parser *ps, size_t line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool fail(parser *ps, size_t line, const char *fmt, ...)
{
    if (ps->err->status != POR_OK) return false;
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    por_fail(ps->err, POR_ERR_SYNTAX, "%s:%zu: %s", ps->file, line, msg);
    return false;
}

/* Records an out-of-memory error; returns false. */
static bool nomem(parser *ps)
{
    if (ps->err->status == POR_OK) por_fail(ps->err, POR_ERR_NOMEM, "%s: out of memory", ps->file);
    return false;
}

/* Records that the program has more [what] than [max]; returns false. */
static bool limit(parser *ps, const char *what, size_t max)
{
    if (ps->err->status != POR_OK) return false;
    fail(ps, ps->tok.line, "too many %s (at most %zu)", what, max);
    ps->err->status = POR_ERR_LIMIT;
    return false;
}

/* Returns a NUL-terminated copy of [len] bytes at [s]. */
static char *dup_text(const char *s, size_t len)
{
    char *d = base_malloc(len + 1);
    if (!d) return NULL;
    memcpy(d, s, len);
    d[len] = '\0';
    return d;
}

/* ---- Lexer ----------------------------------------------------------------------------------- */

/* Skips blanks, newlines and comments. */
static void skip_space(parser *ps)
{
    while (ps->p < ps->end) {
        char c = *ps->p;
        if (c == '\n') ps->line++;
        if (c == '#' || (c == '/' && ps->p + 1 < ps->end && ps->p[1] == '/')) {
            while (ps->p < ps->end && *ps->p != '\n') ps->p++;
            continue;
        }
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n') return;
        ps->p++;
    }
}

/* True when [c] can be part of a name ([first]: its first character). */
static bool is_ident_char(char c, bool first)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
           (!first && c >= '0' && c <= '9');
}

/* Reads a decimal constant into [t]. */
static bool lex_number(parser *ps, token *t)
{
    int64_t v = 0;
    while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9') {
        v = v * 10 + (*ps->p++ - '0');
        if (v > 2147483648LL) return fail(ps, t->line, "integer constant out of range");
    }
    if (ps->p < ps->end && is_ident_char(*ps->p, false))
        return fail(ps, t->line, "malformed number");
    t->kind = TK_INT;
    t->value = v;
    return true;
}

/* Returns the P_ code of the two-character operator [a][b], or 0. */
static int two_char_op(char a, char b)
{
    static const struct {
        char a, b;
        int code;
    } ops[] = {
        {'=', '=', P_EQ}, {'!', '=', P_NE},  {'<', '=', P_LE},
        {'>', '=', P_GE}, {'&', '&', P_AND}, {'|', '|', P_OR},
    };
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (ops[i].a == a && ops[i].b == b) return ops[i].code;
    return 0;
}

/* Reads the next token into [t]. */
static bool lex(parser *ps, token *t)
{
    skip_space(ps);
    memset(t, 0, sizeof *t);
    t->line = ps->line;
    t->text = ps->p;
    if (ps->p == ps->end) return true; /* TK_EOF */
    char c = *ps->p;
    if (is_ident_char(c, true)) {
        while (ps->p < ps->end && is_ident_char(*ps->p, false)) ps->p++;
        t->kind = TK_IDENT;
        t->len = (size_t)(ps->p - t->text);
        return true;
    }
    if (c >= '0' && c <= '9') {
        if (!lex_number(ps, t)) return false;
        t->len = (size_t)(ps->p - t->text);
        return true;
    }
    int two = ps->p + 1 < ps->end ? two_char_op(c, ps->p[1]) : 0;
    t->kind = TK_PUNCT;
    t->punct = two ? two : c;
    t->len = two ? 2 : 1;
    ps->p += t->len;
    if (!two && (c == '\0' || !strchr("{}(),;:=+-*!<>", c))) {
        if ((unsigned char)c < 0x20 || (unsigned char)c >= 0x7F)
            return fail(ps, t->line, "unexpected character (byte 0x%02x)", (unsigned char)c);
        return fail(ps, t->line, "unexpected character '%c'", c);
    }
    return true;
}

/* Moves to the next token. */
static bool advance(parser *ps)
{
    return lex(ps, &ps->tok);
}

/* True when [t] is the punctuation [c]. */
static bool is_punct(const token *t, int c)
{
    return t->kind == TK_PUNCT && t->punct == c;
}

/* True when [t] is the identifier or keyword [w]. */
static bool is_word(const token *t, const char *w)
{
    return t->kind == TK_IDENT && t->len == strlen(w) && !memcmp(t->text, w, t->len);
}

/* True when [t] is a reserved word. */
static bool is_keyword(const token *t)
{
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
        if (is_word(t, keywords[i])) return true;
    return false;
}

/* Describes the current token for messages. */
static const char *tok_desc(const token *t, char *buf, size_t size)
{
    if (t->kind == TK_EOF) return "end of file";
    snprintf(buf, size, "'%.*s'", (int)(t->len > 40 ? 40 : t->len), t->text);
    return buf;
}

/* Takes punctuation [c] ([what] in the message when it is missing). */
static bool expect(parser *ps, int c, const char *what)
{
    char buf[64];
    if (!is_punct(&ps->tok, c))
        return fail(ps, ps->tok.line, "expected %s, found %s", what,
                    tok_desc(&ps->tok, buf, sizeof buf));
    return advance(ps);
}

/* Takes an identifier that is not a keyword; its text goes to [*name] (malloc'd) if asked. */
static bool expect_name(parser *ps, const char *what, token *out)
{
    char buf[64];
    if (ps->tok.kind != TK_IDENT || is_keyword(&ps->tok))
        return fail(ps, ps->tok.line, "expected %s, found %s", what,
                    tok_desc(&ps->tok, buf, sizeof buf));
    *out = ps->tok;
    return advance(ps);
}

/* ---- Names ----------------------------------------------------------------------------------- */

/* Returns the index of [t] among [n] [names], or -1. */
static long find_name(char *const *names, size_t n, const token *t)
{
    for (size_t i = 0; i < n; i++)
        if (strlen(names[i]) == t->len && !memcmp(names[i], t->text, t->len)) return (long)i;
    return -1;
}

/* Returns the index of shared variable [t], or -1. */
static long shared_index(const parser *ps, const token *t)
{
    return find_name(ps->toy->var_names, ps->toy->nvars, t);
}

/* Returns the index of lock [t], or -1. */
static long lock_index(const parser *ps, const token *t)
{
    return find_name(ps->toy->lock_names, ps->toy->nlocks, t);
}

/* Returns the slot of local [name] of [len] bytes in the thread being built, adding it. */
static long local_slot(parser *ps, const char *name, size_t len)
{
    builder *b = &ps->b;
    for (size_t i = 0; i < b->nlocals; i++)
        if (strlen(b->locals[i]) == len && !memcmp(b->locals[i], name, len)) return (long)i;
    if (b->nlocals == TOY_MAX_LOCALS) return limit(ps, "locals in a thread", TOY_MAX_LOCALS), -1;
    if (!base_array_reserve(&b->locals, &b->locals_cap, b->nlocals + 1, sizeof *b->locals))
        return nomem(ps), -1;
    if (!(b->locals[b->nlocals] = dup_text(name, len))) return nomem(ps), -1;
    return (long)b->nlocals++;
}

/* Returns the slot of local [t], which must not name a shared variable or a lock. */
static long local_of(parser *ps, const token *t)
{
    if (shared_index(ps, t) >= 0 || lock_index(ps, t) >= 0)
        return fail(ps, t->line, "'%.*s' is shared, not a local", (int)t->len, t->text), -1;
    return local_slot(ps, t->text, t->len);
}

/* Returns the hidden local a condition reads shared variable [var] into. */
static long hidden_local(parser *ps, size_t var)
{
    char name[256];
    snprintf(name, sizeof name, "$%s", ps->toy->var_names[var]);
    return local_slot(ps, name, strlen(name));
}

/* Checks that [t] names nothing declared yet at the top level. */
static bool fresh_global(parser *ps, const token *t)
{
    if (shared_index(ps, t) >= 0 || lock_index(ps, t) >= 0)
        return fail(ps, t->line, "'%.*s' is declared twice", (int)t->len, t->text);
    return true;
}

/* ---- Expressions ----------------------------------------------------------------------------- */

/* Appends [word] to the expression code. */
static bool emit(parser *ps, int32_t word)
{
    toy_program *toy = ps->toy;
    if (!base_array_reserve(&toy->exprs, &ps->exprs_cap, toy->nexprs + 1, sizeof *toy->exprs))
        return nomem(ps);
    toy->exprs[toy->nexprs++] = word;
    return true;
}

/* Emits operator [op] that pops [pops] values and pushes one. */
static bool emit_op(parser *ps, toy_eop op, size_t pops)
{
    ps->expr_depth = ps->expr_depth + 1 - pops;
    return emit(ps, op);
}

/* Emits [op] with its [operand], which pushes one value. */
static bool emit_push(parser *ps, toy_eop op, int32_t operand)
{
    if (++ps->expr_depth > ps->expr_max) ps->expr_max = ps->expr_depth;
    if (ps->expr_max > TOY_MAX_EXPR_STACK)
        return limit(ps, "operands in an expression", TOY_MAX_EXPR_STACK);
    return emit(ps, op) && emit(ps, operand);
}

static bool parse_expr(parser *ps, expr_ctx *cx);

/* Counts one more nesting level; false beyond TOY_MAX_NESTING. */
static bool enter(parser *ps)
{
    if (++ps->nesting > TOY_MAX_NESTING) return limit(ps, "nesting levels", TOY_MAX_NESTING);
    return true;
}

/* Emits the value of name [t]: a local, or the hidden local of a shared variable. */
static bool parse_name_operand(parser *ps, expr_ctx *cx, const token *t)
{
    if (lock_index(ps, t) >= 0)
        return fail(ps, t->line, "lock '%.*s' used as a value", (int)t->len, t->text);
    long var = shared_index(ps, t);
    if (var < 0) {
        long slot = local_slot(ps, t->text, t->len);
        return slot >= 0 && emit_push(ps, TOY_E_LOCAL, (int32_t)slot);
    }
    if (!cx->allow_shared)
        return fail(ps, t->line,
                    "shared variable '%.*s' in an expression: read it into a local first",
                    (int)t->len, t->text);
    if (cx->shared >= 0 && cx->shared != var)
        return fail(ps, t->line, "a condition may read only one shared variable");
    cx->shared = var;
    long slot = hidden_local(ps, (size_t)var);
    return slot >= 0 && emit_push(ps, TOY_E_LOCAL, (int32_t)slot);
}

/* Parses a constant, a name or a parenthesised expression. */
static bool parse_primary(parser *ps, expr_ctx *cx)
{
    token t = ps->tok;
    char buf[64];
    if (t.kind == TK_INT) {
        if (t.value > INT32_MAX) return fail(ps, t.line, "integer constant out of range");
        return advance(ps) && emit_push(ps, TOY_E_CONST, (int32_t)t.value);
    }
    if (is_word(&t, "true") || is_word(&t, "false"))
        return advance(ps) && emit_push(ps, TOY_E_CONST, is_word(&t, "true"));
    if (is_punct(&t, '(')) {
        if (!enter(ps) || !advance(ps) || !parse_expr(ps, cx)) return false;
        ps->nesting--;
        return expect(ps, ')', "')'");
    }
    if (t.kind == TK_IDENT && !is_keyword(&t)) return advance(ps) && parse_name_operand(ps, cx, &t);
    return fail(ps, t.line, "expected an expression, found %s", tok_desc(&t, buf, sizeof buf));
}

/* Parses - or ! applied to a unary expression, or a primary one. */
static bool parse_unary(parser *ps, expr_ctx *cx)
{
    if (is_punct(&ps->tok, '-') || is_punct(&ps->tok, '!')) {
        toy_eop op = is_punct(&ps->tok, '-') ? TOY_E_NEG : TOY_E_NOT;
        if (!enter(ps) || !advance(ps) || !parse_unary(ps, cx)) return false;
        ps->nesting--;
        return emit_op(ps, op, 1);
    }
    return parse_primary(ps, cx);
}

/* Binary operators by precedence level, lowest first. */
static const struct {
    int punct;
    toy_eop op;
    int level;
} binops[] = {
    {P_OR, TOY_E_OR, 0}, {P_AND, TOY_E_AND, 1}, {P_EQ, TOY_E_EQ, 2}, {P_NE, TOY_E_NE, 2},
    {'<', TOY_E_LT, 3},  {P_LE, TOY_E_LE, 3},   {'>', TOY_E_GT, 3},  {P_GE, TOY_E_GE, 3},
    {'+', TOY_E_ADD, 4}, {'-', TOY_E_SUB, 4},   {'*', TOY_E_MUL, 5},
};

enum { LEVELS = 6 };

/* Returns the binops index of [t] at precedence [level], or -1. */
static int binop_at(const token *t, int level)
{
    for (size_t i = 0; i < sizeof binops / sizeof binops[0]; i++)
        if (binops[i].level == level && is_punct(t, binops[i].punct)) return (int)i;
    return -1;
}

/* Parses the binary operators of precedence [level] and above. */
static bool parse_level(parser *ps, expr_ctx *cx, int level)
{
    if (level == LEVELS) return parse_unary(ps, cx);
    if (!parse_level(ps, cx, level + 1)) return false;
    for (int i; (i = binop_at(&ps->tok, level)) >= 0;) {
        if (!advance(ps) || !parse_level(ps, cx, level + 1)) return false;
        if (!emit_op(ps, binops[i].op, 2)) return false;
    }
    return true;
}

/* Parses an expression into the program's expression code. */
static bool parse_expr(parser *ps, expr_ctx *cx)
{
    return parse_level(ps, cx, 0);
}

/* Parses a whole expression and returns its offset in [*at]. */
static bool parse_rooted(parser *ps, expr_ctx *cx, uint32_t *at)
{
    *at = (uint32_t)ps->toy->nexprs;
    ps->expr_depth = ps->expr_max = 0;
    return parse_expr(ps, cx) && emit(ps, TOY_E_END);
}

/* ---- Instructions ---------------------------------------------------------------------------- */

/* Appends an instruction of [op] at [line] and returns it (NULL on failure). */
static toy_instr *add_instr(parser *ps, toy_op op, size_t line)
{
    builder *b = &ps->b;
    if (b->count == TOY_MAX_CODE) return limit(ps, "statements in a thread", TOY_MAX_CODE), NULL;
    if (!base_array_reserve(&b->code, &b->cap, b->count + 1, sizeof *b->code))
        return nomem(ps), NULL;
    toy_instr *in = &b->code[b->count++];
    memset(in, 0, sizeof *in);
    in->op = op;
    in->line = (uint32_t)line;
    in->dst = -1;
    in->expr[0] = in->expr[1] = TOY_NO_EXPR;
    return in;
}

/* Appends [name] at instruction [index] to [list]. */
static bool add_ref(parser *ps, ref_list *list, const token *name, size_t index)
{
    if (!base_array_reserve(&list->items, &list->cap, list->count + 1, sizeof *list->items))
        return nomem(ps);
    label_ref *r = &list->items[list->count];
    if (!(r->name = dup_text(name->text, name->len))) return nomem(ps);
    r->index = index;
    r->line = name->line;
    list->count++;
    return true;
}

/* Parses "( condition )": emits the read of its shared variable, returns the expression. */
static bool parse_condition(parser *ps, uint32_t *at)
{
    size_t line = ps->tok.line;
    expr_ctx cx = {true, -1};
    if (!expect(ps, '(', "'('") || !parse_rooted(ps, &cx, at) || !expect(ps, ')', "')'"))
        return false;
    if (cx.shared < 0) return true;
    toy_instr *in = add_instr(ps, TOY_READ, line);
    if (!in) return false;
    in->obj = (uint32_t)cx.shared;
    in->dst = (int32_t)hidden_local(ps, (size_t)cx.shared);
    return in->dst >= 0;
}

/* ---- Statements ------------------------------------------------------------------------------ */

static bool parse_block(parser *ps);
static bool parse_statement(parser *ps);

/* True when the current token continues a statement that started on [line]. */
static bool same_line_operand(const parser *ps, size_t line)
{
    const token *t = &ps->tok;
    return t->kind != TK_EOF && t->line == line && !is_punct(t, ';') && !is_punct(t, '}');
}

/* local [name = expr]: an invisible step. */
static bool parse_local(parser *ps)
{
    size_t line = ps->tok.line;
    if (!advance(ps)) return false;
    if (!same_line_operand(ps, line)) return add_instr(ps, TOY_LOCAL, line) != NULL;
    token name;
    uint32_t at;
    expr_ctx cx = {false, -1};
    if (!expect_name(ps, "a local name", &name)) return false;
    long slot = local_of(ps, &name);
    if (slot < 0 || !expect(ps, '=', "'='") || !parse_rooted(ps, &cx, &at)) return false;
    toy_instr *in = add_instr(ps, TOY_LOCAL, line);
    if (!in) return false;
    in->dst = (int32_t)slot;
    in->expr[0] = at;
    return true;
}

/* lock NAME / unlock NAME. */
static bool parse_lock_stmt(parser *ps, toy_op op)
{
    size_t line = ps->tok.line;
    token name;
    if (!advance(ps) || !expect_name(ps, "a lock name", &name)) return false;
    long l = lock_index(ps, &name);
    if (l < 0)
        return fail(ps, name.line, "'%.*s' is not a declared lock", (int)name.len, name.text);
    toy_instr *in = add_instr(ps, op, line);
    if (!in) return false;
    in->obj = (uint32_t)l;
    return true;
}

/* goto LABEL. */
static bool parse_goto(parser *ps)
{
    token name;
    if (!add_instr(ps, TOY_JUMP, ps->tok.line)) return false;
    return advance(ps) && expect_name(ps, "a label", &name) &&
           add_ref(ps, &ps->b.fixups, &name, ps->b.count - 1);
}

/* Parses "keyword (condition)" and emits [op] testing the condition, after the read of its
 * shared variable if it has one; [*at] is the instruction. */
static bool keyword_condition(parser *ps, toy_op op, size_t *at)
{
    size_t line = ps->tok.line;
    uint32_t cond;
    if (!advance(ps) || !parse_condition(ps, &cond)) return false;
    toy_instr *in = add_instr(ps, op, line);
    if (!in) return false;
    in->expr[0] = cond;
    *at = ps->b.count - 1;
    return true;
}

/* The else part of an if whose branch instruction is code[br]. */
static bool parse_else(parser *ps, size_t br)
{
    toy_instr *j = add_instr(ps, TOY_JUMP, ps->tok.line);
    if (!j) return false;
    size_t jump = ps->b.count - 1;
    ps->b.code[br].target = (uint32_t)ps->b.count;
    if (!advance(ps)) return false;
    bool ok;
    if (is_word(&ps->tok, "if")) {
        ok = enter(ps) && parse_statement(ps);
        ps->nesting--;
    } else {
        ok = parse_block(ps);
    }
    ps->b.code[jump].target = (uint32_t)ps->b.count;
    return ok;
}

/* if (c) goto L, or if (c) { ... } [else { ... } | else if ...]. */
static bool parse_if(parser *ps)
{
    size_t br;
    if (!keyword_condition(ps, TOY_BRANCH, &br)) return false;
    if (is_word(&ps->tok, "goto")) { /* flag 1: jump to the label when the condition holds */
        token name;
        ps->b.code[br].flag = 1;
        return advance(ps) && expect_name(ps, "a label", &name) &&
               add_ref(ps, &ps->b.fixups, &name, br);
    }
    /* flag 0: jump over the block when the condition is false */
    if (!parse_block(ps)) return false;
    if (is_word(&ps->tok, "else")) return parse_else(ps, br);
    ps->b.code[br].target = (uint32_t)ps->b.count;
    return true;
}

/* while (c) { ... } or while (c); the condition (and its read) runs before each iteration. */
static bool parse_while(parser *ps)
{
    size_t line = ps->tok.line, head = ps->b.count, br;
    if (!keyword_condition(ps, TOY_BRANCH, &br)) return false;
    bool ok = is_punct(&ps->tok, ';') ? advance(ps) : parse_block(ps);
    toy_instr *in;
    if (!ok || !(in = add_instr(ps, TOY_JUMP, line))) return false;
    in->target = (uint32_t)head;
    ps->b.code[br].target = (uint32_t)ps->b.count;
    return true;
}

/* assert(condition). */
static bool parse_assert(parser *ps)
{
    size_t at;
    return keyword_condition(ps, TOY_ASSERT, &at);
}

/* return [a, b, ...]: the locals named on the same line are the thread's outcome. */
static bool parse_return(parser *ps)
{
    size_t line = ps->tok.line;
    toy_program *toy = ps->toy;
    size_t first = toy->nrets;
    if (!advance(ps)) return false;
    while (same_line_operand(ps, line)) {
        token name;
        if (toy->nrets != first && !expect(ps, ',', "','")) return false;
        if (!expect_name(ps, "a local name", &name)) return false;
        long slot = local_of(ps, &name);
        if (slot < 0) return false;
        if (!base_array_reserve(&toy->rets, &ps->rets_cap, toy->nrets + 1, sizeof *toy->rets))
            return nomem(ps);
        toy->rets[toy->nrets++] = (uint32_t)slot;
    }
    toy_instr *in = add_instr(ps, TOY_RETURN, line);
    if (!in) return false;
    in->first = (uint32_t)first;
    in->count = (uint32_t)(toy->nrets - first);
    return true;
}

/* Records label [name] at the next instruction. */
static bool define_label(parser *ps, const token *name)
{
    const ref_list *labels = &ps->b.labels;
    for (size_t i = 0; i < labels->count; i++)
        if (strlen(labels->items[i].name) == name->len &&
            !memcmp(labels->items[i].name, name->text, name->len))
            return fail(ps, name->line, "label '%.*s' defined twice", (int)name->len, name->text);
    return add_ref(ps, &ps->b.labels, name, ps->b.count);
}

/* x = expression, with the shared variable [var] on the left. */
static bool parse_write(parser *ps, long var, size_t line)
{
    uint32_t at;
    expr_ctx cx = {false, -1};
    if (is_word(&ps->tok, "cas")) return fail(ps, line, "the result of cas must go to a local");
    if (!parse_rooted(ps, &cx, &at)) return false;
    toy_instr *in = add_instr(ps, TOY_WRITE, line);
    if (!in) return false;
    in->obj = (uint32_t)var;
    in->expr[0] = at;
    return true;
}

/* True when [t] is a binary operator. */
static bool is_binop(const token *t)
{
    for (int level = 0; level < LEVELS; level++)
        if (binop_at(t, level) >= 0) return true;
    return false;
}

/* r = x: the local [slot] (named [lhs]) reads one shared variable. */
static bool parse_read(parser *ps, const token *lhs, long slot, size_t line)
{
    token src = ps->tok;
    long var = src.kind == TK_IDENT ? shared_index(ps, &src) : -1;
    if (var < 0)
        return fail(ps, line,
                    "'%.*s = ...' must read one shared variable; write 'local %.*s = ...' for a "
                    "local assignment",
                    (int)lhs->len, lhs->text, (int)lhs->len, lhs->text);
    if (!advance(ps)) return false;
    if (is_binop(&ps->tok))
        return fail(ps, line, "a read is 'r = x' alone; compute with a 'local' statement after it");
    toy_instr *in = add_instr(ps, TOY_READ, line);
    if (!in) return false;
    in->obj = (uint32_t)var;
    in->dst = (int32_t)slot;
    return true;
}

/* r = cas(x, expected, new). */
static bool parse_cas(parser *ps, long slot, size_t line)
{
    token var_tok;
    uint32_t expected, desired;
    expr_ctx cx = {false, -1};
    if (!advance(ps) || !expect(ps, '(', "'('") || !expect_name(ps, "a shared variable", &var_tok))
        return false;
    long var = shared_index(ps, &var_tok);
    if (var < 0)
        return fail(ps, line, "'%.*s' is not a shared variable", (int)var_tok.len, var_tok.text);
    if (!expect(ps, ',', "','") || !parse_rooted(ps, &cx, &expected) || !expect(ps, ',', "','") ||
        !parse_rooted(ps, &cx, &desired) || !expect(ps, ')', "')'"))
        return false;
    toy_instr *in = add_instr(ps, TOY_CAS, line);
    if (!in) return false;
    in->obj = (uint32_t)var;
    in->dst = (int32_t)slot;
    in->expr[0] = expected;
    in->expr[1] = desired;
    return true;
}

/* NAME: (a label), x = e (a write), r = x (a read) or r = cas(...). */
static bool parse_assignment(parser *ps)
{
    token lhs = ps->tok;
    size_t line = lhs.line;
    if (!advance(ps)) return false;
    if (is_punct(&ps->tok, ':')) return advance(ps) && define_label(ps, &lhs);
    if (!expect(ps, '=', "'=' or ':'")) return false;
    if (lock_index(ps, &lhs) >= 0)
        return fail(ps, line, "lock '%.*s' cannot be assigned", (int)lhs.len, lhs.text);
    long var = shared_index(ps, &lhs);
    if (var >= 0) return parse_write(ps, var, line);
    long slot = local_slot(ps, lhs.text, lhs.len);
    if (slot < 0) return false;
    if (is_word(&ps->tok, "cas")) return parse_cas(ps, slot, line);
    return parse_read(ps, &lhs, slot, line);
}

/* Parses one statement of the thread being built. */
static bool parse_statement(parser *ps)
{
    const token *t = &ps->tok;
    char buf[64];
    if (is_punct(t, ';')) return advance(ps);
    if (is_word(t, "local")) return parse_local(ps);
    if (is_word(t, "lock")) return parse_lock_stmt(ps, TOY_LOCK);
    if (is_word(t, "unlock")) return parse_lock_stmt(ps, TOY_UNLOCK);
    if (is_word(t, "clear")) return add_instr(ps, TOY_CLEAR, t->line) && advance(ps);
    if (is_word(t, "goto")) return parse_goto(ps);
    if (is_word(t, "if")) return parse_if(ps);
    if (is_word(t, "while")) return parse_while(ps);
    if (is_word(t, "assert")) return parse_assert(ps);
    if (is_word(t, "return")) return parse_return(ps);
    if (t->kind == TK_IDENT && !is_keyword(t)) return parse_assignment(ps);
    return fail(ps, t->line, "expected a statement, found %s", tok_desc(t, buf, sizeof buf));
}

/* Parses { statements }. */
static bool parse_block(parser *ps)
{
    if (!enter(ps) || !expect(ps, '{', "'{'")) return false;
    while (!is_punct(&ps->tok, '}')) {
        if (ps->tok.kind == TK_EOF) return fail(ps, ps->tok.line, "missing '}'");
        if (!parse_statement(ps)) return false;
    }
    ps->nesting--;
    return advance(ps);
}

/* ---- Threads and declarations ---------------------------------------------------------------- */

/* Frees [list] and its names. */
static void free_refs(ref_list *list)
{
    for (size_t i = 0; i < list->count; i++) base_free(list->items[i].name);
    base_free(list->items);
}

/* Frees what [b] still owns and empties it. */
static void builder_free(builder *b)
{
    base_free(b->code);
    for (size_t i = 0; i < b->nlocals; i++) base_free(b->locals[i]);
    base_free(b->locals);
    free_refs(&b->labels);
    free_refs(&b->fixups);
    memset(b, 0, sizeof *b);
}

/* Points every jump of the thread at its label. */
static bool resolve_labels(parser *ps)
{
    builder *b = &ps->b;
    for (size_t i = 0; i < b->fixups.count; i++) {
        const label_ref *f = &b->fixups.items[i];
        size_t k = 0;
        while (k < b->labels.count && strcmp(b->labels.items[k].name, f->name)) k++;
        if (k == b->labels.count) return fail(ps, f->line, "undefined label '%s'", f->name);
        b->code[f->index].target = (uint32_t)b->labels.items[k].index;
    }
    return true;
}

/* Moves the built code and locals into a new thread named [name]. */
static bool finish_thread(parser *ps, const token *name)
{
    toy_program *toy = ps->toy;
    if (!base_array_reserve(&toy->threads, &ps->threads_cap, toy->nthreads + 1,
                            sizeof *toy->threads))
        return nomem(ps);
    toy_thread *th = &toy->threads[toy->nthreads];
    memset(th, 0, sizeof *th);
    if (!(th->name = dup_text(name->text, name->len))) return nomem(ps);
    toy->nthreads++;
    th->code = ps->b.code;
    th->count = ps->b.count;
    th->locals = ps->b.locals;
    th->nlocals = ps->b.nlocals;
    ps->b.code = NULL;
    ps->b.locals = NULL;
    ps->b.count = ps->b.nlocals = 0;
    builder_free(&ps->b);
    return true;
}

/* thread NAME { statements }. */
static bool parse_thread(parser *ps)
{
    toy_program *toy = ps->toy;
    token name;
    if (!advance(ps) || !expect_name(ps, "a thread name", &name)) return false;
    for (size_t i = 0; i < toy->nthreads; i++)
        if (strlen(toy->threads[i].name) == name.len &&
            !memcmp(toy->threads[i].name, name.text, name.len))
            return fail(ps, name.line, "thread '%.*s' defined twice", (int)name.len, name.text);
    if (toy->nthreads == POR_MAX_THREADS) return limit(ps, "threads", POR_MAX_THREADS);
    builder_free(&ps->b);
    return parse_block(ps) && resolve_labels(ps) && finish_thread(ps, &name);
}

/* Parses "= [-]INT" into [*value]. */
static bool parse_initial(parser *ps, int32_t *value)
{
    bool neg = false;
    if (!advance(ps)) return false;
    if (is_punct(&ps->tok, '-')) {
        neg = true;
        if (!advance(ps)) return false;
    }
    if (ps->tok.kind != TK_INT) return fail(ps, ps->tok.line, "expected an integer initial value");
    int64_t v = neg ? -ps->tok.value : ps->tok.value;
    if (v > INT32_MAX || v < INT32_MIN)
        return fail(ps, ps->tok.line, "integer constant out of range");
    *value = (int32_t)v;
    return advance(ps);
}

/* Declares shared variable (initial value [init]) or lock [name]. */
static bool add_global(parser *ps, const token *name, bool is_lock, int32_t init)
{
    toy_program *toy = ps->toy;
    if (toy->nvars + toy->nlocks == TOY_MAX_SHARED)
        return limit(ps, "shared variables and locks", TOY_MAX_SHARED);
    char *text = dup_text(name->text, name->len);
    if (!text) return nomem(ps);
    if (is_lock) {
        if (!base_array_reserve(&toy->lock_names, &ps->locks_cap, toy->nlocks + 1, sizeof(char *)))
            return base_free(text), nomem(ps);
        toy->lock_names[toy->nlocks++] = text;
        return true;
    }
    if (!base_array_reserve(&toy->var_names, &ps->vars_cap, toy->nvars + 1, sizeof(char *)) ||
        !base_array_reserve(&toy->var_init, &ps->inits_cap, toy->nvars + 1, sizeof(int32_t)))
        return base_free(text), nomem(ps);
    toy->var_names[toy->nvars] = text;
    toy->var_init[toy->nvars++] = init;
    return true;
}

/* shared a [= v], b ... or lock l, m ... */
static bool parse_globals(parser *ps, bool is_lock)
{
    if (!advance(ps)) return false;
    for (;;) {
        token name;
        int32_t init = 0;
        if (!expect_name(ps, is_lock ? "a lock name" : "a variable name", &name) ||
            !fresh_global(ps, &name))
            return false;
        if (!is_lock && is_punct(&ps->tok, '=') && !parse_initial(ps, &init)) return false;
        if (!add_global(ps, &name, is_lock, init)) return false;
        if (!is_punct(&ps->tok, ',')) return true;
        if (!advance(ps)) return false;
    }
}

/* Parses declarations and threads up to the end of the text. */
static bool parse_program(parser *ps)
{
    char buf[64];
    while (ps->tok.kind != TK_EOF) {
        bool ok;
        if (is_word(&ps->tok, "shared"))
            ok = parse_globals(ps, false);
        else if (is_word(&ps->tok, "lock"))
            ok = parse_globals(ps, true);
        else if (is_word(&ps->tok, "thread"))
            ok = parse_thread(ps);
        else if (is_punct(&ps->tok, ';'))
            ok = advance(ps);
        else
            ok = fail(ps, ps->tok.line, "expected 'shared', 'lock' or 'thread', found %s",
                      tok_desc(&ps->tok, buf, sizeof buf));
        if (!ok) return false;
    }
    if (ps->toy->nthreads == 0) return fail(ps, ps->tok.line, "the program has no thread");
    return true;
}

por_status toy_parse(const char *text, size_t len, const char *file, toy_program **out,
                     por_error *err)
{
    *out = NULL;
    err->status = POR_OK;
    err->message[0] = '\0';
    base_text_pos pos;
    if (base_text_bad_byte(text, len, &pos)) {
        char what[32];
        base_text_describe(pos.byte, what, sizeof what);
        return por_fail(err, POR_ERR_SYNTAX, "%s:%zu:%zu: %s (not allowed in a text file)", file,
                        pos.line, pos.column, what);
    }
    toy_program *toy = base_calloc(1, sizeof *toy);
    if (!toy || !(toy->file = dup_text(file, strlen(file)))) {
        base_free(toy);
        return por_fail(err, POR_ERR_NOMEM, "%s: out of memory", file);
    }
    parser ps;
    memset(&ps, 0, sizeof ps);
    ps.p = text;
    ps.end = text + len;
    ps.file = file;
    ps.line = 1;
    ps.toy = toy;
    ps.err = err;
    bool ok = advance(&ps) && parse_program(&ps) && (toy_build_initial(toy) || nomem(&ps));
    builder_free(&ps.b);
    if (!ok) {
        toy_free_program(toy);
        if (err->status == POR_OK) por_fail(err, POR_ERR_SYNTAX, "%s: parse error", file);
        return err->status;
    }
    *out = toy;
    return POR_OK;
}

por_status toy_load(const char *path, toy_program **out, por_error *err)
{
    *out = NULL;
    char *text;
    size_t len;
    base_read_status rs = base_read_file(path, TOY_MAX_SOURCE, &text, &len);
    if (rs != BASE_READ_OK) {
        char why[128];
        base_read_describe(rs, TOY_MAX_SOURCE, why, sizeof why);
        por_status s = rs == BASE_READ_NOMEM     ? POR_ERR_NOMEM
                       : rs == BASE_READ_TOO_BIG ? POR_ERR_LIMIT
                                                 : POR_ERR_IO;
        return por_fail(err, s, "%s: %s", path, why);
    }
    por_status s = toy_parse(text, len, path, out, err);
    base_free(text);
    return s;
}
