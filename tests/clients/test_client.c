/* Clients: the schema syntax with prefix and suffix, checked against the spec; canonical
 * printing that round-trips; one-line errors with columns; clients files; out of memory. */
#include <criterion/criterion.h>
#include <string.h>

#include "clienttest.h"

/* Parses [text] against [spec] and returns its canonical form in a static buffer. */
static const char *canonical(const client_spec *spec, const char *text)
{
    static char buf[4096];
    client *c = parse_client(spec, text);
    size_t n = client_format(c, buf, sizeof buf);
    cr_assert_eq(n, strlen(buf));
    client_free(c);
    return buf;
}

/* Loads one of the Violat-format test specs. */
static client_spec *test_spec(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.json", TEST_SPECS, name);
    client_spec *spec = NULL;
    client_error err = {0};
    cr_assert_eq(client_spec_load(path, &spec, &err), CLIENT_OK, "%s", err.message);
    return spec;
}

Test(client_parse, canonical_texts_round_trip)
{
    client_spec *set = load_spec("CoarseListSet");
    const char *texts[] = {
        "{ add(1); remove(1) } || { add(2) } || { contains(1) }",
        "{ add(1) } ; { add(2); remove(1) } || { contains(1) } ; { contains(2) }",
        "{ add(1) } ; { remove(1) }",
        "{ } ; { add(1) } ; { remove(1) }",
        "{ add(1) } || { add(2) } ; { contains(1) }",
        "{ } || { add(-5) }",
        "{ }",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        cr_expect_str_eq(canonical(set, texts[i]), texts[i]);
    client_spec_free(set);
    client_spec *map = test_spec("violat-ConcurrentSkipListMap");
    cr_expect_str_eq(canonical(map, "{ put(1,2); putAll([1=2,3=4]) } || { remove(1,null) }"),
                     "{ put(1,2); putAll([1=2,3=4]) } || { remove(1,null) }");
    cr_expect_str_eq(canonical(map, "{ putAll([]) }"), "{ putAll([]) }");
    client_spec_free(map);
    client_spec *deque = test_spec("violat-ConcurrentLinkedDeque");
    cr_expect_str_eq(canonical(deque, "{ containsAll([1,2]); removeAll([]) } || { push(3) }"),
                     "{ containsAll([1,2]); removeAll([]) } || { push(3) }");
    client_spec_free(deque);
}

Test(client_parse, blanks_and_trailing_semicolons_are_accepted)
{
    client_spec *set = load_spec("CoarseListSet");
    cr_expect_str_eq(canonical(set, "  {add(1);remove( 1 );}||{ add (2)}\t;{contains(2)}  "),
                     "{ add(1); remove(1) } || { add(2) } ; { contains(2) }");
    cr_expect_str_eq(canonical(set, "{add(1)};{remove(1)}||{contains(1)}"),
                     "{ add(1) } ; { remove(1) } || { contains(1) }");
    client_spec_free(set);
}

Test(client_parse, prefix_threads_suffix_and_canonical_order)
{
    client_spec *set = load_spec("CoarseListSet");
    client *c = parse_client(set, "{ add(1) } ; { add(2); remove(1) } || { contains(1) } ; "
                                  "{ contains(2) }");
    cr_assert(c->has_prefix && c->has_suffix);
    cr_assert_eq(c->prefix.count, 1);
    cr_assert_eq(c->thread_count, 2);
    cr_assert_eq(c->threads[0].count, 2);
    cr_assert_eq(c->threads[1].count, 1);
    cr_assert_eq(c->suffix.count, 1);
    cr_assert_eq(c->invocation_count, 5);
    const char *labels[] = {"P.add(1)", "T0.add(2)", "T0.remove(1)", "T1.contains(1)",
                            "S.contains(2)"};
    for (size_t i = 0; i < 5; i++) {
        char label[64];
        cr_assert_eq(c->order[i]->index, i);
        client_column_label(c, i, label, sizeof label);
        cr_expect_str_eq(label, labels[i]);
    }
    cr_assert_eq(c->threads[0].calls[1].column, 24, "remove is at column 24");
    cr_assert_eq(c->threads[0].calls[1].args[0].i, 1);
    cr_assert_eq(c->threads[0].calls[1].method, (size_t)client_spec_find_method(set, "remove", 1));
    cr_assert(!client_is_read_only(c));
    client_free(c);
    c = parse_client(set, "{ contains(1) } || { contains(2) }");
    cr_assert(client_is_read_only(c));
    cr_assert(!c->has_prefix && !c->has_suffix);
    char inv[64];
    client_invocation_format(c, &c->threads[1].calls[0], inv, sizeof inv);
    cr_assert_str_eq(inv, "contains(2)");
    client_free(c);
    client_spec_free(set);
}

Test(client_parse, scalar_types_and_their_ranges)
{
    client_spec *spec = spec_from_text(
        "{\"class\": \"A\", \"methods\": [{\"name\": \"set\", \"parameters\": [\"boolean\", "
        "\"long\", \"java.lang.Integer\", \"java.lang.Long\"]}]}");
    cr_expect_str_eq(canonical(spec, "{ set(true,5000000000,-2147483648,null) }"),
                     "{ set(true,5000000000,-2147483648,null) }");
    cr_expect_str_eq(canonical(spec, "{ set(false,-9223372036854775808,null,9) }"),
                     "{ set(false,-9223372036854775808,null,9) }");
    client_spec_free(spec);
}

/* One client that must fail, with its status and message. */
typedef struct bad_client {
    const char *text;
    client_status status;
    const char *message;
} bad_client;

static const bad_client bad_set_clients[] = {
    {"{ ad(1) }", CLIENT_ERR_METHOD,
     "test:1:3: unknown method 'ad' (the spec declares add, remove, contains)"},
    {"{ add(1,2) }", CLIENT_ERR_METHOD, "test:1:3: add takes 1 argument, found 2"},
    {"{ add(1) } || { contains() }", CLIENT_ERR_METHOD,
     "test:1:17: contains takes 1 argument, found 0"},
    {"{ add(true) }", CLIENT_ERR_TYPE, "test:1:7: add expects int for argument 1, found 'true'"},
    {"{ add(null) }", CLIENT_ERR_TYPE, "test:1:7: add expects int for argument 1, found 'null'"},
    {"{ add([1]) }", CLIENT_ERR_TYPE,
     "test:1:7: add expects int for argument 1, found a collection"},
    {"{ add(3000000000) }", CLIENT_ERR_TYPE, "test:1:7: 3000000000 does not fit an int"},
    {"{ add(-2147483649) }", CLIENT_ERR_TYPE, "test:1:7: -2147483649 does not fit an int"},
    {"{ add(99999999999999999999) }", CLIENT_ERR_TYPE,
     "test:1:7: 99999999999999999999 does not fit a long"},
    {"{ add(x) }", CLIENT_ERR_SYNTAX, "test:1:7: expected a value, found 'x'"},
    {"{ add(1", CLIENT_ERR_SYNTAX, "test:1:8: expected ')', found the end"},
    {"{ add(1) ", CLIENT_ERR_SYNTAX,
     "test:1:10: expected ';' or '}' after an invocation, found the end"},
    {"{ add(1) } | { add(2) }", CLIENT_ERR_SYNTAX, "test:1:12: expected '||', found '|'"},
    {"add(1)", CLIENT_ERR_SYNTAX, "test:1:1: expected '{', found 'a'"},
    {"", CLIENT_ERR_SYNTAX, "test:1:1: expected '{', found the end"},
    {"{ add(1) } { add(2) }", CLIENT_ERR_SYNTAX,
     "test:1:12: expected ';', '||' or the end, found '{'"},
    {"{ add(1) } ;", CLIENT_ERR_SYNTAX, "test:1:13: expected '{', found the end"},
    {"{ add 1 }", CLIENT_ERR_SYNTAX, "test:1:7: expected '(' after the method name, found '1'"},
    {"{ 1 }", CLIENT_ERR_SYNTAX, "test:1:3: expected a method name, found '1'"},
    {"{ add(1) } ; { add(1) } ; { add(1) } ; { add(1) }", CLIENT_ERR_SYNTAX,
     "test:1:38: at most a prefix, the parallel part and a suffix"},
    {"{ add(1) } || { add(1) } ; { add(1) } || { add(1) }", CLIENT_ERR_SYNTAX,
     "test:1:1: a sequential prefix or suffix is a single { ... } block"},
    {"{ add(1) } ; { add(1) } || { add(2) } ; { add(1) } || { add(3) }", CLIENT_ERR_SYNTAX,
     "test:1:1: a sequential prefix and suffix are single { ... } blocks"},
};

static const bad_client bad_map_clients[] = {
    {"{ remove() }", CLIENT_ERR_METHOD, "test:1:3: remove takes 1 or 2 arguments, found 0"},
    {"{ putAll([1]) }", CLIENT_ERR_SYNTAX, "test:1:12: expected '=' after a map key, found ']'"},
    {"{ putAll([1=2 3=4]) }", CLIENT_ERR_SYNTAX, "test:1:15: expected ',' or ']', found '3'"},
    {"{ put(1, true) }", CLIENT_ERR_TYPE,
     "test:1:10: put expects java.lang.Object for argument 2, found 'true'"},
    {"{ putAll(3) }", CLIENT_ERR_TYPE,
     "test:1:10: putAll expects java.util.Map for argument 1, found an integer"},
    {"{ lastKey(); clear(); sizee() }", CLIENT_ERR_METHOD,
     "test:1:23: unknown method 'sizee' (the spec declares put, remove, containsKey, putAll, "
     "lastKey, clear)"},
};

/* Checks that every client of [cases] fails against [spec] as it should. */
static void expect_failures(const client_spec *spec, const bad_client *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        client *c = (client *)1;
        client_error err = {0};
        client_source src = {"test", 1};
        cr_expect_eq(client_parse(spec, cases[i].text, &src, &c, &err), cases[i].status, "%s: %s",
                     cases[i].text, err.message);
        cr_expect_str_eq(err.message, cases[i].message, "%s", cases[i].text);
        cr_expect_null(c);
    }
}

