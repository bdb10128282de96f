/* porcheck check --html: the check report as one self-contained HTML page, written from the
 * same document as --json. The page holds its style inline and no script, and links nothing
 * outside itself, so that it opens anywhere (a CI artefact, a mail) and shows the same thing.
 * Per client: the client, the expected and observed outcomes as one table, each violation's
 * interleaving as a timeline with one column per thread, the command that replays it, and the
 * search's statistics; a minimised client's report comes first, as in the text report. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include "base.h"
#include "commands.h"

/* The page's style: one colour per thread (cycled), verdict badges, timeline rows. */
static const char STYLE[] =
    "body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1200px;color:#1f2328;"
    "padding:0 16px}\n"
    "h1{font-size:22px;margin:0 0 8px}h2{font-size:18px;margin:32px 0 8px;padding-top:12px;"
    "border-top:2px solid #d0d7de}h3{font-size:15px;margin:20px 0 6px}\n"
    "code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;"
    "font-size:13px}\n"
    "pre{background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:8px 10px;"
    "white-space:pre-wrap;word-break:break-all;margin:4px 0}\n"
    "table{border-collapse:collapse;margin:4px 0}th,td{border:1px solid #d0d7de;"
    "padding:3px 8px;text-align:left;vertical-align:top}th{background:#f6f8fa}\n"
    ".badge{display:inline-block;border-radius:10px;padding:1px 10px;font-size:12px;"
    "font-weight:600;color:#fff;vertical-align:middle}\n"
    ".ok{background:#1a7f37}.violation{background:#cf222e}.incomplete{background:#9a6700}"
    ".error{background:#6e7781}\n"
    "tr.unexpected td{background:#ffebe9}tr.unobserved td{background:#fff8c5}\n"
    "td.num{text-align:right}.note{color:#57606a}.warn{color:#9a6700;font-weight:600}\n"
    "table.timeline td{min-width:220px;border-left:1px solid #d0d7de;border-right:1px solid "
    "#d0d7de;border-top:0;border-bottom:0}\n"
    "table.timeline td.step{min-width:0;color:#57606a;text-align:right}\n"
    "table.timeline tr.switch td{border-top:2px solid #8c959f}\n"
    "table.timeline td.t0{background:#ddf4ff}table.timeline td.t1{background:#dafbe1}"
    "table.timeline td.t2{background:#fbefff}table.timeline td.t3{background:#fff1e5}"
    "table.timeline td.t4{background:#ffeff7}table.timeline td.t5{background:#eaeef2}\n"
    ".call{font-weight:600}.act{padding-left:14px}"
    ".where{color:#57606a;font-size:12px;display:block}\n"
    "dl.meta{display:grid;grid-template-columns:max-content auto;gap:2px 16px;margin:8px 0}"
    "dl.meta dt{color:#57606a}dl.meta dd{margin:0}\n";

/* ---- Writing --------------------------------------------------------------------------------- */

/* Writes [text] with the characters HTML gives a meaning escaped. */
static void esc(FILE *f, const char *text)
{
    for (const char *p = text ? text : ""; *p; p++) switch (*p) {
        case '&':
            fputs("&amp;", f);
            break;
        case '<':
            fputs("&lt;", f);
            break;
        case '>':
            fputs("&gt;", f);
            break;
        case '"':
            fputs("&quot;", f);
            break;
        case '\'':
            fputs("&#39;", f);
            break;
        default:
            fputc(*p, f);
        }
}

/* Writes printf-style [fmt] with its arguments escaped as one text. */
static void escf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void escf(FILE *f, const char *fmt, ...)
{
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    esc(f, buf);
}

/* Returns the string member [key] of [o], or "" when it has none. */
static const char *str(const json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));
    return s ? s : "";
}

/* Returns the whole-number member [key] of [o], or 0. */
static json_int_t num(const json_t *o, const char *key)
{
    return json_integer_value(json_object_get(o, key));
}

