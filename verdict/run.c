/* verdict: porcheck run's checking of a program's main over all thread interleavings (the VM as
 * a por transition system): the outputs of the end states, failed assertions and other uncaught
 * exceptions, deadlocks, each violation with the schedule that reproduces it replayed as a
 * readable trace, the report as text and JSON, and --replay of one schedule. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "machine.h"

/* Violations replayed into traces and printed. */
enum { MAX_SHOWN = 10 };

/* ---- Collected results ----------------------------------------------------------------------- */

/* What the observer works with. */
typedef struct observe {
    verdict_run_result *r;
    vm *machine;
    bool nomem;
} observe;

/* Returns a NUL-terminated copy of the [n] bytes at [s], or NULL. */
static char *dup_bytes(const char *s, size_t n)
{
    char *d = base_malloc(n + 1);
    if (!d) return NULL;
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

/* Grows [*items] of [*cap] elements of [size] bytes to hold one more; false when out of memory. */
static bool grow(void **items, size_t *cap, size_t count, size_t size)
{
    if (count < *cap) return true;
    size_t n = *cap ? *cap * 2 : 16;
    void *grown = base_realloc(*items, n * size);
    if (!grown) return false;
    *items = grown;
    *cap = n;
    return true;
}

/* Counts output [text] of [len] bytes as the outcome of [count] end states. */
static void add_outputs(observe *o, const char *text, size_t len, size_t count)
{
    verdict_run_result *r = o->r;
    for (size_t i = 0; i < r->output_count; i++)
        if (r->outputs[i].len == len && !memcmp(r->outputs[i].text, text, len)) {
            r->outputs[i].count += count;
            return;
        }
    char *copy = dup_bytes(text, len);
    if (!copy || !grow((void **)&r->outputs, &r->output_cap, r->output_count, sizeof *r->outputs)) {
        base_free(copy);
        o->nomem = true;
        return;
    }
    r->outputs[r->output_count++] = (verdict_output){copy, len, count};
}

/* Records violation [text] of [kind] reached by [schedule], [count] times. */
static void add_violations(observe *o, verdict_run_kind kind, const char *text,
                           const por_trace *schedule, size_t count)
{
    verdict_run_result *r = o->r;
    for (size_t i = 0; i < r->violation_count; i++)
        if (r->violations[i].kind == kind && !strcmp(r->violations[i].text, text)) {
            r->violations[i].count += count;
            return;
        }
    char *copy = dup_bytes(text, strlen(text));
    uint8_t *path = base_malloc(schedule->length + 1);
    if (!copy || !path ||
        !grow((void **)&r->violations, &r->violation_cap, r->violation_count,
              sizeof *r->violations)) {
        base_free(copy), base_free(path);
        o->nomem = true;
        return;
    }
    if (schedule->length) memcpy(path, schedule->threads, schedule->length);
    r->violations[r->violation_count++] =
        (verdict_run_violation){kind, copy, count, path, schedule->length, NULL, false};
}

/* Forgets the outputs and violations of [r] (its races and widened classes stay). */
static void forget_search(verdict_run_result *r)
{
    for (size_t i = 0; i < r->output_count; i++) base_free(r->outputs[i].text);
    for (size_t i = 0; i < r->violation_count; i++) {
        verdict_run_violation *v = &r->violations[i];
        for (size_t k = 0; v->trace && k < v->length; k++) base_free(v->trace[k]);
        base_free(v->trace);
        base_free(v->text);
        base_free(v->schedule);
    }
    base_free(r->outputs);
    base_free(r->violations);
    r->outputs = NULL, r->violations = NULL;
    r->output_count = r->output_cap = r->violation_count = r->violation_cap = 0;
    memset(&r->search, 0, sizeof r->search);
}

void verdict_run_result_free(verdict_run_result *r)
{
    forget_search(r);
    for (size_t i = 0; i < r->race_count; i++) base_free(r->races[i]);
    for (size_t i = 0; i < r->widened_count; i++) base_free(r->widened[i]);
    base_free(r->races);
    base_free(r->widened);
    memset(r, 0, sizeof *r);
}

/* ---- Describing states ----------------------------------------------------------------------- */

/* Observer: counts the output of an end state; a deadlock is a violation, counted among the
 * violating end states as check counts an unexplained one. */
static por_verdict on_final(void *ctx, const por_trace *schedule, por_tset waiting)
{
    observe *o = ctx;
    size_t len;
    const char *out = explore_check_output(o->machine, &len);
    add_outputs(o, out, len, 1);
    if (waiting) {
        char text[8192];
        verdict_describe_deadlock(o->machine, waiting, VERDICT_DEADLOCK_PROGRAM, text, sizeof text);
        add_violations(o, VERDICT_DEADLOCK, text, schedule, 1);
    }
    return verdict_end_state(waiting != 0, waiting);
}

/* Observer: records the uncaught exception of [thread]. */
static void on_assert(void *ctx, size_t thread, const por_trace *schedule)
{
    observe *o = ctx;
    char text[8192], name[256];
    explore_thread_name(o->machine, (uint32_t)thread, name, sizeof name);
    int n = snprintf(text, sizeof text, "uncaught exception in thread \"%s\": ", name);
    explore_describe_uncaught(o->machine, (uint32_t)thread, text + n, sizeof text - (size_t)n);
    size_t len = strlen(text);
    while (len && text[len - 1] == '\n') text[--len] = '\0';
    add_violations(o, VERDICT_UNCAUGHT, text, schedule, 1);
}

/* Observer: records a state from which no end state can be reached, where [running] run for
 * ever. */
static por_verdict on_livelock(void *ctx, const por_trace *schedule, por_tset running)
{
    observe *o = ctx;
    char text[8192];
    verdict_describe_livelock(o->machine, running, VERDICT_DEADLOCK_PROGRAM, text, sizeof text);
    add_violations(o, VERDICT_LIVELOCK, text, schedule, 1);
    return POR_VIOLATION;
}

/* ---- Schedules ------------------------------------------------------------------------------- */

/* Writes [schedule] as verdict_schedule_format does into a new string, or NULL. */
static char *schedule_text(const uint8_t *schedule, size_t length)
{
    size_t size = length * 8 + 16; /* a thread id and a separator per step at most */
    char *s = base_malloc(size);
    if (s) verdict_schedule_format(schedule, length, s, size);
    return s;
}

/* ---- Replay ---------------------------------------------------------------------------------- */

/* What run records of a replay: one trace line per step. */
typedef struct trace_lines {
    vm *machine;
    char **lines; /* [length] lines to fill, or NULL */
} trace_lines;

/* Replay hook: stores the trace line of step [step] of thread [t], before it runs. */
static bool note_line(void *ctx, uint32_t t, size_t step)
{
    trace_lines *tl = ctx;
    if (!tl->lines) return true;
    char name[256], what[2048], line[2400];
    explore_thread_name(tl->machine, t, name, sizeof name);
    explore_describe_next(tl->machine, t, what, sizeof what);
    snprintf(line, sizeof line, "%4zu  %-14s %s", step, name, what);
    return (tl->lines[step - 1] = dup_bytes(line, strlen(line))) != NULL;
}

/* Runs [schedule] from the initial state [init], storing one trace line per step in [lines]
 * (when not NULL); returns the result of the last step, or POR_STEP_ERROR with [err] set when a
 * thread is not enabled or the VM fails. */
static por_step_result replay(vm *machine, const por_snapshot *init, const uint8_t *schedule,
                              size_t length, char **lines, por_error *err)
{
    trace_lines tl = {machine, lines};
    verdict_steps s = {.machine = machine,
                       .init = init,
                       .schedule = schedule,
                       .length = length,
                       .ctx = &tl,
                       .before = note_line};
    switch (verdict_steps_run(&s, err)) {
    case VERDICT_STEPS_DONE:
        return s.last;
    case VERDICT_STEPS_DISABLED:
        por_fail(err, POR_ERR_ARG, "step %zu of the schedule: thread %u is not enabled",
                 s.steps + 1, (unsigned)schedule[s.steps]);
        return POR_STEP_ERROR;
    case VERDICT_STEPS_NOMEM:
        por_fail(err, POR_ERR_NOMEM, "out of memory");
        return POR_STEP_ERROR;
    default:
        return POR_STEP_ERROR;
    }
}

/* True unless no schedule leads from [machine]'s current state to an end state (a livelock);
 * true too when the search for one fails. */
static bool can_finish(vm *machine)
{
    por_lts lts = explore_lts(machine);
    bool can = true;
    por_error err;
    return por_can_finish(&lts, NULL, &can, &err) != POR_OK || can;
}

/* Replays every shown violation to fill its trace and check that it reproduces. */
static bool trace_violations(verdict_run_result *r, vm *machine, const por_snapshot *init,
                             por_error *err)
{
    por_lts lts = explore_lts(machine);
    for (size_t i = 0; i < r->violation_count && i < MAX_SHOWN; i++) {
        verdict_run_violation *v = &r->violations[i];
        v->trace = base_calloc(v->length + 1, sizeof *v->trace);
        if (!v->trace) return por_fail(err, POR_ERR_NOMEM, "out of memory"), false;
        por_step_result s = replay(machine, init, v->schedule, v->length, v->trace, err);
        if (s == POR_STEP_ERROR) return false;
        v->reproduced = v->kind == VERDICT_UNCAUGHT ? s == POR_STEP_ASSERT
                        : v->kind == VERDICT_LIVELOCK
                            ? lts.ops->enabled(machine) && !can_finish(machine)
                            : !lts.ops->enabled(machine) && lts.ops->waiting(machine);
    }
    return true;
}

/* ---- Output ---------------------------------------------------------------------------------- */

/* Prints [len] bytes at [s] as a double-quoted string with C escapes. */
static void print_quoted(FILE *out, const char *s, size_t len)
{
    fputc('"', out);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\n')
            fputs("\\n", out);
        else if (c == '\t')
            fputs("\\t", out);
        else if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 32)
            fprintf(out, "\\x%02x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

/* Returns the name of classifier [c]. */
static const char *classifier_name(explore_classifier c)
{
    return c == EXPLORE_CLASSIFY_SAFE ? "safe" : "jpf";
}

/* Prints violation [v] with its schedule and trace. */
static void print_violation(FILE *out, const verdict_run_violation *v)
{
    fprintf(out, "%s\n", v->text);
    if (v->count > 1) fprintf(out, "  (reached %zu times)\n", v->count);
    char *sched = schedule_text(v->schedule, v->length);
    fprintf(out, "  schedule (%zu transitions): %s\n", v->length, sched ? sched : "?");
    base_free(sched);
    for (size_t k = 0; v->trace && k < v->length; k++) fprintf(out, "  %s\n", v->trace[k]);
    if (v->trace && !v->reproduced) fprintf(out, "  warning: the replay did not reproduce it\n");
}

/* Prints the visible set in force (safe classifier) and the races that widened it. */
static void print_visible(FILE *out, const verdict_run_options *opt, const verdict_run_result *r)
{
    if (opt->check.classifier != EXPLORE_CLASSIFY_SAFE) return;
    verdict_print_visible(out,
                          &(verdict_visible){opt->check.visible, opt->check.visible_count,
                                             (const char *const *)r->widened, r->widened_count,
                                             (const char *const *)r->races, r->race_count},
                          "program");
}

verdict_kind verdict_run_verdict(const verdict_run_result *r)
{
    return verdict_of(&r->search, r->violation_count > 0);
}

void verdict_run_print(FILE *out, const verdict_run_options *opt, const verdict_run_result *r,
                       const char *signal)
{
    fprintf(out, "porcheck run: %s (algorithm %s", opt->main, por_algo_name(opt->search.algo));
    if (opt->search.workers > 1) fprintf(out, " on %zu workers", opt->search.workers);
    fprintf(out, ", classifier %s%s)\n", classifier_name(opt->check.classifier),
            opt->search.stateless ? ", stateless" : "");
    print_visible(out, opt, r);
    verdict_print(out, &r->search, r->violation_count > 0, signal);
    fprintf(out, "outcomes (%zu):\n", r->output_count);
    for (size_t i = 0; i < r->output_count; i++) {
        fprintf(out, "  ");
        print_quoted(out, r->outputs[i].text, r->outputs[i].len);
        fprintf(out, "   [%zu end state%s]\n", r->outputs[i].count,
                r->outputs[i].count == 1 ? "" : "s");
    }
    fprintf(out, "violations (%zu):\n", r->violation_count);
    for (size_t i = 0; i < r->violation_count && i < MAX_SHOWN; i++)
        print_violation(out, &r->violations[i]);
    if (r->violation_count > MAX_SHOWN)
        fprintf(out, "... and %zu more\n", r->violation_count - MAX_SHOWN);
    verdict_print_statistics(out, &r->search);
    verdict_print_symmetry_note(out, &r->search, r->symmetry_sampled, r->symmetry_merged);
}

/* Returns violation [v] as a JSON object. */
static json_t *violation_json(const verdict_run_violation *v)
{
    char *sched = schedule_text(v->schedule, v->length);
    json_t *trace = json_array();
    for (size_t k = 0; trace && v->trace && k < v->length; k++)
        json_array_append_new(trace, json_string(v->trace[k]));
    json_t *o = json_pack("{s:s, s:s, s:I, s:s, s:o*}", "kind",
                          v->kind == VERDICT_DEADLOCK   ? "deadlock"
                          : v->kind == VERDICT_LIVELOCK ? "livelock"
                                                        : "uncaught exception",
                          "message", v->text, "count", (json_int_t)v->count, "schedule",
                          sched ? sched : "", "trace", trace);
    base_free(sched);
    return o;
}

/* Returns the [n] strings of [list] as a JSON array. */
static json_t *strings_json(char *const *list, size_t n)
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < n; i++) json_array_append_new(a, json_string(list[i]));
    return a;
}

