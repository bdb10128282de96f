/* verdict: porcheck check's report on one client, as text and as JSON: the client and its
 * columns, the visible set in force, the expected outcomes (and the ADT comparison), the verdict,
 * the observed outcomes with the unexpected ones marked, each violation with its schedule and
 * interleaving table, the statistics; and how a replayed schedule ended. */
#include <stdio.h>

#include "machine.h"

/* ---- Text report ----------------------------------------------------------------------------- */

/* True when [r]'s search, complete and without a violation, still missed a linearizable
 * outcome: porcheck missed interleavings, so its verdict cannot be ok. */
static bool missed_outcomes(const verdict_check_result *r)
{
    return !verdict_check_violated(r) && r->unobserved_count > 0;
}

verdict_kind verdict_check_verdict(const verdict_check_result *r)
{
    return missed_outcomes(r) ? VERDICT_INCOMPLETE
                              : verdict_of(&r->search, verdict_check_violated(r));
}

void verdict_check_print_header(FILE *out, const client *c, size_t index)
{
    char text[16384], label[512];
    client_format(c, text, sizeof text);
    fprintf(out, "\nclient %zu: %s\ncolumns:", index + 1, text);
    for (size_t i = 0; i < c->invocation_count; i++) {
        client_column_label(c, i, label, sizeof label);
        fprintf(out, "%s %s", i ? "," : "", label);
    }
    fprintf(out, "\n");
}

/* Prints the expected outcomes' summary (and the ADT comparison). */
static void print_expected(FILE *out, const client *c, const verdict_check_options *opt,
                           const verdict_expected *e)
{
    size_t blocked = client_outcome_set_blocked(e->outcomes);
    fprintf(out, "expected outcomes (%s): %zu   [%zu nodes, %zu matched, %.3f s]\n",
            opt->oracle_adt ? "adt model" : "implementation run sequentially",
            client_outcome_set_size(e->outcomes), e->stats.nodes, e->stats.matched, e->seconds);
    if (blocked)
        fprintf(out, "  of which blocked (some invocations wait for ever): %zu%s\n", blocked,
                blocked == client_outcome_set_size(e->outcomes) ? " (no order completes)" : "");
    if (e->structure_threads && !opt->oracle_adt)
        fprintf(out,
                "  the structure's own thread%s (%zu) never run%s in these runs: what %s change%s "
                "in the results shows as unexpected outcomes\n",
                e->structure_threads == 1 ? "" : "s", e->structure_threads,
                e->structure_threads == 1 ? "s" : "", e->structure_threads == 1 ? "it" : "they",
                e->structure_threads == 1 ? "s" : "");
    if (!e->compared) return;
    char text[8192];
    client_lin_diff_format(c, &e->diff, text, sizeof text);
    if (e->diff.found)
        fprintf(out,
                "warning: run sequentially, the implementation disagrees with the adt model "
                "(implementation vs adt): %s\n",
                text);
    else
        fprintf(out, "run sequentially, the implementation agrees with the adt model\n");
}

/* Returns how many livelocks' cycles gave observed outcome [i] of [r] (part of its count). */
static size_t cycles_of(const verdict_check_result *r, size_t i)
{
    long k =
        r->cycles ? client_outcome_set_find(r->cycles, client_outcome_set_at(r->observed, i)) : -1;
    return k >= 0 ? client_outcome_set_count(r->cycles, (size_t)k) : 0;
}

/* Prints how many end states and livelocks' cycles gave observed outcome [i] of [r]. */
static void print_ends(FILE *out, const verdict_check_result *r, size_t i)
{
    size_t count = client_outcome_set_count(r->observed, i), cycles = cycles_of(r, i);
    if (count > cycles)
        fprintf(out, "%zu end state%s%s", count - cycles, count - cycles == 1 ? "" : "s",
                cycles ? ", " : "");
    if (cycles) fprintf(out, "%zu cycle%s", cycles, cycles == 1 ? "" : "s");
}

