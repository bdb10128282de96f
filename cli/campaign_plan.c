/* porcheck campaign: the plan. Every client of the clients file (in file order) times every
 * algorithm (in --algos order) times every enumeration order (--orders expanded for the client's
 * thread count) is one run; run i of that fixed list belongs to shard (i mod N) + 1 of N. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "campaign.h"
#include "clients.h"
#include "por.h"

/* Most threads seq:all permutes (8! = 40320 orders). */
enum { SEQ_ALL_MAX_THREADS = 8 };

/* Most seeds one random:K or random:A..B item expands to. */
enum { RANDOM_MAX_SEEDS = 1000 };

/* Parses the decimal digits [p, end) (no sign, at least one) into [*out]; false otherwise. */
static bool parse_count(const char *p, const char *end, size_t *out)
{
    if (p == end) return false;
    size_t v = 0;
    for (; p < end; p++) {
        if (*p < '0' || *p > '9' || v > 1000000000u) return false;
        v = v * 10 + (size_t)(*p - '0');
    }
    *out = v;
    return true;
}

bool campaign_shard_parse(const char *text, size_t *k, size_t *n)
{
    const char *slash = strchr(text, '/');
    if (!slash || !parse_count(text, slash, k)) return false;
    if (!parse_count(slash + 1, slash + strlen(slash), n)) return false;
    return *k >= 1 && *k <= *n;
}

/* One expansion of --orders: the names so far, the client's thread count, the error message. */
typedef struct expansion {
    campaign_orders *out;
    size_t threads;
    char *msg;
} expansion;

/* Appends order [name] to [e] unless it is there already; false when out of memory. */
static bool add_order(expansion *e, const char *name)
{
    campaign_orders *out = e->out;
    for (size_t i = 0; i < out->count; i++)
        if (!strcmp(out->names[i], name)) return true;
    void *grown = base_realloc(out->names, (out->count + 1) * sizeof *out->names);
    if (!grown) return snprintf(e->msg, CAMPAIGN_MSG_MAX, "out of memory"), false;
    out->names = grown;
    snprintf(out->names[out->count++], CAMPAIGN_ORDER_MAX, "%s", name);
    return true;
}

/* Steps [p] ([n] ids) to the next permutation in lexicographic order; false after the last. */
static bool next_permutation(size_t *p, size_t n)
{
    size_t i = n - 1;
    while (i > 0 && p[i - 1] >= p[i]) i--;
    if (i == 0) return false;
    size_t j = n - 1;
    while (p[j] <= p[i - 1]) j--;
    size_t t = p[i - 1];
    p[i - 1] = p[j], p[j] = t;
    for (size_t a = i, b = n - 1; a < b; a++, b--) t = p[a], p[a] = p[b], p[b] = t;
    return true;
}

/* Adds seq:0,P for every permutation P of the client threads 1..[threads] (thread 0 is the
 * harness's main thread, kept first as in the default order). */
static bool add_seq_all(expansion *e)
{
    size_t threads = e->threads;
    if (threads > SEQ_ALL_MAX_THREADS) {
        snprintf(e->msg, CAMPAIGN_MSG_MAX,
                 "seq:all over %zu threads is too many orders (at most %d "
                 "threads); list the orders instead",
                 threads, SEQ_ALL_MAX_THREADS);
        return false;
    }
    size_t perm[SEQ_ALL_MAX_THREADS];
    for (size_t i = 0; i < threads; i++) perm[i] = i + 1;
    do {
        char name[CAMPAIGN_ORDER_MAX];
        size_t len = (size_t)snprintf(name, sizeof name, "seq:0");
        for (size_t i = 0; i < threads; i++)
            len += (size_t)snprintf(name + len, sizeof name - len, ",%zu", perm[i]);
        if (!add_order(e, name)) return false;
    } while (threads > 1 && next_permutation(perm, threads));
    return true;
}

/* Adds random:S for the seeds S = [first]..[last]. */
static bool add_seeds(expansion *e, size_t first, size_t last)
{
    if (first > last || last - first >= RANDOM_MAX_SEEDS) {
        snprintf(e->msg, CAMPAIGN_MSG_MAX, "bad seed range %zu..%zu (at most %d seeds)", first,
                 last, RANDOM_MAX_SEEDS);
        return false;
    }
    for (size_t s = first;; s++) {
        char name[CAMPAIGN_ORDER_MAX];
        snprintf(name, sizeof name, "random:%zu", s);
        if (!add_order(e, name)) return false;
        if (s == last) return true;
    }
}

/* Adds one list item: seq:all, random:A..B, or an order check accepts (in canonical form). */
static bool add_item(expansion *e, const char *item)
{
    if (!strcmp(item, "seq:all")) return add_seq_all(e);
    const char *dots = strstr(item, "..");
    size_t a, b;
    if (!strncmp(item, "random:", 7) && dots) {
        if (parse_count(item + 7, dots, &a) && parse_count(dots + 2, dots + strlen(dots), &b))
            return add_seeds(e, a, b);
        snprintf(e->msg, CAMPAIGN_MSG_MAX, "bad order '%s' (expected random:A..B)", item);
        return false;
    }
    por_order order;
    por_error err = {0};
    if (por_order_parse(item, &order, &err) != POR_OK)
        return snprintf(e->msg, CAMPAIGN_MSG_MAX, "%s", err.message), false;
    char name[CAMPAIGN_ORDER_MAX];
    por_order_format(&order, name, sizeof name);
    return add_order(e, name);
}

/* True when [tok] is a bare thread id, which continues the seq:PERM item before it. */
static bool is_thread_id(const char *tok)
{
    return *tok && strspn(tok, "0123456789") == strlen(tok);
}

