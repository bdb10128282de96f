/* verdict: what porcheck run and check share about a program in porcheck's VM: the one step
 * loop of a replayed schedule (each command records its own view of the steps through hooks)
 * and the one description of a deadlock, written as each command's report shows it. */
#include <stdio.h>

#include "machine.h"

/* Writes what blocked thread [t] of a client stands at into [what], as its interleaving table
 * shows the action (objects named by [names]) with its source line. */
static void blocked_action(const vm *machine, uint32_t t, explore_names *names, char *what,
                           size_t cap)
{
    explore_action a;
    if (harness_describe_action(machine, t, names, &a) && a.text[0]) {
        base_textbuf out = base_textbuf_make(what, cap);
        base_textbuf_printf(&out, "%s", a.text);
        if (a.file[0] && a.line > 0) base_textbuf_printf(&out, " (%s:%d)", a.file, a.line);
        if (a.helper_line[0]) base_textbuf_printf(&out, " [%s]", a.helper_line);
        return;
    }
    harness_describe(machine, t, what, cap);
    if (!what[0]) explore_describe_waiting(machine, t, what, cap);
}

/* Appends blocked thread [t] of [machine] to [buf] (of [cap], [len] used) as [style] says
 * (objects named by [names] in the client style); returns the new length. */
static size_t describe_blocked(const vm *machine, uint32_t t, verdict_deadlock_style style,
                               explore_names *names, char *buf, size_t cap, size_t len)
{
    char name[256], what[2048];
    explore_thread_name(machine, t, name, sizeof name);
    if (style == VERDICT_DEADLOCK_PROGRAM) {
        explore_describe_waiting(machine, t, what, sizeof what);
        return len + (size_t)snprintf(buf + len, cap - len, "\n  %s %s", name, what);
    }
    blocked_action(machine, t, names, what, sizeof what);
    len += (size_t)snprintf(buf + len, cap - len, " %s blocked at %s", name, what);
    int owner = explore_waits_for(machine, t);
    if (owner >= 0 && len < cap) {
        explore_thread_name(machine, (uint32_t)owner, name, sizeof name);
        len += (size_t)snprintf(buf + len, cap - len, ", held by %s", name);
    }
    return len < cap ? len + (size_t)snprintf(buf + len, cap - len, ";") : len;
}

/* Returns the threads of [waiting] that a deadlock report names: those inside a client's
 * invocation, or all of them when none is. */
static por_tset named_threads(const vm *machine, por_tset waiting)
{
    por_tset inside = 0;
    for (uint32_t t = 0; t < POR_MAX_THREADS; t++)
        if (waiting >> t & 1 && harness_call_of(machine, t) >= 0) inside |= (por_tset)1 << t;
    return inside ? inside : waiting;
}

/* Returns a thread of [waiting] on a wait-for cycle of [machine], or -1 when there is none. */
static int cycle_start(const vm *machine, por_tset waiting)
{
    for (uint32_t start = 0; start < POR_MAX_THREADS; start++) {
        if (!(waiting >> start & 1)) continue;
        int t = (int)start, steps = 0;
        while (steps++ < POR_MAX_THREADS && t >= 0 && (waiting >> t & 1)) {
            t = explore_waits_for(machine, (uint32_t)t);
            if (t == (int)start) return t;
        }
    }
    return -1;
}

/* Appends the wait-for cycle through thread [start] of [machine] to [buf] (of [cap], [len]
 * used): "\n  cycle: A -> B -> A". */
static void describe_cycle(const vm *machine, int start, char *buf, size_t cap, size_t len)
{
    char name[256];
    int t = start;
    len += (size_t)snprintf(buf + len, cap - len, "\n  cycle:");
    do {
        explore_thread_name(machine, (uint32_t)t, name, sizeof name);
        len += (size_t)snprintf(buf + len, cap - len, " %s ->", name);
        t = explore_waits_for(machine, (uint32_t)t);
    } while (t != start && len < cap);
    explore_thread_name(machine, (uint32_t)start, name, sizeof name);
    if (len < cap) snprintf(buf + len, cap - len, " %s", name);
}

