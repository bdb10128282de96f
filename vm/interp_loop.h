/* The interpreter loop, written once against VM_CASE/VM_NEXT/VM_DISPATCH and included three
 * times: interp_switch.c builds it as a switch, interp_goto.c with computed goto (VM_USE_GOTO),
 * once as it is and once for quickened code (VM_QUICK: no watch, no checker; interp_slow.h). The
 * includer defines VM_INTERP_NAME, VM_USE_GOTO and VM_QUICK. Hot state (pc, sp, locals, the frame,
 * the constant-pool cache) lives in locals and is saved to the frame (SAVE) before anything that
 * can throw, call, allocate or stop. The object table is cached too ([objects], read by OBJ): any
 * allocation may move it, so it is read again (REFRESH) after every call that returns to the
 * instruction (LOAD does it for the others). Slow paths are functions in interp_slow.h. */
#include <math.h>
#include <stdio.h>

#include "internal.h"
#include "interp_slow.h"

#define U2(p) ((uint16_t)(((p)[0] << 8) | (p)[1]))
#define S2(p) ((int16_t)U2(p))
#define S4(p)                                                                                      \
    ((int32_t)(((uint32_t)(p)[0] << 24) | ((uint32_t)(p)[1] << 16) | ((uint32_t)(p)[2] << 8) |     \
               (p)[3]))
/* The object of handle [h], through the cached table, which REFRESH reads again. */
#define OBJ(h) (objects[h])
#define REFRESH() (objects = machine->heap.objects)
/* Makes object [o] of handle [h] writable (vm_obj_w, through the cached table). */
#define WRITABLE(o, h)                                                                             \
    do {                                                                                           \
        if (VM_UNLIKELY((o)->epoch != machine->epoch)) vm_obj_w(machine, h);                       \
    } while (0)

/* Points [code] at the code of [m] that runs: its quickened copy under VM_QUICK, else its own. */
#define USE_CODE(m)                                                                                \
    do {                                                                                           \
        if (VM_QUICK) {                                                                            \
            code = vm_quick_code(machine, (m));                                                    \
            if (VM_UNLIKELY(!code)) return VM_RUN_FAILED;                                          \
        } else {                                                                                   \
            code = (m)->code->code;                                                                \
        }                                                                                          \
    } while (0)

#define LOAD()                                                                                     \
    do {                                                                                           \
        frame = &t->frames[t->depth - 1];                                                          \
        USE_CODE(frame->method);                                                                   \
        pc = code + frame->pc;                                                                     \
        locals = t->slots + frame->locals;                                                         \
        sp = t->slots + frame->sp;                                                                 \
        cp = frame->method->owner->cp;                                                             \
        REFRESH();                                                                                 \
    } while (0)

#define SAVE()                                                                                     \
    do {                                                                                           \
        frame->pc = (uint32_t)(pc - code);                                                         \
        frame->sp = frame->locals + (uint32_t)(sp - locals);                                       \
    } while (0)

/* Checking (and the stop-before API): every watched opcode asks the classifier, and the
 * instruction count may cut the run. The first instruction of a run is spared (SPARED_DISPATCH),
 * and so is the handler an exception unwinds to at the start of a run when vm_unwind leaves
 * [skip] set. */
#define WATCH()                                                                                    \
    do {                                                                                           \
        if (VM_UNLIKELY(watch != NULL) && (VM_UNLIKELY(--icount == 0) | watch[*pc])) {             \
            if (vm_stop_before(machine, t, stop, icount, frame, pc, sp)) goto stopped;             \
            REFRESH();                                                                             \
        }                                                                                          \
    } while (0)

/* Computed goto dispatches through [table], the handlers' addresses by opcode. */
#if VM_USE_GOTO
#define VM_DISPATCH()                                                                              \
    do {                                                                                           \
        WATCH();                                                                                   \
        goto *table[*pc];                                                                          \
    } while (0)
#define UNWATCHED_DISPATCH() goto *table[*pc]
#define VM_CASE(name) L_##name:
#else
#define VM_DISPATCH() goto dispatch
#define UNWATCHED_DISPATCH() goto unwatched
#define VM_CASE(name) case CF_OP_##name:
#endif
/* Dispatches without consulting the watch when [skip] is set (clearing it). */
#define SPARED_DISPATCH()                                                                          \
    do {                                                                                           \
        if (skip) {                                                                                \
            skip = false;                                                                          \
            UNWATCHED_DISPATCH();                                                                  \
        }                                                                                          \
        VM_DISPATCH();                                                                             \
    } while (0)
#define VM_NEXT(n)                                                                                 \
    do {                                                                                           \
        pc += (n);                                                                                 \
        VM_DISPATCH();                                                                             \
    } while (0)

#define BUDGET()                                                                                   \
    do {                                                                                           \
        if (VM_UNLIKELY(--budget == 0)) goto stopped;                                              \
    } while (0)
#define BRANCH(off)                                                                                \
    do {                                                                                           \
        int32_t o_ = (off);                                                                        \
        pc += o_;                                                                                  \
        if (o_ <= 0) BUDGET();                                                                     \
        VM_DISPATCH();                                                                             \
    } while (0)
#define THROW(...)                                                                                 \
    do {                                                                                           \
        SAVE();                                                                                    \
        vm_throw(machine, t, __VA_ARGS__);                                                         \
        goto exception;                                                                            \
    } while (0)
#define NULL_CHECK(h)                                                                              \
    do {                                                                                           \
        if (VM_UNLIKELY(!(h))) {                                                                   \
            SAVE();                                                                                \
            vm_throw_npe(machine, t);                                                              \
            goto exception;                                                                        \
        }                                                                                          \
    } while (0)
#define ARRAY_AT(a, h, index)                                                                      \
    do {                                                                                           \
        NULL_CHECK(h);                                                                             \
        a = OBJ(h);                                                                                \
        if (VM_UNLIKELY((uint32_t)(index) >= a->length))                                           \
            THROW("java/lang/ArrayIndexOutOfBoundsException",                                      \
                  "Index %d out of bounds for length %u", (int)(index), a->length);                \
    } while (0)
/* Runs slow path [expr] (an interp_slow result) with the frame saved. */
#define SLOW(expr)                                                                                 \
    do {                                                                                           \
        SAVE();                                                                                    \
        switch (expr) {                                                                            \
        case SLOW_GO:                                                                              \
            REFRESH();                                                                             \
            break;                                                                                 \
        case SLOW_REDO:                                                                            \
            LOAD();                                                                                \
            VM_DISPATCH();                                                                         \
        case SLOW_THROWN:                                                                          \
            goto exception;                                                                        \
        case SLOW_BLOCKED:                                                                         \
            return VM_RUN_BLOCKED;                                                                 \
        default:                                                                                   \
            return VM_RUN_FAILED;                                                                  \
        }                                                                                          \
    } while (0)
