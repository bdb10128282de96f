/* verdict: porcheck check on one client. The expected outcomes come from the implementation
 * oracle (or the ADT model); then the client runs in porcheck's VM as a transition system (the
 * harness: one thread per client thread on one shared object) and a search of por/ explores its
 * interleavings. Each new end state's outcome (the results the harness recorded) is counted and
 * checked against the expected set (an end state where threads are blocked gives an outcome
 * whose blocked invocations are marked so, and the ones never started not run); an unexpected
 * outcome, a deadlock that no expected blocked outcome explains, or an uncaught exception is a
 * violation, kept with the first schedule that reached it and replayed into an
 * interleaving table. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "checker.h"

/* ---- Options --------------------------------------------------------------------------------- */

verdict_classifier verdict_classifier_for(por_algo algo, verdict_classifier requested)
{
    if (requested != VERDICT_CLASSIFY_DEFAULT) return requested;
    bool jpf = algo == POR_ALGO_JPF || algo == POR_ALGO_DE_JPF || algo == POR_ALGO_DL_JPF ||
               por_algo_is_dpor(algo);
    return jpf ? VERDICT_CLASSIFY_JPF : VERDICT_CLASSIFY_SAFE;
}

explore_classifier verdict_vm_classifier(verdict_classifier c)
{
    return c == VERDICT_CLASSIFY_JPF ? EXPLORE_CLASSIFY_JPF : EXPLORE_CLASSIFY_SAFE;
}

verdict_classifier verdict_check_classifier(const verdict_check_options *opt)
{
    return verdict_classifier_for(opt->search.algo, opt->classifier);
}

const char *verdict_classifier_name(verdict_classifier classifier)
{
    return classifier == VERDICT_CLASSIFY_JPF ? "jpf" : "safe";
}

/* ---- The VM ---------------------------------------------------------------------------------- */

/* Returns the threads [c]'s program may have under [opt]: its --max-threads, else the harness's
 * main and client threads and VERDICT_STRUCTURE_THREADS for the structure's own. */
static uint32_t thread_budget(const client *c, const verdict_check_options *opt)
{
    uint32_t harness = (uint32_t)c->thread_count + 1;
    if (opt->max_threads) return opt->max_threads;
    return harness + VERDICT_STRUCTURE_THREADS < VM_MAX_THREADS
               ? harness + VERDICT_STRUCTURE_THREADS
               : VM_MAX_THREADS;
}

/* Fills [err] when the --max-threads of [opt] leaves no room for the harness of [c]. */
static client_status check_thread_budget(const client *c, const verdict_check_options *opt,
                                         client_error *err)
{
    size_t n = c->thread_count;
    if (!opt->max_threads || opt->max_threads > n) return CLIENT_OK;
    return client_fail(err, CLIENT_ERR_LIMIT,
                       "--max-threads %u is too small: the harness runs %zu threads (main and %zu "
                       "client thread%s) before the structure starts any",
                       opt->max_threads, n + 1, n, n == 1 ? "" : "s");
}

/* Fills [out] with the checker options of [opt] for [c]: the visible set is [opt]'s, else the
 * spec's, else every class. */
static void check_options(const client *c, const verdict_check_options *opt,
                          explore_check_options *out)
{
    const client_spec *spec = c->spec;
    memset(out, 0, sizeof *out);
    out->classifier = verdict_vm_classifier(verdict_check_classifier(opt));
    out->max_threads = thread_budget(c, opt);
    out->main_ends = true; /* the client is finished: the structure's own threads stop */
    out->heap_symmetry = opt->heap_symmetry;
    out->exact = opt->exact_states;
    out->visible = opt->visible_count ? opt->visible : spec->visible;
    out->visible_count = opt->visible_count ? opt->visible_count : spec->visible_count;
    out->widened = opt->widened;
    out->widened_count = opt->widened_count;
}

/* Creates the VM of [k] with the harness of [hc] started and turned into a transition
 * system. */
static client_status start_vm(checker *k, const verdict_check_options *opt,
                              const harness_client *hc, client_error *err)
{
    vm_options vo;
    harness_vm_options(&opt->impl, &vo);
    vo.preinit = opt->preinit;
    vo.preinit_count = opt->preinit_count;
    vo.spurious_wakeups = true; /* the oracle's sequential runs never wake up so */
    explore_check_options co;
    check_options(k->c, opt, &co);
    vm_error verr = {0};
    if (vm_new(&vo, &k->machine, &verr) != VM_OK ||
        harness_start(k->machine, &hc->hc, &verr) != VM_OK ||
        explore_check_begin(k->machine, &co, &verr) != VM_OK)
        return harness_vm_error(&verr, err);
    return CLIENT_OK;
}

