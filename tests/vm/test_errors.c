/* Fatal conditions end porcheck exec with one line on stderr and exit status 2: linking errors
 * (a class, method or field missing at run time, an incompatible change) and unsupported
 * features (reflection, a missing native, an unsupported bootstrap method, jsr/ret, a library
 * class the model does not have). The programs in linking/main were compiled against
 * linking/old and run against linking/new. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../classfile/classbuilder.h"
#include "runproc.h"

static const char *classpath(void)
{
    static char cp[2048];
    snprintf(cp, sizeof cp, "%s/link-main.jar:%s/link-new.jar", VM_TEST_BUILD, VM_TEST_BUILD);
    return cp;
}

/* Runs porcheck exec [option] (NULL: none) on [main] with class path [cp] and checks exit status
 * 2 and [line]. */
static void expect_failure_with(const char *option, const char *cp, const char *main,
                                const char *line)
{
    char *argv[] = {PORCHECK, "exec", "--classpath", (char *)cp, (char *)main, NULL, NULL};
    if (option) argv[5] = argv[4], argv[4] = argv[3], argv[3] = argv[2], argv[2] = (char *)option;
    proc_result r = {0};
    cr_assert(run_process(argv, 60, &r));
    cr_expect_eq(r.status, 2, "%s: exit status %d, stderr: %s", main, r.status, r.err);
    cr_expect_str_eq(r.err, line, "%s: stderr", main);
    proc_result_free(&r);
}

/* Runs porcheck exec on [main] with class path [cp] and checks exit status 2 and [line]. */
static void expect_failure(const char *cp, const char *main, const char *line)
{
    expect_failure_with(NULL, cp, main, line);
}

Test(vm_errors, missing_class)
{
    expect_failure(
        classpath(), "MissingClass",
        "error: NoClassDefFoundError: Gone (called from MissingClass.main(MissingClass.java:4))\n");
}

Test(vm_errors, missing_method)
{
    expect_failure(classpath(), "MissingMethod",
                   "error: NoSuchMethodError: Lib.m()I (called from "
                   "MissingMethod.main(MissingMethod.java:4))\n");
}

Test(vm_errors, missing_field)
{
    expect_failure(classpath(), "MissingField",
                   "error: NoSuchFieldError: Lib.field:I (called from "
                   "MissingField.main(MissingField.java:4))\n");
}

Test(vm_errors, static_became_instance)
{
    expect_failure(classpath(), "ChangedStatic",
                   "error: IncompatibleClassChangeError: Lib.s (expected a static method) (called "
                   "from ChangedStatic.main(ChangedStatic.java:3))\n");
}

Test(vm_errors, reflection_is_unsupported)
{
    expect_failure(
        classpath(), "Reflection",
        "unsupported: java/lang/Class.forName (called from Reflection.main(Reflection.java:3))\n");
}

Test(vm_errors, missing_native_is_unsupported)
{
    expect_failure(classpath(), "NativeMissing",
                   "unsupported: NativeMissing.magic (called from "
                   "NativeMissing.main(NativeMissing.java:6))\n");
}

/* Runs porcheck exec on [main] of the linking programs and checks exit status 2 and one line
 * that starts with [head] and ends with [tail] (the model library's lines between them move). */
static void expect_failure_between(const char *main, const char *head, const char *tail)
{
    char *argv[] = {PORCHECK, "exec", "--classpath", (char *)classpath(), (char *)main, NULL};
    proc_result r = {0};
    cr_assert(run_process(argv, 60, &r));
    cr_expect_eq(r.status, 2, "%s: exit status %d, stderr: %s", main, r.status, r.err);
    size_t len = strlen(r.err), tail_len = strlen(tail);
    cr_expect(!strncmp(r.err, head, strlen(head)), "%s: stderr %s", main, r.err);
    cr_expect(len >= tail_len && !strcmp(r.err + len - tail_len, tail), "%s: stderr %s", main,
              r.err);
    cr_expect(len && !memchr(r.err, '\n', len - 1), "%s: more than one line: %s", main, r.err);
    proc_result_free(&r);
}

/* No garbage collection: a weak reference is refused rather than never cleared. */
Test(vm_errors, weak_reference_is_unsupported)
{
    expect_failure_between("WeakRef",
                           "unsupported: java/lang/ref/Reference: weak, soft and phantom "
                           "references (porcheck does not model garbage collection) (called from ",
                           "reached from WeakRef.main(WeakRef.java:5))\n");
}

/* Thread.getState is NEW before start(), and refused after it. */
Test(vm_errors, state_of_a_started_thread_is_unsupported)
{
    expect_failure_between("StartedState",
                           "unsupported: java/lang/Thread.getState of a started thread (called "
                           "from ",
                           "reached from StartedState.main(StartedState.java:6))\n");
}

/* Writes class Foo, whose main runs an invokedynamic of bootstrap method Boot.bsm (javac makes
 * no such call site), into directory [dir]. */
