/* The search harness shared by the por tests. */
#include "harness.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Byte-string sets ------------------------------------------------------------------------ */

static uint64_t hash_bytes(const void *data, size_t len)
{
    const unsigned char *p = data;
    uint64_t h = 1469598103934665603ull ^ len;
    for (; len >= 8; len -= 8, p += 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = (h ^ w) * 0x100000001B3ull;
        h ^= h >> 32;
    }
    for (; len; len--) h = (h ^ *p++) * 1099511628211ull;
    return h ^ (h >> 29);
}

static uint32_t item_len(const char *item)
{
    uint32_t n;
    memcpy(&n, item, sizeof n);
    return n;
}

static size_t find_slot(char **items, size_t cap, const void *data, size_t len)
{
    size_t i = (size_t)hash_bytes(data, len) & (cap - 1);
    while (items[i] && (item_len(items[i]) != len || memcmp(items[i] + 4, data, len)))
        i = (i + 1) & (cap - 1);
    return i;
}

static void rehash(bset *s)
{
    size_t cap = s->cap ? s->cap * 2 : 64;
    char **items = calloc(cap, sizeof *items);
    cr_assert_not_null(items);
    for (size_t i = 0; i < s->cap; i++)
        if (s->items[i])
            items[find_slot(items, cap, s->items[i] + 4, item_len(s->items[i]))] = s->items[i];
    free(s->items);
    s->items = items;
    s->cap = cap;
}

bool bset_add(bset *s, const void *data, size_t len)
{
    if ((s->count + 1) * 2 > s->cap) rehash(s);
    size_t i = find_slot(s->items, s->cap, data, len);
    if (s->items[i]) return false;
    char *item = malloc(len + 4);
    cr_assert_not_null(item);
    uint32_t n = (uint32_t)len;
    memcpy(item, &n, 4);
    memcpy(item + 4, data, len);
    s->items[i] = item;
    s->count++;
    return true;
}

bool bset_has(const bset *s, const void *data, size_t len)
{
    return s->cap && s->items[find_slot(s->items, s->cap, data, len)] != NULL;
}

/* Returns an item of [a] missing from [b], or NULL. */
static const char *missing(const bset *a, const bset *b)
{
    for (size_t i = 0; i < a->cap; i++)
        if (a->items[i] && !bset_has(b, a->items[i] + 4, item_len(a->items[i]))) return a->items[i];
    return NULL;
}

bool bset_equal(const bset *a, const bset *b)
{
    return a->count == b->count && !missing(a, b);
}

void bset_free(bset *s)
{
    for (size_t i = 0; i < s->cap; i++) free(s->items[i]);
    free(s->items);
    memset(s, 0, sizeof *s);
}

/* ---- The observer ---------------------------------------------------------------------------- */

typedef struct run_ctx {
    toy_program *toy;
    const bset *real;
    bool texts;
    outcomes *out;
} run_ctx;

static void problem(outcomes *o, const char *fmt, const char *detail)
{
    if (o->problems++ == 0) snprintf(o->problem, sizeof o->problem, fmt, detail);
}

static void state_bytes(toy_program *toy, int32_t **words, size_t *len)
{
    size_t n = toy_state_words(toy, NULL);
    *words = malloc(n * sizeof(int32_t));
    cr_assert_not_null(*words);
    toy_state_words(toy, *words);
    *len = n * sizeof(int32_t);
}

static por_verdict on_final(void *ctx, const por_trace *schedule, por_tset waiting)
{
    (void)schedule;
    run_ctx *c = ctx;
    int32_t *words;
    size_t len;
    state_bytes(c->toy, &words, &len);
    bset_add(&c->out->finals, words, len);
    if (waiting) bset_add(&c->out->deadlocks, words, len);
    free(words);
    if (!c->texts) return POR_CONTINUE;
    char text[1024];
    size_t n = toy_outcome(c->toy, text, sizeof text);
    cr_assert_lt(n, sizeof text);
    bset_add(&c->out->texts, text, n);
    return POR_CONTINUE;
}

static void on_assert(void *ctx, size_t thread, const por_trace *schedule)
{
    (void)schedule;
    run_ctx *c = ctx;
    char buf[1024];
    size_t n = toy_describe_thread(c->toy, thread, buf, sizeof buf);
    cr_assert_lt(n, sizeof buf);
    if (!strstr(buf, " failed"))
        problem(c->out, "assert reported but thread not failed: %.300s", buf);
    bset_add(&c->out->asserts, buf, n);
}

static void on_transition(void *ctx, const por_transition_event *ev)
{
    run_ctx *c = ctx;
    unsigned char key[36];
    memcpy(key, &ev->from, 16);
    memcpy(key + 16, &ev->label.thread, 4);
    memcpy(key + 20, &ev->to, 16);
    if (!c->real)
        bset_add(&c->out->edges, key, sizeof key);
    else if (!bset_has(c->real, key, sizeof key))
        problem(c->out, "explored a transition that does not exist (thread %s)",
                toy_thread_name(c->toy, ev->label.thread));
}

static void on_frame(void *ctx, const por_frame_event *ev)
{
    run_ctx *c = ctx;
    const char *what = NULL;
    if ((ev->backtrack | ev->done) & ~ev->enabled)
        what = "backtrack/done holds a thread that is not enabled";
    else if (ev->complete && ev->backtrack != ev->done)
        what = "left a state with backtrack != done";
    else if (ev->complete && (ev->enabled & ~ev->sleep) && !ev->done)
        what = "left a state unexplored";
    if (!what) return;
    char buf[300];
    snprintf(buf, sizeof buf, "%s: depth %zu, enabled %#llx, backtrack %#llx, done %#llx", what,
             ev->depth, (unsigned long long)ev->enabled, (unsigned long long)ev->backtrack,
             (unsigned long long)ev->done);
    problem(c->out, "%s", buf);
}