void verdict_describe_deadlock(const vm *machine, por_tset waiting, verdict_deadlock_style style,
                               char *buf, size_t cap)
{
    bool program = style == VERDICT_DEADLOCK_PROGRAM;
    size_t len = (size_t)snprintf(buf, cap, program ? "deadlock" : "deadlock:");
    por_tset named = named_threads(machine, waiting);
    explore_names names = {0};
    for (uint32_t t = 0; t < POR_MAX_THREADS && len < cap; t++)
        if (named >> t & 1) len = describe_blocked(machine, t, style, &names, buf, cap, len);
    if (!program && len < cap && buf[len - 1] == ';') buf[len - 1] = '\0';
    int start = program && len < cap ? cycle_start(machine, waiting) : -1;
    if (start >= 0) describe_cycle(machine, start, buf, cap, len);
}

void verdict_describe_livelock(const vm *machine, por_tset running, verdict_deadlock_style style,
                               char *buf, size_t cap)
{
    bool program = style == VERDICT_DEADLOCK_PROGRAM;
    base_textbuf out = base_textbuf_make(buf, cap);
    base_textbuf_printf(&out, "livelock: no end state can be reached from here%s",
                        program ? "; these threads run for ever:" : ":");
    por_tset named = named_threads(machine, running);
    explore_names names = {0};
    char name[256], what[2048];
    for (uint32_t t = 0; t < POR_MAX_THREADS; t++) {
        if (!(named >> t & 1)) continue;
        explore_thread_name(machine, t, name, sizeof name);
        if (program) {
            explore_describe_next(machine, t, what, sizeof what);
            base_textbuf_printf(&out, "\n  %s at %s", name, what);
            continue;
        }
        blocked_action(machine, t, &names, what, sizeof what);
        base_textbuf_printf(&out, "%s %s runs for ever at %s",
                            (named & (((por_tset)1 << t) - 1)) ? ";" : "", name, what);
    }
}

verdict_steps_status verdict_steps_run(verdict_steps *s, por_error *err)
{
    por_lts lts = explore_lts(s->machine);
    lts.ops->restore(s->machine, s->init);
    s->steps = 0;
    s->last = POR_STEP_OK;
    for (size_t i = 0; i < s->length; i++) {
        uint32_t t = s->schedule[i];
        if (t >= explore_check_threads(s->machine) || !(lts.ops->enabled(s->machine) >> t & 1))
            return VERDICT_STEPS_DISABLED;
        if (s->before && !s->before(s->ctx, t, i + 1)) return VERDICT_STEPS_NOMEM;
        por_step_result r = lts.ops->step(s->machine, t, err);
        if (r == POR_STEP_ERROR) return VERDICT_STEPS_FAILED;
        s->steps = i + 1;
        s->last = r;
        if (s->after && !s->after(s->ctx, t, i + 1, r)) return VERDICT_STEPS_NOMEM;
        if (r == POR_STEP_ASSERT && s->stop_at_exception) break;
    }
    return VERDICT_STEPS_DONE;
}

void verdict_add_symmetry_sample(const vm *machine, const por_options *search, uint64_t *sampled,
                                 uint64_t *merged)
{
    if (!verdict_symmetry_applies(search)) return;
    explore_symmetry_sample s = explore_check_symmetry_sample(machine);
    *sampled += s.states;
    *merged += s.merged;
}

void verdict_put_symmetry_sample(json_t *doc, uint64_t sampled, uint64_t merged)
{
    if (doc && sampled)
        json_object_set_new(
            doc, "symmetry_sample",
            json_pack("{sIsI}", "states", (json_int_t)sampled, "merged", (json_int_t)merged));
}
