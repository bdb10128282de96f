/* The option tables (commands.h): one table per command drives getopt_long, prints --help and
 * the README's option lists, and writes the bash completion. A bad option is one line on stderr
 * that names it and, when one is near, the option meant. */
#define _GNU_SOURCE /* getopt_long */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "commands.h"

/* getopt_long's code for table entry i is OPTION_BASE + i (above every character). */
enum { OPTION_BASE = 256, HELP_CODE = 'h', MISSING_CODE = ':', OPERAND_CODE = 1 };

/* Where the help column starts. */
enum { HELP_COLUMN = 24 };

/* ---- Errors ---------------------------------------------------------------------------------- */

int cli_usage_error(const cli_syntax *syntax, const char *message)
{
    fprintf(stderr, "porcheck %s: %s (usage: porcheck %s %s)\n", syntax->name, message,
            syntax->name, syntax->usage);
    return EXIT_BAD_INPUT;
}

/* Returns the option of [syntax] called [name] exactly, or NULL. */
static const cli_option *find_exact(const cli_syntax *syntax, const char *name, size_t len)
{
    for (size_t i = 0; i < syntax->option_count; i++)
        if (strlen(syntax->options[i].name) == len && !strncmp(syntax->options[i].name, name, len))
            return &syntax->options[i];
    return NULL;
}

/* Writes the options of [syntax] that [name] (of [len] bytes) begins, as "--a, --b", into
 * [out]; returns how many there are. */
static size_t prefix_matches(const cli_syntax *syntax, const char *name, size_t len, char *out,
                             size_t size)
{
    base_textbuf buf = base_textbuf_make(out, size);
    size_t n = 0;
    for (size_t i = 0; i < syntax->option_count; i++)
        if (!strncmp(syntax->options[i].name, name, len))
            base_textbuf_printf(&buf, "%s--%s", n++ ? ", " : "", syntax->options[i].name);
    if (!strncmp("help", name, len)) base_textbuf_printf(&buf, "%s--help", n++ ? ", " : "");
    return n;
}

/* Returns the option of [syntax] that long name [name] (of [len] bytes) means as getopt_long
 * reads it: the one called so, else the only one it begins (--help counts as one); or NULL. */
static const cli_option *resolve(const cli_syntax *syntax, const char *name, size_t len)
{
    const cli_option *o = find_exact(syntax, name, len), *only = NULL;
    size_t n = !strncmp("help", name, len);
    for (size_t i = 0; !o && i < syntax->option_count; i++)
        if (!strncmp(syntax->options[i].name, name, len)) only = &syntax->options[i], n++;
    return o ? o : n == 1 ? only : NULL;
}

/* Returns the option name of [syntax] nearest to [name] when it is a near miss, else NULL. */
static const char *nearest(const cli_syntax *syntax, const char *name)
{
    base_near_miss near = base_near_miss_start(name);
    for (size_t i = 0; i < syntax->option_count; i++)
        base_near_miss_offer(&near, syntax->options[i].name);
    return near.best;
}

/* Returns another command that has an option called [name], or NULL. */
static const cli_syntax *owner_elsewhere(const cli_syntax *syntax, const char *name)
{
    for (size_t i = 0; i < cli_command_count; i++)
        if (cli_commands[i] != syntax && find_exact(cli_commands[i], name, strlen(name)))
            return cli_commands[i];
    return NULL;
}

/* Reports unknown long option [name] (of [len] bytes) of [syntax]. */
static void report_unknown(const cli_syntax *syntax, const char *name, size_t len)
{
    char key[64];
    snprintf(key, sizeof key, "%.*s", (int)(len < 63 ? len : 63), name);
    const char *near = nearest(syntax, key);
    const cli_syntax *other = near ? NULL : owner_elsewhere(syntax, key);
    fprintf(stderr, "porcheck %s: unknown option '--%s'", syntax->name, key);
    if (near)
        fprintf(stderr, " (did you mean '--%s'?)\n", near);
    else if (other)
        fprintf(stderr, " (an option of porcheck %s; see porcheck %s --help)\n", other->name,
                syntax->name);
    else
        fprintf(stderr, " (see porcheck %s --help)\n", syntax->name);
}

