/* Slot types per instruction, for the precise state serialisation: which locals and operand-stack
 * slots of a frame hold references (serialised as the referenced object's id), which hold plain
 * values, and which are unusable (merged from paths that disagree, or never written: left out of
 * the state). A forward dataflow over the bytecode, like the verifier's type inference but with
 * three types only; computed once per method on first use and cached on it. The checker parks
 * threads only at instruction boundaries, so the types before an instruction describe a parked
 * frame exactly (the frames below it stand at their call instruction). */
#include <stdio.h>

#include "check.h"

#define U2(p) ((uint16_t)(((p)[0] << 8) | (p)[1]))
#define S2(p) ((int16_t)U2(p))
#define S4(p)                                                                                      \
    ((int32_t)(((uint32_t)(p)[0] << 24) | ((uint32_t)(p)[1] << 16) | ((uint32_t)(p)[2] << 8) |     \
               (p)[3]))

enum { UNREACHED = EXPLORE_TYPEMAP_UNREACHED };

/* The analysis of one method in progress. */
typedef struct flow {
    vm *machine;
    vm_method *m;
    const cf_code *code;
    struct vm_typemap *map;
    uint32_t *work; /* instruction numbers still to process */
    uint32_t work_len;
    uint8_t *queued; /* [count] the instruction is in [work] */
    uint8_t *cur;    /* [width] the state being transformed */
    uint32_t h;      /* its stack height */
    bool bad;
} flow;

/* ---- The frame being transformed ------------------------------------------------------------- */

static uint8_t *locals(flow *f)
{
    return f->cur;
}

/* Pushes a slot of [type] on the state's operand stack. */
static void push(flow *f, uint8_t type)
{
    if (f->h >= f->code->max_stack) {
        f->bad = true;
        return;
    }
    f->cur[f->map->max_locals + f->h++] = type;
}

static uint8_t pop(flow *f)
{
    if (f->h == 0) {
        f->bad = true;
        return VM_TYPE_TOP;
    }
    return f->cur[f->map->max_locals + --f->h];
}

/* Pops [n] slots. */
static void pop_n(flow *f, uint32_t n)
{
    while (n--) pop(f);
}

/* Pushes [n] value slots. */
static void push_values(flow *f, uint32_t n)
{
    while (n--) push(f, VM_TYPE_VALUE);
}

/* Pops [n] slots and pushes one of [type]. */
static void replace(flow *f, uint32_t n, uint8_t type)
{
    pop_n(f, n);
    push(f, type);
}

/* Pushes a value of descriptor kind [c] (one or two slots). */
static void push_kind(flow *f, char c)
{
    if (c == 'V') return;
    if (c == 'J' || c == 'D')
        push_values(f, 2);
    else
        push(f, c == 'L' || c == '[' ? VM_TYPE_REF : VM_TYPE_VALUE);
}

/* Sets local [n] (and n+1 for two-slot values) to [type]. */
static void set_local(flow *f, uint32_t n, uint8_t type, uint32_t slots)
{
    if (n + slots > f->map->max_locals) {
        f->bad = true;
        return;
    }
    for (uint32_t i = 0; i < slots; i++) locals(f)[n + i] = type;
}

/* Returns the slots of the parameters of method descriptor [d]; stores its return kind. */
static uint32_t param_slots(const char *d, char *ret)
{
    uint32_t n = 0;
    cf_param_iter it;
    cf_type p;
    cf_params_begin(&it, d);
    while (cf_params_next(&it, &p)) n += (uint32_t)cf_type_slots(p.kind);
    const char *r = cf_params_return(&it);
    *ret = r ? r[0] : 'V';
    return n;
}

/* ---- Instruction effects --------------------------------------------------------------------- */

/* Applies a field instruction (get/put, static or not) with descriptor [d]. */
static void field_effect(flow *f, uint8_t op, const char *d)
{
    char k = d[0];
    if (op == CF_OP_GETSTATIC) push_kind(f, k);
    if (op == CF_OP_PUTSTATIC) pop_n(f, (uint32_t)cf_type_slots(k));
    if (op == CF_OP_GETFIELD) pop(f), push_kind(f, k);
    if (op == CF_OP_PUTFIELD) pop_n(f, (uint32_t)cf_type_slots(k) + 1);
}

