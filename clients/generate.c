/* clients: the seeded random client generator, after Violat's random mode: a number of threads,
 * a number of invocations per thread, methods drawn with weights that favour trusted mutators,
 * arguments from 0..values-1, and no client whose invocations are all read-only. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

/* Draws before client_gen_next gives up finding a client it has not produced yet. */
enum { GEN_ATTEMPTS = 1000 };

/* Longest method name the generator draws (a client is one line of a few kilobytes). */
enum { GEN_MAX_NAME = 1024 };

struct client_gen {
    const client_spec *spec;
    client_gen_options opt;
    client_rng rng;
    size_t *pool;      /* indices of the methods that may be drawn */
    unsigned *weights; /* their weights */
    size_t pool_count;
    unsigned total_weight;
    char **seen; /* open-addressing set of every client produced */
    size_t seen_count, seen_cap;
    size_t discarded; /* clients of [seen] the filter discarded */
    base_arena text;  /* the strings in [seen] */
};

/* ---- Random numbers -------------------------------------------------------------------------- */

/* One step of splitmix64, used to expand a seed. */
static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

void client_rng_seed(client_rng *rng, uint64_t seed)
{
    for (int i = 0; i < 4; i++) rng->s[i] = splitmix64(&seed);
}

/* Rotates [x] left by [k] bits. */
static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t client_rng_next(client_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t client_rng_below(client_rng *rng, uint64_t bound)
{
    if (bound == 0) return 0;
    uint64_t threshold = (0 - bound) % bound;
    for (;;) {
        uint64_t r = client_rng_next(rng);
        if (r >= threshold) return r % bound;
    }
}

/* Returns a uniform integer in [lo, hi]. */
static size_t draw_range(client_rng *rng, size_t lo, size_t hi)
{
    return lo + (size_t)client_rng_below(rng, (uint64_t)(hi - lo) + 1);
}

/* ---- Setup ----------------------------------------------------------------------------------- */

unsigned client_gen_weight(const client_method *m)
{
    if (m->trusted) return m->readonly ? 2 : 4;
    return 1;
}

/* Writes range [lo]..[hi] as the option gave it ("3" or "1..5") into [buf]. */
static const char *range_text(size_t lo, size_t hi, char *buf, size_t size)
{
    if (lo == hi)
        snprintf(buf, size, "%zu", lo);
    else
        snprintf(buf, size, "%zu..%zu", lo, hi);
    return buf;
}

/* Checks range [lo]..[hi] of option [name] against 1..[max]. */
static client_status check_range(const char *name, size_t lo, size_t hi, size_t max,
                                 client_error *err)
{
    char got[64];
    if (lo < 1 || lo > hi || hi > max)
        return client_fail(err, CLIENT_ERR_ARG, "%s: expected N or A..B within 1..%zu, got %s",
                           name, max, range_text(lo, hi, got, sizeof got));
    return CLIENT_OK;
}

/* Checks the numeric ranges of [opt]. */
static client_status check_options(const client_gen_options *opt, client_error *err)
{
    client_status s =
        check_range("--threads", opt->min_threads, opt->max_threads, CLIENT_MAX_THREADS, err);
    if (!s) s = check_range("--calls", opt->min_calls, opt->max_calls, CLIENT_MAX_CALLS, err);
    if (s) return s;
    if (opt->max_calls * opt->max_threads > CLIENT_MAX_INVOCATIONS)
        return client_fail(err, CLIENT_ERR_ARG,
                           "--threads %zu with --calls %zu: up to %zu invocations, at most %d",
                           opt->max_threads, opt->max_calls, opt->max_threads * opt->max_calls,
                           CLIENT_MAX_INVOCATIONS);
    if (opt->values < 1 || opt->values > 1000000)
        return client_fail(err, CLIENT_ERR_ARG, "--values must be between 1 and 1000000");
    return CLIENT_OK;
}

/* True when [name] is one of the comma-separated names in [list]. */
static bool name_listed(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == n && !strncmp(p, name, n)) return true;
        p += len + (comma != NULL);
    }
    return false;
}

/* Checks that every name of the --methods list [list] is a method of [spec]. */
static client_status check_method_list(const client_spec *spec, const char *list, client_error *err)
{
    for (const char *p = list;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        bool found = false;
        for (size_t i = 0; i < spec->method_count && !found; i++)
            found = strlen(spec->methods[i].name) == len && !strncmp(p, spec->methods[i].name, len);
        if (!found)
            return client_fail(err, CLIENT_ERR_ARG, "%s: --methods: no method '%.*s' in the spec",
                               spec->path, (int)len, p);
        if (!comma) return CLIENT_OK;
        p = comma + 1;
    }
}

