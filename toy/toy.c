/* The toy language interpreter: a state is a flat array of int32 words (shared variables, lock
 * owners, then per thread its pc, status and locals), so snapshots are copies, fingerprints are
 * XXH3-128 of the words, and equal states are equal arrays. */
#include <stdio.h>
#include <string.h>
#include <xxhash.h>

#include "toy_internal.h"

/* ---- Program lifetime and layout ------------------------------------------------------------- */

/* Frees [n] strings and their array. */
static void free_strings(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++) base_free(names[i]);
    base_free(names);
}

void toy_free_program(toy_program *toy)
{
    if (!toy) return;
    for (size_t t = 0; t < toy->nthreads; t++) {
        base_free(toy->threads[t].name);
        base_free(toy->threads[t].code);
        free_strings(toy->threads[t].locals, toy->threads[t].nlocals);
    }
    base_free(toy->threads);
    free_strings(toy->var_names, toy->nvars);
    free_strings(toy->lock_names, toy->nlocks);
    base_free(toy->var_init);
    base_free(toy->exprs);
    base_free(toy->rets);
    base_free(toy->init);
    base_free(toy->cur);
    while (toy->free_snaps) {
        por_snapshot *next = toy->free_snaps->next;
        base_free(toy->free_snaps);
        toy->free_snaps = next;
    }
    base_free(toy->file);
    base_free(toy);
}

void toy_free(toy_program *toy)
{
    toy_free_program(toy);
}

/* Returns the words (pc, status, locals) of thread [t] in [state]. */
static int32_t *thread_words(const toy_program *toy, int32_t *state, size_t t)
{
    return state + toy->threads[t].base;
}

static void normalize(const toy_program *toy, int32_t *state, size_t t);

bool toy_build_initial(toy_program *toy)
{
    size_t words = toy->nvars + toy->nlocks;
    for (size_t t = 0; t < toy->nthreads; t++) {
        toy->threads[t].base = words;
        words += 2 + toy->threads[t].nlocals;
    }
    toy->words = words;
    toy->init = base_calloc(words, sizeof(int32_t));
    toy->cur = base_calloc(words, sizeof(int32_t));
    if (!toy->init || !toy->cur) return false;
    if (toy->nvars) memcpy(toy->init, toy->var_init, toy->nvars * sizeof(int32_t));
    for (size_t l = 0; l < toy->nlocks; l++) toy->init[toy->nvars + l] = -1;
    for (size_t t = 0; t < toy->nthreads; t++) normalize(toy, toy->init, t);
    memcpy(toy->cur, toy->init, words * sizeof(int32_t));
    return true;
}

/* ---- Expressions ----------------------------------------------------------------------------- */

/* Wrapping 32-bit arithmetic, without signed overflow. */
static int32_t wrap(int64_t v)
{
    return (int32_t)(uint32_t)(uint64_t)v;
}

/* Applies binary operator [op] to [a] and [b]. */
static int32_t binary(toy_eop op, int32_t a, int32_t b)
{
    switch (op) {
    case TOY_E_ADD:
        return wrap((int64_t)a + b);
    case TOY_E_SUB:
        return wrap((int64_t)a - b);
    case TOY_E_MUL:
        return wrap((int64_t)a * b);
    case TOY_E_EQ:
        return a == b;
    case TOY_E_NE:
        return a != b;
    case TOY_E_LT:
        return a < b;
    case TOY_E_LE:
        return a <= b;
    case TOY_E_GT:
        return a > b;
    case TOY_E_GE:
        return a >= b;
    case TOY_E_AND:
        return a && b;
    default:
        return a || b; /* TOY_E_OR */
    }
}

int32_t toy_eval(const toy_program *toy, uint32_t at, const int32_t *locals)
{
    int32_t stack[TOY_MAX_EXPR_STACK + 1];
    size_t sp = 0;
    for (const int32_t *w = toy->exprs + at; *w != TOY_E_END; w++) {
        switch ((toy_eop)*w) {
        case TOY_E_CONST:
            stack[sp++] = *++w;
            break;
        case TOY_E_LOCAL:
            stack[sp++] = locals[*++w];
            break;
        case TOY_E_NEG:
            stack[sp - 1] = wrap(-(int64_t)stack[sp - 1]);
            break;
        case TOY_E_NOT:
            stack[sp - 1] = !stack[sp - 1];
            break;
        default:
            sp--;
            stack[sp - 1] = binary((toy_eop)*w, stack[sp - 1], stack[sp]);
        }
    }
    return stack[0];
}

