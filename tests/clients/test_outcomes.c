/* Linearizable outcomes: hand-computed outcome sets on every ADT, the enumerator against a
 * brute-force enumeration of every linearization on random clients, its work bound (exact node
 * counts), limits and errors, the outcome-set type, and out-of-memory paths. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "clienttest.h"

/* Distinct (progress, state) nodes of the 3 x 5 client (the BFS below finds the same). */
#define NODES_3X5 510
/* Its outcomes: a brute-force run over all 756,756 linearizations gave the same 1,097. */
#define OUTCOMES_3X5 1097
/* Outcomes of the three-thread map client of the out-of-memory test. */
#define OUTCOMES_MAP 14

/* Asserts that client [text] of [spec] has exactly the outcome set [want]. */
static void expect_outcomes(const client_spec *spec, const char *text, const char *want)
{
    char *got = adt_outcomes(spec, text, NULL);
    cr_expect_str_eq(got, want, "%s", text);
    free(got);
}

Test(client_outcomes, set_add_remove)
{
    client_spec *set = load_spec("CoarseListSet");
    expect_outcomes(set, "{ add(1) } || { remove(1) }", "{(true, false), (true, true)}");
    expect_outcomes(set, "{ add(1) } || { add(1) }", "{(false, true), (true, false)}");
    expect_outcomes(set, "{ add(1) } ; { remove(1) } || { contains(1) } ; { contains(1) }",
                    "{(true, true, false, false), (true, true, true, false)}");
    expect_outcomes(set, "{ add(1); remove(1) } || { contains(1) }",
                    "{(true, true, false), (true, true, true)}");
    expect_outcomes(set, "{ }", "{()}");
    client_spec_free(set);
}

Test(client_outcomes, queue_poll_and_exceptions)
{
    client_spec *q = load_spec("MSQueue");
    expect_outcomes(q, "{ offer(1) } || { offer(2) } || { poll() }",
                    "{(true, true, null), (true, true, 1), (true, true, 2)}");
    expect_outcomes(q, "{ offer(1); offer(2) } || { poll(); poll() }",
                    "{(true, true, null, null), (true, true, null, 1), (true, true, 1, null), "
                    "(true, true, 1, 2)}");
    client_spec_free(q);
    client_spec *clq = load_spec("ConcurrentLinkedQueue");
    expect_outcomes(clq, "{ offer(1) } || { remove() }",
                    "{(true, 1), (true, java.util.NoSuchElementException)}");
    expect_outcomes(clq, "{ add(1); add(1) } ; { remove(1); size(); element(); clear(); peek() }",
                    "{(true, true, true, 1, 1, void, null)}");
    client_spec_free(clq);
}

Test(client_outcomes, map_put_returns_the_previous_value)
{
    client_spec *map = load_spec("CoarseHashMap");
    expect_outcomes(map, "{ put(1,1) } || { put(1,2) } || { get(1) }",
                    "{(null, 1, null), (null, 1, 1), (null, 1, 2), (2, null, null), "
                    "(2, null, 1), (2, null, 2)}");
    expect_outcomes(map, "{ put(1,5) } || { remove(1) } ; { containsKey(1); size() }",
                    "{(null, null, true, 1), (null, 5, false, 0)}");
    client_spec_free(map);
    client_spec *chm = load_spec("ConcurrentHashMap");
    expect_outcomes(chm, "{ put(1,null) } || { get(null) }",
                    "{(java.lang.NullPointerException, java.lang.NullPointerException)}");
    expect_outcomes(chm,
                    "{ putIfAbsent(1,1) } || { replace(1,2); remove(1,2) } ; "
                    "{ getOrDefault(1,7); replace(1,1,3); mappingCount() }",
                    "{(null, null, false, 1, true, 1), (null, 1, true, 7, false, 0)}");
    client_spec_free(chm);
}

Test(client_outcomes, counter)
{
    client_spec *counter = spec_from_text(
        "{\"class\": \"java.util.concurrent.atomic.AtomicInteger\", \"adt\": \"counter\", "
        "\"methods\": [{\"name\": \"incrementAndGet\"}, {\"name\": \"getAndIncrement\"}, "
        "{\"name\": \"get\", \"readonly\": true}, {\"name\": \"addAndGet\", \"parameters\": "
        "[\"int\"]}, {\"name\": \"compareAndSet\", \"parameters\": [\"int\", \"int\"]}, "
        "{\"name\": \"increment\", \"void\": true}, {\"name\": \"getAndAdd\", "
        "\"parameters\": [\"int\"]}, {\"name\": \"decrementAndGet\"}, "
        "{\"name\": \"getAndDecrement\"}, {\"name\": \"set\", \"parameters\": [\"int\"]}]}");
    expect_outcomes(counter,
                    "{ increment(); getAndAdd(5); decrementAndGet(); getAndDecrement(); "
                    "get(); set(-2); incrementAndGet() }",
                    "{(void, 1, 5, 5, 4, void, -1)}");
    expect_outcomes(counter, "{ incrementAndGet() } || { incrementAndGet() } || { get() }",
                    "{(1, 2, 0), (1, 2, 1), (1, 2, 2), (2, 1, 0), (2, 1, 1), (2, 1, 2)}");
    expect_outcomes(counter, "{ getAndIncrement() } || { compareAndSet(0,5) } ; { addAndGet(-1) }",
                    "{(0, false, 0), (5, true, 5)}");
    client_spec_free(counter);
}

