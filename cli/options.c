/* Option values shared by the commands: non-negative numbers and the search limits. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"

bool cli_parse_number(const char *text, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || *end || errno || !(v >= 0) || v > 1e15) return false;
    *out = v;
    return true;
}

bool cli_is_limit(const char *name)
{
    return !strcmp(name, "--max-states") || !strcmp(name, "--timeout") ||
           !strcmp(name, "--max-memory");
}

bool cli_heap_symmetry_allows(const char *command, por_algo algo, bool stateless)
{
    if (!stateless || !por_algo_keeps_labels(algo)) return true;
    fprintf(stderr,
            "porcheck %s: --heap-symmetry does not go with a stateless %s search (its summaries "
            "name objects as the path that explored them)\n",
            command, por_algo_name(algo));
    return false;
}

bool cli_set_limit(const char *command, por_options *opt, const char *name, const char *value)
{
    double v;
    if (!cli_parse_number(value, &v)) {
        fprintf(stderr, "porcheck %s: %s: expected a non-negative number, got '%s'\n", command,
                name, value);
        return false;
    }
    if (!strcmp(name, "--max-states"))
        opt->max_states = (size_t)v;
    else if (!strcmp(name, "--timeout"))
        opt->timeout_seconds = v;
    else
        opt->max_memory_bytes = (size_t)(v * 1048576.0);
    return true;
}