/* Applies the instruction at [pc] that touches the constant pool. */
static void cp_effect(flow *f, uint8_t op, const uint8_t *pc)
{
    const cf_class *cf = f->m->owner->cf;
    uint16_t index = op == CF_OP_LDC ? pc[1] : U2(pc + 1);
    const char *owner, *name, *desc;
    char ret = 'V';
    switch (op) {
    case CF_OP_LDC:
    case CF_OP_LDC_W: {
        uint8_t tag = cf->constants[index].tag;
        if (tag == CF_TAG_DYNAMIC) {
            cf_name_and_type(cf, cf->constants[index].u.dynamic.name_and_type, &name, &desc);
            push_kind(f, desc[0]);
        } else {
            push(f, tag == CF_TAG_INTEGER || tag == CF_TAG_FLOAT ? VM_TYPE_VALUE : VM_TYPE_REF);
        }
        return;
    }
    case CF_OP_GETSTATIC:
    case CF_OP_PUTSTATIC:
    case CF_OP_GETFIELD:
    case CF_OP_PUTFIELD:
        cf_member_ref(cf, index, &owner, &name, &desc);
        field_effect(f, op, desc);
        return;
    case CF_OP_INVOKEDYNAMIC:
        cf_name_and_type(cf, cf->constants[index].u.dynamic.name_and_type, &name, &desc);
        pop_n(f, param_slots(desc, &ret));
        push_kind(f, ret);
        return;
    default: /* the other invokes */
        cf_member_ref(cf, index, &owner, &name, &desc);
        pop_n(f, param_slots(desc, &ret) + (op != CF_OP_INVOKESTATIC));
        push_kind(f, ret);
    }
}

/* Applies a stack-shuffling instruction (pop, dup, swap); types move with their values. */
static void stack_effect(flow *f, uint8_t op)
{
    uint8_t v[4] = {0};
    switch (op) {
    case CF_OP_POP:
        pop(f);
        break;
    case CF_OP_POP2:
        pop_n(f, 2);
        break;
    case CF_OP_DUP:
        v[0] = pop(f);
        push(f, v[0]);
        push(f, v[0]);
        break;
    case CF_OP_DUP_X1:
        v[0] = pop(f), v[1] = pop(f);
        push(f, v[0]), push(f, v[1]), push(f, v[0]);
        break;
    case CF_OP_DUP_X2:
        v[0] = pop(f), v[1] = pop(f), v[2] = pop(f);
        push(f, v[0]), push(f, v[2]), push(f, v[1]), push(f, v[0]);
        break;
    case CF_OP_DUP2:
        v[0] = pop(f), v[1] = pop(f);
        push(f, v[1]), push(f, v[0]), push(f, v[1]), push(f, v[0]);
        break;
    case CF_OP_DUP2_X1:
        v[0] = pop(f), v[1] = pop(f), v[2] = pop(f);
        push(f, v[1]), push(f, v[0]), push(f, v[2]), push(f, v[1]), push(f, v[0]);
        break;
    case CF_OP_DUP2_X2:
        v[0] = pop(f), v[1] = pop(f), v[2] = pop(f), v[3] = pop(f);
        push(f, v[1]), push(f, v[0]), push(f, v[3]), push(f, v[2]), push(f, v[1]), push(f, v[0]);
        break;
    default: /* SWAP */
        v[0] = pop(f), v[1] = pop(f);
        push(f, v[0]), push(f, v[1]);
    }
}