/* ---- Threads --------------------------------------------------------------------------------- */

/* Runs control instruction [in] of a thread whose words are [w]. */
static void control(const toy_program *toy, const toy_instr *in, int32_t *w)
{
    if (in->op == TOY_JUMP)
        w[0] = (int32_t)in->target;
    else
        w[0] = (toy_eval(toy, in->expr[0], w + 2) != 0) == (int)in->flag ? (int32_t)in->target
                                                                         : w[0] + 1;
}

/* Follows control instructions from [t]'s pc until an action, a return or the end. More than
 * [count] control steps in a row mean a cycle of control instructions alone (while (true) {}):
 * the thread then parks at the cycle's smallest pc, where that instruction runs as an
 * invisible step that leads back to the same state. */
static void normalize(const toy_program *toy, int32_t *state, size_t t)
{
    const toy_thread *th = &toy->threads[t];
    int32_t *w = thread_words(toy, state, t);
    for (size_t k = 0; k <= th->count; k++) {
        if ((size_t)w[0] >= th->count) {
            w[0] = (int32_t)th->count;
            w[1] = TOY_FINISHED;
            return;
        }
        const toy_instr *in = &th->code[w[0]];
        if (in->op == TOY_RETURN) {
            w[1] = TOY_FINISHED;
            return;
        }
        if (in->op != TOY_JUMP && in->op != TOY_BRANCH) return;
        control(toy, in, w);
    }
    int32_t min = w[0];
    for (size_t k = 0; k <= th->count; k++) {
        control(toy, &th->code[w[0]], w);
        if (w[0] < min) min = w[0];
    }
    w[0] = min;
}

/* The instruction [t] runs next, or NULL when it is finished or failed. */
static const toy_instr *next_instr(const toy_program *toy, const int32_t *state, size_t t)
{
    const int32_t *w = state + toy->threads[t].base;
    if (w[1] != TOY_RUNNING) return NULL;
    return &toy->threads[t].code[w[0]];
}

/* True when thread [t] is running and not waiting for a lock. */
static bool can_run(const toy_program *toy, const int32_t *state, size_t t)
{
    const toy_instr *in = next_instr(toy, state, t);
    return in && !(in->op == TOY_LOCK && state[toy->nvars + in->obj] >= 0);
}

/* Runs [in], the next instruction of [t]; false when it fails (assertion, bad unlock). */
static bool execute(toy_program *toy, size_t t, const toy_instr *in)
{
    int32_t *s = toy->cur, *w = thread_words(toy, s, t), *locals = w + 2;
    int32_t *owners = s + toy->nvars;
    switch (in->op) {
    case TOY_READ:
        locals[in->dst] = s[in->obj];
        break;
    case TOY_WRITE:
        s[in->obj] = toy_eval(toy, in->expr[0], locals);
        break;
    case TOY_CAS: {
        bool ok = s[in->obj] == toy_eval(toy, in->expr[0], locals);
        if (ok) s[in->obj] = toy_eval(toy, in->expr[1], locals);
        locals[in->dst] = ok;
        break;
    }
    case TOY_LOCK:
        owners[in->obj] = (int32_t)t;
        break;
    case TOY_UNLOCK:
        if (owners[in->obj] != (int32_t)t) return false;
        owners[in->obj] = -1;
        break;
    case TOY_CLEAR:
        memset(s, 0, toy->nvars * sizeof *s);
        break;
    case TOY_LOCAL:
        if (in->dst >= 0) locals[in->dst] = toy_eval(toy, in->expr[0], locals);
        break;
    case TOY_ASSERT:
        if (!toy_eval(toy, in->expr[0], locals)) return false;
        break;
    case TOY_JUMP: /* in a cycle of control instructions only: one of them is the step */
    case TOY_BRANCH:
        control(toy, in, w);
        return true;
    case TOY_RETURN:
        break;
    }
    w[0]++;
    return true;
}

