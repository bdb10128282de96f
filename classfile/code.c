/* Structural checks of bytecode (JVMS 4.9.1): valid opcodes, operands that fit, constant-pool
 * operands of the right kind, local indices below max_locals, branch and handler targets on
 * instruction boundaries. Type checking is left to the interpreter's own guards. */
#include <string.h>

#include "internal.h"

/* Length of a tableswitch or lookupswitch at [pc]; false when it overruns or is malformed. */
static bool measure_switch(const uint8_t *code, uint32_t len, uint32_t pc, uint32_t *out)
{
    uint32_t base = pc + 1 + ((4 - (pc + 1) % 4) % 4); /* operands are 4-byte aligned */
    if (base + 12 > len) return false;
    uint64_t entries;
    if (code[pc] == CF_OP_TABLESWITCH) {
        int32_t low = cf_get_s4(code + base + 4), high = cf_get_s4(code + base + 8);
        if (low > high) return false;
        entries = (uint64_t)((int64_t)high - low + 1);
        *out = (uint32_t)(base - pc + 12);
    } else {
        int32_t pairs = cf_get_s4(code + base + 4);
        if (pairs < 0) return false;
        entries = (uint64_t)pairs * 2;
        *out = (uint32_t)(base - pc + 8);
    }
    if (pc + *out + entries * 4 > len) return false;
    *out += (uint32_t)(entries * 4);
    return true;
}

/* Opcodes that `wide` may modify with a u2 local index. */
static bool widenable(uint8_t op)
{
    return (op >= CF_OP_ILOAD && op <= CF_OP_ALOAD) || (op >= CF_OP_ISTORE && op <= CF_OP_ASTORE) ||
           op == CF_OP_RET;
}

bool cf_measure_instruction(const uint8_t *code, uint32_t len, uint32_t pc, uint32_t *out)
{
    const cf_opcode_info *info = &cf_opcodes[code[pc]];
    if (!info->mnemonic || info->kind == CF_OPND_INVALID) return false;
    if (info->kind == CF_OPND_TABLESWITCH || info->kind == CF_OPND_LOOKUPSWITCH)
        return measure_switch(code, len, pc, out);
    if (info->kind == CF_OPND_WIDE) {
        if (pc + 1 >= len) return false;
        uint8_t op = code[pc + 1];
        if (op == CF_OP_IINC)
            *out = 6;
        else if (widenable(op))
            *out = 4;
        else
            return false;
    } else {
        *out = 1 + (uint32_t)info->length;
    }
    return pc + *out <= len;
}

uint32_t cf_instruction_length(const cf_code *code, uint32_t pc)
{
    uint32_t n = 1;
    cf_measure_instruction(code->code, code->length, pc, &n);
    return n;
}

/* ---- Operand checks ----------------------------------------------------------------------------
 */

/* The constant kinds an instruction's constant-pool operand may name. */
static uint32_t cp_operand_mask(uint8_t op, unsigned major)
{
    uint32_t methodref = CF_TAG_BIT(CF_TAG_METHODREF);
    uint32_t any_method = methodref | (major >= 52 ? CF_TAG_BIT(CF_TAG_INTERFACE_METHODREF) : 0);
    switch (op) {
    case CF_OP_LDC:
    case CF_OP_LDC_W:
        return CF_TAG_BIT(CF_TAG_INTEGER) | CF_TAG_BIT(CF_TAG_FLOAT) | CF_TAG_BIT(CF_TAG_STRING) |
               CF_TAG_BIT(CF_TAG_CLASS) | CF_TAG_BIT(CF_TAG_METHOD_TYPE) |
               CF_TAG_BIT(CF_TAG_METHOD_HANDLE) | CF_TAG_BIT(CF_TAG_DYNAMIC);
    case CF_OP_LDC2_W:
        return CF_TAG_BIT(CF_TAG_LONG) | CF_TAG_BIT(CF_TAG_DOUBLE) | CF_TAG_BIT(CF_TAG_DYNAMIC);
    case CF_OP_GETSTATIC:
    case CF_OP_PUTSTATIC:
    case CF_OP_GETFIELD:
    case CF_OP_PUTFIELD:
        return CF_TAG_BIT(CF_TAG_FIELDREF);
    case CF_OP_INVOKEVIRTUAL:
        return methodref;
    case CF_OP_INVOKESPECIAL:
    case CF_OP_INVOKESTATIC:
        return any_method;
    case CF_OP_INVOKEINTERFACE:
        return CF_TAG_BIT(CF_TAG_INTERFACE_METHODREF);
    case CF_OP_INVOKEDYNAMIC:
        return CF_TAG_BIT(CF_TAG_INVOKE_DYNAMIC);
    default:
        return CF_TAG_BIT(CF_TAG_CLASS); /* new, anewarray, checkcast, instanceof, multianewarray */
    }
}

