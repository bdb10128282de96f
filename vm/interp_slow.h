/* Private to the interpreter: the slow paths of instructions (resolution, class
 * initialisation, allocation of arrays, the stop predicate), shared by both dispatch modes. */
#ifndef PORCHECK_VM_INTERP_SLOW_H
#define PORCHECK_VM_INTERP_SLOW_H

#include "internal.h"

/* What a slow path tells the interpreter to do next. */
enum {
    SLOW_GO = 0,  /* carry on with the instruction */
    SLOW_REDO,    /* frames were pushed (initialisers): reload and dispatch */
    SLOW_THROWN,  /* an exception is pending */
    SLOW_BLOCKED, /* the thread must wait */
    SLOW_FATAL,   /* a fatal error is recorded */
};

/* Java's d2i/f2i: NaN is 0, out-of-range values saturate. */
static inline int32_t java_d2i(double v)
{
    if (v != v) return 0;
    if (v >= 2147483647.0) return INT32_MAX;
    if (v <= -2147483648.0) return INT32_MIN;
    return (int32_t)v;
}

/* Java's d2l/f2l: NaN is 0, out-of-range values saturate. */
static inline int64_t java_d2l(double v)
{
    if (v != v) return 0;
    if (v >= 9223372036854775807.0) return INT64_MAX;
    if (v <= -9223372036854775807.0 - 1.0) return INT64_MIN;
    return (int64_t)v;
}

/* Decides whether to stop before the instruction at [pc] of [frame] (operand stack top [sp]):
 * under the checker the classifier decides (and [icount] 0 cuts the transition), otherwise
 * [stop]'s predicate. */
bool vm_stop_before(vm *machine, vm_thread *t, const vm_stop *stop, uint64_t icount,
                    const vm_frame *frame, const uint8_t *pc, const vm_slot *sp);

/* Resolves loadable constant [index] of [cls] and stores its slot value at [sp]. */
int vm_slow_ldc(vm *machine, vm_thread *t, vm_class *cls, uint16_t index, vm_slot *sp);

/* Resolves static Fieldref [index] of [cls] and initialises its class. */
int vm_slow_static(vm *machine, vm_thread *t, vm_class *cls, uint16_t index);

/* Resolves static Methodref [index] of [cls] and initialises its class. */
int vm_slow_invokestatic(vm *machine, vm_thread *t, vm_class *cls, uint16_t index);

/* Resolves Class [index] of [cls] for new, checks it can be instantiated and initialises it. */
int vm_slow_new(vm *machine, vm_thread *t, vm_class *cls, uint16_t index);

/* Allocates the array of multianewarray at [pc] from the counts on the saved operand stack. */
int vm_slow_multianewarray(vm *machine, vm_thread *t, vm_class *cls, const uint8_t *pc);

/* Returns the array class of newarray type code [atype]. */
vm_class *vm_primitive_array_class(vm *machine, uint8_t atype);

/* Returns the array class of anewarray's Class constant [index] of [cls]. */
vm_class *vm_object_array_class(vm *machine, vm_thread *t, vm_class *cls, uint16_t index);

/* Throws ClassCastException for casting an instance of [from] to [to], with HotSpot's message. */
void vm_throw_class_cast(vm *machine, vm_thread *t, const vm_class *from, const vm_class *to);

#endif