client_status verdict_checker_open(const client *c, const verdict_check_options *opt, checker *k,
                                   client_error *err)
{
    memset(k, 0, sizeof *k);
    k->c = c;
    client_status st = check_thread_budget(c, opt, err);
    if (st) return st;
    harness_client hc;
    st = harness_client_init(c, &hc, err);
    if (st) return st;
    st = start_vm(k, opt, &hc, err);
    harness_client_free(&hc);
    if (!st) {
        k->lts = explore_lts(k->machine);
        k->init = k->lts.ops->save(k->lts.model);
        if (!k->init) st = client_fail(err, CLIENT_ERR_NOMEM, "out of memory");
    }
    if (st) verdict_checker_close(k);
    return st;
}

void verdict_checker_close(checker *k)
{
    if (k->init) k->lts.ops->release(k->lts.model, k->init);
    vm_free(k->machine);
    memset(k, 0, sizeof *k);
}

size_t verdict_checker_results(const checker *k, harness_result *buf, client_value *values,
                               bool *returned)
{
    size_t n = 0;
    for (size_t i = 0; i < k->c->invocation_count; i++) {
        bool ok = harness_read_result(k->machine, i, &buf[i]) && harness_value(&buf[i], &values[i]);
        if (returned) returned[i] = ok;
        n += ok;
    }
    return n;
}

/* Fills [err] with the VM error of [k]; a program that started more threads than its budget
 * gets the budget named with what it holds and the option that raises it. */
static client_status vm_failure(const checker *k, client_error *err)
{
    const vm_error *e = vm_last_error(k->machine);
    uint32_t budget = explore_check_threads(k->machine);
    if (e->status != VM_ERR_LIMIT || vm_thread_count(k->machine) < budget)
        return harness_vm_error(e, err);
    size_t n = k->c->thread_count, own = budget > n + 1 ? budget - 1 - n : 0;
    char structure[32] = "no thread";
    if (own) snprintf(structure, sizeof structure, "%zu", own);
    return client_fail(err, CLIENT_ERR_LIMIT,
                       "unsupported: the client's program starts more than %u threads: the "
                       "harness's main, %zu client thread%s and %s of the structure's own "
                       "(raise --max-threads, at most %d)",
                       budget, n, n == 1 ? "" : "s", structure, VM_MAX_THREADS);
}

/* ---- Expected outcomes ----------------------------------------------------------------------- */

/* Returns the seconds since [start]. */
static double seconds_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

/* Linearizes [c] on the ADT model and compares the implementation [impl] with it. */
static client_status adt_outcomes(const client *c, const client_object *impl, verdict_expected *out,
                                  client_error *err)
{
    client_object adt = {0};
    client_status st = client_adt_new(c->spec, &adt, err);
    client_lin_run run = {0};
    if (!st) st = client_linearize(c, &adt, &run, err);
    out->outcomes = run.outcomes;
    out->stats = run.stats;
    if (!st) st = client_lin_compare(c, impl, &adt, &out->diff, err);
    out->compared = !st;
    client_object_free(&adt);
    return st;
}

/* Copies into [out] the classes implementation oracle [impl] initialised. */
static client_status keep_initialised(const client_object *impl, verdict_expected *out,
                                      client_error *err)
{
    size_t n = harness_impl_initialised(impl, NULL, 0);
    out->preinit = base_calloc(n ? n : 1, sizeof *out->preinit);
    if (!out->preinit) return client_fail(err, CLIENT_ERR_NOMEM, "out of memory");
    harness_impl_initialised(impl, (const char **)out->preinit, n); /* borrowed, then copied */
    for (; out->preinit_count < n; out->preinit_count++) {
        const char *name = out->preinit[out->preinit_count];
        char *copy = base_malloc(strlen(name) + 1);
        if (!copy) return client_fail(err, CLIENT_ERR_NOMEM, "out of memory");
        out->preinit[out->preinit_count] = strcpy(copy, name);
    }
    return CLIENT_OK;
}

client_status verdict_expected_outcomes(const client *c, const verdict_check_options *opt,
                                        verdict_expected *out, client_error *err)
{
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    memset(out, 0, sizeof *out);
    client_object impl = {0};
    client_status st = harness_impl_new(c, &opt->impl, &impl, err);
    if (!st && opt->oracle_adt) {
        st = adt_outcomes(c, &impl, out, err);
    } else if (!st) {
        client_lin_run run = {0};
        st = client_linearize(c, &impl, &run, err);
        out->outcomes = run.outcomes;
        out->stats = run.stats;
    }
    if (!st) st = keep_initialised(&impl, out, err);
    if (!st) out->structure_threads = harness_impl_structure_threads(&impl);
    client_object_free(&impl);
    out->seconds = seconds_since(&start);
    if (st) verdict_expected_free(out);
    return st;
}

/* Copies the [n] class names of [from] into a new array at [*to]; false when out of memory. */
static bool copy_names(char *const *from, size_t n, char ***to)
{
    *to = n ? base_calloc(n, sizeof **to) : NULL;
    if (n && !*to) return false;
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(from[i]) + 1;
        if (!((*to)[i] = base_malloc(len))) return false;
        memcpy((*to)[i], from[i], len);
    }
    return true;
}

