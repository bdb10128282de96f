/* verdict: schedules replayed as Lincheck-style interleaving tables. A replay runs the schedule
 * step by step from the initial state; before each step it asks which invocation the thread is
 * in and what the step does, and after it which invocations returned. The table has one column
 * per thread (plus "main" for the prefix and suffix); each invocation appears, with its result,
 * where its thread first reaches it, and its visible actions follow it in schedule order with
 * the source file and line of the application frame (bookkeeping steps left out; consecutive
 * steps of one thread with the same description, such as a lock call's own steps, share one
 * row with their count). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checker.h"

/* ---- Schedules ------------------------------------------------------------------------------- */

size_t verdict_schedule_format(const uint8_t *schedule, size_t length, char *buf, size_t size)
{
    base_textbuf out = base_textbuf_make(buf, size);
    for (size_t i = 0; i < length;) {
        size_t run = 1;
        while (i + run < length && schedule[i + run] == schedule[i]) run++;
        base_textbuf_printf(&out, "%s%u", i ? "," : "", schedule[i]);
        if (run > 1) base_textbuf_printf(&out, "*%zu", run);
        i += run;
    }
    return out.len;
}

size_t verdict_schedule_switches(const uint8_t *schedule, size_t length)
{
    size_t n = 0;
    for (size_t i = 1; i < length; i++) n += schedule[i] != schedule[i - 1];
    return n;
}

/* Appends [run] copies of thread [t] to [*s] (of [*n] used, [*cap] allocated). */
static bool append_run(uint8_t **s, size_t *n, size_t *cap, unsigned long t, unsigned long run)
{
    if (*n + run > *cap) {
        size_t want = (*n + run) * 2;
        uint8_t *grown = base_realloc(*s, want);
        if (!grown) return false;
        *s = grown;
        *cap = want;
    }
    memset(*s + *n, (int)t, run);
    *n += run;
    return true;
}

/* Reads one "T" or "T*N" item at [*p]; false when malformed. */
static bool read_item(const char **p, unsigned long *t, unsigned long *run)
{
    char *end;
    *t = strtoul(*p, &end, 10);
    *run = 1;
    if (end == *p || *t >= POR_MAX_THREADS || **p < '0' || **p > '9') return false;
    if (*end == '*') {
        const char *q = end + 1;
        *run = strtoul(q, &end, 10);
        if (end == q || *q < '0' || *q > '9' || *run == 0 || *run > 1000000) return false;
    }
    if ((*end && *end != ',') || (*end == ',' && !end[1])) return false;
    *p = *end ? end + 1 : end;
    return true;
}

client_status verdict_schedule_parse(const char *text, uint8_t **out, size_t *length,
                                     client_error *err)
{
    uint8_t *s = NULL;
    size_t n = 0, cap = 0;
    const char *p = text;
    while (*p) {
        unsigned long t, run;
        if (!read_item(&p, &t, &run)) {
            base_free(s);
            return client_fail(err, CLIENT_ERR_ARG, "malformed schedule '%s'", text);
        }
        if (!append_run(&s, &n, &cap, t, run)) {
            base_free(s);
            return client_fail(err, CLIENT_ERR_NOMEM, "out of memory");
        }
    }
    if (!n) return client_fail(err, CLIENT_ERR_ARG, "malformed schedule '%s'", text);
    *out = s;
    *length = n;
    return CLIENT_OK;
}

/* ---- Replaying ------------------------------------------------------------------------------- */

/* Returns the column of invocation [index] of [c] in a table laid out by begin_trace. */
static size_t column_of(const client *c, size_t index)
{
    size_t main = c->has_prefix || c->has_suffix, first = c->has_prefix ? c->prefix.count : 0;
    if (index < first) return 0;
    for (size_t t = 0; t < c->thread_count; t++) {
        if (index < first + c->threads[t].count) return main + t;
        first += c->threads[t].count;
    }
    return 0;
}

