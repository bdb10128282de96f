/* Never trust a class file: every truncation is a clean CF_ERR_TRUNCATED, and thousands of
 * randomly corrupted classes are rejected or parsed without a crash (ASan/UBSan watch this). */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* A class of a test jar, loaded into memory. */
typedef struct sample {
    char *name;
    uint8_t *data;
    size_t len;
} sample;

static sample *load_samples(const char *jar, size_t *count)
{
    char **names = tu_jar_classes(jar, count);
    sample *samples = calloc(*count, sizeof *samples);
    for (size_t i = 0; i < *count; i++) {
        samples[i].name = names[i];
        samples[i].data = tu_jar_bytes(jar, names[i], &samples[i].len);
    }
    free(names);
    return samples;
}

static void free_samples(sample *samples, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        free(samples[i].name);
        base_free(samples[i].data);
    }
    free(samples);
}

static void truncate_every_class(const char *jar)
{
    size_t count;
    sample *samples = load_samples(jar, &count);
    size_t cuts = 0;
    for (size_t i = 0; i < count; i++) {
        for (size_t len = 0; len < samples[i].len; len++, cuts++) {
            uint8_t *copy = malloc(len + 1); /* exact size, so ASan sees any overread */
            memcpy(copy, samples[i].data, len);
            cf_class *cls;
            cf_error err = {0};
            cf_status s = cf_parse(copy, len, samples[i].name, &cls, &err);
            cr_assert_eq(s, CF_ERR_TRUNCATED, "%s cut at %zu: %s (%s)", samples[i].name, len,
                         cf_status_name(s), err.message);
            cr_assert_null(cls);
            cr_assert(strstr(err.message, samples[i].name), "%s", err.message);
            free(copy);
        }
    }
    cr_assert_gt(cuts, 10000, "only %zu truncations tried", cuts);
    free_samples(samples, count);
}

Test(cf_corruption, every_truncation_of_release17_classes_is_clean)
{
    truncate_every_class(CFTEST_JAR17);
}

Test(cf_corruption, every_truncation_of_release8_classes_is_clean)
{
    truncate_every_class(CFTEST_JAR8);
}

/* Parses one corrupted copy; an accepted class is also disassembled, which must not crash. */
static cf_status parse_corrupted(const sample *s, unsigned *seed, FILE *sink)
{
    uint8_t *copy = malloc(s->len);
    memcpy(copy, s->data, s->len);
    int flips = 1 + rand_r(seed) % 4;
    for (int f = 0; f < flips; f++)
        copy[rand_r(seed) % s->len] ^= (uint8_t)(1 + rand_r(seed) % 255);
    cf_class *cls;
    cf_error err = {0};
    cf_status status = cf_parse(copy, s->len, s->name, &cls, &err);
    if (status == CF_OK) {
        cf_disassemble(sink, cls);
        cf_class_free(cls);
    } else {
        cr_assert(err.message[0] && !strchr(err.message, '\n'), "%s", err.message);
    }
    free(copy);
    return status;
}

Test(cf_corruption, ten_thousand_random_byte_flips_never_crash)
{
    size_t count;
    sample *samples = load_samples(CFTEST_JAR17, &count);
    FILE *sink = fopen("/dev/null", "w");
    unsigned seed = 20261122;
    size_t rejected = 0, by_status[CF_ERR_NOMEM + 1] = {0};
    for (int v = 0; v < 10000; v++) {
        cf_status s = parse_corrupted(&samples[v % count], &seed, sink);
        cr_assert(s >= CF_OK && s <= CF_ERR_NOMEM);
        by_status[s]++;
        rejected += s != CF_OK;
    }
    fclose(sink);
    /* most single-byte flips land in code, names or constants, and many are caught */
    cr_assert_gt(rejected, 3000, "only %zu of 10000 corrupted classes were rejected", rejected);
    cr_assert_gt(by_status[CF_ERR_CP_INDEX] + by_status[CF_ERR_CP_KIND], 0);
    cr_assert_gt(by_status[CF_ERR_CODE], 0);
    free_samples(samples, count);
}