/* Checks what the kind alone cannot: ldc of a Dynamic of the right width, who may call <init>,
 * `new` of a non-array class, multianewarray's dimensions. */
static bool check_cp_use(cf_parser *p, uint8_t op, uint16_t index, const uint8_t *operands)
{
    const cf_class *cls = p->cls;
    const cf_constant *c = &cls->constants[index];
    const char *mnemonic = cf_opcodes[op].mnemonic;
    if (c->tag == CF_TAG_DYNAMIC) {
        const char *name, *desc;
        cf_name_and_type(cls, c->u.dynamic.name_and_type, &name, &desc);
        bool wide = desc[0] == 'J' || desc[0] == 'D';
        if (wide != (op == CF_OP_LDC2_W))
            return cf_parser_fail(p, CF_ERR_CODE, "%s of a Dynamic constant of type %s", mnemonic,
                                  desc);
    }
    if (op >= CF_OP_INVOKEVIRTUAL && op <= CF_OP_INVOKEINTERFACE) {
        const char *owner, *name, *desc;
        cf_member_ref(cls, index, &owner, &name, &desc);
        if (!strcmp(name, "<init>") && op != CF_OP_INVOKESPECIAL)
            return cf_parser_fail(p, CF_ERR_CODE, "%s cannot call <init>", mnemonic);
    }
    if (op == CF_OP_NEW && cf_class_name(cls, index)[0] == '[')
        return cf_parser_fail(p, CF_ERR_CODE, "new of array class %s", cf_class_name(cls, index));
    if (op == CF_OP_MULTIANEWARRAY) {
        const char *name = cf_class_name(cls, index);
        size_t dims = strspn(name, "[");
        if (operands[2] == 0 || dims < operands[2])
            return cf_parser_fail(p, CF_ERR_CODE, "multianewarray of %u dimensions of %s",
                                  operands[2], name);
    }
    return true;
}

static bool check_cp_operand(cf_parser *p, uint8_t op, uint16_t index, const uint8_t *operands)
{
    if (!cf_expect_constant(p, index, cp_operand_mask(op, p->cls->major_version),
                            cf_opcodes[op].mnemonic))
        return false;
    return check_cp_use(p, op, index, operands);
}

/* The slot an implicit-index load or store (iload_0 .. astore_3) touches, or -1; [slots] gets 2
 * for the long and double forms. */
static int implicit_local(uint8_t op, int *slots)
{
    int k;
    if (op >= CF_OP_ILOAD_0 && op <= CF_OP_ALOAD_3)
        k = op - CF_OP_ILOAD_0;
    else if (op >= CF_OP_ISTORE_0 && op <= CF_OP_ASTORE_3)
        k = op - CF_OP_ISTORE_0;
    else
        return -1;
    *slots = (k / 4 == 1 || k / 4 == 3) ? 2 : 1; /* groups of four: i l f d a */
    return k % 4;
}

static int explicit_slots(uint8_t op)
{
    bool wide = op == CF_OP_LLOAD || op == CF_OP_DLOAD || op == CF_OP_LSTORE || op == CF_OP_DSTORE;
    return wide ? 2 : 1;
}

static bool check_local(cf_parser *p, const cf_code *code, uint32_t index, int slots)
{
    if (index + (uint32_t)slots <= code->max_locals) return true;
    return cf_parser_fail(p, CF_ERR_CODE, "local variable %u is beyond max_locals %u", index,
                          code->max_locals);
}

