/* The JDK image reader: classes byte for byte as `jimage extract` writes them, the class path
 * over an image, and corrupt images. */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"

/* The four classes compared with `jimage extract`. */
static const char *const sample_classes[] = {
    "java/lang/Object",
    "java/util/HashMap",
    "java/util/concurrent/ConcurrentLinkedQueue",
    "java/util/concurrent/atomic/AtomicInteger",
};
enum { SAMPLE_COUNT = sizeof sample_classes / sizeof sample_classes[0] };

/* A scratch directory unique to this test process. */
static char work[512];

static void make_work_dir(void)
{
    mkdir(TEST_WORK_DIR, 0755);
    snprintf(work, sizeof work, "%s/jimage%d", TEST_WORK_DIR, (int)getpid());
    mkdir(work, 0755);
}

static cf_jimage *open_image(const char *path)
{
    cf_jimage *img;
    cf_error err = {0};
    cr_assert_eq(cf_jimage_open(path, &img, &err), CF_OK, "%s", err.message);
    return img;
}

Test(cf_jimage, reads_classes_as_jimage_extract_writes_them)
{
    cf_jdk jdk;
    tu_test_jdk(&jdk);
    make_work_dir();
    char command[16384];
    snprintf(command, sizeof command,
             "'%s/bin/jimage' extract --dir '%s/x' --include "
             "'regex:/java.base/(java/lang/Object|java/util/HashMap|java/util/concurrent/"
             "ConcurrentLinkedQueue|java/util/concurrent/atomic/AtomicInteger)\\.class' '%s'",
             jdk.home, work, jdk.modules);
    cr_assert_eq(system(command), 0, "%s", command);
    cf_jimage *img = open_image(jdk.modules);
    for (size_t i = 0; i < SAMPLE_COUNT; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/x/java.base/%s.class", work, sample_classes[i]);
        uint8_t *expected;
        size_t expected_len;
        cf_error err = {0};
        cr_assert_eq(cf_read_file(path, 1 << 24, &expected, &expected_len, &err), CF_OK, "%s",
                     err.message);
        cf_jimage_resource res;
        cr_assert_eq(cf_jimage_read_class(img, sample_classes[i], &res, &err), CF_OK, "%s",
                     err.message);
        cr_assert_str_eq(res.module, "java.base");
        cr_assert_eq(res.len, expected_len, "%s", sample_classes[i]);
        cr_assert(memcmp(res.data, expected, res.len) == 0, "%s differs", sample_classes[i]);
        cf_class *cls;
        cr_assert_eq(cf_parse(res.data, res.len, path, &cls, &err), CF_OK, "%s", err.message);
        cr_assert_str_eq(cls->name, sample_classes[i]);
        cf_class_free(cls);
        base_free(expected);
    }
    cf_jimage_close(img);
}

Test(cf_jimage, reads_resources_by_full_name)
{
    cf_jdk jdk;
    tu_test_jdk(&jdk);
    cf_jimage *img = open_image(jdk.modules);
    cf_jimage_resource res;
    cf_error err = {0};
    cr_assert_eq(cf_jimage_read(img, "/java.base/java/lang/Object.class", &res, &err), CF_OK, "%s",
                 err.message);
    cr_assert_eq(res.data[0], 0xCA);
    cr_assert_eq(cf_jimage_read(img, "/java.base/java/lang/Objec.class", &res, &err),
                 CF_ERR_NOT_FOUND);
    cf_jimage_close(img);
}

Test(cf_jimage, a_missing_class_is_not_found)
{
    cf_jdk jdk;
    tu_test_jdk(&jdk);
    cf_jimage *img = open_image(jdk.modules);
    static const char *const missing[] = {
        "java/util/NoSuchMap", "nosuch/Package",        "Object", "",
        "/java/lang/Object",   "java/lang/Object.class"};
    for (size_t i = 0; i < sizeof missing / sizeof missing[0]; i++) {
        cf_jimage_resource res;
        cf_error err = {0};
        cr_assert_eq(cf_jimage_read_class(img, missing[i], &res, &err), CF_ERR_NOT_FOUND, "%s: %s",
                     missing[i], err.message);
        cr_assert(strstr(err.message, jdk.modules), "%s", err.message);
    }
    cf_jimage_close(img);
}

/* Counts the classes visited and which of the sample classes were among them. */
typedef struct class_census {
    size_t count;
    bool seen[SAMPLE_COUNT];
} class_census;

static bool count_class(const char *name, void *ctx)
{
    class_census *census = ctx;
    census->count++;
    for (size_t i = 0; i < SAMPLE_COUNT; i++)
        if (!strcmp(name, sample_classes[i])) census->seen[i] = true;
    cr_assert(!strstr(name, "module-info") && !strstr(name, ".class"), "%s", name);
    return true;
}

Test(cf_jimage, visits_every_class)
{
    cf_jdk jdk;
    tu_test_jdk(&jdk);
    cf_jimage *img = open_image(jdk.modules);
    class_census census = {0};
    cf_error err = {0};
    cr_assert_eq(cf_jimage_each_class(img, count_class, &census, &err), CF_OK, "%s", err.message);
    cr_assert_gt(census.count, 20000);
    for (size_t i = 0; i < SAMPLE_COUNT; i++) cr_assert(census.seen[i], "%s", sample_classes[i]);
    cf_jimage_close(img);
}

