/* The porcheck sub-commands; each takes the arguments after its name and returns the exit
 * status: 0 success, 1 a property violated, 2 bad input or an unsupported feature, 3 a search
 * stopped by a limit before it explored everything, 128 + N after signal N. */
#ifndef PORCHECK_CLI_COMMANDS_H
#define PORCHECK_CLI_COMMANDS_H

#include <stdbool.h>
#include <stdio.h>

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
    harness_binding **bindings; /* NULL, or where a new array (base_free) goes of how each spec
                                 * method is bound (NULL without [impl]) */
} cli_input;

/* Loads the spec of [in], prints its warnings (one line each), resolves it against the class
 * under test (when [in] has one), then loads the clients; on bad input prints one line
 * "porcheck COMMAND: ..." and returns false with nothing to free. A bad line of a clients
 * file is not bad input here: it becomes an entry of [list] with a NULL item and its message in
 * list->errors. */
bool cli_load_clients(const cli_input *in, client_spec **spec, client_list *list);

/* Prints [line] to stderr as a warning of command [command] (a harness_lint_report). */
void cli_warn(const char *line, void *command);

/* Prints to [out] one line per method of [spec] whose binding [b] (NULL: none) was a choice among
 * overloads or was pinned by the spec's "descriptor": "overload: containsKey(java.lang.Object) ->
 * containsKey(Ljava/lang/Object;)Z, 1 of 3 overloads that fit". */
void cli_print_bindings(FILE *out, const client_spec *spec, const harness_binding *b);

/* Returns the JSON array of the bindings [b] of every method of [spec]: {"method", "descriptor",
 * "overloads", "pinned"}; NULL when [b] is NULL or out of memory. */
json_t *cli_bindings_json(const client_spec *spec, const harness_binding *b);

/* Reads [text], a decimal number from 0 to 1e15, into [*out]; false when it is not one. */
bool cli_parse_number(const char *text, double *out);

/* Handles the search options the commands share, [name] without its dashes: algo, order,
 * stateless, first-error and the limits max-states, timeout, max-memory (MB), setting [opt].
 * Returns 0 when [name] is none of them, 1 when it was one, 2 after printing one line
 * "porcheck [command]: --NAME: ..." about a bad [value]. */
int cli_search_option(const char *command, const char *name, const char *value, por_options *opt);

/* Returns the machine's physical memory in bytes (0 when unknown). */
double cli_physical_bytes(void);

/* Gives [opt] the default --max-memory: 80% of the memory available when the command starts
 * (MemAvailable, else the physical memory; less under a cgroup memory limit or ulimit -v), so
 * that a search that would exhaust the machine stops and reports what it gathered instead of
 * being killed. */
void cli_default_max_memory(por_options *opt);

/* Reads --max-threads [value], a whole number from 1 to VM_MAX_THREADS, into [*out]; false after
 * one line "porcheck [command]: --max-threads: ..." on stderr. */
bool cli_max_threads_option(const char *command, const char *value, uint32_t *out);

/* The cores asked for on the command line: a portfolio (--algo portfolio[:M,...], --jobs N) or
 * a parallel search (--workers N). */
typedef struct cli_portfolio {
    const char *text;    /* --algo's value when it is a portfolio, else NULL */
    const char *jobs;    /* --jobs's value, or NULL: the online cores */
    const char *workers; /* --workers's value, or NULL: one */
    por_portfolio members;
} cli_portfolio;

/* Handles --algo when its [value] is a portfolio, --jobs and --workers, into [p] ([name] without
 * its dashes); returns 0 when [name] and [value] are none of them, 1 when taken. */
int cli_portfolio_option(const char *name, const char *value, cli_portfolio *p);

/* When [p] asks for a portfolio, reads its members with [search] as every member's base (its
 * limits and flags) and sets [search]'s algorithm and order to the first member's; true when it
 * asks for none or it was read, else false after one line "porcheck [command]: ..." on stderr. */
bool cli_portfolio_finish(const char *command, cli_portfolio *p, por_options *search);

/* Prints the members of [p] as [r] says they ended: which one gives the verdict, then a line
 * per member with how it stopped, its states, transitions and seconds. */
void cli_portfolio_print(FILE *out, const cli_portfolio *p, const por_portfolio_result *r);

/* Returns the members of [p] as [r] says they ended, as JSON {"winner": NAME, "members":
 * [{"member", "stop", "statistics"}...]}. */
json_t *cli_portfolio_json(const cli_portfolio *p, const por_portfolio_result *r);

/* True when --heap-symmetry may go with [algo], [stateless] or not (every search but a stateless
 * DE or DL one); otherwise prints one line "porcheck [command]: --heap-symmetry does not go with
 * a stateless ALGO search (...)" and returns false. */
