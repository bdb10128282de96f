/* toy: a small language of shared variables, locks and threads, the second implementation of
 * the lts interface (lts.h) beside the VM and the one every search algorithm is tested on.
 * Examples are in toy/examples/. */
#ifndef PORCHECK_TOY_H
#define PORCHECK_TOY_H

#include <stddef.h>
#include <stdint.h>

#include "lts.h"

/* A parsed toy program together with its current state; it implements the lts interface. */
typedef struct toy_program toy_program;

/* Parses [len] bytes of toy source [text] named [file] (for messages) into [*out]; on failure
 * [err] holds "file:line: message". */
por_status toy_parse(const char *text, size_t len, const char *file, toy_program **out,
                     por_error *err);

/* Reads and parses the toy program in [path] into [*out]. */
por_status toy_load(const char *path, toy_program **out, por_error *err);

/* Frees [toy] (NULL is ignored). */
void toy_free(toy_program *toy);

/* Returns the lts over [toy]; its current state starts as the initial state. */
por_lts toy_lts(toy_program *toy);

/* Makes the initial state [toy]'s current state again. */
void toy_reset(toy_program *toy);

/* Returns the number of threads of [toy]. */
size_t toy_thread_count(const toy_program *toy);

/* Returns the name [toy]'s source gave [thread]. */
const char *toy_thread_name(const toy_program *toy, size_t thread);

/* Writes the outcome of the current state into [buf] of [size] bytes: per thread the locals it
 * returned, e.g. "T0: r=1; T1: a=0, b=2". Returns the length it needed. */
size_t toy_outcome(const toy_program *toy, char *buf, size_t size);

/* Writes the whole current state (shared variables, lock owners, per thread status, line and
 * locals) into [buf] of [size] bytes. Returns the length it needed. */
size_t toy_describe(const toy_program *toy, char *buf, size_t size);

/* Writes [thread]'s part of the current state (status, line, locals) into [buf] of [size] bytes.
 * Returns the length it needed. */
size_t toy_describe_thread(const toy_program *toy, size_t thread, char *buf, size_t size);

/* Returns the source line of [thread]'s current statement (0 when it has finished normally). */
size_t toy_thread_line(const toy_program *toy, size_t thread);

/* Returns the number of int32 words in a toy state and copies the current state's words into
 * [out] when it is not NULL: an exact, canonical encoding for comparing states. */
size_t toy_state_words(const toy_program *toy, int32_t *out);

#endif