/* Checks the operands of the instruction at [pc] other than branch targets. */
static bool check_operands(cf_parser *p, const cf_code *code, uint32_t pc)
{
    const uint8_t *b = code->code + pc;
    uint8_t op = b[0];
    int slots = 1;
    int local = implicit_local(op, &slots);
    if (local >= 0) return check_local(p, code, (uint32_t)local, slots);
    switch (cf_opcodes[op].kind) {
    case CF_OPND_LOCAL:
        return check_local(p, code, b[1], explicit_slots(op));
    case CF_OPND_IINC:
        return check_local(p, code, b[1], 1);
    case CF_OPND_CP1:
        return check_cp_operand(p, op, b[1], b + 1);
    case CF_OPND_CP2:
    case CF_OPND_MULTIARRAY:
        return check_cp_operand(p, op, cf_get_u2(b + 1), b + 1);
    case CF_OPND_INTERFACE:
        if (b[3] == 0 || b[4] != 0)
            return cf_parser_fail(p, CF_ERR_CODE, "invokeinterface with count %u and byte %u", b[3],
                                  b[4]);
        return check_cp_operand(p, op, cf_get_u2(b + 1), b + 1);
    case CF_OPND_INDY:
        if (b[3] != 0 || b[4] != 0)
            return cf_parser_fail(p, CF_ERR_CODE, "invokedynamic with nonzero bytes 3-4");
        return check_cp_operand(p, op, cf_get_u2(b + 1), b + 1);
    case CF_OPND_NEWARRAY:
        if (b[1] < 4 || b[1] > 11)
            return cf_parser_fail(p, CF_ERR_CODE, "newarray of invalid type code %u", b[1]);
        return true;
    case CF_OPND_WIDE:
        return check_local(p, code, cf_get_u2(b + 2),
                           b[1] == CF_OP_IINC ? 1 : explicit_slots(b[1]));
    default:
        return true;
    }
}

/* ---- Branch targets ----------------------------------------------------------------------------
 */

static bool is_start(const uint8_t *starts, const cf_code *code, int64_t target)
{
    return target >= 0 && target < code->length && (starts[target >> 3] & (1u << (target & 7)));
}

static bool check_target(cf_parser *p, const uint8_t *starts, const cf_code *code, uint32_t pc,
                         int64_t target)
{
    if (is_start(starts, code, target)) return true;
    return cf_parser_fail(p, CF_ERR_CODE, "branch at pc %u to %lld is not an instruction", pc,
                          (long long)target);
}

static bool check_switch_targets(cf_parser *p, const uint8_t *starts, const cf_code *code,
                                 uint32_t pc)
{
    const uint8_t *c = code->code;
    uint32_t base = pc + 1 + ((4 - (pc + 1) % 4) % 4);
    if (!check_target(p, starts, code, pc, (int64_t)pc + cf_get_s4(c + base))) return false;
    bool table = c[pc] == CF_OP_TABLESWITCH;
    int64_t count = table ? (int64_t)cf_get_s4(c + base + 8) - cf_get_s4(c + base + 4) + 1
                          : cf_get_s4(c + base + 4);
    uint32_t first = base + (table ? 12 : 8), stride = table ? 4 : 8, skip = table ? 0 : 4;
    for (int64_t i = 0; i < count; i++) {
        const uint8_t *entry = c + first + i * stride;
        if (!table && i > 0 && cf_get_s4(entry) <= cf_get_s4(entry - stride))
            return cf_parser_fail(p, CF_ERR_CODE, "lookupswitch at pc %u keys are not sorted", pc);
        if (!check_target(p, starts, code, pc, (int64_t)pc + cf_get_s4(entry + skip))) return false;
    }
    return true;
}

static bool check_branch(cf_parser *p, const uint8_t *starts, const cf_code *code, uint32_t pc)
{
    const uint8_t *b = code->code + pc;
    switch (cf_opcodes[b[0]].kind) {
    case CF_OPND_BRANCH2:
        return check_target(p, starts, code, pc, (int64_t)pc + (int16_t)cf_get_u2(b + 1));
    case CF_OPND_BRANCH4:
        return check_target(p, starts, code, pc, (int64_t)pc + cf_get_s4(b + 1));
    case CF_OPND_TABLESWITCH:
    case CF_OPND_LOOKUPSWITCH:
        return check_switch_targets(p, starts, code, pc);
    default:
        return true;
    }
}

/* ---- Tables ------------------------------------------------------------------------------------
 */

static bool check_handlers(cf_parser *p, const uint8_t *starts, const cf_code *code)
{
    for (uint16_t i = 0; i < code->handler_count; i++) {
        const cf_handler *h = &code->handlers[i];
        bool end_ok = h->end_pc == code->length || is_start(starts, code, h->end_pc);
        if (h->start_pc >= h->end_pc || !is_start(starts, code, h->start_pc) || !end_ok ||
            !is_start(starts, code, h->handler_pc))
            return cf_parser_fail(p, CF_ERR_CODE, "exception handler %u [%u, %u) -> %u is invalid",
                                  i, h->start_pc, h->end_pc, h->handler_pc);
    }
    return true;
}

