/* Finding the JDK: a given directory, JAVA_HOME, javac or java on PATH, and the errors. */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"

/* A scratch directory unique to this test process. */
static char work[512];

static void make_work_dir(void)
{
    mkdir(TEST_WORK_DIR, 0755);
    snprintf(work, sizeof work, "%s/jdk%d", TEST_WORK_DIR, (int)getpid());
    mkdir(work, 0755);
}

static void assert_finds(const char *dir, const cf_jdk *expected)
{
    cf_jdk found;
    cf_error err = {0};
    cr_assert_eq(cf_jdk_find(dir, &found, &err), CF_OK, "%s", err.message);
    cr_assert_str_eq(found.modules, expected->modules);
    cr_assert_str_eq(found.version, expected->version);
}

Test(cf_jdk, finds_the_given_directory)
{
    cf_jdk jdk;
    tu_test_jdk(&jdk);
    setenv("JAVA_HOME", "/nonexistent", 1);
    assert_finds(jdk.home, &jdk);
    cr_assert_str_eq(jdk.modules + strlen(jdk.home), "/lib/modules");
    cr_assert_neq(jdk.version[0], '\0');
}

Test(cf_jdk, reads_the_version_of_jdk17)
{
    cf_jdk jdk;
    cf_error err = {0};
    if (cf_jdk_find(TU_JDK17_HOME, &jdk, &err) != CF_OK) cr_skip_test("no JDK 17: %s", err.message);
    cr_assert(!strncmp(jdk.version, "17.", 3) || !strcmp(jdk.version, "17"), "%s", jdk.version);
}

Test(cf_jdk, finds_java_home)
{
    cf_jdk jdk;
    tu_test_jdk(&jdk);
    setenv("JAVA_HOME", jdk.home, 1);
    setenv("PATH", "/nonexistent", 1);
    assert_finds(NULL, &jdk);
}

Test(cf_jdk, a_java_home_without_an_image_is_an_error)
{
    make_work_dir();
    setenv("JAVA_HOME", work, 1);
    cf_jdk found;
    cf_error err = {0};
    cr_assert_eq(cf_jdk_find(NULL, &found, &err), CF_ERR_NOT_FOUND);
    cr_assert(strstr(err.message, "JAVA_HOME") && strstr(err.message, work) &&
                  strstr(err.message, "lib/modules"),
              "%s", err.message);
}

Test(cf_jdk, a_given_directory_without_an_image_is_an_error)
{
    make_work_dir();
    cf_jdk found;
    cf_error err = {0};
    cr_assert_eq(cf_jdk_find(work, &found, &err), CF_ERR_NOT_FOUND);
    cr_assert(strstr(err.message, "--jdk") && strstr(err.message, "lib/modules"), "%s",
              err.message);
}

/* Puts a symlink [tool] -> the JDK's real [tool] in a fresh bin directory, alone on $PATH. */
static void path_with_link(const cf_jdk *jdk, const char *tool)
{
    make_work_dir();
    char bin[600], target[4200], link[700];
    snprintf(bin, sizeof bin, "%s/bin", work);
    mkdir(bin, 0755);
    snprintf(target, sizeof target, "%s/bin/%s", jdk->home, tool);
    snprintf(link, sizeof link, "%s/%s", bin, tool);
    cr_assert_eq(symlink(target, link), 0, "%s", link);
    unsetenv("JAVA_HOME");
    setenv("PATH", bin, 1);
}

Test(cf_jdk, finds_javac_on_the_path)
{
    cf_jdk jdk;
    tu_test_jdk(&jdk);
    path_with_link(&jdk, "javac");
    assert_finds(NULL, &jdk);
}

Test(cf_jdk, finds_java_on_the_path)
{
    cf_jdk jdk;
    tu_test_jdk(&jdk);
    path_with_link(&jdk, "java");
    assert_finds(NULL, &jdk);
}

Test(cf_jdk, says_what_it_tried)
{
    make_work_dir();
    unsetenv("JAVA_HOME");
    setenv("PATH", work, 1);
    cf_jdk found;
    cf_error err = {0};
    cr_assert_eq(cf_jdk_find(NULL, &found, &err), CF_ERR_NOT_FOUND);
    cr_assert_str_eq(err.message,
                     "no JDK found: JAVA_HOME unset, no javac or java on PATH; give --jdk DIR");
}