/* Reports the bad command-line word [word] of [syntax]; [missing]: its value is missing. */
static int report_bad(const cli_syntax *syntax, const char *word, bool missing)
{
    if (strncmp(word, "--", 2)) {
        fprintf(stderr, "porcheck %s: unknown option '%s' (see porcheck %s --help)\n", syntax->name,
                word, syntax->name);
        return EXIT_BAD_INPUT;
    }
    const char *name = word + 2, *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    const cli_option *o = resolve(syntax, name, len);
    char list[512];
    if (o && missing)
        fprintf(stderr, "porcheck %s: --%s needs a value (%s)\n", syntax->name, o->name, o->arg);
    else if (o && eq && !o->arg)
        fprintf(stderr, "porcheck %s: --%s takes no value\n", syntax->name, o->name);
    else if (!o && prefix_matches(syntax, name, len, list, sizeof list) > 1)
        fprintf(stderr, "porcheck %s: ambiguous option '--%.*s' (%s)\n", syntax->name, (int)len,
                name, list);
    else
        report_unknown(syntax, name, len);
    return EXIT_BAD_INPUT;
}

/* ---- Parsing --------------------------------------------------------------------------------- */

/* True when [word] is among the space-separated [aliases]. */
static bool is_alias(const char *aliases, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = aliases; p && *p;) {
        size_t len = strcspn(p, " ");
        if (len == n && !strncmp(p, word, n)) return true;
        p += len + (p[len] == ' ');
    }
    return false;
}

/* Returns the option of [syntax] that [word] spells as a one-dash alias, or NULL. */
static const cli_option *alias_of(const cli_syntax *syntax, const char *word)
{
    for (size_t i = 0; i < syntax->option_count; i++)
        if (is_alias(syntax->options[i].aliases, word)) return &syntax->options[i];
    return NULL;
}

/* True when [word] is an option of [syntax] written as "--name" (no '=') that takes a value. */
static bool takes_next(const cli_syntax *syntax, const char *word)
{
    if (strncmp(word, "--", 2) || strchr(word, '=')) return false;
    const cli_option *o = resolve(syntax, word + 2, strlen(word + 2));
    return o && o->arg;
}

/* Returns "--NAME" for option [o] in storage that lasts as long as the process (argv points at
 * it), or NULL when that storage is full. */
static char *long_spelling(const cli_option *o)
{
    static char words[16][64];
    static size_t used;
    if (used == 16 || strlen(o->name) > 60) return NULL;
    snprintf(words[used], sizeof words[used], "--%s", o->name);
    return words[used++];
}

/* Rewrites the one-dash aliases among the options of [argv] ("-cp") as their long names
 * ("--classpath"), so that getopt_long reads them. */
static void rewrite_aliases(const cli_syntax *syntax, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *w = argv[i];
        if (!strcmp(w, "--")) return;
        if (w[0] != '-' || !w[1]) {
            if (syntax->options_first) return;
            continue;
        }
        const cli_option *o = alias_of(syntax, w);
        char *spelled = o ? long_spelling(o) : NULL;
        if (spelled) argv[i] = spelled;
        if (o ? o->arg != NULL : takes_next(syntax, w)) i++;
    }
}

/* Fills [longs] (option_count + 2 entries) for [syntax]. */
static void build_table(const cli_syntax *syntax, struct option *longs)
{
    for (size_t i = 0; i < syntax->option_count; i++) {
        const cli_option *o = &syntax->options[i];
        longs[i] = (struct option){o->name, o->arg ? required_argument : no_argument, NULL,
                                   OPTION_BASE + (int)i};
    }
    longs[syntax->option_count] = (struct option){"help", no_argument, NULL, HELP_CODE};
    longs[syntax->option_count + 1] = (struct option){0};
}

