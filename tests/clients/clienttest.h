/* Helpers shared by the clients tests. */
#ifndef PORCHECK_TESTS_CLIENTS_CLIENTTEST_H
#define PORCHECK_TESTS_CLIENTS_CLIENTTEST_H

#include "clients.h"

/* Loads SPECS_DIR/[name].json; fails the test on error. */
client_spec *load_spec(const char *name);

/* Parses [json] as spec "test.json"; fails the test on error. */
client_spec *spec_from_text(const char *json);

/* Parses client [text] against [spec]; fails the test on error. */
client *parse_client(const client_spec *spec, const char *text);

/* Returns the ADT outcome set of client [text] as "{(..), (..)}" (malloc'd); fills [stats]
 * when not NULL. */
char *adt_outcomes(const client_spec *spec, const char *text, client_lin_stats *stats);

/* Runs shell command [cmd]; returns its standard output (malloc'd) and stores its exit status. */
char *run_capture(const char *cmd, int *status);

#endif
