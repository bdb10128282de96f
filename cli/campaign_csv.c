/* porcheck campaign: the CSV file (RFC 4180 quoting, LF line ends). One row per finished run,
 * appended and flushed at once; on a rerun the rows already present are read back (key: client
 * id, algorithm, order) so only the missing runs are made. */
#define _POSIX_C_SOURCE 200809L /* truncate */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base.h"
#include "campaign.h"
#include "commands.h"

/* The columns, in order. */
static const char *const columns[] = {
    "client_id",    "client",         "algorithm",        "order",       "verdict",
    "states_new",   "states_visited", "transitions",      "retraversed", "seconds",
    "wall_seconds", "peak_rss_kb",    "peak_alloc_bytes", "timed_out",   "message",
};

enum { COLUMN_COUNT = sizeof columns / sizeof columns[0] };

/* The largest CSV file a rerun reads back (about a million rows). */
#define CSV_MAX_BYTES ((size_t)1 << 30)

/* Column positions the resume reads. */
enum { COL_ID = 0, COL_CLIENT = 1, COL_ALGO = 2, COL_ORDER = 3 };

/* A row already in the file: its key (id, algorithm, order) and its client text. */
struct campaign_done_row {
    char *key;
    char *client;
};

/* One parsed record: its fields point into a scratch buffer. */
typedef struct record {
    size_t count; /* fields found (may exceed COLUMN_COUNT) */
    const char *field[COLUMN_COUNT];
} record;

/* A position in the text of a CSV file. */
typedef struct cursor {
    const char *s;
    size_t len, pos;
} cursor;

/* How reading one record ended. */
typedef enum read_status { READ_ROW, READ_PARTIAL, READ_MALFORMED } read_status;

/* ---- Writing --------------------------------------------------------------------------------- */

/* Writes [text] as one field, quoted when it holds a comma, a quote or a line break. */
static void put_field(FILE *out, const char *text)
{
    if (!strpbrk(text, ",\"\r\n")) {
        fputs(text, out);
        return;
    }
    fputc('"', out);
    for (const char *p = text; *p; p++) {
        if (*p == '"') fputc('"', out);
        fputc(*p, out);
    }
    fputc('"', out);
}

/* Writes the header line. */
static void put_header(FILE *out)
{
    for (size_t i = 0; i < COLUMN_COUNT; i++) {
        if (i) fputc(',', out);
        put_field(out, columns[i]);
    }
    fputc('\n', out);
}

/* Writes the statistics columns of [res] (empty when check wrote no report). */
static void put_stats(FILE *out, const campaign_result *res)
{
    if (!res->has_stats) {
        fputs(",,,,", out);
        return;
    }
    fprintf(out, "%zu,%zu,%zu,%zu,%.6f", res->states_new, res->states_visited, res->transitions,
            res->retraversed, res->seconds);
}

bool campaign_csv_append(FILE *csv, const campaign_options *opt, const campaign_run *run,
                         const campaign_result *res)
{
    fprintf(csv, "%zu,", run->line);
    put_field(csv, run->client);
    fputc(',', csv);
    put_field(csv, opt->algos[run->algo]);
    fputc(',', csv);
    put_field(csv, run->order);
    fprintf(csv, ",%s,", res->verdict);
    put_stats(csv, res);
    fprintf(csv, ",%.3f,%ld,", res->wall_seconds, res->peak_rss_kb);
    if (res->has_stats) fprintf(csv, "%zu", res->peak_alloc);
    fprintf(csv, ",%d,", res->timed_out ? 1 : 0);
    put_field(csv, res->message);
    fputc('\n', csv);
    return fflush(csv) == 0 && !ferror(csv);
}

/* ---- Reading --------------------------------------------------------------------------------- */

/* Copies the quoted field at [in] (after its opening quote) to [*out]; false when the file ends
 * inside it. */
static bool read_quoted(cursor *in, char **out)
{
    for (;;) {
        if (in->pos >= in->len) return false;
        char c = in->s[in->pos++];
        if (c != '"') {
            *(*out)++ = c;
        } else if (in->pos < in->len && in->s[in->pos] == '"') {
            *(*out)++ = '"';
            in->pos++;
        } else {
            return true;
        }
    }
}

/* Copies the unquoted field at [in] to [*out]; false when it holds a quote. */
static bool read_plain(cursor *in, char **out)
{
    for (; in->pos < in->len && !strchr(",\r\n", in->s[in->pos]); in->pos++) {
        if (in->s[in->pos] == '"') return false;
        *(*out)++ = in->s[in->pos];
    }
    return true;
}