client_status verdict_expected_copy(const verdict_expected *from, verdict_expected *to,
                                    client_error *err)
{
    *to = *from;
    to->preinit = NULL;
    to->preinit_count = 0;
    size_t width = client_outcome_set_width(from->outcomes);
    client_status st = (to->outcomes = client_outcome_set_new(width))
                           ? CLIENT_OK
                           : client_fail(err, CLIENT_ERR_NOMEM, "out of memory");
    for (size_t i = 0; !st && i < client_outcome_set_size(from->outcomes); i++)
        st = client_outcome_set_add(to->outcomes, client_outcome_set_at(from->outcomes, i),
                                    client_outcome_set_count(from->outcomes, i), err);
    if (!st && !copy_names(from->preinit, from->preinit_count, &to->preinit))
        st = client_fail(err, CLIENT_ERR_NOMEM, "out of memory");
    if (to->preinit) to->preinit_count = from->preinit_count; /* those copied, NULL after them */
    if (st) verdict_expected_free(to);
    return st;
}

void verdict_expected_free(verdict_expected *e)
{
    client_outcome_set_free(e->outcomes);
    e->outcomes = NULL;
    for (size_t i = 0; i < e->preinit_count; i++) base_free(e->preinit[i]);
    base_free(e->preinit);
    e->preinit = NULL;
    e->preinit_count = 0;
}

/* ---- Observing the search -------------------------------------------------------------------- */

/* What the observer works with. */
typedef struct observe {
    checker *k;
    verdict_check_result *r;
    size_t cap;          /* violations allocated */
    harness_result *buf; /* one per invocation */
    client_value *values;
    client_status status; /* the first failure (out of memory) */
    client_error *err;
} observe;

/* Makes room for one more violation; false (and the failure recorded) when out of memory. */
static bool violation_room(observe *o)
{
    verdict_check_result *r = o->r;
    if (r->violation_count < o->cap) return true;
    size_t cap = o->cap ? o->cap * 2 : 8;
    verdict_check_violation *v = base_realloc(r->violations, cap * sizeof *v);
    if (!v) {
        o->status = client_fail(o->err, CLIENT_ERR_NOMEM, "out of memory");
        return false;
    }
    memset(v + o->cap, 0, (cap - o->cap) * sizeof *v);
    r->violations = v;
    o->cap = cap;
    return true;
}

/* Returns the violation of [kind] with outcome [values] or [message], or NULL. */
static verdict_check_violation *find_violation(const observe *o, verdict_check_kind kind,
                                               const client_value *values, const char *message)
{
    size_t w = o->k->c->invocation_count;
    for (size_t i = 0; i < o->r->violation_count; i++) {
        verdict_check_violation *v = &o->r->violations[i];
        if (v->kind != kind) continue;
        if (values && v->outcome) {
            size_t k = 0;
            while (k < w && !client_value_compare(&v->outcome[k], &values[k])) k++;
            if (k == w) return v;
        } else if (message && v->message && !strcmp(v->message, message)) {
            return v;
        }
    }
    return NULL;
}

/* Keeps [schedule] for violation [v] when it has fewer context switches than the one kept. */
static void prefer_fewer_switches(observe *o, verdict_check_violation *v, const por_trace *schedule)
{
    if (verdict_schedule_switches(schedule->threads, schedule->length) >=
        verdict_schedule_switches(v->schedule, v->length))
        return;
    uint8_t *path = base_arena_alloc(&o->r->arena, schedule->length + 1);
    if (!path) return; /* the one kept still reproduces the violation */
    if (schedule->length) memcpy(path, schedule->threads, schedule->length);
    v->schedule = path;
    v->length = schedule->length;
}

/* Counts a violation of [kind] (outcome [values] or [message]) reached by [schedule], keeping
 * for each distinct violation the schedule with the fewest context switches. */
static void add_violation(observe *o, verdict_check_kind kind, const client_value *values,
                          const char *message, const por_trace *schedule)
{
    verdict_check_violation *v = find_violation(o, kind, values, message);
    if (v) {
        v->count++;
        prefer_fewer_switches(o, v, schedule);
        return;
    }
    if (!violation_room(o)) return;
    base_arena *a = &o->r->arena;
    size_t w = o->k->c->invocation_count;
    v = &o->r->violations[o->r->violation_count];
    memset(v, 0, sizeof *v);
    client_value *copy = values ? base_arena_alloc(a, (w ? w : 1) * sizeof *copy) : NULL;
    for (size_t i = 0; copy && i < w; i++)
        if (!client_value_copy(a, &values[i], &copy[i])) copy = NULL;
    uint8_t *path = base_arena_alloc(a, schedule->length + 1);
    char *text = message ? base_arena_strndup(a, message, strlen(message)) : NULL;
    if ((values && !copy) || !path || (message && !text)) {
        o->status = client_fail(o->err, CLIENT_ERR_NOMEM, "out of memory");
        return;
    }
    if (schedule->length) memcpy(path, schedule->threads, schedule->length);
    *v = (verdict_check_violation){kind, copy, text, 1, path, schedule->length, false, false, {0}};
    o->r->violation_count++;
}

