/* The client generator: deterministic for a seed, Violat's random-mode rules (thread and call
 * counts, the argument domain, weights favouring trusted mutators, no all-read-only client, no
 * repeats), --mutators-only, and its errors. */
#include <criterion/criterion.h>
#include <string.h>

#include "clienttest.h"

/* Options: [threads] exactly, calls in [lo, hi], [values], [seed]. */
static client_gen_options options(size_t threads, size_t lo, size_t hi, size_t values,
                                  uint64_t seed)
{
    return (client_gen_options){threads, threads, lo, hi, values, false, seed, NULL, NULL, NULL};
}

/* Generates [count] clients into [out] (lines of 4096 bytes). */
static void generate(const client_spec *spec, const client_gen_options *opt, size_t count,
                     char (*out)[4096])
{
    client_gen *gen;
    client_error err = {0};
    cr_assert_eq(client_gen_new(spec, opt, &gen, &err), CLIENT_OK, "%s", err.message);
    for (size_t i = 0; i < count; i++)
        cr_assert_eq(client_gen_next(gen, out[i], 4096, &err), CLIENT_OK, "%s", err.message);
    client_gen_free(gen);
}

static char lines_a[300][4096], lines_b[300][4096];

Test(client_gen, same_seed_same_clients_other_seed_other_clients)
{
    client_spec *set = load_spec("CoarseListSet");
    client_gen_options opt = options(3, 1, 5, 2, 1);
    generate(set, &opt, 100, lines_a);
    generate(set, &opt, 100, lines_b);
    for (size_t i = 0; i < 100; i++) cr_assert_str_eq(lines_a[i], lines_b[i]);
    opt.seed = 2;
    generate(set, &opt, 100, lines_b);
    size_t same = 0;
    for (size_t i = 0; i < 100; i++) same += !strcmp(lines_a[i], lines_b[i]);
    cr_assert_lt(same, 5);
    client_spec_free(set);
}

Test(client_gen, seed_1_gives_these_clients)
{
    client_spec *set = load_spec("CoarseListSet");
    client_gen_options opt = options(3, 1, 5, 2, 1);
    generate(set, &opt, 3, lines_a);
    cr_assert_str_eq(lines_a[0], "{ add(1); add(0); remove(1) } || { contains(1); add(1) } || "
                                 "{ add(1); remove(1); add(1); remove(1) }");
    cr_assert_str_eq(lines_a[1], "{ remove(0) } || { contains(1); contains(1); remove(1); "
                                 "contains(0) } || { add(0); add(1) }");
    cr_assert_str_eq(lines_a[2], "{ contains(1); add(1); contains(1); contains(1) } || "
                                 "{ add(1); add(0) } || { add(0); add(0); contains(1); add(0); "
                                 "add(0) }");
    client_spec_free(set);
}

/* Checks every rule on [count] generated clients of [spec]; returns the count of each method. */
static void check_rules(const client_spec *spec, const client_gen_options *opt, size_t count,
                        size_t *per_method)
{
    generate(spec, opt, count, lines_a);
    for (size_t i = 0; i < count; i++) {
        client *c = parse_client(spec, lines_a[i]);
        char again[4096];
        client_format(c, again, sizeof again);
        cr_assert_str_eq(again, lines_a[i], "generated text is canonical");
        cr_assert(!c->has_prefix && !c->has_suffix);
        cr_assert(c->thread_count >= opt->min_threads && c->thread_count <= opt->max_threads);
        for (size_t t = 0; t < c->thread_count; t++)
            cr_assert(c->threads[t].count >= opt->min_calls &&
                          c->threads[t].count <= opt->max_calls,
                      "%s", lines_a[i]);
        cr_assert(!client_is_read_only(c), "%s", lines_a[i]);
        for (size_t k = 0; k < c->invocation_count; k++) {
            const client_invocation *inv = c->order[k];
            per_method[inv->method]++;
            cr_assert(!opt->mutators_only || !spec->methods[inv->method].readonly);
            for (size_t a = 0; a < inv->arg_count; a++)
                cr_assert(inv->args[a].i >= 0 && inv->args[a].i < (int64_t)opt->values);
        }
        for (size_t j = 0; j < i; j++) cr_assert_str_neq(lines_a[i], lines_a[j], "a repeat");
        client_free(c);
    }
}