/* Writes outcome value [v] as the text report writes it (true, 3, null, blocked, ...). */
static void value_text(const json_t *v, char *buf, size_t size)
{
    if (json_is_boolean(v))
        snprintf(buf, size, "%s", json_is_true(v) ? "true" : "false");
    else if (json_is_integer(v))
        snprintf(buf, size, "%lld", (long long)json_integer_value(v));
    else if (json_is_string(v))
        snprintf(buf, size, "%s", json_string_value(v));
    else if (json_is_null(v))
        snprintf(buf, size, "null");
    else if (json_object_get(v, "exception"))
        snprintf(buf, size, "%s", str(v, "exception"));
    else
        snprintf(buf, size, "%s", json_object_get(v, "blocked") ? "blocked" : "not run");
}

/* Writes the tuple [values] as "(a, b, ...)". */
static void tuple(FILE *f, const json_t *values)
{
    char buf[1024];
    fputc('(', f);
    for (size_t i = 0; i < json_array_size(values); i++) {
        value_text(json_array_get(values, i), buf, sizeof buf);
        fputs(i ? ", " : "", f);
        esc(f, buf);
    }
    fputc(')', f);
}

/* Writes a verdict badge for verdict name [v]. */
static void badge(FILE *f, const char *v)
{
    fprintf(f, "<span class=\"badge %s\">", v);
    for (const char *p = v; *p; p++) fputc(*p >= 'a' && *p <= 'z' ? *p - 32 : *p, f);
    fputs("</span>", f);
}

/* ---- Outcomes -------------------------------------------------------------------------------- */

/* Returns the entry of outcome list [outcomes] whose values equal [values], or NULL. */
static const json_t *find_outcome(const json_t *outcomes, const json_t *values)
{
    for (size_t i = 0; i < json_array_size(outcomes); i++)
        if (json_equal(json_object_get(json_array_get(outcomes, i), "values"), values))
            return json_array_get(outcomes, i);
    return NULL;
}

/* Writes one row of the outcome table: [values], whether expected, how many end states gave it
 * ([observed], of which [cycles] were livelocks' cycles). */
static void outcome_row(FILE *f, const json_t *values, bool expected, json_int_t observed,
                        json_int_t cycles)
{
    const char *cls = !expected ? "unexpected" : observed ? "" : "unobserved";
    char buf[1024];
    fprintf(f, "<tr class=\"%s\">", cls);
    for (size_t k = 0; k < json_array_size(values); k++) {
        value_text(json_array_get(values, k), buf, sizeof buf);
        fputs("<td class=\"mono\">", f);
        esc(f, buf);
        fputs("</td>", f);
    }
    char ends[64];
    snprintf(ends, sizeof ends, cycles ? "%lld (%lld cycle%s)" : "%lld", (long long)observed,
             (long long)cycles, cycles == 1 ? "" : "s");
    fprintf(f, "<td>%s</td><td class=\"num\">%s</td><td>%s</td></tr>\n", expected ? "yes" : "no",
            ends,
            !expected  ? "<b>unexpected</b>"
            : observed ? "linearizable"
                       : "never observed");
}

/* Writes the table of the expected and observed outcomes of client report [r]. */
static void outcomes(FILE *f, const json_t *r)
{
    const json_t *exp = json_object_get(json_object_get(r, "expected"), "outcomes");
    const json_t *obs = json_object_get(json_object_get(r, "observed"), "outcomes");
    const json_t *cols = json_object_get(json_object_get(r, "expected"), "columns");
    fprintf(f,
            "<h3>Outcomes</h3>\n<p class=\"note\">%zu linearizable (the expected ones), %zu "
            "observed in the end states.</p>\n<table class=\"outcomes\"><tr>",
            json_array_size(exp), json_array_size(obs));
    for (size_t k = 0; k < json_array_size(cols); k++) {
        fputs("<th class=\"mono\">", f);
        esc(f, json_string_value(json_array_get(cols, k)));
        fputs("</th>", f);
    }
    fputs("<th>expected</th><th>end states</th><th></th></tr>\n", f);
    for (size_t i = 0; i < json_array_size(obs); i++) {
        const json_t *o = json_array_get(obs, i), *values = json_object_get(o, "values");
        outcome_row(f, values, find_outcome(exp, values) != NULL, num(o, "count"),
                    num(o, "cycles"));
    }
    for (size_t i = 0; i < json_array_size(exp); i++) {
        const json_t *values = json_object_get(json_array_get(exp, i), "values");
        if (!find_outcome(obs, values)) outcome_row(f, values, true, 0, 0);
    }
    fputs("</table>\n", f);
}

