/* clients: two sequential objects run side by side over every linearization of a client, to find
 * where they disagree (the implementation against its ADT model, `--oracle adt`). A joint node
 * is (progress, fingerprint of one, fingerprint of the other); each is expanded once. */
#include <stdio.h>
#include <string.h>
#include <xxhash.h>

#include "internal.h"

/* One visited joint node. */
typedef struct joint {
    client_fp a, b;
    const uint8_t *progress; /* NULL: empty slot */
} joint;

/* The comparison's state. */
typedef struct cmp {
    const client *c;
    const client_object *obj[2];
    client_lin_diff *diff;
    client_error *err;
    seq_view view;
    uint8_t progress[CLIENT_MAX_THREADS + 2];
    joint *seen;
    size_t seen_count, seen_cap;
    base_arena arena; /* progress copies */
} cmp;

/* Fails with CLIENT_ERR_NOMEM. */
static client_status cmp_nomem(cmp *m)
{
    return client_fail(m->err, CLIENT_ERR_NOMEM, "out of memory comparing sequential objects");
}

/* Hash of joint node ([a], [b], [progress]). */
static size_t joint_hash(const cmp *m, const uint8_t *progress, client_fp a, client_fp b)
{
    return (size_t)(a.lo ^ (b.lo * 31) ^
                    XXH3_64bits_withSeed(progress, m->view.count, a.hi ^ b.hi));
}

/* Puts [j] into table [t] of [cap] slots. */
static void joint_place(const cmp *m, joint *t, size_t cap, const joint *j)
{
    size_t h = joint_hash(m, j->progress, j->a, j->b) & (cap - 1);
    while (t[h].progress) h = (h + 1) & (cap - 1);
    t[h] = *j;
}

/* Doubles the visited table. */
static bool seen_grow(cmp *m)
{
    size_t cap = m->seen_cap ? m->seen_cap * 2 : 256;
    joint *t = base_calloc(cap, sizeof *t);
    if (!t) return false;
    for (size_t i = 0; i < m->seen_cap; i++)
        if (m->seen[i].progress) joint_place(m, t, cap, &m->seen[i]);
    base_free(m->seen);
    m->seen = t;
    m->seen_cap = cap;
    return true;
}

/* Marks the current joint node visited; [*fresh] tells whether it was new. */
static client_status visit(cmp *m, bool *fresh)
{
    client_fp a = m->obj[0]->ops->fingerprint(m->obj[0]->self);
    client_fp b = m->obj[1]->ops->fingerprint(m->obj[1]->self);
    if (2 * (m->seen_count + 1) > m->seen_cap && !seen_grow(m)) return cmp_nomem(m);
    size_t h = joint_hash(m, m->progress, a, b) & (m->seen_cap - 1);
    for (; m->seen[h].progress; h = (h + 1) & (m->seen_cap - 1)) {
        const joint *j = &m->seen[h];
        if (j->a.lo == a.lo && j->a.hi == a.hi && j->b.lo == b.lo && j->b.hi == b.hi &&
            !memcmp(j->progress, m->progress, m->view.count)) {
            *fresh = false;
            return CLIENT_OK;
        }
    }
    uint8_t *copy = base_arena_alloc(&m->arena, m->view.count);
    if (!copy) return cmp_nomem(m);
    memcpy(copy, m->progress, m->view.count);
    m->seen[h] = (joint){a, b, copy};
    m->seen_count++;
    m->diff->nodes++;
    *fresh = true;
    return CLIENT_OK;
}

static client_status explore(cmp *m);

/* Runs the next invocation of sequence [s] on both objects; records a disagreement or goes on
 * from the new joint node. */
static client_status step(cmp *m, size_t s)
{
    const client_invocation *inv = &m->view.seqs[s]->calls[m->progress[s]];
    client_value v[2];
    bool blocked[2];
    for (int k = 0; k < 2; k++) {
        client_status st = m->obj[k]->ops->invoke(m->obj[k]->self, m->c, inv, &v[k], m->err);
        blocked[k] = st == CLIENT_ERR_BLOCKED;
        if (st && !blocked[k]) return st;
    }
    if (blocked[0] && blocked[1]) return CLIENT_OK; /* an order neither object completes */
    client_lin_diff *d = m->diff;
    d->path[d->length++] = inv->index;
    if (blocked[0] || blocked[1] || client_value_compare(&v[0], &v[1])) {
        d->found = true;
        char *text[2] = {d->result_a, d->result_b};
        for (int k = 0; k < 2; k++)
            if (blocked[k])
                snprintf(text[k], sizeof d->result_a, "waits for ever");
            else
                client_value_format(&v[k], text[k], sizeof d->result_a);
        return CLIENT_OK;
    }
    m->progress[s]++;
    bool fresh;
    client_status st = visit(m, &fresh);
    if (!st && fresh) st = explore(m);
    m->progress[s]--;
    if (!st && !d->found) d->length--;
    return st;
}

/* Explores every enabled sequence from the current joint node until a disagreement. */
static client_status explore(cmp *m)
{
    uint32_t next = client_seq_view_enabled(&m->view, m->progress);
    bool single = (next & (next - 1)) == 0;
    client_snapshot *snap[2] = {NULL, NULL};
    client_status st = CLIENT_OK;
    for (int k = 0; k < 2 && !single && !st; k++)
        if (!(snap[k] = m->obj[k]->ops->save(m->obj[k]->self))) st = cmp_nomem(m);
    bool first = true;
    for (size_t s = 0; s < m->view.count && !st && !m->diff->found; s++) {
        if (!(next & (1u << s))) continue;
        for (int k = 0; k < 2 && !first; k++) m->obj[k]->ops->restore(m->obj[k]->self, snap[k]);
        first = false;
        st = step(m, s);
    }
    for (int k = 0; k < 2; k++)
        if (snap[k]) m->obj[k]->ops->release(m->obj[k]->self, snap[k]);
    return st;
}

client_status client_lin_compare(const client *c, const client_object *a, const client_object *b,
                                 client_lin_diff *diff, client_error *err)
{
    memset(diff, 0, sizeof *diff);
    cmp m = {.c = c, .obj = {a, b}, .diff = diff, .err = err};
    client_seq_view_init(c, &m.view);
    base_arena_init(&m.arena);
    bool fresh;
    client_status st = a->ops->reset(a->self, err);
    if (!st) st = b->ops->reset(b->self, err);
    if (!st) st = visit(&m, &fresh);
    if (!st) st = explore(&m);
    base_free(m.seen);
    base_arena_release(&m.arena);
    return st;
}

size_t client_lin_diff_format(const client *c, const client_lin_diff *diff, char *buf, size_t size)
{
    base_textbuf out = base_textbuf_make(buf, size);
    if (!diff->found) {
        base_textbuf_printf(&out, "no difference");
        return out.len;
    }
    for (size_t i = 0; i < diff->length; i++) {
        char label[256];
        client_column_label(c, diff->path[i], label, sizeof label);
        base_textbuf_printf(&out, "%s%s", i ? ", " : "", label);
    }
    base_textbuf_printf(&out, ": %s vs %s", diff->result_a, diff->result_b);
    return out.len;
}