static bool check_debug_tables(cf_parser *p, const cf_code *code)
{
    for (size_t i = 0; i < code->line_count; i++)
        if (code->lines[i].start_pc >= code->length)
            return cf_parser_fail(p, CF_ERR_ATTRIBUTE,
                                  "LineNumberTable entry at pc %u past the code",
                                  code->lines[i].start_pc);
    for (size_t i = 0; i < code->local_var_count; i++) {
        const cf_local_var *v = &code->local_vars[i];
        const char *desc = cf_utf8(p->cls, v->descriptor);
        if ((uint32_t)v->start_pc + v->length > code->length ||
            !cf_valid_member_name(cf_utf8(p->cls, v->name), false) ||
            !cf_valid_field_descriptor(desc) || v->slot + cf_type_slots(desc[0]) > code->max_locals)
            return cf_parser_fail(p, CF_ERR_ATTRIBUTE, "LocalVariableTable entry %zu is invalid",
                                  i);
    }
    return true;
}

/* Walks the code once, marking instruction starts in [starts] and checking operands. */
static bool mark_instructions(cf_parser *p, const cf_code *code, uint8_t *starts)
{
    for (uint32_t pc = 0; pc < code->length;) {
        uint32_t n;
        if (!cf_measure_instruction(code->code, code->length, pc, &n)) {
            const cf_opcode_info *info = &cf_opcodes[code->code[pc]];
            if (!info->mnemonic || info->kind == CF_OPND_INVALID)
                return cf_parser_fail(p, CF_ERR_CODE, "invalid opcode 0x%02x at pc %u",
                                      code->code[pc], pc);
            return cf_parser_fail(p, CF_ERR_CODE, "%s at pc %u is malformed or overruns the code",
                                  info->mnemonic, pc);
        }
        starts[pc >> 3] |= (uint8_t)(1u << (pc & 7));
        if (!check_operands(p, code, pc)) return false;
        pc += n;
    }
    return true;
}

/* Checks the branch targets of every instruction, at the starts marked in [starts]. */
static bool check_branches(cf_parser *p, const uint8_t *starts, const cf_code *code)
{
    for (uint32_t byte = 0; byte < (code->length + 7) / 8; byte++)
        for (unsigned bits = starts[byte]; bits; bits &= bits - 1)
            if (!check_branch(p, starts, code, byte * 8 + (uint32_t)__builtin_ctz(bits)))
                return false;
    return true;
}

/* Bytes of instruction-start bits kept on the stack: code of up to 8 KB, most methods. */
enum { STACK_STARTS = 1024 };

bool cf_check_code(cf_parser *p, const cf_code *code)
{
    uint8_t local[STACK_STARTS];
    size_t bytes = (code->length + 7) / 8;
    uint8_t *starts = bytes <= sizeof local ? memset(local, 0, bytes) : base_calloc(bytes, 1);
    if (!starts) return cf_parser_fail(p, CF_ERR_NOMEM, "out of memory checking code");
    bool ok = mark_instructions(p, code, starts) && check_branches(p, starts, code) &&
              check_handlers(p, starts, code) && check_debug_tables(p, code);
    if (starts != local) base_free(starts);
    return ok;
}

/* Returns the target of the branch at [pc] of [code] when it jumps back (to [pc] or before),
 * else UINT32_MAX. */
static uint32_t backward_target(const cf_code *code, uint32_t pc)
{
    const uint8_t *c = code->code;
    uint8_t op = c[pc];
    int32_t offset;
    if ((op >= CF_OP_IFEQ && op <= CF_OP_GOTO) || op == CF_OP_IFNULL || op == CF_OP_IFNONNULL)
        offset = (int16_t)(c[pc + 1] << 8 | c[pc + 2]);
    else if (op == CF_OP_GOTO_W)
        offset = (int32_t)((uint32_t)c[pc + 1] << 24 | (uint32_t)c[pc + 2] << 16 |
                           (uint32_t)c[pc + 3] << 8 | c[pc + 4]);
    else
        return UINT32_MAX;
    return offset <= 0 && (int64_t)pc + offset >= 0 ? (uint32_t)((int64_t)pc + offset) : UINT32_MAX;
}

bool cf_pc_in_loop(const cf_code *code, uint32_t at)
{
    for (uint32_t pc = 0, n; pc < code->length; pc += n) {
        if (!(n = cf_instruction_length(code, pc))) return true; /* unreadable: say nothing */
        uint32_t target = backward_target(code, pc);
        if (pc > at && target <= at) return true;
    }
    return false;
}