json_t *verdict_run_json(const verdict_run_options *opt, const verdict_run_result *r)
{
    json_t *outs = json_array(), *viols = json_array();
    for (size_t i = 0; outs && i < r->output_count; i++)
        json_array_append_new(outs, json_pack("{s:s%, s:I}", "output", r->outputs[i].text,
                                              r->outputs[i].len, "end_states",
                                              (json_int_t)r->outputs[i].count));
    for (size_t i = 0; viols && i < r->violation_count; i++)
        json_array_append_new(viols, violation_json(&r->violations[i]));
    json_t *doc = json_pack(
        "{s:s, s:s, s:I, s:s, s:b, s:s, s:s, s:o*, s:o*, s:o*, s:o*, s:o*}", "main", opt->main,
        "algorithm", por_algo_name(opt->search.algo), "workers",
        (json_int_t)(opt->search.workers > 1 ? opt->search.workers : 1), "classifier",
        classifier_name(opt->check.classifier), "stateless", opt->search.stateless, "verdict",
        verdict_name(verdict_run_verdict(r)), "stop", por_stop_name(r->search.stop), "outcomes",
        outs, "violations", viols, "statistics", por_stats_json(&r->search), "widened",
        strings_json(r->widened, r->widened_count), "races", strings_json(r->races, r->race_count));
    verdict_put_symmetry_sample(doc, r->symmetry_sampled, r->symmetry_merged);
    return doc;
}

