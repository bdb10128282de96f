/* clients: Violat-style specs and clients, the client generator, sequential objects (the ADT
 * reference models now, the implementation run in the VM later), linearizable outcomes and
 * outcome sets.
 *
 * A spec (JSON, Violat's format plus our `adt` and `visible` fields, and per method `descriptor`
 * and `adt`) names a class, its constructor arguments and its methods. A client is a bounded
 * program over one shared object: an optional sequential prefix, parallel threads of
 * invocations, an optional sequential suffix, written in Violat's schema syntax `{ add(1) } ; {
 * add(2); remove(1) } || { contains(1) } ; { size() }`. Its linearizable outcomes are the tuples of
 * results that the invocations give in some sequential order consistent with program order;
 * client_linearize enumerates them on any client_object (a small table of functions over a
 * sequential object) with state matching over (per-sequence progress, object state). */
#ifndef PORCHECK_CLIENTS_H
#define PORCHECK_CLIENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base.h"

/* ---- Status and errors ----------------------------------------------------------------------- */

/* Result of every fallible clients operation. */
typedef enum client_status {
    CLIENT_OK = 0,
    CLIENT_ERR_NOMEM,       /* the allocator hook refused memory */
    CLIENT_ERR_IO,          /* a file that cannot be read */
    CLIENT_ERR_JSON,        /* a spec that is not well-formed JSON */
    CLIENT_ERR_SPEC,        /* a spec with a missing, mistyped or unsupported field */
    CLIENT_ERR_SYNTAX,      /* a client that does not parse */
    CLIENT_ERR_METHOD,      /* an invocation of an unknown method or with the wrong arity */
    CLIENT_ERR_TYPE,        /* an argument of the wrong type or out of range */
    CLIENT_ERR_LIMIT,       /* beyond a fixed limit (threads, calls, nodes) */
    CLIENT_ERR_ARG,         /* a bad option (generator ranges, counts) */
    CLIENT_ERR_UNSUPPORTED, /* a method the sequential object does not model */
    CLIENT_ERR_OBJECT,      /* the sequential object failed (e.g. the VM reported an error) */
    CLIENT_ERR_BLOCKED,     /* an invocation run on its own waits for ever */
} client_status;

/* A caller-owned error: the status and a one-line message naming the file, JSON path or column. */
typedef struct client_error {
    client_status status;
    char message[512];
} client_error;

/* Returns the constant name of [status], e.g. "CLIENT_ERR_SYNTAX". */
const char *client_status_name(client_status status);

