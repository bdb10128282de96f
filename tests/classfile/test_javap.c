/* Round trip against the JDK: for every class of javac-built jars, porcheck's disassembly must
 * equal `javap -c -p -l` byte for byte (javap's output is produced at build time). */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* Splits javap's output into one block per class: each starts at a "Compiled from" line. */
static size_t split_blocks(char *text, char **blocks, size_t cap)
{
    size_t n = 0;
    for (char *p = text; (p = strstr(p, "Compiled from \"")); p++) {
        if (p != text && p[-1] != '\n') continue;
        if (n) p[-1] = '\0';
        cr_assert_lt(n, cap);
        blocks[n++] = p;
    }
    return n;
}

/* Reports the first line where [ours] and [theirs] differ. */
static void assert_same(const char *name, const char *ours, const char *theirs)
{
    if (!strcmp(ours, theirs)) return;
    size_t line = 1, i = 0;
    for (; ours[i] && ours[i] == theirs[i]; i++)
        if (ours[i] == '\n') line++;
    size_t start = i;
    while (start > 0 && ours[start - 1] != '\n') start--;
    cr_assert_fail("%s differs from javap at line %zu:\n ours:  %.120s\n javap: %.120s", name, line,
                   ours + start, theirs + start);
}

static void compare_jar(const char *jar)
{
    char golden_path[1024];
    snprintf(golden_path, sizeof golden_path, "%s.javap", jar);
    char *golden = tu_read_text(golden_path);
    size_t count;
    char **names = tu_jar_classes(jar, &count);
    char **blocks = calloc(count + 1, sizeof *blocks);
    size_t block_count = split_blocks(golden, blocks, count + 1);
    cr_assert_eq(block_count, count, "%s: javap printed %zu classes, the jar has %zu", jar,
                 block_count, count);
    cr_assert_gt(count, 3);
    for (size_t i = 0; i < count; i++) {
        size_t len;
        uint8_t *data = tu_jar_bytes(jar, names[i], &len);
        cf_class *cls;
        cf_error err = {0};
        cr_assert_eq(cf_parse(data, len, names[i], &cls, &err), CF_OK, "%s", err.message);
        char *ours = tu_disassemble(cls);
        /* blocks were split at the newline before "Compiled from", which ends each class */
        size_t theirs_len = strlen(blocks[i]);
        char *theirs = malloc(theirs_len + 2);
        snprintf(theirs, theirs_len + 2, "%s%s", blocks[i], i + 1 < count ? "\n" : "");
        assert_same(names[i], ours, theirs);
        free(theirs);
        free(ours);
        cf_class_free(cls);
        base_free(data);
    }
    free(blocks);
    tu_free_names(names, count);
    free(golden);
}

Test(javap, release8_jar_matches_javap)
{
    compare_jar(CFTEST_JAR8);
}

Test(javap, release17_jar_matches_javap)
{
    compare_jar(CFTEST_JAR17);
}

Test(javap, bundled_structures_match_javap)
{
    compare_jar(STRUCTURES_JAR);
}

Test(javap, jar_classes_cover_the_features_under_test)
{
    size_t count;
    char **names = tu_jar_classes(CFTEST_JAR17, &count);
    const char *expected[] = {"cftest/Basics",       "cftest/Wide",          "cftest/Lambdas",
                              "cftest/Shapes$Op$1",  "cftest/Shapes$1Local", "cftest/Marker",
                              "cftest/Control$Color"};
    for (size_t e = 0; e < sizeof expected / sizeof expected[0]; e++) {
        bool found = false;
        for (size_t i = 0; i < count; i++) found |= !strcmp(names[i], expected[e]);
        cr_assert(found, "%s missing from the test jar", expected[e]);
    }
    tu_free_names(names, count);
}
