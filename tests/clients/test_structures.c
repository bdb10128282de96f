/* The bundled structures, sequentially: the driver (tests/clients/java) runs seeded random
 * operations on every structure and checks each result against the matching java.util
 * collection; its output must be identical on HotSpot and on porcheck exec, and replaying it on
 * porcheck's ADT models must give the same results. (Concurrent checking of the structures comes
 * with porcheck check.) */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clienttest.h"

/* Operations per structure and the structures the driver runs (with their spec names). */
enum { OPS = 300, STRUCTURES = 23 };

/* Runs the driver with [seed] on HotSpot ([hotspot]) or porcheck exec; returns its output. */
static char *run_driver(bool hotspot, int seed, int *status)
{
    char cmd[2048];
    if (hotspot)
        snprintf(cmd, sizeof cmd, "%s -cp %s porcheck.drivers.StructuresDriver %d %d", JAVA,
                 CLASSPATH, seed, OPS);
    else
        snprintf(cmd, sizeof cmd, "%s exec --classpath %s porcheck.drivers.StructuresDriver %d %d",
                 PORCHECK, CLASSPATH, seed, OPS);
    return run_capture(cmd, status);
}

Test(structures, hotspot_and_porcheck_exec_print_the_same, .timeout = 240)
{
    for (int seed = 1; seed <= 2; seed++) {
        int hs_status, pc_status;
        char *hs = run_driver(true, seed, &hs_status);
        char *pc = run_driver(false, seed, &pc_status);
        cr_assert_eq(hs_status, 0, "HotSpot: %s",
                     strstr(hs, "MISMATCH") ? strstr(hs, "MISMATCH") : hs);
        cr_assert_eq(pc_status, 0, "porcheck exec exited %d", pc_status);
        cr_assert_str_eq(pc, hs, "seed %d: porcheck exec and HotSpot differ", seed);
        size_t lines = 0;
        for (const char *p = hs; (p = strchr(p, '\n')); p++) lines++;
        cr_assert_eq(lines, OPS * STRUCTURES + 1);
        cr_assert(strstr(hs, "\nok\n"));
        cr_assert_null(strstr(hs, "MISMATCH"));
        free(hs);
        free(pc);
    }
}

/* The ADT model of one structure while replaying: its spec and object. */
typedef struct model {
    char name[64];
    client_spec *spec;
    client_object obj;
} model;

/* Returns the model of structure [name], loading its spec on first use. */
static model *model_of(model *models, size_t *count, const char *name)
{
    for (size_t i = 0; i < *count; i++)
        if (!strcmp(models[i].name, name)) return &models[i];
    cr_assert_lt(*count, STRUCTURES);
    model *m = &models[(*count)++];
    snprintf(m->name, sizeof m->name, "%s", name);
    m->spec = load_spec(name);
    client_error err = {0};
    cr_assert_eq(client_adt_new(m->spec, &m->obj, &err), CLIENT_OK);
    cr_assert_eq(m->obj.ops->reset(m->obj.self, &err), CLIENT_OK);
    return m;
}

/* Replays one driver line "Name op(args)=result" on its model; true when the results agree. */
static bool replay_line(model *models, size_t *count, char *line)
{
    char *space = strchr(line, ' '), *eq = strrchr(line, '=');
    cr_assert(space && eq, "bad line %s", line);
    *space = *eq = '\0';
    model *m = model_of(models, count, line);
    char text[256], got[256];
    snprintf(text, sizeof text, "{ %s }", space + 1);
    client *c = parse_client(m->spec, text);
    client_value v;
    client_error err = {0};
    cr_assert_eq(m->obj.ops->invoke(m->obj.self, c, c->order[0], &v, &err), CLIENT_OK, "%s",
                 err.message);
    client_value_format(&v, got, sizeof got);
    client_free(c);
    cr_expect_str_eq(got, eq + 1, "%s %s", line, space + 1);
    return !strcmp(got, eq + 1);
}

Test(structures, adt_models_give_the_results_of_the_java_collections, .timeout = 120)
{
    int status;
    char *out = run_driver(true, 3, &status);
    cr_assert_eq(status, 0);
    model models[STRUCTURES];
    size_t count = 0, lines = 0, agree = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        if (!strcmp(line, "ok")) continue;
        lines++;
        agree += replay_line(models, &count, line);
    }
    cr_assert_eq(count, STRUCTURES, "every structure and its spec");
    cr_assert_eq(lines, OPS * STRUCTURES);
    cr_assert_eq(agree, lines);
    for (size_t i = 0; i < count; i++) {
        client_object_free(&models[i].obj);
        client_spec_free(models[i].spec);
    }
    free(out);
}
