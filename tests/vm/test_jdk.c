/* The JDK's own java.util.concurrent bytecode on porcheck, with the JDK 17 image behind the
 * model library (the default; PORCHECK_JDK names the build's JDK) and jdk.internal.misc.Unsafe from
 * the model. Programs: tests/vm/jdk, compiled with --add-exports java.base/jdk.internal.misc.
 * Golden programs (Semaphore, CountDownLatch, Unsafe on array elements and fields, reflection on
 * fields and sun.misc.Unsafe) print what
 * HotSpot prints; UnsafeBadOffset's bad offsets throw; porcheck run finds the correct Semaphore and
 * CountDownLatch clients ok and their buggy variants violating. Every test skips when no JDK
 * image is installed. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runproc.h"

#define JAR GOLDEN_BUILD "/jdk.jar"
#define EXPORTS "--add-exports"
#define EXPORTS_ARG "java.base/jdk.internal.misc=ALL-UNNAMED"

/* Chooses the build's JDK (whose image is behind the model library by default), or skips the
 * test when it has no image. */
static void use_jdk_image(void)
{
    if (access(JDK_IMAGE, R_OK)) cr_skip_test("no JDK image at %s", JDK_IMAGE);
    cr_assert_eq(setenv("PORCHECK_JDK", JDK_HOME, 1), 0);
    cr_assert_eq(unsetenv("PORCHECK_MODEL_LIBRARY"), 0);
}

/* Runs porcheck [command] (exec or run) of [main] with argument [arg] (NULL: none) into [r];
 * [option] (NULL: none) comes before the class path. */
static void run_porcheck_with(const char *command, const char *option, const char *main,
                              const char *arg, proc_result *r)
{
    char *argv[8];
    int n = 0;
    argv[n++] = PORCHECK;
    argv[n++] = (char *)command;
    if (option) argv[n++] = (char *)option;
    argv[n++] = "--classpath";
    argv[n++] = JAR;
    argv[n++] = (char *)main;
    argv[n++] = (char *)arg;
    argv[n] = NULL;
    cr_assert(run_process(argv, 300, r), "cannot run porcheck");
}

/* Runs porcheck [command] (exec or run) of [main] with argument [arg] (NULL: none) into [r]. */
static void run_porcheck(const char *command, const char *main, const char *arg, proc_result *r)
{
    run_porcheck_with(command, NULL, main, arg, r);
}

/* Checks that porcheck exec of [main], with [option] (NULL: none), prints what HotSpot prints
 * and exits as it does. */
static void matches_hotspot_with(const char *main, const char *option)
{
    use_jdk_image();
    char *argv[] = {JAVA, EXPORTS, EXPORTS_ARG, "-cp", JAR, (char *)main, NULL};
    proc_result want = {0}, got = {0};
    cr_assert(run_process(argv, 120, &want), "cannot run java");
    run_porcheck_with("exec", option, main, NULL, &got);
    cr_expect_str_eq(got.out, want.out, "%s %s: stdout differs; porcheck stderr: %.500s", main,
                     option ? option : "", got.err);
    cr_expect_eq(got.status, want.status, "%s %s: exit status; porcheck stderr: %.500s", main,
                 option ? option : "", got.err);
    proc_result_free(&want);
    proc_result_free(&got);
}

/* Checks that porcheck exec of [main] prints what HotSpot prints and exits as it does. */
static void matches_hotspot(const char *main)
{
    matches_hotspot_with(main, NULL);
}

Test(vm_jdk, semaphore_matches_hotspot, .timeout = 300)
{
    matches_hotspot("JdkSemaphore");
}

Test(vm_jdk, count_down_latch_matches_hotspot, .timeout = 300)
{
    matches_hotspot("JdkCountDownLatch");
}

/* Reflection on fields (the model's java.lang.reflect.Field) and sun.misc.Unsafe reached through
 * its theUnsafe field, as lock-free code written before VarHandles does (issue #17). */
Test(vm_jdk, reflection_and_sun_misc_unsafe_match_hotspot, .timeout = 300)
{
    matches_hotspot("ReflectionUnsafe");
}

Test(vm_jdk, unsafe_on_arrays_and_fields_matches_hotspot, .timeout = 300)
{
    matches_hotspot("UnsafeArrays");
}

