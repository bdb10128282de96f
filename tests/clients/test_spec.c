/* Specs: every bundled spec loads and matches a bundled class and its ADT; specs in Violat's
 * own format load with every field; every malformed spec fails with one line naming the file
 * and the JSON path; out-of-memory paths. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clienttest.h"

/* What every unsupported-type error adds: the types porcheck passes and what to do. */
#define TYPE_HINT                                                                                  \
    " (porcheck passes int, long, boolean, java.lang.Integer, java.lang.Long, java.lang.Object, "  \
    "collections [\"int\"] and maps {\"int\": \"int\"}: change the type or remove the method)"

/* The bundled specs: every structure of structures/ plus the two model-library classes. */
static const char *const bundled[] = {
    "CoarseListSet",         "CoarseListSetBuggy",
    "RWLockListSet",         "RWLockListSetBuggy",
    "OptimisticListSet",     "OptimisticListSetBuggy",
    "LazyListSet",           "LazyListSetBuggy",
    "HarrisMichaelListSet",  "HarrisMichaelListSetBuggy",
    "LockFreeBSTSet",        "CLQSet",
    "CLQSetBuggy",           "CHMSet",
    "CHMSetBuggy",           "CoarseHashMap",
    "CoarseHashMapBuggy",    "TreiberStack",
    "TreiberStackBuggy",     "MSQueue",
    "MSQueueBuggy",          "ConcurrentHashMap",
    "ConcurrentLinkedQueue", "BoundedBuffer",
    "BoundedBufferBuggy",
};
enum { BUNDLED = sizeof bundled / sizeof bundled[0] };

Test(client_spec, specs_directory_holds_exactly_the_bundled_specs)
{
    DIR *dir = opendir(SPECS_DIR);
    cr_assert(dir);
    size_t n = 0;
    for (struct dirent *e; (e = readdir(dir));) {
        const char *dot = strrchr(e->d_name, '.');
        if (!dot || strcmp(dot, ".json")) continue;
        bool known = false;
        for (size_t i = 0; i < BUNDLED; i++)
            known |= strlen(bundled[i]) == (size_t)(dot - e->d_name) &&
                     !strncmp(bundled[i], e->d_name, (size_t)(dot - e->d_name));
        cr_expect(known, "unexpected spec %s", e->d_name);
        n++;
    }
    closedir(dir);
    cr_assert_eq(n, BUNDLED);
}

Test(client_spec, every_bundled_spec_loads_names_its_class_and_fits_its_adt)
{
    for (size_t i = 0; i < BUNDLED; i++) {
        client_spec *spec = load_spec(bundled[i]);
        char cls[256], src[1024];
        snprintf(cls, sizeof cls, "%s.%s",
                 strstr(bundled[i], "Concurrent") == bundled[i] ? "java.util.concurrent"
                                                                : "porcheck.structures",
                 bundled[i]);
        cr_expect_str_eq(spec->class_name, cls);
        cr_expect_neq(spec->adt, CLIENT_ADT_NONE, "%s has no adt", bundled[i]);
        for (size_t m = 0; m < spec->method_count; m++)
            cr_expect(client_adt_supports(spec, &spec->methods[m]), "%s: the %s adt lacks %s",
                      bundled[i], client_adt_name(spec->adt), spec->methods[m].name);
        snprintf(src, sizeof src, "%s/%s.java", STRUCTURES_SRC, bundled[i]);
        if (!strncmp(cls, "porcheck.", 9)) cr_expect_eq(access(src, R_OK), 0, "no %s", src);
        bool buggy = strstr(bundled[i], "Buggy") && strcmp(bundled[i], "LazyListSetBuggy") &&
                     strcmp(bundled[i], "BoundedBufferBuggy"); /* their bugs take no key */
        cr_expect_eq(spec->ctor_param_count, buggy ? 1u : 0u, "%s", bundled[i]);
        if (buggy) cr_expect_eq(spec->ctor_args[0].i, 0);
        client_spec_free(spec);
    }
}

Test(client_spec, set_spec_fields)
{
    client_spec *spec = load_spec("CoarseListSetBuggy");
    cr_assert_eq(spec->adt, CLIENT_ADT_SET);
    cr_assert_eq(spec->method_count, 3);
    cr_assert_eq(spec->ctor_params[0].kind, CLIENT_TYPE_INT);
    cr_assert_eq(spec->ctor_args[0].kind, CLIENT_VAL_INT);
    const client_method *add = &spec->methods[client_spec_find_method(spec, "add", 1)];
    cr_assert(add->trusted && !add->readonly && !add->is_void);
    cr_assert_str_eq(client_type_descriptor(&add->params[0]), "I");
    long contains = client_spec_find_method(spec, "contains", 1);
    cr_assert(spec->methods[contains].readonly);
    cr_assert_eq(client_spec_find_method(spec, "contains", 2), -1);
    cr_assert_eq(client_spec_find_method(spec, "size", 0), -1);
    client_spec_free(spec);
}

