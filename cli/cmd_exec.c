/* porcheck exec: runs a Java program's main on porcheck's VM, printing what it prints. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "vm.h"

static int usage(void)
{
    fprintf(stderr, "usage: porcheck exec [--classpath P] [-ea|-da] [--dispatch switch|goto]\n"
                    "       [--jdk DIR | --model-library] [--jdk-locks] MAIN [ARGS...]\n");
    return EXIT_BAD_INPUT;
}

/* Parses the options before MAIN into [opts]; returns the index of MAIN, -1 on a usage error,
 * -2 after a bad JDK option was reported. */
static int parse_options(int argc, char **argv, vm_options *opts)
{
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *a = argv[i];
        int jdk = cli_jdk_option("exec", argc, argv, &i);
        if (jdk) {
            if (jdk == 2) return -2;
            continue;
        }
        if ((!strcmp(a, "--classpath") || !strcmp(a, "-cp") || !strcmp(a, "-classpath")) &&
            i + 1 < argc)
            opts->classpath = argv[++i];
        else if (!strcmp(a, "-ea") || !strcmp(a, "-enableassertions"))
            opts->assertions = true;
        else if (!strcmp(a, "-da") || !strcmp(a, "-disableassertions"))
            opts->assertions = false;
        else if (!strcmp(a, "--dispatch") && i + 1 < argc && !strcmp(argv[i + 1], "switch"))
            opts->dispatch = VM_DISPATCH_SWITCH, i++;
        else if (!strcmp(a, "--dispatch") && i + 1 < argc && !strcmp(argv[i + 1], "goto"))
            opts->dispatch = VM_DISPATCH_GOTO, i++;
        else
            return -1;
    }
    return i < argc ? i : -1;
}

int cmd_exec(int argc, char **argv)
{
    vm_options opts = {0};
    int main_index = parse_options(argc, argv, &opts);
    if (main_index == -2) return EXIT_BAD_INPUT;
    if (main_index < 0) return usage();
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
