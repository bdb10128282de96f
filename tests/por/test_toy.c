/* The toy language: every parse error names file:line, and the interpreter's transitions
 * (labels, enabledness, locks, CAS, asserts, returns, loops) are exactly as documented. */
#include <criterion/criterion.h>
#include <string.h>

#include "base.h"
#include "harness.h"

/* Parses [text], expecting failure with [status] and a message starting with [prefix]. */
static void expect_error(const char *text, por_status status, const char *prefix)
{
    toy_program *toy = NULL;
    por_error err;
    por_status s = toy_parse(text, strlen(text), "bad.toy", &toy, &err);
    cr_assert_eq(s, status, "status %s for:\n%s\n(%s)", por_status_name(s), text, err.message);
    cr_assert_eq(err.status, status);
    cr_assert_null(toy);
    cr_assert(!strncmp(err.message, prefix, strlen(prefix)), "message '%s', expected '%s...'",
              err.message, prefix);
    cr_assert_null(strchr(err.message, '\n'), "message is not one line: %s", err.message);
}

Test(toy_parse, rejects_syntax_errors_with_file_and_line)
{
    expect_error("", POR_ERR_SYNTAX, "bad.toy:1: the program has no thread");
    expect_error("shared x\nthread T { r = x @ }", POR_ERR_SYNTAX,
                 "bad.toy:2: unexpected character '@'");
    expect_error("thread T {\n local\x01\n}", POR_ERR_SYNTAX,
                 "bad.toy:2:7: control byte 0x01 (not allowed in a text file)");
    expect_error("thread T {\n local\x80\n}", POR_ERR_SYNTAX,
                 "bad.toy:2: unexpected character (byte 0x80)");
    expect_error("shared x\nthread T {\n r = x\n", POR_ERR_SYNTAX, "bad.toy:4: missing '}'");
    expect_error("thread T {\n goto L\n}", POR_ERR_SYNTAX, "bad.toy:2: undefined label 'L'");
    expect_error("thread T {\nL:\nL: local\n}", POR_ERR_SYNTAX,
                 "bad.toy:3: label 'L' defined twice");
    expect_error("thread T { local }\nthread T { local }", POR_ERR_SYNTAX,
                 "bad.toy:2: thread 'T' defined twice");
    expect_error("shared x\nlock x\nthread T { local }", POR_ERR_SYNTAX,
                 "bad.toy:2: 'x' is declared twice");
    expect_error("shared if", POR_ERR_SYNTAX, "bad.toy:1: expected a variable name, found 'if'");
    expect_error("thread T {\n lock m\n}", POR_ERR_SYNTAX, "bad.toy:2: 'm' is not a declared lock");
    expect_error("shared x = 2147483648\nthread T { local }", POR_ERR_SYNTAX,
                 "bad.toy:1: integer constant out of range");
    expect_error("shared x = 12a", POR_ERR_SYNTAX, "bad.toy:1: malformed number");
    expect_error("x = 1", POR_ERR_SYNTAX,
                 "bad.toy:1: expected 'shared', 'lock' or 'thread', found 'x'");
    expect_error("thread T {\n local r = \n}", POR_ERR_SYNTAX,
                 "bad.toy:3: expected an expression, found '}'");
    expect_error("thread T {\n if r == 1 { local }\n}", POR_ERR_SYNTAX,
                 "bad.toy:2: expected '(', found 'r'");
    expect_error("thread T {\n 5\n}", POR_ERR_SYNTAX, "bad.toy:2: expected a statement, found '5'");
    expect_error("thread T {\n return a b\n}", POR_ERR_SYNTAX,
                 "bad.toy:2: expected ',', found 'b'");
}