#define RESOLVED(e, expr)                                                                          \
    do {                                                                                           \
        if (VM_UNLIKELY(!(e)->resolved)) {                                                         \
            SAVE();                                                                                \
            if (!(expr)) return VM_RUN_FAILED;                                                     \
            REFRESH();                                                                             \
        }                                                                                          \
    } while (0)
#define INVOKE(target, adv)                                                                        \
    do {                                                                                           \
        callee = (target);                                                                         \
        advance = (adv);                                                                           \
        goto invoke;                                                                               \
    } while (0)

/* The bodies of instructions that several opcodes share, each opcode with a body of its own (no
 * jump between a computed goto's label and the code). */
#define PUSH_INT(v)                                                                                \
    do {                                                                                           \
        (sp++)->i = (v);                                                                           \
        VM_NEXT(1);                                                                                \
    } while (0)
#define LOAD_LOCAL(n, len)                                                                         \
    do {                                                                                           \
        *sp++ = locals[n];                                                                         \
        VM_NEXT(len);                                                                              \
    } while (0)
#define STORE_LOCAL(n, len)                                                                        \
    do {                                                                                           \
        locals[n] = *--sp;                                                                         \
        VM_NEXT(len);                                                                              \
    } while (0)
/* Superinstructions: pushes local pc[1] and local [n], or adds the top two ints into local [n];
 * both instructions together are [len] bytes. */
#define LOAD_LOCAL2(n, len)                                                                        \
    do {                                                                                           \
        sp[0] = locals[pc[1]];                                                                     \
        sp[1] = locals[n];                                                                         \
        sp += 2;                                                                                   \
        VM_NEXT(len);                                                                              \
    } while (0)
#define LOCAL_ELEM(n, len, type, field, op)                                                        \
    do {                                                                                           \
        int32_t i = locals[n].i;                                                                   \
        uint32_t h = sp[-1].ref;                                                                   \
        if (VM_UNLIKELY(!h || (uint32_t)i >= OBJ(h)->length)) { /* [op] throws */                  \
            (sp++)->i = i;                                                                         \
            pc += (len);                                                                           \
            goto L_##op;                                                                           \
        }                                                                                          \
        sp[-1].field = ((const type *)VM_ELEMS(OBJ(h)))[i];                                        \
        VM_NEXT((len) + 1);                                                                        \
    } while (0)
#define IADD_STORE(n, len)                                                                         \
    do {                                                                                           \
        locals[n].i = (int32_t)((uint32_t)sp[-2].i + (uint32_t)sp[-1].i);                          \
        sp -= 2;                                                                                   \
        VM_NEXT(len);                                                                              \
    } while (0)
#define BINOP_I(expr)                                                                              \
    do {                                                                                           \
        int32_t b = sp[-1].i, a = sp[-2].i;                                                        \
        (void)a, (void)b;                                                                          \
        sp[-2].i = (expr);                                                                         \
        sp--;                                                                                      \
        VM_NEXT(1);                                                                                \
    } while (0)
#define BINOP_L(expr)                                                                              \
    do {                                                                                           \
        int64_t b = vm_get_long(sp - 2), a = vm_get_long(sp - 4);                                  \
        vm_set_long(sp - 4, (expr));                                                               \
        sp -= 2;                                                                                   \
        VM_NEXT(1);                                                                                \
    } while (0)
#define BINOP_F(expr)                                                                              \
    do {                                                                                           \
        float b = sp[-1].f, a = sp[-2].f;                                                          \
        sp[-2].f = (expr);                                                                         \
        sp--;                                                                                      \
        VM_NEXT(1);                                                                                \
    } while (0)
#define BINOP_D(expr)                                                                              \
    do {                                                                                           \
        double b = vm_get_double(sp - 2), a = vm_get_double(sp - 4);                               \
        vm_set_double(sp - 4, (expr));                                                             \
        sp -= 2;                                                                                   \
        VM_NEXT(1);                                                                                \
    } while (0)
#define SHIFT_L(expr)                                                                              \
    do {                                                                                           \
        int32_t s = sp[-1].i & 63;                                                                 \
        int64_t a = vm_get_long(sp - 3);                                                           \
        vm_set_long(sp - 3, (expr));                                                               \
        sp--;                                                                                      \
        VM_NEXT(1);                                                                                \
    } while (0)
#define IF_I(cond)                                                                                 \
    do {                                                                                           \
        int32_t v = (--sp)->i;                                                                     \
        if (cond) BRANCH(S2(pc + 1));                                                              \
        VM_NEXT(3);                                                                                \
    } while (0)
#define IF_ICMP(cond)                                                                              \
    do {                                                                                           \
        int32_t b = sp[-1].i, a = sp[-2].i;                                                        \
        sp -= 2;                                                                                   \
        if (cond) BRANCH(S2(pc + 1));                                                              \
        VM_NEXT(3);                                                                                \
    } while (0)
#define LOAD_ELEM(type, field)                                                                     \
    do {                                                                                           \
        int32_t i = sp[-1].i;                                                                      \
        uint32_t h = sp[-2].ref;                                                                   \
        vm_object *a;                                                                              \
        ARRAY_AT(a, h, i);                                                                         \
        sp[-2].field = ((const type *)VM_ELEMS(a))[i];                                             \
        sp--;                                                                                      \
        VM_NEXT(1);                                                                                \
    } while (0)
#define STORE_ELEM(type, value)                                                                    \
    do {                                                                                           \
        int32_t i = sp[-2].i;                                                                      \
        uint32_t h = sp[-3].ref;                                                                   \
        vm_object *a;                                                                              \
        ARRAY_AT(a, h, i);                                                                         \
        WRITABLE(a, h);                                                                            \
        ((type *)VM_ELEMS(a))[i] = (type)(value);                                                  \
        sp -= 3;                                                                                   \
        VM_NEXT(1);                                                                                \
    } while (0)
#define LOAD_ELEM2(type, setter)                                                                   \
    do {                                                                                           \
        int32_t i = sp[-1].i;                                                                      \
        uint32_t h = sp[-2].ref;                                                                   \
        vm_object *a;                                                                              \
        ARRAY_AT(a, h, i);                                                                         \
        setter(sp - 2, ((const type *)VM_ELEMS(a))[i]);                                            \
        VM_NEXT(1);                                                                                \
    } while (0)
#define STORE_ELEM2(type, getter)                                                                  \
    do {                                                                                           \
        int32_t i = sp[-3].i;                                                                      \
        uint32_t h = sp[-4].ref;                                                                   \
        vm_object *a;                                                                              \
        ARRAY_AT(a, h, i);                                                                         \
        WRITABLE(a, h);                                                                            \
        ((type *)VM_ELEMS(a))[i] = getter(sp - 2);                                                 \
        sp -= 4;                                                                                   \
        VM_NEXT(1);                                                                                \
    } while (0)

