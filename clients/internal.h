/* clients: helpers shared by the files of the module; not part of the public API. */
#ifndef PORCHECK_CLIENTS_INTERNAL_H
#define PORCHECK_CLIENTS_INTERNAL_H

#include <stdarg.h>

#include "clients.h"

/* Appends value [v] to [out]. */
void client_text_value(base_textbuf *out, const client_value *v);

/* Returns the name of input [path] for messages: "<stdin>" for "-", else [path]. */
const char *client_input_name(const char *path);

/* Reads regular file [path] (at most CLIENT_MAX_FILE bytes; "-": standard input) into a new
 * NUL-terminated buffer (base allocator) in [*text] of [*len] bytes; fills [err] ("PATH: not a
 * regular file", ...). */
client_status client_read_input_file(const char *path, char **text, size_t *len, client_error *err);

/* Reads text file [path] as client_read_input_file does and refuses a NUL or another control byte
 * (client_text_check). */
client_status client_read_text_file(const char *path, char **text, client_error *err);

/* Returns the index of the method named [name] (of [len] bytes) with [arity] parameters, or -1;
 * [*named] tells whether some method has that name. */
long client_spec_lookup(const client_spec *spec, const char *name, size_t len, size_t arity,
                        bool *named);

/* The sequences of a client in run order: the prefix (empty when none), the threads, the suffix
 * (empty when none). */
typedef struct seq_view {
    const client_sequence *seqs[CLIENT_MAX_THREADS + 2];
    size_t count;
} seq_view;

/* Fills [v] with the sequences of [c]. */
void client_seq_view_init(const client *c, seq_view *v);

/* Returns the sequences that may run next at [progress] (one count per sequence) as a bit set:
 * the prefix until it is done, then every unfinished thread, then the suffix; 0 at the end. */
uint32_t client_seq_view_enabled(const seq_view *v, const uint8_t *progress);

#endif
