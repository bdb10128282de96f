/* The class path: jars, directories, lists, and every way a lookup can fail. */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>

#include "../../classfile/internal.h" /* the jar cache */
#include "testutil.h"

/* A scratch directory unique to this test process. */
static char work[512];

static void make_work_dir(void)
{
    mkdir(TEST_WORK_DIR, 0755);
    snprintf(work, sizeof work, "%s/cp%d", TEST_WORK_DIR, (int)getpid());
    mkdir(work, 0755);
}

static void write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f, "%s", path);
    cr_assert_eq(fwrite(data, 1, len, f), len);
    fclose(f);
}

static cf_classpath *classpath_of(const char *list)
{
    cf_classpath *cp;
    cf_error err = {0};
    cr_assert_eq(cf_classpath_new(&cp, &err), CF_OK);
    cr_assert_eq(cf_classpath_add_list(cp, list, &err), CF_OK, "%s", err.message);
    return cp;
}

/* Checks that adding [path] to a new class path fails with [want], the message holding [text]. */
static void refused(const char *path, cf_status want, const char *text)
{
    cf_classpath *cp;
    cf_error err = {0};
    cr_assert_eq(cf_classpath_new(&cp, &err), CF_OK);
    cr_assert_eq(cf_classpath_add(cp, path, &err), want, "%s: %s", path, err.message);
    cr_assert(strstr(err.message, text), "%s", err.message);
    cf_classpath_free(cp);
}

Test(cf_classpath, loads_from_a_jar)
{
    cf_classpath *cp = classpath_of(CFTEST_JAR17);
    cf_class *cls;
    cf_error err = {0};
    cr_assert_eq(cf_classpath_load(cp, "cftest/Control$Color", &cls, &err), CF_OK, "%s",
                 err.message);
    cr_assert_str_eq(cls->name, "cftest/Control$Color");
    cr_assert(strstr(cls->origin, "cftest17.jar!cftest/Control$Color.class"), "%s", cls->origin);
    cf_class_free(cls);
    cf_classpath_free(cp);
}

Test(cf_classpath, loads_from_a_directory_and_searches_in_order)
{
    make_work_dir();
    char dir[600], path[700];
    snprintf(dir, sizeof dir, "%s/cftest", work);
    mkdir(dir, 0755);
    /* the directory holds a built class Foo disguised as cftest/Fields: first entry wins */
    cb_class c;
    cb_default(&c);
    cb_buf b = cb_build(&c);
    snprintf(path, sizeof path, "%s/Fields.class", dir);
    write_file(path, b.data, b.len);
    snprintf(path, sizeof path, "%s/Foo.class", work);
    write_file(path, b.data, b.len);
    cb_free(&b);
    char list[1200];
    snprintf(list, sizeof list, "%s::%s", work, CFTEST_JAR17);
    cf_classpath *cp = classpath_of(list);
    cf_class *cls;
    cf_error err = {0};
    cr_assert_eq(cf_classpath_load(cp, "Foo", &cls, &err), CF_OK, "%s", err.message);
    cf_class_free(cls);
    cr_assert_eq(cf_classpath_load(cp, "cftest/Fields", &cls, &err), CF_ERR_FORMAT);
    cr_assert(strstr(err.message, "declares class Foo, expected cftest/Fields"), "%s", err.message);
    cr_assert_eq(cf_classpath_load(cp, "cftest/Basics", &cls, &err), CF_OK, "%s", err.message);
    cf_class_free(cls);
    cf_classpath_free(cp);
}

Test(cf_classpath, missing_class_names_the_class_and_the_path)
{
    cf_classpath *cp = classpath_of(CFTEST_JAR17);
    cf_class *cls;
    cf_error err = {0};
    cr_assert_eq(cf_classpath_load(cp, "java/util/concurrent/locks/ReentrantLock", &cls, &err),
                 CF_ERR_NOT_FOUND);
    cr_assert_null(cls);
    cr_assert(strstr(err.message, "class java/util/concurrent/locks/ReentrantLock not found"), "%s",
              err.message);
    cr_assert(strstr(err.message, CFTEST_JAR17), "%s", err.message);
    cr_assert_eq(cf_classpath_load(cp, "../../etc/passwd", &cls, &err), CF_ERR_NOT_FOUND);
    cr_assert(strstr(err.message, "not a valid class name"), "%s", err.message);
    cf_classpath_free(cp);
}