/* ---- Searching ------------------------------------------------------------------------------- */

vm *verdict_run_start(const verdict_run_options *opt, verdict_error *err)
{
    vm *machine = NULL;
    vm_error verr = {0};
    vm_options vo = opt->vm;
    vo.spurious_wakeups = true; /* a checked program may wake up without a notify */
    if (vm_new(&vo, &machine, &verr) == VM_OK &&
        vm_start(machine, opt->main, opt->argc, opt->argv, &verr) == VM_OK &&
        explore_check_begin(machine, &opt->check, &verr) == VM_OK)
        return machine;
    snprintf(err->message, sizeof err->message, "%s", verr.message);
    vm_free(machine);
    return NULL;
}

/* Appends a copy of [text] to [*list] of [*count] (room [*cap]); false when out of memory. */
static bool push_copy(char ***list, size_t *count, size_t *cap, const char *text)
{
    if (*count == *cap && !grow((void **)list, cap, *count, sizeof **list)) return false;
    char *copy = dup_bytes(text, strlen(text));
    if (!copy) return false;
    (*list)[(*count)++] = copy;
    return true;
}

/* Takes the races [machine]'s search found into [r], widening its visible set with the classes
 * they name (dotted); [*found] says whether there were any; false when out of memory. */
static bool widen(verdict_run_result *r, const vm *machine, bool *found)
{
    const explore_race *races;
    size_t n = explore_check_races(machine, &races);
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        bool known = false; /* another worker of a parallel search found it too */
        for (size_t k = 0; k < r->race_count && !known; k++)
            known = !strcmp(r->races[k], races[i].text);
        if (known) continue;
        ok = push_copy(&r->races, &r->race_count, &r->race_cap, races[i].text);
        for (size_t k = 0; k < races[i].class_count && ok; k++)
            ok = push_copy(&r->widened, &r->widened_count, &r->widened_cap, races[i].classes[k]);
    }
    for (size_t i = 0; i < r->widened_count; i++)
        for (char *p = r->widened[i]; *p; p++)
            if (*p == '/') *p = '.';
    *found = n > 0;
    return ok;
}

