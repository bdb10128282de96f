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

/* Appends a row, or counts action [text] once more in the last row when that is the same
 * action of the same column; false when out of memory. */
static bool add_row(verdict_trace *tr, size_t column, long call, const char *text, size_t step)
{
    size_t n = tr->row_count;
    verdict_trace_row *last = n ? &tr->rows[n - 1] : NULL;
    if (text && last && last->text && last->column == column && !strcmp(last->text, text)) {
        last->repeat++;
        return true;
    }
    if (n >= 16 && (n & (n - 1)) == 0) {
        verdict_trace_row *rows = base_realloc(tr->rows, 2 * n * sizeof *rows);
        if (!rows) return false;
        tr->rows = rows;
    }
    char *copy = text ? base_arena_strndup(&tr->arena, text, strlen(text)) : NULL;
    if (text && !copy) return false;
    tr->rows[tr->row_count++] = (verdict_trace_row){column, call, copy, step, 1};
    return true;
}

/* The state of one replay. */
typedef struct replay {
    checker *k;
    verdict_trace *tr;
    bool headed[CLIENT_MAX_INVOCATIONS];
    harness_result buf; /* scratch for reading one result */
    size_t steps;       /* steps run */
} replay;

/* Adds the header row of invocation [call] unless it has one. */
static bool head(replay *rp, size_t call, size_t step)
{
    if (rp->headed[call]) return true;
    rp->headed[call] = true;
    return add_row(rp->tr, column_of(rp->k->c, call), (long)call, NULL, step);
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

/* Replay hook: records what step [step] of thread [t] does, before it runs. */
static bool note_step(void *ctx, uint32_t t, size_t step)
{
    replay *rp = ctx;
    long call = harness_call_of(rp->k->machine, t);
    por_label label;
    rp->k->lts.ops->peek(rp->k->lts.model, t, &label);
    if (call < 0 || label.access == POR_INVISIBLE) return true;
    char text[2048];
    harness_describe(rp->k->machine, t, text, sizeof text);
    if (!head(rp, (size_t)call, step)) return false;
    return !text[0] || add_row(rp->tr, column_of(rp->k->c, (size_t)call), -1, text, step);
}

/* Replay hook: adds the headers of the invocations that returned during step [step] of thread
 * [t]; sets the end of the trace after an uncaught exception. */
static bool after_step(void *ctx, uint32_t t, size_t step, por_step_result result)
{
    replay *rp = ctx;
    if (!head_returned(rp, step)) return false;
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

/* Adds the invocations still running at the end (with what a blocked thread waits to do). */
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
        char text[2048] = "blocked: ";
        harness_describe(k->machine, t, text + 9, sizeof text - 9);
        if (!text[9]) snprintf(text + 9, sizeof text - 9, "waits");
        if (!add_row(rp->tr, column_of(k->c, (size_t)call), -1, text, step)) return false;
    }
    return true;
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
    for (uint32_t i = 0; ok && i < threads && i <= CLIENT_MAX_THREADS; i++) {
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

/* Writes the text of row [r] of [tr] (client [c]) into [buf]: "add(1): true" for a header,
 * "  <action>" for an action. */
static void cell_text(const client *c, const verdict_trace *tr, const verdict_trace_row *r,
                      char *buf, size_t size)
{
    if (r->call < 0 && r->repeat > 1) {
        snprintf(buf, size, "  %s [%zu steps]", r->text, r->repeat);
        return;
    }
    if (r->call < 0) {
        snprintf(buf, size, "  %s", r->text);
        return;
    }
    size_t n = client_invocation_format(c, c->order[r->call], buf, size);
    if (n + 2 >= size) return;
    if (tr->returned[r->call] || tr->results[r->call].kind == CLIENT_VAL_BLOCKED)
        client_value_format(&tr->results[r->call], buf + n + 2, size - n - 2);
    else
        snprintf(buf + n + 2, size - n - 2, "(no result)");
    buf[n] = ':';
    buf[n + 1] = ' ';
}

/* Prints one table line: [text] in column [col] of [ncols] of widths [w], the others empty. */
static void print_line(FILE *out, int indent, const size_t *w, size_t ncols, size_t col,
                       const char *text)
{
    fprintf(out, "%*s|", indent, "");
    for (size_t i = 0; i < ncols; i++) fprintf(out, " %-*s |", (int)w[i], i == col ? text : "");
    fputc('\n', out);
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

void verdict_trace_print(const client *c, const verdict_trace *tr, FILE *out, int indent)
{
    size_t w[CLIENT_MAX_THREADS + 1];
    char cell[2400];
    for (size_t i = 0; i < tr->column_count; i++) w[i] = strlen(tr->columns[i]);
    for (size_t i = 0; i < tr->row_count; i++) {
        cell_text(c, tr, &tr->rows[i], cell, sizeof cell);
        size_t n = strlen(cell);
        if (n > w[tr->rows[i].column]) w[tr->rows[i].column] = n;
    }
    fprintf(out, "%*s|", indent, "");
    for (size_t i = 0; i < tr->column_count; i++)
        fprintf(out, " %-*s |", (int)w[i], tr->columns[i]);
    fputc('\n', out);
    print_rule(out, indent, w, tr->column_count);
    for (size_t i = 0; i < tr->row_count; i++) {
        cell_text(c, tr, &tr->rows[i], cell, sizeof cell);
        print_line(out, indent, w, tr->column_count, tr->rows[i].column, cell);
    }
}

/* ---- JSON ------------------------------------------------------------------------------------ */

/* Returns the name of [end]. */
static const char *end_name(verdict_trace_end end)
{
    static const char *const names[] = {"final", "deadlock", "exception", "running"};
    return names[end];
}

/* Returns row [r] of [tr] as JSON. */
static json_t *row_json(const client *c, const verdict_trace *tr, const verdict_trace_row *r)
{
    const char *column = tr->columns[r->column];
    if (r->call < 0)
        return json_pack("{sssIsssI}", "column", column, "step", (json_int_t)r->step, "action",
                         r->text, "repeat", (json_int_t)r->repeat);
    char label[512];
    client_column_label(c, (size_t)r->call, label, sizeof label);
    bool has = tr->returned[r->call] || tr->results[r->call].kind == CLIENT_VAL_BLOCKED;
    json_t *result = has ? verdict_value_json(&tr->results[r->call]) : json_null();
    return json_pack("{sssIssso?}", "column", column, "step", (json_int_t)r->step, "invocation",
                     label, "result", result);
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