void verdict_checker_blocked_results(const checker *k, por_tset waiting, client_value *values,
                                     const bool *returned)
{
    for (size_t i = 0; i < k->c->invocation_count; i++)
        if (!returned[i]) values[i] = (client_value){.kind = CLIENT_VAL_NOT_RUN};
    for (uint32_t t = 0; t < POR_MAX_THREADS; t++) {
        long call = waiting >> t & 1 ? harness_call_of(k->machine, t) : -1;
        if (call >= 0 && (size_t)call < k->c->invocation_count && !returned[call])
            values[call] = (client_value){.kind = CLIENT_VAL_BLOCKED};
    }
}

/* Reads into [o]'s values the outcome of an end where the invocations of the threads of [stuck]
 * never return (marked blocked; the ones never started not run) and counts it in [o]'s observed
 * outcomes (and, for a livelock's [cycle], its cycles); true when a linearization explains it. */
static bool blocked_outcome(observe *o, por_tset stuck, bool cycle)
{
    bool returned[CLIENT_MAX_INVOCATIONS];
    verdict_checker_results(o->k, o->buf, o->values, returned);
    verdict_checker_blocked_results(o->k, stuck, o->values, returned);
    client_status st = client_outcome_set_add(o->r->observed, o->values, 1, o->err);
    if (!st && cycle) st = client_outcome_set_add(o->r->cycles, o->values, 1, o->err);
    if (st) o->status = st;
    return client_outcome_set_find(o->r->expected.outcomes, o->values) >= 0;
}

/* Checks the end state where the threads of [waiting] are blocked: its outcome is counted, and
 * is a deadlock violation unless it is one of the expected blocked outcomes. */
static por_verdict on_blocked(observe *o, const por_trace *schedule, por_tset waiting)
{
    if (blocked_outcome(o, waiting, false)) return verdict_end_state(false, waiting);
    char text[4096];
    verdict_describe_deadlock(o->k->machine, waiting, VERDICT_DEADLOCK_CLIENT, text, sizeof text);
    add_violation(o, VERDICT_CHECK_DEADLOCK, o->values, text, schedule);
    return verdict_end_state(true, waiting);
}

/* Observer: counts the outcome of a new end state; an unexpected one (or a deadlock no
 * linearization explains) is a violation. */
static por_verdict on_final(void *ctx, const por_trace *schedule, por_tset waiting)
{
    observe *o = ctx;
    if (o->status) return POR_CONTINUE;
    if (waiting) return on_blocked(o, schedule, waiting);
    size_t w = o->k->c->invocation_count;
    if (verdict_checker_results(o->k, o->buf, o->values, NULL) != w) {
        add_violation(o, VERDICT_CHECK_DEADLOCK, NULL,
                      "the harness ended before every invocation returned", schedule);
        return verdict_end_state(true, 0);
    }
    client_status st = client_outcome_set_add(o->r->observed, o->values, 1, o->err);
    if (st) o->status = st;
    bool expected = client_outcome_set_find(o->r->expected.outcomes, o->values) >= 0;
    if (!expected) add_violation(o, VERDICT_CHECK_OUTCOME, o->values, NULL, schedule);
    return verdict_end_state(!expected, 0);
}

/* Observer: a harness thread died of an uncaught exception. */
static void on_assert(void *ctx, size_t thread, const por_trace *schedule)
{
    observe *o = ctx;
    char text[4096], name[128];
    explore_thread_name(o->k->machine, (uint32_t)thread, name, sizeof name);
    int n = snprintf(text, sizeof text, "uncaught exception in thread %s: ", name);
    explore_describe_uncaught(o->k->machine, (uint32_t)thread, text + n, sizeof text - (size_t)n);
    char *nl = strchr(text, '\n');
    if (nl) *nl = '\0';
    add_violation(o, VERDICT_CHECK_EXCEPTION, NULL, text, schedule);
}

/* Observer: a state from which no end state can be reached, where [running] run for ever. No
 * invocation returns from there on (a return cannot be undone, so it leaves the cycle), so to
 * the client it is an end state whose unfinished invocations never return: its outcome marks
 * them blocked, and it is a violation unless a linearization leaves the same invocations blocked
 * (a take of an empty buffer that polls with a timed wait, as the sequential run does). */