/* Names the columns of [tr] and allocates its results; false when out of memory. */
static bool begin_trace(const client *c, verdict_trace *tr)
{
    static const char *const names[] = {"T0", "T1", "T2",  "T3",  "T4",  "T5",  "T6",  "T7",
                                        "T8", "T9", "T10", "T11", "T12", "T13", "T14", "T15"};
    memset(tr, 0, sizeof *tr);
    base_arena_init(&tr->arena);
    if (c->has_prefix || c->has_suffix) tr->columns[tr->column_count++] = "main";
    for (size_t t = 0; t < c->thread_count; t++) tr->columns[tr->column_count++] = names[t];
    size_t w = c->invocation_count ? c->invocation_count : 1;
    tr->results = base_arena_alloc(&tr->arena, w * sizeof *tr->results);
    tr->returned = base_arena_alloc(&tr->arena, w * sizeof *tr->returned);
    tr->rows = base_malloc(16 * sizeof *tr->rows);
    if (tr->returned) memset(tr->returned, 0, w * sizeof *tr->returned);
    return tr->results && tr->returned && tr->rows;
}

/* Returns a copy of [a] with its location as "Class.method(File.java:line)" in [*where], both in
 * [tr]'s arena; NULL when out of memory. */
static explore_action *keep_action(verdict_trace *tr, const explore_action *a, char **where)
{
    explore_action *copy = base_arena_alloc(&tr->arena, sizeof *copy);
    if (!copy) return NULL;
    *copy = *a;
    const char *dot = strrchr(a->cls, '.');
    char buf[600];
    base_textbuf w = base_textbuf_make(buf, sizeof buf);
    base_textbuf_printf(&w, "%s.%s(%s", dot ? dot + 1 : a->cls, a->method, a->file);
    if (a->line >= 0) base_textbuf_printf(&w, ":%d", a->line);
    base_textbuf_printf(&w, ")");
    *where = base_arena_strndup(&tr->arena, buf, strlen(buf));
    return *where ? copy : NULL;
}

/* Appends a row: the header of invocation [call] (no [text]), or action [text] with its parts
 * [a] (NULL for a blocked thread's row) inside [nest] nested calls; an action the same as the
 * last row of the same column counts once more there. Returns the row's index, or -1 when out
 * of memory. */
static long add_row(verdict_trace *tr, size_t column, long call, const char *text,
                    const explore_action *a, size_t step, unsigned nest)
{
    size_t n = tr->row_count;
    verdict_trace_row *last = n ? &tr->rows[n - 1] : NULL;
    if (text && a && last && last->call < 0 && last->text && last->action &&
        last->column == column && !last->result && !last->nested_call && last->nest == nest &&
        !strcmp(last->text, text) && !strcmp(last->action->cls, a->cls) &&
        last->action->line == a->line) {
        last->repeat++;
        return (long)n - 1;
    }
    if (n >= 16 && (n & (n - 1)) == 0) {
        verdict_trace_row *rows = base_realloc(tr->rows, 2 * n * sizeof *rows);
        if (!rows) return -1;
        tr->rows = rows;
    }
    verdict_trace_row r = {column, call, NULL, NULL, NULL, NULL, step, 1, nest, false};
    if (text && !(r.text = base_arena_strndup(&tr->arena, text, strlen(text)))) return -1;
    char *where = NULL;
    if (a && !(r.action = keep_action(tr, a, &where))) return -1;
    r.where = where;
    tr->rows[tr->row_count++] = r;
    return (long)n;
}

/* A call of one thread (a library call, or a call of the structure's own method) whose result
 * a row waits for. */
typedef struct pending_call {
    long row; /* the row, or -1 */
    char returns;
    uint32_t gen; /* the call's frame (explore_action.call_gen) */
    bool split;   /* another thread's rows came between two of its steps: [row] continues it */
} pending_call;

/* The state of one replay. */
typedef struct replay {
    checker *k;
    verdict_trace *tr;
    bool headed[CLIENT_MAX_INVOCATIONS];
    harness_result buf; /* scratch for reading one result */
    size_t steps;       /* steps run */
    explore_names names;
    pending_call pending[POR_MAX_THREADS];                  /* each thread's library call */
    pending_call nested[POR_MAX_THREADS][EXPLORE_MAX_NEST]; /* its nested calls shown */
    size_t nested_count[POR_MAX_THREADS];
} replay;

/* Adds the header row of invocation [call] unless it has one; with [start] (where the method
 * starts), the row gives it. */
static bool head_at(replay *rp, size_t call, size_t step, const explore_action *start)
{
    if (rp->headed[call]) return true;
    rp->headed[call] = true;
    return add_row(rp->tr, column_of(rp->k->c, call), (long)call, NULL, start, step, 0) >= 0;
}