/* Fills the method pool of [gen]; fails when it has no mutator. */
static client_status fill_pool(client_gen *gen, client_error *err)
{
    const client_spec *spec = gen->spec;
    bool mutator = false;
    if (gen->opt.methods) {
        client_status s = check_method_list(spec, gen->opt.methods, err);
        if (s) return s;
    }
    gen->pool = base_calloc(spec->method_count, sizeof *gen->pool);
    gen->weights = base_calloc(spec->method_count, sizeof *gen->weights);
    if (!gen->pool || !gen->weights)
        return client_fail(err, CLIENT_ERR_NOMEM, "out of memory setting up the generator");
    for (size_t i = 0; i < spec->method_count; i++) {
        const client_method *m = &spec->methods[i];
        if (gen->opt.mutators_only && m->readonly) continue;
        if (gen->opt.methods && !name_listed(gen->opt.methods, m->name)) continue;
        if (strlen(m->name) > GEN_MAX_NAME)
            return client_fail(err, CLIENT_ERR_ARG,
                               "%s: method '%.32s...' (%zu characters): name too long to draw "
                               "(at most %d)",
                               spec->path, m->name, strlen(m->name), GEN_MAX_NAME);
        mutator |= !m->readonly;
        gen->pool[gen->pool_count] = i;
        gen->weights[gen->pool_count++] = client_gen_weight(m);
        gen->total_weight += client_gen_weight(m);
    }
    if (!mutator)
        return client_fail(err, CLIENT_ERR_ARG,
                           "%s: every method is readonly, so every client would be read-only",
                           spec->path);
    return CLIENT_OK;
}

client_status client_gen_new(const client_spec *spec, const client_gen_options *opt,
                             client_gen **out, client_error *err)
{
    *out = NULL;
    client_status s = check_options(opt, err);
    if (s) return s;
    client_gen *gen = base_calloc(1, sizeof *gen);
    if (!gen) return client_fail(err, CLIENT_ERR_NOMEM, "out of memory setting up the generator");
    gen->spec = spec;
    gen->opt = *opt;
    base_arena_init(&gen->text);
    client_rng_seed(&gen->rng, opt->seed);
    if ((s = fill_pool(gen, err))) {
        client_gen_free(gen);
        return s;
    }
    *out = gen;
    return CLIENT_OK;
}

void client_gen_free(client_gen *gen)
{
    if (!gen) return;
    base_free(gen->pool);
    base_free(gen->weights);
    base_free(gen->seen);
    base_arena_release(&gen->text);
    base_free(gen);
}

/* ---- Drawing --------------------------------------------------------------------------------- */

/* Draws a method index by weight. */
static size_t draw_method(client_gen *gen)
{
    uint64_t r = client_rng_below(&gen->rng, gen->total_weight);
    size_t i = 0;
    while (r >= gen->weights[i]) r -= gen->weights[i++];
    return gen->pool[i];
}

/* Appends a random argument of type [t]. */
static void draw_arg(client_gen *gen, const client_type *t, base_textbuf *out)
{
    client_rng *rng = &gen->rng;
    uint64_t n = gen->opt.values;
    if (t->kind == CLIENT_TYPE_BOOLEAN) {
        base_textbuf_printf(out, "%s", client_rng_below(rng, 2) ? "true" : "false");
    } else if (t->kind == CLIENT_TYPE_COLLECTION) {
        uint64_t a = client_rng_below(rng, n), b = client_rng_below(rng, n);
        base_textbuf_printf(out, "[%" PRIu64 ",%" PRIu64 "]", a, b);
    } else if (t->kind == CLIENT_TYPE_MAP) {
        uint64_t k1 = client_rng_below(rng, n), v1 = client_rng_below(rng, n);
        base_textbuf_printf(out, "[%" PRIu64 "=%" PRIu64, k1, v1);
        if (n >= 2) {
            uint64_t k2 = (k1 + 1 + client_rng_below(rng, n - 1)) % n;
            base_textbuf_printf(out, ",%" PRIu64 "=%" PRIu64, k2, client_rng_below(rng, n));
        }
        base_textbuf_printf(out, "]");
    } else {
        base_textbuf_printf(out, "%" PRIu64, client_rng_below(rng, n));
    }
}