Test(client_gen, rules_threads_calls_domain_weights)
{
    client_spec *set = load_spec("CoarseListSet");
    client_gen_options opt = {2, 4, 1, 5, 3, false, 99, NULL, NULL, NULL};
    size_t per[3] = {0};
    check_rules(set, &opt, 300, per);
    size_t total = per[0] + per[1] + per[2];
    /* weights 4 (add), 4 (remove), 2 (contains): contains is a fifth of all draws */
    cr_assert(per[2] * 100 > total * 15 && per[2] * 100 < total * 25, "contains %zu of %zu", per[2],
              total);
    cr_assert(per[0] * 100 > total * 35 && per[1] * 100 > total * 35);
    client_spec_free(set);
}

Test(client_gen, mutators_only_and_untrusted_weights)
{
    client_spec *map = load_spec("CoarseHashMap");
    client_gen_options opt = {3, 3, 1, 4, 2, true, 5, NULL, NULL, NULL};
    size_t per[5] = {0};
    check_rules(map, &opt, 200, per);
    cr_assert_eq(per[1] + per[3] + per[4], 0, "get, containsKey, size are readonly");
    cr_assert_gt(per[0], 0);
    cr_assert_gt(per[2], 0);
    opt.mutators_only = false;
    memset(per, 0, sizeof per);
    check_rules(map, &opt, 200, per);
    cr_assert_gt(per[4], 0, "size (untrusted) still appears");
    cr_assert_lt(per[4] * 3, per[1] * 2, "size weighs 1, get 2");
    cr_assert_eq(client_gen_weight(&map->methods[0]), 4);
    cr_assert_eq(client_gen_weight(&map->methods[1]), 2);
    cr_assert_eq(client_gen_weight(&map->methods[4]), 1);
    client_spec_free(map);
}

Test(client_gen, methods_list_restricts_the_draw)
{
    client_spec *map = load_spec("CoarseHashMap");
    client_gen_options opt = {3, 3, 1, 4, 2, false, 5, "put,remove", NULL, NULL};
    size_t per[5] = {0};
    check_rules(map, &opt, 200, per);
    cr_assert_eq(per[1] + per[3] + per[4], 0, "only put and remove are drawn");
    cr_assert_gt(per[0], 0);
    cr_assert_gt(per[2], 0);
    client_gen *gen = NULL;
    client_error err = {0};
    opt.methods = "put,frobnicate";
    cr_assert_eq(client_gen_new(map, &opt, &gen, &err), CLIENT_ERR_ARG);
    cr_assert(strstr(err.message, "no method 'frobnicate'"), "%s", err.message);
    opt.methods = "get,size";
    cr_assert_eq(client_gen_new(map, &opt, &gen, &err), CLIENT_ERR_ARG, "no mutator listed");
    client_spec_free(map);
}

Test(client_gen, collection_map_and_boolean_arguments)
{
    client_spec *spec = spec_from_text(
        "{\"class\": \"A\", \"methods\": [{\"name\": \"m\", \"parameters\": [[\"int\"], "
        "{\"java.lang.Object\": \"int\"}, \"boolean\"]}]}");
    client_gen_options opt = options(2, 1, 2, 4, 3);
    generate(spec, &opt, 50, lines_a);
    for (size_t i = 0; i < 50; i++) {
        client *c = parse_client(spec, lines_a[i]);
        const client_invocation *inv = c->order[0];
        cr_assert_eq(inv->args[0].count, 2);
        cr_assert_eq(inv->args[1].count, 2);
        cr_assert_neq(inv->args[1].items[0], inv->args[1].items[2], "distinct keys");
        cr_assert_eq(inv->args[2].kind, CLIENT_VAL_BOOL);
        client_free(c);
    }
    client_spec_free(spec);
}