/* Writes why the search of [machine] could not report into [err]. */
static void search_failed(vm *machine, const observe *o, const por_error *perr, verdict_error *err)
{
    const char *msg = o->nomem                                  ? "out of memory"
                      : vm_last_error(machine)->status != VM_OK ? vm_last_error(machine)->message
                                                                : perr->message;
    snprintf(err->message, sizeof err->message, "%s", msg);
}

/* ---- Parallel workers ------------------------------------------------------------------------ */

/* Worker [i] of the workers [all], for the open function of a parallel search. */
typedef struct worker_ref {
    struct workers *all;
    size_t i;
} worker_ref;

/* The workers of a parallel search: each its own VM (the first is the caller's; the others
 * start on their own threads with [opt], or not at all when the search is over first),
 * observer and share of the result. */
typedef struct workers {
    size_t count;
    const verdict_run_options *opt;
    vm *machines[POR_MAX_MEMBERS]; /* NULL: not started */
    por_lts lts[POR_MAX_MEMBERS];
    verdict_run_result parts[POR_MAX_MEMBERS];
    observe obs_ctx[POR_MAX_MEMBERS];
    por_observer obs[POR_MAX_MEMBERS];
    worker_ref refs[POR_MAX_MEMBERS];
} workers;

/* Makes worker [i] of [w] search [machine]: its lts and its observer. */
static void worker_fill(workers *w, size_t i, vm *machine)
{
    w->machines[i] = machine;
    w->lts[i] = explore_lts(machine);
    w->obs_ctx[i] = (observe){&w->parts[i], machine, false};
    w->obs[i] = (por_observer){.ctx = &w->obs_ctx[i],
                               .final_state = on_final,
                               .assert_failed = on_assert,
                               .livelock = on_livelock};
}

