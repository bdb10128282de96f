/* The VM as a transition system, in-process: fingerprints of states reached by commuting
 * schedules are equal, garbage (and the handles it used) does not change a fingerprint, a
 * one-field difference does; snapshots restore states exactly (same fingerprint after a
 * restore), a stale snapshot is refused, labels name the accessed field, and a thread that cannot
 * take a lock is not enabled. Programs: tests/vm/lts/FpProbe.java, tests/vm/concurrent. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "drive.h"

/* Starts [main] with one argument [mode] on [jar] as a transition system. */
static vm *start(const char *jar, const char *main, char *mode, explore_classifier classifier,
                 bool exact)
{
    explore_check_options check = {.classifier = classifier, .exact = exact};
    return start_with(jar, main, mode, &check);
}

/* Runs main until both workers (threads 1 and 2) are started and main waits in join. */
static void start_workers(vm *machine)
{
    for (int i = 0; i < 100 && !(enabled(machine, 1) && enabled(machine, 2)); i++) step(machine, 0);
    cr_assert(enabled(machine, 1) && enabled(machine, 2));
}

static por_fp fingerprint(vm *machine)
{
    return explore_lts(machine).ops->fingerprint(machine);
}

static bool same(por_fp a, por_fp b)
{
    return a.lo == b.lo && a.hi == b.hi;
}

#define JAR GOLDEN_BUILD "/lts.jar"

Test(explore_lts, commuting_schedules_reach_the_same_fingerprint)
{
    for (int exact = 0; exact < 2; exact++) {
        vm *machine = start(JAR, "FpProbe", "commute", EXPLORE_CLASSIFY_JPF, exact);
        start_workers(machine);
        por_lts lts = explore_lts(machine);
        por_snapshot *s0 = lts.ops->save(machine);
        advance_to(machine, 1, "end");
        advance_to(machine, 2, "end");
        por_fp a = fingerprint(machine);
        lts.ops->restore(machine, s0);
        advance_to(machine, 2, "end");
        advance_to(machine, 1, "end");
        por_fp b = fingerprint(machine);
        cr_assert(same(a, b), "T1;T2 and T2;T1 differ");
        lts.ops->restore(machine, s0);
        advance_to(machine, 1, "end");
        cr_assert(!same(a, fingerprint(machine)), "a state before T2 ran equals the end state");
        lts.ops->release(machine, s0);
        vm_free(machine);
    }
}

Test(explore_lts, garbage_does_not_change_the_fingerprint)
{
    vm *machine = start(JAR, "FpProbe", "garbage", EXPLORE_CLASSIFY_JPF, true);
    start_workers(machine);
    por_lts lts = explore_lts(machine);
    por_snapshot *s0 = lts.ops->save(machine);
    /* without garbage: T1 reads flag == false, then T2 sets and clears it */
    advance_to(machine, 1, "write Shared.a");
    advance_to(machine, 2, "end");
    por_fp clean = fingerprint(machine);
    /* with garbage: T2 sets the flag, T1 allocates and drops an array, T2 clears the flag */
    lts.ops->restore(machine, s0);
    advance_to(machine, 2, "write Shared.flag");
    step(machine, 2);
    advance_to(machine, 1, "write Shared.a");
    advance_to(machine, 2, "end");
    cr_assert(same(clean, fingerprint(machine)), "garbage changed the fingerprint");
    lts.ops->release(machine, s0);
    vm_free(machine);
}

/* Fingerprints of the end states of "symmetry" (whichever thread runs first allocates the
 * installed array): [a] with T1 first, [b] with T2 first. */
static void symmetry_ends(const explore_check_options *check, por_fp *a, por_fp *b)
{
    vm *machine = start_with(JAR, "FpProbe", "symmetry", check);
    start_workers(machine);
    por_lts lts = explore_lts(machine);
    por_snapshot *s0 = lts.ops->save(machine);
    advance_to(machine, 1, "end");
    advance_to(machine, 2, "end");
    *a = fingerprint(machine);
    lts.ops->restore(machine, s0);
    advance_to(machine, 2, "end");
    advance_to(machine, 1, "end");
    *b = fingerprint(machine);
    lts.ops->release(machine, s0);
    vm_free(machine);
}

Test(explore_lts, heap_symmetry_merges_states_that_differ_in_object_names_only)
{
    por_fp a, b;
    explore_check_options plain = {.classifier = EXPLORE_CLASSIFY_JPF};
    symmetry_ends(&plain, &a, &b);
    cr_assert(!same(a, b), "the array's allocating thread is part of its name without symmetry");
    for (int exact = 0; exact < 2; exact++) {
        explore_check_options sym = {
            .classifier = EXPLORE_CLASSIFY_JPF, .exact = exact, .heap_symmetry = true};
        symmetry_ends(&sym, &a, &b);
        cr_assert(same(a, b), "heap symmetry kept T1's and T2's array apart (exact %d)", exact);
    }
}

/* Runs "loadorder" in a new VM under [check]: worker 1 to its end and worker 2 into LoadB's
 * constructor (its frame on the stack), the one of [first] first; returns the fingerprint. */