Test(client_spec, violat_deque_spec_loads_with_every_field)
{
    client_spec *spec = NULL;
    client_error err = {0};
    cr_assert_eq(client_spec_load(TEST_SPECS "/violat-ConcurrentLinkedDeque.json", &spec, &err),
                 CLIENT_OK, "%s", err.message);
    cr_assert_str_eq(spec->class_name, "java.util.concurrent.ConcurrentLinkedDeque");
    cr_assert_eq(spec->adt, CLIENT_ADT_NONE);
    cr_assert_eq(spec->harness.invocations, 4);
    cr_assert_eq(spec->method_count, 8);
    const client_method *m = spec->methods;
    cr_assert_str_eq(m[0].name, "offerFirst");
    cr_assert_eq(m[0].params[0].kind, CLIENT_TYPE_INT);
    cr_assert(m[0].trusted && !m[0].readonly);
    cr_assert(m[3].is_void && !m[3].trusted);
    cr_assert_eq(m[3].harness.invocations, 3);
    cr_assert_eq(m[4].params[0].kind, CLIENT_TYPE_COLLECTION);
    cr_assert_eq(m[4].params[0].element, CLIENT_TYPE_INT);
    cr_assert_str_eq(client_type_name(&m[4].params[0]), "[int]");
    cr_assert_str_eq(client_type_descriptor(&m[4].params[0]), "Ljava/util/Collection;");
    cr_assert(m[4].non_atomic && !m[4].trusted, "absent trusted means false");
    cr_assert_str_eq(m[7].visibility, "weak");
    cr_assert_null(m[0].visibility);
    cr_assert_eq(spec->warning_count, 6, "harnessParameters (3), nonAtomic (2), visibility");
    cr_assert_str_eq(spec->warnings[5],
                     TEST_SPECS "/violat-ConcurrentLinkedDeque.json: "
                                "$.methods[7].visibility: ignored (porcheck does not use it)");
    client_spec_free(spec);
}

Test(client_spec, violat_map_spec_loads_object_and_map_types)
{
    client_spec *spec = NULL;
    client_error err = {0};
    cr_assert_eq(client_spec_load(TEST_SPECS "/violat-ConcurrentSkipListMap.json", &spec, &err),
                 CLIENT_OK, "%s", err.message);
    cr_assert_eq(spec->method_count, 7);
    const client_method *put = &spec->methods[0];
    cr_assert_eq(put->params[1].kind, CLIENT_TYPE_OBJECT);
    cr_assert_str_eq(client_type_descriptor(&put->params[1]), "Ljava/lang/Object;");
    long remove2 = client_spec_find_method(spec, "remove", 2);
    cr_assert_eq(remove2, 2);
    cr_assert_eq(client_spec_find_method(spec, "remove", 1), 1);
    const client_method *putAll = &spec->methods[4];
    cr_assert_eq(putAll->params[0].kind, CLIENT_TYPE_MAP);
    cr_assert_eq(putAll->params[0].element, CLIENT_TYPE_OBJECT);
    cr_assert_eq(putAll->params[0].value, CLIENT_TYPE_OBJECT);
    cr_assert_str_eq(spec->methods[6].visibility, "monotonic");
    client_object obj;
    cr_assert_eq(client_adt_new(spec, &obj, &err), CLIENT_ERR_SPEC);
    cr_assert_str_eq(err.message, TEST_SPECS "/violat-ConcurrentSkipListMap.json: the spec names "
                                             "no \"adt\" reference model");
    client_spec_free(spec);
}

Test(client_spec, constructor_arguments_of_every_type)
{
    client_spec *spec = spec_from_text(
        "{\"class\": \"A\", \"parameters\": [\"int\", \"long\", \"boolean\", \"java.lang.Integer\","
        " [\"int\"], {\"int\": \"int\"}], \"default_parameters\": [-3, 5000000000, true, null,"
        " [1, 2], {\"4\": 5}], \"methods\": [{\"name\": \"m\"}]}");
    cr_assert_eq(spec->ctor_param_count, 6);
    const client_value *a = spec->ctor_args;
    cr_assert(a[0].kind == CLIENT_VAL_INT && a[0].i == -3);
    cr_assert(a[1].kind == CLIENT_VAL_INT && a[1].i == 5000000000);
    cr_assert(a[2].kind == CLIENT_VAL_BOOL && a[2].i == 1);
    cr_assert_eq(a[3].kind, CLIENT_VAL_NULL);
    cr_assert(a[4].kind == CLIENT_VAL_LIST && a[4].count == 2 && a[4].items[1] == 2);
    cr_assert(a[5].kind == CLIENT_VAL_MAP && a[5].count == 1 && a[5].items[0] == 4 &&
              a[5].items[1] == 5);
    char buf[64];
    client_value_format(&a[5], buf, sizeof buf);
    cr_assert_str_eq(buf, "[4=5]");
    cr_assert_eq(spec->methods[0].param_count, 0, "absent parameters mean none");
    client_spec_free(spec);
}

