/* The vm library in-process: output capture, both dispatch modes, running a thread in steps
 * (a budget, a stop-before predicate), and clean failures (bad model path, out of memory). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm.h"

/* Program output collected in memory. */
typedef struct capture {
    char out[1 << 17];
    size_t len;
} capture;

static void sink(void *ctx, int fd, const char *bytes, size_t len)
{
    capture *c = ctx;
    if (fd != 1 || c->len + len >= sizeof c->out) return;
    memcpy(c->out + c->len, bytes, len);
    c->len += len;
    c->out[c->len] = '\0';
}

/* Returns a new vm on [classpath] whose output goes to [c]. */
static vm *make_vm_on(const char *classpath, capture *c, vm_dispatch dispatch)
{
    vm_options opts = {.classpath = classpath, .write = sink, .write_ctx = c, .dispatch = dispatch};
    vm *machine;
    vm_error err = {0};
    cr_assert_eq(vm_new(&opts, &machine, &err), VM_OK, "%s", err.message);
    return machine;
}

static vm *make_vm(capture *c, vm_dispatch dispatch)
{
    return make_vm_on(GOLDEN_BUILD "/golden8.jar", c, dispatch);
}

/* Runs [main] to completion with exec; returns its exit status. */
static int exec_program(const char *main, capture *c, vm_dispatch dispatch)
{
    vm *machine = make_vm(c, dispatch);
    vm_error err = {0};
    int status = -1;
    cr_assert_eq(vm_exec(machine, main, 0, NULL, &status, &err), VM_OK, "%s", err.message);
    vm_free(machine);
    return status;
}

Test(vm_api, exec_captures_output)
{
    static capture c;
    cr_assert_eq(exec_program("HelloWorld", &c, VM_DISPATCH_DEFAULT), 0);
    cr_assert(!strncmp(c.out, "Hello, world!\n0\ntrue 42 42 4.2 4.2 ok\n", 37), "%s", c.out);
}

Test(vm_api, lambda_names_do_not_depend_on_link_order)
{
    static capture in_order, reversed;
    char flip[] = "flip", *argv[] = {flip};
    capture *runs[] = {&in_order, &reversed};
    for (int argc = 0; argc < 2; argc++) {
        vm *machine = make_vm_on(GOLDEN_BUILD "/lts.jar", runs[argc], VM_DISPATCH_DEFAULT);
        vm_error err = {0};
        int status = -1;
        cr_assert_eq(vm_exec(machine, "LinkOrder", argc, argv, &status, &err), VM_OK, "%s",
                     err.message);
        cr_assert_eq(status, 0);
        vm_free(machine);
    }
    cr_assert(strstr(in_order.out, "LinkOrder$$Lambda$"), "%s", in_order.out);
    cr_assert_str_eq(in_order.out, reversed.out);
}

Test(vm_api, dispatch_modes_agree)
{
    static capture a, b;
    const char *programs[] = {"IntArith", "Exceptions", "HashMapOps", "Lambdas", "StaticInit"};
    for (size_t i = 0; i < sizeof programs / sizeof *programs; i++) {
        a.len = b.len = 0;
        int sa = exec_program(programs[i], &a, VM_DISPATCH_SWITCH);
        int sb = exec_program(programs[i], &b, VM_DISPATCH_GOTO);
        cr_assert_eq(sa, sb, "%s", programs[i]);
        cr_assert(a.len == b.len && !memcmp(a.out, b.out, a.len), "%s: outputs differ",
                  programs[i]);
    }
}

Test(vm_api, budget_stops_and_resumes)
{
    static capture whole, parts;
    exec_program("Algorithms", &whole, VM_DISPATCH_DEFAULT);
    vm *machine = make_vm(&parts, VM_DISPATCH_DEFAULT);
    vm_error err = {0};
    cr_assert_eq(vm_start(machine, "Algorithms", 0, NULL, &err), VM_OK, "%s", err.message);
    vm_stop stop = {.budget = 1000};
    size_t stops = 0;
    vm_run_result r;
    while ((r = vm_thread_run(machine, 0, &stop)) == VM_RUN_STOPPED) {
        stops++;
        vm_location at;
        cr_assert(vm_thread_location(machine, 0, &at));
    }
    cr_assert_eq(r, VM_RUN_ENDED);
    cr_assert_gt(stops, 100);
    cr_assert_eq(vm_thread_state_of(machine, 0), VM_THREAD_TERMINATED);
    cr_assert_eq(vm_exit_status(machine), 0);
    vm_flush(machine);
    vm_free(machine);
    cr_assert(whole.len == parts.len && !memcmp(whole.out, parts.out, whole.len),
              "stepped output differs");
}

/* Counts the stops before PUTFIELD instructions and checks where they happen. */
static bool before_putfield(void *ctx, const vm *machine, uint32_t thread, const vm_location *at)
{
    (void)machine;
    cr_assert_eq(thread, 0);
    cr_assert_eq(at->opcode, CF_OP_PUTFIELD);
    ++*(size_t *)ctx;
    return true;
}

Test(vm_api, stops_before_watched_instructions)
{
    static capture whole, parts;
    exec_program("Fields", &whole, VM_DISPATCH_DEFAULT);
    vm *machine = make_vm(&parts, VM_DISPATCH_SWITCH);
    vm_error err = {0};
    cr_assert_eq(vm_start(machine, "Fields", 0, NULL, &err), VM_OK, "%s", err.message);
    static bool watch[256];
    watch[CF_OP_PUTFIELD] = true;
    size_t stops = 0;
    vm_stop stop = {.watch = watch, .before = before_putfield, .ctx = &stops};
    vm_run_result r;
    while ((r = vm_thread_run(machine, 0, &stop)) == VM_RUN_STOPPED) stop.skip_first = true;
    cr_assert_eq(r, VM_RUN_ENDED);
    cr_assert_gt(stops, 20);
    vm_flush(machine);
    vm_free(machine);
    cr_assert(whole.len == parts.len && !memcmp(whole.out, parts.out, whole.len),
              "stepped output differs");
}

Test(vm_api, bad_model_path)
{
    vm_options opts = {.model_path = "/nonexistent/model.jar"};
    vm *machine = (vm *)1;
    vm_error err = {0};
    cr_assert_eq(vm_new(&opts, &machine, &err), VM_ERR_BAD_INPUT);
    cr_assert_null(machine);
    cr_assert(strstr(err.message, "/nonexistent/model.jar"), "%s", err.message);
}

Test(vm_api, out_of_memory_fails_cleanly)
{
    static capture c;
    for (long n = 0; n < 6000; n += 53) {
        c.len = 0;
        vm_options opts = {
            .classpath = GOLDEN_BUILD "/golden8.jar", .write = sink, .write_ctx = &c};
        vm *machine = NULL;
        vm_error err = {0};
        base_fail_allocation_after(n);
        vm_status s = vm_new(&opts, &machine, &err);
        int status;
        if (s == VM_OK) s = vm_exec(machine, "Lambdas", 0, NULL, &status, &err);
        base_fail_allocation_after(-1);
        cr_assert(s == VM_OK || s == VM_ERR_NOMEM, "n=%ld: %d %s", n, s, err.message);
        vm_free(machine);
    }
}