/* ---- Violations ------------------------------------------------------------------------------ */

/* Returns the column of thread [name] in [columns], or 0. */
static size_t column_of(const json_t *columns, const char *name)
{
    for (size_t i = 0; i < json_array_size(columns); i++)
        if (!strcmp(json_string_value(json_array_get(columns, i)), name)) return i;
    return 0;
}

/* Writes the cell text of timeline row [row]: an invocation with its result, or an action with
 * where it happened. */
static void timeline_cell(FILE *f, const json_t *row)
{
    char buf[1024];
    if (json_object_get(row, "invocation")) {
        const char *label = str(row, "invocation"), *dot = strchr(label, '.');
        fputs("<span class=\"call mono\">", f);
        esc(f, dot ? dot + 1 : label);
        const json_t *result = json_object_get(row, "result");
        value_text(result, buf, sizeof buf);
        if (result && strcmp(buf, "void")) escf(f, ": %s", buf);
        fputs("</span>", f);
    } else {
        fprintf(f, "<div class=\"act\" style=\"padding-left:%dpx\"><span class=\"mono%s\">",
                14 * (1 + (int)num(row, "nest")),
                json_is_true(json_object_get(row, "nested_call")) ? " call" : "");
        esc(f, str(row, "action"));
        const char *result = str(row, "result");
        if (*result) escf(f, ": %s", result);
        if (num(row, "repeat") > 1) escf(f, " [%lld steps]", (long long)num(row, "repeat"));
        fputs("</span>", f);
    }
    if (*str(row, "where")) {
        fputs("<span class=\"where\">", f);
        esc(f, str(row, "where"));
        if (*str(row, "helper")) escf(f, " [%s]", str(row, "helper"));
        fputs("</span>", f);
    }
    if (!json_object_get(row, "invocation")) fputs("</div>", f);
}

/* Writes interleaving table [t] as a timeline: one row per action, in its thread's column, with
 * a heavier line where the running thread changes. */
static void timeline(FILE *f, const json_t *t)
{
    const json_t *cols = json_object_get(t, "columns"), *rows = json_object_get(t, "rows");
    size_t n = json_array_size(cols), last = (size_t)-1;
    fputs("<table class=\"timeline\"><tr><th>step</th>", f);
    for (size_t c = 0; c < n; c++) {
        fputs("<th>", f);
        esc(f, json_string_value(json_array_get(cols, c)));
        fputs("</th>", f);
    }
    fputs("</tr>\n", f);
    for (size_t i = 0; i < json_array_size(rows); i++) {
        const json_t *row = json_array_get(rows, i);
        size_t col = column_of(cols, str(row, "thread"));
        fprintf(f, "<tr%s><td class=\"step\">%lld</td>",
                last != (size_t)-1 && col != last ? " class=\"switch\"" : "",
                (long long)num(row, "step"));
        for (size_t c = 0; c < n; c++) {
            if (c != col) {
                fputs("<td></td>", f);
                continue;
            }
            fprintf(f, "<td class=\"t%zu\">", c % 6);
            timeline_cell(f, row);
            fputs("</td>", f);
        }
        fputs("</tr>\n", f);
        last = col;
    }
    fputs("</table>\n", f);
}

/* Writes the end of interleaving [t] when it is not a plain final state (a deadlock, an
 * exception, a run cut short). */
static void timeline_end(FILE *f, const json_t *t)
{
    const char *end = str(t, "end");
    if (!strcmp(end, "final") && !*str(t, "message")) return;
    const char *message = str(t, "message");
    size_t n = strlen(end);
    if (!strncmp(message, end, n) && !strncmp(message + n, ": ", 2)) message += n + 2;
    fputs("<p class=\"warn\">", f);
    escf(f, "the interleaving ends in %s", !strcmp(end, "final") ? "a final state" : end);
    if (*message) escf(f, ": %s", message);
    fputs("</p>\n", f);
}