Test(client_spec, visibility_default_and_explicit)
{
    client_spec *spec = load_spec("HarrisMichaelListSet");
    cr_assert(client_spec_is_visible(spec, "porcheck/structures/HarrisMichaelListSet"));
    cr_assert(client_spec_is_visible(spec, "porcheck/structures/HarrisMichaelListSet$Node"));
    cr_assert(client_spec_is_visible(spec, "java/util/concurrent/atomic/AtomicMarkableReference"));
    cr_assert(!client_spec_is_visible(spec, "porcheck/structures/HarrisMichaelListSetBuggy"));
    cr_assert(!client_spec_is_visible(spec, "java/util/HashMap"));
    client_spec_free(spec);
    spec = spec_from_text("{\"class\": \"a.B\", \"visible\": [\"a.B\", \"java.util.\"],"
                          " \"methods\": [{\"name\": \"m\"}]}");
    cr_assert_eq(spec->visible_count, 2);
    cr_assert_str_eq(spec->visible[1], "java/util/");
    cr_assert(client_spec_is_visible(spec, "a/B$Inner"));
    cr_assert(client_spec_is_visible(spec, "java/util/HashMap"));
    cr_assert(!client_spec_is_visible(spec, "a/Bc"));
    cr_assert(!client_spec_is_visible(spec, "java/lang/Object"));
    client_spec_free(spec);
}

/* One malformed spec and the exact error it must give. */
typedef struct bad_spec {
    const char *json;
    client_status status;
    const char *message;
} bad_spec;

