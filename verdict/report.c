/* verdict: the verdict of a search and the lines both commands print about it (the verdict
 * line, why a search stopped, the visible set in force). */
#include <inttypes.h>
#include <stdio.h>

#include "verdict.h"

/* A search stack this deep is no bounded client's: some loop makes new states for ever. */
#define VERDICT_ENDLESS_DEPTH 100000

/* A stopped path this deep, its end taken by one thread, earns a note on where that thread is. */
#define VERDICT_LOOP_DEPTH 10000

bool verdict_stop_path_noted(size_t depth, size_t steps, size_t window, const char *where)
{
    return depth >= VERDICT_LOOP_DEPTH && where && where[0] && steps * 10 >= window * 9;
}

/* Re-traversed transitions from which a search's re-traversals earn a note. */
#define VERDICT_RETRAVERSED_NOTE 100000000u

verdict_kind verdict_of(const por_result *r, bool violated)
{
    if (violated) return VERDICT_VIOLATION;
    return por_stop_incomplete(r->stop) ? VERDICT_INCOMPLETE : VERDICT_PASS;
}

const char *verdict_name(verdict_kind v)
{
    return v == VERDICT_VIOLATION ? "violation" : v == VERDICT_INCOMPLETE ? "incomplete" : "ok";
}

void verdict_stop_text(const por_result *r, const char *signal, char *buf, size_t size)
{
    if (r->stop == POR_STOP_SIGNAL && signal)
        snprintf(buf, size, "stopped by %s after %.1f s", signal, r->stats.seconds);
    else if (r->stop == POR_STOP_SIGNAL)
        snprintf(buf, size, "stopped by a signal after %.1f s", r->stats.seconds);
    else
        snprintf(buf, size, "stopped by --%s after %.1f s", por_stop_name(r->stop),
                 r->stats.seconds);
}

void verdict_print(FILE *out, const por_result *r, bool violated, const char *signal)
{
    char why[128];
    verdict_stop_text(r, signal, why, sizeof why);
    if (violated && por_stop_incomplete(r->stop))
        fprintf(out, "verdict: VIOLATION (then %s: not every interleaving was explored)\n", why);
    else if (violated)
        fprintf(out, "verdict: VIOLATION\n");
    else if (por_stop_incomplete(r->stop))
        fprintf(out, "verdict: incomplete (%s: not every interleaving was explored)\n", why);
    else
        fprintf(out, "verdict: ok\n");
    if (por_stop_incomplete(r->stop) && r->stats.max_depth >= VERDICT_ENDLESS_DEPTH)
        fprintf(out,
                "  note: the search went %zu steps deep: a loop that never comes back to a state "
                "it was in (a counter, a clock, a growing collection) makes every path endless\n",
                r->stats.max_depth);
    const por_stop_path *p = &r->path;
    if (por_stop_incomplete(r->stop) &&
        verdict_stop_path_noted(p->depth, p->steps, p->window, p->where))
        fprintf(out,
                "  note: it stopped on a path %zu transitions deep, %zu of whose last %zu are one "
                "thread's: %s\n",
                p->depth, p->steps, p->window, p->where);
}

void verdict_print_statistics(FILE *out, const por_result *r)
{
    por_stats_print(out, r);
    const por_stats *st = &r->stats;
    if (st->retraversed < VERDICT_RETRAVERSED_NOTE || st->retraversed / 100 < st->transitions)
        return;
    fprintf(out,
            "note: the search walked explored transitions again %zu times (%zu per transition it "
            "explored) to compute its reductions; on a client where they save little, --algo "
            "s-por, or --algo portfolio running both at once, may finish sooner\n",
            st->retraversed, st->transitions ? st->retraversed / st->transitions : 0);
}

bool verdict_symmetry_applies(const por_options *search)
{
    return !por_algo_is_dpor(search->algo) && !search->stateless &&
           !por_algo_is_stateless(search->algo);
}

bool verdict_symmetry_noted(uint64_t sampled, uint64_t merged)
{
    return merged >= VERDICT_SYMMETRY_NOTE_MERGED && merged * 200 >= sampled;
}

void verdict_print_symmetry_note(FILE *out, const por_result *r, uint64_t sampled, uint64_t merged)
{
    if (!por_stop_incomplete(r->stop) || r->stop == POR_STOP_ERROR ||
        !verdict_symmetry_noted(sampled, merged))
        return;
    fprintf(out,
            "note: --heap-symmetry may finish sooner: of %" PRIu64 " states sampled (1 in 256), "
            "%" PRIu64 " equal another sampled one but for the names of their objects (a node "
            "another thread allocated, the garbage of a failed attempt), and it explores such "
            "states as one\n",
            sampled, merged);
}

por_verdict verdict_end_state(bool violates, por_tset waiting)
{
    if (violates) return POR_VIOLATION;
    return waiting ? POR_ACCEPT : POR_CONTINUE;
}

/* Prints class name or prefix [name] dotted on [out], after [sep]. */
static void print_dotted(FILE *out, const char *sep, const char *name)
{
    fprintf(out, "%s", sep);
    for (const char *p = name; *p; p++) fputc(*p == '/' ? '.' : *p, out);
}

void verdict_print_visible(FILE *out, const verdict_visible *v, const char *what)
{
    if (!v->given_count)
        fprintf(out, "visible: every class but java.lang.Thread and java.lang.String "
                     "(race-checked)");
    for (size_t i = 0; i < v->given_count; i++)
        print_dotted(out, i ? ", " : "visible: ", v->given[i]);
    if (v->given_count) fprintf(out, " (narrowed; every other class race-checked)");
    for (size_t i = 0; i < v->widened_count; i++)
        print_dotted(out, i ? ", " : ", widened with ", v->widened[i]);
    fprintf(out, "\n");
    for (size_t i = 0; i < v->race_count; i++)
        fprintf(out,
                "  race on state the visible set left invisible (so the %s was explored again): "
                "%s\n",
                what, v->races[i]);
}
