/* Growable arrays shared by por's files (private to por/). */
#ifndef PORCHECK_POR_ARRAY_H
#define PORCHECK_POR_ARRAY_H

#include <stdbool.h>
#include <stddef.h>

/* Resizes the array [*arr] of [elem]-byte items from [old_cap] to [new_cap] items, zeroing the
 * new ones; false (and [*arr] untouched) when out of memory. */
bool por_array_resize(void *arr, size_t elem, size_t old_cap, size_t new_cap);

/* Makes the array [*arr] of [*cap] [elem]-byte items hold at least [need], doubling it;
 * false when out of memory. */
bool por_array_reserve(void *arr, size_t *cap, size_t need, size_t elem);

#endif