Test(client_outcomes, stack_deque_register)
{
    client_spec *stack = load_spec("TreiberStack");
    expect_outcomes(stack, "{ push(1); pop() } || { pop() }",
                    "{(void, 1, java.util.EmptyStackException), "
                    "(void, java.util.EmptyStackException, 1)}");
    expect_outcomes(stack, "{ push(1) } || { push(2) } ; { peek(); isEmpty() }",
                    "{(void, void, 1, false), (void, void, 2, false)}");
    client_spec_free(stack);
    client_spec *deque = spec_from_text(
        "{\"class\": \"java.util.ArrayDeque\", \"adt\": \"deque\", \"methods\": ["
        "{\"name\": \"push\", \"parameters\": [\"int\"], \"void\": true}, {\"name\": \"pop\"}, "
        "{\"name\": \"pollLast\"}, {\"name\": \"offerFirst\", \"parameters\": [\"int\"]}]}");
    expect_outcomes(deque, "{ push(1) } || { push(2) } ; { pop(); pop(); pop() }",
                    "{(void, void, 1, 2, java.util.NoSuchElementException), "
                    "(void, void, 2, 1, java.util.NoSuchElementException)}");
    expect_outcomes(deque, "{ offerFirst(1); offerFirst(2) } || { pollLast() }",
                    "{(true, true, null), (true, true, 1)}");
    client_spec_free(deque);
    client_spec *reg = spec_from_text(
        "{\"class\": \"java.util.concurrent.atomic.AtomicReference\", \"adt\": \"register\", "
        "\"methods\": [{\"name\": \"set\", \"parameters\": [\"java.lang.Object\"], \"void\": "
        "true}, {\"name\": \"get\", \"readonly\": true}, {\"name\": \"compareAndSet\", "
        "\"parameters\": [\"java.lang.Object\", \"java.lang.Object\"]}]}");
    expect_outcomes(reg, "{ set(1) } || { compareAndSet(null,2) } ; { get() }",
                    "{(void, false, 1), (void, true, 1)}");
    client_spec_free(reg);
}

Test(client_outcomes, void_methods_record_void_and_unsupported_methods_fail)
{
    client_spec *spec = spec_from_text(
        "{\"class\": \"A\", \"adt\": \"set\", \"methods\": [{\"name\": \"add\", \"parameters\": "
        "[\"int\"], \"void\": true}, {\"name\": \"contains\", \"parameters\": [\"int\"]}, "
        "{\"name\": \"toString\"}]}");
    expect_outcomes(spec, "{ add(1) } || { contains(1) }", "{(void, false), (void, true)}");
    cr_assert(!client_adt_supports(spec, &spec->methods[2]));
    client *c = parse_client(spec, "{ add(1); toString() }");
    client_object obj;
    client_error err = {0};
    cr_assert_eq(client_adt_new(spec, &obj, &err), CLIENT_OK);
    client_lin_run run = {0};
    cr_assert_eq(client_linearize(c, &obj, &run, &err), CLIENT_ERR_UNSUPPORTED);
    cr_assert_str_eq(err.message, "test.json: $.methods[2]: the set model has no method toString "
                                  "with 0 parameters (map the method onto one with \"adt\": "
                                  "\"NAME\")");
    cr_assert_null(run.outcomes);
    client_object_free(&obj);
    client_free(c);
    client_spec_free(spec);
}

Test(client_outcomes, blocked_outcomes_of_a_blocking_queue)
{
    client_spec *buf = load_spec("BoundedBuffer"); /* adt queue: take waits while it is empty */
    /* T0's take blocks for ever only when T2 took the one item first */
    expect_outcomes(buf, "{ take(); put(2) } || { put(1) } || { take() }",
                    "{(1, void, void, 2), (blocked, not run, void, 1)}");
    /* no order completes: one take always waits (no longer bad input) */
    expect_outcomes(buf, "{ take() } || { take() } || { put(1) }",
                    "{(1, blocked, void), (blocked, 1, void)}");
    /* the prefix blocks: no thread starts, the suffix never runs */
    expect_outcomes(buf, "{ take(); put(1) } ; { put(2) } || { take() } ; { size() }",
                    "{(blocked, not run, not run, not run, not run)}");
    /* the suffix blocks once every thread is done */
    expect_outcomes(buf, "{ put(1) } || { take() } ; { take(); put(3) }",
                    "{(void, 1, blocked, not run)}");
    /* two threads blocked at once, each after the results it gave */
    expect_outcomes(buf, "{ put(1); take(); take() } || { take(); size() }",
                    "{(void, 1, blocked, blocked, not run), (void, blocked, not run, 1, 0)}");
    client_spec_free(buf);
}