bool cli_heap_symmetry_allows(const char *command, por_algo algo, bool stateless);

/* Handles the JDK options, [name] without its dashes: "jdk" with [value] DIR (the JDK whose
 * lib/modules holds the java.* classes the model library lacks), "model-library" (the model
 * library alone), "jdk-locks" (the JDK's ReentrantLock and ReentrantReadWriteLock, each call one
 * step) and "explore-jdk-locks" (the JDK's lock code explored instruction by instruction). They
 * set $PORCHECK_JDK, $PORCHECK_MODEL_LIBRARY and $PORCHECK_JDK_LOCKS, which every VM of this
 * process and of the processes it starts reads. Returns 0 when [name] is no JDK option, 1 when
 * it was one, 2 after printing one line "porcheck COMMAND: --jdk DIR: ..." on stderr. */
int cli_jdk_option(const char *command, const char *name, const char *value);

/* Table entries of the options several commands share (cli_option initialisers). */
#define CLI_OPT_ALGO(default_algo)                                                                 \
    {                                                                                              \
        "algo", "A",                                                                               \
            "the search (default " default_algo "): dfs, jpf, s-por, de-s-por,\n"                  \
            "dl-s-por, de-jpf, dl-jpf, dpor, source-dpor, optimal-dpor,\n"                         \
            "o-dpor, cartesian",                                                                   \
            CLI_VALUE_ALGO, NULL, NULL                                                             \
    }
#define CLI_OPT_PORTFOLIO_ALGO(default_algo)                                                       \
    {                                                                                              \
        "algo", "A",                                                                               \
            "the search (default " default_algo "): dfs, jpf, s-por, de-s-por,\n"                  \
            "dl-s-por, de-jpf, dl-jpf, dpor, source-dpor, optimal-dpor,\n"                         \
            "o-dpor, cartesian; or portfolio[:A,A@ORDER,...], several\n"                           \
            "at once (default s-por, dl-s-por and dl-s-por in random\n"                            \
            "orders up to --jobs): the first to end decides",                                      \
            CLI_VALUE_ALGO, NULL, NULL                                                             \
    }
#define CLI_OPT_JOBS                                                                               \
    {                                                                                              \
        "jobs", "N", "a portfolio's default number of members (default: the\nonline cores)",       \
            CLI_VALUE_TEXT, NULL, NULL                                                             \
    }

/* Why --workers refuses --exact-states. */
#define CLI_WORKERS_EXACT                                                                          \
    "--workers with --exact-states: exact states are told apart per worker, not across them"

/* --workers N: one search by N threads over one shared state set. */
#define CLI_OPT_WORKERS                                                                            \
    {                                                                                              \
        "workers", "N",                                                                            \
            "search with N threads over one shared state set (dfs,\n"                              \
            "jpf, s-por; default 1)",                                                              \
            CLI_VALUE_TEXT, NULL, NULL                                                             \
    }
#define CLI_OPT_ORDER                                                                              \
    {                                                                                              \
        "order", "O",                                                                              \
            "the order threads are tried in: seq:PERM (thread ids,\n"                              \
            "default the identity) or random:SEED",                                                \
            CLI_VALUE_TEXT, NULL, NULL                                                             \
    }
#define CLI_OPT_STATELESS                                                                          \
    {                                                                                              \
        "stateless", NULL, "no state matching", CLI_VALUE_TEXT, NULL, NULL                         \
    }
#define CLI_OPT_MAX_STATES                                                                         \
    {                                                                                              \
        "max-states", "N", "stop a search after N states", CLI_VALUE_TEXT, NULL, NULL              \
    }
#define CLI_OPT_TIMEOUT                                                                            \
    {                                                                                              \
        "timeout", "S", "stop a search after S seconds", CLI_VALUE_TEXT, NULL, NULL                \
    }
#define CLI_OPT_MAX_MEMORY                                                                         \
    {                                                                                              \
        "max-memory", "MB",                                                                        \
            "stop a search above MB megabytes (default: 80% of\n"                                  \
            "the memory available at start, within a cgroup's\n"                                   \
            "limit and ulimit -v; 0: no limit)",                                                   \
            CLI_VALUE_TEXT, NULL, NULL                                                             \
    }
#define CLI_OPT_PROGRESS                                                                           \
    {                                                                                              \
        "progress", NULL,                                                                          \
            "a progress line on stderr about once a second\n"                                      \
            "(default: only when stderr is a terminal)",                                           \
            CLI_VALUE_TEXT, NULL, NULL                                                             \
    }
#define CLI_OPT_NO_PROGRESS                                                                        \
    {                                                                                              \
        "no-progress", NULL, "no progress line", CLI_VALUE_TEXT, NULL, NULL                        \
    }