/* Prints the observed outcomes with their end-state and cycle counts, marking unexpected ones. */
static void print_observed(FILE *out, const verdict_check_result *r)
{
    const client_outcome_set *seen = r->observed;
    size_t n = client_outcome_set_size(seen), unexpected = 0;
    fprintf(out, "outcomes observed: %zu\n", n);
    char buf[8192];
    for (size_t i = 0; i < n; i++) {
        const client_value *v = client_outcome_set_at(seen, i);
        bool bad = client_outcome_set_find(r->expected.outcomes, v) < 0;
        unexpected += bad;
        client_outcome_format(v, client_outcome_set_width(seen), buf, sizeof buf);
        fprintf(out, "  %s   [", buf);
        print_ends(out, r, i);
        fprintf(out, "]%s\n", bad ? "   UNEXPECTED" : "");
    }
    fprintf(out, "unexpected outcomes: %zu\n", unexpected);
    for (size_t i = 0; i < r->unobserved_count; i++) {
        const client_value *v = client_outcome_set_at(r->expected.outcomes, r->unobserved[i]);
        client_outcome_format(v, client_outcome_set_width(seen), buf, sizeof buf);
        fprintf(out,
                "warning: the linearizable outcome %s was never observed, although every "
                "sequential order is an interleaving the search explored: porcheck missed "
                "interleavings (please report it)\n",
                buf);
    }
}

/* Writes into [buf] the command that replays violation [v] of [r] for [c]: opt->replay_command
 * with the classifier that made the schedule's steps, the visible set in force when races
 * widened a given one, the client and the schedule;
 * returns false when [opt] has no command or it does not fit. */
static bool replay_command(const client *c, const verdict_check_options *opt,
                           const verdict_check_result *r, const verdict_check_violation *v,
                           char *buf, size_t size)
{
    if (!opt->replay_command) return false;
    base_textbuf out = base_textbuf_make(buf, size);
    base_textbuf_printf(&out, "%s --classifier %s", opt->replay_command,
                        verdict_classifier_name(r->classifier));
    for (size_t i = 0; i < r->visible_count + r->widened_count; i++) {
        base_textbuf_printf(&out, "%s", i ? "," : " --visible ");
        base_textbuf_shell_word(&out, i < r->visible_count ? r->visible[i]
                                                           : r->widened[i - r->visible_count]);
    }
    char text[16384];
    client_format(c, text, sizeof text);
    base_textbuf_printf(&out, " --client ");
    base_textbuf_shell_word(&out, text);
    base_textbuf_printf(&out, " --replay ");
    size_t room = out.len < size ? size - out.len : 0;
    out.len += verdict_schedule_format(v->schedule, v->length, room ? buf + out.len : NULL, room);
    return out.len < size;
}

/* Prints violation [v] (number [i] + 1) of [r]: what it is, its schedule, its table as [opt]
 * says and the command that replays it. */