Test(client_outcomes, blocked_outcomes_are_state_matched)
{
    client_spec *buf = load_spec("BoundedBuffer");
    client *c = parse_client(buf, "{ put(1); take() } || { put(1); take() } || { take(); take() }");
    client_object obj;
    client_error err = {0};
    cr_assert_eq(client_adt_new(buf, &obj, &err), CLIENT_OK);
    client_lin_run full = {.options = {.stateless = true}}, matched = {0};
    cr_assert_eq(client_linearize(c, &obj, &full, &err), CLIENT_OK, "%s", err.message);
    cr_assert_eq(client_linearize(c, &obj, &matched, &err), CLIENT_OK, "%s", err.message);
    cr_assert(client_outcome_set_equal(full.outcomes, matched.outcomes));
    cr_assert_lt(matched.stats.nodes, full.stats.nodes);
    cr_assert_gt(matched.stats.matched, 0);
    size_t n = client_outcome_set_size(matched.outcomes);
    cr_assert_eq(client_outcome_set_blocked(matched.outcomes), n, "two puts, four takes");
    char text[512];
    client_outcome_set_format(matched.outcomes, text, sizeof text);
    cr_assert_str_eq(text, "{(void, 1, void, 1, blocked, not run), (void, 1, void, blocked, 1, "
                           "blocked), (void, blocked, void, 1, 1, blocked), (void, blocked, void, "
                           "blocked, 1, 1)}");
    client_outcome_set_free(full.outcomes);
    client_outcome_set_free(matched.outcomes);
    client_object_free(&obj);
    client_free(c);
    client_spec_free(buf);
}

/* ---- The enumerator against brute force ------------------------------------------------------ */

/* State of the brute-force enumeration: every interleaving, replayed from a reset object. */
typedef struct brute {
    const client *c;
    client_object *obj;
    const client_sequence *seqs[CLIENT_MAX_THREADS + 2];
    size_t seq_count, progress[CLIENT_MAX_THREADS + 2];
    const client_invocation *path[CLIENT_MAX_INVOCATIONS];
    size_t depth;
    client_outcome_set *set;
    size_t leaves;
} brute;

/* Runs the first [depth] invocations of [b->path] from the initial state, their results into
 * [values] (strings of the ADT models are static); returns the status of the last one. */
static client_status run_prefix(brute *b, size_t depth, client_value *values)
{
    client_error err = {0};
    client_status st = b->obj->ops->reset(b->obj->self, &err);
    for (size_t i = 0; i < depth && !st; i++) {
        st = b->obj->ops->invoke(b->obj->self, b->c, b->path[i], &values[b->path[i]->index], &err);
        cr_assert(st == CLIENT_OK || (st == CLIENT_ERR_BLOCKED && i == depth - 1), "%s",
                  err.message);
    }
    return st;
}

/* Runs the linearization in [b->path] from the initial state and records its outcome. */
static void replay(brute *b)
{
    client_value values[CLIENT_MAX_INVOCATIONS];
    client_error err = {0};
    cr_assert_eq(run_prefix(b, b->depth, values), CLIENT_OK);
    cr_assert_eq(client_outcome_set_add(b->set, values, 1, &err), CLIENT_OK);
    b->leaves++;
}

/* Records the blocked outcome of [b->path]: the next invocation of every sequence in [blocked]
 * waits for ever, every other one not run is not run. */
static void record_blocked(brute *b, const bool *blocked)
{
    client_value values[CLIENT_MAX_INVOCATIONS];
    client_error err = {0};
    cr_assert_eq(run_prefix(b, b->depth, values), CLIENT_OK);
    for (size_t s = 0; s < b->seq_count; s++)
        for (size_t k = b->progress[s]; k < b->seqs[s]->count; k++)
            values[b->seqs[s]->calls[k].index] =
                (client_value){.kind = k == b->progress[s] && blocked[s] ? CLIENT_VAL_BLOCKED
                                                                         : CLIENT_VAL_NOT_RUN};
    cr_assert_eq(client_outcome_set_add(b->set, values, 1, &err), CLIENT_OK);
    b->leaves++;
}

/* True when sequence [s] may run next: the prefix first, the suffix last. */
static bool may_run(const brute *b, size_t s)
{
    size_t last = b->seq_count - 1;
    if (b->progress[s] == b->seqs[s]->count) return false;
    if (s > 0 && b->progress[0] < b->seqs[0]->count) return false;
    for (size_t t = 1; s == last && t < last; t++)
        if (b->progress[t] < b->seqs[t]->count) return false;
    return true;
}