static void write_indy_class(const char *dir)
{
    cb_buf pool = {0};
    enum {
        MAIN = CB_STANDARD_COUNT,
        MAIN_DESC,
        BOOT,
        BOOT_CLASS,
        BSM,
        BSM_DESC,
        BSM_NAT,
        BSM_REF,
        HANDLE,
        GO,
        GO_NAT,
        INDY,
        ATTRIBUTE,
        SLOTS = ATTRIBUTE + 1 - CB_STANDARD_COUNT
    };
    cb_utf8(&pool, "main");
    cb_utf8(&pool, "([Ljava/lang/String;)V");
    cb_utf8(&pool, "Boot");
    cb_u1(&pool, 7), cb_u2(&pool, BOOT);
    cb_utf8(&pool, "bsm");
    cb_utf8(&pool, "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;"
                   "Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/CallSite;");
    cb_u1(&pool, 12), cb_u2(&pool, BSM), cb_u2(&pool, BSM_DESC);
    cb_u1(&pool, 10), cb_u2(&pool, BOOT_CLASS), cb_u2(&pool, BSM_NAT);
    cb_u1(&pool, 15), cb_u1(&pool, 6), cb_u2(&pool, BSM_REF); /* REF_invokeStatic */
    cb_utf8(&pool, "go");
    cb_u1(&pool, 12), cb_u2(&pool, GO), cb_u2(&pool, CB_VOID_DESC);
    cb_u1(&pool, 18), cb_u2(&pool, 0), cb_u2(&pool, GO_NAT);
    cb_utf8(&pool, "BootstrapMethods");
    const uint8_t attribute[] = {0, ATTRIBUTE, 0, 0, 0, 6, 0, 1, 0, HANDLE, 0, 0};
    const uint8_t code[] = {0xba, 0, INDY, 0, 0, 0xb1}; /* invokedynamic go()V; return */
    cb_class c;
    cb_default(&c);
    c.major = 55;
    c.extra_constants = pool.data, c.extra_constants_len = pool.len, c.extra_slots = SLOTS;
    c.method_access = 0x0009, c.method_name = MAIN, c.method_descriptor = MAIN_DESC;
    c.code = code, c.code_len = sizeof code, c.max_stack = 1, c.max_locals = 1;
    CB_SET_CLASS_ATTRIBUTES(&c, attribute, 1);
    cb_buf bytes = cb_build(&c);
    char path[600];
    snprintf(path, sizeof path, "%s/Foo.class", dir);
    FILE *f = fopen(path, "wb");
    cr_assert(f && fwrite(bytes.data, 1, bytes.len, f) == bytes.len && fclose(f) == 0);
    cb_free(&bytes);
    cb_free(&pool);
}

Test(vm_errors, unknown_bootstrap_is_unsupported)
{
    char dir[] = "/tmp/porcheck-indy-XXXXXX";
    cr_assert(mkdtemp(dir));
    write_indy_class(dir);
    expect_failure(dir, "Foo",
                   "unsupported: invokedynamic with bootstrap method Boot.bsm "
                   "(called from Foo.main(Unknown Source))\n");
    char path[600];
    snprintf(path, sizeof path, "%s/Foo.class", dir);
    remove(path);
    rmdir(dir);
}

Test(vm_errors, missing_library_class_is_unsupported)
{
    expect_failure_with("--model-library", classpath(), "MissingLibraryClass",
                        "unsupported: java/util/TreeMap (called from "
                        "MissingLibraryClass.main(MissingLibraryClass.java:5))\n");
}

/* A class that cannot be loaded because of its superclass or a superinterface names the class
 * that needed it (issue 21): before the program runs without "(called from <vm start-up>)". */
Test(vm_errors, missing_superclass_names_its_subclass)
{
    expect_failure(classpath(), "MissingSuper",
                   "error: NoClassDefFoundError: Gone, needed as the superclass of MissingSuper\n");
}

Test(vm_errors, missing_library_superinterface_names_the_chain)
{
    expect_failure_with(
        "--model-library", classpath(), "MissingLibrarySuper",
        "unsupported: java/util/concurrent/Callable, needed as a superinterface of "
        "MissingLibrarySuper$Base, itself the superclass of MissingLibrarySuper$Ranks "
        "(called from MissingLibrarySuper.main(MissingLibrarySuper.java:12))\n");
}

/* An unsupported feature that the JDK's code reaches names the application frame that called
 * into the JDK (here java.util.logging reaches Thread.getThreadGroup). */
Test(vm_errors, unsupported_in_the_jdk_names_the_application_caller)
{
    char *argv[] = {
        PORCHECK, "exec", "--classpath", (char *)classpath(), "LibraryReachesUnsupported", NULL};
    proc_result r = {0};
    cr_assert(run_process(argv, 60, &r));
    cr_expect_eq(r.status, 2, "exit status %d, stderr: %s", r.status, r.err);
    const char *tail = ", reached from LibraryReachesUnsupported.logger("
                       "LibraryReachesUnsupported.java:6))\n";
    size_t n = strlen(r.err), k = strlen(tail);
    cr_expect(!strncmp(r.err, "unsupported: ", 13) && strchr(r.err, '\n') == r.err + n - 1,
              "one unsupported line: %s", r.err);
    cr_expect(n >= k && !strcmp(r.err + n - k, tail), "names the caller: %s", r.err);
    proc_result_free(&r);
}