static por_verdict on_livelock(void *ctx, const por_trace *schedule, por_tset running)
{
    observe *o = ctx;
    if (o->status) return POR_VIOLATION;
    if (blocked_outcome(o, running | o->k->lts.ops->waiting(o->k->lts.model), true))
        return POR_ACCEPT;
    char text[4096];
    verdict_describe_livelock(o->k->machine, running, VERDICT_DEADLOCK_CLIENT, text, sizeof text);
    add_violation(o, VERDICT_CHECK_LIVELOCK, o->values, text, schedule);
    return POR_VIOLATION;
}

/* ---- The check ------------------------------------------------------------------------------- */

/* True when trace [tr] ends as violation [v] did. */
static bool reproduces(const verdict_check_result *r, const verdict_check_violation *v,
                       const verdict_trace *tr)
{
    if (v->kind == VERDICT_CHECK_DEADLOCK && v->outcome)
        return tr->end == VERDICT_END_DEADLOCK &&
               client_outcome_set_find(r->expected.outcomes, tr->results) < 0;
    if (v->kind == VERDICT_CHECK_DEADLOCK) return tr->end == VERDICT_END_DEADLOCK;
    if (v->kind == VERDICT_CHECK_EXCEPTION) return tr->end == VERDICT_END_EXCEPTION;
    if (v->kind == VERDICT_CHECK_LIVELOCK)
        return tr->end == VERDICT_END_LIVELOCK &&
               (!v->outcome || client_outcome_set_find(r->expected.outcomes, tr->results) < 0);
    return tr->end == VERDICT_END_FINAL &&
           client_outcome_set_find(r->expected.outcomes, tr->results) < 0;
}

/* Replays the first violations of [r] into their tables. */
static client_status trace_violations(checker *k, const verdict_check_options *opt,
                                      verdict_check_result *r, client_error *err)
{
    size_t max = opt->no_traces ? 0 : opt->max_traced ? opt->max_traced : VERDICT_DEFAULT_TRACES;
    for (size_t i = 0; i < r->violation_count && i < max; i++) {
        verdict_check_violation *v = &r->violations[i];
        client_status st = verdict_checker_replay(k, v->schedule, v->length, &v->trace, err);
        if (st) return st;
        v->traced = true;
        v->reproduced = reproduces(r, v, &v->trace);
    }
    return CLIENT_OK;
}

/* Forgets what a search of [out] found (its races and visible set stay). */
static void forget_search(verdict_check_result *out)
{
    client_outcome_set_free(out->observed);
    client_outcome_set_free(out->cycles);
    out->observed = out->cycles = NULL;
    base_free(out->violations);
    out->violations = NULL;
    out->violation_count = 0;
    memset(&out->search, 0, sizeof out->search);
    out->symmetry_sampled = out->symmetry_merged = 0;
}

/* True when the [count] races of [races] hold [text] (another worker of the search found it
 * too). */
static bool has_race(const char *const *races, size_t count, const char *text)
{
    for (size_t i = 0; i < count; i++)
        if (races[i] && !strcmp(races[i], text)) return true;
    return false;
}

/* Adds the races [k]'s search found to [out] (those it does not hold yet) and widens [out]'s
 * visible set with the classes they name (dotted); [*found] says whether there were any. */
static client_status take_races(const checker *k, verdict_check_result *out, bool *found,
                                client_error *err)
{
    const explore_race *races;
    size_t n = explore_check_races(k->machine, &races), more = 0;
    *found = n > 0;
    if (!n) return CLIENT_OK;
    for (size_t i = 0; i < n; i++) more += races[i].class_count;
    base_arena *a = &out->arena;
    const char **texts = base_arena_alloc(a, (out->race_count + n + 1) * sizeof *texts);
    const char **wide = base_arena_alloc(a, (out->widened_count + more + 1) * sizeof *wide);
    if (!texts || !wide) return client_fail(err, CLIENT_ERR_NOMEM, "out of memory");
    if (out->race_count) memcpy(texts, out->races, out->race_count * sizeof *texts);
    if (out->widened_count) memcpy(wide, out->widened, out->widened_count * sizeof *wide);
    bool copied = true;
    for (size_t i = 0; i < n; i++) {
        const explore_race *r = &races[i];
        if (has_race(texts, out->race_count, r->text)) continue;
        copied &= (texts[out->race_count++] = base_arena_strndup(a, r->text, strlen(r->text))) != 0;
        for (size_t c = 0; c < r->class_count; c++) {
            char *name = base_arena_strndup(a, r->classes[c], strlen(r->classes[c]));
            for (char *p = name; p && *p; p++)
                if (*p == '/') *p = '.';
            copied &= (wide[out->widened_count++] = name) != NULL;
        }
    }
    out->races = texts;
    out->widened = wide;
    return copied ? CLIENT_OK : client_fail(err, CLIENT_ERR_NOMEM, "out of memory");
}

/* ---- Workers --------------------------------------------------------------------------------- */

/* What a worker of a parallel search after the first needs to open on its own thread. */
typedef struct worker_plan {
    const client *c;
    const verdict_check_options *opt;
    verdict_check_result *part;      /* its share */
    const verdict_check_result *out; /* the whole result, whose expected outcomes it reads */
} worker_plan;