Test(client_parse, errors_name_the_column_and_what_is_wrong)
{
    client_spec *set = load_spec("CoarseListSet");
    expect_failures(set, bad_set_clients, sizeof bad_set_clients / sizeof bad_set_clients[0]);
    client_spec_free(set);
    client_spec *map = test_spec("violat-ConcurrentSkipListMap");
    expect_failures(map, bad_map_clients, sizeof bad_map_clients / sizeof bad_map_clients[0]);
    client_spec_free(map);
    client_spec *spec = spec_from_text(
        "{\"class\": \"A\", \"methods\": [{\"name\": \"set\", \"parameters\": [\"boolean\"]}]}");
    bad_client b = {"{ set(1) }", CLIENT_ERR_TYPE,
                    "test:1:7: set expects boolean for argument 1, found an integer"};
    expect_failures(spec, &b, 1);
    client_spec_free(spec);
}

Test(client_parse, limits_on_threads_and_calls)
{
    client_spec *set = load_spec("CoarseListSet");
    char text[4096] = "";
    for (int t = 0; t < CLIENT_MAX_THREADS; t++) strcat(text, t ? " || { add(1) }" : "{ add(1) }");
    client_free(parse_client(set, text));
    strcat(text, " || { add(2) }");
    bad_client threads = {text, CLIENT_ERR_LIMIT, "test:1:1: more than 16 threads"};
    expect_failures(set, &threads, 1);
    char calls[4096] = "{ ";
    for (int i = 0; i < CLIENT_MAX_CALLS; i++) strcat(calls, "add(1); ");
    strcat(calls, "}");
    client_free(parse_client(set, calls));
    strcpy(calls + strlen(calls) - 1, "add(2) }");
    bad_client many = {calls, CLIENT_ERR_LIMIT, "test:1:515: more than 64 invocations in a block"};
    expect_failures(set, &many, 1);
    client_spec_free(set);
}