Test(toy_parse, rejects_statements_that_break_the_one_access_rule)
{
    expect_error("shared x\nthread T {\n x = x + 1\n}", POR_ERR_SYNTAX,
                 "bad.toy:3: shared variable 'x' in an expression: read it into a local first");
    expect_error("shared x, y\nthread T {\n if (x == y) { local }\n}", POR_ERR_SYNTAX,
                 "bad.toy:3: a condition may read only one shared variable");
    expect_error("shared x\nthread T {\n r = x + 1\n}", POR_ERR_SYNTAX,
                 "bad.toy:3: a read is 'r = x' alone; compute with a 'local' statement after it");
    expect_error("thread T {\n r = s\n}", POR_ERR_SYNTAX,
                 "bad.toy:2: 'r = ...' must read one shared variable; write 'local r = ...' for a "
                 "local assignment");
    expect_error("shared x, y\nthread T {\n y = cas(x, 0, 1)\n}", POR_ERR_SYNTAX,
                 "bad.toy:3: the result of cas must go to a local");
    expect_error("thread T {\n r = cas(q, 0, 1)\n}", POR_ERR_SYNTAX,
                 "bad.toy:2: 'q' is not a shared variable");
    expect_error("lock l\nthread T {\n l = 1\n}", POR_ERR_SYNTAX,
                 "bad.toy:3: lock 'l' cannot be assigned");
    expect_error("lock l\nthread T {\n local r = l\n}", POR_ERR_SYNTAX,
                 "bad.toy:3: lock 'l' used as a value");
    expect_error("shared x\nthread T {\n local x = 1\n}", POR_ERR_SYNTAX,
                 "bad.toy:3: 'x' is shared, not a local");
}

Test(toy_parse, enforces_limits)
{
    char src[8192] = "";
    for (int t = 0; t <= POR_MAX_THREADS; t++)
        snprintf(src + strlen(src), sizeof src - strlen(src), "thread T%d { local }\n", t);
    expect_error(src, POR_ERR_LIMIT, "bad.toy:65: too many threads (at most 64)");
    char deep[400] = "thread T {\n local r = ";
    for (int i = 0; i < 70; i++) strcat(deep, "(");
    strcat(deep, "1");
    for (int i = 0; i < 70; i++) strcat(deep, ")");
    strcat(deep, "\n}");
    expect_error(deep, POR_ERR_LIMIT, "bad.toy:2: too many nesting levels (at most 64)");
}

Test(toy_parse, load_reports_missing_files)
{
    toy_program *toy;
    por_error err;
    cr_assert_eq(toy_load("/nonexistent/x.toy", &toy, &err), POR_ERR_IO);
    cr_assert_str_eq(err.message, "/nonexistent/x.toy: cannot open file");
}

Test(toy_parse, fails_cleanly_when_out_of_memory)
{
    const char *src = "shared x, y = 3\nlock l\nthread A {\n lock l\n r = x\n unlock l\n"
                      " while (y == 0) { local }\n if (r == 1) { local } else { local }\n"
                      " return r\n}\nthread B {\n L: r = cas(x, 0, 1)\n if (r == 0) goto L\n}\n";
    size_t failures = 0;
    for (long n = 0;; n++) {
        toy_program *toy;
        por_error err;
        base_fail_allocation_after(n);
        por_status s = toy_parse(src, strlen(src), "oom.toy", &toy, &err);
        base_fail_allocation_after(-1);
        if (s == POR_OK) {
            toy_free(toy);
            break;
        }
        cr_assert_eq(s, POR_ERR_NOMEM, "allocation %ld: %s", n, err.message);
        cr_assert_null(toy);
        failures++;
    }
    cr_assert_gt(failures, 10);
    cr_assert_eq(base_bytes_in_use(), 0, "leaked %zu bytes", base_bytes_in_use());
}

/* ---- The interpreter ------------------------------------------------------------------------- */

static por_label peek(const por_lts *lts, size_t t)
{
    por_label l;
    lts->ops->peek(lts->model, t, &l);
    return l;
}

static void outcome_is(const toy_program *toy, const char *want)
{
    char buf[512];
    toy_outcome(toy, buf, sizeof buf);
    cr_assert_str_eq(buf, want);
}