static const bad_spec bad_specs[] = {
    {"[1]", CLIENT_ERR_SPEC, "$: a spec is a JSON object"},
    {"{\"methods\": []}", CLIENT_ERR_SPEC, "$: missing \"class\""},
    {"{\"class\": 3}", CLIENT_ERR_SPEC, "$: \"class\" must be a string"},
    {"{\"class\": \"\"}", CLIENT_ERR_SPEC, "$: missing \"class\""},
    {"{\"class\": \"A\", \"adt\": \"tree\", \"methods\": []}", CLIENT_ERR_SPEC,
     "$.adt: expected one of set, map, queue, deque, stack, counter, register"},
    {"{\"class\": \"A\"}", CLIENT_ERR_SPEC, "$: missing \"methods\""},
    {"{\"class\": \"A\", \"methods\": []}", CLIENT_ERR_SPEC,
     "$.methods: expected a non-empty array of methods"},
    {"{\"class\": \"A\", \"methods\": [3]}", CLIENT_ERR_SPEC,
     "$.methods[0]: a method is a JSON object"},
    {"{\"class\": \"A\", \"methods\": [{\"void\": true}]}", CLIENT_ERR_SPEC,
     "$.methods[0]: missing \"name\""},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"1add\"}]}", CLIENT_ERR_SPEC,
     "$.methods[0]: \"name\" '1add' is not a Java method name"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"parameters\": [\"double\"]}]}",
     CLIENT_ERR_SPEC, "$.methods[0].parameters[0]: unsupported type 'double'" TYPE_HINT},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\"}, {\"name\": \"b\", \"parameters\":"
     " [\"int\", {\"type\": \"float\"}]}]}",
     CLIENT_ERR_SPEC, "$.methods[1].parameters[1].type: unsupported type 'float'" TYPE_HINT},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"parameters\": [[\"int\", \"int\"]]}]}",
     CLIENT_ERR_SPEC,
     "$.methods[0].parameters[0]: a collection type is a one-element array like [\"int\"]"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"parameters\": [[\"boolean\"]]}]}",
     CLIENT_ERR_SPEC,
     "$.methods[0].parameters[0][0]: unsupported element type 'boolean' (int, long, "
     "java.lang.Integer, java.lang.Long or java.lang.Object)"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"parameters\": [{\"char\": \"int\"}]}]}",
     CLIENT_ERR_SPEC, "$.methods[0].parameters[0]: unsupported map key type 'char'"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"parameters\": [{\"int\": 3}]}]}",
     CLIENT_ERR_SPEC, "$.methods[0].parameters[0].int: an element type must be a string"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"parameters\": [7]}]}", CLIENT_ERR_SPEC,
     "$.methods[0].parameters[0]: a type is a name, {\"type\": ...}, [\"int\"] or {\"K\": \"V\"}"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"parameters\": \"int\"}]}",
     CLIENT_ERR_SPEC, "$.methods[0].parameters: expected an array of parameter types"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"void\": \"yes\"}]}", CLIENT_ERR_SPEC,
     "$.methods[0]: \"void\" must be true or false"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"trusted\": 1}]}", CLIENT_ERR_SPEC,
     "$.methods[0]: \"trusted\" must be true or false"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"visibility\": false}]}", CLIENT_ERR_SPEC,
     "$.methods[0]: \"visibility\" must be a string"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"harnessParameters\": 3}]}",
     CLIENT_ERR_SPEC, "$.methods[0].harnessParameters: expected an object"},
    {"{\"class\": \"A\", \"harnessParameters\": {\"invocations\": -1}, \"methods\": [{\"name\":"
     " \"a\"}]}",
     CLIENT_ERR_SPEC, "$.harnessParameters: \"invocations\" must be a non-negative integer"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"parameters\": [\"int\"]}, {\"name\":"
     " \"a\", \"parameters\": [\"long\"]}]}",
     CLIENT_ERR_SPEC,
     "$.methods[1]: a with 1 parameter is already $.methods[0] (methods may be overloaded by "
     "arity only: remove or rename one)"},
    {"{\"class\": \"A\", \"parameters\": [\"int\"], \"methods\": [{\"name\": \"a\"}]}",
     CLIENT_ERR_SPEC, "$: \"parameters\" needs \"default_parameters\""},
    {"{\"class\": \"A\", \"parameters\": [\"int\"], \"default_parameters\": [1, 2], \"methods\":"
     " [{\"name\": \"a\"}]}",
     CLIENT_ERR_SPEC, "$.default_parameters: expected an array of 1 value"},
    {"{\"class\": \"A\", \"parameters\": [\"int\"], \"default_parameters\": [true], \"methods\":"
     " [{\"name\": \"a\"}]}",
     CLIENT_ERR_SPEC, "$.default_parameters[0]: expected an integer"},
    {"{\"class\": \"A\", \"parameters\": [\"int\"], \"default_parameters\": [3000000000],"
     " \"methods\": [{\"name\": \"a\"}]}",
     CLIENT_ERR_SPEC, "$.default_parameters[0]: 3000000000 does not fit an int"},
    {"{\"class\": \"A\", \"parameters\": [\"boolean\"], \"default_parameters\": [0], \"methods\":"
     " [{\"name\": \"a\"}]}",
     CLIENT_ERR_SPEC, "$.default_parameters[0]: expected true or false"},
    {"{\"class\": \"A\", \"parameters\": [\"int\"], \"default_parameters\": [null], \"methods\":"
     " [{\"name\": \"a\"}]}",
     CLIENT_ERR_SPEC, "$.default_parameters[0]: expected an integer"},
    {"{\"class\": \"A\", \"parameters\": [[\"int\"]], \"default_parameters\": [[1, \"x\"]],"
     " \"methods\": [{\"name\": \"a\"}]}",
     CLIENT_ERR_SPEC, "$.default_parameters[0][1]: expected an integer"},
    {"{\"class\": \"A\", \"parameters\": [{\"int\": \"int\"}], \"default_parameters\":"
     " [{\"k\": 1}], \"methods\": [{\"name\": \"a\"}]}",
     CLIENT_ERR_SPEC, "$.default_parameters[0]: map key 'k' is not an int"},
    {"{\"class\": \"A\", \"visible\": \"a.B\", \"methods\": [{\"name\": \"a\"}]}", CLIENT_ERR_SPEC,
     "$.visible: expected an array of class names"},
    {"{\"class\": \"A\", \"visible\": [\"\"], \"methods\": [{\"name\": \"a\"}]}", CLIENT_ERR_SPEC,
     "$.visible[0]: expected a class name or package prefix"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"parameters\": [{\"type\": \"int\","
     " \"x\": 1}]}]}",
     CLIENT_ERR_SPEC, "$.methods[0].parameters[0].x: unknown key (a parameter object has type)"},
    /* Unknown keys, with a near miss of a known key of that object suggested. */
    {"{\"class\": \"A\", \"method\": [], \"methods\": [{\"name\": \"a\"}]}", CLIENT_ERR_SPEC,
     "$.method: unknown key (did you mean \"methods\"?)"},
    {"{\"clas\": \"A\", \"methods\": [{\"name\": \"a\"}]}", CLIENT_ERR_SPEC,
     "$.clas: unknown key (did you mean \"class\"?)"},
    {"{\"class\": \"A\", \"Default_Parameter\": [], \"methods\": [{\"name\": \"a\"}]}",
     CLIENT_ERR_SPEC, "$.Default_Parameter: unknown key (did you mean \"default_parameters\"?)"},
    {"{\"class\": \"A\", \"oracle\": \"adt\", \"methods\": [{\"name\": \"a\"}]}", CLIENT_ERR_SPEC,
     "$.oracle: unknown key (a spec has class, parameters, default_parameters, methods, adt, "
     "visible, $schema, harnessParameters)"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\"}, {\"name\": \"b\", \"viod\": true}]}",
     CLIENT_ERR_SPEC, "$.methods[1].viod: unknown key (did you mean \"void\"?)"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"readOnly\": true}]}", CLIENT_ERR_SPEC,
     "$.methods[0].readOnly: unknown key (did you mean \"readonly\"?)"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"params\": [\"int\"]}]}", CLIENT_ERR_SPEC,
     "$.methods[0].params: unknown key (a method has name, parameters, descriptor, void, "
     "readonly, trusted, adt, nonAtomic, visibility, harnessParameters, id, bulk)"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"descripter\": \"()Z\"}]}",
     CLIENT_ERR_SPEC, "$.methods[0].descripter: unknown key (did you mean \"descriptor\"?)"},
    /* "descriptor": a string, well-formed, as many parameters as "parameters" lists. */
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"descriptor\": 3}]}", CLIENT_ERR_SPEC,
     "$.methods[0]: \"descriptor\" must be a string"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"parameters\": [\"int\"], "
     "\"descriptor\": \"(Integer)boolean\"}]}",
     CLIENT_ERR_SPEC,
     "$.methods[0].descriptor: malformed method descriptor '(Integer)boolean' (write it as javap "
     "-s prints it, e.g. \"(Ljava/lang/Integer;)Z\")"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"parameters\": [\"int\", \"int\"], "
     "\"descriptor\": \"(Ljava/lang/Integer;)Z\"}]}",
     CLIENT_ERR_SPEC,
     "$.methods[0].descriptor: (Ljava/lang/Integer;)Z takes 1 parameter but \"parameters\" lists "
     "2"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"descriptor\": \"(IS)Z\"}]}",
     CLIENT_ERR_SPEC,
     "$.methods[0].descriptor: parameter 2, S, is not a type porcheck passes by itself (I, J, Z, "
     "Integer, Long, Object, Collection, Map): add \"parameters\" with the spec types to pass"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"descriptor\": "
     "\"(Ljava/util/List;)Z\"}]}",
     CLIENT_ERR_SPEC,
     "$.methods[0].descriptor: parameter 1, Ljava/util/List;, is not a type porcheck passes by "
     "itself (I, J, Z, Integer, Long, Object, Collection, Map): add \"parameters\" with the spec "
     "types to pass"},
    /* A method's "adt": a method of the spec's model with as many parameters. */
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"addInt\", \"parameters\": [\"int\"], "
     "\"adt\": \"add\"}]}",
     CLIENT_ERR_SPEC,
     "$.methods[0].adt: maps 'addInt' onto the ADT model's 'add', but the spec names no \"adt\" "
     "model"},
    {"{\"class\": \"A\", \"adt\": \"set\", \"methods\": [{\"name\": \"addInt\", \"parameters\": "
     "[\"int\"], \"adt\": \"insert\"}]}",
     CLIENT_ERR_SPEC,
     "$.methods[0].adt: the set model has no method 'insert' (it has add, remove, size, "
     "isEmpty, clear, contains)"},
    {"{\"class\": \"A\", \"adt\": \"set\", \"methods\": [{\"name\": \"addInt\", \"parameters\": "
     "[\"int\", \"int\"], \"adt\": \"add\"}]}",
     CLIENT_ERR_SPEC, "$.methods[0].adt: the set model's add takes 1 parameter, addInt has 2"},
    {"{\"class\": \"A\", \"adt\": \"map\", \"methods\": [{\"name\": \"drop\", \"adt\": "
     "\"remove\"}]}",
     CLIENT_ERR_SPEC,
     "$.methods[0].adt: the map model's remove takes 1 or 2 parameters, drop has 0"},
    {"{\"class\": \"A\", \"adt\": \"set\", \"methods\": [{\"name\": \"a\", \"adt\": true}]}",
     CLIENT_ERR_SPEC, "$.methods[0]: \"adt\" must be a string"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"parameters\": [{\"tpye\":"
     " \"int\"}]}]}",
     CLIENT_ERR_SPEC, "$.methods[0].parameters[0].tpye: unknown key (did you mean \"type\"?)"},
    {"{\"class\": \"A\", \"harnessParameters\": {\"invocation\": 2}, \"methods\":"
     " [{\"name\": \"a\"}]}",
     CLIENT_ERR_SPEC,
     "$.harnessParameters.invocation: unknown key (did you mean \"invocations\"?)"},
    {"{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"harnessParameters\": {\"x\":"
     " 1}}]}",
     CLIENT_ERR_SPEC,
     "$.methods[0].harnessParameters.x: unknown key (harnessParameters has invocations, "
     "sequences, values)"},
};

