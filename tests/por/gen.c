/* Random toy programs and their shrinks. */
#include "gen.h"

#include <stdio.h>
#include <string.h>

#include "base.h"

/* ---- Generation ------------------------------------------------------------------------------ */

static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static size_t rnd(uint64_t *s, size_t n)
{
    return (size_t)(next(s) % n);
}

/* What the thread being generated has so far. */
typedef struct gen_state {
    gen_thread *th;
    const gen_program *p;
    bool locals;
    size_t open[GEN_MAX_ITEMS]; /* items of the open blocks */
    size_t nopen;
    unsigned read_regs; /* registers some read has written */
    unsigned held;      /* locks held by the open blocks */
} gen_state;

static gen_item *append(gen_state *g, gen_kind kind)
{
    gen_item *it = &g->th->items[g->th->n++];
    memset(it, 0, sizeof *it);
    it->kind = (uint8_t)kind;
    return it;
}

static void close_block(gen_state *g)
{
    const gen_item *open = &g->th->items[g->open[--g->nopen]];
    gen_item *it = append(g, open->kind == G_LOCK ? G_UNLOCK : G_ENDIF);
    it->lock = open->lock;
    if (open->kind == G_LOCK) g->held &= ~(1u << open->lock);
}

static uint8_t read_reg(gen_state *g, uint64_t *s)
{
    uint8_t r;
    do r = (uint8_t)rnd(s, GEN_REGS);
    while (!(g->read_regs >> r & 1));
    return r;
}

/* Opens a lock block or an if block when [kind] allows it here; false when it does not. */
static bool try_block(gen_state *g, gen_kind kind, uint64_t *s)
{
    if (kind == G_LOCK) {
        if (!g->p->nlocks || g->nopen >= 2 || g->held == (1u << g->p->nlocks) - 1) return false;
        uint8_t l;
        do l = (uint8_t)rnd(s, g->p->nlocks);
        while (g->held >> l & 1);
        g->held |= 1u << l;
        g->open[g->nopen++] = g->th->n;
        append(g, G_LOCK)->lock = l;
        return true;
    }
    if (!g->read_regs || g->nopen >= 3) return false;
    g->open[g->nopen++] = g->th->n;
    gen_item *it = append(g, G_IF);
    it->reg = read_reg(g, s);
    it->a = (int8_t)rnd(s, 3);
    return true;
}

/* Adds an operation of [kind] when it applies to the thread so far; false when it does not. */
static bool try_op(gen_state *g, gen_kind kind, uint64_t *s)
{
    if (kind == G_LOCK || kind == G_IF) return try_block(g, kind, s);
    bool needs_read = kind == G_WRITE_INC || kind == G_ASSERT;
    if ((needs_read && !g->read_regs) || (kind == G_LOCAL && !g->locals)) return false;
    uint8_t reg = needs_read ? read_reg(g, s) : (uint8_t)rnd(s, GEN_REGS);
    gen_item *it = append(g, kind);
    it->var = (uint8_t)rnd(s, g->p->nvars);
    it->reg = reg;
    if (kind == G_READ || kind == G_CAS) g->read_regs |= 1u << reg;
    if (kind == G_WRITE || kind == G_SPIN) it->a = (int8_t)(1 + rnd(s, 2));
    if (kind == G_ASSERT) it->a = (int8_t)rnd(s, 3);
    if (kind == G_CAS) {
        it->a = (int8_t)rnd(s, 2);
        it->b = (int8_t)(1 + rnd(s, 2));
    }
    return true;
}

/* Kinds by weight (out of 100): reads are the most common. */
static gen_kind roll_kind(uint64_t *s)
{
    static const struct {
        gen_kind kind;
        size_t below;
    } table[] = {
        {G_READ, 30}, {G_WRITE, 45},  {G_WRITE_INC, 55}, {G_CAS, 65},   {G_LOCK, 75},
        {G_IF, 83},   {G_ASSERT, 90}, {G_SPIN, 93},      {G_LOCAL, 98}, {G_CLEAR, 100},
    };
    size_t roll = rnd(s, 100), i = 0;
    while (roll >= table[i].below) i++;
    return table[i].kind;
}

/* Adds one random operation to the thread. */
static void gen_op(gen_state *g, uint64_t *s)
{
    while (!try_op(g, roll_kind(s), s)) continue;
}