/* Extends the current path in every possible way; an invocation that waits for ever ends its
 * order, and where every one that may run next does, records the blocked outcome. */
static void enumerate(brute *b)
{
    bool any = false, all_blocked = true, blocked[CLIENT_MAX_THREADS + 2] = {false};
    client_value scratch[CLIENT_MAX_INVOCATIONS];
    for (size_t s = 0; s < b->seq_count; s++) {
        if (!may_run(b, s)) continue;
        any = true;
        b->path[b->depth++] = &b->seqs[s]->calls[b->progress[s]++];
        blocked[s] = run_prefix(b, b->depth, scratch) == CLIENT_ERR_BLOCKED;
        all_blocked = all_blocked && blocked[s];
        if (!blocked[s]) enumerate(b);
        b->progress[s]--;
        b->depth--;
    }
    if (!any)
        replay(b);
    else if (all_blocked)
        record_blocked(b, blocked);
}

/* Returns the brute-force outcome set of [c] on [obj]; stores the number of linearizations. */
static client_outcome_set *brute_force(const client *c, client_object *obj, size_t *leaves)
{
    static const client_sequence none = {0, NULL};
    brute b = {.c = c, .obj = obj};
    b.seqs[b.seq_count++] = c->has_prefix ? &c->prefix : &none;
    for (size_t t = 0; t < c->thread_count; t++) b.seqs[b.seq_count++] = &c->threads[t];
    b.seqs[b.seq_count++] = c->has_suffix ? &c->suffix : &none;
    b.set = client_outcome_set_new(c->invocation_count);
    enumerate(&b);
    *leaves = b.leaves;
    return b.set;
}

/* Compares the enumerator (with and without state matching) with brute force on [count]
 * generated clients of [spec]; returns how many of the clients have a blocked outcome. */
static size_t differential(const client_spec *spec, size_t count, uint64_t seed)
{
    size_t with_blocked = 0;
    client_gen_options opt = {2, 3, 1, 3, 3, false, seed, NULL, NULL, NULL};
    client_gen *gen;
    client_object obj;
    client_error err = {0};
    cr_assert_eq(client_gen_new(spec, &opt, &gen, &err), CLIENT_OK, "%s", err.message);
    cr_assert_eq(client_adt_new(spec, &obj, &err), CLIENT_OK);
    for (size_t i = 0; i < count; i++) {
        char text[4096];
        cr_assert_eq(client_gen_next(gen, text, sizeof text, &err), CLIENT_OK);
        client *c = parse_client(spec, text);
        size_t leaves;
        client_outcome_set *want = brute_force(c, &obj, &leaves);
        client_lin_run full = {.options = {.stateless = true}}, matched = {0};
        cr_assert_eq(client_linearize(c, &obj, &full, &err), CLIENT_OK, "%s", err.message);
        cr_assert_eq(client_linearize(c, &obj, &matched, &err), CLIENT_OK, "%s", err.message);
        cr_assert(client_outcome_set_equal(want, full.outcomes), "%s", text);
        cr_assert(client_outcome_set_equal(want, matched.outcomes), "%s", text);
        with_blocked += client_outcome_set_blocked(want) > 0;
        cr_assert_leq(matched.stats.nodes, full.stats.nodes);
        cr_assert_eq(full.stats.matched, 0);
        client_outcome_set_free(want);
        client_outcome_set_free(full.outcomes);
        client_outcome_set_free(matched.outcomes);
        client_free(c);
    }
    client_object_free(&obj);
    client_gen_free(gen);
    return with_blocked;
}

Test(client_linearize, equals_brute_force_on_random_clients_of_every_adt)
{
    const char *specs[] = {"CoarseListSet", "CoarseHashMap",     "MSQueue",
                           "TreiberStack",  "ConcurrentHashMap", "ConcurrentLinkedQueue",
                           "BoundedBuffer"}; /* the last one's take blocks */
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        client_spec *spec = load_spec(specs[i]);
        size_t with_blocked = differential(spec, 40, 1000 + i);
        cr_assert_eq(with_blocked > 0, !strcmp(specs[i], "BoundedBuffer"), "%s", specs[i]);
        client_spec_free(spec);
    }
}

/* ---- Work bound ------------------------------------------------------------------------------ */

/* The 3 x 5 client of the work-bound test. */
static const char *const big_client = "{ add(0); remove(1); add(1); contains(0); remove(0) } || "
                                      "{ add(1); add(0); remove(0); contains(1); remove(1) } || "
                                      "{ remove(1); add(0); contains(1); add(1); remove(0) }";