Test(client_spec, every_malformed_spec_gives_one_line_naming_file_and_json_path)
{
    for (size_t i = 0; i < sizeof bad_specs / sizeof bad_specs[0]; i++) {
        client_spec *spec = (client_spec *)1;
        client_error err = {0};
        char want[600];
        snprintf(want, sizeof want, "bad.json: %s", bad_specs[i].message);
        cr_expect_eq(client_spec_parse("bad.json", bad_specs[i].json, &spec, &err),
                     bad_specs[i].status, "case %zu: %s", i, err.message);
        cr_expect_str_eq(err.message, want, "case %zu", i);
        cr_expect_null(spec);
        cr_expect_null(strchr(err.message, '\n'));
    }
}

Test(client_spec, every_malformed_descriptor_is_refused)
{
    static const char *const bad[] = {
        "",
        "I",
        "(I",
        "(I)",
        "(I)ZZ",
        "(L;)Z",
        "(Ljava//lang/Object;)Z",
        "(Ljava.lang.Object;)Z",
        "(Q)Z",
        "()[V",
        "(V)Z",
        "(I)L;",
        "(Ljava/lang/Object)Z",
        "(/a;)Z",
        "(La/;)Z",
        "(Lx;I",
        "I()Z",
        "([)Z",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char json[300];
        snprintf(json, sizeof json,
                 "{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"descriptor\": \"%s\"}]}",
                 bad[i]);
        client_spec *spec = NULL;
        client_error err = {0};
        cr_expect_eq(client_spec_parse("bad.json", json, &spec, &err), CLIENT_ERR_SPEC, "'%s'",
                     bad[i]);
        cr_expect(strstr(err.message, "bad.json: $.methods[0].descriptor: malformed method "
                                      "descriptor '"),
                  "'%s': %s", bad[i], err.message);
        client_spec_free(spec);
    }
}

