/* The porcheck sub-commands; each takes the arguments after its name and returns the exit
 * status: 0 success, 1 a property violated, 2 bad input or an unsupported feature, 3 a search
 * stopped by a limit before it explored everything, 128 + N after signal N. */
#ifndef PORCHECK_CLI_COMMANDS_H
#define PORCHECK_CLI_COMMANDS_H

#include <stdbool.h>

#include "clients.h"
#include "verdict.h"

/* What a command reads its spec and clients from. */
typedef struct cli_input {
    const char *command;              /* "check", for messages "porcheck check: ..." */
    const char *spec;                 /* the spec file */
    const char *clients;              /* a clients file, or NULL */
    const char *client;               /* the --client text when [clients] is NULL */
    const harness_impl_options *impl; /* the class under test to resolve the spec against, or
                                       * NULL (no jar) */
} cli_input;

/* Loads the spec of [in], prints its warnings (one line each), resolves it against the class
 * under test (when [in] has one), then loads the clients; on bad input prints one line
 * "porcheck COMMAND: ..." and returns false with nothing to free. A bad line of a clients
 * file is not bad input here: it becomes an entry of [list] with a NULL item and its message in
 * list->errors. */
bool cli_load_clients(const cli_input *in, client_spec **spec, client_list *list);

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

/* Recognises the JDK options at argv[*i] and consumes them: "--jdk DIR" or "--jdk=DIR" (the JDK
 * whose lib/modules holds the java.* classes the model library lacks) and "--model-library" (the
 * model library alone), "--jdk-locks" (the JDK's ReentrantLock and ReentrantReadWriteLock, each
 * call one step) and "--explore-jdk-locks" (the JDK's lock code explored instruction by
 * instruction). They set $PORCHECK_JDK, $PORCHECK_MODEL_LIBRARY and $PORCHECK_JDK_LOCKS, which
 * every VM of this process and of the processes it starts reads. Returns 0 when argv[*i] is no JDK
 * option, 1 when it was one, 2 after printing one line "porcheck COMMAND: --jdk DIR: ..." on
 * stderr. */
int cli_jdk_option(const char *command, int argc, char **argv, int *i);

/* The usage lines of the JDK options, for the commands' help texts. */
#define CLI_JDK_USAGE                                                                              \
    "  --jdk DIR             the JDK whose java.* classes fill in what the model library\n"        \
    "                        lacks (default: $JAVA_HOME, else the javac or java on PATH)\n"        \
    "  --model-library       the model library alone: no classes from the JDK\n"                   \
    "  --jdk-locks           the JDK's ReentrantLock and ReentrantReadWriteLock, not the\n"        \
    "                        model's; each call of a JDK lock is one step up to where it parks\n"  \
    "  --explore-jdk-locks   the same, with the JDK's lock code explored instruction by\n"         \
    "                        instruction (slow: to check the JDK's locks themselves)\n"

/* Exit statuses shared by every command (and 128 + N after signal N). */
enum { EXIT_PASS = 0, EXIT_VIOLATION = 1, EXIT_BAD_INPUT = 2, EXIT_INCOMPLETE = 3 };

/* Returns the status that wins when one part of a command gave [a] and another [b]:
 * violation > bad input > incomplete > pass (any other status wins as it is). */
int cli_worse_status(int a, int b);

/* Prints the verdict line of a search that ended as [r] says: "verdict: ok", "verdict:
 * VIOLATION" (with why the search stopped when it was stopped) or "verdict: incomplete (...)". */
void cli_print_verdict(const por_result *r, bool violated);

/* Installs handlers for SIGINT, SIGTERM and SIGHUP that raise cli_stop_flag (each handler is
 * reset by its signal, so a second signal ends the process as the default action does). */
void cli_signals_install(void);

/* Returns the flag the signal handlers raise, for por_options.stop_flag. */
const volatile sig_atomic_t *cli_stop_flag(void);

/* Returns the stopping signal received since cli_signals_install, or 0. */
int cli_signal_received(void);

/* Returns "SIGINT", "SIGTERM" or "SIGHUP" for [sig] ("a signal" otherwise). */
const char *cli_signal_name(int sig);

/* Returns [status], or 128 + N when stopping signal N was received. */
int cli_exit_status(int status);

/* The progress line on stderr: [mode] 1 (--progress), -1 (--no-progress) or 0 (on when stderr
 * is a terminal); the rest is the callback's own state. */
typedef struct cli_progress {
    int mode;
    double last_seconds;
    size_t last_transitions;
    bool shown; /* a line is on the screen */
} cli_progress;

/* Sets [p]'s mode when [name] is --progress or --no-progress; false for any other option. */
bool cli_progress_option(const char *name, cli_progress *p);

/* Makes the search of [opt] draw [p]'s progress line about once a second (or not, by its
 * mode). */
void cli_progress_attach(cli_progress *p, por_options *opt);

/* Erases [p]'s progress line from stderr when one is shown. */
void cli_progress_end(cli_progress *p);

/* Opens report file [path] (--json) for writing before the work starts; NULL after printing
 * "porcheck [command]: cannot write PATH: reason". */
FILE *cli_open_output(const char *command, const char *path);

/* Writes [doc] (NULL: out of memory; the reference is taken) into [f], opened for [path], and
 * closes [f]; false after
 * printing "porcheck [command]: PATH was not written (reason); the report above stands". */
bool cli_write_json(const char *command, const char *path, FILE *f, json_t *doc);

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