/* Reads the record at [in] into [rec], its field text into [scratch]; advances [in] past it. */
static read_status read_record(cursor *in, char *scratch, record *rec)
{
    rec->count = 0;
    for (char *out = scratch;;) {
        if (rec->count < COLUMN_COUNT) rec->field[rec->count] = out;
        rec->count++;
        bool quoted = in->pos < in->len && in->s[in->pos] == '"';
        in->pos += quoted;
        if (quoted && !read_quoted(in, &out)) return READ_PARTIAL;
        if (!quoted && !read_plain(in, &out)) return READ_MALFORMED;
        *out++ = '\0';
        if (in->pos >= in->len) return READ_PARTIAL;
        char c = in->s[in->pos++];
        if (c == ',') continue;
        if (c == '\n') return READ_ROW;
        if (c != '\r') return READ_MALFORMED;
        if (in->pos >= in->len) return READ_PARTIAL;
        return in->s[in->pos++] == '\n' ? READ_ROW : READ_MALFORMED;
    }
}

/* True when [rec] is the header this version writes. */
static bool is_header(const record *rec)
{
    if (rec->count != COLUMN_COUNT) return false;
    for (size_t i = 0; i < COLUMN_COUNT; i++)
        if (strcmp(rec->field[i], columns[i])) return false;
    return true;
}

/* Returns the key of a row: client id, algorithm and order; NULL when out of memory. */
static char *make_key(size_t line, const char *algo, const char *order)
{
    size_t len = (size_t)snprintf(NULL, 0, "%zu\t%s\t%s", line, algo, order);
    char *key = base_malloc(len + 1);
    if (key) snprintf(key, len + 1, "%zu\t%s\t%s", line, algo, order);
    return key;
}

/* Returns a copy of [s]; NULL when out of memory. */
static char *copy_text(const char *s)
{
    char *c = base_malloc(strlen(s) + 1);
    if (c) strcpy(c, s);
    return c;
}

/* Adds data row [rec] (row [n] of the file, 1-based) to [done]. */
static bool add_row(campaign_done *done, const record *rec, size_t n, char *msg)
{
    char *end;
    unsigned long long id = strtoull(rec->field[COL_ID], &end, 10);
    if (rec->count != COLUMN_COUNT || !rec->field[COL_ID][0] || *end)
        return snprintf(msg, CAMPAIGN_MSG_MAX, "row %zu: expected %d fields with a client id", n,
                        COLUMN_COUNT),
               false;
    void *grown = base_realloc(done->rows, (done->count + 1) * sizeof *done->rows);
    if (!grown) return snprintf(msg, CAMPAIGN_MSG_MAX, "out of memory"), false;
    done->rows = grown;
    struct campaign_done_row *row = &done->rows[done->count];
    row->key = make_key((size_t)id, rec->field[COL_ALGO], rec->field[COL_ORDER]);
    row->client = copy_text(rec->field[COL_CLIENT]);
    if (row->key && row->client) return done->count++, true;
    base_free(row->key);
    base_free(row->client);
    return snprintf(msg, CAMPAIGN_MSG_MAX, "out of memory"), false;
}

/* Reads the records at [in] into [done]; [*good] is the length of the complete records (a
 * partial last one, from a campaign killed mid-write, is not counted). */
static bool read_rows(cursor *in, campaign_done *done, size_t *good, char *msg)
{
    char *scratch = base_malloc(in->len + COLUMN_COUNT + 1);
    if (!scratch) return snprintf(msg, CAMPAIGN_MSG_MAX, "out of memory"), false;
    bool ok = true;
    *good = 0;
    for (size_t n = 1; ok && in->pos < in->len; n++) {
        record rec;
        read_status st = read_record(in, scratch, &rec);
        if (st == READ_PARTIAL) break;
        if (st == READ_MALFORMED)
            ok = (snprintf(msg, CAMPAIGN_MSG_MAX, "row %zu: malformed CSV", n), false);
        else if (is_header(&rec))
            ok = true; /* the first line, or one of concatenated shard files */
        else if (n == 1)
            ok = (snprintf(msg, CAMPAIGN_MSG_MAX,
                           "not a porcheck campaign CSV (the header "
                           "differs); choose another file"),
                  false);
        else
            ok = add_row(done, &rec, n, msg);
        if (ok) *good = in->pos;
    }
    base_free(scratch);
    return ok;
}

/* Reads file [path] into a new buffer [*text] of [*len] bytes; a missing file reads as empty,
 * anything but a regular file of at most CSV_MAX_BYTES (a FIFO, /dev/zero) is refused unread. */
static bool read_file(const char *path, char **text, size_t *len, char *msg)
{
    base_read_status s = base_read_file(path, CSV_MAX_BYTES, text, len);
    if (s == BASE_READ_OK || (s == BASE_READ_OPEN && errno == ENOENT)) return true;
    base_read_describe(s, CSV_MAX_BYTES, msg, CAMPAIGN_MSG_MAX);
    return false;
}