Test(client_spec, a_descriptor_is_kept_and_gives_the_parameters_it_names)
{
    client_spec *spec = spec_from_text(
        "{\"class\": \"A\", \"methods\": [{\"name\": \"k\", \"parameters\": "
        "[\"java.lang.Object\"], \"descriptor\": \"(Ljava/lang/Integer;)Z\"}, {\"name\": \"all\", "
        "\"descriptor\": \"(IJZLjava/lang/Integer;Ljava/lang/Long;Ljava/lang/Object;"
        "Ljava/util/Collection;Ljava/util/Map;)V\", \"void\": true}, {\"name\": \"plain\", "
        "\"parameters\": [[\"int\"]], \"descriptor\": \"(Ljava/util/List;)[[I\"}, "
        "{\"name\": \"none\", \"descriptor\": \"()Ljava/lang/String;\"}]}");
    const client_method *m = spec->methods;
    cr_assert_str_eq(m[0].descriptor, "(Ljava/lang/Integer;)Z");
    cr_assert_eq(m[0].params[0].kind, CLIENT_TYPE_OBJECT, "\"parameters\" wins");
    static const char *const names[] = {"int",
                                        "long",
                                        "boolean",
                                        "java.lang.Integer",
                                        "java.lang.Long",
                                        "java.lang.Object",
                                        "[java.lang.Object]",
                                        "java.util.Map"};
    cr_assert_eq(m[1].param_count, 8);
    for (size_t i = 0; i < 8; i++) {
        char want[64];
        cr_expect_str_eq(client_type_name(&m[1].params[i]), names[i], "parameter %zu", i);
        snprintf(want, sizeof want, "%s", client_type_descriptor(&m[1].params[i]));
        cr_expect(strstr(m[1].descriptor, want), "parameter %zu: %s", i, want);
    }
    cr_assert_eq(m[2].params[0].kind, CLIENT_TYPE_COLLECTION);
    cr_assert_eq(m[3].param_count, 0);
    cr_assert_null(spec->methods[0].adt_method);
    client *c = parse_client(spec, "{ k(null); all(1, 2, true, null, 3, 4, [5], [6=7]) }");
    client_free(c);
    client_spec_free(spec);
}

Test(client_spec, a_method_adt_maps_it_onto_a_method_of_the_model)
{
    client_spec *spec = spec_from_text(
        "{\"class\": \"A\", \"adt\": \"map\", \"methods\": [{\"name\": \"store\", \"parameters\": "
        "[\"int\", \"int\"], \"adt\": \"put\"}, {\"name\": \"drop\", \"parameters\": "
        "[\"int\", \"int\"], \"adt\": \"remove\"}, {\"name\": \"put\", \"parameters\": "
        "[\"int\"], \"void\": true}]}");
    cr_assert_str_eq(spec->methods[0].adt_method, "put");
    cr_assert(client_adt_supports(spec, &spec->methods[0]));
    cr_assert(client_adt_supports(spec, &spec->methods[1]), "remove with 2 parameters");
    cr_assert(!client_adt_supports(spec, &spec->methods[2]), "the map's put takes 2");
    char *got = adt_outcomes(spec, "{ store(1, 2) } || { drop(1, 2) }", NULL);
    cr_assert_str_eq(got, "{(null, false), (null, true)}");
    free(got);
    client_spec_free(spec);
}