/* Starts the VM of the worker [ctx] of a parallel search on its own thread (por_worker.open). */
static bool open_later(void *ctx, por_error *perr)
{
    worker_ref *r = ctx;
    verdict_error err = {{0}};
    vm *machine = verdict_run_start(r->all->opt, &err);
    if (!machine) return por_fail(perr, POR_ERR_LTS, "%s", err.message), false;
    worker_fill(r->all, r->i, machine);
    return true;
}

/* Sets up the workers of [opt] into [w]: the first searches [machine], the others start their
 * VMs when the search asks them to. */
static void workers_start(const verdict_run_options *opt, vm *machine, workers *w)
{
    w->count = opt->search.workers > 1 ? opt->search.workers : 1;
    w->opt = opt;
    worker_fill(w, 0, machine);
    for (size_t i = 0; i < w->count; i++) w->refs[i] = (worker_ref){w, i};
}

/* Frees the workers' shares and their VMs but the caller's. */
static void workers_free(workers *w)
{
    for (size_t i = 0; i < w->count; i++) {
        verdict_run_result_free(&w->parts[i]);
        if (i && w->machines[i]) vm_free(w->machines[i]);
    }
}

/* Adds every worker's share of the outputs and violations to [o]'s result. */
static void workers_merge(const workers *w, observe *o)
{
    for (size_t i = 0; i < w->count; i++) {
        const verdict_run_result *p = &w->parts[i];
        for (size_t k = 0; k < p->output_count; k++)
            add_outputs(o, p->outputs[k].text, p->outputs[k].len, p->outputs[k].count);
        for (size_t k = 0; k < p->violation_count; k++) {
            por_trace schedule = {p->violations[k].schedule, p->violations[k].length};
            add_violations(o, p->violations[k].kind, p->violations[k].text, &schedule,
                           p->violations[k].count);
        }
        o->nomem |= w->obs_ctx[i].nomem;
    }
}

