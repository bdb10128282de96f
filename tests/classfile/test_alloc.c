/* Out of memory at every allocation: a clean CF_ERR_NOMEM, and nothing leaks. */
#define _DEFAULT_SOURCE /* mincore */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

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

Test(cf_alloc, mapped_memory_is_zeroed_counted_and_given_back)
{
    size_t baseline = base_bytes_in_use(), bytes = (size_t)8 << 20;
    unsigned char *p = base_map_zeroed(bytes);
    cr_assert_not_null(p);
    cr_assert_eq(base_bytes_in_use(), baseline + bytes);
    cr_assert_eq(p[0] | p[bytes / 2] | p[bytes - 1], 0, "mapped memory is zeroed");
    p[0] = p[bytes - 1] = 0xAB;
    cr_assert_eq(p[bytes - 1], 0xAB);
    base_unmap(p, bytes);
    cr_assert_eq(base_bytes_in_use(), baseline);
    base_fail_allocation_after(0);
    cr_assert_null(base_map_zeroed(bytes), "the allocator hook can refuse a mapping");
    base_fail_allocation_after(-1);
    cr_assert_eq(base_bytes_in_use(), baseline);
    base_unmap(NULL, bytes);
}

Test(cf_alloc, written_blocks_have_every_page_mapped_and_are_zeroed)
{
    size_t baseline = base_bytes_in_use(), bytes = ((size_t)3 << 20) + 100; /* below huge pages */
    unsigned char *p = base_calloc_written(bytes, 1);
    cr_assert_not_null(p);
    cr_assert_eq(base_bytes_in_use(), baseline + bytes);
    long page = sysconf(_SC_PAGESIZE);
    uintptr_t lo = (uintptr_t)p & ~(uintptr_t)(page - 1), hi = (uintptr_t)p + bytes;
    size_t pages = (hi - lo + (size_t)page - 1) / (size_t)page;
    unsigned char *resident = malloc(pages);
    cr_assert_eq(mincore((void *)lo, hi - lo, resident), 0);
    size_t missing = 0;
    for (size_t i = 0; i < pages; i++) missing += !(resident[i] & 1);
    cr_assert_eq(missing, 0, "%zu of %zu pages not mapped before any read", missing, pages);
    free(resident);
    for (size_t i = 0; i < bytes; i += 4093) cr_assert_eq(p[i], 0);
    cr_assert_eq(p[bytes - 1], 0);
    base_free(p);
    cr_assert_eq(base_bytes_in_use(), baseline);
    cr_assert_null(base_calloc_written(SIZE_MAX / 2, 4), "an overflowing size fails");
}

/* Returns the VmFlags of the mapping of /proc/self/smaps that holds [addr], and in [*lo] and
 * [*hi] its bounds; NULL when none does. */
static char *mapping_flags(uintptr_t addr, uintptr_t *lo, uintptr_t *hi)
{
    static char flags[512];
    FILE *f = fopen("/proc/self/smaps", "r");
    cr_assert_not_null(f);
    char line[512];
    bool inside = false, found = false;
    while (!found && fgets(line, sizeof line, f)) {
        unsigned long a, b;
        if (sscanf(line, "%lx-%lx ", &a, &b) == 2 && strchr(line, '-') < strchr(line, ' '))
            inside = a <= addr && addr < b, *lo = a, *hi = b;
        else if (inside && !strncmp(line, "VmFlags:", 8))
            found = true, snprintf(flags, sizeof flags, "%s", line + 8);
    }
    fclose(f);
    return found ? flags : NULL;
}

Test(cf_alloc, a_big_block_asks_for_huge_pages_over_its_whole_mapping)
{
    FILE *thp = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
    if (!thp) cr_skip_test("this kernel has no transparent huge pages");
    fclose(thp);
    size_t bytes = (size_t)16 << 20;
    unsigned char *p = base_malloc(bytes);
    cr_assert_not_null(p);
    for (size_t i = 0; i < bytes; i += 4096) p[i] = (unsigned char)(i >> 12);
    /* Grown by realloc, the block keeps its bytes and its advice. */
    p = base_realloc(p, 2 * bytes);
    cr_assert_not_null(p);
    for (size_t i = 0; i < bytes; i += 4096) cr_assert_eq(p[i], (unsigned char)(i >> 12));
    uintptr_t lo, hi;
    char *flags = mapping_flags((uintptr_t)p, &lo, &hi);
    cr_assert_not_null(flags, "no mapping holds the block");
    cr_assert(strstr(flags, " hg"), "the block's mapping is not advised for huge pages: %s", flags);
    /* Advice on part of a mapping splits it, and realloc then copies instead of remapping. */
    cr_assert(lo <= (uintptr_t)p && (uintptr_t)p + 2 * bytes <= hi,
              "the advice split the block's mapping");
    base_free(p);
}

/* What a thread of base_test_threads does: allocates [bytes] (kept in [*block]) and frees
 * nothing; or frees [*block]. */
typedef struct thread_job {
    size_t bytes;
    void *block;
} thread_job;

/* Allocates or frees the job's block on another thread. */
static void *run_job(void *arg)
{
    thread_job *job = arg;
    if (job->block) {
        base_free(job->block);
        job->block = NULL;
    } else {
        job->block = base_malloc(job->bytes);
    }
    return NULL;
}

/* Runs [job] on a thread of its own and waits for it to exit. */
static void on_thread(thread_job *job)
{
    pthread_t t;
    cr_assert_eq(pthread_create(&t, NULL, run_job, job), 0);
    cr_assert_eq(pthread_join(t, NULL), 0);
}

Test(cf_alloc, a_threads_small_allocations_are_counted_when_it_exits)
{
    size_t baseline = base_bytes_in_use();
    thread_job job = {1000, NULL}; /* far below the batch a thread keeps to itself */
    on_thread(&job);
    cr_assert_not_null(job.block);
    cr_assert_eq(base_bytes_in_use(), baseline + 1000, "the exited thread's bytes are counted");
    base_free(job.block); /* freed here, allocated there */
    cr_assert_eq(base_bytes_in_use(), baseline);
    job.block = base_malloc(3000);
    on_thread(&job); /* allocated here, freed there */
    cr_assert_null(job.block);
    cr_assert_eq(base_bytes_in_use(), baseline);
}

Test(cf_alloc, the_count_is_exact_for_the_calling_threads_own_blocks)
{
    size_t baseline = base_bytes_in_use();
    void *blocks[100];
    for (int i = 0; i < 100; i++) {
        blocks[i] = base_malloc(100 + (size_t)i);
        cr_assert_eq(base_bytes_in_use(),
                     baseline + (size_t)(i + 1) * 100 + (size_t)i * (i + 1) / 2);
    }
    for (int i = 0; i < 100; i++) base_free(blocks[i]);
    cr_assert_eq(base_bytes_in_use(), baseline);
}