/* Applies arithmetic, conversions and comparisons (0x60-0x98): values in, values out. */
static void arith_effect(flow *f, uint8_t op)
{
    static const uint8_t conv[][2] = {
        {1, 2}, {1, 1}, {1, 2}, {2, 1}, {2, 1}, {2, 2}, {1, 1}, {1, 2}, {1, 2}, {2, 1}, {2, 2},
        {2, 1}, {1, 1}, {1, 1}, {1, 1}, {4, 1}, {2, 1}, {2, 1}, {4, 1}, {4, 1}}; /* I2L .. DCMPG */
    uint32_t in, out;
    if (op <= CF_OP_DREM) { /* add sub mul div rem, types I L F D in turn */
        bool wide = (op - CF_OP_IADD) % 2;
        in = wide ? 4 : 2, out = wide ? 2 : 1;
    } else if (op <= CF_OP_DNEG) {
        in = out = (op - CF_OP_INEG) % 2 ? 2 : 1;
    } else if (op <= CF_OP_LUSHR) {
        bool wide = (op - CF_OP_ISHL) % 2;
        in = wide ? 3 : 2, out = wide ? 2 : 1;
    } else if (op <= CF_OP_LXOR) {
        bool wide = (op - CF_OP_IAND) % 2;
        in = wide ? 4 : 2, out = wide ? 2 : 1;
    } else {
        in = conv[op - CF_OP_I2L][0], out = conv[op - CF_OP_I2L][1];
    }
    pop_n(f, in);
    push_values(f, out);
}

/* Applies a load or store of a local (including the _n forms and wide). */
static void local_effect(flow *f, uint8_t op, uint32_t n)
{
    if (op == CF_OP_ALOAD) {
        if (n >= f->map->max_locals)
            f->bad = true;
        else
            push(f, locals(f)[n]);
    } else if (op == CF_OP_ILOAD || op == CF_OP_FLOAD) {
        push(f, VM_TYPE_VALUE);
    } else if (op == CF_OP_LLOAD || op == CF_OP_DLOAD) {
        push_values(f, 2);
    } else if (op == CF_OP_ASTORE) {
        set_local(f, n, pop(f), 1);
    } else if (op == CF_OP_ISTORE || op == CF_OP_FSTORE) {
        pop(f), set_local(f, n, VM_TYPE_VALUE, 1);
    } else if (op == CF_OP_LSTORE || op == CF_OP_DSTORE) {
        pop_n(f, 2), set_local(f, n, VM_TYPE_VALUE, 2);
    } else { /* IINC */
        set_local(f, n, VM_TYPE_VALUE, 1);
    }
}

/* Maps the _0.._3 forms of loads and stores to their general opcode and local. */
static bool short_local(uint8_t op, uint8_t *general, uint32_t *n)
{
    static const uint8_t base[] = {CF_OP_ILOAD_0,  CF_OP_LLOAD_0,  CF_OP_FLOAD_0,  CF_OP_DLOAD_0,
                                   CF_OP_ALOAD_0,  CF_OP_ISTORE_0, CF_OP_LSTORE_0, CF_OP_FSTORE_0,
                                   CF_OP_DSTORE_0, CF_OP_ASTORE_0};
    static const uint8_t gen[] = {CF_OP_ILOAD,  CF_OP_LLOAD,  CF_OP_FLOAD,  CF_OP_DLOAD,
                                  CF_OP_ALOAD,  CF_OP_ISTORE, CF_OP_LSTORE, CF_OP_FSTORE,
                                  CF_OP_DSTORE, CF_OP_ASTORE};
    for (size_t i = 0; i < sizeof base; i++)
        if (op >= base[i] && op < base[i] + 4) {
            *general = gen[i];
            *n = (uint32_t)(op - base[i]);
            return true;
        }
    return false;
}

/* Applies an array load or store. */
static void array_effect(flow *f, uint8_t op)
{
    if (op <= CF_OP_SALOAD) {
        pop_n(f, 2);
        if (op == CF_OP_LALOAD || op == CF_OP_DALOAD)
            push_values(f, 2);
        else
            push(f, op == CF_OP_AALOAD ? VM_TYPE_REF : VM_TYPE_VALUE);
        return;
    }
    pop_n(f, op == CF_OP_LASTORE || op == CF_OP_DASTORE ? 4 : 3);
}