Test(toy_lts, labels_reads_writes_locks_and_local_steps)
{
    toy_program *toy =
        harness_parse("shared x, y\nlock l\nthread A {\n r = y\n x = r + 1\n s = cas(y, 0, 5)\n"
                      " lock l\n unlock l\n local r = 7\n assert(r == 7)\n return r, s\n}\n");
    por_lts lts = toy_lts(toy);
    struct {
        por_access access;
        uint32_t object;
    } want[] = {
        {POR_READ, 1},  {POR_WRITE, 0},     {POR_WRITE, 1},     {POR_WRITE, 2},
        {POR_WRITE, 2}, {POR_INVISIBLE, 0}, {POR_INVISIBLE, 0},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        por_label l = peek(&lts, 0);
        cr_assert_eq(l.thread, 0);
        cr_assert_eq(l.pc, i, "step %zu at pc %u", i, l.pc);
        cr_assert_eq(l.access, want[i].access, "step %zu", i);
        cr_assert_eq(l.object, want[i].object, "step %zu", i);
        cr_assert_eq(lts.ops->enabled(lts.model), 1);
        cr_assert_eq(lts.ops->step(lts.model, 0, NULL), POR_STEP_OK);
    }
    cr_assert_eq(lts.ops->enabled(lts.model), 0);
    cr_assert_eq(lts.ops->waiting(lts.model), 0);
    outcome_is(toy, "A: r=7, s=1");
    char state[256];
    toy_describe(toy, state, sizeof state);
    cr_assert_str_eq(state, "x=1 y=5 l=free | A finished at line 11 r=7 s=1");
    toy_free(toy);
}

Test(toy_lts, locks_block_and_bad_unlocks_fail)
{
    toy_program *toy = harness_parse("lock l\nthread A {\n lock l\n unlock l\n unlock l\n}\n"
                                     "thread B {\n lock l\n}\n");
    por_lts lts = toy_lts(toy);
    cr_assert_eq(lts.ops->enabled(lts.model), 3);
    cr_assert_eq(lts.ops->step(lts.model, 0, NULL), POR_STEP_OK);
    cr_assert_eq(lts.ops->enabled(lts.model), 1, "B waits while A holds l");
    cr_assert_eq(lts.ops->waiting(lts.model), 2);
    cr_assert_eq(lts.ops->step(lts.model, 0, NULL), POR_STEP_OK);
    cr_assert_eq(lts.ops->enabled(lts.model), 3);
    cr_assert_eq(lts.ops->step(lts.model, 0, NULL), POR_STEP_ASSERT, "unlocking a free lock fails");
    outcome_is(toy, "A: failed at line 5; B: blocked at line 8");
    toy_free(toy);
}

Test(toy_lts, step_of_a_disabled_thread_is_an_error)
{
    toy_program *toy = harness_parse("lock l\nthread A { lock l }\nthread B { lock l }\n");
    por_lts lts = toy_lts(toy);
    por_error err = {0};
    cr_assert_eq(lts.ops->step(lts.model, 0, &err), POR_STEP_OK);
    cr_assert_eq(lts.ops->step(lts.model, 1, &err), POR_STEP_ERROR);
    cr_assert_str_eq(err.message, "test.toy: thread 1 is not enabled");
    cr_assert_eq(lts.ops->waiting(lts.model), 2, "B waits for ever: a deadlock");
    outcome_is(toy, "A: -; B: blocked at line 3");
    toy_free(toy);
}

Test(toy_lts, cas_succeeds_once)
{
    toy_program *toy = harness_parse("shared x\nthread A {\n a = cas(x, 0, 1)\n b = cas(x, 0, 2)\n"
                                     " c = cas(x, 1, -3)\n return a, b, c\n}\n");
    por_lts lts = toy_lts(toy);
    for (int i = 0; i < 3; i++) cr_assert_eq(lts.ops->step(lts.model, 0, NULL), POR_STEP_OK);
    outcome_is(toy, "A: a=1, b=0, c=1");
    int32_t words[8];
    cr_assert_eq(toy_state_words(toy, words), 6);
    cr_assert_eq(words[0], -3);
    toy_free(toy);
}