/* One worker of a search: its checker (its own VM) and its observer, which gathers into [part]
 * (the whole result for a single worker; its share, merged afterwards, for a parallel one). A
 * worker after the first of a parallel search opens on its own thread ([plan]) and keeps its
 * failure in [failed] and [err]. */
typedef struct worker {
    checker k;
    bool open;
    verdict_check_result *part;
    observe o;
    por_observer obs;
    worker_plan plan;
    client_status failed;
    client_error err;
} worker;

/* Opens worker [w] on [c] as [opt] says, gathering into [part], which holds [out]'s expected
 * outcomes (shared with [out], not its own). */
static client_status worker_open(worker *w, const client *c, const verdict_check_options *opt,
                                 verdict_check_result *part, const verdict_check_result *out,
                                 client_error *err)
{
    size_t width = c->invocation_count ? c->invocation_count : 1;
    if (part != out) {
        base_arena_init(&part->arena);
        part->expected = out->expected;
    }
    w->part = part;
    part->observed = client_outcome_set_new(c->invocation_count);
    part->cycles = client_outcome_set_new(c->invocation_count);
    w->o = (observe){&w->k,
                     part,
                     0,
                     base_calloc(width, sizeof *w->o.buf),
                     base_calloc(width, sizeof *w->o.values),
                     CLIENT_OK,
                     err};
    w->obs = (por_observer){
        .ctx = &w->o, .final_state = on_final, .assert_failed = on_assert, .livelock = on_livelock};
    if (!w->o.buf || !w->o.values || !part->observed || !part->cycles)
        return client_fail(err, CLIENT_ERR_NOMEM, "out of memory");
    client_status st = verdict_checker_open(c, opt, &w->k, err);
    w->open = st == CLIENT_OK;
    return st;
}

/* Closes worker [w]; frees its share of the result unless it is [out] itself. */
static void worker_close(worker *w, verdict_check_result *out)
{
    base_free(w->o.buf);
    base_free(w->o.values);
    if (w->open) verdict_checker_close(&w->k);
    if (w->part && w->part != out) {
        memset(&w->part->expected, 0, sizeof w->part->expected); /* [out]'s */
        verdict_check_result_free(w->part);
    }
}

/* Adds violation [v] of a worker's share to [o]'s result: a new one, or more end states (and
 * perhaps a schedule with fewer context switches) of one found already. */
static void merge_violation(observe *o, const verdict_check_violation *v)
{
    por_trace schedule = {v->schedule, v->length};
    size_t before = o->r->violation_count;
    add_violation(o, v->kind, v->outcome, v->message, &schedule);
    verdict_check_violation *m = find_violation(o, v->kind, v->outcome, v->message);
    bool fresh = o->r->violation_count > before; /* counted once by add_violation */
    if (m) m->count = fresh ? v->count : m->count + v->count - 1;
}

/* Adds the outcomes of [from], with their counts, to [to]. */
static client_status merge_outcomes(client_outcome_set *to, const client_outcome_set *from,
                                    client_error *err)
{
    for (size_t i = 0; i < client_outcome_set_size(from); i++) {
        client_status st = client_outcome_set_add(to, client_outcome_set_at(from, i),
                                                  client_outcome_set_count(from, i), err);
        if (st) return st;
    }
    return CLIENT_OK;
}

/* Adds the outcomes and violations worker [w] found to [o]'s result. */
static client_status merge_share(observe *o, const worker *w, client_error *err)
{
    client_status st = merge_outcomes(o->r->observed, w->part->observed, err);
    if (!st) st = merge_outcomes(o->r->cycles, w->part->cycles, err);
    if (st) return st;
    for (size_t i = 0; i < w->part->violation_count && !o->status; i++)
        merge_violation(o, &w->part->violations[i]);
    return o->status ? o->status : w->o.status;
}

/* The first failure among [count] workers (into [err]): one that did not open, a VM error, or
 * their observers'. */
static client_status workers_failed(const worker *ws, size_t count, client_error *err)
{
    for (size_t i = 0; i < count; i++) {
        if (ws[i].failed) return *err = ws[i].err, ws[i].failed;
        if (!ws[i].open) continue; /* the search was over before it opened */
        if (vm_last_error(ws[i].k.machine)->status != VM_OK) return vm_failure(&ws[i].k, err);
        if (!ws[i].o.status) continue;
        if (ws[i].o.err != err) *err = *ws[i].o.err; /* a worker opened on its own thread */
        return ws[i].o.status;
    }
    return CLIENT_OK;
}

/* Opens the worker [ctx] of a parallel search on its own thread (por_worker.open). */
static bool open_later(void *ctx, por_error *perr)
{
    worker *w = ctx;
    const worker_plan *p = &w->plan;
    w->failed = worker_open(w, p->c, p->opt, p->part, p->out, &w->err);
    if (!w->failed) return true;
    por_fail(perr, w->failed == CLIENT_ERR_NOMEM ? POR_ERR_NOMEM : POR_ERR_LTS, "%s",
             w->err.message);
    return false;
}