/* Applies the instruction at [pc] to the current state (an opcode dispatch, kept compact). */
static void effect(flow *f, const uint8_t *pc)
{
    uint8_t op = *pc, general;
    uint32_t n;
    if (short_local(op, &general, &n)) {
        local_effect(f, general, n);
        return;
    }
    if (op >= CF_OP_IADD && op <= CF_OP_DCMPG && op != CF_OP_IINC) {
        arith_effect(f, op);
        return;
    }
    if (op >= CF_OP_IALOAD && op <= CF_OP_SASTORE && (op <= CF_OP_SALOAD || op >= CF_OP_IASTORE)) {
        array_effect(f, op);
        return;
    }
    if (op >= CF_OP_POP && op <= CF_OP_SWAP) {
        stack_effect(f, op);
        return;
    }
    /* clang-format off */
    switch (op) {
    case CF_OP_NOP: case CF_OP_GOTO: case CF_OP_GOTO_W: case CF_OP_CHECKCAST: case CF_OP_ATHROW:
    case CF_OP_IRETURN: case CF_OP_LRETURN: case CF_OP_FRETURN: case CF_OP_DRETURN:
    case CF_OP_ARETURN: case CF_OP_RETURN: return;
    case CF_OP_ACONST_NULL: case CF_OP_NEW: { push(f, VM_TYPE_REF); return; }
    case CF_OP_LCONST_0: case CF_OP_LCONST_1: case CF_OP_DCONST_0: case CF_OP_DCONST_1:
    case CF_OP_LDC2_W: { push_values(f, 2); return; }
    case CF_OP_ILOAD: case CF_OP_LLOAD: case CF_OP_FLOAD: case CF_OP_DLOAD: case CF_OP_ALOAD:
    case CF_OP_ISTORE: case CF_OP_LSTORE: case CF_OP_FSTORE: case CF_OP_DSTORE:
    case CF_OP_ASTORE: case CF_OP_IINC: { local_effect(f, op, pc[1]); return; }
    case CF_OP_WIDE: { local_effect(f, pc[1], U2(pc + 2)); return; }
    case CF_OP_LDC: case CF_OP_LDC_W: case CF_OP_GETSTATIC: case CF_OP_PUTSTATIC:
    case CF_OP_GETFIELD: case CF_OP_PUTFIELD: case CF_OP_INVOKEVIRTUAL: case CF_OP_INVOKESPECIAL:
    case CF_OP_INVOKESTATIC: case CF_OP_INVOKEINTERFACE: case CF_OP_INVOKEDYNAMIC:
        { cp_effect(f, op, pc); return; }
    case CF_OP_IFEQ: case CF_OP_IFNE: case CF_OP_IFLT: case CF_OP_IFGE: case CF_OP_IFGT:
    case CF_OP_IFLE: case CF_OP_IFNULL: case CF_OP_IFNONNULL: case CF_OP_TABLESWITCH:
    case CF_OP_LOOKUPSWITCH: case CF_OP_MONITORENTER: case CF_OP_MONITOREXIT: { pop_n(f, 1); return; }
    case CF_OP_IF_ICMPEQ: case CF_OP_IF_ICMPNE: case CF_OP_IF_ICMPLT: case CF_OP_IF_ICMPGE:
    case CF_OP_IF_ICMPGT: case CF_OP_IF_ICMPLE: case CF_OP_IF_ACMPEQ: case CF_OP_IF_ACMPNE:
        { pop_n(f, 2); return; }
    case CF_OP_NEWARRAY: case CF_OP_ANEWARRAY: { replace(f, 1, VM_TYPE_REF); return; }
    case CF_OP_ARRAYLENGTH: case CF_OP_INSTANCEOF: { replace(f, 1, VM_TYPE_VALUE); return; }
    case CF_OP_MULTIANEWARRAY: { replace(f, pc[3], VM_TYPE_REF); return; }
    default:
        if (op <= CF_OP_SIPUSH) { push(f, VM_TYPE_VALUE); return; } /* iconst, fconst, bipush, sipush */
        f->bad = true; /* jsr, ret and invalid opcodes */
    }
    /* clang-format on */
}

