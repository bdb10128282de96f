/* The porcheck sub-commands; each takes the arguments after its name and returns the exit
 * status: 0 success, 1 a property violated, 2 bad input or an unsupported feature. */
#ifndef PORCHECK_CLI_COMMANDS_H
#define PORCHECK_CLI_COMMANDS_H

#include <stdbool.h>

#include "clients.h"

/* Loads the spec [spec_path] and the clients of file [clients_path] (or, when it is NULL, of the
 * text [client_text]); on bad input prints one line "porcheck [command]: ..." and returns false
 * with nothing to free. */
bool cli_load_clients(const char *command, const char *spec_path, const char *clients_path,
                      const char *client_text, client_spec **spec, client_list *list);

/* Reads [text], a decimal number from 0 to 1e15, into [*out]; false when it is not one. */
bool cli_parse_number(const char *text, double *out);

/* True when [name] is a search limit: --max-states, --timeout or --max-memory (MB). */
bool cli_is_limit(const char *name);

/* Sets search limit [name] of [opt] from [value]; on a malformed value prints one line
 * "porcheck [command]: NAME: expected a non-negative number, got 'VALUE'" and returns false. */
bool cli_set_limit(const char *command, por_options *opt, const char *name, const char *value);

/* True when --heap-symmetry may go with [algo], [stateless] or not (every search but a stateless
 * DE or DL one); otherwise prints one line "porcheck [command]: --heap-symmetry does not go with
 * a stateless ALGO search (...)" and returns false. */
bool cli_heap_symmetry_allows(const char *command, por_algo algo, bool stateless);

/* Exit statuses shared by every command. */
enum { EXIT_PASS = 0, EXIT_VIOLATION = 1, EXIT_BAD_INPUT = 2 };

/* One entry of the command table. */
typedef struct cli_command {
    const char *name;
    const char *usage;   /* one line: the arguments */
    const char *summary; /* one line: what it does */
    int (*run)(int argc, char **argv);
} cli_command;

/* porcheck javap: disassembles classes as `javap -c -p -l` does. */
int cmd_javap(int argc, char **argv);

/* porcheck toy: explores a toy-language program with a por search algorithm. */
int cmd_toy(int argc, char **argv);

/* porcheck exec: runs a Java program on porcheck's VM. */
int cmd_exec(int argc, char **argv);

/* porcheck run: model-checks a Java program's main over all thread interleavings. */
int cmd_run(int argc, char **argv);

/* porcheck generate: writes random clients of a spec, one per line. */
int cmd_generate(int argc, char **argv);

/* porcheck outcomes: prints the linearizable outcomes of clients (implementation or ADT). */
int cmd_outcomes(int argc, char **argv);

/* porcheck check: model-checks clients of a data structure against their outcomes. */
int cmd_check(int argc, char **argv);

/* porcheck campaign: runs clients x algorithms x orders as check processes into a CSV. */
int cmd_campaign(int argc, char **argv);

#endif