Test(toy_lts, asserts_fail_the_thread_and_keep_its_locals)
{
    toy_program *toy =
        harness_parse("shared x = 2\nthread A {\n r = x\n assert(r != 2)\n local r = 9\n}\n");
    por_lts lts = toy_lts(toy);
    cr_assert_eq(lts.ops->step(lts.model, 0, NULL), POR_STEP_OK);
    cr_assert_eq(peek(&lts, 0).access, POR_INVISIBLE);
    cr_assert_eq(lts.ops->step(lts.model, 0, NULL), POR_STEP_ASSERT);
    cr_assert_eq(lts.ops->enabled(lts.model), 0);
    cr_assert_eq(lts.ops->waiting(lts.model), 0, "a failed thread is stopped, not waiting");
    char buf[128];
    toy_describe_thread(toy, 0, buf, sizeof buf);
    cr_assert_str_eq(buf, "A failed at line 4 r=2");
    cr_assert_eq(toy_thread_line(toy, 0), 4);
    toy_free(toy);
}

Test(toy_lts, control_flow_costs_no_transition)
{
    toy_program *toy =
        harness_parse("shared f\nthread A {\n while (f == 0) {}\n if (1) goto L\n local\n"
                      " L: r = f\n return r\n}\n");
    por_lts lts = toy_lts(toy);
    por_fp start = lts.ops->fingerprint(lts.model);
    cr_assert_eq(peek(&lts, 0).access, POR_READ);
    cr_assert_eq(lts.ops->step(lts.model, 0, NULL), POR_STEP_OK);
    por_fp again = lts.ops->fingerprint(lts.model);
    cr_assert(start.lo == again.lo && start.hi == again.hi,
              "reading f == 0 spins back to the same state");
    toy_free(toy);
}

Test(toy_lts, a_pure_control_loop_is_an_invisible_self_loop)
{
    toy_program *toy = harness_parse("thread A {\n local r = 1\n while (true) {}\n}\n");
    por_lts lts = toy_lts(toy);
    cr_assert_eq(lts.ops->step(lts.model, 0, NULL), POR_STEP_OK);
    por_fp a = lts.ops->fingerprint(lts.model);
    cr_assert_eq(peek(&lts, 0).access, POR_INVISIBLE);
    cr_assert_eq(lts.ops->enabled(lts.model), 1);
    cr_assert_eq(lts.ops->step(lts.model, 0, NULL), POR_STEP_OK);
    por_fp b = lts.ops->fingerprint(lts.model);
    cr_assert(a.lo == b.lo && a.hi == b.hi);
    toy_free(toy);
}

Test(toy_lts, snapshots_restore_exact_states)
{
    toy_program *toy = harness_parse("shared x\nthread A {\n x = 1\n x = 2\n}\n");
    por_lts lts = toy_lts(toy);
    por_snapshot *s0 = lts.ops->save(lts.model);
    por_fp f0 = lts.ops->fingerprint(lts.model);
    lts.ops->step(lts.model, 0, NULL);
    por_snapshot *s1 = lts.ops->save(lts.model);
    lts.ops->step(lts.model, 0, NULL);
    lts.ops->restore(lts.model, s0);
    por_fp g = lts.ops->fingerprint(lts.model);
    cr_assert(f0.lo == g.lo && f0.hi == g.hi);
    lts.ops->restore(lts.model, s1);
    int32_t words[4];
    toy_state_words(toy, words);
    cr_assert_eq(words[0], 1);
    lts.ops->release(lts.model, s0);
    lts.ops->release(lts.model, s1);
    toy_free(toy);
    cr_assert_eq(base_bytes_in_use(), 0);
}

Test(toy_lts, wraps_integer_arithmetic)
{
    toy_program *toy = harness_parse(
        "thread A {\n local r = 2147483647 + 1\n local s = -r\n"
        " local t = 65536 * 65536 + (1 < 2) + !0 + (3 >= 3 && 0 || 1)\n return r, s, t\n}\n");
    por_lts lts = toy_lts(toy);
    for (int i = 0; i < 3; i++) lts.ops->step(lts.model, 0, NULL);
    outcome_is(toy, "A: r=-2147483648, s=-2147483648, t=3");
    toy_free(toy);
}
