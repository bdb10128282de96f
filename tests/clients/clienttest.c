/* Helpers shared by the clients tests. */
#define _POSIX_C_SOURCE 200809L
#include "clienttest.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

client_spec *load_spec(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.json", SPECS_DIR, name);
    client_spec *spec = NULL;
    client_error err = {0};
    cr_assert_eq(client_spec_load(path, &spec, &err), CLIENT_OK, "%s", err.message);
    return spec;
}

client_spec *spec_from_text(const char *json)
{
    client_spec *spec = NULL;
    client_error err = {0};
    cr_assert_eq(client_spec_parse("test.json", json, &spec, &err), CLIENT_OK, "%s", err.message);
    return spec;
}

client *parse_client(const client_spec *spec, const char *text)
{
    client *c = NULL;
    client_error err = {0};
    client_source src = {"test", 1};
    cr_assert_eq(client_parse(spec, text, &src, &c, &err), CLIENT_OK, "%s", err.message);
    return c;
}

char *adt_outcomes(const client_spec *spec, const char *text, client_lin_stats *stats)
{
    client *c = parse_client(spec, text);
    client_object obj;
    client_error err = {0};
    cr_assert_eq(client_adt_new(spec, &obj, &err), CLIENT_OK, "%s", err.message);
    client_lin_run run = {0};
    cr_assert_eq(client_linearize(c, &obj, &run, &err), CLIENT_OK, "%s", err.message);
    size_t n = client_outcome_set_format(run.outcomes, NULL, 0) + 1;
    char *buf = malloc(n);
    client_outcome_set_format(run.outcomes, buf, n);
    if (stats) *stats = run.stats;
    client_outcome_set_free(run.outcomes);
    client_object_free(&obj);
    client_free(c);
    return buf;
}

char *run_capture(const char *cmd, int *status)
{
    FILE *p = popen(cmd, "r");
    cr_assert(p, "cannot run %s", cmd);
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    for (size_t got; (got = fread(buf + len, 1, cap - len - 1, p)) > 0;) {
        len += got;
        if (cap - len < 2) buf = realloc(buf, cap *= 2);
    }
    buf[len] = '\0';
    int st = pclose(p);
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    return buf;
}