/* Runs getopt_long over [argv] with [longs]; see cli_parse. */
static int scan(const cli_syntax *syntax, int argc, char **argv, const struct option *longs,
                cli_option_fn *fn, void *ctx, int *rest)
{
    opterr = 0;
    optind = 0; /* glibc: start afresh */
    for (;;) {
        int before = optind ? optind : 1;
        int c = getopt_long(argc, argv, "-:h", longs, NULL);
        if (c == -1) break;
        if (c == HELP_CODE) return cli_print_help(stdout, syntax), EXIT_PASS;
        if (c == '?' || c == MISSING_CODE)
            return report_bad(syntax, argv[optind > before ? optind - 1 : before],
                              c == MISSING_CODE);
        if (c == OPERAND_CODE && syntax->options_first) {
            if (rest) *rest = optind - 1;
            return CLI_CONTINUE;
        }
        const cli_option *o = c == OPERAND_CODE ? NULL : &syntax->options[c - OPTION_BASE];
        if (!fn(ctx, o ? o->name : NULL, !o || o->arg ? optarg : NULL)) return EXIT_BAD_INPUT;
    }
    for (int i = optind; i < argc; i++) /* the operands after "--" */
        if (!syntax->options_first && !fn(ctx, NULL, argv[i])) return EXIT_BAD_INPUT;
    if (rest) *rest = optind;
    return CLI_CONTINUE;
}

int cli_parse(const cli_syntax *syntax, int argc, char **argv, cli_option_fn *fn, void *ctx,
              int *rest)
{
    struct option *longs = base_calloc(syntax->option_count + 2, sizeof *longs);
    if (!longs) {
        fprintf(stderr, "porcheck %s: out of memory\n", syntax->name);
        return EXIT_BAD_INPUT;
    }
    build_table(syntax, longs);
    rewrite_aliases(syntax, argc, argv);
    int status = scan(syntax, argc, argv, longs, fn, ctx, rest);
    base_free(longs);
    return status;
}

/* ---- Help ------------------------------------------------------------------------------------ */

/* Prints the left column of [o] ("  -cp, --classpath P") and returns its width. */
static int print_left(FILE *out, const cli_option *o)
{
    int w = fprintf(out, "  ");
    for (const char *p = o->aliases; p && *p;) {
        size_t len = strcspn(p, " ");
        w += fprintf(out, "%.*s, ", (int)len, p);
        p += len + (p[len] == ' ');
    }
    w += fprintf(out, "--%s", o->name);
    if (o->arg) w += fprintf(out, " %s", o->arg);
    return w;
}

/* Prints option [o]: its names, then its help lines in the help column. */
static void print_option(FILE *out, const cli_option *o)
{
    int w = print_left(out, o);
    if (w >= HELP_COLUMN - 1) fputc('\n', out), w = 0;
    for (const char *p = o->help; *p;) {
        size_t len = strcspn(p, "\n");
        fprintf(out, "%*s%.*s\n", HELP_COLUMN - w, "", (int)len, p);
        w = 0;
        p += len + (p[len] == '\n');
    }
}

void cli_print_options(FILE *out, const cli_syntax *syntax)
{
    fprintf(out, "options:\n");
    for (size_t i = 0; i < syntax->option_count; i++) print_option(out, &syntax->options[i]);
    print_option(
        out, &(cli_option){"help", NULL, "print this help and exit", CLI_VALUE_TEXT, NULL, "-h"});
}

void cli_print_help(FILE *out, const cli_syntax *syntax)
{
    fprintf(out, "usage: porcheck %s %s\n%s\n\n", syntax->name, syntax->usage, syntax->summary);
    cli_print_options(out, syntax);
    if (syntax->notes) fprintf(out, "\n%s", syntax->notes);
}
