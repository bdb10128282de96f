/* Unsafe on array elements, in-process: a CAS through jdk.internal.misc.Unsafe (a Sync native
 * given the offset arrayBaseOffset + index * arrayIndexScale) on an element gets the label of a
 * plain aaload of the same element (the array and the element index, not the raw offset), so
 * the reductions treat the two as dependent; the next-step description names the element.
 * Program: tests/vm/concurrent/UnsafeArrayCas.java (tests/vm/test_run checks that every search
 * finds both of its outcomes). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "drive.h"

/* Starts [main] on [jar] as a transition system under [classifier]. */
static vm *start(const char *jar, const char *main, explore_classifier classifier)
{
    explore_check_options check = {.classifier = classifier};
    return start_with(jar, main, NULL, &check);
}

/* Checks, under [classifier], that the writer's Unsafe CAS of cells[0] and the reader's aaload
 * of cells[0] have the same label object and field (element 0) and are dependent. */
static void cas_and_read_are_dependent(explore_classifier classifier)
{
    vm *machine = start(GOLDEN_BUILD "/concurrent.jar", "UnsafeArrayCas", classifier);
    for (int i = 0; i < 200 && !(enabled(machine, 1) && enabled(machine, 2)); i++) step(machine, 0);
    cr_assert(enabled(machine, 1) && enabled(machine, 2), "both workers run");
    advance_to(machine, 1, "compareAndSetReference");
    advance_to(machine, 2, "[0]"); /* "read Object[]#0.6[0]" */
    char next[2048];
    explore_describe_next(machine, 1, next, sizeof next);
    cr_assert(strstr(next, "[0]"), "the CAS names element 0: %s", next);
    cr_assert(strstr(next, " Object[]#"), "the array is named as every label names it: %s", next);
    por_label cas, read;
    explore_lts(machine).ops->peek(machine, 1, &cas);
    explore_lts(machine).ops->peek(machine, 2, &read);
    cr_assert_eq(cas.access, POR_WRITE);
    cr_assert_eq(read.access, POR_READ);
    cr_assert_eq(cas.object, read.object, "the same array");
    cr_assert_eq(cas.field, 0, "the CAS's label is element 0, not offset %u", cas.field);
    cr_assert_eq(read.field, 0);
    cr_assert(por_dependent(&cas, &read), "a CAS and a read of one element are dependent");
    vm_free(machine);
}

Test(explore_unsafe, array_cas_and_plain_read_share_a_label_jpf)
{
    cas_and_read_are_dependent(EXPLORE_CLASSIFY_JPF);
}

Test(explore_unsafe, array_cas_and_plain_read_share_a_label_safe)
{
    cas_and_read_are_dependent(EXPLORE_CLASSIFY_SAFE);
}