static bool stop_at_once(const char *name, void *ctx)
{
    (void)name;
    ++*(size_t *)ctx;
    return false;
}

Test(cf_classpath, searches_an_image_whatever_its_name)
{
    cf_jdk jdk;
    tu_test_jdk(&jdk);
    make_work_dir();
    char link[700];
    snprintf(link, sizeof link, "%s/runtime.bin", work);
    cr_assert_eq(symlink(jdk.modules, link), 0);
    cf_classpath *cp;
    cf_error err = {0};
    cr_assert_eq(cf_classpath_new(&cp, &err), CF_OK);
    cr_assert_eq(cf_classpath_add(cp, link, &err), CF_OK, "%s", err.message);
    cf_class *cls;
    cr_assert_eq(cf_classpath_load(cp, "java/util/HashMap", &cls, &err), CF_OK, "%s", err.message);
    cr_assert(strstr(cls->origin, "runtime.bin!java/util/HashMap.class"), "%s", cls->origin);
    cf_class_free(cls);
    cr_assert_eq(cf_classpath_load(cp, "java/util/NoSuchMap", &cls, &err), CF_ERR_NOT_FOUND);
    class_census census = {0};
    cr_assert(cf_classpath_each_class(cp, count_class, &census));
    cr_assert_gt(census.count, 20000);
    for (size_t i = 0; i < SAMPLE_COUNT; i++) cr_assert(census.seen[i], "%s", sample_classes[i]);
    size_t visited = 0;
    cr_assert_not(cf_classpath_each_class(cp, stop_at_once, &visited));
    cr_assert_eq(visited, 1);
    cf_classpath_free(cp);
}

/* jlink --compress=2 stores resources zip-compressed: each read names the file and the class. */
Test(cf_jimage, compressed_resources_are_an_error)
{
    cf_jdk jdk;
    tu_test_jdk(&jdk);
    make_work_dir();
    char command[16384], modules[700];
    snprintf(command, sizeof command,
             "'%s/bin/jlink' --compress=2 --add-modules java.base --output '%s/small' "
             ">/dev/null 2>&1",
             jdk.home, work);
    if (system(command) != 0) cr_skip_test("jlink failed: %s", command);
    snprintf(modules, sizeof modules, "%s/small/lib/modules", work);
    cf_jimage *img = open_image(modules);
    class_census census = {0};
    cf_error err = {0};
    cr_assert_eq(cf_jimage_each_class(img, count_class, &census, &err), CF_OK, "%s", err.message);
    cr_assert(census.seen[0] && census.seen[1], "java.base's classes are listed");
    cf_jimage_resource res;
    cr_assert_eq(cf_jimage_read_class(img, "java/util/HashMap", &res, &err), CF_ERR_IMAGE);
    char expected[1024];
    snprintf(expected, sizeof expected,
             "%s: compressed resources are not supported (java/util/HashMap)", modules);
    cr_assert_str_eq(err.message, expected);
    cf_jimage_close(img);
}

/* ---- Corrupt images ---------------------------------------------------------------------------
 */

/* Reads the first [len] bytes of [path] into a malloc'd buffer. */
static uint8_t *read_prefix(const char *path, size_t len)
{
    uint8_t *data = malloc(len);
    FILE *f = fopen(path, "rb");
    cr_assert(data && f, "%s", path);
    cr_assert_eq(fread(data, 1, len, f), len);
    fclose(f);
    return data;
}

/* Copies the 28-byte header of [path] into [header]. */
static void read_header(const char *path, uint8_t *header)
{
    uint8_t *data = read_prefix(path, 28);
    memcpy(header, data, 28);
    free(data);
}

/* Returns the little-endian u4 at [p]. */
static uint32_t le_u4(const uint8_t *p)
{
    return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

/* Returns the size of the header and tables of little-endian image [header]. */
static size_t index_size(const uint8_t *header)
{
    return 28 + (size_t)le_u4(header + 16) * 8 + le_u4(header + 20) + le_u4(header + 24);
}

/* Writes [len] bytes of [data] to a new file of the work directory; returns its path. */
static const char *write_copy(const char *name, const uint8_t *data, size_t len)
{
    static char path[700];
    snprintf(path, sizeof path, "%s/%s", work, name);
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f, "%s", path);
    cr_assert_eq(fwrite(data, 1, len, f), len);
    fclose(f);
    return path;
}

/* Opening [path] fails with [status] and a message naming the file. */
static void assert_open_fails(const char *path, cf_status status)
{
    cf_jimage *img = (cf_jimage *)1;
    cf_error err = {0};
    cr_assert_eq(cf_jimage_open(path, &img, &err), status, "%s: %s", path, err.message);
    cr_assert_null(img);
    cr_assert(strstr(err.message, path), "%s", err.message);
}