/* Appends one random client; [*read_only] tells whether every invocation is read-only. */
static void draw_client(client_gen *gen, base_textbuf *out, bool *read_only)
{
    const client_gen_options *o = &gen->opt;
    size_t threads = draw_range(&gen->rng, o->min_threads, o->max_threads);
    *read_only = true;
    for (size_t t = 0; t < threads; t++) {
        size_t calls = draw_range(&gen->rng, o->min_calls, o->max_calls);
        base_textbuf_printf(out, "%s{ ", t ? " || " : "");
        for (size_t k = 0; k < calls; k++) {
            const client_method *m = &gen->spec->methods[draw_method(gen)];
            *read_only &= m->readonly;
            base_textbuf_printf(out, "%s%s(", k ? "; " : "", m->name);
            for (size_t a = 0; a < m->param_count; a++) {
                if (a) base_textbuf_printf(out, ",");
                draw_arg(gen, &m->params[a], out);
            }
            base_textbuf_printf(out, ")");
        }
        base_textbuf_printf(out, " }");
    }
}

/* FNV-1a hash of [s]. */
static uint64_t hash_text(const char *s)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3u;
    return h;
}

/* Grows the seen-set of [gen] to twice its capacity. */
static bool grow_seen(client_gen *gen)
{
    size_t cap = gen->seen_cap ? gen->seen_cap * 2 : 64;
    char **slots = base_calloc(cap, sizeof *slots);
    if (!slots) return false;
    for (size_t i = 0; i < gen->seen_cap; i++) {
        if (!gen->seen[i]) continue;
        size_t h = (size_t)hash_text(gen->seen[i]) & (cap - 1);
        while (slots[h]) h = (h + 1) & (cap - 1);
        slots[h] = gen->seen[i];
    }
    base_free(gen->seen);
    gen->seen = slots;
    gen->seen_cap = cap;
    return true;
}

/* Records [text] as produced; [*fresh] tells whether it was new. False when out of memory. */
static bool remember(client_gen *gen, const char *text, bool *fresh)
{
    if (2 * (gen->seen_count + 1) > gen->seen_cap && !grow_seen(gen)) return false;
    size_t h = (size_t)hash_text(text) & (gen->seen_cap - 1);
    for (; gen->seen[h]; h = (h + 1) & (gen->seen_cap - 1))
        if (!strcmp(gen->seen[h], text)) {
            *fresh = false;
            return true;
        }
    char *copy = base_arena_strndup(&gen->text, text, strlen(text));
    if (!copy) return false;
    gen->seen[h] = copy;
    gen->seen_count++;
    *fresh = true;
    return true;
}

/* Asks the filter of [gen] whether to keep the new client [text]. */
static client_status filter(client_gen *gen, const char *text, bool *keep, client_error *err)
{
    *keep = true;
    if (!gen->opt.filter) return CLIENT_OK;
    client_status s = gen->opt.filter(gen->opt.filter_ctx, text, keep, err);
    if (!s && !*keep) gen->discarded++;
    return s;
}

client_status client_gen_next(client_gen *gen, char *buf, size_t size, client_error *err)
{
    for (int attempt = 0; attempt < GEN_ATTEMPTS; attempt++) {
        base_textbuf out = base_textbuf_make(buf, size);
        bool read_only, fresh, keep;
        draw_client(gen, &out, &read_only);
        if (out.len >= size)
            return client_fail(err, CLIENT_ERR_LIMIT,
                               "%s: a drawn client is longer than %zu bytes; draw fewer --threads "
                               "or --calls",
                               gen->spec->path, size - 1);
        if (read_only) continue;
        if (!remember(gen, buf, &fresh))
            return client_fail(err, CLIENT_ERR_NOMEM, "out of memory generating clients");
        if (!fresh) continue;
        client_status s = filter(gen, buf, &keep, err);
        if (s || keep) return s;
    }
    if (gen->discarded)
        return client_fail(err, CLIENT_ERR_LIMIT,
                           "no new client after %d draws: only %zu distinct clients found under "
                           "these limits, %zu of them discarded (no order completes)",
                           GEN_ATTEMPTS, gen->seen_count, gen->discarded);
    return client_fail(err, CLIENT_ERR_LIMIT,
                       "no new client after %d draws: only %zu distinct clients found under "
                       "these limits",
                       GEN_ATTEMPTS, gen->seen_count);
}