/* A node of the independent count: progress of the three threads, state fingerprint, and the
 * schedule (thread per invocation) that first reached it. */
typedef struct bfs_node {
    uint8_t progress[3];
    client_fp fp;
    uint8_t path[15];
    size_t depth;
} bfs_node;

/* Resets [obj] and runs [path] of [depth] thread ids of [c] on it. */
static void run_path(const client *c, client_object *obj, const uint8_t *path, size_t depth)
{
    size_t progress[3] = {0};
    client_error err = {0};
    cr_assert_eq(obj->ops->reset(obj->self, &err), CLIENT_OK);
    for (size_t i = 0; i < depth; i++) {
        client_value v;
        const client_invocation *inv = &c->threads[path[i]].calls[progress[path[i]]++];
        cr_assert_eq(obj->ops->invoke(obj->self, c, inv, &v, &err), CLIENT_OK);
    }
}

/* Returns the index of node ([progress], [fp]) among the first [n] of [nodes], or n. */
static size_t find_node(const bfs_node *nodes, size_t n, const uint8_t *progress, client_fp fp)
{
    for (size_t i = 0; i < n; i++)
        if (!memcmp(nodes[i].progress, progress, 3) && nodes[i].fp.lo == fp.lo &&
            nodes[i].fp.hi == fp.hi)
            return i;
    return n;
}

/* Counts the distinct (progress, state) nodes reachable by 3-thread client [c] on [obj],
 * independently of the enumerator: a breadth-first search whose every step replays the
 * schedule of the node it extends from the initial state. */
static size_t count_nodes(const client *c, client_object *obj)
{
    enum { MAX = 4096 };
    bfs_node *nodes = calloc(MAX, sizeof *nodes);
    size_t n = 1;
    run_path(c, obj, NULL, 0);
    nodes[0].fp = obj->ops->fingerprint(obj->self);
    for (size_t at = 0; at < n; at++) {
        for (uint8_t t = 0; t < 3; t++) {
            if (nodes[at].progress[t] == c->threads[t].count) continue;
            bfs_node next = nodes[at];
            next.path[next.depth++] = t;
            next.progress[t]++;
            run_path(c, obj, next.path, next.depth);
            next.fp = obj->ops->fingerprint(obj->self);
            if (find_node(nodes, n, next.progress, next.fp) < n) continue;
            cr_assert_lt(n, MAX);
            nodes[n++] = next;
        }
    }
    free(nodes);
    return n;
}

Test(client_linearize, state_matching_bounds_the_work_of_3_threads_by_5_calls)
{
    client_spec *set = load_spec("CoarseListSet");
    client *c = parse_client(set, big_client);
    client_object obj;
    client_error err = {0};
    cr_assert_eq(client_adt_new(set, &obj, &err), CLIENT_OK);
    client_lin_run run = {0};
    cr_assert_eq(client_linearize(c, &obj, &run, &err), CLIENT_OK);
    size_t nodes = count_nodes(c, &obj);
    /* 756756 linearizations; 6^3 = 216 progress vectors times at most 4 set states */
    cr_assert_eq(run.stats.nodes, nodes, "each distinct (progress, state) expanded once");
    cr_assert_eq(run.stats.nodes, NODES_3X5);
    cr_assert_leq(run.stats.nodes, 216 * 4);
    cr_assert_eq(run.stats.invocations, run.stats.nodes - 1 + run.stats.matched);
    cr_assert_eq(client_outcome_set_size(run.outcomes), OUTCOMES_3X5);
    client_outcome_set_free(run.outcomes);
    client_object_free(&obj);
    client_free(c);
    client_spec_free(set);
}

/* Number of distinct prefixes of the interleavings of threads of [a], [b], [c] calls: the nodes
 * of the tree the enumerator walks without state matching. */
static size_t tree_nodes(size_t a, size_t b, size_t c)
{
    size_t count[6][6][6] = {{{0}}}, total = 0; /* count[i][j][k]: schedules reaching (i,j,k) */
    count[0][0][0] = 1;
    for (size_t i = 0; i <= a; i++)
        for (size_t j = 0; j <= b; j++)
            for (size_t k = 0; k <= c; k++) {
                if (i) count[i][j][k] += count[i - 1][j][k];
                if (j) count[i][j][k] += count[i][j - 1][k];
                if (k) count[i][j][k] += count[i][j][k - 1];
                total += count[i][j][k];
            }
    return total;
}