/* Writes violation [v] (number [i] + 1): what it is, its schedule, its timeline and the command
 * that replays it. */
static void violation(FILE *f, const json_t *v, size_t i)
{
    fputs("<h3>", f);
    escf(f, "Violation %zu: %s", i + 1, str(v, "kind"));
    if (json_object_get(v, "outcome")) fputs(" ", f), tuple(f, json_object_get(v, "outcome"));
    fputs("</h3>\n", f);
    if (*str(v, "message")) fputs("<p>", f), esc(f, str(v, "message")), fputs("</p>\n", f);
    bool livelock = !strcmp(str(v, "kind"), "livelock");
    fprintf(f,
            "<p class=\"note\">%lld %s%s gave it. Schedule of %lld context switch%s "
            "(the fewest among those the search met):</p>\n<pre>",
            (long long)num(v, "count"), livelock ? "cycle" : "end state",
            num(v, "count") == 1 ? "" : "s", (long long)num(v, "context_switches"),
            num(v, "context_switches") == 1 ? "" : "es");
    esc(f, str(v, "schedule"));
    fputs("</pre>\n", f);
    const json_t *ids = json_object_get(v, "thread_ids");
    for (size_t t = 0; t < json_array_size(ids); t++) {
        fputs(t ? ", " : "<p class=\"note\">thread ids in the schedule: ", f);
        escf(f, "%zu = %s", t, json_string_value(json_array_get(ids, t)));
    }
    if (json_array_size(ids)) fputs("</p>\n", f);
    const json_t *t = json_object_get(v, "table");
    if (t) timeline(f, t), timeline_end(f, t);
    if (t && !json_is_true(json_object_get(v, "reproduced")))
        fputs("<p class=\"warn\">warning: the replay did not reproduce the violation</p>\n", f);
    if (!*str(v, "replay")) return;
    fputs("<p>Replay it (prints this interleaving):</p>\n<pre class=\"replay\">", f);
    esc(f, str(v, "replay"));
    fputs("</pre>\n", f);
}

/* ---- Clients --------------------------------------------------------------------------------- */

/* Writes the statistics [s] of a search as a two-column table, leaving out zero counters. */
static void statistics(FILE *f, const json_t *s)
{
    fputs("<h3>Statistics</h3>\n<table class=\"stats\">", f);
    fputs("<tr><td>search</td><td>", f);
    esc(f, str(s, "stop"));
    fputs("</td></tr>", f);
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)s, key, value)
    {
        const char *caption = por_stats_caption(key);
        if (!caption || (json_is_integer(value) && !json_integer_value(value))) continue;
        fputs("<tr><td>", f);
        esc(f, caption);
        if (json_is_real(value))
            fprintf(f, "</td><td class=\"num\">%.3f</td></tr>", json_real_value(value));
        else
            fprintf(f, "</td><td class=\"num\">%lld</td></tr>",
                    (long long)json_integer_value(value));
    }
    fputs("</table>\n", f);
}

/* Writes the members of portfolio [p] (a client report's "portfolio"): how each ended, the one
 * that gives the verdict marked. */
static void portfolio(FILE *f, const json_t *p)
{
    const json_t *members = json_object_get(p, "members");
    if (!json_array_size(members)) return;
    fputs("<h3>Portfolio</h3>\n<p class=\"note\">The members searched at once; the first to end "
          "with a verdict gives the report above.</p>\n<table class=\"stats\"><tr><th>member"
          "</th><th>stop</th><th>states</th><th>transitions</th><th>time (s)</th></tr>\n",
          f);
    for (size_t i = 0; i < json_array_size(members); i++) {
        const json_t *m = json_array_get(members, i), *st = json_object_get(m, "statistics");
        bool won = !strcmp(str(m, "member"), str(p, "winner"));
        fputs(won ? "<tr class=\"unobserved\"><td><b>" : "<tr><td>", f);
        esc(f, str(m, "member"));
        fputs(won ? " (verdict)</b></td><td>" : "</td><td>", f);
        const char *stop = str(st, "stop");
        esc(f, json_is_false(json_object_get(m, "started")) ? "not started"
               : json_is_true(json_object_get(m, "failed")) ? "failed"
               : !strcmp(stop, "signal")                    ? "stopped"
                                                            : stop);
        if (!json_is_object(st)) /* failed or not started: it counted nothing */
            fputs("</td><td class=\"num\">-</td><td class=\"num\">-</td><td class=\"num\">-</td>"
                  "</tr>\n",
                  f);
        else
            fprintf(f,
                    "</td><td class=\"num\">%lld</td><td class=\"num\">%lld</td>"
                    "<td class=\"num\">%.3f</td></tr>\n",
                    (long long)num(st, "states_new"), (long long)num(st, "transitions"),
                    json_real_value(json_object_get(st, "seconds")));
    }
    fputs("</table>\n", f);
}