/* The first worker's VM that failed, or NULL. */
static vm *workers_failed(const workers *w)
{
    for (size_t i = 0; i < w->count; i++)
        if (w->machines[i] && vm_last_error(w->machines[i])->status != VM_OK) return w->machines[i];
    return NULL;
}

/* Searches with the workers of [w], one alone or several in parallel, into [o]'s result; false
 * when the search failed. */
static bool search_workers(const verdict_run_options *opt, workers *w, observe *o, por_error *perr)
{
    bool searched;
    if (w->count > 1) {
        por_worker pw[POR_MAX_MEMBERS];
        for (size_t i = 0; i < w->count; i++) {
            pw[i] = (por_worker){.lts = &w->lts[i], .observer = &w->obs[i]};
            if (i) pw[i].open = open_later, pw[i].ctx = &w->refs[i];
        }
        searched = por_search_parallel(pw, w->count, &opt->search, &o->r->search, perr) == POR_OK;
    } else {
        por_options search = opt->search;
        search.observer = &w->obs[0];
        searched = por_search(&w->lts[0], &search, &o->r->search, perr) == POR_OK;
    }
    workers_merge(w, o);
    return searched;
}

/* Takes the races every worker's VM found into [r]; false when out of memory. */
static bool widen_all(verdict_run_result *r, const workers *w, bool *again)
{
    *again = false;
    for (size_t i = 0; i < w->count; i++) {
        bool found = false;
        if (!w->machines[i]) continue; /* the search was over before it started */
        if (!widen(r, w->machines[i], &found)) return false;
        *again |= found;
    }
    return true;
}

/* Sets [r]'s sample of heap symmetry's potential to what the workers' VMs sampled. */
static void take_symmetry_samples(const verdict_run_options *opt, verdict_run_result *r,
                                  const workers *w)
{
    r->symmetry_sampled = r->symmetry_merged = 0;
    for (size_t i = 0; i < w->count; i++)
        if (w->machines[i]) /* else the search was over before it started */
            verdict_add_symmetry_sample(w->machines[i], &opt->search, &r->symmetry_sampled,
                                        &r->symmetry_merged);
}

/* Searches [machine] (the first of workers [w]) once into [r]; sets [*again] when races
 * widened the visible set. */
static bool search_with(const verdict_run_options *opt, vm *machine, workers *w,
                        verdict_run_result *r, bool *again, verdict_error *err)
{
    observe o = {r, machine, false};
    por_lts lts = explore_lts(machine);
    por_snapshot *init = lts.ops->save(machine);
    por_error perr = {0};
    bool searched = init && search_workers(opt, w, &o, &perr);
    if (!init) por_fail(&perr, POR_ERR_NOMEM, "out of memory");
    vm *failed = workers_failed(w);
    take_symmetry_samples(opt, r, w);
    bool fine = searched && !o.nomem && !failed;
    if (fine && r->search.stop != POR_STOP_SIGNAL) {
        fine = widen_all(r, w, again);
        if (!fine) o.nomem = true;
    }
    if (fine && !*again) fine = trace_violations(r, machine, init, &perr);
    if (!fine) search_failed(failed ? failed : machine, &o, &perr, err);
    if (init) lts.ops->release(machine, init);
    return fine;
}

