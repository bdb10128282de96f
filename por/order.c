/* Enumeration orders (Section 4.1, "Transition enumeration"): seq:PERM follows a permutation of
 * thread ids, random:SEED draws uniformly; both first prefer a transition that leads to an
 * already visited state. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Parses the comma-separated thread ids at [p] into [out]. */
static por_status parse_perm(const char *p, por_order *out, por_error *err)
{
    por_tset seen = 0;
    for (;;) {
        char *end;
        errno = 0;
        unsigned long t = strtoul(p, &end, 10);
        if (end == p || errno || t >= POR_MAX_THREADS || *p == '-' || *p == '+')
            return por_fail(err, POR_ERR_ARG, "order seq: expected a thread id 0..%d at '%s'",
                            POR_MAX_THREADS - 1, p);
        if (tset_has(seen, t))
            return por_fail(err, POR_ERR_ARG, "order seq: thread %lu listed twice", t);
        seen |= tset_of(t);
        out->perm[out->perm_len++] = (uint8_t)t;
        if (*end == '\0') return POR_OK;
        if (*end != ',') return por_fail(err, POR_ERR_ARG, "order seq: unexpected '%s'", end);
        p = end + 1;
    }
}

por_status por_order_parse(const char *text, por_order *out, por_error *err)
{
    memset(out, 0, sizeof *out);
    if (!strcmp(text, "seq")) return POR_OK;
    if (!strncmp(text, "seq:", 4)) return parse_perm(text + 4, out, err);
    if (!strncmp(text, "random:", 7)) {
        const char *p = text + 7;
        char *end;
        errno = 0;
        unsigned long long seed = strtoull(p, &end, 10);
        if (end == p || *end || errno || *p == '-' || *p == '+')
            return por_fail(err, POR_ERR_ARG, "order random: expected a decimal seed, got '%s'", p);
        out->kind = POR_ORDER_RANDOM;
        out->seed = seed;
        return POR_OK;
    }
    return por_fail(err, POR_ERR_ARG, "unknown order '%s' (expected seq:PERM or random:SEED)",
                    text);
}

void por_order_format(const por_order *order, char *buf, size_t size)
{
    if (size == 0) return;
    if (order->kind == POR_ORDER_RANDOM) {
        snprintf(buf, size, "random:%llu", (unsigned long long)order->seed);
        return;
    }
    size_t len = (size_t)snprintf(buf, size, "seq");
    for (size_t i = 0; i < order->perm_len && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%c%u", i ? ',' : ':', order->perm[i]);
}

void por_search_order_init(search *s)
{
    const por_order *o = &s->opt->order;
    por_tset listed = 0;
    size_t k = 0;
    for (size_t i = 0; i < o->perm_len; i++)
        if (o->perm[i] < s->n) {
            s->seq[k++] = o->perm[i];
            listed |= tset_of(o->perm[i]);
        }
    for (size_t t = 0; t < s->n; t++)
        if (!tset_has(listed, t)) s->seq[k++] = (uint8_t)t;
    s->rng = o->seed ^ 0x5DEECE66Dull;
}

/* splitmix64: small, fast and good enough to draw threads. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

size_t por_search_pick(search *s, por_tset set)
{
    if (s->opt->order.kind == POR_ORDER_RANDOM) {
        size_t k = (size_t)(next_random(&s->rng) % tset_size(set));
        while (k--) set &= set - 1;
        return tset_first(set);
    }
    for (size_t i = 0;; i++)
        if (tset_has(set, s->seq[i])) return s->seq[i];
}

uint32_t por_search_choose(search *s, frame *f, por_tset cand)
{
    if (tset_size(cand) == 1) return (uint32_t)tset_first(cand);
    if (s->algo->dpor) return (uint32_t)por_search_pick(s, cand); /* no state to prefer */
    /* A search without the proviso (dfs, jpf) explores every candidate of each state, so unless
     * it stops at the first error the preference for known successors only reorders them, at
     * the price of probing them all first and running again each new one it then takes (12% of
     * dfs's instructions); a parallel one never prefers, which would cost a shared lookup each. */
    if (!s->algo->proviso && (s->shared || !s->opt->first_error))
        return (uint32_t)por_search_pick(s, cand);
    size_t d = (size_t)(f - s->frames);
    por_tset known = 0;
    for (por_tset m = cand; m; m &= m - 1) {
        size_t t = tset_first(m);
        if (!por_search_probe(s, f, t)) return NONE;
        if (por_search_known(s, s->probes[d * s->n + t].fp)) known |= tset_of(t);
    }
    return (uint32_t)por_search_pick(s, known ? known : cand);
}