#define CLI_OPT_HEAP_SYMMETRY                                                                      \
    {                                                                                              \
        "heap-symmetry", NULL,                                                                     \
            "states that differ only in the names of their objects\n"                              \
            "are one state (not with DPOR searches, nor stateless\n"                               \
            "DE/DL ones; slower per state)",                                                       \
            CLI_VALUE_TEXT, NULL, NULL                                                             \
    }
#define CLI_OPT_EXACT_STATES                                                                       \
    {                                                                                              \
        "exact-states", NULL,                                                                      \
            "keep every state's serialisation and compare bytes on\n"                              \
            "fingerprint hits (rules out hash collisions; more memory)",                           \
            CLI_VALUE_TEXT, NULL, NULL                                                             \
    }
#define CLI_OPT_JSON                                                                               \
    {                                                                                              \
        "json", "OUT",                                                                             \
            "also write the report as JSON to OUT ('-': stdout, and\n"                             \
            "the text report goes to stderr)",                                                     \
            CLI_VALUE_FILE, NULL, NULL                                                             \
    }
#define CLI_OPT_SPEC                                                                               \
    {                                                                                              \
        "spec", "S", "the class's spec (Violat's JSON format)", CLI_VALUE_FILE, NULL, NULL         \
    }
#define CLI_OPT_CLIENT                                                                             \
    {                                                                                              \
        "client", "C", "one client, e.g. '{ add(1) } || { remove(1) }'", CLI_VALUE_TEXT, NULL,     \
            NULL                                                                                   \
    }
#define CLI_OPT_CLIENTS                                                                            \
    {                                                                                              \
        "clients", "FILE",                                                                         \
            "clients, one per line ('#' comments, blank lines);\n"                                 \
            "'-': standard input",                                                                 \
            CLI_VALUE_FILE, NULL, NULL                                                             \
    }
#define CLI_OPT_JDK                                                                                \
    {"jdk",                                                                                        \
     "DIR",                                                                                        \
     "the JDK whose java.* classes fill in what the model\n"                                       \
     "library lacks (default: $JAVA_HOME, else the javac or\n"                                     \
     "java on PATH)",                                                                              \
     CLI_VALUE_DIR,                                                                                \
     NULL,                                                                                         \
     NULL},                                                                                        \
        {"model-library", NULL, "the model library alone: no classes from the JDK",                \
         CLI_VALUE_TEXT,  NULL, NULL},                                                             \
        {"jdk-locks",                                                                              \
         NULL,                                                                                     \
         "the JDK's ReentrantLock and ReentrantReadWriteLock, not\n"                               \
         "the model's; each call of a JDK lock is one step up to\n"                                \
         "where it parks",                                                                         \
         CLI_VALUE_TEXT,                                                                           \
         NULL,                                                                                     \
         NULL},                                                                                    \
    {                                                                                              \
        "explore-jdk-locks", NULL,                                                                 \
            "the same, with the JDK's lock code explored\n"                                        \
            "instruction by instruction (slow: to check the JDK's\n"                               \
            "locks themselves)",                                                                   \
            CLI_VALUE_TEXT, NULL, NULL                                                             \
    }

/* The exit statuses of a search command, for the notes of its help. */
#define CLI_SEARCH_STATUS_NOTES                                                                    \
    "exit status: 0 explored completely, no violation; 1 a violation; 2 bad input; 3\n"            \
    "incomplete (stopped by a limit, no violation); 128 + N after signal N\n"

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
const atomic_int *cli_stop_flag(void);

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

/* Sets [p]'s mode when [name] is "progress" or "no-progress"; false for any other option. */
bool cli_progress_option(const char *name, cli_progress *p);

/* Makes the search of [opt] draw [p]'s progress line about once a second (or not, by its
 * mode). */
void cli_progress_attach(cli_progress *p, por_options *opt);

/* Erases [p]'s progress line from stderr when one is shown. */
void cli_progress_end(cli_progress *p);

/* Opens report file [path] (--json; "-": standard output, after which what the command prints
 * on stdout goes to stderr) for writing before the work starts; NULL after printing "porcheck
 * [command]: cannot write PATH: reason". */
FILE *cli_open_output(const char *command, const char *path);

/* Returns a stream on standard output's descriptor (not inherited by processes porcheck starts)
 * and sends what porcheck prints on stdout to stderr from then on, so that a report written to
 * the stream is all stdout holds; NULL with errno set on failure. */
FILE *cli_take_stdout(void);

/* Closes report file [f], opened for [path], and removes the file (not standard output): the
 * work it was for failed. */
void cli_discard_output(const char *path, FILE *f);

/* Writes [doc] (NULL: out of memory; the reference is taken) into [f], opened for [path], and
 * closes [f]; false after
 * printing "porcheck [command]: PATH was not written (reason); the report above stands". */
