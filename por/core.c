/* Small public pieces of por: status and algorithm names, errors, dependency, default options. */
#include <stdarg.h>
#include <string.h>

#include "internal.h"

const char *por_status_name(por_status status)
{
    static const char *const names[] = {
        [POR_OK] = "POR_OK",
        [POR_ERR_NOMEM] = "POR_ERR_NOMEM",
        [POR_ERR_IO] = "POR_ERR_IO",
        [POR_ERR_SYNTAX] = "POR_ERR_SYNTAX",
        [POR_ERR_LIMIT] = "POR_ERR_LIMIT",
        [POR_ERR_ARG] = "POR_ERR_ARG",
        [POR_ERR_LTS] = "POR_ERR_LTS",
    };
    if ((size_t)status >= sizeof names / sizeof names[0]) return "POR_ERR_?";
    return names[status];
}

por_status por_fail(por_error *err, por_status status, const char *fmt, ...)
{
    err->status = status;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    for (char *c = err->message; *c; c++) /* input text must not break the one-line message */
        if ((unsigned char)*c < 0x20 || *c == 0x7F) *c = '?';
    return status;
}

bool por_dependent(const por_label *a, const por_label *b)
{
    if (a->thread == b->thread) return false;
    if (a->access == POR_INVISIBLE || b->access == POR_INVISIBLE) return false;
    if (a->field != b->field) return false;
    if (a->object != b->object && a->object != POR_ANY_OBJECT && b->object != POR_ANY_OBJECT)
        return false;
    return a->access == POR_WRITE || b->access == POR_WRITE;
}

static const char *const algo_names[POR_ALGO_COUNT] = {
    [POR_ALGO_DFS] = "dfs",
    [POR_ALGO_JPF] = "jpf",
    [POR_ALGO_SPOR] = "s-por",
    [POR_ALGO_DE_SPOR] = "de-s-por",
    [POR_ALGO_DL_SPOR] = "dl-s-por",
    [POR_ALGO_DE_JPF] = "de-jpf",
    [POR_ALGO_DL_JPF] = "dl-jpf",
    [POR_ALGO_DPOR] = "dpor",
    [POR_ALGO_SOURCE_DPOR] = "source-dpor",
    [POR_ALGO_OPTIMAL_DPOR] = "optimal-dpor",
    [POR_ALGO_O_DPOR] = "o-dpor",
    [POR_ALGO_CARTESIAN] = "cartesian",
};

const char *por_algo_name(por_algo algo)
{
    if ((unsigned)algo >= POR_ALGO_COUNT) return "?";
    return algo_names[algo];
}

bool por_algo_keeps_labels(por_algo algo)
{
    return algo == POR_ALGO_DE_SPOR || algo == POR_ALGO_DL_SPOR || algo == POR_ALGO_DE_JPF ||
           algo == POR_ALGO_DL_JPF;
}

bool por_algo_is_stateless(por_algo algo)
{
    return algo == POR_ALGO_DPOR || algo == POR_ALGO_SOURCE_DPOR || algo == POR_ALGO_OPTIMAL_DPOR;
}

bool por_algo_is_dpor(por_algo algo)
{
    return por_algo_is_stateless(algo) || algo == POR_ALGO_O_DPOR;
}

por_status por_algo_parse(const char *name, por_algo *out, por_error *err)
{
    for (size_t i = 0; i < POR_ALGO_COUNT; i++)
        if (!strcmp(name, algo_names[i])) {
            *out = (por_algo)i;
            return POR_OK;
        }
    return por_fail(err, POR_ERR_ARG,
                    "unknown algorithm '%s' (dfs, jpf, s-por, de-s-por, dl-s-por, de-jpf, dl-jpf, "
                    "dpor, source-dpor, optimal-dpor, o-dpor, cartesian)",
                    name);
}

const char *por_stop_name(por_stop stop)
{
    static const char *const names[] = {
        [POR_STOP_COMPLETE] = "complete", [POR_STOP_ERROR] = "first-error",
        [POR_STOP_STATES] = "max-states", [POR_STOP_TIME] = "timeout",
        [POR_STOP_MEMORY] = "max-memory", [POR_STOP_SIGNAL] = "signal",
    };
    if ((size_t)stop >= sizeof names / sizeof names[0]) return "?";
    return names[stop];
}

bool por_stop_incomplete(por_stop stop)
{
    return stop != POR_STOP_COMPLETE && stop != POR_STOP_ERROR;
}

void por_options_init(por_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->algo = POR_ALGO_DFS;
    opt->order.kind = POR_ORDER_SEQ;
}