Test(client_gen, bad_options_and_exhaustion)
{
    client_spec *set = load_spec("CoarseListSet");
    client_gen *gen = NULL;
    client_error err = {0};
    const struct {
        client_gen_options opt;
        const char *message;
    } bad[] = {
        {{0, 3, 1, 5, 2, false, 1, NULL, NULL, NULL},
         "--threads: expected N or A..B within 1..16, got 0..3"},
        {{3, 2, 1, 5, 2, false, 1, NULL, NULL, NULL},
         "--threads: expected N or A..B within 1..16, got 3..2"},
        {{17, 17, 1, 5, 2, false, 1, NULL, NULL, NULL},
         "--threads: expected N or A..B within 1..16, got 17"},
        {{3, 3, 0, 5, 2, false, 1, NULL, NULL, NULL},
         "--calls: expected N or A..B within 1..64, got 0..5"},
        {{3, 3, 1, 65, 2, false, 1, NULL, NULL, NULL},
         "--calls: expected N or A..B within 1..64, got 1..65"},
        {{16, 16, 1, 20, 2, false, 1, NULL, NULL, NULL},
         "--threads 16 with --calls 20: up to 320 invocations, at most 256"},
        {{3, 3, 1, 5, 0, false, 1, NULL, NULL, NULL}, "--values must be between 1 and 1000000"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cr_expect_eq(client_gen_new(set, &bad[i].opt, &gen, &err), CLIENT_ERR_ARG);
        cr_expect_str_eq(err.message, bad[i].message);
        cr_expect_null(gen);
    }
    client_gen_options one = options(1, 1, 1, 1, 1);
    cr_assert_eq(client_gen_new(set, &one, &gen, &err), CLIENT_OK);
    char buf[64];
    cr_assert_eq(client_gen_next(gen, buf, sizeof buf, &err), CLIENT_OK);
    cr_assert_eq(client_gen_next(gen, buf, sizeof buf, &err), CLIENT_OK);
    cr_assert_eq(client_gen_next(gen, buf, sizeof buf, &err), CLIENT_ERR_LIMIT,
                 "only { add(0) } and { remove(0) } exist");
    cr_assert_str_eq(err.message, "no new client after 1000 draws: only 2 distinct clients "
                                  "found under these limits");
    client_gen_free(gen);
    client_gen_options big = options(3, 5, 5, 2, 1);
    cr_assert_eq(client_gen_new(set, &big, &gen, &err), CLIENT_OK);
    cr_assert_eq(client_gen_next(gen, buf, 20, &err), CLIENT_ERR_LIMIT);
    cr_assert_str_eq(err.message, SPECS_DIR "/CoarseListSet.json: a drawn client is longer than 19 "
                                            "bytes; draw fewer --threads or --calls");
    client_gen_free(gen);
    client_spec_free(set);
}

Test(client_gen, a_spec_without_mutators_is_refused)
{
    client_spec *spec = spec_from_text("{\"class\": \"A\", \"methods\": [{\"name\": \"get\", "
                                       "\"readonly\": true}]}");
    client_gen *gen = NULL;
    client_error err = {0};
    client_gen_options opt = options(2, 1, 2, 2, 1);
    cr_assert_eq(client_gen_new(spec, &opt, &gen, &err), CLIENT_ERR_ARG);
    cr_assert_str_eq(err.message,
                     "test.json: every method is readonly, so every client would be read-only");
    client_spec_free(spec);
}

Test(client_rng, below_is_in_range_and_uniform_enough)
{
    client_rng rng;
    client_rng_seed(&rng, 12345);
    size_t hist[7] = {0};
    for (int i = 0; i < 70000; i++) {
        uint64_t v = client_rng_below(&rng, 7);
        cr_assert_lt(v, 7);
        hist[v]++;
    }
    for (int i = 0; i < 7; i++) cr_assert(hist[i] > 9500 && hist[i] < 10500, "%zu", hist[i]);
    cr_assert_eq(client_rng_below(&rng, 0), 0);
    client_rng a, b;
    client_rng_seed(&a, 7);
    client_rng_seed(&b, 7);
    for (int i = 0; i < 100; i++) cr_assert_eq(client_rng_next(&a), client_rng_next(&b));
}

Test(client_gen, out_of_memory_at_every_allocation)
{
    client_spec *set = load_spec("CoarseListSet");
    client_gen_options opt = options(3, 1, 5, 2, 1);
    size_t failures = 0;
    for (long n = 0;; n++) {
        client_gen *gen = NULL;
        client_error err = {0};
        char buf[4096];
        base_fail_allocation_after(n);
        client_status s = client_gen_new(set, &opt, &gen, &err);
        for (int i = 0; s == CLIENT_OK && i < 40; i++)
            s = client_gen_next(gen, buf, sizeof buf, &err);
        base_fail_allocation_after(-1);
        client_gen_free(gen);
        if (s == CLIENT_OK) break;
        cr_assert_eq(s, CLIENT_ERR_NOMEM, "n=%ld: %s", n, err.message);
        failures++;
    }
    cr_assert_geq(failures, 4);
    client_spec_free(set);
    cr_assert_eq(base_bytes_in_use(), 0);
}

/* A filter that discards every client holding the text [ctx]; fails on one with "add(1)". */
static client_status discard_text(void *ctx, const char *text, bool *keep, client_error *err)
{
    if (strstr(text, "add(1)"))
        return client_fail(err, CLIENT_ERR_OBJECT, "the filter failed on '%s'", text);
    *keep = !strstr(text, (const char *)ctx);
    return CLIENT_OK;
}

Test(client_gen, the_filter_discards_clients_and_its_errors_stop_the_generator)
{
    client_spec *set = load_spec("CoarseListSet");
    client_gen *gen = NULL;
    client_error err = {0};
    client_gen_options one = options(1, 1, 1, 1, 1);
    one.filter = discard_text;
    one.filter_ctx = "remove";
    cr_assert_eq(client_gen_new(set, &one, &gen, &err), CLIENT_OK, "%s", err.message);
    char buf[64];
    cr_assert_eq(client_gen_next(gen, buf, sizeof buf, &err), CLIENT_OK, "%s", err.message);
    cr_assert_str_eq(buf, "{ add(0) }");
    cr_assert_eq(client_gen_next(gen, buf, sizeof buf, &err), CLIENT_ERR_LIMIT);
    cr_assert_str_eq(err.message, "no new client after 1000 draws: only 2 distinct clients found "
                                  "under these limits, 1 of them discarded (no order completes)");
    client_gen_free(gen);
    client_gen_options two = options(1, 1, 1, 2, 1);
    two.filter = discard_text;
    two.filter_ctx = "remove";
    cr_assert_eq(client_gen_new(set, &two, &gen, &err), CLIENT_OK, "%s", err.message);
    client_status s = CLIENT_OK;
    for (int i = 0; i < 4 && s == CLIENT_OK; i++) s = client_gen_next(gen, buf, sizeof buf, &err);
    cr_assert_eq(s, CLIENT_ERR_OBJECT, "the filter's error stops the generator");
    cr_assert_str_eq(err.message, "the filter failed on '{ add(1) }'");
    client_gen_free(gen);
    client_spec_free(set);
}

Test(client_gen, a_method_name_too_long_to_draw_is_named_with_the_spec)
{
    char json[4096], name[1100];
    memset(name, 'm', sizeof name - 1);
    name[sizeof name - 1] = '\0';
    snprintf(json, sizeof json,
             "{\"class\": \"A\", \"methods\": [{\"name\": \"%s\", \"parameters\": []}, "
             "{\"name\": \"b\", \"parameters\": [\"int\"]}]}",
             name);
    client_spec *spec = spec_from_text(json);
    client_gen *gen = NULL;
    client_error err = {0};
    client_gen_options opt = options(2, 1, 2, 2, 1);
    cr_assert_eq(client_gen_new(spec, &opt, &gen, &err), CLIENT_ERR_ARG);
    cr_assert_str_eq(err.message, "test.json: method 'mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm...' (1099 "
                                  "characters): name too long to draw (at most 1024)");
    cr_assert_null(gen);
    opt.methods = "b";
    cr_assert_eq(client_gen_new(spec, &opt, &gen, &err), CLIENT_OK, "%s", err.message);
    client_gen_free(gen);
    client_spec_free(spec);
}
