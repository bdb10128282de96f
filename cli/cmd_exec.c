/* porcheck exec: runs a Java program's main on porcheck's VM, printing what it prints. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "vm.h"

/* The options (see cli_syntax). */
static const cli_option options[] = {
    {"classpath", "P", "where MAIN's classes are: directories and jars, ':'-separated",
     CLI_VALUE_FILE, NULL, "-cp -classpath"},
    {"enable-assertions", NULL, "run assert statements", CLI_VALUE_TEXT, NULL,
     "-ea -enableassertions"},
    {"disable-assertions", NULL, "skip assert statements (the default)", CLI_VALUE_TEXT, NULL,
     "-da -disableassertions"},
    {"dispatch", "D", "the interpreter's dispatch: switch or goto (computed goto)", CLI_VALUE_WORDS,
     "switch goto", NULL},
    CLI_OPT_JDK,
};

const cli_syntax cli_exec_syntax = {
    "exec",
    "[options] MAIN [ARGS...]",
    "run MAIN's main method on porcheck's JVM (exit 1 on an uncaught exception)",
    options,
    sizeof options / sizeof options[0],
    "The options end at MAIN; the words after it are its arguments.\n"
    "exit status: the program's (System.exit), 1 after an uncaught exception, 2 bad input\n",
    true,
    cmd_exec};

/* Takes option [name] with [value] into the vm_options at [ctx] (a cli_option_fn). */
static bool take_option(void *ctx, const char *name, const char *value)
{
    vm_options *opts = ctx;
    int jdk = cli_jdk_option("exec", name, value);
    if (jdk) return jdk == 1;
    if (!strcmp(name, "classpath")) return opts->classpath = value, true;
    if (!strcmp(name, "enable-assertions")) return opts->assertions = true;
    if (!strcmp(name, "disable-assertions")) return opts->assertions = false, true;
    if (!strcmp(value, "switch")) return opts->dispatch = VM_DISPATCH_SWITCH, true;
    if (!strcmp(value, "goto")) return opts->dispatch = VM_DISPATCH_GOTO, true;
    fprintf(stderr, "porcheck exec: --dispatch: expected switch or goto, got '%s'\n", value);
    return false;
}

int cmd_exec(int argc, char **argv)
{
    vm_options opts = {0};
    int main_index = argc;
    int parsed = cli_parse(&cli_exec_syntax, argc, argv, take_option, &opts, &main_index);
    if (parsed != CLI_CONTINUE) return parsed;
    if (main_index >= argc) return cli_usage_error(&cli_exec_syntax, "missing MAIN");
    vm *machine;
    vm_error err = {0};
    if (vm_new(&opts, &machine, &err) != VM_OK) {
        fprintf(stderr, "%s\n", err.message);
        return EXIT_BAD_INPUT;
    }
    int status = 0;
    vm_status s = vm_exec(machine, argv[main_index], argc - main_index - 1, argv + main_index + 1,
                          &status, &err);
    vm_free(machine);
    if (s != VM_OK) {
        fflush(stdout);
        fprintf(stderr, "%s\n", err.message);
        return EXIT_BAD_INPUT;
    }
    return status;
}