/* Records the fingerprint of a livelocked state the search reported (the toy is at it). */
static por_verdict on_livelock(void *ctx, const por_trace *schedule, por_tset running)
{
    run_ctx *c = ctx;
    (void)schedule;
    por_lts lts = toy_lts(c->toy);
    por_fp fp = lts.ops->fingerprint(lts.model);
    bset_add(&c->out->livelocks, &fp, sizeof fp);
    if (!(running & lts.ops->enabled(lts.model)) || running & ~lts.ops->enabled(lts.model))
        problem(c->out, "%s", "a livelock's running threads are not its state's enabled threads");
    return POR_VIOLATION;
}

void harness_note_finishing(outcomes *o)
{
    bset sources = {0};
    for (size_t i = 0; i < o->edges.cap; i++)
        if (o->edges.items[i]) bset_add(&sources, o->edges.items[i] + 4, 16);
    for (size_t i = 0; i < o->edges.cap; i++) /* the targets with no edge out are terminal */
        if (o->edges.items[i] && !bset_has(&sources, o->edges.items[i] + 4 + 20, 16))
            bset_add(&o->finishing, o->edges.items[i] + 4 + 20, 16);
    for (bool grew = true; grew;) {
        grew = false;
        for (size_t i = 0; i < o->edges.cap; i++) {
            const char *e = o->edges.items[i];
            if (e && bset_has(&o->finishing, e + 4 + 20, 16))
                grew |= bset_add(&o->finishing, e + 4, 16);
        }
    }
    bset_free(&sources);
}

por_status harness_run(const run_spec *spec, outcomes *out, por_result *result)
{
    memset(out, 0, sizeof *out);
    toy_reset(spec->toy);
    run_ctx c = {spec->toy, spec->real, spec->texts, out};
    por_observer obs = {.ctx = &c,
                        .final_state = on_final,
                        .assert_failed = on_assert,
                        .livelock = on_livelock,
                        .transition = on_transition,
                        .frame = on_frame};
    por_options opt = spec->opt;
    opt.observer = &obs;
    por_lts lts = spec->lts ? *spec->lts : toy_lts(spec->toy);
    por_error err;
    por_status s = por_search(&lts, &opt, result, &err);
    if (s != POR_OK) problem(out, "search failed: %.300s", err.message);
    return s;
}

/* Livelocks: the same ones (each reported at its smallest state, whatever the path), and (when
 * the oracle's finishing set is known) every reported state one that cannot finish. */
static bool same_livelocks(const outcomes *want, const outcomes *got, char *why, size_t size)
{
    if (!bset_equal(&want->livelocks, &got->livelocks)) {
        snprintf(why, size, "livelocks differ: oracle %zu, search %zu%s", want->livelocks.count,
                 got->livelocks.count,
                 missing(&want->livelocks, &got->livelocks) ? " (the search misses some)" : "");
        return false;
    }
    for (size_t i = 0; want->finishing.count && i < got->livelocks.cap; i++)
        if (got->livelocks.items[i] &&
            bset_has(&want->finishing, got->livelocks.items[i] + 4, 16)) {
            snprintf(why, size,
                     "reported a livelock at a state from which a terminal state can "
                     "be reached");
            return false;
        }
    return true;
}

bool harness_same(const outcomes *want, const outcomes *got, char *why, size_t size)
{
    static const char *const names[] = {"terminal states", "deadlocks", "failed assertions"};
    const bset *w[] = {&want->finals, &want->deadlocks, &want->asserts};
    const bset *g[] = {&got->finals, &got->deadlocks, &got->asserts};
    if (got->problems) {
        snprintf(why, size, "%s", got->problem);
        return false;
    }
    for (size_t i = 0; i < 3; i++)
        if (!bset_equal(w[i], g[i])) {
            snprintf(why, size, "%s differ: oracle %zu, search %zu%s", names[i], w[i]->count,
                     g[i]->count, missing(w[i], g[i]) ? " (the search misses some)" : "");
            return false;
        }
    return same_livelocks(want, got, why, size);
}

void outcomes_free(outcomes *o)
{
    bset_free(&o->finals);
    bset_free(&o->deadlocks);
    bset_free(&o->asserts);
    bset_free(&o->edges);
    bset_free(&o->texts);
    bset_free(&o->livelocks);
    bset_free(&o->finishing);
}

bool outcomes_are(const outcomes *o, const char *const *want, size_t n)
{
    if (o->texts.count != n) return false;
    for (size_t i = 0; i < n; i++)
        if (!bset_has(&o->texts, want[i], strlen(want[i]))) return false;
    return true;
}

toy_program *harness_parse(const char *text)
{
    toy_program *toy;
    por_error err;
    por_status s = toy_parse(text, strlen(text), "test.toy", &toy, &err);
    cr_assert_eq(s, POR_OK, "parse failed: %s\n%s", err.message, text);
    return toy;
}

bool harness_quick(void)
{
    const char *v = getenv("PORCHECK_TEST_QUICK");
    return v && !strcmp(v, "1");
}

por_options harness_options(por_algo algo, bool stateless, const char *order)
{
    por_options opt;
    por_options_init(&opt);
    opt.algo = algo;
    opt.stateless = stateless;
    por_error err;
    cr_assert_eq(por_order_parse(order, &opt.order, &err), POR_OK, "%s", err.message);
    return opt;
}