/* Runs the parallel search of [opt] with [count] workers into [out], merging their shares: the
 * first opened, the others opening on their own threads as their plans say. */
static client_status search_parallel(worker *ws, size_t count, const verdict_check_options *opt,
                                     verdict_check_result *out, client_error *err)
{
    por_worker pw[POR_MAX_MEMBERS];
    for (size_t i = 0; i < count; i++) {
        pw[i] = (por_worker){.lts = &ws[i].k.lts, .observer = &ws[i].obs};
        if (i) pw[i].open = open_later, pw[i].ctx = &ws[i];
    }
    por_error perr = {0};
    if (por_search_parallel(pw, count, &opt->search, &out->search, &perr) != POR_OK) {
        client_status st = workers_failed(ws, count, err);
        return st ? st
                  : client_fail(err,
                                perr.status == POR_ERR_NOMEM ? CLIENT_ERR_NOMEM : CLIENT_ERR_OBJECT,
                                "%s", harness_vm_message(perr.message));
    }
    client_status st = workers_failed(ws, count, err);
    observe o = {&ws[0].k, out, 0, NULL, NULL, CLIENT_OK, err};
    for (size_t i = 0; i < count && !st; i++)
        if (ws[i].open) st = merge_share(&o, &ws[i], err);
    return st;
}

/* Runs the search of [opt] on the one worker [w], which gathers into the result itself. */
static client_status search_alone(worker *w, const verdict_check_options *opt, client_error *err)
{
    por_options po = opt->search;
    po.observer = &w->obs;
    por_error perr = {0};
    vm *machine = w->k.machine;
    if (por_search(&w->k.lts, &po, &w->part->search, &perr) == POR_OK)
        return w->o.status ? w->o.status : workers_failed(w, 1, err);
    vm_status failed = vm_last_error(machine)->status;
    if (failed == VM_ERR_BAD_INPUT || failed == VM_ERR_LIMIT) /* a result it cannot record, or */
        return vm_failure(&w->k, err);                        /* too many threads */
    return client_fail(err, perr.status == POR_ERR_NOMEM ? CLIENT_ERR_NOMEM : CLIENT_ERR_OBJECT,
                       "%s", harness_vm_message(perr.message)); /* a VM or a search failure */
}

/* Searches [c] with the [count] workers of [ws] (one: por_search on the first, gathering into
 * [out] itself; more: the parallel search, each gathering its share, the first opened here and
 * the others on their own threads) into [out]. */
static client_status search_with(const client *c, const verdict_check_options *opt, worker *ws,
                                 size_t count, verdict_check_result *parts,
                                 verdict_check_result *out, client_error *err)
{
    client_status st = worker_open(&ws[0], c, opt, count > 1 ? &parts[0] : out, out, err);
    for (size_t i = 1; i < count; i++) ws[i].plan = (worker_plan){c, opt, &parts[i], out};
    if (!st && count > 1) out->observed = client_outcome_set_new(c->invocation_count);
    if (!st && count > 1) out->cycles = client_outcome_set_new(c->invocation_count);
    if (!st && count > 1 && (!out->observed || !out->cycles))
        st = client_fail(err, CLIENT_ERR_NOMEM, "out of memory");
    if (!st && count > 1) return search_parallel(ws, count, opt, out, err);
    return st ? st : search_alone(&ws[0], opt, err);
}

/* Adds the races that the workers' searches found to [out] (each once) and widens its visible
 * set; [*found] says whether there were any. */
static client_status take_all_races(const worker *ws, size_t count, verdict_check_result *out,
                                    bool *found, client_error *err)
{
    *found = false;
    for (size_t i = 0; i < count; i++) {
        bool more = false;
        if (!ws[i].open) continue; /* the search was over before it opened */
        client_status st = take_races(&ws[i].k, out, &more, err);
        if (st) return st;
        *found |= more;
    }
    return CLIENT_OK;
}

/* Adds what each open worker's checker sampled of heap symmetry's potential to [out]. */
static void take_symmetry_samples(const worker *ws, size_t count, const verdict_check_options *opt,
                                  verdict_check_result *out)
{
    for (size_t i = 0; i < count; i++)
        if (ws[i].open)
            verdict_add_symmetry_sample(ws[i].k.machine, &opt->search, &out->symmetry_sampled,
                                        &out->symmetry_merged);
}

/* Explores [c] once with the visible set of [out] on new checkers (one per worker) and traces
 * its violations into [out]; sets [*again] when races widened the visible set, so that it must
 * run again. */
