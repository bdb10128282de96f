/* porcheck completion bash: writes a bash completion script made from the commands' option
 * tables, so that it knows every command, option and value list the parser knows. The build
 * writes it next to porcheck and installs it. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "por.h"

/* The options of completion itself: none. */
static const cli_option no_options[1];

const cli_syntax cli_completion_syntax = {
    "completion",
    "bash",
    "print a bash completion script for porcheck (source it, or let the build install it)",
    no_options,
    0,
    "The script completes commands, their options and the values of options that name a\n"
    "file, a directory, an algorithm or one of a fixed list.\n",
    false,
    cmd_completion};

/* Prints the algorithm names and "portfolio", space-separated. */
static void print_algos(FILE *out)
{
    for (int a = 0; a < POR_ALGO_COUNT; a++)
        fprintf(out, "%s%s", a ? " " : "", por_algo_name((por_algo)a));
    fprintf(out, " portfolio");
}

/* Prints the case arms of [s] that complete option values, by kind. */
static void print_value_arms(FILE *out, const cli_syntax *s)
{
    for (size_t i = 0; i < s->option_count; i++) {
        const cli_option *o = &s->options[i];
        if (!o->arg) continue;
        fprintf(out, "        --%s)", o->name);
        if (o->kind == CLI_VALUE_FILE)
            fprintf(out, " COMPREPLY=($(compgen -f -- \"$cur\")) ;;\n");
        else if (o->kind == CLI_VALUE_DIR)
            fprintf(out, " COMPREPLY=($(compgen -d -- \"$cur\")) ;;\n");
        else if (o->kind == CLI_VALUE_WORDS)
            fprintf(out, " COMPREPLY=($(compgen -W \"%s\" -- \"$cur\")) ;;\n", o->words);
        else if (o->kind == CLI_VALUE_ALGO)
            fprintf(out, " COMPREPLY=($(compgen -W \"$algos\" -- \"$cur\")) ;;\n");
        else
            fprintf(out, " COMPREPLY=() ;;\n");
    }
}

/* Prints the completion of command [s]'s words. */
static void print_command(FILE *out, const cli_syntax *s)
{
    fprintf(out, "    %s)\n        case $prev in\n", s->name);
    print_value_arms(out, s);
    fprintf(out, "        *) if [[ $cur == -* ]]; then\n               COMPREPLY=($(compgen -W \"");
    for (size_t i = 0; i < s->option_count; i++) fprintf(out, "--%s ", s->options[i].name);
    fprintf(out, "--help\" -- \"$cur\"))\n"
                 "           else\n"
                 "               COMPREPLY=($(compgen -f -- \"$cur\"))\n"
                 "           fi ;;\n        esac ;;\n");
}

/* Prints the script. */
static void print_script(FILE *out)
{
    fprintf(out, "# bash completion for porcheck; written by `porcheck completion bash` from its "
                 "option tables\n_porcheck()\n{\n"
                 "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
                 "    local algos=\"");
    print_algos(out);
    fprintf(out, "\"\n    if ((COMP_CWORD == 1)); then\n"
                 "        COMPREPLY=($(compgen -W \"");
    for (size_t i = 0; i < cli_command_count; i++) fprintf(out, "%s ", cli_commands[i]->name);
    fprintf(out, "help --version --help\" -- \"$cur\"))\n        return\n    fi\n"
                 "    case ${COMP_WORDS[1]} in\n");
    for (size_t i = 0; i < cli_command_count; i++)
        if (cli_commands[i]->option_count) print_command(out, cli_commands[i]);
    fprintf(out, "    help) COMPREPLY=($(compgen -W \"");
    for (size_t i = 0; i < cli_command_count; i++) fprintf(out, "%s ", cli_commands[i]->name);
    fprintf(out, "\" -- \"$cur\")) ;;\n    completion) COMPREPLY=($(compgen -W \"bash\" -- "
                 "\"$cur\")) ;;\n    esac\n}\ncomplete -o filenames -F _porcheck porcheck\n");
}

/* Receives the operand "bash" (a cli_option_fn). */
static bool take_shell(void *ctx, const char *name, const char *value)
{
    const char **shell = ctx;
    (void)name;
    if (*shell || strcmp(value, "bash")) {
        fprintf(stderr, "porcheck completion: unknown shell '%s' (bash)\n", value);
        return false;
    }
    *shell = value;
    return true;
}

int cmd_completion(int argc, char **argv)
{
    const char *shell = NULL;
    int status = cli_parse(&cli_completion_syntax, argc, argv, take_shell, &shell, NULL);
    if (status != CLI_CONTINUE) return status;
    if (!shell) return cli_usage_error(&cli_completion_syntax, "name the shell");
    print_script(stdout);
    return EXIT_PASS;
}