/* Adds the header row of invocation [call] unless it has one, without its place. */
static bool head(replay *rp, size_t call, size_t step)
{
    return head_at(rp, call, step, NULL);
}

/* Adds the headers of the invocations that returned during step [step]. */
static bool head_returned(replay *rp, size_t step)
{
    for (size_t i = 0; i < rp->k->c->invocation_count; i++)
        if (!rp->headed[i] && harness_read_result(rp->k->machine, i, &rp->buf) &&
            rp->buf.kind != HARNESS_RESULT_NONE && !head(rp, i, step))
            return false;
    return true;
}

/* Shows the [n] calls of the structure's own methods in [chain] that thread [t] (in column
 * [column]) is nested in at step [step]: the ones already shown stay, a header row opens each
 * new one (and waits for its result). False when out of memory. */
static bool open_nesting(replay *rp, uint32_t t, size_t column, const explore_action *chain,
                         size_t n, size_t step)
{
    pending_call *shown = rp->nested[t];
    size_t keep = 0;
    while (keep < n && keep < rp->nested_count[t] && shown[keep].gen == chain[keep].call_gen)
        keep++;
    for (size_t i = keep; i < n; i++) {
        long row = add_row(rp->tr, column, -1, chain[i].text, &chain[i], step, (unsigned)i);
        if (row < 0) return false;
        rp->tr->rows[row].nested_call = true;
        explore_watch_call(rp->k->machine, t, chain[i].call_depth);
        shown[i] = (pending_call){row, chain[i].returns, chain[i].call_gen, false};
    }
    rp->nested_count[t] = n;
    return true;
}

/* Describes thread [t]'s next action into [a] and the calls it is nested in into [chain]
 * (returning how many in [*n]), objects numbered in the order the rows show them; false when
 * the step shows nothing. */
static bool describe_step(replay *rp, uint32_t t, explore_action *a, explore_action *chain,
                          size_t *n)
{
    explore_names *before = base_malloc(sizeof *before);
    if (before) *before = rp->names;
    *n = harness_describe_nesting(rp->k->machine, t, &rp->names, chain); /* the rows above */
    bool shown = harness_describe_action(rp->k->machine, t, &rp->names, a) && a->text[0];
    if (!shown && before) rp->names = *before; /* a step that shows nothing names nothing */
    if (!shown) *n = 0;
    base_free(before);
    return shown;
}

/* True when [t]'s next action [a] is one more step of the library call whose row waits for its
 * result, with the same text (AtomicMarkableReference.set reads its pair, then writes it). */
static bool continues_call(const replay *rp, uint32_t t, const explore_action *a)
{
    const pending_call *p = &rp->pending[t];
    return a->call_depth >= 0 && p->row >= 0 && p->gen == a->call_gen &&
           !strcmp(rp->tr->rows[p->row].action->text, a->text);
}

/* Sets the text of row [row] of [tr] to its action followed by [part] ("begins", "ends"). */
static bool label_part(verdict_trace *tr, long row, const char *part)
{
    char text[1100];
    snprintf(text, sizeof text, "%s %s", tr->rows[row].action->text, part);
    return (tr->rows[row].text = base_arena_strndup(&tr->arena, text, strlen(text))) != NULL;
}

/* Shows step [a] (at [step], [nest] calls deep, in [column]) of thread [t]'s pending library
 * call. One call reads as one row: a step right after its row is counted there ("[2 steps]").
 * When another thread's rows came between, the call is shown as split, truthfully: its first
 * row says it "begins", the new row that it "continues", and the last one, once the call has
 * returned, that it "ends" (with the result). False when out of memory. */
static bool continue_call(replay *rp, uint32_t t, const explore_action *a, size_t column,
                          unsigned nest, size_t step)
{
    pending_call *p = &rp->pending[t];
    verdict_trace *tr = rp->tr;
    if (p->row == (long)tr->row_count - 1) {
        tr->rows[p->row].repeat++;
        return true;
    }
    if (!p->split && !label_part(tr, p->row, "begins")) return false;
    long row = add_row(tr, column, -1, a->text, a, step, nest);
    if (row < 0 || !label_part(tr, row, "continues")) return false;
    *p = (pending_call){row, p->returns, p->gen, true};
    return true;
}