static void print_violation(FILE *out, const client *c, const verdict_check_options *opt,
                            const verdict_check_result *r, const verdict_check_violation *v,
                            size_t i)
{
    char buf[8192];
    if (v->kind == VERDICT_CHECK_OUTCOME) {
        client_outcome_format(v->outcome, c->invocation_count, buf, sizeof buf);
        fprintf(out, "violation %zu: unexpected outcome %s", i + 1, buf);
    } else {
        fprintf(out, "violation %zu: %s", i + 1, v->message);
    }
    fprintf(out, "   [%zu %s%s]\n", v->count,
            v->kind == VERDICT_CHECK_LIVELOCK ? "cycle" : "end state", v->count == 1 ? "" : "s");
    if ((v->kind == VERDICT_CHECK_DEADLOCK || v->kind == VERDICT_CHECK_LIVELOCK) && v->outcome) {
        client_outcome_format(v->outcome, c->invocation_count, buf, sizeof buf);
        fprintf(out, "  outcome %s: no linearization leaves these invocations blocked\n", buf);
    }
    char *sched = base_malloc(v->length * 8 + 16);
    if (sched) verdict_schedule_format(v->schedule, v->length, sched, v->length * 8 + 16);
    fprintf(out,
            "  schedule (%zu transitions, %zu context switches: the fewest of those the "
            "search met",
            v->length, verdict_schedule_switches(v->schedule, v->length));
    for (size_t t = 0; v->traced && t < v->trace.thread_count; t++)
        fprintf(out, "%s%zu = %s", t ? ", " : "; thread ids: ", t, v->trace.thread_names[t]);
    fprintf(out, "): %s\n", sched ? sched : "?");
    base_free(sched);
    if (v->traced) verdict_trace_print(c, &v->trace, opt->trace_format, out, 2);
    if (v->traced && !v->reproduced)
        fprintf(out, "  warning: the replay did not reproduce the violation\n");
    char *cmd = base_malloc(v->length * 8 + 32768);
    if (cmd && replay_command(c, opt, r, v, cmd, v->length * 8 + 32768))
        fprintf(out, "  replay: %s\n", cmd);
    base_free(cmd);
}

/* Prints the visible set in force for [r] and the races that widened it. */
static void print_visible(FILE *out, const verdict_check_result *r)
{
    if (r->classifier == VERDICT_CLASSIFY_JPF)
        fprintf(out, "visible: every access to a shared object (jpf classifier)\n");
    else
        verdict_print_visible(out,
                              &(verdict_visible){r->visible, r->visible_count, r->widened,
                                                 r->widened_count, r->races, r->race_count},
                              "client");
}

void verdict_check_print(FILE *out, const client *c, const verdict_check_options *opt,
                         const verdict_check_result *r, const char *signal)
{
    print_visible(out, r);
    print_expected(out, c, opt, &r->expected);
    if (r->search.stop == POR_STOP_ERROR)
        fprintf(out, "stopped at the first violation (--first-error): other outcomes may exist\n");
    if (missed_outcomes(r))
        fprintf(out,
                "verdict: incomplete (the search missed interleavings: %zu linearizable outcome%s "
                "never observed)\n",
                r->unobserved_count, r->unobserved_count == 1 ? " was" : "s were");
    else
        verdict_print(out, &r->search, verdict_check_violated(r), signal);
    if (!r->search.stats.end_states && !r->search.stats.livelocks)
        fprintf(out, "warning: no end state was reached (every path runs forever or was cut)\n");
    print_observed(out, r);
    size_t shown = opt->max_traced ? opt->max_traced : VERDICT_DEFAULT_TRACES;
    for (size_t i = 0; i < r->violation_count && i < shown; i++)
        print_violation(out, c, opt, r, &r->violations[i], i);
    if (r->violation_count > shown)
        fprintf(out,
                "... and %zu more violations (distinct unexpected outcomes, deadlocks, "
                "livelocks or exceptions; --max-traces N shows N, --json lists them all)\n",
                r->violation_count - shown);
    verdict_print_statistics(out, &r->search);
    verdict_print_symmetry_note(out, &r->search, r->symmetry_sampled, r->symmetry_merged);
}

/* ---- JSON report ----------------------------------------------------------------------------- */

/* Returns the [n] strings of [list] as a JSON array, class names dotted when [dotted]. */
static json_t *strings_json(const char *const *list, size_t n, bool dotted)
{
    json_t *a = json_array();
    char name[1024];
    for (size_t i = 0; a && i < n; i++) {
        snprintf(name, sizeof name, "%s", list[i]);
        for (char *p = name; dotted && *p; p++)
            if (*p == '/') *p = '.';
        json_array_append_new(a, json_string(name));
    }
    return a;
}