/* Sets [err] to [status] with a printf-style message; returns [status]. */
client_status client_fail(client_error *err, client_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- Limits ---------------------------------------------------------------------------------- */

/* Largest number of parallel threads of a client. */
#define CLIENT_MAX_THREADS 16
/* Largest number of invocations of one sequence (prefix, thread or suffix). */
#define CLIENT_MAX_CALLS 64
/* Largest number of invocations of a whole client. */
#define CLIENT_MAX_INVOCATIONS 256
/* Largest number of arguments of one method, and of elements of one collection argument. */
#define CLIENT_MAX_ARGS 16
/* Largest spec or clients file, in bytes. */
#define CLIENT_MAX_FILE ((size_t)64 << 20)

/* Refuses text [text] of [len] bytes from [origin] (a spec or clients file) when it holds a NUL or
 * another control byte but tab, LF and CR: CLIENT_ERR_SYNTAX, "ORIGIN:LINE:COLUMN: NUL byte (not
 * allowed in a text file)". */
client_status client_text_check(const char *origin, const char *text, size_t len,
                                client_error *err);

/* ---- Values ---------------------------------------------------------------------------------- */

/* What a value is: an argument of an invocation or the result of one. */
typedef enum client_value_kind {
    CLIENT_VAL_VOID = 0,  /* the result of a void method */
    CLIENT_VAL_NULL,      /* Java null */
    CLIENT_VAL_BOOL,      /* boolean or Boolean: [i] is 0 or 1 */
    CLIENT_VAL_INT,       /* int, long, Integer, Long: [i] */
    CLIENT_VAL_LIST,      /* a collection argument: [count] ints at [items] */
    CLIENT_VAL_MAP,       /* a map argument: [count] key/value pairs at [items] (2 * count ints) */
    CLIENT_VAL_TEXT,      /* a result object other than the above: its String.valueOf in [text] */
    CLIENT_VAL_EXCEPTION, /* an invocation that threw: the exception's class name in [text] */
    CLIENT_VAL_BLOCKED,   /* an invocation that waits for ever */
    CLIENT_VAL_NOT_RUN,   /* an invocation never started: its thread blocked before it */
} client_value_kind;

/* One value. Strings and items are owned by whatever holds the value (a client, an outcome set). */
typedef struct client_value {
    client_value_kind kind;
    int64_t i;            /* BOOL, INT */
    size_t count;         /* LIST: elements; MAP: pairs */
    const int64_t *items; /* LIST, MAP */
    const char *text;     /* TEXT, EXCEPTION (a Java binary name with dots) */
} client_value;

/* Orders values: by kind, then number, items or text; 0 when equal. */
int client_value_compare(const client_value *a, const client_value *b);

/* Makes [out] a copy of [v] whose items and text live in [arena]; false when out of memory. */
bool client_value_copy(base_arena *arena, const client_value *v, client_value *out);

/* Writes [v] as a client or outcome shows it (true, -3, null, void, [1,2], [0=1], a class name,
 * blocked, not run) into [buf] of [size] bytes; returns the length it needed (as snprintf). */
size_t client_value_format(const client_value *v, char *buf, size_t size);

/* ---- Specs ----------------------------------------------------------------------------------- */

/* The Java type of a parameter, as Violat's specs write it. */
typedef enum client_type_kind {
    CLIENT_TYPE_INT,        /* "int" */
    CLIENT_TYPE_LONG,       /* "long" */
    CLIENT_TYPE_BOOLEAN,    /* "boolean" */
    CLIENT_TYPE_INTEGER,    /* "java.lang.Integer": a boxed int or null */
    CLIENT_TYPE_LONG_BOXED, /* "java.lang.Long": a boxed long or null */
    CLIENT_TYPE_OBJECT,     /* "java.lang.Object": a boxed int (Violat's choice) or null */
    CLIENT_TYPE_COLLECTION, /* ["int"] / ["java.lang.Object"]: a list of ints */
    CLIENT_TYPE_MAP,        /* {"K": "V"}: a map from ints to ints */
} client_type_kind;

/* One parameter type. */
typedef struct client_type {
    client_type_kind kind;
    client_type_kind element; /* COLLECTION: element type; MAP: key type (scalar kinds only) */
    client_type_kind value;   /* MAP: value type */
} client_type;

/* Returns the JVM descriptor of [type]: "I", "J", "Z", "Ljava/lang/Integer;",
 * "Ljava/util/Collection;", "Ljava/util/Map;". */
const char *client_type_descriptor(const client_type *type);

/* Returns a readable name of [type], e.g. "int", "java.lang.Object", "[int]", "java.util.Map". */
const char *client_type_name(const client_type *type);

/* Violat's harnessParameters (0 where a field is absent). */
typedef struct client_harness_params {
    long invocations, sequences, values;
} client_harness_params;

/* One method of a spec. */
typedef struct client_method {
    const char *name;
    size_t param_count;
    const client_type *params;
    bool is_void;                  /* "void": the result is not recorded */
    bool readonly;                 /* "readonly": does not change the object */
    bool trusted;                  /* "trusted": Violat's reliable context methods */
    bool non_atomic;               /* "nonAtomic" */
    const char *visibility;        /* "visibility" ("weak", "monotonic", ...) or NULL */
    client_harness_params harness; /* per-method "harnessParameters" */
    size_t json_index;             /* its place in the spec's "methods", for messages */
    const char *descriptor;        /* "descriptor": the JVM descriptor of the overload to call
                                    * ("(Ljava/lang/Integer;)Z"), or NULL: found by its parameters */
    const char *adt_method;        /* "adt": the name of the ADT model's method this one runs as,
                                    * or NULL: its own name */
} client_method;

/* The independent reference model a spec may name (our `adt` field). */
typedef enum client_adt {
    CLIENT_ADT_NONE = 0,
    CLIENT_ADT_SET,
    CLIENT_ADT_MAP,
    CLIENT_ADT_QUEUE,
    CLIENT_ADT_DEQUE,
    CLIENT_ADT_STACK,
    CLIENT_ADT_COUNTER,
    CLIENT_ADT_REGISTER,
} client_adt;

/* Returns the spec name of [adt] ("set", ...), "none" for CLIENT_ADT_NONE. */
const char *client_adt_name(client_adt adt);

/* A loaded spec; everything it points to lives in its arena. */
typedef struct client_spec {
    const char *path;       /* the file it came from */
    const char *class_name; /* "class", dotted */
    client_adt adt;         /* "adt", CLIENT_ADT_NONE when absent */
    size_t ctor_param_count;
    const client_type *ctor_params; /* "parameters" */
    const client_value *ctor_args;  /* "default_parameters" ([ctor_param_count] values) */
    client_harness_params harness;  /* top-level "harnessParameters" */
    size_t visible_count;           /* "visible"; 0: the default rule */
    const char *const *visible;     /* class names or package prefixes, slashed binary form */
    size_t method_count;
    const client_method *methods;
    size_t warning_count;
    const char **warnings; /* one line each: "FILE: PATH: ignored (porcheck does not use it)" */
    base_arena arena;
} client_spec;

/* Loads the spec in file [path] into a new [*out]; fills [err] (naming the file and the JSON
 * path, e.g. "specs/x.json: $.methods[2].parameters[0]: unsupported type 'double'") on failure.
 * An unknown key is an error ("$.methods[0].viod: unknown key (did you mean "void"?)"); a key of
 * Violat's that porcheck does not use (nonAtomic, visibility, harnessParameters, id) is accepted
 * with a line in the spec's warnings. */
client_status client_spec_load(const char *path, client_spec **out, client_error *err);

/* Parses spec text [json] as if read from [path]; otherwise as client_spec_load. */
client_status client_spec_parse(const char *path, const char *json, client_spec **out,
                                client_error *err);

/* A buffer of [len] bytes at [data], which may hold NUL bytes. */
typedef struct client_bytes {
    const char *data;
    size_t len;
} client_bytes;

/* Parses all [json.len] bytes of spec text [json] as if read from [path]: a NUL or another
 * control byte anywhere (client_text_check) and anything after the JSON value are errors naming
 * the line and column. */
client_status client_spec_parse_bytes(const char *path, client_bytes json, client_spec **out,
                                      client_error *err);

/* Frees [spec]; NULL is ignored. */
void client_spec_free(client_spec *spec);

/* Returns the index of the method named [name] with [arity] parameters, or -1. */
long client_spec_find_method(const client_spec *spec, const char *name, size_t arity);

/* True when fields of class [binary_name] (slashed, e.g. "java/util/concurrent/Foo$Node") are
 * visible for S-POR: matched by "visible", or by default the class under test, its nested
 * classes and java/util/concurrent. */
bool client_spec_is_visible(const client_spec *spec, const char *binary_name);

/* ---- Clients --------------------------------------------------------------------------------- */

/* One invocation of a client. */
typedef struct client_invocation {
    size_t method;            /* index into the spec's methods */
    size_t arg_count;         /* the method's parameter count */
    const client_value *args; /* [arg_count] arguments */
    size_t index;             /* position in the canonical order (prefix, threads, suffix) */
    size_t column;            /* 1-based column of the method name in the source text */
} client_invocation;

/* A sequence of invocations: the prefix, one thread, or the suffix. */
typedef struct client_sequence {
    size_t count;
    const client_invocation *calls;
} client_sequence;

/* A client: optional sequential prefix, parallel threads, optional sequential suffix. Its
 * invocations are numbered in the canonical order: prefix, thread 0, thread 1, ..., suffix. */
typedef struct client {
    const client_spec *spec; /* borrowed: must outlive the client */
    bool has_prefix, has_suffix;
    client_sequence prefix, suffix;
    size_t thread_count;
    const client_sequence *threads;
    size_t invocation_count;
    const client_invocation *const *order; /* [invocation_count]: invocations by index */
    base_arena arena;
} client;

/* Where a client's text comes from, for error messages "ORIGIN:LINE:COLUMN: message". */
typedef struct client_source {
    const char *origin; /* a file name, or e.g. "--client" */
    size_t line;        /* 1-based */
} client_source;

/* Parses client [text] (one line) against [spec] into a new [*out]; fills [err] with
 * "ORIGIN:LINE:COLUMN: message" on a syntax error, an unknown method, a wrong arity or an
 * argument of the wrong type. */
client_status client_parse(const client_spec *spec, const char *text, const client_source *src,
                           client **out, client_error *err);

/* Frees [c]; NULL is ignored. */
void client_free(client *c);

/* Writes [c] in canonical schema syntax into [buf] of [size] bytes; returns the length needed.
 * client_parse reads it back to an equal client. */
size_t client_format(const client *c, char *buf, size_t size);

/* Writes [c] without its invocation of canonical index [skip] (a thread, prefix or suffix left
 * empty is dropped) into [buf] of [size] bytes, as client_format does; returns the length
 * needed, or 0 when no thread would be left. For minimising a failing client. */
size_t client_format_without(const client *c, size_t skip, char *buf, size_t size);

/* Writes invocation [inv] of [c] as "name(args)" into [buf]; returns the length needed. */
size_t client_invocation_format(const client *c, const client_invocation *inv, char *buf,
                                size_t size);

/* Writes the column label of invocation [index] of [c] ("T0.add(1)", "P.add(1)" for the
 * prefix, "S.size()" for the suffix) into [buf]; returns the length needed. */
size_t client_column_label(const client *c, size_t index, char *buf, size_t size);

/* True when every invocation of [c] is of a readonly method. */
bool client_is_read_only(const client *c);

/* A list of clients read from a clients file. */
typedef struct client_list {
    size_t count;
    client **items; /* NULL for a line that is bad input (client_list_load_rows only) */
    size_t *lines;  /* the line each client came from */
    char **errors;  /* for each NULL item its one-line error "ORIGIN:LINE:COLUMN: ..." */
} client_list;

/* Reads clients file [path] (one client per line; blank lines and '#' comments ignored) against
 * [spec] into [out]; on error names the file, line and column. */
client_status client_list_load(const client_spec *spec, const char *path, client_list *out,
                               client_error *err);

/* Parses the text of a clients file as if read from [origin]; otherwise as client_list_load. */
client_status client_list_parse(const client_spec *spec, const char *text, const char *origin,
                                client_list *out, client_error *err);

/* Reads clients file [path] as client_list_load does, except that a line that is bad input (a
 * syntax error, an unknown method, a wrong arity or type) becomes an entry with a NULL item and
 * its error message, and the lines after it are read too; fails only when the file cannot be
 * read or memory runs out. */
client_status client_list_load_rows(const client_spec *spec, const char *path, client_list *out,
                                    client_error *err);

/* Frees the clients of [list] and empties it. */
void client_list_free(client_list *list);

/* ---- Generator ------------------------------------------------------------------------------- */

/* A seeded pseudo-random generator (xoshiro256**); identical sequences on every platform. */
typedef struct client_rng {
    uint64_t s[4];
} client_rng;

/* Seeds [rng] from [seed] (through splitmix64). */
void client_rng_seed(client_rng *rng, uint64_t seed);

/* Returns the next 64 random bits. */
uint64_t client_rng_next(client_rng *rng);

/* Returns a uniform integer in [0, bound) without modulo bias; 0 when bound is 0. */
uint64_t client_rng_below(client_rng *rng, uint64_t bound);

/* Options of the random client generator (Violat's random mode). */
typedef struct client_gen_options {
    size_t min_threads, max_threads; /* threads per client, uniform in the range */
    size_t min_calls, max_calls;     /* invocations per thread, uniform per thread */
    size_t values;                   /* arguments are drawn from 0..values-1 */
    bool mutators_only;              /* only methods that are not readonly */
    uint64_t seed;
    const char *methods; /* comma-separated method names to draw from; NULL: all */
    /* Called with each new client's text [text]; setting [*keep] false discards it (the draw
     * counts as one of the attempts, and the client stays seen). NULL: every client is kept. */
    client_status (*filter)(void *ctx, const char *text, bool *keep, client_error *err);
    void *filter_ctx; /* passed to [filter] */
} client_gen_options;

/* Weight of method [m] in the generator's draw: 4 for a trusted mutator, 2 for another trusted
 * method, 1 for an untrusted one. */
unsigned client_gen_weight(const client_method *m);

/* A running generator. */
typedef struct client_gen client_gen;

/* Checks [opt] against [spec] and creates a generator in [*out]; fills [err] (CLIENT_ERR_ARG)
 * for empty ranges, too many threads or calls, a method the spec lacks, or no mutator to draw. */
client_status client_gen_new(const client_spec *spec, const client_gen_options *opt,
                             client_gen **out, client_error *err);

/* Writes the next client in schema syntax into [buf] of [size] bytes: never all read-only,
 * never a repeat of an earlier one, never one the filter discards; fills [err] when [size] is
 * too small, memory runs out, the filter fails or no new client is kept after many draws. */
client_status client_gen_next(client_gen *gen, char *buf, size_t size, client_error *err);

/* Frees [gen]; NULL is ignored. */
void client_gen_free(client_gen *gen);

/* ---- Sequential objects ---------------------------------------------------------------------- */

/* A 128-bit fingerprint of an object state. */
typedef struct client_fp {
    uint64_t lo, hi;
} client_fp;

/* A saved object state; each implementation defines its own. */
typedef struct client_snapshot client_snapshot;

/* The functions of a sequential object: one object of the class under test with one current
 * state, on which invocations run one at a time. The ADT models implement it now; the VM harness
 * implements it by running the real class sequentially. */
typedef struct client_object_ops {
    /* Makes the current state the one right after the constructor (with the spec's arguments). */
    client_status (*reset)(void *self, client_error *err);
    /* Runs [inv] of [c] on the current state and stores its result (CLIENT_VAL_VOID for a void
     * method, CLIENT_VAL_EXCEPTION with the class name when it throws, even from a void method)
     * in [out]; strings in [out] stay valid until the next call on [self]. Fails with
     * CLIENT_ERR_OBJECT when the object cannot run it (a VM error, a step budget spent),
     * CLIENT_ERR_UNSUPPORTED for a method it does not model. */
    client_status (*invoke)(void *self, const client *c, const client_invocation *inv,
                            client_value *out, client_error *err);
    /* Returns the fingerprint of the current state (equal states, equal fingerprints). */
    client_fp (*fingerprint)(const void *self);
    /* Returns a snapshot of the current state; NULL when out of memory. */
    client_snapshot *(*save)(void *self);
    /* Makes the state saved in [snap] the current one; [snap] stays valid. */
    void (*restore)(void *self, const client_snapshot *snap);
    /* Frees [snap]. */
    void (*release)(void *self, client_snapshot *snap);
    /* Frees the object and everything it owns. */
    void (*destroy)(void *self);
} client_object_ops;

/* A sequential object: its functions and the state they work on. */
typedef struct client_object {
    const client_object_ops *ops;
    void *self;
} client_object;

/* Releases [obj] through its destroy function and clears it; a cleared object is ignored. */
void client_object_free(client_object *obj);

/* Creates the ADT reference model named by [spec]'s `adt` field in [out]; fills [err]
 * (CLIENT_ERR_SPEC) when the spec names none. A method the ADT does not model fails when it is
 * invoked (CLIENT_ERR_UNSUPPORTED), naming the method. */
client_status client_adt_new(const client_spec *spec, client_object *out, client_error *err);

/* True when the ADT of [spec] models method [m] (by its name, or the one its "adt" maps it onto,
 * and its arity). */
bool client_adt_supports(const client_spec *spec, const client_method *m);

/* ---- Outcomes and outcome sets --------------------------------------------------------------- */

/* A sorted set of outcomes of one width: each outcome is the tuple of every invocation's result
 * in the client's canonical order, with a count (how many end states or linearizations gave it,
 * as the caller counts). Text form of one outcome: "(true, false, null)". */
typedef struct client_outcome_set client_outcome_set;

/* Returns a new empty set of outcomes of [width] values; NULL when out of memory. */
client_outcome_set *client_outcome_set_new(size_t width);

/* Frees [set]; NULL is ignored. */
void client_outcome_set_free(client_outcome_set *set);

/* Adds the outcome [values] ([width] of them, copied) with count [count], or adds [count] to it
 * when present. */
client_status client_outcome_set_add(client_outcome_set *set, const client_value *values,
                                     size_t count, client_error *err);

/* True when outcome [values] of [width] is a blocked outcome: some invocation waits for ever. */
bool client_outcome_is_blocked(const client_value *values, size_t width);

/* Returns the number of values of each outcome. */
size_t client_outcome_set_width(const client_outcome_set *set);

/* Returns the number of distinct outcomes. */
size_t client_outcome_set_size(const client_outcome_set *set);

/* Returns the number of distinct blocked outcomes (client_outcome_is_blocked) in [set]. */
size_t client_outcome_set_blocked(const client_outcome_set *set);

/* Returns the values of outcome [i] (in sorted order, i < size). */
const client_value *client_outcome_set_at(const client_outcome_set *set, size_t i);

/* Returns the count of outcome [i]. */
size_t client_outcome_set_count(const client_outcome_set *set, size_t i);

/* Returns the index of outcome [values] in [set], or -1. */
long client_outcome_set_find(const client_outcome_set *set, const client_value *values);

/* True when both sets hold the same outcomes (counts ignored). */
bool client_outcome_set_equal(const client_outcome_set *a, const client_outcome_set *b);

/* Writes into [out] (room for every outcome of [a]) the indices of the outcomes of [a] that [b]
 * lacks, in [a]'s order; returns how many. */
size_t client_outcome_set_missing(const client_outcome_set *a, const client_outcome_set *b,
                                  size_t *out);

/* Writes outcome [values] of [width] as "(v1, v2, ...)" into [buf]; returns the length needed. */
size_t client_outcome_format(const client_value *values, size_t width, char *buf, size_t size);

/* Writes the whole set as "{(..), (..)}" into [buf]; returns the length needed. */
size_t client_outcome_set_format(const client_outcome_set *set, char *buf, size_t size);

/* Prints [set] one outcome a line, each indented by [indent] spaces and, when [counts], followed
 * by its count. */
void client_outcome_set_print(const client_outcome_set *set, FILE *out, int indent, bool counts);

/* ---- Linearizations -------------------------------------------------------------------------- */

/* Options of client_linearize. */
typedef struct client_lin_options {
    bool stateless;   /* no state matching: walk the whole tree of linearizations */
    size_t max_nodes; /* stop with CLIENT_ERR_LIMIT beyond this many nodes; 0: no limit */
} client_lin_options;

/* What client_linearize did. */
typedef struct client_lin_stats {
    size_t nodes;       /* distinct (progress, state) nodes expanded (tree nodes when stateless) */
    size_t matched;     /* successors found already expanded (state matching hits) */
    size_t invocations; /* invocations run on the object */
    size_t restores;    /* snapshots restored */
    size_t max_set;     /* largest set of partial outcomes kept at one node */
    size_t blocked;     /* invocations that waited for ever (each ends its order there) */
} client_lin_stats;

/* One run: options in, outcomes and statistics out. */
typedef struct client_lin_run {
    client_lin_options options;
    client_outcome_set *outcomes; /* out: owned by the caller (each count is 1) */
    client_lin_stats stats;       /* out */
} client_lin_run;

/* Enumerates every linearization of [c] consistent with program order (prefix, interleavings of
 * the threads, suffix) on [obj], with state matching over (per-sequence progress, fingerprint),
 * and collects the linearizable outcomes into [run]. An invocation that waits for ever when run
 * on its own (CLIENT_ERR_BLOCKED from [obj]) ends its order; where every sequence that may run
 * next waits for ever, the results so far with those invocations CLIENT_VAL_BLOCKED and the
 * ones after them CLIENT_VAL_NOT_RUN are a blocked outcome, collected with the others. */
client_status client_linearize(const client *c, const client_object *obj, client_lin_run *run,
                               client_error *err);

/* Where two sequential objects first disagree on a client (e.g. the implementation and its
 * ADT model): the linearization prefix run, whose last invocation gave different results. */
typedef struct client_lin_diff {
    bool found;
    size_t length;                       /* invocations in [path] */
    size_t path[CLIENT_MAX_INVOCATIONS]; /* canonical indices of the invocations, in run order */
    char result_a[256], result_b[256];   /* the last invocation's results, formatted */
    size_t nodes;                        /* distinct (progress, state, state) nodes explored */
} client_lin_diff;

/* Runs every linearization of [c] on [a] and [b] side by side (state matching over (progress,
 * fingerprint of a, fingerprint of b)) and stops at the first invocation whose results differ,
 * described in [diff] (found false when they always agree). */
client_status client_lin_compare(const client *c, const client_object *a, const client_object *b,
                                 client_lin_diff *diff, client_error *err);

/* Writes [diff] as "T0.add(1), T1.remove(1): true vs false" into [buf]; returns the length
 * needed. */
size_t client_lin_diff_format(const client *c, const client_lin_diff *diff, char *buf, size_t size);

#endif