/* Shows action [a] of thread [t] at [step] in [column], inside the [n] calls of [chain]. */
static bool show_action(replay *rp, uint32_t t, const explore_action *a,
                        const explore_action *chain, size_t n, size_t column, size_t step)
{
    if (!open_nesting(rp, t, column, chain, n, step)) return false;
    if (continues_call(rp, t, a)) return continue_call(rp, t, a, column, (unsigned)n, step);
    size_t before = rp->tr->row_count;
    long row = add_row(rp->tr, column, -1, a->text, a, step, (unsigned)n);
    if (row < 0) return false;
    if (a->call_depth >= 0 && rp->tr->row_count > before) {
        explore_watch_call(rp->k->machine, t, a->call_depth);
        rp->pending[t] = (pending_call){row, a->returns, a->call_gen, false};
    }
    return true;
}

/* Returns the column of thread [t], which the structure started: a column of its own named as
 * the thread, added when it first shows an action; -1 when out of memory or columns. */
static long structure_column(replay *rp, uint32_t t)
{
    verdict_trace *tr = rp->tr;
    char name[64];
    explore_thread_name(rp->k->machine, t, name, sizeof name);
    for (size_t i = 0; i < tr->column_count; i++)
        if (!strcmp(tr->columns[i], name)) return (long)i;
    if (tr->column_count == VM_MAX_THREADS) return -1;
    tr->columns[tr->column_count] = base_arena_strndup(&tr->arena, name, strlen(name));
    return tr->columns[tr->column_count] ? (long)tr->column_count++ : -1;
}

/* Records what step [step] of thread [t], which the structure started, does, before it runs. */
static bool note_structure_step(replay *rp, uint32_t t, size_t step)
{
    explore_action a, chain[EXPLORE_MAX_NEST];
    size_t n;
    if (!describe_step(rp, t, &a, chain, &n)) return true;
    long column = structure_column(rp, t);
    return column >= 0 && show_action(rp, t, &a, chain, n, (size_t)column, step);
}

/* Replay hook: records what step [step] of thread [t] does, before it runs. */
static bool note_step(void *ctx, uint32_t t, size_t step)
{
    replay *rp = ctx;
    long call = harness_call_of(rp->k->machine, t);
    por_label label;
    rp->k->lts.ops->peek(rp->k->lts.model, t, &label);
    if (label.access == POR_INVISIBLE || t >= POR_MAX_THREADS) return true;
    if (call < 0 && !harness_own_thread(rp->k->machine, t)) return note_structure_step(rp, t, step);
    if (call < 0) return true;
    explore_action a, start, chain[EXPLORE_MAX_NEST];
    size_t n;
    if (!describe_step(rp, t, &a, chain, &n)) return true;
    bool placed = harness_describe_invocation(rp->k->machine, t, &start);
    if (!head_at(rp, (size_t)call, step, placed ? &start : NULL)) return false;
    return show_action(rp, t, &a, chain, n, column_of(rp->k->c, (size_t)call), step);
}

/* Gives the row that waits for call [p] of thread [t] its result once the call returned;
 * false when out of memory. */
static bool take_result(replay *rp, uint32_t t, pending_call *p)
{
    char value[512];
    if (p->row < 0 || !explore_call_result(rp->k->machine, t, p->gen, p->returns, &rp->names, value,
                                           sizeof value))
        return true;
    if (p->split && !label_part(rp->tr, p->row, "ends")) return false;
    verdict_trace_row *r = &rp->tr->rows[p->row];
    r->result = base_arena_strndup(&rp->tr->arena, value, strlen(value));
    p->row = -1;
    return r->result != NULL;
}

/* Gives the rows that wait for [t]'s library call and nested calls their results once the
 * calls returned. */
static bool note_result(replay *rp, uint32_t t)
{
    if (t >= POR_MAX_THREADS) return true;
    bool ok = take_result(rp, t, &rp->pending[t]);
    for (size_t i = 0; ok && i < rp->nested_count[t]; i++)
        ok = take_result(rp, t, &rp->nested[t][i]);
    return ok;
}

/* Replay hook: adds the headers of the invocations that returned during step [step] of thread
 * [t] and the result of its library call; sets the end of the trace after an uncaught
 * exception. */
static bool after_step(void *ctx, uint32_t t, size_t step, por_step_result result)
{
    replay *rp = ctx;
    if (!head_returned(rp, step) || !note_result(rp, t)) return false;
    if (result != POR_STEP_ASSERT) return true;
    char text[4096];
    explore_describe_uncaught(rp->k->machine, t, text, sizeof text);
    char *nl = strchr(text, '\n');
    if (nl) *nl = '\0';
    rp->tr->end = VERDICT_END_EXCEPTION;
    rp->tr->message = base_arena_strndup(&rp->tr->arena, text, strlen(text));
    return true;
}