Test(client_spec, violat_keys_porcheck_does_not_use_are_accepted_with_a_warning_each)
{
    client_spec *spec = spec_from_text(
        "{\"$schema\": \"../schema.json\", \"class\": \"A\", \"harnessParameters\":"
        " {\"invocations\": 4}, \"methods\": [{\"name\": \"a\", \"id\": 1}, {\"name\": \"b\","
        " \"nonAtomic\": true, \"visibility\": \"weak\", \"harnessParameters\": {}}]}");
    static const char *const want[] = {
        "test.json: $.harnessParameters: ignored (porcheck does not use it)",
        "test.json: $.methods[0].id: ignored (porcheck does not use it)",
        "test.json: $.methods[1].nonAtomic: ignored (porcheck does not use it)",
        "test.json: $.methods[1].visibility: ignored (porcheck does not use it)",
        "test.json: $.methods[1].harnessParameters: ignored (porcheck does not use it)",
    };
    cr_assert_eq(spec->warning_count, 5);
    for (size_t i = 0; i < 5; i++) cr_expect_str_eq(spec->warnings[i], want[i]);
    cr_assert_eq(spec->harness.invocations, 4, "still read and checked");
    client_spec_free(spec);
    spec = spec_from_text("{\"class\": \"A\", \"methods\": [{\"name\": \"a\", \"void\": true,"
                          " \"readonly\": false, \"trusted\": true}]}");
    cr_assert_eq(spec->warning_count, 0);
    client_spec_free(spec);
}

Test(client_spec, an_exact_duplicate_method_is_left_out_with_a_warning)
{
    client_spec *spec = spec_from_text(
        "{\"class\": \"A\", \"methods\": [{\"name\": \"a\"}, {\"name\": \"isEmpty\", \"readonly\":"
        " true}, {\"name\": \"b\", \"parameters\": [\"int\"], \"bulk\": {\"primitive\": \"a\"}},"
        " {\"name\": \"isEmpty\", \"readonly\": true}, {\"name\": \"c\", \"parameters\":"
        " [\"java.util.Collection<?>\"]}]}");
    cr_assert_eq(spec->method_count, 4);
    static const char *const names[] = {"a", "isEmpty", "b", "c"};
    static const size_t places[] = {0, 1, 2, 4};
    for (size_t i = 0; i < 4; i++) {
        cr_expect_str_eq(spec->methods[i].name, names[i]);
        cr_expect_eq(spec->methods[i].json_index, places[i], "%s", names[i]);
    }
    cr_assert_eq(spec->warning_count, 2);
    cr_expect_str_eq(spec->warnings[0],
                     "test.json: $.methods[2].bulk: ignored (porcheck does not use it)");
    cr_expect_str_eq(spec->warnings[1],
                     "test.json: $.methods[3]: the same method as $.methods[1], ignored");
    cr_expect_eq(spec->methods[3].params[0].kind, CLIENT_TYPE_COLLECTION);
    cr_expect_eq(spec->methods[3].params[0].element, CLIENT_TYPE_OBJECT);
    client_spec_free(spec);
}

Test(client_spec, a_timeunit_parameter_says_what_to_change)
{
    client_spec *spec;
    client_error err = {0};
    cr_assert_eq(
        client_spec_parse("q.json",
                          "{\"class\": \"A\", \"methods\": [{\"name\": \"poll\","
                          " \"parameters\": [\"long\", \"java.util.concurrent.TimeUnit\"]}]}",
                          &spec, &err),
        CLIENT_ERR_SPEC);
    cr_expect_str_eq(err.message, "q.json: $.methods[0].parameters[1]: unsupported type "
                                  "'java.util.concurrent.TimeUnit'" TYPE_HINT);
}

Test(client_spec, bundled_specs_carry_no_key_porcheck_ignores)
{
    for (size_t i = 0; i < BUNDLED; i++) {
        client_spec *spec = load_spec(bundled[i]);
        cr_expect_eq(spec->warning_count, 0, "%s: %s", bundled[i],
                     spec->warning_count ? spec->warnings[0] : "");
        client_spec_free(spec);
    }
}

Test(client_spec, syntax_errors_name_file_line_and_column)
{
    client_spec *spec;
    client_error err = {0};
    cr_assert_eq(client_spec_parse("x.json", "{\n  \"class\": \"A\",,\n}", &spec, &err),
                 CLIENT_ERR_JSON);
    cr_assert(!strncmp(err.message, "x.json:2:", 9), "%s", err.message);
    cr_assert_eq(client_spec_parse("x.json", "{\"class\": \"A\", \"class\": \"B\"}", &spec, &err),
                 CLIENT_ERR_JSON, "duplicate keys are rejected");
    cr_assert_eq(client_spec_load("/nonexistent/spec.json", &spec, &err), CLIENT_ERR_IO);
    cr_assert_str_eq(err.message, "/nonexistent/spec.json: cannot open file");
    cr_assert_eq(client_spec_load("/", &spec, &err), CLIENT_ERR_IO);
    cr_assert_str_eq(err.message, "/: not a regular file");
}