Test(vm_jdk, bad_offsets_throw_and_leave_memory_alone, .timeout = 300)
{
    use_jdk_image();
    proc_result r = {0};
    run_porcheck("exec", "UnsafeBadOffset", NULL, &r);
    cr_expect_eq(r.status, 0, "stderr: %.500s", r.err);
    cr_expect_null(strstr(r.out, "no exception"), "%s", r.out);
    cr_expect(strstr(r.out, "not an array class: IllegalArgumentException\n1 2 0 4 8 1\n"), "%s",
              r.out);
    proc_result_free(&r);
}

/* Checks that porcheck run of [main] [arg] exits with [status] and prints [text]. */
static void check_run(const char *main, const char *arg, int status, const char *text)
{
    use_jdk_image();
    proc_result r = {0};
    run_porcheck("run", main, arg, &r);
    cr_expect_eq(r.status, status, "%s %s: exit status; stdout: %.2000s\nstderr: %.500s", main, arg,
                 r.out, r.err);
    cr_expect(strstr(r.out, text), "%s %s: no '%s' in %.2000s", main, arg, text, r.out);
    proc_result_free(&r);
}

Test(vm_jdk, semaphore_mutex_is_ok, .timeout = 300)
{
    check_run("SemaphoreCounter", "1", 0, "verdict: ok");
}

Test(vm_jdk, semaphore_with_two_permits_loses_an_update, .timeout = 300)
{
    check_run("SemaphoreCounter", "2", 1, "AssertionError: lost update");
}

Test(vm_jdk, latch_publishes_the_value, .timeout = 300)
{
    check_run("LatchPublish", "late", 0, "verdict: ok");
}

Test(vm_jdk, latch_opened_too_early_is_a_violation, .timeout = 300)
{
    check_run("LatchPublish", "early", 1, "AssertionError: read 0 after the latch opened");
}

Test(vm_jdk, varhandles_match_hotspot, .timeout = 300)
{
    matches_hotspot("VarHandles");
}

Test(vm_jdk, varhandle_counters_are_ok, .timeout = 300)
{
    check_run("VarHandleCounter", "cas", 0, "verdict: ok");
    check_run("VarHandleCounter", "add", 0, "verdict: ok");
    check_run("VarHandleCounter", "array", 0, "verdict: ok");
}

Test(vm_jdk, racy_varhandle_counters_lose_an_update, .timeout = 300)
{
    check_run("VarHandleCounter", "racy", 1, "AssertionError: lost update");
    check_run("VarHandleCounter", "racy-static", 1, "AssertionError: lost update");
}

/* List.of and Set.of of 4 to 10 elements, Map.of of 5 to 10 pairs and Map.ofEntries: the
 * model library's java.util declared only the smaller ones, and javac calls the overload of the
 * exact arity. */
Test(vm_jdk, immutable_factories_of_every_arity_match_hotspot, .timeout = 300)
{
    matches_hotspot("ImmutableFactories");
}

/* The methods tests/vm/test_model_api.c found missing from the model library and that it now
 * has (Vector's growth, clone and iterators, Collections' algorithms and adapters, exception
 * accessors, functional-interface defaults, number parsing, Math's neighbours, ranged inserts)
 * print what HotSpot prints, with and without the JDK behind the model library. */
Test(vm_jdk, model_api_additions_match_hotspot_on_both_libraries, .timeout = 300)
{
    matches_hotspot("ModelApiAdditions");
    matches_hotspot_with("ModelApiAdditions", "--model-library");
}

/* compareAndExchange, the weak compare-and-sets and the opaque modes on the JDK's atomics (the
 * default) and on the model library's, which lacked them. */
Test(vm_jdk, atomic_access_modes_match_hotspot_on_both_libraries, .timeout = 300)
{
    matches_hotspot("AtomicAccessModes");
    matches_hotspot_with("AtomicAccessModes", "--model-library");
}

/* ConcurrentHashMap's compute family, remove and clear in shared bins, and resizing, in one
 * thread: the JDK's map and the model library's (whose compute family now runs under the bin's
 * lock) print what HotSpot prints. */
Test(vm_jdk, concurrent_hash_map_updates_match_hotspot_on_both_libraries, .timeout = 300)
{
    matches_hotspot("ChmUpdates");
    matches_hotspot_with("ChmUpdates", "--model-library");
}

Test(vm_jdk, concurrent_collections_match_hotspot, .timeout = 300)
{
    matches_hotspot("JdkConcurrent");
}