/* Runs the [length] steps of [schedule] from the initial state, stopping after an uncaught
 * exception, recording them in [rp]. */
static client_status run_steps(replay *rp, const uint8_t *schedule, size_t length,
                               client_error *err)
{
    verdict_steps s = {.machine = rp->k->machine,
                       .init = rp->k->init,
                       .schedule = schedule,
                       .length = length,
                       .ctx = rp,
                       .before = note_step,
                       .after = after_step,
                       .stop_at_exception = true};
    por_error perr = {0};
    verdict_steps_status st = verdict_steps_run(&s, &perr);
    rp->steps = s.steps;
    switch (st) {
    case VERDICT_STEPS_DONE:
        return CLIENT_OK;
    case VERDICT_STEPS_DISABLED:
        return client_fail(err, CLIENT_ERR_ARG, "step %zu of the schedule: thread %u cannot run",
                           s.steps + 1, (unsigned)schedule[s.steps]);
    case VERDICT_STEPS_NOMEM:
        return client_fail(err, CLIENT_ERR_NOMEM, "out of memory");
    default:
        return client_fail(err, CLIENT_ERR_OBJECT, "%s", perr.message);
    }
}

/* Adds the invocations still running at the end (with what a blocked thread waits to do, and
 * who holds the lock it waits for). */
static bool note_unfinished(replay *rp, size_t step)
{
    checker *k = rp->k;
    por_tset waiting = k->lts.ops->waiting(k->lts.model);
    uint32_t threads = vm_thread_count(k->machine);
    for (uint32_t t = 0; t < threads && t < POR_MAX_THREADS; t++) {
        long call = harness_call_of(k->machine, t);
        if (call < 0 || rp->tr->returned[call]) continue;
        if (!head(rp, (size_t)call, step)) return false;
        if (!(waiting >> t & 1)) continue;
        explore_action a, chain[EXPLORE_MAX_NEST];
        char text[1100];
        size_t n = 0, column = column_of(k->c, (size_t)call);
        bool said = t < POR_MAX_THREADS && describe_step(rp, t, &a, chain, &n);
        if (said && !open_nesting(rp, t, column, chain, n, step)) return false;
        base_textbuf out = base_textbuf_make(text, sizeof text);
        base_textbuf_printf(&out, "blocked: %s", said ? a.text : "waits");
        int owner = explore_waits_for(k->machine, t);
        char name[64];
        if (owner >= 0) explore_thread_name(k->machine, (uint32_t)owner, name, sizeof name);
        if (owner >= 0) base_textbuf_printf(&out, " (held by %s)", name);
        if (add_row(rp->tr, column, -1, text, said ? &a : NULL, step, (unsigned)n) < 0)
            return false;
    }
    return true;
}

/* The replay of [tr] stops where the threads of [enabled] can still run: makes its end a
 * livelock (described) when no schedule leads from there to an end state. */
static client_status note_livelock(checker *k, verdict_trace *tr, por_tset enabled,
                                   client_error *err)
{
    bool can = true;
    por_error perr;
    if (por_can_finish(&k->lts, NULL, &can, &perr) != POR_OK)
        return client_fail(err, perr.status == POR_ERR_NOMEM ? CLIENT_ERR_NOMEM : CLIENT_ERR_OBJECT,
                           "%s", perr.message);
    if (can) return CLIENT_OK;
    char text[4096];
    verdict_describe_livelock(k->machine, enabled, VERDICT_DEADLOCK_CLIENT, text, sizeof text);
    tr->end = VERDICT_END_LIVELOCK;
    tr->message = base_arena_strndup(&tr->arena, text, strlen(text));
    return tr->message ? CLIENT_OK : client_fail(err, CLIENT_ERR_NOMEM, "out of memory");
}