/* Searches [machine] (and, for a parallel search, the workers' VMs started beside it) once
 * into [r]; sets [*again] when races widened the visible set. */
static bool search_once(const verdict_run_options *opt, vm *machine, verdict_run_result *r,
                        bool *again, verdict_error *err)
{
    *again = false;
    workers *w = base_calloc(1, sizeof *w);
    if (!w) return snprintf(err->message, sizeof err->message, "out of memory"), false;
    workers_start(opt, machine, w);
    bool fine = search_with(opt, machine, w, r, again, err);
    workers_free(w);
    base_free(w);
    return fine;
}

bool verdict_run(const verdict_run_options *opt, vm *machine, verdict_run_result *out,
                 verdict_error *err)
{
    memset(out, 0, sizeof *out);
    verdict_run_options wider = *opt;
    bool again = true, ok = true;
    while (ok && again) {
        ok = search_once(&wider, machine, out, &again, err);
        vm_free(machine);
        machine = NULL;
        if (!ok || !again) break;
        forget_search(out);
        wider.check.widened = (const char *const *)out->widened;
        wider.check.widened_count = out->widened_count;
        machine = verdict_run_start(&wider, err);
        ok = machine != NULL;
    }
    return ok;
}

/* ---- One schedule ---------------------------------------------------------------------------- */

/* Prints what the end of a replayed schedule shows; returns the verdict. */
static int replay_outcome(vm *machine, por_step_result last, FILE *out)
{
    por_lts lts = explore_lts(machine);
    size_t len;
    const char *text = explore_check_output(machine, &len);
    fprintf(out, "output so far: ");
    print_quoted(out, text, len);
    fprintf(out, "\n");
    por_tset enabled = lts.ops->enabled(machine), waiting = lts.ops->waiting(machine);
    if (last == POR_STEP_ASSERT) {
        fprintf(out, "result: the last transition threw an uncaught exception\n");
        return VERDICT_VIOLATION;
    }
    if (!enabled && waiting) {
        char deadlock[8192];
        verdict_describe_deadlock(machine, waiting, VERDICT_DEADLOCK_PROGRAM, deadlock,
                                  sizeof deadlock);
        fprintf(out, "result: %s\n", deadlock);
        return VERDICT_VIOLATION;
    }
    if (enabled && !can_finish(machine)) {
        char livelock[8192];
        verdict_describe_livelock(machine, enabled, VERDICT_DEADLOCK_PROGRAM, livelock,
                                  sizeof livelock);
        fprintf(out, "result: %s\n", livelock);
        return VERDICT_VIOLATION;
    }
    fprintf(out, "result: %s\n",
            enabled ? "the schedule stops before the end (threads can still run)"
                    : "an end state, no violation");
    return VERDICT_PASS;
}

int verdict_run_replay(vm *machine, const uint8_t *schedule, size_t length, FILE *out,
                       verdict_error *err)
{
    por_snapshot *init = explore_lts(machine).ops->save(machine);
    char **lines = base_calloc(length, sizeof *lines);
    por_error perr = {0};
    por_step_result r = init && lines
                            ? replay(machine, init, schedule, length, lines, &perr)
                            : (por_fail(&perr, POR_ERR_NOMEM, "out of memory"), POR_STEP_ERROR);
    for (size_t i = 0; lines && i < length; i++)
        if (lines[i]) fprintf(out, "%s\n", lines[i]), base_free(lines[i]);
    int status = -1;
    if (r == POR_STEP_ERROR)
        snprintf(err->message, sizeof err->message, "%s", perr.message);
    else
        status = replay_outcome(machine, r, out);
    if (r == POR_STEP_ASSERT) {
        char text[8192];
        if (explore_describe_uncaught(machine, schedule[length - 1], text, sizeof text))
            fprintf(out, "%s", text);
    }
    base_free(lines);
    if (init) explore_lts(machine).ops->release(machine, init);
    return status;
}
