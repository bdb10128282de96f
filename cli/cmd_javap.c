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

static int usage(void)
{
    fprintf(stderr, "usage: porcheck javap [--classpath P] CLASS|FILE.class...\n");
    return EXIT_BAD_INPUT;
}

static int disassemble_all(cf_classpath *cp, int argc, char **argv, int first)
{
    for (int i = first; i < argc; i++) {
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

int cmd_javap(int argc, char **argv)
{
    const char *path = ".";
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if ((!strcmp(argv[i], "--classpath") || !strcmp(argv[i], "-cp")) && i + 1 < argc)
            path = argv[++i];
        else
            return usage();
    }
    if (i == argc) return usage();
    cf_classpath *cp;
    cf_error err = {0};
    if (cf_classpath_new(&cp, &err) != CF_OK || cf_classpath_add_list(cp, path, &err) != CF_OK) {
        fprintf(stderr, "porcheck javap: %s\n", err.message);
        cf_classpath_free(cp);
        return EXIT_BAD_INPUT;
    }
    int status = disassemble_all(cp, argc, argv, i);
    cf_classpath_free(cp);
    return status;
}
