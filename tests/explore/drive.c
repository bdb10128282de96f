/* Driving the VM as a transition system by hand (drive.h). */
#include "drive.h"

#include <criterion/criterion.h>
#include <string.h>

/* Program output is discarded (the checker keeps it in the state). */
static void sink(void *ctx, int fd, const char *bytes, size_t len)
{
    (void)ctx, (void)fd, (void)bytes, (void)len;
}

vm *start_with(const char *jar, const char *main, char *mode, const explore_check_options *check)
{
    vm_options opts = {.classpath = jar, .write = sink, .assertions = true};
    vm *machine;
    vm_error err = {0};
    cr_assert_eq(vm_new(&opts, &machine, &err), VM_OK, "%s", err.message);
    char *argv[1] = {mode};
    cr_assert_eq(vm_start(machine, main, mode ? 1 : 0, argv, &err), VM_OK, "%s", err.message);
    cr_assert_eq(explore_check_begin(machine, check, &err), VM_OK, "%s", err.message);
    return machine;
}

bool enabled(vm *machine, uint32_t t)
{
    return explore_lts(machine).ops->enabled(machine) >> t & 1;
}

void step(vm *machine, uint32_t t)
{
    por_error err = {0};
    cr_assert(enabled(machine, t), "thread %u is not enabled", t);
    por_step_result r = explore_lts(machine).ops->step(machine, t, &err);
    cr_assert_neq(r, POR_STEP_ERROR, "%s", err.message);
}

void advance_to(vm *machine, uint32_t t, const char *what)
{
    char next[2048];
    for (int i = 0; i < 200; i++) {
        explore_describe_next(machine, t, next, sizeof next);
        if (strstr(next, what)) return;
        if (!enabled(machine, t)) break;
        step(machine, t);
    }
    cr_assert_fail("thread %u never reached '%s' (last: %s)", t, what, next);
}