/* Returns violation [v] of [r] as JSON. */
static json_t *violation_json(const client *c, const verdict_check_options *opt,
                              const verdict_check_result *r, const verdict_check_violation *v)
{
    static const char *const kinds[] = {"unexpected outcome", "deadlock", "uncaught exception",
                                        "livelock"};
    char *sched = base_malloc(v->length * 8 + 16);
    if (!sched) return NULL;
    verdict_schedule_format(v->schedule, v->length, sched, v->length * 8 + 16);
    json_t *j = json_pack("{sssIsssIsb}", "kind", kinds[v->kind], "count", (json_int_t)v->count,
                          "schedule", sched, "context_switches",
                          (json_int_t)verdict_schedule_switches(v->schedule, v->length),
                          "reproduced", v->reproduced);
    base_free(sched);
    if (!j) return NULL;
    if (v->traced)
        json_object_set_new(
            j, "thread_ids",
            strings_json((const char *const *)v->trace.thread_names, v->trace.thread_count, false));
    if (v->outcome)
        json_object_set_new(j, "outcome", verdict_outcome_json(v->outcome, c->invocation_count));
    if (v->message) json_object_set_new(j, "message", json_string(v->message));
    if (v->traced) json_object_set_new(j, "table", verdict_trace_json(c, &v->trace));
    char *cmd = base_malloc(v->length * 8 + 32768);
    if (cmd && replay_command(c, opt, r, v, cmd, v->length * 8 + 32768))
        json_object_set_new(j, "replay", json_string(cmd));
    base_free(cmd);
    return j;
}

/* Returns the unexpected outcomes of [r] as a JSON array. */
static json_t *unexpected_json(const verdict_check_result *r)
{
    json_t *list = json_array();
    size_t w = client_outcome_set_width(r->observed);
    for (size_t i = 0; list && i < client_outcome_set_size(r->observed); i++) {
        const client_value *v = client_outcome_set_at(r->observed, i);
        if (client_outcome_set_find(r->expected.outcomes, v) < 0)
            json_array_append_new(list, verdict_outcome_json(v, w));
    }
    return list;
}

/* Returns the visible set of [r] as JSON: {"classifier", "given": [...] or null for the
 * default, "widened": [...], "races": [...]}. */
static json_t *visible_json(const verdict_check_result *r)
{
    json_t *given =
        r->visible_count ? strings_json(r->visible, r->visible_count, true) : json_null();
    return json_pack("{sssososo}", "classifier", verdict_classifier_name(r->classifier), "given",
                     given, "widened", strings_json(r->widened, r->widened_count, true), "races",
                     strings_json(r->races, r->race_count, false));
}

/* Returns the observed outcomes of [r] as verdict_outcome_set_json does, each given by livelocks
 * with "cycles": how many of its count were cycles rather than end states. */
static json_t *observed_json(const verdict_check_result *r, const client *c)
{
    json_t *doc = verdict_outcome_set_json(r->observed, c);
    json_t *list = json_object_get(doc, "outcomes");
    for (size_t i = 0; i < json_array_size(list); i++) {
        size_t cycles = cycles_of(r, i);
        if (cycles)
            json_object_set_new(json_array_get(list, i), "cycles",
                                json_integer((json_int_t)cycles));
    }
    return doc;
}

/* Returns the expected outcomes of [r] that no end state gave, as a JSON array. */
static json_t *unobserved_json(const verdict_check_result *r)
{
    json_t *list = json_array();
    size_t w = client_outcome_set_width(r->expected.outcomes);
    for (size_t i = 0; list && i < r->unobserved_count; i++)
        json_array_append_new(
            list,
            verdict_outcome_json(client_outcome_set_at(r->expected.outcomes, r->unobserved[i]), w));
    return list;
}

