/* Private to the interpreter: the slow paths of instructions (resolution, class
 * initialisation, allocation of arrays, the stop predicate) and quickening, shared by every build
 * of the loop (interp_loop.h). */
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

/* Quickening (computed goto, outside the checker and the stop-before API): the interpreter runs
 * a private copy of each method's code, in which it rewrites instructions into the internal
 * opcodes below: a field access once resolved, and superinstructions (one opcode for two
 * instructions in a row, the second kept as it was so that a branch to it still works). A
 * superinstruction reads its own opcode and the operands of both instructions, never the second
 * one's opcode, which may be rewritten in turn. The internal opcodes are values the JVM leaves
 * unused (0xcb..0xfd), which the class file check rejects, so no method's own code holds them.
 * Nothing but the interpreter ever reads a copy: the classifier, traces, stack maps and the
 * disassembler read the method's own code, which stays as loaded. */
#define VM_QUICK_OPCODES(X)                                                                        \
    X(GETFIELD, 0xcb)         /* getfield left as it is (its slot does not fit in u2) */           \
    X(PUTFIELD, 0xcc)         /* putfield left as it is */                                         \
    X(GETFIELD1, 0xcd)        /* getfield of a one-slot field; u2 operand: the field's slot */     \
    X(GETFIELD2, 0xce)        /* getfield of a long or double; u2: its first slot */               \
    X(PUTFIELD1, 0xcf)        /* putfield of a one-slot field; u2: its slot */                     \
    X(PUTFIELD2, 0xd0)        /* putfield of a long or double; u2: its first slot */               \
    X(ALOAD0_GETFIELD1, 0xd1) /* aload_0, then the GETFIELD1 after it */                           \
    X(IINC_GOTO, 0xd2)        /* iinc, then goto */                                                \
    X(LOAD_LOAD, 0xd3)        /* iload, fload or aload, then another */                            \
    X(LOAD_LOAD_0, 0xd4)      /* iload, fload or aload, then iload_0, fload_0 or aload_0 */        \
    X(LOAD_LOAD_1, 0xd5)      /* ... then iload_1, fload_1 or aload_1; and so on */                \
    X(LOAD_LOAD_2, 0xd6)                                                                           \
    X(LOAD_LOAD_3, 0xd7)                                                                           \
    X(LOAD_IALOAD, 0xd8)   /* iload, then iaload */                                                \
    X(LOAD_AALOAD, 0xd9)   /* iload, then aaload */                                                \
    X(IADD_ISTORE, 0xda)   /* iadd, then istore */                                                 \
    X(IADD_ISTORE_0, 0xdb) /* iadd, then istore_0; and so on */                                    \
    X(IADD_ISTORE_1, 0xdc)                                                                         \
    X(IADD_ISTORE_2, 0xdd)                                                                         \
    X(IADD_ISTORE_3, 0xde)                                                                         \
    X(ILOAD_0_IALOAD, 0xdf) /* iload_0, then iaload; and so on */                                  \
    X(ILOAD_1_IALOAD, 0xe0)                                                                        \
    X(ILOAD_2_IALOAD, 0xe1)                                                                        \
    X(ILOAD_3_IALOAD, 0xe2)                                                                        \
    X(ILOAD_0_AALOAD, 0xe3) /* iload_0, then aaload; and so on */                                  \
    X(ILOAD_1_AALOAD, 0xe4)                                                                        \
    X(ILOAD_2_AALOAD, 0xe5)                                                                        \
    X(ILOAD_3_AALOAD, 0xe6)

/* The internal opcodes: VM_Q_GETFIELD1 and so on. */
enum {
#define VM_QUICK_ENUM(name, value) VM_Q_##name = value,
    VM_QUICK_OPCODES(VM_QUICK_ENUM)
#undef VM_QUICK_ENUM
};

/* Makes the quickened copy of the code of [m]; NULL after recording a fatal error. */
uint8_t *vm_quick_prepare(vm *machine, const vm_method *m);

/* Returns the quickened copy of the code of [m], making it on first use; NULL after recording a
 * fatal error (out of memory). */
static inline const uint8_t *vm_quick_code(vm *machine, const vm_method *m)
{
    if (VM_LIKELY(m->id < machine->quick_capacity && machine->quick[m->id]))
        return machine->quick[m->id];
    return vm_quick_prepare(machine, m);
}

/* Resolves the getfield or putfield at offset [at] of the quickened code of [frame]'s method, as
 * its first execution does, and rewrites it (and an aload_0 before it) into internal opcodes;
 * false after a fatal error. */
bool vm_quicken_field(vm *machine, vm_thread *t, const vm_frame *frame, uint32_t at);

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