Test(client_linearize, without_state_matching_walks_the_whole_tree)
{
    client_spec *set = load_spec("CoarseListSet");
    client *c = parse_client(set, "{ add(0); remove(1); add(1) } || { add(1); add(0); remove(0) } "
                                  "|| { remove(1); contains(0); contains(1) }");
    client_object obj;
    client_error err = {0};
    cr_assert_eq(client_adt_new(set, &obj, &err), CLIENT_OK);
    client_lin_run full = {.options = {.stateless = true}}, matched = {0};
    cr_assert_eq(client_linearize(c, &obj, &full, &err), CLIENT_OK);
    cr_assert_eq(client_linearize(c, &obj, &matched, &err), CLIENT_OK);
    cr_assert_eq(full.stats.nodes, tree_nodes(3, 3, 3));
    cr_assert_eq(full.stats.nodes, 5248);
    cr_assert_eq(matched.stats.nodes, count_nodes(c, &obj));
    cr_assert(client_outcome_set_equal(full.outcomes, matched.outcomes));
    client_outcome_set_free(full.outcomes);
    client_outcome_set_free(matched.outcomes);
    client_object_free(&obj);
    client_free(c);
    client_spec_free(set);
}

Test(client_linearize, node_limit)
{
    client_spec *set = load_spec("CoarseListSet");
    client *c = parse_client(set, big_client);
    client_object obj;
    client_error err = {0};
    cr_assert_eq(client_adt_new(set, &obj, &err), CLIENT_OK);
    client_lin_run run = {.options = {.max_nodes = 10}};
    cr_assert_eq(client_linearize(c, &obj, &run, &err), CLIENT_ERR_LIMIT);
    cr_assert_str_eq(err.message, "more than 10 linearization nodes");
    cr_assert_eq(run.stats.nodes, 10);
    cr_assert_null(run.outcomes);
    client_object_free(&obj);
    client_free(c);
    client_spec_free(set);
}

/* ---- Outcome sets ---------------------------------------------------------------------------- */

Test(client_outcome_set, sorted_counted_and_printed)
{
    client_outcome_set *s = client_outcome_set_new(2);
    client_error err = {0};
    client_value tt[2] = {{.kind = CLIENT_VAL_BOOL, .i = 1}, {.kind = CLIENT_VAL_BOOL, .i = 1}};
    client_value tf[2] = {{.kind = CLIENT_VAL_BOOL, .i = 1}, {.kind = CLIENT_VAL_BOOL, .i = 0}};
    client_value ex[2] = {{.kind = CLIENT_VAL_EXCEPTION, .text = "java.lang.IllegalStateException"},
                          {.kind = CLIENT_VAL_TEXT, .text = "[1, 2]"}};
    cr_assert_eq(client_outcome_set_add(s, tt, 3, &err), CLIENT_OK);
    cr_assert_eq(client_outcome_set_add(s, ex, 1, &err), CLIENT_OK);
    cr_assert_eq(client_outcome_set_add(s, tf, 1, &err), CLIENT_OK);
    cr_assert_eq(client_outcome_set_add(s, tt, 2, &err), CLIENT_OK);
    cr_assert_eq(client_outcome_set_size(s), 3);
    cr_assert_eq(client_outcome_set_width(s), 2);
    cr_assert_eq(client_outcome_set_find(s, tt), 1);
    cr_assert_eq(client_outcome_set_count(s, 1), 5);
    char buf[256];
    client_outcome_set_format(s, buf, sizeof buf);
    cr_assert_str_eq(buf, "{(true, false), (true, true), (java.lang.IllegalStateException, "
                          "[1, 2])}");
    client_outcome_set *other = client_outcome_set_new(2);
    cr_assert_eq(client_outcome_set_add(other, tf, 1, &err), CLIENT_OK);
    cr_assert(!client_outcome_set_equal(s, other));
    cr_assert_eq(client_outcome_set_find(other, tt), -1);
    cr_assert_eq(client_outcome_set_add(other, ex, 1, &err), CLIENT_OK);
    cr_assert_eq(client_outcome_set_add(other, tt, 1, &err), CLIENT_OK);
    cr_assert(client_outcome_set_equal(s, other), "counts are ignored");
    client_outcome_set_free(other);
    client_outcome_set_free(s);
}

Test(client_outcome_set, blocked_outcomes)
{
    client_outcome_set *s = client_outcome_set_new(4);
    client_error err = {0};
    client_value v[4] = {{.kind = CLIENT_VAL_BLOCKED},
                         {.kind = CLIENT_VAL_NOT_RUN},
                         {.kind = CLIENT_VAL_VOID},
                         {.kind = CLIENT_VAL_INT, .i = 1}};
    cr_assert(client_outcome_is_blocked(v, 4));
    cr_assert(!client_outcome_is_blocked(v + 1, 3));
    cr_assert_eq(client_outcome_set_add(s, v, 2, &err), CLIENT_OK);
    cr_assert_eq(client_outcome_set_blocked(s), 1);
    client_outcome_set_free(s);
}