/* Operations per thread at most, by thread count: the stateless searches explore trees that grow
 * exponentially with the total, and every program must fit them. */
static const size_t max_ops[GEN_MAX_THREADS + 1] = {0, 6, 6, 4, 3};

static void gen_thread_items(gen_thread *th, const gen_program *p, bool locals, uint64_t *s)
{
    gen_state g = {th, p, locals, {0}, 0, 0, 0};
    th->spin_var = rnd(s, 100) < 12 ? (int)rnd(s, p->nvars) : -1;
    th->forever = rnd(s, 100) < 8;
    size_t ops = 1 + rnd(s, max_ops[p->nthreads]);
    for (size_t i = 0; i < ops; i++) {
        if (g.nopen && rnd(s, 100) < 30) close_block(&g);
        gen_op(&g, s);
    }
    while (g.nopen) close_block(&g);
}

void gen_random(gen_program *p, uint64_t seed)
{
    uint64_t s = seed;
    memset(p, 0, sizeof *p);
    p->nthreads = 2 + rnd(&s, 3);
    p->nvars = 1 + rnd(&s, 3);
    p->nlocks = rnd(&s, 3);
    bool locals = rnd(&s, 2);
    for (size_t t = 0; t < p->nthreads; t++) gen_thread_items(&p->threads[t], p, locals, &s);
    /* every entry, a constant bound: with nthreads, gcc 12 -O3 saw a write past order[] */
    for (size_t t = 0; t < GEN_MAX_THREADS; t++) p->order[t] = (uint8_t)t;
    for (size_t t = p->nthreads; t > 1; t--) {
        size_t k = rnd(&s, t);
        uint8_t tmp = p->order[t - 1];
        p->order[t - 1] = p->order[k];
        p->order[k] = tmp;
    }
}

/* ---- Rendering ------------------------------------------------------------------------------- */

static void render_item(base_textbuf *o, const gen_item *it, size_t depth)
{
    base_textbuf_printf(o, "%*s", (int)(2 * depth + 2), "");
    switch ((gen_kind)it->kind) {
    case G_READ:
        base_textbuf_printf(o, "r%d = v%d\n", it->reg, it->var);
        break;
    case G_WRITE:
        base_textbuf_printf(o, "v%d = %d\n", it->var, it->a);
        break;
    case G_WRITE_INC:
        base_textbuf_printf(o, "v%d = r%d + 1\n", it->var, it->reg);
        break;
    case G_CAS:
        base_textbuf_printf(o, "r%d = cas(v%d, %d, %d)\n", it->reg, it->var, it->a, it->b);
        break;
    case G_LOCK:
        base_textbuf_printf(o, "lock l%d\n", it->lock);
        break;
    case G_UNLOCK:
        base_textbuf_printf(o, "unlock l%d\n", it->lock);
        break;
    case G_IF:
        base_textbuf_printf(o, "if (r%d == %d) {\n", it->reg, it->a);
        break;
    case G_ENDIF:
        base_textbuf_printf(o, "}\n");
        break;
    case G_ASSERT:
        base_textbuf_printf(o, "assert(r%d != %d)\n", it->reg, it->a);
        break;
    case G_LOCAL:
        base_textbuf_printf(o, "local r%d = r%d + 1\n", it->reg, it->reg);
        break;
    case G_SPIN:
        base_textbuf_printf(o, "while (v%d != %d);\n", it->var, it->a);
        break;
    case G_CLEAR:
        base_textbuf_printf(o, "clear\n");
        break;
    }
}

static void render_thread(base_textbuf *o, const gen_thread *th, size_t id)
{
    base_textbuf_printf(o, "thread T%zu {\n", id);
    if (th->spin_var >= 0) base_textbuf_printf(o, "  while (v%d == 0);\n", th->spin_var);
    size_t depth = 0;
    for (size_t i = 0; i < th->n; i++) {
        gen_kind k = (gen_kind)th->items[i].kind;
        if (k == G_UNLOCK || k == G_ENDIF) depth--;
        render_item(o, &th->items[i], depth);
        if (k == G_LOCK || k == G_IF) depth++;
    }
    if (th->forever) base_textbuf_printf(o, "  while (true) { local }\n");
    base_textbuf_printf(o, "  return r0, r1, r2\n}\n");
}