bool cli_write_json(const char *command, const char *path, FILE *f, json_t *doc);

/* Flushes and closes report file [f], opened for [path], after the report was written into it
 * ([failed]: writing it already failed; [no_memory]: because memory ran out); false after one
 * line on stderr saying that [path] was not written. Callers clear errno before writing. */
bool cli_close_output(const char *command, const char *path, FILE *f, bool failed, bool no_memory);

/* Writes the check report [doc] (the document --json writes; NULL: out of memory) into [f],
 * opened for [path], as one self-contained HTML page, and closes [f]; false after one line on
 * stderr when it could not be written. */
bool cli_write_html(const char *command, const char *path, FILE *f, const json_t *doc);

/* ---- Option tables: the single source of each command's parser, --help, the README's option
 * lists and the bash completion ---------------------------------------------------------------- */

/* What completes an option's value in the shell. */
typedef enum cli_value_kind {
    CLI_VALUE_TEXT,  /* free text: no completion */
    CLI_VALUE_FILE,  /* a file name */
    CLI_VALUE_DIR,   /* a directory name */
    CLI_VALUE_WORDS, /* one of cli_option.words */
    CLI_VALUE_ALGO   /* a search algorithm's name */
} cli_value_kind;

/* One option of a command. */
typedef struct cli_option {
    const char *name;    /* the long name without its dashes: "algo" for --algo */
    const char *arg;     /* the value's name in the help ("A"), or NULL for a flag */
    const char *help;    /* what it does; '\n' breaks the lines of the help column */
    cli_value_kind kind; /* how the shell completes the value */
    const char *words;   /* CLI_VALUE_WORDS: the values, space-separated */
    const char *aliases; /* one-dash spellings as java's ("-cp -classpath"), or NULL */
} cli_option;

/* A command's interface: its name, synopsis and options. */
typedef struct cli_syntax {
    const char *name;          /* "check" */
    const char *usage;         /* the arguments after the name, [options] for the optional ones */
    const char *summary;       /* what it does, one line */
    const cli_option *options; /* the table */
    size_t option_count;
    const char *notes;  /* the text after the option list in --help, or NULL */
    bool options_first; /* the first operand ends the options (MAIN ARGS... of exec and run) */
    int (*run)(int argc, char **argv); /* runs the command on the words after "porcheck" */
} cli_syntax;

/* What cli_parse returns when the command goes on. */
enum { CLI_CONTINUE = -1 };

/* Receives option [name] (its long name without dashes; NULL for an operand) with [value] (the
 * operand; NULL for a flag); returns false after printing one line "porcheck COMMAND: ..." on
 * stderr. */
typedef bool cli_option_fn(void *ctx, const char *name, const char *value);

/* Parses [argc]/[argv] (argv[0] the command's name) with getopt_long against [syntax], calling
 * [fn] for each option and operand in order; "--opt=value" and "--opt value", unique prefixes
 * of long names, "--" ending the options, -h/--help. With syntax->options_first the first operand
 * stops the parse and [*rest] is its index (argc when none). Returns CLI_CONTINUE, or the exit
 * status after printing the help (0) or one line about a bad option (2; an unknown one with
 * the nearest names). */
int cli_parse(const cli_syntax *syntax, int argc, char **argv, cli_option_fn *fn, void *ctx,
              int *rest);

/* Prints one line "porcheck COMMAND: MESSAGE (usage: porcheck COMMAND USAGE)" on stderr;
 * returns the bad-input status. */
int cli_usage_error(const cli_syntax *syntax, const char *message);

/* Prints [syntax]'s full help (usage, summary, options, notes) to [out]. */
void cli_print_help(FILE *out, const cli_syntax *syntax);

/* Prints [syntax]'s option list as the help shows it, for the README's copy. */
void cli_print_options(FILE *out, const cli_syntax *syntax);

/* The commands, in the order the help lists them. */
extern const cli_syntax *const cli_commands[];

/* The number of entries of cli_commands. */
extern const size_t cli_command_count;

/* The program as it was invoked (its argv[0]), for the commands a report tells the user to run. */
extern const char *cli_program;

/* Prints a bash completion script for every command of cli_commands to [out]. */
void cli_print_bash_completion(FILE *out);

/* The syntaxes of the commands. */
extern const cli_syntax cli_javap_syntax, cli_exec_syntax, cli_toy_syntax, cli_run_syntax,
    cli_generate_syntax, cli_outcomes_syntax, cli_check_syntax, cli_campaign_syntax,
    cli_completion_syntax;

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

/* porcheck completion bash: prints the bash completion script. */
int cmd_completion(int argc, char **argv);

#endif