Test(cf_classpath, missing_entry_is_an_io_error)
{
    refused("/nonexistent/lib.jar", CF_ERR_IO, "/nonexistent/lib.jar");
}

Test(cf_classpath, file_that_is_not_a_zip_is_rejected)
{
    make_work_dir();
    char path[700];
    snprintf(path, sizeof path, "%s/text.jar", work);
    write_file(path, "this is not a zip archive\n", 26);
    refused(path, CF_ERR_ZIP, "text.jar: not a valid jar");
}

Test(cf_classpath, truncated_jar_is_rejected)
{
    make_work_dir();
    uint8_t *data;
    size_t len;
    cf_error err = {0};
    cr_assert_eq(cf_read_file(CFTEST_JAR17, 1 << 26, &data, &len, &err), CF_OK, "%s", err.message);
    char path[700];
    snprintf(path, sizeof path, "%s/half.jar", work);
    write_file(path, data, len / 2);
    base_free(data);
    refused(path, CF_ERR_ZIP, "half.jar: not a valid jar");
}

/* Writes a jar at [path] with one stored (uncompressed) entry Foo.class holding class [c], whose
 * bytes it returns. */
static cb_buf write_jar_of(const char *path, const cb_class *c)
{
    cb_buf b = cb_build(c);
    int code;
    zip_t *z = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code);
    cr_assert_not_null(z);
    zip_source_t *src = zip_source_buffer(z, b.data, b.len, 0);
    zip_int64_t index = zip_file_add(z, "Foo.class", src, ZIP_FL_OVERWRITE);
    cr_assert_geq(index, 0);
    zip_set_file_compression(z, (zip_uint64_t)index, ZIP_CM_STORE, 0);
    cr_assert_eq(zip_close(z), 0);
    return b;
}

/* Writes a jar at [path] with one stored (uncompressed) entry Foo.class holding the default built
 * class, whose bytes it returns. */
static cb_buf write_stored_jar(const char *path)
{
    cb_class c;
    cb_default(&c);
    return write_jar_of(path, &c);
}

/* Makes the work directory and writes jar [name] there holding the default class Foo ([*c],
 * for the caller to change), its path in [path]. */
static void write_default_jar(const char *name, char *path, size_t cap, cb_class *c)
{
    make_work_dir();
    snprintf(path, cap, "%s/%s", work, name);
    cb_default(c);
    cb_buf b = write_jar_of(path, c);
    cb_free(&b);
}

Test(cf_classpath, corrupt_jar_entry_is_a_zip_error)
{
    make_work_dir();
    char path[700];
    snprintf(path, sizeof path, "%s/corrupt.jar", work);
    cb_buf b = write_stored_jar(path);
    uint8_t *jar;
    size_t len;
    cf_error err = {0};
    cr_assert_eq(cf_read_file(path, 1 << 20, &jar, &len, &err), CF_OK);
    uint8_t *at = memmem(jar, len, b.data, b.len); /* the stored class bytes */
    cr_assert_not_null(at);
    at[b.len / 2] ^= 0x5A;
    write_file(path, jar, len);
    base_free(jar);
    cb_free(&b);
    cf_classpath *cp = classpath_of(path);
    cf_class *cls;
    cf_status s = cf_classpath_load(cp, "Foo", &cls, &err);
    cr_assert_eq(s, CF_ERR_ZIP, "%s: %s", cf_status_name(s), err.message);
    cr_assert(strstr(err.message, "corrupt.jar!Foo.class: corrupt entry"), "%s", err.message);
    cf_classpath_free(cp);
}

