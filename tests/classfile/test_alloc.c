/* Out of memory at every allocation: a clean CF_ERR_NOMEM, and nothing leaks. */
#include <criterion/criterion.h>
#include <string.h>

#include "testutil.h"

Test(cf_alloc, every_failed_allocation_is_reported_and_leaks_nothing)
{
    size_t len;
    uint8_t *data = tu_jar_bytes(CFTEST_JAR17, "cftest/Lambdas", &len);
    size_t baseline = base_bytes_in_use();
    long n = 0;
    for (;; n++) {
        base_fail_allocation_after(n);
        cf_class *cls;
        cf_error err = {0};
        cf_status s = cf_parse(data, len, "Lambdas.class", &cls, &err);
        base_fail_allocation_after(-1);
        if (s == CF_OK) {
            cf_class_free(cls);
            cr_assert_eq(base_bytes_in_use(), baseline);
            break;
        }
        cr_assert_eq(s, CF_ERR_NOMEM, "allocation %ld: %s", n, err.message);
        cr_assert(strstr(err.message, "out of memory"), "%s", err.message);
        cr_assert_eq(base_bytes_in_use(), baseline, "allocation %ld leaked", n);
    }
    cr_assert_gt(n, 2, "parsing should allocate several times");
    base_free(data);
}

Test(cf_alloc, arena_frees_everything_it_hands_out)
{
    size_t baseline = base_bytes_in_use();
    base_arena arena;
    base_arena_init(&arena);
    for (int i = 0; i < 1000; i++) {
        char *p = base_arena_alloc(&arena, (size_t)(i % 97) + 1);
        cr_assert_not_null(p);
        cr_assert_eq((uintptr_t)p % _Alignof(max_align_t), 0);
        cr_assert_eq(p[0], 0, "arena memory is zeroed");
        memset(p, 0xAB, (size_t)(i % 97) + 1);
    }
    char *big = base_arena_alloc(&arena, 100000);
    cr_assert_not_null(big);
    cr_assert_gt(base_bytes_in_use(), baseline + 100000);
    base_arena_release(&arena);
    cr_assert_eq(base_bytes_in_use(), baseline);
}

Test(cf_alloc, grow_doubles_an_array_and_leaves_it_alone_when_out_of_memory)
{
    size_t baseline = base_bytes_in_use(), cap = 0;
    int *items = base_grow(NULL, &cap, sizeof *items, 4);
    cr_assert_not_null(items);
    cr_assert_eq(cap, 4);
    for (int i = 0; i < 4; i++) items[i] = i;
    int *grown = base_grow(items, &cap, sizeof *items, 4);
    cr_assert_not_null(grown);
    cr_assert_eq(cap, 8);
    for (int i = 0; i < 4; i++) cr_assert_eq(grown[i], i);
    base_fail_allocation_after(0);
    cr_assert_null(base_grow(grown, &cap, sizeof *grown, 4));
    base_fail_allocation_after(-1);
    cr_assert_eq(cap, 8);
    cr_assert_eq(grown[3], 3);
    size_t huge = SIZE_MAX / 2 + 1;
    cr_assert_null(base_grow(grown, &huge, 1, 4), "a doubled capacity that overflows fails");
    base_free(grown);
    cr_assert_eq(base_bytes_in_use(), baseline);
}