/* Reads every class [img] lists, and the samples; each succeeds or fails naming the file. */
static bool read_listed(const char *name, void *ctx)
{
    const cf_jimage *img = ctx;
    cf_jimage_resource res;
    cf_error err = {0};
    cf_status s = cf_jimage_read_class(img, name, &res, &err);
    cr_assert(s == CF_OK || s == CF_ERR_NOT_FOUND || s == CF_ERR_IMAGE, "%s: %s", name,
              err.message);
    if (s != CF_OK) cr_assert(strstr(err.message, cf_jimage_path(img)), "%s", err.message);
    return true;
}

static void read_everything(const cf_jimage *img)
{
    cf_error err = {0};
    cf_status s = cf_jimage_each_class(img, read_listed, (void *)img, &err);
    cr_assert(s == CF_OK || s == CF_ERR_IMAGE, "%s", err.message);
    if (s != CF_OK) cr_assert(strstr(err.message, cf_jimage_path(img)), "%s", err.message);
    for (size_t i = 0; i < SAMPLE_COUNT; i++) read_listed(sample_classes[i], (void *)img);
}

Test(cf_jimage, rejects_truncated_copies)
{
    cf_jdk jdk;
    tu_test_jdk(&jdk);
    make_work_dir();
    uint8_t header[28];
    read_header(jdk.modules, header);
    size_t index = index_size(header);
    /* the header, the redirect and offsets tables, the locations, the strings */
    const size_t cuts[] = {1, 4, 8, 27, 28, 29, 1000, 100000, 300000, 900000, index - 1};
    uint8_t *data = read_prefix(jdk.modules, index + 4096);
    for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++)
        assert_open_fails(write_copy("cut", data, cuts[i]), CF_ERR_IMAGE);
    assert_open_fails(write_copy("empty", data, 0), CF_ERR_IMAGE);
    /* the tables whole, the resources cut off or cut inside one: every read is an error */
    const size_t inside[] = {index, index + 1, index + 4096};
    for (size_t i = 0; i < sizeof inside / sizeof inside[0]; i++) {
        cf_jimage *img = open_image(write_copy("resources", data, inside[i]));
        read_everything(img);
        cf_jimage_resource res;
        cf_error err = {0};
        cr_assert_eq(cf_jimage_read_class(img, "java/util/HashMap", &res, &err), CF_ERR_IMAGE);
        cf_jimage_close(img);
    }
    free(data);
}

Test(cf_jimage, rejects_a_bad_magic_version_or_table_size)
{
    cf_jdk jdk;
    tu_test_jdk(&jdk);
    make_work_dir();
    uint8_t *head = read_prefix(jdk.modules, 4096);
    uint8_t copy[4096];
    memcpy(copy, head, sizeof copy);
    copy[0] ^= 0x01;
    assert_open_fails(write_copy("magic", copy, sizeof copy), CF_ERR_MAGIC);
    memcpy(copy, head, sizeof copy);
    copy[6] = 2; /* major version 2 */
    assert_open_fails(write_copy("version", copy, sizeof copy), CF_ERR_VERSION);
    for (size_t field = 16; field < 28; field += 4) {
        memcpy(copy, head, sizeof copy);
        memset(copy + field, 0xFF, 4);
        assert_open_fails(write_copy("sizes", copy, sizeof copy), CF_ERR_IMAGE);
    }
    free(head);
}

Test(cf_jimage, survives_garbage)
{
    cf_jdk jdk;
    tu_test_jdk(&jdk);
    make_work_dir();
    uint8_t header[28];
    read_header(jdk.modules, header);
    size_t index = index_size(header);
    uint8_t *data = read_prefix(jdk.modules, index + 65536);
    uint32_t seed = 12345;
    for (int round = 0; round < 4; round++) {
        /* round 0: garbage throughout; then the header kept and garbage in the tables */
        for (size_t i = round ? 28 : 0; i < index; i++) {
            seed = seed * 1103515245u + 12345u;
            if (round == 0 || (seed >> 16) % (1u << (2 * round)) == 0)
                data[i] = (uint8_t)(seed >> 24);
        }
        const char *path = write_copy("garbage", data, index + 65536);
        cf_jimage *img;
        cf_error err = {0};
        cf_status s = cf_jimage_open(path, &img, &err);
        if (round == 0) {
            cr_assert_eq(s, CF_ERR_MAGIC, "%s", err.message);
            memcpy(data, header, sizeof header);
            continue;
        }
        cr_assert_eq(s, CF_OK, "%s", err.message);
        read_everything(img);
        cf_jimage_close(img);
    }
    free(data);
}

Test(cf_classpath, rejects_a_corrupt_image)
{
    cf_jdk jdk;
    tu_test_jdk(&jdk);
    make_work_dir();
    uint8_t *head = read_prefix(jdk.modules, 4096);
    const char *path = write_copy("short.jimage", head, 4096);
    cf_classpath *cp;
    cf_error err = {0};
    cr_assert_eq(cf_classpath_new(&cp, &err), CF_OK);
    cr_assert_eq(cf_classpath_add(cp, path, &err), CF_ERR_IMAGE, "%s", err.message);
    cr_assert(strstr(err.message, path), "%s", err.message);
    cf_classpath_free(cp);
    free(head);
}