Test(client_spec, every_byte_is_parsed_and_a_nul_byte_is_an_error)
{
    client_spec *spec;
    client_error err = {0};
    static const char ok[] =
        "{\"class\": \"A\", \"methods\": [{\"name\": \"m\", \"parameters\": []}]}";
    cr_assert_eq(client_spec_parse_bytes("x.json", (client_bytes){ok, strlen(ok)}, &spec, &err),
                 CLIENT_OK, "%s", err.message);
    client_spec_free(spec);
    static const char nul[] = "{\"class\": \"A\", \"methods\": []}\n\0 garbage {{{";
    cr_assert_eq(
        client_spec_parse_bytes("x.json", (client_bytes){nul, sizeof nul - 1}, &spec, &err),
        CLIENT_ERR_SYNTAX);
    cr_assert_str_eq(err.message, "x.json:2:1: NUL byte (not allowed in a text file)");
    cr_assert_null(spec);
    static const char name[] = "{\"class\": \"A\",\n \"methods\": [{\"name\": \"a\x01\"}]}";
    cr_assert_eq(
        client_spec_parse_bytes("x.json", (client_bytes){name, sizeof name - 1}, &spec, &err),
        CLIENT_ERR_SYNTAX);
    cr_assert_str_eq(err.message, "x.json:2:25: control byte 0x01 (not allowed in a text file)");
    static const char tail[] = "{\"class\": \"A\", \"methods\": []} garbage";
    cr_assert_eq(
        client_spec_parse_bytes("x.json", (client_bytes){tail, sizeof tail - 1}, &spec, &err),
        CLIENT_ERR_JSON);
    cr_assert(!strncmp(err.message, "x.json:1:", 9), "%s", err.message);
    cr_assert(mkfifo("spec-test.fifo", 0600) == 0 || access("spec-test.fifo", F_OK) == 0);
    cr_assert_eq(client_spec_load("spec-test.fifo", &spec, &err), CLIENT_ERR_IO);
    cr_assert_str_eq(err.message, "spec-test.fifo: not a regular file");
    unlink("spec-test.fifo");
}

Test(client_spec, status_names)
{
    cr_assert_str_eq(client_status_name(CLIENT_OK), "CLIENT_OK");
    cr_assert_str_eq(client_status_name(CLIENT_ERR_SPEC), "CLIENT_ERR_SPEC");
    cr_assert_str_eq(client_status_name(CLIENT_ERR_OBJECT), "CLIENT_ERR_OBJECT");
    cr_assert_str_eq(client_status_name((client_status)99), "CLIENT_ERR_?");
    cr_assert_str_eq(client_adt_name(CLIENT_ADT_REGISTER), "register");
}

Test(client_spec, out_of_memory_at_every_allocation)
{
    const char *json = "{\"class\": \"A\", \"adt\": \"set\", \"parameters\": [\"int\", [\"int\"]],"
                       " \"default_parameters\": [1, [2, 3]], \"visible\": [\"a.B\"],"
                       " \"methods\": [{\"name\": \"add\", \"parameters\": [\"int\"]},"
                       " {\"name\": \"size\", \"visibility\": \"weak\"}]}";
    size_t failures = 0;
    for (long n = 0;; n++) {
        client_spec *spec;
        client_error err = {0};
        base_fail_allocation_after(n);
        client_status s = client_spec_parse("oom.json", json, &spec, &err);
        base_fail_allocation_after(-1);
        if (s == CLIENT_OK) {
            cr_assert_eq(spec->method_count, 2);
            client_spec_free(spec);
            break;
        }
        cr_assert_eq(s, CLIENT_ERR_NOMEM, "n=%ld: %s", n, err.message);
        cr_assert_str_eq(err.message, "oom.json: out of memory loading the spec");
        failures++;
    }
    cr_assert_eq(failures, 2, "the spec and its arena's first chunk");
    cr_assert_eq(base_bytes_in_use(), 0);
}

Test(client_spec, control_characters_quoted_from_a_spec_are_escaped_in_the_message)
{
    client_spec *spec;
    client_error err = {0};
    cr_assert_eq(client_spec_parse("x.json",
                                   "{\"class\": \"A\", \"methods\": [{\"name\": \"m\", "
                                   "\"parameters\": [\"a\\u0007b\\nc\"]}]}",
                                   &spec, &err),
                 CLIENT_ERR_SPEC);
    cr_assert_str_eq(
        err.message,
        "x.json: $.methods[0].parameters[0]: unsupported type 'a\\x07b\\nc'" TYPE_HINT);
}
