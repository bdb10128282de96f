/* porcheck: the command line; dispatches to one sub-command per table entry. */
#define _POSIX_C_SOURCE 200809L /* setenv, tzset */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base.h"
#include "commands.h"
#include "version.h"

const cli_syntax *const cli_commands[] = {
    &cli_javap_syntax, &cli_exec_syntax,     &cli_toy_syntax,
    &cli_run_syntax,   &cli_generate_syntax, &cli_outcomes_syntax,
    &cli_check_syntax, &cli_campaign_syntax, &cli_completion_syntax,
};

enum { COMMAND_COUNT = sizeof cli_commands / sizeof cli_commands[0] };

const size_t cli_command_count = COMMAND_COUNT;

const char *cli_program = "porcheck";

/* Prints the list of commands. */
static void print_usage(FILE *out)
{
    fprintf(out, "usage: porcheck COMMAND [ARGS]   (porcheck COMMAND --help for its options)\n\n"
                 "commands:\n");
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        fprintf(out, "  %s %s\n      %s\n", cli_commands[i]->name, cli_commands[i]->usage,
                cli_commands[i]->summary);
    fprintf(out,
            "  help [COMMAND]\n      this list, or a command's help\n"
            "  --version\n      the version and the git commit porcheck was built from\n"
            "\nexit status: 0 ok, 1 property violated, 2 bad input or unsupported feature, 3 a\n"
            "search stopped by a limit (incomplete), 128 + N after signal N\n");
}

/* Returns the command called [name], or NULL. */
static const cli_syntax *find_command(const char *name)
{
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        if (!strcmp(name, cli_commands[i]->name)) return cli_commands[i];
    return NULL;
}

/* Reports unknown command [name], with the nearest one when it is a near miss. */
static int unknown_command(const char *name)
{
    base_near_miss near = base_near_miss_start(name);
    for (size_t i = 0; i < COMMAND_COUNT; i++) base_near_miss_offer(&near, cli_commands[i]->name);
    if (near.best)
        fprintf(stderr, "porcheck: unknown command '%s' (did you mean '%s'?)\n", name, near.best);
    else
        fprintf(stderr, "porcheck: unknown command '%s' (try 'porcheck help')\n", name);
    return EXIT_BAD_INPUT;
}

/* porcheck help [COMMAND]. */
static int help(int argc, char **argv)
{
    if (argc < 3) return print_usage(stdout), EXIT_PASS;
    const cli_syntax *c = find_command(argv[2]);
    if (!c) return unknown_command(argv[2]);
    cli_print_help(stdout, c);
    return EXIT_PASS;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        print_usage(stderr);
        return EXIT_BAD_INPUT;
    }
    const char *name = argv[1];
    cli_program = argv[0];
    /* libzip converts each jar entry's time with the local time zone; with TZ unset glibc
     * reloads the zone (freeing and copying its name) on every conversion. Naming the same zone
     * once makes that a comparison, also for a portfolio's threads opening jars at once. */
    if (!getenv("TZ")) setenv("TZ", ":/etc/localtime", 0);
    tzset();
    if (!strcmp(name, "help") || !strcmp(name, "--help") || !strcmp(name, "-h"))
        return help(argc, argv);
    if (!strcmp(name, "--version")) {
        printf("porcheck %s (git %s)\n", PORCHECK_VERSION, PORCHECK_COMMIT);
        return EXIT_PASS;
    }
    const cli_syntax *c = find_command(name);
    return c ? c->run(argc - 1, argv + 1) : unknown_command(name);
}
