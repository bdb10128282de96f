/* Helpers shared by the classfile tests. */
#ifndef PORCHECK_TESTS_CLASSFILE_TESTUTIL_H
#define PORCHECK_TESTS_CLASSFILE_TESTUTIL_H

#include "classbuilder.h"
#include "classfile.h"

/* The class names of [jar], sorted; free with tu_free_names. */
char **tu_jar_classes(const char *jar, size_t *count);

/* Frees a name list from tu_jar_classes. */
void tu_free_names(char **names, size_t count);

/* Reads the bytes of class [name] from [jar] (base_malloc'd); fails the test when absent. */
uint8_t *tu_jar_bytes(const char *jar, const char *name, size_t *len);

/* Builds [c], parses it and frees the result; returns the status with the message in [err]. */
cf_status tu_parse_built(const cb_class *c, cf_error *err);

/* Parses a built class and keeps it; NULL (message in [err]) on failure. */
cf_class *tu_parse_kept(const cb_class *c, cf_error *err);

/* Returns the disassembly of [cls] as a malloc'd string. */
char *tu_disassemble(const cf_class *cls);

/* Reads file [path] whole into a malloc'd, NUL-terminated string. */
char *tu_read_text(const char *path);

/* Where Debian installs JDK 17, the JDK the tests prefer. */
#define TU_JDK17_HOME "/usr/lib/jvm/java-17-openjdk-amd64"

/* Fills [jdk] with JDK 17, else the JDK cf_jdk_find finds; skips the test when there is none. */
void tu_test_jdk(cf_jdk *jdk);

#endif
