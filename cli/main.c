/* porcheck: the command line; dispatches to one sub-command per table entry. */
#include <stdio.h>
#include <string.h>

#include "commands.h"

static const cli_command commands[] = {
    {"javap", "[--classpath P] CLASS|FILE.class...",
     "print classes with disassembled bytecode, like javap -c -p -l", cmd_javap},
    {"exec", "[--classpath P] [-ea|-da] MAIN [ARGS...]",
     "run MAIN's main method on porcheck's JVM (exit 1 on an uncaught exception)", cmd_exec},
    {"toy",
     "FILE [--algo A] [--order seq:PERM|random:SEED] [--stateless] [--first-error] "
     "[--max-states N] [--timeout S] [--max-memory MB] [--json OUT]",
     "explore a toy-language program with a search algorithm; print outcomes and statistics",
     cmd_toy},
    {"run",
     "--classpath P [--algo A] [--classifier jpf|safe] [--visible PREFIX]... [--all] "
     "[--replay SCHEDULE] MAIN [ARGS...]",
     "model-check MAIN over all thread interleavings: assertions, uncaught exceptions, deadlocks",
     cmd_run},
    {"generate",
     "--spec S [--threads N|A..B] [--calls N|A..B] [--values N] [--count K] [--seed X] "
     "[--mutators-only] [--methods NAME,...] [--complete [--jar J]]",
     "write random clients of a spec, one per line (deterministic for a seed; --complete: only "
     "clients with a completing order)",
     cmd_generate},
    {"outcomes",
     "--spec S (--client C | --clients FILE) (--jar J | --oracle adt) [--stateless] [--json OUT]",
     "print the linearizable outcomes of clients (the implementation run sequentially, or the ADT)",
     cmd_outcomes},
    {"check",
     "--jar J --spec S (--client C | --clients FILE) [--algo A] [--classifier safe|jpf] "
     "[--order seq:PERM|random:SEED] [--first-error] [--stateless] [--oracle impl|adt] "
     "[--max-states N] [--timeout S] [--max-memory MB] [--json OUT] [--replay SCHEDULE] "
     "[--progress]",
     "model-check clients of a data structure: verdicts, unexpected outcomes, interleavings",
     cmd_check},
    {"campaign",
     "--jar J --spec S --clients FILE --algos A,B,... --csv OUT [--orders seq:all|random:K|LIST] "
     "[--first-error] [--timeout S] [--max-memory MB] [--jobs N] [--shard K/N] [--dry-run]",
     "run every client x algorithm x order as its own check process; one CSV row per run "
     "(resumable, shardable)",
     cmd_campaign},
};

enum { COMMAND_COUNT = sizeof commands / sizeof commands[0] };

static void print_usage(FILE *out)
{
    fprintf(out, "usage: porcheck COMMAND [ARGS]\n\ncommands:\n");
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        fprintf(out, "  %s %s\n      %s\n", commands[i].name, commands[i].usage,
                commands[i].summary);
    fprintf(out,
            "\nexit status: 0 ok, 1 property violated, 2 bad input or unsupported feature, 3 a\n"
            "search stopped by a limit (incomplete), 128 + N after signal N\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        print_usage(stderr);
        return EXIT_BAD_INPUT;
    }
    const char *name = argv[1];
    if (!strcmp(name, "help") || !strcmp(name, "--help") || !strcmp(name, "-h")) {
        print_usage(stdout);
        return EXIT_PASS;
    }
    if (!strcmp(name, "--version")) {
        printf("porcheck %s\n", PORCHECK_VERSION);
        return EXIT_PASS;
    }
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        if (!strcmp(name, commands[i].name)) return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "porcheck: unknown command '%s' (try 'porcheck help')\n", name);
    return EXIT_BAD_INPUT;
}
