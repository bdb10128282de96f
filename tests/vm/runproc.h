/* Test helper: runs a process and captures its output and exit status. */
#ifndef PORCHECK_TESTS_VM_RUNPROC_H
#define PORCHECK_TESTS_VM_RUNPROC_H

#include <stddef.h>

/* What a finished process produced. */
typedef struct proc_result {
    char *out; /* standard output, NUL-terminated (malloc'd) */
    size_t out_len;
    char *err; /* standard error, NUL-terminated (malloc'd) */
    size_t err_len;
    int status; /* exit status, or 128 + signal */
} proc_result;

/* Runs [argv] (argv[0] is a path) with [timeout] seconds; false when it cannot be started. */
bool run_process(char *const argv[], int timeout, proc_result *r);

/* Reads a run recorded in files [prefix].out, .err and .status (tests/vm/hotspot.sh writes
 * HotSpot's) into [r]; false when one is missing or the status is not a number. */
bool read_recorded_run(const char *prefix, proc_result *r);

/* Reads the flag of the line "// golden-flags: FLAG" of Java source [path] into [flag] (at most
 * [cap] bytes); false, leaving [flag] alone, when the source has none. */
bool read_golden_flag(const char *path, char *flag, size_t cap);

/* Frees the buffers of [r]. */
void proc_result_free(proc_result *r);

/* Returns the first line of [s] in a static buffer. */
const char *first_line(const char *s);

#endif