/* A jar whose local header names another file than its central directory says is rejected when
 * the class path is opened (libzip's consistency check), also where the same path held a sound
 * jar that passed the check before in this process: a jar is checked once per process only
 * while it is unchanged. */
Test(cf_classpath, a_jar_changed_on_disk_is_checked_again)
{
    make_work_dir();
    char path[700];
    snprintf(path, sizeof path, "%s/changing.jar", work);
    cb_buf b = write_stored_jar(path);
    cb_free(&b);
    for (int i = 0; i < 2; i++) cf_classpath_free(classpath_of(path)); /* checked, then not */
    uint8_t *jar;
    size_t len;
    cf_error err = {0};
    cr_assert_eq(cf_read_file(path, 1 << 20, &jar, &len, &err), CF_OK);
    cr_assert(len > 40 && !memcmp(jar, "PK\3\4", 4) && !memcmp(jar + 30, "Foo.class", 9));
    jar[30] = 'G'; /* the local header's name: Goo.class; the central directory says Foo.class */
    write_file(path, jar, len);
    base_free(jar);
    refused(path, CF_ERR_ZIP, "changing.jar: not a valid jar"); /* checked again */
}

/* The class files a VM instance reads are kept for the process's other instances: while the jar
 * is unchanged a later class path gets the same class, and once it changed on disk, the new
 * one (here a final class in place of a plain one, in a jar of the same size). */
Test(cf_classpath, a_changed_jar_gives_its_new_classes)
{
    char path[700];
    cb_class c;
    write_default_jar("rewritten.jar", path, sizeof path, &c);
    uint16_t plain = c.access;
    cb_buf b;
    for (int i = 0; i < 3; i++) {
        if (i == 2) {
            c.access |= CF_ACC_FINAL;
            b = write_jar_of(path, &c);
            cb_free(&b);
        }
        cf_classpath *cp = classpath_of(path);
        cf_class *cls;
        cf_error err = {0};
        cr_assert_eq(cf_classpath_load(cp, "Foo", &cls, &err), CF_OK, "%s", err.message);
        cr_assert_eq(cls->access, i == 2 ? plain | CF_ACC_FINAL : plain, "load %d", i);
        cf_class_free(cls);
        cf_classpath_free(cp);
    }
}

/* Loads [name] from class path [cp] (asserting that it loads). */
static cf_class *load_ok(cf_classpath *cp, const char *name)
{
    cf_class *cls;
    cf_error err = {0};
    cr_assert_eq(cf_classpath_load(cp, name, &cls, &err), CF_OK, "%s", err.message);
    return cls;
}

/* Class paths over one unchanged jar share its parsed classes (the class cache): the second
 * load is the first's class, which outlives its first holder and class path. */
Test(cf_classpath, an_unchanged_jar_shares_its_parsed_classes)
{
    char path[700];
    cb_class c;
    write_default_jar("shared.jar", path, sizeof path, &c);
    cf_classpath *first = classpath_of(path), *second = classpath_of(path);
    cf_class *a = load_ok(first, "Foo"), *again = load_ok(first, "Foo");
    cf_class *other = load_ok(second, "Foo");
    cr_assert(a == again && a == other, "the class was parsed again");
    cf_class_free(a);
    cf_class_free(again);
    cf_classpath_free(first);
    cr_assert_str_eq(other->name, "Foo");
    cr_assert_eq(other->access, c.access);
    cf_class_free(other);
    cf_classpath_free(second);
}

/* A jar is opened once per process: the first class path gives its handle to the jar cache, every
 * later one reads the jar through it (no second read of the central directory), and the handle
 * outlives the class path that opened it. */
Test(cf_classpath, class_paths_read_an_unchanged_jar_through_one_handle)
{
    char path[700];
    cb_class c;
    write_default_jar("one-handle.jar", path, sizeof path, &c);
    struct stat st;
    cr_assert_eq(stat(path, &st), 0);
    cf_jar_id id = cf_jar_id_of(&st);
    cr_assert_not(cf_jar_shared(&id));
    cf_classpath *first = classpath_of(path);
    cr_assert(cf_jar_shared(&id), "the first class path kept its own handle");
    cf_classpath_free(first);
    cr_assert(cf_jar_shared(&id), "the handle went with the class path that opened it");
    cf_classpath *second = classpath_of(path);
    cf_class *cls = load_ok(second, "Foo"); /* its first read: through the shared handle */
    cr_assert_eq(cls->access, c.access);
    cf_class_free(cls);
    cf_classpath_free(second);
}