/* Adds pending list item [item] (if any) and starts the next one with [tok]. */
static bool flush_item(expansion *e, char *item, const char *tok)
{
    if (item[0] && !add_item(e, item)) return false;
    strcpy(item, tok);
    return true;
}

/* Splits list [spec] at commas into items (keeping "seq:2,0,1" whole) and adds each. */
static bool add_list(expansion *e, const char *spec)
{
    size_t len = strlen(spec);
    char *copy = base_malloc(len + 1), *item = base_malloc(len + 1);
    bool ok = copy && item;
    if (!ok) snprintf(e->msg, CAMPAIGN_MSG_MAX, "out of memory");
    if (ok) memcpy(copy, spec, len + 1), item[0] = '\0';
    for (char *tok = copy, *next; ok && tok; tok = next) {
        next = strchr(tok, ',');
        if (next) *next++ = '\0';
        if (!tok[0]) {
            snprintf(e->msg, CAMPAIGN_MSG_MAX, "empty order in '%s'", spec);
            ok = false;
        } else if (is_thread_id(tok) && !strncmp(item, "seq:", 4)) {
            strcat(strcat(item, ","), tok);
        } else {
            ok = flush_item(e, item, tok);
        }
    }
    if (ok) ok = flush_item(e, item, "");
    base_free(copy);
    base_free(item);
    return ok;
}

bool campaign_orders_expand(const char *spec, size_t threads, campaign_orders *out, char *msg)
{
    memset(out, 0, sizeof *out);
    expansion e = {out, threads, msg};
    size_t k;
    bool ok;
    if (!strncmp(spec, "random:", 7) && parse_count(spec + 7, spec + strlen(spec), &k))
        ok = k >= 1 ? add_seeds(&e, 1, k)
                    : (snprintf(msg, CAMPAIGN_MSG_MAX, "random:K needs K >= 1"), false);
    else
        ok = add_list(&e, spec);
    if (!ok) campaign_orders_free(out);
    return ok;
}

void campaign_orders_free(campaign_orders *orders)
{
    base_free(orders->names);
    memset(orders, 0, sizeof *orders);
}

/* Returns client [c] in canonical syntax in a new string; NULL when out of memory. */
static char *client_text(const client *c)
{
    size_t len = client_format(c, NULL, 0);
    char *text = base_malloc(len + 1);
    if (text) client_format(c, text, len + 1);
    return text;
}

/* A plan being built: the settings, the plan, the error message. */
typedef struct planner {
    const campaign_options *opt;
    campaign_plan *plan;
    char *msg;
} planner;

/* Adds the runs of client [c] at [line] (canonical [text]) that fall in the shard. */
static bool plan_client(planner *p, const client *c, size_t line, const char *text)
{
    const campaign_options *opt = p->opt;
    campaign_plan *plan = p->plan;
    char *msg = p->msg;
    campaign_orders orders;
    if (!campaign_orders_expand(opt->orders, c->thread_count, &orders, msg)) return false;
    size_t n = opt->algo_count * orders.count;
    void *grown = base_realloc(plan->runs, (plan->count + n) * sizeof *plan->runs);
    if (!grown) {
        campaign_orders_free(&orders);
        return snprintf(msg, CAMPAIGN_MSG_MAX, "out of memory"), false;
    }
    plan->runs = grown;
    for (size_t a = 0; a < opt->algo_count; a++)
        for (size_t o = 0; o < orders.count; o++, plan->total++) {
            if (plan->total % opt->shard_n != opt->shard_k - 1) continue;
            campaign_run *r = &plan->runs[plan->count++];
            r->line = line, r->client = text, r->algo = a;
            snprintf(r->order, sizeof r->order, "%s", orders.names[o]);
        }
    campaign_orders_free(&orders);
    return true;
}

/* Adds the runs of every client of [list]. */
static bool plan_clients(planner *p, const client_list *list)
{
    campaign_plan *plan = p->plan;
    char *msg = p->msg;
    plan->texts = base_calloc(list->count ? list->count : 1, sizeof *plan->texts);
    if (!plan->texts) return snprintf(msg, CAMPAIGN_MSG_MAX, "out of memory"), false;
    for (size_t i = 0; i < list->count; i++) {
        char *text = client_text(list->items[i]);
        if (!text) return snprintf(msg, CAMPAIGN_MSG_MAX, "out of memory"), false;
        plan->texts[plan->text_count++] = text;
        if (!plan_client(p, list->items[i], list->lines[i], text)) return false;
    }
    return true;
}

bool campaign_plan_build(const campaign_options *opt, campaign_plan *plan, char *msg)
{
    memset(plan, 0, sizeof *plan);
    client_spec *spec = NULL;
    client_list list = {0};
    client_error err = {0};
    bool ok = client_spec_load(opt->spec, &spec, &err) == CLIENT_OK &&
              client_list_load(spec, opt->clients, &list, &err) == CLIENT_OK;
    if (!ok) snprintf(msg, CAMPAIGN_MSG_MAX, "%s", err.message);
    if (ok && !list.count) {
        snprintf(msg, CAMPAIGN_MSG_MAX, "%s: no clients", opt->clients);
        ok = false;
    }
    planner p = {opt, plan, msg};
    if (ok) ok = plan_clients(&p, &list);
    client_list_free(&list);
    client_spec_free(spec);
    if (!ok) campaign_plan_free(plan);
    return ok;
}

void campaign_plan_free(campaign_plan *plan)
{
    for (size_t i = 0; i < plan->text_count; i++) base_free(plan->texts[i]);
    base_free(plan->texts);
    base_free(plan->runs);
    memset(plan, 0, sizeof *plan);
}