/* Reads the results at the end of the replay and how it ended. */
static client_status finish(replay *rp, client_error *err)
{
    checker *k = rp->k;
    verdict_trace *tr = rp->tr;
    size_t w = k->c->invocation_count;
    harness_result *buf = base_calloc(w ? w : 1, sizeof *buf);
    if (!buf) return client_fail(err, CLIENT_ERR_NOMEM, "out of memory");
    verdict_checker_results(k, buf, tr->results, tr->returned);
    bool ok = true;
    for (size_t i = 0; i < w && ok; i++)
        if (tr->returned[i]) ok = client_value_copy(&tr->arena, &tr->results[i], &tr->results[i]);
    base_free(buf);
    if (ok) ok = note_unfinished(rp, rp->steps);
    uint32_t threads = vm_thread_count(k->machine);
    for (uint32_t i = 0; ok && i < threads && i < VM_MAX_THREADS; i++) {
        char name[64];
        explore_thread_name(k->machine, i, name, sizeof name);
        ok = (tr->thread_names[i] = base_arena_strndup(&tr->arena, name, strlen(name))) != NULL;
        tr->thread_count = i + 1;
    }
    if (!ok) return client_fail(err, CLIENT_ERR_NOMEM, "out of memory");
    if (tr->end == VERDICT_END_EXCEPTION) return CLIENT_OK;
    por_tset enabled = k->lts.ops->enabled(k->lts.model);
    por_tset waiting = k->lts.ops->waiting(k->lts.model);
    tr->end = enabled ? VERDICT_END_RUNNING : waiting ? VERDICT_END_DEADLOCK : VERDICT_END_FINAL;
    if (tr->end == VERDICT_END_DEADLOCK)
        verdict_checker_blocked_results(k, waiting, tr->results, tr->returned);
    if (tr->end == VERDICT_END_RUNNING) {
        client_status st = note_livelock(k, tr, enabled, err);
        if (!st && tr->end == VERDICT_END_LIVELOCK) /* no invocation returns from there on */
            verdict_checker_blocked_results(k, enabled | waiting, tr->results, tr->returned);
        return st;
    }
    return CLIENT_OK;
}

client_status verdict_checker_replay(checker *k, const uint8_t *schedule, size_t length,
                                     verdict_trace *tr, client_error *err)
{
    replay *rp = base_calloc(1, sizeof *rp);
    if (!rp || !begin_trace(k->c, tr)) {
        base_free(rp);
        verdict_trace_free(tr);
        return client_fail(err, CLIENT_ERR_NOMEM, "out of memory");
    }
    rp->k = k;
    rp->tr = tr;
    for (size_t t = 0; t < POR_MAX_THREADS; t++) rp->pending[t].row = -1;
    client_status st = run_steps(rp, schedule, length, err);
    if (!st) st = finish(rp, err);
    base_free(rp);
    if (st) verdict_trace_free(tr);
    return st;
}

client_status verdict_check_replay(const client *c, const verdict_check_options *opt,
                                   const uint8_t *schedule, size_t length, verdict_trace *out,
                                   client_error *err)
{
    checker k;
    memset(out, 0, sizeof *out);
    client_status st = verdict_checker_open(c, opt, &k, err);
    if (st) return st;
    st = verdict_checker_replay(&k, schedule, length, out, err);
    verdict_checker_close(&k);
    return st;
}

void verdict_trace_free(verdict_trace *tr)
{
    base_free(tr->rows);
    base_arena_release(&tr->arena);
    memset(tr, 0, sizeof *tr);
}

/* ---- Printing -------------------------------------------------------------------------------- */

/* Writes the text of row [r] of [tr] (client [c]) into [buf]: "add(1): true (List.java:10)" for
 * a header (where the method starts, when the thread was seen in it); for an action "  read
 * head.next -> Node@3 (List.java:12)", a call with its result ("  top.compareAndSet(Node@2,
 * Node@5): false", "  find(3): Node@2") and merged steps counted, indented two more for each
 * call of the structure's own methods it is nested in; with [full] the place reads "at
 * List.add(List.java:12)". */