json_t *verdict_check_json(const client *c, const verdict_check_options *opt,
                           const verdict_check_result *r, size_t line)
{
    char text[16384];
    client_format(c, text, sizeof text);
    json_t *viols = json_array();
    for (size_t i = 0; viols && i < r->violation_count; i++)
        json_array_append_new(viols, violation_json(c, opt, r, &r->violations[i]));
    const client_lin_stats *s = &r->expected.stats;
    json_t *expected = verdict_outcome_set_json(r->expected.outcomes, c);
    if (expected)
        json_object_set_new(expected, "statistics",
                            json_pack("{sIsIsIsf}", "nodes", (json_int_t)s->nodes, "matched",
                                      (json_int_t)s->matched, "invocations",
                                      (json_int_t)s->invocations, "seconds", r->expected.seconds));
    if (expected && r->expected.compared) {
        client_lin_diff_format(c, &r->expected.diff, text + 8192, 8192);
        json_object_set_new(expected, "adt_disagreement",
                            r->expected.diff.found ? json_string(text + 8192) : json_null());
    }
    json_t *doc = json_pack("{sssIsssbsososososo}", "client", text, "line", (json_int_t)line,
                            "verdict", verdict_name(verdict_check_verdict(r)), "complete",
                            r->search.stop == POR_STOP_COMPLETE, "expected", expected, "observed",
                            observed_json(r, c), "unexpected", unexpected_json(r), "violations",
                            viols, "statistics", por_stats_json(&r->search));
    if (doc) json_object_set_new(doc, "visible", visible_json(r));
    if (doc) json_object_set_new(doc, "unobserved", unobserved_json(r));
    verdict_put_symmetry_sample(doc, r->symmetry_sampled, r->symmetry_merged);
    return doc;
}

/* ---- Replay ---------------------------------------------------------------------------------- */

/* Prints how the replay [tr] of [c] ended on [out]; returns the verdict. */
static verdict_kind replay_verdict(FILE *out, const client *c, const verdict_trace *tr,
                                   const verdict_expected *e)
{
    char buf[8192];
    switch (tr->end) {
    case VERDICT_END_FINAL: {
        client_outcome_format(tr->results, c->invocation_count, buf, sizeof buf);
        bool expected = client_outcome_set_find(e->outcomes, tr->results) >= 0;
        fprintf(out, "result: an end state with outcome %s: %s\n", buf,
                expected ? "linearizable" : "UNEXPECTED (a violation)");
        return expected ? VERDICT_PASS : VERDICT_VIOLATION;
    }
    case VERDICT_END_DEADLOCK: {
        client_outcome_format(tr->results, c->invocation_count, buf, sizeof buf);
        bool expected = client_outcome_set_find(e->outcomes, tr->results) >= 0;
        fprintf(out, "result: no thread can run, some are blocked, outcome %s: %s\n", buf,
                expected ? "a linearizable blocked outcome"
                         : "deadlock, no linearization explains it (a violation)");
        return expected ? VERDICT_PASS : VERDICT_VIOLATION;
    }
    case VERDICT_END_EXCEPTION:
        fprintf(out, "result: the last transition threw an uncaught exception: %s\n", tr->message);
        return VERDICT_VIOLATION;
    case VERDICT_END_LIVELOCK: {
        client_outcome_format(tr->results, c->invocation_count, buf, sizeof buf);
        bool expected = client_outcome_set_find(e->outcomes, tr->results) >= 0;
        fprintf(out, "result: %s, outcome %s: %s\n", tr->message, buf,
                expected ? "a linearizable blocked outcome"
                         : "no linearization explains it (a violation)");
        return expected ? VERDICT_PASS : VERDICT_VIOLATION;
    }
    default:
        fprintf(out, "result: the schedule stops before the end (threads can still run)\n");
        return VERDICT_PASS;
    }
}

verdict_kind verdict_check_print_replay(FILE *out, const client *c, const verdict_trace *tr,
                                        size_t length, const verdict_expected *e,
                                        verdict_trace_format format)
{
    verdict_check_print_header(out, c, 0);
    fprintf(out, "replay of %zu transitions:\n", length);
    verdict_trace_print(c, tr, format, out, 2);
    return replay_verdict(out, c, tr, e);
}