size_t gen_render(const gen_program *p, char *buf, size_t size)
{
    base_textbuf o = base_textbuf_make(buf, size);
    if (size) buf[0] = '\0';
    base_textbuf_printf(&o, "shared");
    for (size_t v = 0; v < p->nvars; v++) base_textbuf_printf(&o, "%s v%zu", v ? "," : "", v);
    base_textbuf_printf(&o, "\n");
    for (size_t l = 0; l < p->nlocks; l++) base_textbuf_printf(&o, "%s l%zu", l ? "," : "lock", l);
    if (p->nlocks) base_textbuf_printf(&o, "\n");
    for (size_t i = 0; i < p->nthreads; i++)
        render_thread(&o, &p->threads[p->order[i]], p->order[i]);
    return o.len;
}

/* ---- Shrinking ------------------------------------------------------------------------------- */

static bool opens(uint8_t kind)
{
    return kind == G_LOCK || kind == G_IF;
}
static bool closes(uint8_t kind)
{
    return kind == G_UNLOCK || kind == G_ENDIF;
}

/* Returns the item that closes the block opened at [i]. */
static size_t block_end(const gen_thread *th, size_t i)
{
    size_t depth = 0;
    for (size_t j = i;; j++) {
        if (opens(th->items[j].kind)) depth++;
        if (closes(th->items[j].kind) && --depth == 0) return j;
    }
}

/* Returns the item that opens the block closed at [j]. */
static size_t block_start(const gen_thread *th, size_t j)
{
    size_t depth = 0;
    for (size_t i = j;; i--) {
        if (closes(th->items[i].kind)) depth++;
        if (opens(th->items[i].kind) && --depth == 0) return i;
    }
}

static void delete_range(gen_thread *th, size_t from, size_t to)
{
    memmove(&th->items[from], &th->items[to + 1], (th->n - to - 1) * sizeof th->items[0]);
    th->n -= to - from + 1;
}

static void delete_one(gen_thread *th, size_t i)
{
    delete_range(th, i, i);
}

static void delete_thread(gen_program *p, size_t t)
{
    memmove(&p->threads[t], &p->threads[t + 1], (p->nthreads - t - 1) * sizeof p->threads[0]);
    size_t k = 0;
    for (size_t i = 0; i < p->nthreads; i++)
        if (p->order[i] != t)
            p->order[k++] = (uint8_t)(p->order[i] > t ? p->order[i] - 1 : p->order[i]);
    p->nthreads--;
}

size_t gen_mutations(const gen_program *p)
{
    size_t n = p->nthreads > 1 ? p->nthreads : 0;
    for (size_t t = 0; t < p->nthreads; t++) {
        const gen_thread *th = &p->threads[t];
        n += 2 * th->n + 2; /* delete each item, unwrap each item, spin, forever */
    }
    return n;
}

/* Applies mutation [k] to thread [th]; false (and nothing changed) when it does not apply. */
static bool mutate_thread(gen_thread *th, size_t k)
{
    if (k < th->n) { /* delete item k, or the whole block it opens or closes */
        uint8_t kind = th->items[k].kind;
        if (opens(kind))
            delete_range(th, k, block_end(th, k));
        else if (closes(kind))
            delete_range(th, block_start(th, k), k);
        else
            delete_one(th, k);
        return true;
    }
    k -= th->n;
    if (k < th->n) { /* unwrap the block opened at k */
        if (!opens(th->items[k].kind)) return false;
        size_t end = block_end(th, k);
        delete_one(th, end);
        delete_one(th, k);
        return true;
    }
    k -= th->n;
    if (k == 0) return th->spin_var >= 0 ? (th->spin_var = -1, true) : false;
    return th->forever ? (th->forever = false, true) : false;
}

bool gen_mutate(const gen_program *p, size_t k, gen_program *out)
{
    *out = *p;
    if (p->nthreads > 1) {
        if (k < p->nthreads) {
            delete_thread(out, k);
            return true;
        }
        k -= p->nthreads;
    }
    for (size_t t = 0; t < p->nthreads; t++) {
        size_t span = 2 * p->threads[t].n + 2;
        if (k < span) return mutate_thread(&out->threads[t], k);
        k -= span;
    }
    return false;
}