static void cell_text(const client *c, const verdict_trace *tr, const verdict_trace_row *r,
                      bool full, char *buf, size_t size)
{
    base_textbuf out = base_textbuf_make(buf, size);
    if (r->call < 0) {
        base_textbuf_printf(&out, "%*s%s", 2 + 2 * (int)r->nest, "", r->text);
        if (r->result && r->result[0]) base_textbuf_printf(&out, ": %s", r->result);
        if (r->repeat > 1) base_textbuf_printf(&out, " [%zu steps]", r->repeat);
    } else {
        char call[512], value[512] = "(no result)";
        client_invocation_format(c, c->order[r->call], call, sizeof call);
        if (tr->returned[r->call] || tr->results[r->call].kind == CLIENT_VAL_BLOCKED)
            client_value_format(&tr->results[r->call], value, sizeof value);
        base_textbuf_printf(&out, "%s: %s", call, value);
    }
    if (r->action && full) base_textbuf_printf(&out, " at %s", r->where);
    if (r->action && !full) {
        base_textbuf_printf(&out, " (%s", r->action->file);
        if (r->action->line >= 0) base_textbuf_printf(&out, ":%d", r->action->line);
        base_textbuf_printf(&out, ")");
    }
    if (r->action && r->action->helper[0])
        base_textbuf_printf(&out, " [%s]", full ? r->action->helper : r->action->helper_line);
}

/* Returns the length of the next line of [text] in a column [width] wide: up to the last space
 * that fits, else [width] bytes; [*next] is where the line after it starts. */
static size_t line_of(const char *text, size_t width, const char **next)
{
    size_t n = strlen(text);
    if (n <= width) return *next = text + n, n;
    size_t cut = width;
    while (cut > 0 && text[cut] != ' ') cut--;
    if (!cut) cut = width;
    *next = text + cut + (text[cut] == ' ');
    return cut;
}

/* Prints [text] in column [col] of [ncols] of widths [w], wrapped to the width, continuation
 * lines indented by 4; the other columns empty. */
static void print_cell(FILE *out, int indent, const size_t *w, size_t ncols, size_t col,
                       const char *text)
{
    bool first = true;
    do {
        size_t lead = first ? 0 : 4, width = w[col] > lead ? w[col] - lead : 1;
        const char *next;
        size_t len = line_of(text, width, &next);
        fprintf(out, "%*s|", indent, "");
        for (size_t i = 0; i < ncols; i++)
            if (i == col)
                fprintf(out, " %*s%-*.*s |", (int)lead, "", (int)(w[i] - lead), (int)len, text);
            else
                fprintf(out, " %-*s |", (int)w[i], "");
        fputc('\n', out);
        text = next;
        first = false;
    } while (*text);
}

/* Prints the separator line of a table of [ncols] columns of widths [w]. */
static void print_rule(FILE *out, int indent, const size_t *w, size_t ncols)
{
    fprintf(out, "%*s|", indent, "");
    for (size_t i = 0; i < ncols; i++) {
        for (size_t k = 0; k < w[i] + 2; k++) fputc('-', out);
        fputc('|', out);
    }
    fputc('\n', out);
}

/* Narrows the widths [w] of [ncols] columns so that the table, indented by [indent], fits
 * VERDICT_TABLE_WIDTH: columns narrower than a fair share keep their width, the others share
 * what is left (at least 16 each). */
static void fit_widths(size_t *w, size_t ncols, int indent)
{
    size_t room = VERDICT_TABLE_WIDTH - (size_t)indent - 1 - 3 * ncols, total = 0, left = ncols;
    bool kept[VM_MAX_THREADS] = {false};
    for (size_t i = 0; i < ncols; i++) total += w[i];
    if (total <= room) return;
    for (bool changed = true; changed && left;) {
        changed = false;
        for (size_t i = 0; i < ncols; i++)
            if (!kept[i] && w[i] <= room / left) {
                kept[i] = changed = true;
                room -= w[i];
                left--;
            }
    }
    for (size_t i = 0; i < ncols; i++)
        if (!kept[i]) w[i] = room / left > 16 ? room / left : 16;
}

/* Prints [tr] as a table, one column per thread. */
static void print_table(const client *c, const verdict_trace *tr, FILE *out, int indent)
{
    size_t w[VM_MAX_THREADS];
    char cell[2400];
    for (size_t i = 0; i < tr->column_count; i++) w[i] = strlen(tr->columns[i]);
    for (size_t i = 0; i < tr->row_count; i++) {
        cell_text(c, tr, &tr->rows[i], false, cell, sizeof cell);
        size_t n = strlen(cell);
        if (n > w[tr->rows[i].column]) w[tr->rows[i].column] = n;
    }
    fit_widths(w, tr->column_count, indent);
    fprintf(out, "%*s|", indent, "");
    for (size_t i = 0; i < tr->column_count; i++)
        fprintf(out, " %-*.*s |", (int)w[i], (int)w[i], tr->columns[i]);
    fputc('\n', out);
    print_rule(out, indent, w, tr->column_count);
    for (size_t i = 0; i < tr->row_count; i++) {
        cell_text(c, tr, &tr->rows[i], false, cell, sizeof cell);
        print_cell(out, indent, w, tr->column_count, tr->rows[i].column, cell);
    }
}