/* A directory's class files are read again at each load (a file may change), and one before a
 * jar still hides the jar's class that another class path parsed and shares. */
Test(cf_classpath, a_directory_is_not_shared_and_still_hides_a_jar)
{
    char dir[600], path[700], list[1400];
    cb_class c;
    write_default_jar("shared.jar", path, sizeof path, &c);
    uint16_t plain = c.access;
    snprintf(dir, sizeof dir, "%s/hiding", work);
    mkdir(dir, 0755);
    c.access |= CF_ACC_FINAL;
    cb_buf b = cb_build(&c);
    char file[700];
    snprintf(file, sizeof file, "%s/Foo.class", dir);
    write_file(file, b.data, b.len);
    cb_free(&b);
    cf_classpath *jar = classpath_of(path);
    cf_class *from_jar = load_ok(jar, "Foo");
    snprintf(list, sizeof list, "%s:%s", dir, path);
    cf_classpath *both = classpath_of(list);
    cf_class *hidden = load_ok(both, "Foo"), *again = load_ok(both, "Foo");
    cr_assert_eq(from_jar->access, plain);
    cr_assert_eq(hidden->access, plain | CF_ACC_FINAL, "the jar's shared class was taken");
    cr_assert(hidden != again, "a directory's class was shared");
    cf_class_free(from_jar);
    cf_class_free(hidden);
    cf_class_free(again);
    cf_classpath_free(jar);
    cf_classpath_free(both);
}

Test(cf_classpath, stored_jar_entry_loads)
{
    make_work_dir();
    char path[700];
    snprintf(path, sizeof path, "%s/stored.jar", work);
    cb_buf b = write_stored_jar(path);
    cb_free(&b);
    cf_classpath *cp = classpath_of(path);
    cf_class *cls;
    cf_error err = {0};
    cr_assert_eq(cf_classpath_load(cp, "Foo", &cls, &err), CF_OK, "%s", err.message);
    cf_class_free(cls);
    cf_classpath_free(cp);
}

static bool count_class(const char *name, void *ctx)
{
    (void)name;
    ++*(size_t *)ctx;
    return true;
}

Test(cf_classpath, lists_every_class_of_a_jar)
{
    cf_classpath *cp = classpath_of(STRUCTURES_JAR);
    size_t n = 0;
    cr_assert(cf_classpath_each_class(cp, count_class, &n));
    char *golden = tu_read_text(STRUCTURES_JAR ".javap.classes"); /* `jar tf`, one per line */
    size_t expected = 0;
    for (const char *c = golden; *c; c++) expected += *c == '\n';
    free(golden);
    cr_assert_eq(n, expected, "listed %zu classes, jar tf lists %zu", n, expected);
    cr_assert_gt(n, 20);
    cr_assert_str_eq(cf_classpath_describe(cp), STRUCTURES_JAR);
    cf_classpath_free(cp);
}

Test(cf_classpath, read_file_refuses_directories_and_oversized_files)
{
    uint8_t *data;
    size_t len;
    cf_error err = {0};
    cr_assert_eq(cf_read_file("/", 100, &data, &len, &err), CF_ERR_IO);
    cr_assert(strstr(err.message, "not a regular file"), "%s", err.message);
    cr_assert_eq(cf_read_file(CFTEST_JAR17, 10, &data, &len, &err), CF_ERR_IO);
    cr_assert(strstr(err.message, "over the 10-byte limit"), "%s", err.message);
    cr_assert_eq(cf_read_file("/nonexistent", 10, &data, &len, &err), CF_ERR_NOT_FOUND);
}