Test(client_value, formats_and_order)
{
    int64_t items[4] = {1, 2, 3, 4};
    client_value v[] = {
        {.kind = CLIENT_VAL_VOID},
        {.kind = CLIENT_VAL_NULL},
        {.kind = CLIENT_VAL_BOOL, .i = 0},
        {.kind = CLIENT_VAL_INT, .i = -7},
        {.kind = CLIENT_VAL_LIST, .count = 2, .items = items},
        {.kind = CLIENT_VAL_MAP, .count = 2, .items = items},
        {.kind = CLIENT_VAL_TEXT, .text = "x"},
        {.kind = CLIENT_VAL_EXCEPTION, .text = "java.util.NoSuchElementException"},
        {.kind = CLIENT_VAL_BLOCKED},
        {.kind = CLIENT_VAL_NOT_RUN},
    };
    const char *want[] = {"void",    "null",      "false", "-7",
                          "[1,2]",   "[1=2,3=4]", "x",     "java.util.NoSuchElementException",
                          "blocked", "not run"};
    for (size_t i = 0; i < 10; i++) {
        char buf[64];
        cr_assert_eq(client_value_format(&v[i], buf, sizeof buf), strlen(want[i]));
        cr_assert_str_eq(buf, want[i]);
        for (size_t k = 0; k < 10; k++) cr_assert_eq(client_value_compare(&v[i], &v[k]) < 0, i < k);
    }
    client_value shorter = {.kind = CLIENT_VAL_LIST, .count = 1, .items = items};
    cr_assert_lt(client_value_compare(&shorter, &v[4]), 0);
    char tiny[4];
    cr_assert_eq(client_value_format(&v[7], tiny, sizeof tiny), 32);
    cr_assert_str_eq(tiny, "jav");
}

/* A text result shows as it is unless it would read as another value or split its tuple: then
 * as a Java string literal ("null" the string is not null, "7" is not the int 7). */
Test(client_value, text_is_quoted_where_it_would_mislead)
{
    const char *const plain[] = {"x",          "1.5",         "Optional[1]", "[1, 2]",
                                 "{a=1, b=2}", "Point(1, 2)", "T2",          "java.lang.Object@1"};
    const char *const quoted[][2] = {{"null", "\"null\""},
                                     {"void", "\"void\""},
                                     {"true", "\"true\""},
                                     {"blocked", "\"blocked\""},
                                     {"not run", "\"not run\""},
                                     {"7", "\"7\""},
                                     {"-12", "\"-12\""},
                                     {"[1,2]", "\"[1,2]\""},
                                     {"[1=2]", "\"[1=2]\""},
                                     {"", "\"\""},
                                     {" a", "\" a\""},
                                     {"1, 2", "\"1, 2\""},
                                     {"a)", "\"a)\""},
                                     {"(a", "\"(a\""},
                                     {"say \"hi\"", "\"say \\\"hi\\\"\""},
                                     {"a\\b", "\"a\\\\b\""},
                                     {"two\nlines\t", "\"two\\nlines\\t\""},
                                     {"\x01", "\"\\u0001\""}};
    char buf[64];
    for (size_t i = 0; i < sizeof plain / sizeof *plain; i++) {
        client_value v = {.kind = CLIENT_VAL_TEXT, .text = plain[i]};
        client_value_format(&v, buf, sizeof buf);
        cr_assert_str_eq(buf, plain[i]);
    }
    for (size_t i = 0; i < sizeof quoted / sizeof *quoted; i++) {
        client_value v = {.kind = CLIENT_VAL_TEXT, .text = quoted[i][0]};
        client_value_format(&v, buf, sizeof buf);
        cr_assert_str_eq(buf, quoted[i][1], "%s: %s", quoted[i][0], buf);
    }
    client_value e = {.kind = CLIENT_VAL_EXCEPTION, .text = "java.lang.IllegalStateException"};
    client_value_format(&e, buf, sizeof buf);
    cr_assert_str_eq(buf, "java.lang.IllegalStateException");
}

Test(client_linearize, out_of_memory_at_every_allocation)
{
    client_spec *map = load_spec("CoarseHashMap");
    client *c = parse_client(map, "{ put(1,1); get(2) } || { put(2,2); remove(1) } || "
                                  "{ put(1,3); size() }");
    for (int stateless = 0; stateless < 2; stateless++) {
        size_t failures = 0;
        for (long n = 0;; n++) {
            client_object obj = {0};
            client_error err = {0};
            client_lin_run run = {.options = {.stateless = stateless}};
            base_fail_allocation_after(n);
            client_status s = client_adt_new(map, &obj, &err);
            if (!s) s = client_linearize(c, &obj, &run, &err);
            base_fail_allocation_after(-1);
            client_object_free(&obj);
            if (s == CLIENT_OK) {
                cr_assert_eq(client_outcome_set_size(run.outcomes), OUTCOMES_MAP);
                client_outcome_set_free(run.outcomes);
                break;
            }
            cr_assert_eq(s, CLIENT_ERR_NOMEM, "n=%ld: %s", n, err.message);
            cr_assert_null(run.outcomes);
            failures++;
        }
        cr_assert_geq(failures, 10);
    }
    client_free(c);
    client_spec_free(map);
}