Test(client_list, comments_blank_lines_and_line_numbers)
{
    client_spec *set = load_spec("CoarseListSet");
    client_list list;
    client_error err = {0};
    const char *text = "# clients of the set\n\n{ add(1) } || { remove(1) }  # the classic\n"
                       "   \n{ add(2) }\n";
    cr_assert_eq(client_list_parse(set, text, "f.txt", &list, &err), CLIENT_OK, "%s", err.message);
    cr_assert_eq(list.count, 2);
    cr_assert_eq(list.lines[0], 3);
    cr_assert_eq(list.lines[1], 5);
    char buf[128];
    client_format(list.items[0], buf, sizeof buf);
    cr_assert_str_eq(buf, "{ add(1) } || { remove(1) }");
    client_list_free(&list);
    cr_assert_eq(list.count, 0);
    cr_assert_eq(client_list_parse(set, "{ add(1) }\n{ ad(1) }\n", "f.txt", &list, &err),
                 CLIENT_ERR_METHOD);
    cr_assert_str_eq(err.message, "f.txt:2:3: unknown method 'ad' (the spec declares add, remove, "
                                  "contains)");
    cr_assert_eq(list.count, 0);
    cr_assert_eq(client_list_parse(set, "", "f.txt", &list, &err), CLIENT_OK);
    cr_assert_eq(list.count, 0);
    cr_assert_eq(client_list_load(set, "/nonexistent", &list, &err), CLIENT_ERR_IO);
    cr_assert_str_eq(err.message, "/nonexistent: cannot open file");
    client_spec_free(set);
}

Test(client_parse, out_of_memory_at_every_allocation)
{
    client_spec *set = load_spec("CoarseListSet");
    const char *text = "{ add(1) } ; { add(2); remove(1); add(3); add(4); add(5); add(6); add(7);"
                       " add(8); add(9) } || { contains(1) } ; { contains(2) }";
    size_t failures = 0;
    for (long n = 0;; n++) {
        client_list list;
        client_error err = {0};
        base_fail_allocation_after(n);
        client_status s = client_list_parse(set, text, "oom", &list, &err);
        base_fail_allocation_after(-1);
        if (s == CLIENT_OK) {
            cr_assert_eq(list.count, 1);
            client_list_free(&list);
            break;
        }
        cr_assert_eq(s, CLIENT_ERR_NOMEM, "n=%ld: %s", n, err.message);
        cr_assert(strstr(err.message, "oom:1: out of memory"), "%s", err.message);
        failures++;
    }
    cr_assert_geq(failures, 5);
    client_spec_free(set);
    cr_assert_eq(base_bytes_in_use(), 0);
}