/* ---- The dataflow ---------------------------------------------------------------------------- */

/* Merges state [types] of [height] into instruction [pc]; queues it when it changed. */
static void merge_into(flow *f, int64_t pc, const uint8_t *types, uint32_t height)
{
    struct vm_typemap *map = f->map;
    if (pc < 0 || pc >= (int64_t)f->code->length || map->index[pc] == UINT32_MAX) {
        f->bad = true;
        return;
    }
    uint32_t i = map->index[pc];
    uint8_t *dst = map->types + (size_t)i * map->width;
    bool changed = false;
    if (map->height[i] == UNREACHED) {
        memcpy(dst, types, map->max_locals + height);
        map->height[i] = (uint16_t)height;
        changed = true;
    } else if (map->height[i] != height) {
        f->bad = true;
    } else {
        for (uint32_t k = 0; k < map->max_locals + height; k++)
            if (dst[k] != types[k] && dst[k] != VM_TYPE_TOP) dst[k] = VM_TYPE_TOP, changed = true;
    }
    if (changed && !f->queued[i]) {
        f->queued[i] = 1;
        f->work[f->work_len++] = i;
    }
}

/* Queues the successors of the instruction at [pc] (of [len] bytes) with the current state. */
static void successors(flow *f, uint32_t pc, uint32_t len)
{
    const uint8_t *p = f->code->code + pc;
    uint8_t op = *p;
    if ((op >= CF_OP_IFEQ && op <= CF_OP_GOTO) || op == CF_OP_IFNULL || op == CF_OP_IFNONNULL)
        merge_into(f, (int64_t)pc + S2(p + 1), f->cur, f->h);
    if (op == CF_OP_GOTO_W) merge_into(f, (int64_t)pc + S4(p + 1), f->cur, f->h);
    if (op == CF_OP_TABLESWITCH || op == CF_OP_LOOKUPSWITCH) {
        const uint8_t *t = f->code->code + ((pc + 4) & ~3u);
        merge_into(f, (int64_t)pc + S4(t), f->cur, f->h);
        int64_t n = op == CF_OP_TABLESWITCH ? (int64_t)S4(t + 8) - S4(t + 4) + 1 : S4(t + 4);
        for (int64_t k = 0; k < n; k++)
            merge_into(f, (int64_t)pc + S4(t + (op == CF_OP_TABLESWITCH ? 12 + 4 * k : 12 + 8 * k)),
                       f->cur, f->h);
        return;
    }
    bool ends = op == CF_OP_GOTO || op == CF_OP_GOTO_W || op == CF_OP_ATHROW ||
                (op >= CF_OP_IRETURN && op <= CF_OP_RETURN);
    if (!ends) merge_into(f, (int64_t)pc + len, f->cur, f->h);
}

/* Processes instruction number [i]: its handlers, its effect, its successors. */
static void process(flow *f, uint32_t i, uint32_t pc)
{
    struct vm_typemap *map = f->map;
    memcpy(f->cur, map->types + (size_t)i * map->width, map->width);
    f->h = map->height[i];
    for (uint16_t k = 0; k < f->code->handler_count; k++) {
        const cf_handler *hd = &f->code->handlers[k];
        if (pc < hd->start_pc || pc >= hd->end_pc) continue;
        uint8_t saved = f->cur[map->max_locals];
        f->cur[map->max_locals] = VM_TYPE_REF;
        merge_into(f, hd->handler_pc, f->cur, 1);
        f->cur[map->max_locals] = saved;
    }
    effect(f, f->code->code + pc);
    if (!f->bad) successors(f, pc, cf_instruction_length(f->code, pc));
}