vm_run_result VM_INTERP_NAME(vm *machine, vm_thread *t, const vm_stop *stop)
{
#if VM_USE_GOTO && VM_QUICK
    /* On the stack, where dispatch reads it relative to the stack pointer rather than through a
     * register of its own; filled at each entry. */
    /* clang-format off */
    const void *const table[256] = {
        [0 ... 255] = &&L_INVALID,
#define CF_OPCODE(NAME, mnemonic, value, length, effect, kind) [value] = &&L_##NAME,
#include "opcodes.def"
#undef CF_OPCODE
        [CF_OP_GETFIELD] = &&quicken_field,
        [CF_OP_PUTFIELD] = &&quicken_field,
#define VM_QUICK_LABEL(name, value) [value] = &&L_Q_##name,
        VM_QUICK_OPCODES(VM_QUICK_LABEL)
#undef VM_QUICK_LABEL
    };
    /* clang-format on */
#elif VM_USE_GOTO
    static const void *const table[256] = {
        [0 ... 255] = &&L_INVALID,
#define CF_OPCODE(NAME, mnemonic, value, length, effect, kind) [value] = &&L_##NAME,
#include "opcodes.def"
#undef CF_OPCODE
    };
#endif
    vm_frame *frame;
    vm_object **objects;
    const uint8_t *code, *pc;
    vm_slot *locals, *sp;
    vm_cp_entry *cp;
    vm_method *callee = NULL;
    uint8_t advance = 0;
    vm_call_result call_result;
    uint64_t budget = stop->budget ? stop->budget : UINT64_MAX;
    const bool *const watch = VM_QUICK ? NULL : stop->watch;
    bool skip = stop->skip_first;
    bool checking = !VM_QUICK && machine->driver.hooks && watch == machine->driver.watch;
    uint64_t icount = !checking                ? UINT64_MAX
                      : stop->max_instructions ? stop->max_instructions
                                               : machine->driver.max_instructions;

    if (t->state == VM_THREAD_TERMINATED || t->depth == 0) {
        if (checking && t->state != VM_THREAD_TERMINATED) vm_thread_end(machine, t);
        return VM_RUN_ENDED;
    }
    if (t->state == VM_THREAD_BLOCKED) {
        t->wait_class = NULL;
        t->wait_object = 0;
        t->wait_timer = VM_TIMER_NONE;
    }
    t->state = VM_THREAD_RUNNABLE;
    LOAD();
    if (t->exception) goto exception;
    SPARED_DISPATCH();
#if !VM_USE_GOTO
    for (;;) {
    dispatch:
        WATCH();
    unwatched:
        switch (*pc) {
#endif
            /* The opcode table: one line per opcode where it fits, which clang-format would unfold.
             */
            /* clang-format off */
    VM_CASE(NOP) VM_NEXT(1);
    VM_CASE(ACONST_NULL) { (sp++)->ref = 0; VM_NEXT(1); }
    VM_CASE(ICONST_M1) PUSH_INT(-1);
    VM_CASE(ICONST_0) PUSH_INT(0);
    VM_CASE(ICONST_1) PUSH_INT(1);
    VM_CASE(ICONST_2) PUSH_INT(2);
    VM_CASE(ICONST_3) PUSH_INT(3);
    VM_CASE(ICONST_4) PUSH_INT(4);
    VM_CASE(ICONST_5) PUSH_INT(5);
    VM_CASE(LCONST_0) VM_CASE(LCONST_1) { vm_set_long(sp, *pc - CF_OP_LCONST_0); sp += 2; VM_NEXT(1); }
    VM_CASE(FCONST_0) VM_CASE(FCONST_1) VM_CASE(FCONST_2) { (sp++)->f = (float)(*pc - CF_OP_FCONST_0); VM_NEXT(1); }
    VM_CASE(DCONST_0) VM_CASE(DCONST_1) { vm_set_double(sp, *pc - CF_OP_DCONST_0); sp += 2; VM_NEXT(1); }
    VM_CASE(BIPUSH) { (sp++)->i = (int8_t)pc[1]; VM_NEXT(2); }
    VM_CASE(SIPUSH) { (sp++)->i = S2(pc + 1); VM_NEXT(3); }
    VM_CASE(LDC) VM_CASE(LDC_W) {
        uint16_t idx = *pc == CF_OP_LDC ? pc[1] : U2(pc + 1);
        vm_cp_entry *e = &cp[idx];
        if (VM_LIKELY(e->resolved)) {
            (sp++)->ref = e->string;
        } else {
            SLOW(vm_slow_ldc(machine, t, frame->method->owner, idx, sp));
            sp++;
        }
        VM_NEXT(*pc == CF_OP_LDC ? 2 : 3);
    }
    VM_CASE(LDC2_W) {
        const cf_constant *c = &frame->method->owner->cf->constants[U2(pc + 1)];
        if (c->tag == CF_TAG_LONG)
            vm_set_long(sp, c->u.long_value);
        else
            vm_set_double(sp, c->u.double_value);
        sp += 2;
        VM_NEXT(3);
    }
    VM_CASE(ILOAD) LOAD_LOCAL(pc[1], 2);
    VM_CASE(FLOAD) LOAD_LOCAL(pc[1], 2);
    VM_CASE(ALOAD) LOAD_LOCAL(pc[1], 2);
    VM_CASE(LLOAD) VM_CASE(DLOAD) { sp[0] = locals[pc[1]]; sp[1] = locals[pc[1] + 1]; sp += 2; VM_NEXT(2); }
    VM_CASE(ILOAD_0) LOAD_LOCAL(0, 1); VM_CASE(ILOAD_1) LOAD_LOCAL(1, 1); VM_CASE(ILOAD_2) LOAD_LOCAL(2, 1); VM_CASE(ILOAD_3) LOAD_LOCAL(3, 1);
    VM_CASE(FLOAD_0) LOAD_LOCAL(0, 1); VM_CASE(FLOAD_1) LOAD_LOCAL(1, 1); VM_CASE(FLOAD_2) LOAD_LOCAL(2, 1); VM_CASE(FLOAD_3) LOAD_LOCAL(3, 1);
    VM_CASE(ALOAD_0) LOAD_LOCAL(0, 1); VM_CASE(ALOAD_1) LOAD_LOCAL(1, 1); VM_CASE(ALOAD_2) LOAD_LOCAL(2, 1); VM_CASE(ALOAD_3) LOAD_LOCAL(3, 1);
    VM_CASE(LLOAD_0) VM_CASE(LLOAD_1) VM_CASE(LLOAD_2) VM_CASE(LLOAD_3) {
        int n = *pc - CF_OP_LLOAD_0;
        sp[0] = locals[n]; sp[1] = locals[n + 1]; sp += 2; VM_NEXT(1);
    }
    VM_CASE(DLOAD_0) VM_CASE(DLOAD_1) VM_CASE(DLOAD_2) VM_CASE(DLOAD_3) {
        int n = *pc - CF_OP_DLOAD_0;
        sp[0] = locals[n]; sp[1] = locals[n + 1]; sp += 2; VM_NEXT(1);
    }
    VM_CASE(IALOAD) LOAD_ELEM(int32_t, i);
    VM_CASE(FALOAD) LOAD_ELEM(float, f);
    VM_CASE(AALOAD) LOAD_ELEM(uint32_t, ref);
    VM_CASE(BALOAD) LOAD_ELEM(int8_t, i);
    VM_CASE(CALOAD) LOAD_ELEM(uint16_t, i);
    VM_CASE(SALOAD) LOAD_ELEM(int16_t, i);
    VM_CASE(LALOAD) LOAD_ELEM2(int64_t, vm_set_long);
    VM_CASE(DALOAD) LOAD_ELEM2(double, vm_set_double);
    VM_CASE(ISTORE) STORE_LOCAL(pc[1], 2);
    VM_CASE(FSTORE) STORE_LOCAL(pc[1], 2);
    VM_CASE(ASTORE) STORE_LOCAL(pc[1], 2);
    VM_CASE(LSTORE) VM_CASE(DSTORE) { sp -= 2; locals[pc[1]] = sp[0]; locals[pc[1] + 1] = sp[1]; VM_NEXT(2); }
    VM_CASE(ISTORE_0) STORE_LOCAL(0, 1); VM_CASE(ISTORE_1) STORE_LOCAL(1, 1); VM_CASE(ISTORE_2) STORE_LOCAL(2, 1); VM_CASE(ISTORE_3) STORE_LOCAL(3, 1);
    VM_CASE(FSTORE_0) STORE_LOCAL(0, 1); VM_CASE(FSTORE_1) STORE_LOCAL(1, 1); VM_CASE(FSTORE_2) STORE_LOCAL(2, 1); VM_CASE(FSTORE_3) STORE_LOCAL(3, 1);
    VM_CASE(ASTORE_0) STORE_LOCAL(0, 1); VM_CASE(ASTORE_1) STORE_LOCAL(1, 1); VM_CASE(ASTORE_2) STORE_LOCAL(2, 1); VM_CASE(ASTORE_3) STORE_LOCAL(3, 1);
    VM_CASE(LSTORE_0) VM_CASE(LSTORE_1) VM_CASE(LSTORE_2) VM_CASE(LSTORE_3) {
        int n = *pc - CF_OP_LSTORE_0;
        sp -= 2; locals[n] = sp[0]; locals[n + 1] = sp[1]; VM_NEXT(1);
    }
    VM_CASE(DSTORE_0) VM_CASE(DSTORE_1) VM_CASE(DSTORE_2) VM_CASE(DSTORE_3) {
        int n = *pc - CF_OP_DSTORE_0;
        sp -= 2; locals[n] = sp[0]; locals[n + 1] = sp[1]; VM_NEXT(1);
    }
    VM_CASE(IASTORE) STORE_ELEM(int32_t, sp[-1].i);
    VM_CASE(FASTORE) STORE_ELEM(float, sp[-1].f);
    VM_CASE(CASTORE) STORE_ELEM(uint16_t, sp[-1].i);
    VM_CASE(SASTORE) STORE_ELEM(int16_t, sp[-1].i);
    VM_CASE(BASTORE) STORE_ELEM(int8_t, a->cls->elem_kind == 'Z' ? (sp[-1].i & 1) : sp[-1].i);
    VM_CASE(LASTORE) STORE_ELEM2(int64_t, vm_get_long);
    VM_CASE(DASTORE) STORE_ELEM2(double, vm_get_double);
    VM_CASE(AASTORE) {
        int32_t i = sp[-2].i;
        uint32_t h = sp[-3].ref, v = sp[-1].ref;
        vm_object *a;
        ARRAY_AT(a, h, i);
        if (v && VM_UNLIKELY(OBJ(v)->cls != a->cls->component) && !vm_is_assignable(OBJ(v)->cls, a->cls->component)) {
            char name[512];
            THROW("java/lang/ArrayStoreException", "%s", vm_dotted_name(OBJ(v)->cls, name, sizeof name));
        }
        WRITABLE(a, h);
        ((uint32_t *)VM_ELEMS(a))[i] = v;
        sp -= 3;
        VM_NEXT(1);
    }
    VM_CASE(POP) { sp--; VM_NEXT(1); }
    VM_CASE(POP2) { sp -= 2; VM_NEXT(1); }
    VM_CASE(DUP) { sp[0] = sp[-1]; sp++; VM_NEXT(1); }
    VM_CASE(DUP_X1) { vm_slot v1 = sp[-1], v2 = sp[-2]; sp[-2] = v1; sp[-1] = v2; sp[0] = v1; sp++; VM_NEXT(1); }
    VM_CASE(DUP_X2) {
        vm_slot v1 = sp[-1], v2 = sp[-2], v3 = sp[-3];
        sp[-3] = v1; sp[-2] = v3; sp[-1] = v2; sp[0] = v1; sp++; VM_NEXT(1);
    }
    VM_CASE(DUP2) { sp[0] = sp[-2]; sp[1] = sp[-1]; sp += 2; VM_NEXT(1); }
    VM_CASE(DUP2_X1) {
        vm_slot v1 = sp[-1], v2 = sp[-2], v3 = sp[-3];
        sp[-3] = v2; sp[-2] = v1; sp[-1] = v3; sp[0] = v2; sp[1] = v1; sp += 2; VM_NEXT(1);
    }
    VM_CASE(DUP2_X2) {
        vm_slot v1 = sp[-1], v2 = sp[-2], v3 = sp[-3], v4 = sp[-4];
        sp[-4] = v2; sp[-3] = v1; sp[-2] = v4; sp[-1] = v3; sp[0] = v2; sp[1] = v1; sp += 2; VM_NEXT(1);
    }
    VM_CASE(SWAP) { vm_slot v = sp[-1]; sp[-1] = sp[-2]; sp[-2] = v; VM_NEXT(1); }
    VM_CASE(IADD) BINOP_I((int32_t)((uint32_t)a + (uint32_t)b));
    VM_CASE(ISUB) BINOP_I((int32_t)((uint32_t)a - (uint32_t)b));
    VM_CASE(IMUL) BINOP_I((int32_t)((uint32_t)a * (uint32_t)b));
    VM_CASE(IDIV) {
        if (VM_UNLIKELY(sp[-1].i == 0)) THROW("java/lang/ArithmeticException", "/ by zero");
        BINOP_I(b == -1 ? (int32_t)(0u - (uint32_t)a) : a / b);
    }
    VM_CASE(IREM) {
        if (VM_UNLIKELY(sp[-1].i == 0)) THROW("java/lang/ArithmeticException", "/ by zero");
        BINOP_I(b == -1 ? 0 : a % b);
    }
    VM_CASE(IAND) BINOP_I(a & b);
    VM_CASE(IOR) BINOP_I(a | b);
    VM_CASE(IXOR) BINOP_I(a ^ b);
    VM_CASE(ISHL) BINOP_I((int32_t)((uint32_t)a << (b & 31)));
    VM_CASE(ISHR) BINOP_I(a >> (b & 31));
    VM_CASE(IUSHR) BINOP_I((int32_t)((uint32_t)a >> (b & 31)));
    VM_CASE(LADD) BINOP_L((int64_t)((uint64_t)a + (uint64_t)b));
    VM_CASE(LSUB) BINOP_L((int64_t)((uint64_t)a - (uint64_t)b));
    VM_CASE(LMUL) BINOP_L((int64_t)((uint64_t)a * (uint64_t)b));
    VM_CASE(LDIV) {
        if (VM_UNLIKELY(vm_get_long(sp - 2) == 0)) THROW("java/lang/ArithmeticException", "/ by zero");
        BINOP_L(b == -1 ? (int64_t)(0u - (uint64_t)a) : a / b);
    }
    VM_CASE(LREM) {
        if (VM_UNLIKELY(vm_get_long(sp - 2) == 0)) THROW("java/lang/ArithmeticException", "/ by zero");
        BINOP_L(b == -1 ? 0 : a % b);
    }
    VM_CASE(LAND) BINOP_L(a & b);
    VM_CASE(LOR) BINOP_L(a | b);
    VM_CASE(LXOR) BINOP_L(a ^ b);
    VM_CASE(LSHL) SHIFT_L((int64_t)((uint64_t)a << s));
    VM_CASE(LSHR) SHIFT_L(a >> s);
    VM_CASE(LUSHR) SHIFT_L((int64_t)((uint64_t)a >> s));
    VM_CASE(FADD) BINOP_F(a + b);
    VM_CASE(FSUB) BINOP_F(a - b);
    VM_CASE(FMUL) BINOP_F(a * b);
    VM_CASE(FDIV) BINOP_F(a / b);
    VM_CASE(FREM) BINOP_F(fmodf(a, b));
    VM_CASE(DADD) BINOP_D(a + b);
    VM_CASE(DSUB) BINOP_D(a - b);
    VM_CASE(DMUL) BINOP_D(a * b);
    VM_CASE(DDIV) BINOP_D(a / b);
    VM_CASE(DREM) BINOP_D(fmod(a, b));
    VM_CASE(INEG) { sp[-1].i = (int32_t)(0u - (uint32_t)sp[-1].i); VM_NEXT(1); }
    VM_CASE(LNEG) { vm_set_long(sp - 2, (int64_t)(0u - (uint64_t)vm_get_long(sp - 2))); VM_NEXT(1); }
    VM_CASE(FNEG) { sp[-1].f = -sp[-1].f; VM_NEXT(1); }
    VM_CASE(DNEG) { vm_set_double(sp - 2, -vm_get_double(sp - 2)); VM_NEXT(1); }
    VM_CASE(IINC) {
        locals[pc[1]].i = (int32_t)((uint32_t)locals[pc[1]].i + (uint32_t)(int8_t)pc[2]);
        VM_NEXT(3);
    }
    VM_CASE(I2L) { vm_set_long(sp - 1, sp[-1].i); sp++; VM_NEXT(1); }
    VM_CASE(I2F) { sp[-1].f = (float)sp[-1].i; VM_NEXT(1); }
    VM_CASE(I2D) { vm_set_double(sp - 1, sp[-1].i); sp++; VM_NEXT(1); }
    VM_CASE(L2I) { sp[-2].i = (int32_t)(uint32_t)(uint64_t)vm_get_long(sp - 2); sp--; VM_NEXT(1); }
    VM_CASE(L2F) { sp[-2].f = (float)vm_get_long(sp - 2); sp--; VM_NEXT(1); }
    VM_CASE(L2D) { vm_set_double(sp - 2, (double)vm_get_long(sp - 2)); VM_NEXT(1); }
    VM_CASE(F2I) { sp[-1].i = java_d2i(sp[-1].f); VM_NEXT(1); }
    VM_CASE(F2L) { vm_set_long(sp - 1, java_d2l(sp[-1].f)); sp++; VM_NEXT(1); }
    VM_CASE(F2D) { vm_set_double(sp - 1, sp[-1].f); sp++; VM_NEXT(1); }
    VM_CASE(D2I) { sp[-2].i = java_d2i(vm_get_double(sp - 2)); sp--; VM_NEXT(1); }
    VM_CASE(D2L) { vm_set_long(sp - 2, java_d2l(vm_get_double(sp - 2))); VM_NEXT(1); }
    VM_CASE(D2F) { sp[-2].f = (float)vm_get_double(sp - 2); sp--; VM_NEXT(1); }
    VM_CASE(I2B) { sp[-1].i = (int8_t)sp[-1].i; VM_NEXT(1); }
    VM_CASE(I2C) { sp[-1].i = (uint16_t)sp[-1].i; VM_NEXT(1); }
    VM_CASE(I2S) { sp[-1].i = (int16_t)sp[-1].i; VM_NEXT(1); }
    VM_CASE(LCMP) {
        int64_t b = vm_get_long(sp - 2), a = vm_get_long(sp - 4);
        sp -= 3;
        sp[-1].i = a > b ? 1 : a == b ? 0 : -1;
        VM_NEXT(1);
    }
    VM_CASE(FCMPL) VM_CASE(FCMPG) {
        float b = sp[-1].f, a = sp[-2].f;
        sp--;
        sp[-1].i = a > b ? 1 : a == b ? 0 : a < b ? -1 : (*pc == CF_OP_FCMPG ? 1 : -1);
        VM_NEXT(1);
    }
    VM_CASE(DCMPL) VM_CASE(DCMPG) {
        double b = vm_get_double(sp - 2), a = vm_get_double(sp - 4);
        sp -= 3;
        sp[-1].i = a > b ? 1 : a == b ? 0 : a < b ? -1 : (*pc == CF_OP_DCMPG ? 1 : -1);
        VM_NEXT(1);
    }
    VM_CASE(IFEQ) IF_I(v == 0);
    VM_CASE(IFNE) IF_I(v != 0);
    VM_CASE(IFLT) IF_I(v < 0);
    VM_CASE(IFGE) IF_I(v >= 0);
    VM_CASE(IFGT) IF_I(v > 0);
    VM_CASE(IFLE) IF_I(v <= 0);
    VM_CASE(IF_ICMPEQ) IF_ICMP(a == b);
    VM_CASE(IF_ICMPNE) IF_ICMP(a != b);
    VM_CASE(IF_ICMPLT) IF_ICMP(a < b);
    VM_CASE(IF_ICMPGE) IF_ICMP(a >= b);
    VM_CASE(IF_ICMPGT) IF_ICMP(a > b);
    VM_CASE(IF_ICMPLE) IF_ICMP(a <= b);
    VM_CASE(IF_ACMPEQ) IF_ICMP((uint32_t)a == (uint32_t)b);
    VM_CASE(IF_ACMPNE) IF_ICMP((uint32_t)a != (uint32_t)b);
    VM_CASE(IFNULL) IF_I(v == 0);
    VM_CASE(IFNONNULL) IF_I(v != 0);
    VM_CASE(GOTO) BRANCH(S2(pc + 1));
    VM_CASE(GOTO_W) BRANCH(S4(pc + 1));
    VM_CASE(TABLESWITCH) {
        const uint8_t *p = code + (((uint32_t)(pc - code) + 4) & ~3u);
        int32_t key = (--sp)->i, low = S4(p + 4), high = S4(p + 8);
        if (key < low || key > high) BRANCH(S4(p));
        BRANCH(S4(p + 12 + 4 * (size_t)((int64_t)key - low)));
    }
    VM_CASE(LOOKUPSWITCH) {
        const uint8_t *p = code + (((uint32_t)(pc - code) + 4) & ~3u);
        int32_t key = (--sp)->i, n = S4(p + 4), lo = 0, hi = n - 1;
        while (lo <= hi) {
            int32_t mid = lo + (hi - lo) / 2, k = S4(p + 8 + 8 * (size_t)mid);
            if (k == key) BRANCH(S4(p + 12 + 8 * (size_t)mid));
            if (k < key) lo = mid + 1; else hi = mid - 1;
        }
        BRANCH(S4(p));
    }
    VM_CASE(IRETURN) { sp -= 1; advance = 1; goto do_return; }
    VM_CASE(FRETURN) { sp -= 1; advance = 1; goto do_return; }
    VM_CASE(ARETURN) { sp -= 1; advance = 1; goto do_return; }
    VM_CASE(LRETURN) VM_CASE(DRETURN) { sp -= 2; advance = 2; goto do_return; }
    VM_CASE(RETURN) { advance = 0; goto do_return; }
    VM_CASE(GETSTATIC) {
        vm_cp_entry *e = &cp[U2(pc + 1)];
        if (VM_UNLIKELY(!e->resolved || e->cls->init_state != VM_INIT_DONE))
            SLOW(vm_slow_static(machine, t, frame->method->owner, U2(pc + 1)));
        sp[0] = e->address[0];
        if (e->kind == 'J' || e->kind == 'D') sp[1] = e->address[1], sp++;
        sp++;
        VM_NEXT(3);
    }
    VM_CASE(PUTSTATIC) {
        vm_cp_entry *e = &cp[U2(pc + 1)];
        if (VM_UNLIKELY(!e->resolved || e->cls->init_state != VM_INIT_DONE))
            SLOW(vm_slow_static(machine, t, frame->method->owner, U2(pc + 1)));
        vm_statics_w(machine, e->cls);
        if (e->kind == 'J' || e->kind == 'D') {
            sp -= 2;
            e->address[0] = sp[0];
            e->address[1] = sp[1];
        } else {
            e->address[0] = *--sp;
        }
        VM_NEXT(3);
    }
    VM_CASE(GETFIELD) {
        vm_cp_entry *e = &cp[U2(pc + 1)];
        RESOLVED(e, vm_resolve_field(machine, t, frame->method->owner, U2(pc + 1), false));
        uint32_t h = sp[-1].ref;
        NULL_CHECK(h);
        const vm_slot *f = VM_FIELDS(OBJ(h)) + e->offset;
        sp[-1] = f[0];
        if (e->kind == 'J' || e->kind == 'D') *sp++ = f[1];
        VM_NEXT(3);
    }
    VM_CASE(PUTFIELD) {
        vm_cp_entry *e = &cp[U2(pc + 1)];
        RESOLVED(e, vm_resolve_field(machine, t, frame->method->owner, U2(pc + 1), false));
        if (e->kind == 'J' || e->kind == 'D') {
            uint32_t h = sp[-3].ref;
            NULL_CHECK(h);
            vm_slot *f = VM_FIELDS(vm_obj_w(machine, h)) + e->offset;
            f[0] = sp[-2];
            f[1] = sp[-1];
            sp -= 3;
        } else {
            uint32_t h = sp[-2].ref;
            NULL_CHECK(h);
            VM_FIELDS(vm_obj_w(machine, h))[e->offset] = sp[-1];
            sp -= 2;
        }
        VM_NEXT(3);
    }
    VM_CASE(INVOKEVIRTUAL) {
        vm_cp_entry *e = &cp[U2(pc + 1)];
        RESOLVED(e, vm_resolve_method(machine, t, frame->method->owner, U2(pc + 1), CF_OP_INVOKEVIRTUAL));
        vm_method *m = e->method;
        uint32_t h = sp[-m->arg_slots].ref;
        NULL_CHECK(h);
        vm_class *rc = OBJ(h)->cls;
        if (VM_LIKELY(m->vtable_index >= 0)) INVOKE(rc->vtable[m->vtable_index], 3);
        if (e->ic_class != rc) {
            e->ic_target = vm_select_method(rc, m);
            e->ic_class = rc;
        }
        if (!e->ic_target) INVOKE(m, 3);
        INVOKE(e->ic_target, 3);
    }
    VM_CASE(INVOKEINTERFACE) {
        vm_cp_entry *e = &cp[U2(pc + 1)];
        RESOLVED(e, vm_resolve_method(machine, t, frame->method->owner, U2(pc + 1), CF_OP_INVOKEINTERFACE));
        vm_method *m = e->method;
        uint32_t h = sp[-m->arg_slots].ref;
        NULL_CHECK(h);
        vm_class *rc = OBJ(h)->cls;
        if (VM_UNLIKELY(e->ic_class != rc)) {
            if (!vm_is_assignable(rc, m->owner) && m->owner != machine->known.object) {
                char a[512], b[512];
                THROW("java/lang/IncompatibleClassChangeError", "Class %s does not implement the requested interface %s",
                      vm_dotted_name(rc, a, sizeof a), vm_dotted_name(m->owner, b, sizeof b));
            }
            e->ic_target = vm_select_method(rc, m);
            e->ic_class = rc;
        }
        INVOKE(e->ic_target ? e->ic_target : m, 5);
    }
    VM_CASE(INVOKESPECIAL) {
        vm_cp_entry *e = &cp[U2(pc + 1)];
        RESOLVED(e, vm_resolve_method(machine, t, frame->method->owner, U2(pc + 1), CF_OP_INVOKESPECIAL));
        NULL_CHECK(sp[-e->method->arg_slots].ref);
        INVOKE(e->method, 3);
    }
    VM_CASE(INVOKESTATIC) {
        vm_cp_entry *e = &cp[U2(pc + 1)];
        if (VM_UNLIKELY(!e->resolved || e->cls->init_state != VM_INIT_DONE))
            SLOW(vm_slow_invokestatic(machine, t, frame->method->owner, U2(pc + 1)));
        INVOKE(e->method, 3);
    }
    VM_CASE(INVOKEDYNAMIC) {
        SAVE();
        callee = NULL;
        call_result = vm_invokedynamic(machine, t, U2(pc + 1));
        goto call_done;
    }
    VM_CASE(NEW) {
        vm_cp_entry *e = &cp[U2(pc + 1)];
        if (VM_UNLIKELY(!e->resolved || e->cls->init_state != VM_INIT_DONE))
            SLOW(vm_slow_new(machine, t, frame->method->owner, U2(pc + 1)));
        if (VM_UNLIKELY(machine->heap.bytes > machine->heap.threshold)) {
            SAVE();
            vm_maybe_collect(machine);
        }
        uint32_t h = vm_new_object(machine, t, e->cls);
        if (VM_UNLIKELY(!h)) return VM_RUN_FAILED;
        REFRESH();
        (sp++)->ref = h;
        VM_NEXT(3);
    }
    VM_CASE(NEWARRAY) VM_CASE(ANEWARRAY) {
        int32_t n = sp[-1].i;
        if (n < 0) THROW("java/lang/NegativeArraySizeException", "%d", n);
        SAVE();
        vm_class *ac = *pc == CF_OP_NEWARRAY ? vm_primitive_array_class(machine, pc[1])
                                             : vm_object_array_class(machine, t, frame->method->owner, U2(pc + 1));
        if (!ac) return VM_RUN_FAILED;
        vm_maybe_collect(machine);
        uint32_t h = vm_new_array(machine, t, ac, n);
        if (VM_UNLIKELY(!h)) return VM_RUN_FAILED;
        REFRESH();
        sp[-1].ref = h;
        VM_NEXT(*pc == CF_OP_NEWARRAY ? 2 : 3);
    }
    VM_CASE(MULTIANEWARRAY) {
        SAVE();
        SLOW(vm_slow_multianewarray(machine, t, frame->method->owner, pc));
        sp -= pc[3] - 1;
        VM_NEXT(4);
    }
    VM_CASE(ARRAYLENGTH) {
        uint32_t h = sp[-1].ref;
        NULL_CHECK(h);
        sp[-1].i = (int32_t)OBJ(h)->length;
        VM_NEXT(1);
    }
    VM_CASE(ATHROW) {
        uint32_t h = sp[-1].ref;
        NULL_CHECK(h);
        SAVE();
        t->exception = h;
        goto exception;
    }
    VM_CASE(CHECKCAST) {
        uint32_t h = sp[-1].ref;
        if (h) {
            vm_cp_entry *e = &cp[U2(pc + 1)];
            RESOLVED(e, vm_resolve_class(machine, t, frame->method->owner, U2(pc + 1)));
            if (OBJ(h)->cls != e->cls && !vm_is_assignable(OBJ(h)->cls, e->cls)) {
                SAVE();
                vm_throw_class_cast(machine, t, OBJ(h)->cls, e->cls);
                goto exception;
            }
        }
        VM_NEXT(3);
    }
    VM_CASE(INSTANCEOF) {
        uint32_t h = sp[-1].ref;
        if (h) {
            vm_cp_entry *e = &cp[U2(pc + 1)];
            RESOLVED(e, vm_resolve_class(machine, t, frame->method->owner, U2(pc + 1)));
            sp[-1].i = OBJ(h)->cls == e->cls || vm_is_assignable(OBJ(h)->cls, e->cls);
        }
        VM_NEXT(3);
    }
    VM_CASE(MONITORENTER) {
        uint32_t h = sp[-1].ref;
        NULL_CHECK(h);
        if (!vm_monitor_enter(machine, t, h)) {
            SAVE();
            return VM_RUN_BLOCKED;
        }
        REFRESH();
        sp--;
        VM_NEXT(1);
    }
    VM_CASE(MONITOREXIT) {
        uint32_t h = sp[-1].ref;
        NULL_CHECK(h);
        SAVE();
        if (!vm_monitor_exit(machine, t, h)) goto exception;
        REFRESH();
        sp--;
        VM_NEXT(1);
    }
    VM_CASE(WIDE) {
        uint16_t n = U2(pc + 2);
        switch (pc[1]) {
        case CF_OP_ILOAD: case CF_OP_FLOAD: case CF_OP_ALOAD: *sp++ = locals[n]; break;
        case CF_OP_LLOAD: case CF_OP_DLOAD: sp[0] = locals[n]; sp[1] = locals[n + 1]; sp += 2; break;
        case CF_OP_ISTORE: case CF_OP_FSTORE: case CF_OP_ASTORE: locals[n] = *--sp; break;
        case CF_OP_LSTORE: case CF_OP_DSTORE: sp -= 2; locals[n] = sp[0]; locals[n + 1] = sp[1]; break;
        case CF_OP_IINC:
            locals[n].i = (int32_t)((uint32_t)locals[n].i + (uint32_t)(int32_t)S2(pc + 4));
            VM_NEXT(6);
        default:
            SAVE();
            vm_unsupported(machine, t, "the ret instruction (jsr/ret subroutines)");
            return VM_RUN_FAILED;
        }
        VM_NEXT(4);
    }
    VM_CASE(JSR) VM_CASE(JSR_W) VM_CASE(RET) {
        SAVE();
        vm_unsupported(machine, t, "the jsr/ret instructions (subroutines from class files before Java 6)");
        return VM_RUN_FAILED;
    }
#if VM_QUICK
    /* The internal opcodes of quickened code (interp_slow.h). */
    quicken_field: {
        SAVE();
        if (!vm_quicken_field(machine, t, frame, (uint32_t)(pc - code))) return VM_RUN_FAILED;
        REFRESH();
        VM_DISPATCH();
    }
    VM_CASE(Q_GETFIELD) goto L_GETFIELD;
    VM_CASE(Q_PUTFIELD) goto L_PUTFIELD;
    VM_CASE(Q_GETFIELD1) {
        uint32_t h = sp[-1].ref;
        NULL_CHECK(h);
        sp[-1] = VM_FIELDS(OBJ(h))[U2(pc + 1)];
        VM_NEXT(3);
    }
    VM_CASE(Q_GETFIELD2) {
        uint32_t h = sp[-1].ref;
        NULL_CHECK(h);
        const vm_slot *f = VM_FIELDS(OBJ(h)) + U2(pc + 1);
        sp[-1] = f[0];
        *sp++ = f[1];
        VM_NEXT(3);
    }
    VM_CASE(Q_PUTFIELD1) {
        uint32_t h = sp[-2].ref;
        NULL_CHECK(h);
        vm_object *o = OBJ(h);
        WRITABLE(o, h);
        VM_FIELDS(o)[U2(pc + 1)] = sp[-1];
        sp -= 2;
        VM_NEXT(3);
    }
    VM_CASE(Q_PUTFIELD2) {
        uint32_t h = sp[-3].ref;
        NULL_CHECK(h);
        vm_object *o = OBJ(h);
        WRITABLE(o, h);
        vm_slot *f = VM_FIELDS(o) + U2(pc + 1);
        f[0] = sp[-2];
        f[1] = sp[-1];
        sp -= 3;
        VM_NEXT(3);
    }
    VM_CASE(Q_ALOAD0_GETFIELD1) {
        uint32_t h = locals[0].ref;
        if (VM_UNLIKELY(!h)) { /* aload_0 done, the getfield throws */
            (sp++)->ref = 0;
            pc++;
            NULL_CHECK(h);
        }
        *sp++ = VM_FIELDS(OBJ(h))[U2(pc + 2)];
        VM_NEXT(4);
    }
    VM_CASE(Q_LOAD_LOAD) LOAD_LOCAL2(pc[3], 4);
    VM_CASE(Q_LOAD_LOAD_0) LOAD_LOCAL2(0, 3);
    VM_CASE(Q_LOAD_LOAD_1) LOAD_LOCAL2(1, 3);
    VM_CASE(Q_LOAD_LOAD_2) LOAD_LOCAL2(2, 3);
    VM_CASE(Q_LOAD_LOAD_3) LOAD_LOCAL2(3, 3);
    VM_CASE(Q_LOAD_IALOAD) LOCAL_ELEM(pc[1], 2, int32_t, i, IALOAD);
    VM_CASE(Q_LOAD_AALOAD) LOCAL_ELEM(pc[1], 2, uint32_t, ref, AALOAD);
    VM_CASE(Q_ILOAD_0_IALOAD) LOCAL_ELEM(0, 1, int32_t, i, IALOAD);
    VM_CASE(Q_ILOAD_1_IALOAD) LOCAL_ELEM(1, 1, int32_t, i, IALOAD);
    VM_CASE(Q_ILOAD_2_IALOAD) LOCAL_ELEM(2, 1, int32_t, i, IALOAD);
    VM_CASE(Q_ILOAD_3_IALOAD) LOCAL_ELEM(3, 1, int32_t, i, IALOAD);
    VM_CASE(Q_ILOAD_0_AALOAD) LOCAL_ELEM(0, 1, uint32_t, ref, AALOAD);
    VM_CASE(Q_ILOAD_1_AALOAD) LOCAL_ELEM(1, 1, uint32_t, ref, AALOAD);
    VM_CASE(Q_ILOAD_2_AALOAD) LOCAL_ELEM(2, 1, uint32_t, ref, AALOAD);
    VM_CASE(Q_ILOAD_3_AALOAD) LOCAL_ELEM(3, 1, uint32_t, ref, AALOAD);
    VM_CASE(Q_IADD_ISTORE) IADD_STORE(pc[2], 3);
    VM_CASE(Q_IADD_ISTORE_0) IADD_STORE(0, 2);
    VM_CASE(Q_IADD_ISTORE_1) IADD_STORE(1, 2);
    VM_CASE(Q_IADD_ISTORE_2) IADD_STORE(2, 2);
    VM_CASE(Q_IADD_ISTORE_3) IADD_STORE(3, 2);
    VM_CASE(Q_IINC_GOTO) {
        locals[pc[1]].i = (int32_t)((uint32_t)locals[pc[1]].i + (uint32_t)(int8_t)pc[2]);
        pc += 3;
        BRANCH(S2(pc + 1));
    }
#endif
    VM_CASE(BREAKPOINT) VM_CASE(IMPDEP1) VM_CASE(IMPDEP2)
#if VM_USE_GOTO
    L_INVALID:
#else
        default:
#endif
    {
        SAVE();
        vm_fail(machine, VM_ERR_UNSUPPORTED, "error: invalid opcode 0x%02x",
                frame->method->code->code[pc - code]);
        return VM_RUN_FAILED;
    }
#if !VM_USE_GOTO
        }
    }
#endif
    /* clang-format on */

invoke:
    SAVE();
    if (VM_LIKELY(
            callee->code && !(callee->access & CF_ACC_SYNCHRONIZED) && !callee->atomic_library &&
            t->depth < t->frame_capacity && t->depth < machine->opts.max_frames &&
            (uint64_t)frame->sp + callee->max_locals + callee->max_stack + 2 <= t->slot_capacity)) {
        USE_CODE(callee);
        uint32_t base = frame->sp - callee->arg_slots;
        for (uint32_t i = callee->arg_slots; i < callee->max_locals; i++) t->slots[base + i].i = 0;
        frame = &t->frames[t->depth++];
        frame->method = callee;
        frame->pc = 0;
        frame->locals = base;
        frame->sp = base + callee->max_locals;
        frame->monitor = 0;
        frame->advance = advance;
        frame->flags = 0;
        frame->gen = ++t->pushes;
        vm_frame_cache_forget(&frame->cache);
        pc = code;
        locals = t->slots + base;
        sp = locals + callee->max_locals;
        cp = callee->owner->cp;
        BUDGET();
        VM_DISPATCH();
    }
    call_result = vm_invoke(machine, t, callee, advance);
call_done:
    switch (call_result) {
    case VM_CALL_PUSHED:
        LOAD();
        BUDGET();
        VM_DISPATCH();
    case VM_CALL_DONE:
        LOAD();
        VM_DISPATCH();
    case VM_CALL_YIELD:
        LOAD();
        return VM_RUN_STOPPED;
    case VM_CALL_THROWN:
        goto exception;
    case VM_CALL_BLOCKED:
        return VM_RUN_BLOCKED;
    default:
        return VM_RUN_FAILED;
    }

do_return:
    /* [advance] holds the result's slot count here; the result is at sp[0..advance). */
    if (VM_LIKELY(frame->flags == 0 && frame->monitor == 0 && t->depth > 1)) {
        vm_frame *caller = frame - 1;
        vm_slot *dst = t->slots + frame->locals;
        for (uint32_t i = 0; i < advance; i++) dst[i] = sp[i];
        caller->sp = frame->locals + advance;
        caller->pc += frame->advance;
        t->depth--;
        LOAD();
        BUDGET();
        VM_DISPATCH();
    }
    SAVE();
    if (!vm_pop_frame(machine, t, sp, advance)) {
        if (checking) { /* ending the thread is a transition of its own */
            t->park = VM_PARK_END;
            return machine->failed ? VM_RUN_FAILED : VM_RUN_STOPPED;
        }
        vm_thread_end(machine, t);
        return machine->exiting ? VM_RUN_EXITED : VM_RUN_ENDED;
    }
    if (machine->failed) return VM_RUN_FAILED;
    LOAD();
    if (t->exception) goto exception;
    BUDGET();
    VM_DISPATCH();

exception:
    if (machine->failed) return VM_RUN_FAILED;
    if (machine->exiting) return VM_RUN_EXITED;
    switch (vm_unwind(machine, t, checking ? &skip : NULL)) {
    case VM_UNWIND_CAUGHT:
        LOAD();
        SPARED_DISPATCH();
    case VM_UNWIND_STOPPED:
        return VM_RUN_STOPPED;
    case VM_UNWIND_ENDED:
        if (checking) {
            t->park = VM_PARK_END;
            return VM_RUN_STOPPED;
        }
        vm_thread_end(machine, t);
        return VM_RUN_ENDED;
    default:
        return VM_RUN_FAILED;
    }

stopped:
    SAVE();
    return VM_RUN_STOPPED;
}