/* Prints [tr] as a list: one row per line, its thread first. */
static void print_list(const client *c, const verdict_trace *tr, FILE *out, int indent)
{
    char cell[2400];
    for (size_t i = 0; i < tr->row_count; i++) {
        cell_text(c, tr, &tr->rows[i], true, cell, sizeof cell);
        fprintf(out, "%*s%-4s %s\n", indent, "", tr->columns[tr->rows[i].column], cell);
    }
}

void verdict_trace_print(const client *c, const verdict_trace *tr, verdict_trace_format format,
                         FILE *out, int indent)
{
    if (format == VERDICT_TRACE_LIST) {
        print_list(c, tr, out, indent);
    } else if (format == VERDICT_TRACE_JSON) {
        json_t *j = verdict_trace_json(c, tr);
        if (j) json_dumpf(j, out, JSON_INDENT(2));
        fputc('\n', out);
        json_decref(j);
    } else {
        print_table(c, tr, out, indent);
    }
}

/* ---- JSON ------------------------------------------------------------------------------------ */

/* Returns the name of [end]. */
static const char *end_name(verdict_trace_end end)
{
    static const char *const names[] = {"final", "deadlock", "exception", "running", "livelock"};
    return names[end];
}

/* Returns the parts of action row [r] of [tr] as JSON. */
static json_t *action_json(const verdict_trace *tr, const verdict_trace_row *r)
{
    json_t *j =
        json_pack("{sssIsssIsI}", "thread", tr->columns[r->column], "step", (json_int_t)r->step,
                  "action", r->text, "repeat", (json_int_t)r->repeat, "nest", (json_int_t)r->nest);
    if (j && r->nested_call) json_object_set_new(j, "nested_call", json_true());
    const explore_action *a = r->action;
    if (!j || !a) return j;
    json_t *parts = json_pack("{sssssssssssssssi}", "kind", a->kind, "object", a->object, "field",
                              a->field, "class", a->cls, "method", a->method, "file", a->file,
                              "where", r->where, "line", a->line);
    if (parts) json_object_update(j, parts);
    json_decref(parts);
    const char *key = !strcmp(a->kind, "write")  ? "new"
                      : !strcmp(a->kind, "call") ? "args"
                                                 : "value";
    if (a->value[0] || !strcmp(a->kind, "read")) json_object_set_new(j, key, json_string(a->value));
    if (r->result) json_object_set_new(j, "result", json_string(r->result));
    if (a->helper[0]) json_object_set_new(j, "helper", json_string(a->helper));
    return j;
}

/* Returns row [r] of [tr] as JSON. */
static json_t *row_json(const client *c, const verdict_trace *tr, const verdict_trace_row *r)
{
    if (r->call < 0) return action_json(tr, r);
    char label[512];
    client_column_label(c, (size_t)r->call, label, sizeof label);
    bool has = tr->returned[r->call] || tr->results[r->call].kind == CLIENT_VAL_BLOCKED;
    json_t *result = has ? verdict_value_json(&tr->results[r->call]) : json_null();
    json_t *j = json_pack("{sssIssso?}", "thread", tr->columns[r->column], "step",
                          (json_int_t)r->step, "invocation", label, "result", result);
    const explore_action *a = r->action;
    json_t *place = j && a ? json_pack("{sssssssssi}", "class", a->cls, "method", a->method, "file",
                                       a->file, "where", r->where, "line", a->line)
                           : NULL;
    if (place) json_object_update(j, place);
    json_decref(place);
    return j;
}

json_t *verdict_trace_json(const client *c, const verdict_trace *tr)
{
    json_t *columns = json_array(), *rows = json_array();
    for (size_t i = 0; columns && i < tr->column_count; i++)
        json_array_append_new(columns, json_string(tr->columns[i]));
    for (size_t i = 0; rows && i < tr->row_count; i++)
        if (json_array_append_new(rows, row_json(c, tr, &tr->rows[i]))) break;
    json_t *j = json_pack("{sososs}", "columns", columns, "rows", rows, "end", end_name(tr->end));
    if (j && tr->message) json_object_set_new(j, "message", json_string(tr->message));
    return j;
}