/* Sets the types of the entry state: the parameters, then unusable locals. */
static void entry_state(flow *f)
{
    uint8_t *l = f->map->types;
    uint32_t n = 0;
    if (!(f->m->access & CF_ACC_STATIC)) l[n++] = VM_TYPE_REF;
    cf_param_iter it;
    cf_type p;
    cf_params_begin(&it, f->m->descriptor);
    while (n < f->map->max_locals && cf_params_next(&it, &p)) {
        l[n++] = vm_kind_of(p.kind) == 'L' ? VM_TYPE_REF : VM_TYPE_VALUE;
        if (cf_type_slots(p.kind) == 2 && n < f->map->max_locals) l[n++] = VM_TYPE_VALUE;
    }
    f->map->height[0] = 0;
    f->queued[0] = 1;
    f->work[f->work_len++] = 0;
}

/* Allocates [map] for [code]: the instruction index and the per-instruction arrays. */
static bool map_alloc(struct vm_typemap *map, const cf_code *code)
{
    map->index = base_malloc(code->length * sizeof *map->index);
    if (!map->index) return false;
    memset(map->index, 0xFF, code->length * sizeof *map->index);
    for (uint32_t pc = 0; pc < code->length; pc += cf_instruction_length(code, pc))
        map->index[pc] = map->count++;
    map->max_locals = code->max_locals;
    map->width = (uint32_t)code->max_locals + code->max_stack + 1;
    map->height = base_malloc(map->count * sizeof *map->height);
    map->types = base_calloc((size_t)map->count * map->width, 1);
    if (!map->height || !map->types) return false;
    memset(map->height, 0xFF, map->count * sizeof *map->height);
    return true;
}

/* Runs the dataflow over [m]; false when out of memory or the bytecode is not typable. */
static bool analyse(vm *machine, vm_method *m, struct vm_typemap *map)
{
    flow f = {machine, m, m->code, map, NULL, 0, NULL, NULL, 0, false};
    if (!map_alloc(map, m->code)) return false;
    uint32_t *pcs = base_malloc(map->count * sizeof *pcs);
    f.work = base_malloc(map->count * sizeof *f.work);
    f.queued = base_calloc(map->count, 1);
    f.cur = base_malloc(map->width);
    bool ok = pcs && f.work && f.queued && f.cur;
    for (uint32_t pc = 0; ok && pc < m->code->length; pc++)
        if (map->index[pc] != UINT32_MAX) pcs[map->index[pc]] = pc;
    if (ok) entry_state(&f);
    while (ok && f.work_len && !f.bad) {
        uint32_t i = f.work[--f.work_len];
        f.queued[i] = 0;
        process(&f, i, pcs[i]);
    }
    base_free(pcs);
    base_free(f.work);
    base_free(f.queued);
    base_free(f.cur);
    return ok && !f.bad;
}

/* Frees the arrays of [map] and [map] itself. */
static void map_free(struct vm_typemap *map)
{
    if (!map) return;
    base_free(map->index);
    base_free(map->height);
    base_free(map->types);
    base_free(map);
}

void explore_typemap_free(vm_method *m)
{
    map_free(m->cache.typemap);
    m->cache.typemap = NULL;
}

bool explore_typemap_slow(vm *machine, vm_method *m, uint32_t pc, const uint8_t **types,
                          uint32_t *height)
{
    if (!m->cache.typemap) {
        struct vm_typemap *map = base_calloc(1, sizeof *map);
        if (!map || !analyse(machine, m, map)) {
            map_free(map);
            char cls[512];
            return vm_fail(machine, VM_ERR_UNSUPPORTED,
                           "unsupported: cannot infer the slot types of %s.%s%s (bytecode the "
                           "checker cannot type, or out of memory)",
                           vm_dotted_name(m->owner, cls, sizeof cls), m->name, m->descriptor);
        }
        m->cache.typemap = map;
    }
    const struct vm_typemap *map = m->cache.typemap;
    if (pc >= m->code->length || map->index[pc] == UINT32_MAX ||
        map->height[map->index[pc]] == UNREACHED)
        return vm_fail(machine, VM_ERR_UNSUPPORTED, "internal error: no slot types at %s.%s pc %u",
                       m->owner->name, m->name, pc);
    *types = map->types + (size_t)map->index[pc] * map->width;
    *height = map->height[map->index[pc]];
    return true;
}
