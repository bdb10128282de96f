/* Helpers shared by the classfile tests. */
#define _POSIX_C_SOURCE 200809L
#include "testutil.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct name_list {
    char **names;
    size_t count, cap;
} name_list;

static bool collect(const char *name, void *ctx)
{
    name_list *l = ctx;
    if (l->count == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 32;
        l->names = realloc(l->names, l->cap * sizeof *l->names);
    }
    l->names[l->count++] = strdup(name);
    return true;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

char **tu_jar_classes(const char *jar, size_t *count)
{
    cf_classpath *cp;
    cf_error err = {0};
    cr_assert_eq(cf_classpath_new(&cp, &err), CF_OK);
    cr_assert_eq(cf_classpath_add(cp, jar, &err), CF_OK, "%s", err.message);
    name_list l = {0};
    cf_classpath_each_class(cp, collect, &l);
    cf_classpath_free(cp);
    qsort(l.names, l.count, sizeof *l.names, compare_names);
    *count = l.count;
    return l.names;
}

void tu_free_names(char **names, size_t count)
{
    for (size_t i = 0; i < count; i++) free(names[i]);
    free(names);
}

uint8_t *tu_jar_bytes(const char *jar, const char *name, size_t *len)
{
    cf_classpath *cp;
    cf_error err = {0};
    uint8_t *data = NULL;
    cr_assert_eq(cf_classpath_new(&cp, &err), CF_OK);
    cr_assert_eq(cf_classpath_add(cp, jar, &err), CF_OK, "%s", err.message);
    cr_assert_eq(cf_classpath_read(cp, name, &data, len, &err), CF_OK, "%s", err.message);
    cf_classpath_free(cp);
    return data;
}

cf_class *tu_parse_kept(const cb_class *c, cf_error *err)
{
    cb_buf b = cb_build(c);
    cf_class *cls = NULL;
    cf_parse(b.data, b.len, "Foo.class", &cls, err);
    cb_free(&b);
    return cls;
}

cf_status tu_parse_built(const cb_class *c, cf_error *err)
{
    cf_class *cls = tu_parse_kept(c, err);
    cf_status s = cls ? CF_OK : err->status;
    cf_class_free(cls);
    return s;
}

char *tu_disassemble(const cf_class *cls)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    cr_assert_not_null(mem);
    cf_disassemble(mem, cls);
    fclose(mem);
    return text;
}

char *tu_read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    cr_assert_eq(fread(text, 1, (size_t)n, f), (size_t)n);
    text[n] = '\0';
    fclose(f);
    return text;
}

void tu_test_jdk(cf_jdk *jdk)
{
    cf_error err = {0};
    if (cf_jdk_find(TU_JDK17_HOME, jdk, &err) == CF_OK) return;
    if (cf_jdk_find(NULL, jdk, &err) != CF_OK) cr_skip_test("no JDK installed: %s", err.message);
}
