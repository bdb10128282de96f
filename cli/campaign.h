/* porcheck campaign internals: the settings, the plan of runs (clients x algorithms x orders,
 * sharded), the CSV file (schema, resume) and the child processes that run porcheck check. */
#ifndef PORCHECK_CLI_CAMPAIGN_H
#define PORCHECK_CLI_CAMPAIGN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Bytes of an order name ("seq:0,1,2,3" or "random:SEED") with its NUL. */
enum { CAMPAIGN_ORDER_MAX = 256 };

/* Bytes of the message of an error (one line) with its NUL. */
enum { CAMPAIGN_MSG_MAX = 512 };

/* The command-line settings of a campaign. */
typedef struct campaign_options {
    const char *jar, *spec, *clients, *csv;
    const char *orders;    /* seq:all, random:K or a list of order specs */
    const char **algos;    /* [algo_count] algorithm names, validated, as the CSV writes them */
    const char **searches; /* [algo_count] check's --algo of each (no "+symmetry") */
    const bool *symmetric; /* [algo_count] whether each runs with --heap-symmetry */
    size_t algo_count;
    bool first_error;        /* pass --first-error to every run */
    bool heap_symmetry;      /* --heap-symmetry: every algorithm of --algos is A+symmetry */
    const char *visible;     /* pass --visible to every run of a safe-classifier algorithm */
    uint32_t max_threads;    /* pass --max-threads to every run (0: check's default) */
    bool dry_run;            /* list the runs still to make instead of making them */
    double timeout;          /* seconds per run */
    double max_memory_mb;    /* per run; 0 when none */
    size_t jobs;             /* runs at once */
    size_t shard_k, shard_n; /* this shard is K of N (1-based); 1/1 when unsharded */
    const char *self;        /* the porcheck executable the runs execute */
} campaign_options;

/* One run: one client under one algorithm and one enumeration order. */
typedef struct campaign_run {
    size_t line;                    /* the client's line in the clients file: its id */
    const char *client;             /* canonical client text, owned by the plan */
    size_t algo;                    /* index into campaign_options.algos */
    char order[CAMPAIGN_ORDER_MAX]; /* in check's --order syntax */
} campaign_run;

/* The runs of this shard, in the campaign's fixed order. */
typedef struct campaign_plan {
    size_t count;       /* runs of this shard */
    size_t total;       /* runs of the whole campaign (every shard) */
    campaign_run *runs; /* [count] */
    size_t text_count;
    char **texts; /* [text_count] canonical client texts the runs point to */
} campaign_plan;

/* The order names of one expansion of --orders. */
typedef struct campaign_orders {
    size_t count;
    char (*names)[CAMPAIGN_ORDER_MAX]; /* [count] */
} campaign_orders;

/* What a finished run measured; the statistics are valid only when [has_stats]. */
typedef struct campaign_result {
    const char *verdict; /* ok, violation, timeout, out-of-memory or error */
    bool has_stats;      /* check wrote its JSON report */
    size_t states_new, states_visited, transitions, retraversed;
    double seconds;                 /* search time from check's report */
    double wall_seconds;            /* the child process's wall-clock time */
    long peak_rss_kb;               /* ru_maxrss from wait4 */
    size_t peak_alloc;              /* check's peak bytes held by its allocator (the search) */
    bool timed_out;                 /* the search or the process hit --timeout */
    char message[CAMPAIGN_MSG_MAX]; /* why a run is an error, else empty */
} campaign_result;

/* The rows a CSV file already holds, for resuming. */
typedef struct campaign_done {
    size_t count;
    struct campaign_done_row *rows; /* sorted by key */
} campaign_done;

/* Totals of one algorithm (or of everything) for the summary. */
typedef struct campaign_totals {
    size_t rows, ok, violations, timeouts, out_of_memory, errors;
    double seconds; /* sum of the runs' wall-clock times */
} campaign_totals;

/* ---- Plan (campaign_plan.c) ------------------------------------------------------------------ */

/* Parses shard [text] "K/N" into [k] and [n]; false unless 1 <= K <= N. */
bool campaign_shard_parse(const char *text, size_t *k, size_t *n);

/* Expands --orders [spec] for a client of [threads] threads into [out]; false with [msg] when
 * [spec] is malformed. */
bool campaign_orders_expand(const char *spec, size_t threads, campaign_orders *out, char *msg);

/* Frees the names of [orders]. */
void campaign_orders_free(campaign_orders *orders);

/* Loads the spec and clients of [opt] and lists the runs of its shard into [plan]; false with
 * [msg] on bad input. */
bool campaign_plan_build(const campaign_options *opt, campaign_plan *plan, char *msg);

/* Frees [plan]. */
void campaign_plan_free(campaign_plan *plan);

/* ---- CSV (campaign_csv.c) -------------------------------------------------------------------- */

/* Reads the rows already in CSV [path] into [done] and opens it for appending (writing the header
 * when it is new or empty, dropping a partial last row); "-" is standard output (no rows to
 * skip; what porcheck prints on stdout goes to stderr from then on); NULL with [msg] on failure. */
FILE *campaign_csv_open(const char *path, campaign_done *done, char *msg);

/* Reads the rows already in CSV [path] (none when it does not exist, or for "-") into [done]
 * without changing the file; false with [msg] when it is not a campaign CSV. */
bool campaign_csv_read(const char *path, campaign_done *done, char *msg);

/* True when [done] holds the row of [run] (same client id, algorithm and order); sets [*clash]
 * when that row names another client text. */
bool campaign_done_has(const campaign_done *done, const campaign_options *opt,
                       const campaign_run *run, bool *clash);

/* Frees [done]. */
void campaign_done_free(campaign_done *done);

/* Appends the row of [run] with [res] to [csv] and flushes it; false on a write error. */
bool campaign_csv_append(FILE *csv, const campaign_options *opt, const campaign_run *run,
                         const campaign_result *res);

/* ---- Child processes (campaign_exec.c) ------------------------------------------------------- */

/* The runs one campaign_execute call makes and where their results go. */
typedef struct campaign_batch {
    const campaign_run *const *runs; /* [count] */
    size_t count;
    FILE *csv;               /* each finished run appends its row */
    campaign_totals *totals; /* [algo_count] + 1 entries, the last for every algorithm */
} campaign_batch;

/* Makes the runs of [batch] as up to --jobs child processes, appending a row and adding to the
 * totals as each finishes; returns 0, or the signal that interrupted the campaign, or -1 with
 * [msg] on a system failure. */
int campaign_execute(const campaign_options *opt, const campaign_batch *batch, char *msg);

#endif