/* A java.* class the model library lacks comes from the JDK's image (issue #17). */
Test(vm_errors, library_class_comes_from_the_jdk)
{
    char *argv[] = {PORCHECK, "exec", "--classpath", (char *)classpath(), "MissingLibraryClass",
                    NULL};
    proc_result r = {0};
    cr_assert(run_process(argv, 60, &r));
    cr_expect_eq(r.status, 0, "exit status %d, stderr: %s", r.status, r.err);
    cr_expect_str_eq(r.out, "{a=1}\n");
    proc_result_free(&r);
}

Test(vm_errors, a_jdk_without_an_image_is_bad_input)
{
    expect_failure_with("--jdk=/nonexistent", classpath(), "MissingLibraryClass",
                        "porcheck exec: JDK given by --jdk: /nonexistent: No such file or "
                        "directory\n");
}

Test(vm_errors, programs_run_against_the_old_library)
{
    char cp[2048];
    snprintf(cp, sizeof cp, "%s/link-main.jar:%s/link-old.jar", VM_TEST_BUILD, VM_TEST_BUILD);
    const char *mains[] = {"MissingClass", "MissingMethod", "MissingField", "ChangedStatic"};
    for (size_t i = 0; i < 4; i++) {
        char *argv[] = {PORCHECK, "exec", "--classpath", cp, (char *)mains[i], NULL};
        proc_result r = {0};
        cr_assert(run_process(argv, 60, &r));
        cr_expect_eq(r.status, 0, "%s: %s", mains[i], r.err);
        proc_result_free(&r);
    }
}

Test(vm_errors, deadlock_is_reported)
{
    expect_failure(classpath(), "Deadlock",
                   "error: deadlock: every live thread is blocked or waiting\n");
}

Test(vm_errors, missing_main_class)
{
    expect_failure(classpath(), "NoSuchProgram",
                   "error: NoClassDefFoundError: NoSuchProgram (called from <vm start-up>)\n");
}

Test(vm_errors, missing_main_method)
{
    expect_failure(classpath(), "Lib",
                   "error: Main method not found in class Lib, please define the main method as: "
                   "public static void main(String[] args)\n");
}

Test(vm_errors, bad_class_path)
{
    expect_failure("/nonexistent/dir", "Main",
                   "error: class path entry /nonexistent/dir: No such file or directory\n");
}

/* Appends big-endian u2 [v]. */
static void u2(unsigned char *b, size_t *n, unsigned v)
{
    b[(*n)++] = (unsigned char)(v >> 8);
    b[(*n)++] = (unsigned char)v;
}

static void utf8(unsigned char *b, size_t *n, const char *s)
{
    b[(*n)++] = 1;
    u2(b, n, (unsigned)strlen(s));
    memcpy(b + *n, s, strlen(s));
    *n += strlen(s);
}

/* Writes class Jsr (version 49) whose main calls a subroutine with jsr/ret. */
static void write_jsr_class(const char *path)
{
    unsigned char b[512];
    size_t n = 0;
    const unsigned char head[] = {0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 49};
    memcpy(b, head, sizeof head);
    n = sizeof head;
    u2(b, &n, 8);
    utf8(b, &n, "Jsr");
    b[n++] = 7;
    u2(b, &n, 1);
    utf8(b, &n, "java/lang/Object");
    b[n++] = 7;
    u2(b, &n, 3);
    utf8(b, &n, "main");
    utf8(b, &n, "([Ljava/lang/String;)V");
    utf8(b, &n, "Code");
    u2(b, &n, 0x21);
    u2(b, &n, 2);
    u2(b, &n, 4);
    u2(b, &n, 0);
    u2(b, &n, 0);
    u2(b, &n, 1);
    u2(b, &n, 0x9);
    u2(b, &n, 5);
    u2(b, &n, 6);
    u2(b, &n, 1);
    u2(b, &n, 7);
    const unsigned char code[] = {0xa8, 0, 4, 0xb1, 0x4c, 0xa9, 1};
    u2(b, &n, 0);
    u2(b, &n, 12 + sizeof code);
    u2(b, &n, 1);
    u2(b, &n, 2);
    u2(b, &n, 0);
    u2(b, &n, sizeof code);
    memcpy(b + n, code, sizeof code);
    n += sizeof code;
    u2(b, &n, 0);
    u2(b, &n, 0);
    u2(b, &n, 0);
    FILE *f = fopen(path, "wb");
    cr_assert(f);
    fwrite(b, 1, n, f);
    fclose(f);
}

Test(vm_errors, jsr_is_unsupported)
{
    char dir[1024], path[1100];
    snprintf(dir, sizeof dir, "%s/jsr", VM_TEST_BUILD);
    mkdir(dir, 0755);
    snprintf(path, sizeof path, "%s/Jsr.class", dir);
    write_jsr_class(path);
    expect_failure(dir, "Jsr",
                   "unsupported: the jsr/ret instructions (subroutines from class files before "
                   "Java 6) (called from Jsr.main(Unknown Source))\n");
}
