/* Driving the VM as a transition system by hand, for the explorer's in-process tests: start a
 * program under a checker, step its threads, and step one until its next transition is a given
 * one. Every failure is a Criterion assertion. */
#ifndef PORCHECK_TESTS_EXPLORE_DRIVE_H
#define PORCHECK_TESTS_EXPLORE_DRIVE_H

#include <stdbool.h>
#include <stdint.h>

#include "explore.h"

/* Starts [main] on [jar] with one argument [mode] (NULL: none) as a transition system under
 * [check]; program output is discarded (the checker keeps it in the state). */
vm *start_with(const char *jar, const char *main, char *mode, const explore_check_options *check);

/* True when thread [t] of [machine] is enabled. */
bool enabled(vm *machine, uint32_t t);

/* Takes one transition of enabled thread [t]. */
void step(vm *machine, uint32_t t);

/* Steps [t] until the description of its next transition contains [what]. */
void advance_to(vm *machine, uint32_t t, const char *what);

#endif