/* ---- The lts interface ----------------------------------------------------------------------- */

/* The lts functions of the toy language, over its current state. */
static size_t op_thread_count(const void *model)
{
    return ((const toy_program *)model)->nthreads;
}

static por_tset op_enabled(const void *model)
{
    const toy_program *toy = model;
    por_tset set = 0;
    for (size_t t = 0; t < toy->nthreads; t++)
        if (can_run(toy, toy->cur, t)) set |= (por_tset)1 << t;
    return set;
}

static por_tset op_waiting(const void *model)
{
    const toy_program *toy = model;
    por_tset set = 0;
    for (size_t t = 0; t < toy->nthreads; t++)
        if (next_instr(toy, toy->cur, t) && !can_run(toy, toy->cur, t)) set |= (por_tset)1 << t;
    return set;
}

static void op_peek(const void *model, size_t t, por_label *out)
{
    const toy_program *toy = model;
    const toy_instr *in = next_instr(toy, toy->cur, t);
    memset(out, 0, sizeof *out);
    out->thread = (uint32_t)t;
    if (!in) return;
    out->pc = (uint32_t)(in - toy->threads[t].code);
    switch (in->op) {
    case TOY_READ:
        out->access = POR_READ;
        out->object = in->obj;
        break;
    case TOY_WRITE:
    case TOY_CAS:
        out->access = POR_WRITE;
        out->object = in->obj;
        break;
    case TOY_LOCK:
    case TOY_UNLOCK:
        out->access = POR_WRITE;
        out->object = (uint32_t)toy->nvars + in->obj;
        break;
    case TOY_CLEAR:
        out->access = POR_WRITE;
        out->object = POR_ANY_OBJECT;
        break;
    default:
        out->access = POR_INVISIBLE;
    }
}

/* Only a lock can wait for another thread. */
static bool op_may_block(const void *model, size_t t, const por_label *next)
{
    (void)next; /* a lock and an unlock have the same label */
    const toy_program *toy = model;
    const toy_instr *in = next_instr(toy, toy->cur, t);
    return in && in->op == TOY_LOCK;
}

static por_step_result op_step(void *model, size_t t, por_error *err)
{
    toy_program *toy = model;
    if (!can_run(toy, toy->cur, t)) {
        por_fail(err, POR_ERR_LTS, "%s: thread %zu is not enabled", toy->file, t);
        return POR_STEP_ERROR;
    }
    const toy_instr *in = next_instr(toy, toy->cur, t);
    if (!execute(toy, t, in)) {
        thread_words(toy, toy->cur, t)[1] = TOY_FAILED;
        return POR_STEP_ASSERT;
    }
    normalize(toy, toy->cur, t);
    return POR_STEP_OK;
}

static por_fp op_fingerprint(const void *model)
{
    const toy_program *toy = model;
    XXH128_hash_t h = XXH3_128bits(toy->cur, toy->words * sizeof(int32_t));
    por_fp fp = {h.low64, h.high64};
    return fp;
}

static por_snapshot *op_save(void *model)
{
    toy_program *toy = model;
    por_snapshot *snap = toy->free_snaps;
    if (snap)
        toy->free_snaps = snap->next;
    else
        snap = base_malloc(sizeof *snap + toy->words * sizeof(int32_t));
    if (!snap) return NULL;
    memcpy(snap->words, toy->cur, toy->words * sizeof(int32_t));
    return snap;
}

static void op_restore(void *model, const por_snapshot *snap)
{
    toy_program *toy = model;
    memcpy(toy->cur, snap->words, toy->words * sizeof(int32_t));
}

static void op_release(void *model, por_snapshot *snap)
{
    toy_program *toy = model;
    snap->next = toy->free_snaps;
    toy->free_snaps = snap;
}

static void op_describe(const void *model, size_t thread, char *buf, size_t cap)
{
    toy_describe_thread(model, thread, buf, cap);
}