/* Orders rows by key. */
static int compare_rows(const void *a, const void *b)
{
    return strcmp(((const struct campaign_done_row *)a)->key,
                  ((const struct campaign_done_row *)b)->key);
}

/* How loading the rows of a CSV file ended. */
typedef enum load_status { LOAD_FAILED, LOAD_EMPTY, LOAD_ROWS } load_status;

/* Reads the rows of [path] into [done]; with [repair], truncates a partial last row; returns
 * LOAD_EMPTY when the file lacks even the header line. */
static load_status load_done(const char *path, campaign_done *done, bool repair, char *msg)
{
    char *text;
    size_t len, good = 0;
    bool ok = read_file(path, &text, &len, msg);
    cursor in = {text, len, 0};
    ok = ok && read_rows(&in, done, &good, msg);
    base_free(text);
    if (ok && good == 0 && len > 0)
        ok = (snprintf(msg, CAMPAIGN_MSG_MAX, "not a porcheck campaign CSV; choose another file"),
              false);
    if (ok && repair && good < len) {
        fprintf(stderr, "porcheck campaign: %s: dropping an unfinished last row\n", path);
        if (truncate(path, (off_t)good) != 0)
            ok = (snprintf(msg, CAMPAIGN_MSG_MAX, "cannot drop the unfinished last row"), false);
    }
    if (!ok) return campaign_done_free(done), LOAD_FAILED;
    if (done->count) qsort(done->rows, done->count, sizeof *done->rows, compare_rows);
    return good ? LOAD_ROWS : LOAD_EMPTY;
}

bool campaign_csv_read(const char *path, campaign_done *done, char *msg)
{
    memset(done, 0, sizeof *done);
    if (!strcmp(path, "-")) return true; /* standard output: nothing to resume */
    char why[CAMPAIGN_MSG_MAX] = "";
    if (load_done(path, done, false, why) != LOAD_FAILED) return true;
    snprintf(msg, CAMPAIGN_MSG_MAX, "%.200s: %.300s", path, why);
    return false;
}

/* Opens [path] for appending, with the header when [header]; NULL with [msg] on failure. */
static FILE *open_append(const char *path, bool header, char *msg)
{
    FILE *csv = fopen(path, "a");
    if (csv) fcntl(fileno(csv), F_SETFD, FD_CLOEXEC); /* the runs need not inherit it */
    if (!csv) {
        snprintf(msg, CAMPAIGN_MSG_MAX, "%s: cannot open for writing", path);
        return NULL;
    }
    if (header) put_header(csv);
    if (fflush(csv) == 0) return csv;
    snprintf(msg, CAMPAIGN_MSG_MAX, "%s: cannot write", path);
    fclose(csv);
    return NULL;
}

/* Opens standard output for the rows, with the header, and sends what porcheck prints on stdout
 * to stderr from now on; NULL with [msg] on failure. */
static FILE *open_stdout(char *msg)
{
    FILE *csv = cli_take_stdout();
    if (!csv) {
        snprintf(msg, CAMPAIGN_MSG_MAX, "cannot write to stdout: %s", strerror(errno));
        return NULL;
    }
    put_header(csv);
    fflush(csv);
    return csv;
}

FILE *campaign_csv_open(const char *path, campaign_done *done, char *msg)
{
    memset(done, 0, sizeof *done);
    if (!strcmp(path, "-")) return open_stdout(msg);
    char why[CAMPAIGN_MSG_MAX] = "";
    load_status st = load_done(path, done, true, why);
    if (st == LOAD_FAILED) {
        snprintf(msg, CAMPAIGN_MSG_MAX, "%.200s: %.300s", path, why);
        return NULL;
    }
    FILE *csv = open_append(path, st == LOAD_EMPTY, msg);
    if (!csv) campaign_done_free(done);
    return csv;
}

bool campaign_done_has(const campaign_done *done, const campaign_options *opt,
                       const campaign_run *run, bool *clash)
{
    *clash = false;
    if (!done->count) return false;
    struct campaign_done_row probe = {make_key(run->line, opt->algos[run->algo], run->order), 0};
    if (!probe.key) return false;
    const struct campaign_done_row *hit =
        bsearch(&probe, done->rows, done->count, sizeof *done->rows, compare_rows);
    base_free(probe.key);
    if (hit) *clash = strcmp(hit->client, run->client) != 0;
    return hit != NULL;
}

void campaign_done_free(campaign_done *done)
{
    for (size_t i = 0; i < done->count; i++) {
        base_free(done->rows[i].key);
        base_free(done->rows[i].client);
    }
    base_free(done->rows);
    memset(done, 0, sizeof *done);
}