/* Writes the note on the deep path a search stopped on whose end one thread took ([path]: the
 * statistics' stop_path, or NULL), as the text report's verdict line notes it. */
static void stop_path_note(FILE *f, const json_t *path)
{
    size_t depth = (size_t)num(path, "depth"), steps = (size_t)num(path, "steps");
    size_t window = (size_t)num(path, "window");
    const char *where = str(path, "where");
    if (!verdict_stop_path_noted(depth, steps, window, where)) return;
    fputs("<p class=\"note\">", f);
    escf(f, "It stopped on a path %zu transitions deep, %zu of whose last %zu are one thread's: %s",
         depth, steps, window, where);
    fputs("</p>\n", f);
}

/* Writes the note that --heap-symmetry may finish sooner when [sample] (the report's
 * symmetry_sample, or NULL) says so, as the text report does. */
static void symmetry_note(FILE *f, const json_t *sample)
{
    if (!sample) return;
    uint64_t states = (uint64_t)num(sample, "states"), merged = (uint64_t)num(sample, "merged");
    if (!verdict_symmetry_noted(states, merged)) return;
    fputs("<p class=\"note\">", f);
    escf(f,
         "--heap-symmetry may finish sooner: of %" PRIu64 " states sampled (1 in 256), %" PRIu64
         " equal another sampled one but for the names of their objects, and it explores such "
         "states as one.",
         states, merged);
    fputs("</p>\n", f);
}

/* Writes the notes of client report [r] that qualify its verdict: an incomplete search, a
 * first-error stop, expected outcomes never observed, races that widened the visible set. */
static void qualifiers(FILE *f, const json_t *r)
{
    const char *stop = str(json_object_get(r, "statistics"), "stop");
    if (!strcmp(stop, "first-error")) {
        fputs("<p class=\"note\">The search stopped at the first violation (--first-error): "
              "other outcomes may exist.</p>\n",
              f);
    } else if (strcmp(stop, "complete")) {
        fputs("<p class=\"warn\">", f);
        escf(f, "The search was stopped by %s%s: not every interleaving was explored.",
             strcmp(stop, "signal") ? "--" : "a ", stop);
        fputs("</p>\n", f);
        stop_path_note(f, json_object_get(json_object_get(r, "statistics"), "stop_path"));
        symmetry_note(f, json_object_get(r, "symmetry_sample"));
    }
    if (json_array_size(json_object_get(r, "unobserved")))
        fputs("<p class=\"warn\">Some linearizable outcomes were never observed although the "
              "search was complete: porcheck missed interleavings (please report it).</p>\n",
              f);
    const json_t *races = json_object_get(json_object_get(r, "visible"), "races");
    for (size_t i = 0; i < json_array_size(races); i++) {
        fputs("<p class=\"note\">race (the visible set was widened): ", f);
        esc(f, json_string_value(json_array_get(races, i)));
        fputs("</p>\n", f);
    }
}

/* Writes client report [r] under heading [title] (an id [anchor]). */
static void client_report(FILE *f, const json_t *r, const char *title, const char *anchor)
{
    fprintf(f, "<section id=\"%s\">\n<h2>", anchor);
    esc(f, title);
    fputs(" ", f);
    badge(f, str(r, "verdict"));
    fputs("</h2>\n", f);
    if (*str(r, "client")) {
        fputs("<pre class=\"client\">", f);
        esc(f, str(r, "client"));
        fputs("</pre>\n", f);
    }
    if (!strcmp(str(r, "verdict"), "error")) {
        fputs("<p class=\"warn\">", f), esc(f, str(r, "message")), fputs("</p>\n</section>\n", f);
        return;
    }
    qualifiers(f, r);
    outcomes(f, r);
    const json_t *viols = json_object_get(r, "violations");
    for (size_t i = 0; i < json_array_size(viols); i++) violation(f, json_array_get(viols, i), i);
    statistics(f, json_object_get(r, "statistics"));
    portfolio(f, json_object_get(r, "portfolio"));
    fputs("</section>\n", f);
}