static client_status explore_once(const client *c, const verdict_check_options *base,
                                  verdict_check_result *out, bool *again, client_error *err)
{
    verdict_check_options opt = *base;
    opt.preinit = (const char *const *)out->expected.preinit;
    opt.preinit_count = out->expected.preinit_count;
    opt.visible = out->visible;
    opt.visible_count = out->visible_count;
    opt.widened = out->widened;
    opt.widened_count = out->widened_count;
    size_t count = opt.search.workers > 1 ? opt.search.workers : 1;
    worker *ws = base_calloc(count, sizeof *ws);
    verdict_check_result *parts = base_calloc(count, sizeof *parts);
    client_status st = ws && parts ? search_with(c, &opt, ws, count, parts, out, err)
                                   : client_fail(err, CLIENT_ERR_NOMEM, "out of memory");
    *again = false; /* stopped by a signal: report what was gathered, as it was gathered */
    if (!st) take_symmetry_samples(ws, count, &opt, out);
    if (!st && out->search.stop != POR_STOP_SIGNAL) st = take_all_races(ws, count, out, again, err);
    if (!st && *again) forget_search(out);
    if (!st && !*again) st = trace_violations(&ws[0].k, &opt, out, err);
    for (size_t i = 0; ws && i < count; i++) worker_close(&ws[i], out);
    base_free(ws);
    base_free(parts);
    return st;
}

/* True when every expected outcome of [r] must be among its observed ones: the search was
 * complete and the expected outcomes are the implementation's own (with the ADT oracle, only
 * when the implementation run sequentially agrees with the ADT). */
static bool must_observe_all(const verdict_check_result *r)
{
    return r->search.stop == POR_STOP_COMPLETE && !(r->expected.compared && r->expected.diff.found);
}

/* Fills [r]'s unobserved outcomes: the expected ones with no blocked invocation that no end
 * state gave (a blocked outcome is one sequential order's end, which the concurrent run need
 * not show: another thread may wake the invocation). */
static client_status find_unobserved(verdict_check_result *r, client_error *err)
{
    const client_outcome_set *e = r->expected.outcomes;
    size_t n = client_outcome_set_size(e), w = client_outcome_set_width(e);
    if (!must_observe_all(r) || !n) return CLIENT_OK;
    size_t *list = base_arena_alloc(&r->arena, n * sizeof *list);
    if (!list) return client_fail(err, CLIENT_ERR_NOMEM, "out of memory");
    size_t missing = client_outcome_set_missing(e, r->observed, list);
    for (size_t i = 0; i < missing; i++)
        if (!client_outcome_is_blocked(client_outcome_set_at(e, list[i]), w))
            list[r->unobserved_count++] = list[i];
    r->unobserved = list;
    return CLIENT_OK;
}

/* Explores [c] until the visible set in force has no races (each race widens it), and traces
 * the violations of the last search into [out]. */
static client_status explore(const client *c, const verdict_check_options *opt,
                             verdict_check_result *out, client_error *err)
{
    out->visible = opt->visible_count ? opt->visible : c->spec->visible;
    out->visible_count = opt->visible_count ? opt->visible_count : c->spec->visible_count;
    out->widened = opt->widened;
    out->widened_count = opt->widened_count;
    bool again = true;
    client_status st = CLIENT_OK;
    while (!st && again) st = explore_once(c, opt, out, &again, err);
    return st ? st : find_unobserved(out, err);
}

/* verdict_check with the expected outcomes [expected] given (copied), or computed when NULL. */
static client_status check_with(const client *c, const verdict_check_options *opt,
                                const verdict_expected *expected, verdict_check_result *out,
                                client_error *err)
{
    memset(out, 0, sizeof *out);
    base_arena_init(&out->arena);
    out->classifier = verdict_check_classifier(opt);
    client_status st = check_thread_budget(c, opt, err);
    if (!st)
        st = expected ? verdict_expected_copy(expected, &out->expected, err)
                      : verdict_expected_outcomes(c, opt, &out->expected, err);
    if (!st) st = explore(c, opt, out, err);
    if (st) verdict_check_result_free(out);
    return st;
}

client_status verdict_check(const client *c, const verdict_check_options *opt,
                            verdict_check_result *out, client_error *err)
{
    return check_with(c, opt, NULL, out, err);
}

client_status verdict_check_expecting(const client *c, const verdict_check_options *opt,
                                      const verdict_expected *expected, verdict_check_result *out,
                                      client_error *err)
{
    return check_with(c, opt, expected, out, err);
}

bool verdict_check_violated(const verdict_check_result *r)
{
    return r->violation_count > 0;
}

void verdict_check_result_free(verdict_check_result *r)
{
    for (size_t i = 0; i < r->violation_count; i++)
        if (r->violations[i].traced) verdict_trace_free(&r->violations[i].trace);
    base_free(r->violations);
    client_outcome_set_free(r->observed);
    client_outcome_set_free(r->cycles);
    verdict_expected_free(&r->expected);
    base_arena_release(&r->arena);
    memset(r, 0, sizeof *r);
}