static por_fp load_order_end(const explore_check_options *check, uint32_t first)
{
    vm *machine = start_with(JAR, "FpProbe", "loadorder", check);
    start_workers(machine);
    for (uint32_t k = 0, t = first; k < 2; k++, t = 3 - t)
        advance_to(machine, t, t == 1 ? "end" : "LoadB.made");
    por_fp fp = fingerprint(machine);
    vm_free(machine);
    return fp;
}

Test(explore_lts, every_vm_gives_a_state_one_fingerprint_whatever_it_loaded_first)
{
    /* The workers of a parallel search each run a VM of their own and share one state set: a
     * class's place in the load order, a method's in the registry and the VM's count of interned
     * literals must not reach a fingerprint, or one state splits (and two could merge). */
    for (int symmetry = 0; symmetry < 2; symmetry++) {
        explore_check_options check = {.classifier = EXPLORE_CLASSIFY_JPF,
                                       .heap_symmetry = symmetry};
        por_fp a = load_order_end(&check, 1), b = load_order_end(&check, 2);
        cr_assert(same(a, b), "LoadA then LoadB and LoadB then LoadA differ (symmetry %d)",
                  symmetry);
    }
}

/* "onefield" ends with a = 1 or a = 2: the two end states must have different fingerprints. */
static void one_field_apart(const explore_check_options *check)
{
    vm *machine = start_with(JAR, "FpProbe", "onefield", check);
    start_workers(machine);
    por_lts lts = explore_lts(machine);
    por_snapshot *s0 = lts.ops->save(machine);
    advance_to(machine, 1, "end"); /* a = 1 */
    advance_to(machine, 2, "end");
    por_fp one = fingerprint(machine);
    lts.ops->restore(machine, s0);
    advance_to(machine, 2, "write Shared.b");
    advance_to(machine, 1, "end"); /* a = 2 */
    advance_to(machine, 2, "end");
    cr_assert(!same(one, fingerprint(machine)), "a = 1 and a = 2 have one fingerprint");
    lts.ops->release(machine, s0);
    vm_free(machine);
}

Test(explore_lts, heap_symmetry_keeps_different_heaps_apart)
{
    for (int exact = 0; exact < 2; exact++) {
        explore_check_options sym = {
            .classifier = EXPLORE_CLASSIFY_SAFE, .exact = exact, .heap_symmetry = true};
        one_field_apart(&sym);
    }
}

Test(explore_lts, one_field_difference_changes_the_fingerprint)
{
    for (int exact = 0; exact < 2; exact++) {
        explore_check_options check = {.classifier = EXPLORE_CLASSIFY_SAFE, .exact = exact};
        one_field_apart(&check);
    }
}

Test(explore_lts, restore_gives_back_the_saved_state)
{
    vm *machine = start(JAR, "FpProbe", "commute", EXPLORE_CLASSIFY_JPF, false);
    por_lts lts = explore_lts(machine);
    por_fp initial = fingerprint(machine);
    por_snapshot *s0 = lts.ops->save(machine);
    start_workers(machine);
    por_fp started = fingerprint(machine);
    por_snapshot *s1 = lts.ops->save(machine);
    advance_to(machine, 1, "end");
    lts.ops->restore(machine, s1);
    cr_assert(same(started, fingerprint(machine)));
    lts.ops->restore(machine, s0);
    cr_assert(same(initial, fingerprint(machine)));
    /* s1 was popped and the trail overwritten: restoring it is refused, the next step fails */
    step(machine, 0);
    lts.ops->restore(machine, s1);
    por_error err = {0};
    cr_assert_eq(lts.ops->step(machine, 0, &err), POR_STEP_ERROR);
    cr_assert(strstr(err.message, "out of order"), "%s", err.message);
    lts.ops->release(machine, s0);
    lts.ops->release(machine, s1);
    vm_free(machine);
}

Test(explore_lts, labels_and_blocking)
{
    vm *machine = start(GOLDEN_BUILD "/concurrent.jar", "DiningPhilosophers", NULL,
                        EXPLORE_CLASSIFY_JPF, false);
    for (int i = 0; i < 100 && !enabled(machine, 3); i++) step(machine, 0);
    advance_to(machine, 1, "lock Object#0.");
    step(machine, 1); /* philosopher-0 holds fork 0 */
    advance_to(machine, 3, "lock Object#0.");
    step(machine, 3); /* philosopher-2 holds fork 2 and wants fork 0 */
    advance_to(machine, 3, "lock Object#0.");
    cr_assert(!enabled(machine, 3), "a thread that cannot take the lock is enabled");
    cr_assert(explore_lts(machine).ops->waiting(machine) >> 3 & 1);
    cr_assert_eq(explore_waits_for(machine, 3), 1);
    por_label l;
    explore_lts(machine).ops->peek(machine, 3, &l);
    cr_assert_eq(l.access, POR_WRITE);
    cr_assert_eq(l.thread, 3);
    /* philosopher-0 takes fork 1, eats, releases fork 1: its next action, releasing fork 0, is
     * dependent with philosopher-2's pending lock of fork 0 */
    advance_to(machine, 1, "unlock");
    step(machine, 1);
    advance_to(machine, 1, "unlock");
    por_label m;
    explore_lts(machine).ops->peek(machine, 1, &m);
    cr_assert(por_dependent(&l, &m), "both touch fork 0's lock");
    step(machine, 1);
    cr_assert(enabled(machine, 3), "fork 0 is free again");
    vm_free(machine);
}