/* Writes client [i]'s reports: the minimised client's first when there is one. */
static void client_reports(FILE *f, const json_t *r, size_t i)
{
    char title[128], anchor[64];
    const json_t *m = json_object_get(r, "minimised_report");
    if (m) {
        snprintf(title, sizeof title, "Client %zu, minimised", i + 1);
        snprintf(anchor, sizeof anchor, "client-%zu", i + 1);
        client_report(f, m, title, anchor);
        fputs("<p class=\"note\">The smallest client found that still fails (invocations "
              "removed one at a time while a violation remained). The original client:</p>\n",
              f);
    }
    snprintf(title, sizeof title, "Client %zu (line %lld)", i + 1, (long long)num(r, "line"));
    snprintf(anchor, sizeof anchor, "client-%zu%s", i + 1, m ? "-original" : "");
    client_report(f, r, title, anchor);
}

/* ---- The page -------------------------------------------------------------------------------- */

/* Writes the page's head and title block: the class, the run's settings and the summary. */
static void page_head(FILE *f, const json_t *doc)
{
    const json_t *sum = json_object_get(doc, "summary");
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>", f);
    escf(f, "porcheck check: %s", str(doc, "class"));
    fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>porcheck check: <code>", STYLE);
    esc(f, str(doc, "class"));
    fputs("</code></h1>\n<dl class=\"meta\">", f);
    static const char *const keys[] = {"spec", "jar", "algorithm", "classifier", "oracle"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        fprintf(f, "<dt>%s</dt><dd class=\"mono\">", keys[i]), esc(f, str(doc, keys[i])),
            fputs("</dd>", f);
    fputs("<dt>summary</dt><dd>", f);
    escf(f,
         "%lld client%s: %lld ok, %lld with a violation, %lld incomplete, "
         "%lld error%s",
         (long long)num(sum, "clients"), num(sum, "clients") == 1 ? "" : "s",
         (long long)num(sum, "ok"), (long long)num(sum, "violations"),
         (long long)num(sum, "incomplete"), (long long)num(sum, "errors"),
         num(sum, "errors") == 1 ? "" : "s");
    if (num(sum, "not_checked"))
        escf(f, ", %lld not checked (stopped by %s)", (long long)num(sum, "not_checked"),
             str(doc, "signal"));
    fputs("</dd></dl>\n", f);
}

/* Writes the index of the clients: one line each with its verdict, linking to its report. */
static void page_index(FILE *f, const json_t *clients)
{
    if (json_array_size(clients) < 2) return;
    fputs("<table class=\"index\"><tr><th>#</th><th>client</th><th>verdict</th></tr>\n", f);
    for (size_t i = 0; i < json_array_size(clients); i++) {
        const json_t *r = json_array_get(clients, i);
        fprintf(f, "<tr><td><a href=\"#client-%zu\">%zu</a></td><td class=\"mono\">", i + 1, i + 1);
        esc(f, *str(r, "client") ? str(r, "client") : str(r, "message"));
        fputs("</td><td>", f);
        badge(f, str(r, "verdict"));
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
}

bool cli_write_html(const char *command, const char *path, FILE *f, const json_t *doc)
{
    errno = 0;
    if (doc) {
        page_head(f, doc);
        const json_t *clients = json_object_get(doc, "clients");
        page_index(f, clients);
        for (size_t i = 0; i < json_array_size(clients); i++)
            client_reports(f, json_array_get(clients, i), i);
        fputs("<p class=\"note\">Written by porcheck check --html.</p>\n</body>\n</html>\n", f);
    }
    return cli_close_output(command, path, f, !doc, !doc);
}