/* ---- Comparing two sequential objects -------------------------------------------------------- */

/* A set model that answers contains(1) wrongly: the object under test of the comparison. */
typedef struct liar {
    client_object inner;
} liar;

/* Resets the wrapped model. */
static client_status liar_reset(void *self, client_error *err)
{
    liar *l = self;
    return l->inner.ops->reset(l->inner.self, err);
}

/* Runs the wrapped model and flips the answer of contains(1). */
static client_status liar_invoke(void *self, const client *c, const client_invocation *inv,
                                 client_value *out, client_error *err)
{
    liar *l = self;
    client_status s = l->inner.ops->invoke(l->inner.self, c, inv, out, err);
    if (!strcmp(c->spec->methods[inv->method].name, "contains") && inv->args[0].i == 1)
        out->i = !out->i;
    return s;
}

/* The wrapped model's fingerprint. */
static client_fp liar_fingerprint(const void *self)
{
    const liar *l = self;
    return l->inner.ops->fingerprint(l->inner.self);
}

/* Saves the wrapped model. */
static client_snapshot *liar_save(void *self)
{
    liar *l = self;
    return l->inner.ops->save(l->inner.self);
}

/* Restores the wrapped model. */
static void liar_restore(void *self, const client_snapshot *snap)
{
    liar *l = self;
    l->inner.ops->restore(l->inner.self, snap);
}

/* Frees a snapshot of the wrapped model. */
static void liar_release(void *self, client_snapshot *snap)
{
    liar *l = self;
    l->inner.ops->release(l->inner.self, snap);
}

/* Frees the wrapped model. */
static void liar_destroy(void *self)
{
    liar *l = self;
    client_object_free(&l->inner);
}

/* The liar's sequential-object functions. */
static const client_object_ops liar_ops = {liar_reset,   liar_invoke,  liar_fingerprint, liar_save,
                                           liar_restore, liar_release, liar_destroy};

Test(client_lin_compare, finds_the_first_disagreement_and_its_path)
{
    client_spec *set = load_spec("CoarseListSet");
    client_error err = {0};
    liar l;
    cr_assert_eq(client_adt_new(set, &l.inner, &err), CLIENT_OK);
    client_object bad = {&liar_ops, &l}, good;
    cr_assert_eq(client_adt_new(set, &good, &err), CLIENT_OK);
    client *c = parse_client(set, "{ add(1); contains(2) } || { remove(2); contains(1) }");
    client_lin_diff diff;
    cr_assert_eq(client_lin_compare(c, &good, &bad, &diff, &err), CLIENT_OK);
    cr_assert(diff.found);
    char buf[256];
    client_lin_diff_format(c, &diff, buf, sizeof buf);
    cr_assert_str_eq(buf, "T0.add(1), T0.contains(2), T1.remove(2), T1.contains(1): true vs false");
    client_free(c);
    c = parse_client(set, "{ add(1); contains(2) } || { remove(2); contains(0) }");
    cr_assert_eq(client_lin_compare(c, &good, &bad, &diff, &err), CLIENT_OK);
    cr_assert(!diff.found);
    client_lin_diff_format(c, &diff, buf, sizeof buf);
    cr_assert_str_eq(buf, "no difference");
    client_lin_run run = {0};
    cr_assert_eq(client_linearize(c, &good, &run, &err), CLIENT_OK);
    cr_assert_eq(diff.nodes, run.stats.nodes, "both states move together");
    client_outcome_set_free(run.outcomes);
    client_free(c);
    liar_destroy(&l);
    client_object_free(&good);
    client_spec_free(set);
}

Test(client_lin_compare, out_of_memory_at_every_allocation)
{
    client_spec *set = load_spec("CoarseListSet");
    client *c = parse_client(set, "{ add(1); add(2) } || { remove(2); contains(0) } || { add(3) }");
    size_t failures = 0;
    for (long n = 0;; n++) {
        client_object a = {0}, b = {0};
        client_error err = {0};
        client_lin_diff diff;
        base_fail_allocation_after(n);
        client_status s = client_adt_new(set, &a, &err);
        if (!s) s = client_adt_new(set, &b, &err);
        if (!s) s = client_lin_compare(c, &a, &b, &diff, &err);
        base_fail_allocation_after(-1);
        client_object_free(&a);
        client_object_free(&b);
        if (s == CLIENT_OK) {
            cr_assert(!diff.found);
            break;
        }
        cr_assert_eq(s, CLIENT_ERR_NOMEM, "n=%ld: %s", n, err.message);
        failures++;
    }
    cr_assert_geq(failures, 5);
    client_free(c);
    client_spec_free(set);
}