static const por_lts_ops lts_ops = {
    op_thread_count, op_enabled, op_waiting, op_peek,      op_step, op_fingerprint, op_save,
    op_restore,      op_release, NULL,       op_may_block, false,   NULL,           op_describe,
};

por_lts toy_lts(toy_program *toy)
{
    por_lts lts = {&lts_ops, toy};
    return lts;
}

void toy_reset(toy_program *toy)
{
    memcpy(toy->cur, toy->init, toy->words * sizeof(int32_t));
}

size_t toy_thread_count(const toy_program *toy)
{
    return toy->nthreads;
}

const char *toy_thread_name(const toy_program *toy, size_t thread)
{
    return thread < toy->nthreads ? toy->threads[thread].name : "?";
}

size_t toy_state_words(const toy_program *toy, int32_t *out)
{
    if (out) memcpy(out, toy->cur, toy->words * sizeof(int32_t));
    return toy->words;
}

size_t toy_thread_line(const toy_program *toy, size_t thread)
{
    const int32_t *w = toy->cur + toy->threads[thread].base;
    const toy_thread *th = &toy->threads[thread];
    return (size_t)w[0] < th->count ? th->code[w[0]].line : 0;
}

/* ---- Describing states ----------------------------------------------------------------------- */

/* Appends thread [t]'s outcome: its returned locals, or how it stopped. */
static void put_outcome(const toy_program *toy, size_t t, base_textbuf *o)
{
    const toy_thread *th = &toy->threads[t];
    const int32_t *w = toy->cur + th->base;
    base_textbuf_printf(o, "%s:", th->name);
    if (w[1] == TOY_FAILED) {
        base_textbuf_printf(o, " failed at line %u", th->code[w[0]].line);
        return;
    }
    if (w[1] == TOY_RUNNING) {
        base_textbuf_printf(o, " blocked at line %u", th->code[w[0]].line);
        return;
    }
    const toy_instr *in = (size_t)w[0] < th->count ? &th->code[w[0]] : NULL;
    if (!in || in->count == 0) base_textbuf_printf(o, " -");
    for (size_t i = 0; in && i < in->count; i++) {
        uint32_t slot = toy->rets[in->first + i];
        base_textbuf_printf(o, "%s %s=%d", i ? "," : "", th->locals[slot], w[2 + slot]);
    }
}

size_t toy_outcome(const toy_program *toy, char *buf, size_t size)
{
    base_textbuf o = base_textbuf_make(buf, size);
    for (size_t t = 0; t < toy->nthreads; t++) {
        if (t) base_textbuf_printf(&o, "; ");
        put_outcome(toy, t, &o);
    }
    return o.len;
}

size_t toy_describe_thread(const toy_program *toy, size_t thread, char *buf, size_t size)
{
    static const char *const status[] = {"running", "finished", "failed"};
    base_textbuf o = base_textbuf_make(buf, size);
    const toy_thread *th = &toy->threads[thread];
    const int32_t *w = toy->cur + th->base;
    base_textbuf_printf(&o, "%s %s", th->name, status[w[1]]);
    if ((size_t)w[0] < th->count) base_textbuf_printf(&o, " at line %u", th->code[w[0]].line);
    for (size_t i = 0; i < th->nlocals; i++)
        base_textbuf_printf(&o, " %s=%d", th->locals[i], w[2 + i]);
    return o.len;
}

size_t toy_describe(const toy_program *toy, char *buf, size_t size)
{
    base_textbuf o = base_textbuf_make(buf, size);
    for (size_t v = 0; v < toy->nvars; v++)
        base_textbuf_printf(&o, "%s%s=%d", v ? " " : "", toy->var_names[v], toy->cur[v]);
    for (size_t l = 0; l < toy->nlocks; l++) {
        int32_t owner = toy->cur[toy->nvars + l];
        base_textbuf_printf(&o, " %s=%s", toy->lock_names[l],
                            owner < 0 ? "free" : toy->threads[owner].name);
    }
    for (size_t t = 0; t < toy->nthreads; t++) {
        base_textbuf_printf(&o, " | ");
        size_t room = o.len < size ? size - o.len : 0;
        o.len += toy_describe_thread(toy, t, room ? buf + o.len : NULL, room);
    }
    return o.len;
}
