/* porcheck javap: prints classes from files or the class path in javap -c -p -l layout. */
#include <stdio.h>
#include <string.h>

#include "classfile.h"
#include "commands.h"

enum { MAX_CLASS_FILE = 64 << 20 };

static bool is_class_file(const char *arg)
{
    size_t n = strlen(arg);
    return n > 6 && !strcmp(arg + n - 6, ".class");
}

/* Loads [arg], a .class file or a binary/dotted class name, into [*cls]. */
static cf_status load_one(cf_classpath *cp, const char *arg, cf_class **cls, cf_error *err)
{
    if (is_class_file(arg)) {
        uint8_t *data;
        size_t len;
        if (cf_read_file(arg, MAX_CLASS_FILE, &data, &len, err) != CF_OK) return err->status;
        cf_status s = cf_parse(data, len, arg, cls, err);
        base_free(data);
        return s;
    }
    char name[1024];
    snprintf(name, sizeof name, "%s", arg);
    for (char *c = name; *c; c++)
        if (*c == '.') *c = '/';
    return cf_classpath_load(cp, name, cls, err);
}

/* The options (see cli_syntax). */
static const cli_option options[] = {
    {"classpath", "P",
     "where CLASS names are looked up: directories and jars,\n"
     "':'-separated (default: .)",
     CLI_VALUE_FILE, NULL, "-cp"},
};

const cli_syntax cli_javap_syntax = {
    "javap",
    "[options] CLASS|FILE.class...",
    "print classes with disassembled bytecode, like javap -c -p -l",
    options,
    sizeof options / sizeof options[0],
    NULL,
    false,
    cmd_javap};

/* What the command line says. */
typedef struct javap_args {
    const char *path;
    char **classes; /* the operands, in order */
    int count;
} javap_args;

/* Takes option [name] with [value] into the javap_args at [ctx] (a cli_option_fn). */
static bool take_option(void *ctx, const char *name, const char *value)
{
    javap_args *a = ctx;
    if (name)
        a->path = value; /* --classpath */
    else
        a->classes[a->count++] = (char *)value;
    return true;
}

/* Prints each class of [a] found on [cp]; returns the exit status. */
static int disassemble_all(cf_classpath *cp, const javap_args *a)
{
    char **argv = a->classes;
    for (int i = 0; i < a->count; i++) {
        cf_class *cls;
        cf_error err = {0};
        if (load_one(cp, argv[i], &cls, &err) != CF_OK) {
            fprintf(stderr, "porcheck javap: %s\n", err.message);
            return EXIT_BAD_INPUT;
        }
        cf_disassemble(stdout, cls);
        cf_class_free(cls);
    }
    return EXIT_PASS;
}

/* Prints the classes of [a]; returns the exit status. */
static int javap(const javap_args *a)
{
    cf_classpath *cp;
    cf_error err = {0};
    if (cf_classpath_new(&cp, &err) != CF_OK || cf_classpath_add_list(cp, a->path, &err) != CF_OK) {
        fprintf(stderr, "porcheck javap: %s\n", err.message);
        cf_classpath_free(cp);
        return EXIT_BAD_INPUT;
    }
    int status = disassemble_all(cp, a);
    cf_classpath_free(cp);
    return status;
}

int cmd_javap(int argc, char **argv)
{
    javap_args a = {".", base_calloc((size_t)argc + 1, sizeof(char *)), 0};
    if (!a.classes) return fprintf(stderr, "porcheck javap: out of memory\n"), EXIT_BAD_INPUT;
    int status = cli_parse(&cli_javap_syntax, argc, argv, take_option, &a, NULL);
    if (status == CLI_CONTINUE && !a.count)
        status = cli_usage_error(&cli_javap_syntax, "name at least one class");
    if (status == CLI_CONTINUE) status = javap(&a);
    base_free(a.classes);
    return status;
}
