/* The disassembler: a class in the layout of `javap -c -p -l`, instruction for instruction. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "internal.h"

enum { COMMENT_COLUMN = 44 };

/* ---- Constants in comments ---------------------------------------------------------------------
 */

static void print_name_and_type(FILE *out, const cf_class *cls, uint16_t index)
{
    const char *name, *desc;
    cf_name_and_type(cls, index, &name, &desc);
    cf_print_checked_name(out, name);
    fprintf(out, ":%s", desc);
}

static void print_member_ref(FILE *out, const cf_class *cls, uint16_t index)
{
    const cf_constant *c = &cls->constants[index];
    if (c->u.ref.class_index != cls->this_class) {
        cf_print_checked_name(out, cf_class_name(cls, c->u.ref.class_index));
        fputc('.', out);
    }
    print_name_and_type(out, cls, c->u.ref.name_and_type);
}

static const char *ref_kind_name(uint8_t kind)
{
    static const char *const names[] = {"?",
                                        "REF_getField",
                                        "REF_getStatic",
                                        "REF_putField",
                                        "REF_putStatic",
                                        "REF_invokeVirtual",
                                        "REF_invokeStatic",
                                        "REF_invokeSpecial",
                                        "REF_newInvokeSpecial",
                                        "REF_invokeInterface"};
    return kind < sizeof names / sizeof names[0] ? names[kind] : "?";
}

static void print_number(FILE *out, const cf_constant *c)
{
    char buf[64];
    switch (c->tag) {
    case CF_TAG_INTEGER:
        fprintf(out, "int %d", c->u.integer);
        break;
    case CF_TAG_LONG:
        fprintf(out, "long %lldl", (long long)c->u.long_value);
        break;
    case CF_TAG_FLOAT:
        cf_format_java_double(buf, sizeof buf, c->u.float_value, true);
        fprintf(out, "float %sf", buf);
        break;
    default:
        cf_format_java_double(buf, sizeof buf, c->u.double_value, false);
        fprintf(out, "double %sd", buf);
        break;
    }
}

/* Prints constant [index] the way javap comments an instruction operand. */
static void print_constant(FILE *out, const cf_class *cls, uint16_t index)
{
    const cf_constant *c = &cls->constants[index];
    const cf_constant *s;
    switch (c->tag) {
    case CF_TAG_STRING:
        s = &cls->constants[c->u.name];
        fputs("String ", out);
        cf_print_string_constant(out, s->u.utf8.chars, s->u.utf8.length);
        break;
    case CF_TAG_CLASS:
        fputs("class ", out);
        cf_print_checked_name(out, cf_class_name(cls, index));
        break;
    case CF_TAG_FIELDREF:
    case CF_TAG_METHODREF:
    case CF_TAG_INTERFACE_METHODREF:
        fputs(c->tag == CF_TAG_FIELDREF    ? "Field "
              : c->tag == CF_TAG_METHODREF ? "Method "
                                           : "InterfaceMethod ",
              out);
        print_member_ref(out, cls, index);
        break;
    case CF_TAG_METHOD_TYPE:
        fprintf(out, "MethodType %s", cf_utf8(cls, c->u.name));
        break;
    case CF_TAG_METHOD_HANDLE:
        fprintf(out, "MethodHandle %s ", ref_kind_name(c->u.handle.kind));
        print_member_ref(out, cls, c->u.handle.reference);
        break;
    case CF_TAG_DYNAMIC:
    case CF_TAG_INVOKE_DYNAMIC:
        fprintf(out, "%s #%u:", c->tag == CF_TAG_DYNAMIC ? "Dynamic" : "InvokeDynamic",
                c->u.dynamic.bootstrap);
        print_name_and_type(out, cls, c->u.dynamic.name_and_type);
        break;
    default:
        print_number(out, c);
        break;
    }
}

/* ---- Instructions ------------------------------------------------------------------------------
 */

static const char *newarray_type(uint8_t code)
{
    static const char *const names[] = {"boolean", "char",  "float", "double",
                                        "byte",    "short", "int",   "long"};
    return code >= 4 && code <= 11 ? names[code - 4] : "?";
}

static void print_switch(FILE *out, const cf_code *code, uint32_t pc)
{
    const uint8_t *c = code->code;
    uint32_t base = pc + 1 + ((4 - (pc + 1) % 4) % 4);
    int32_t deflt = cf_get_s4(c + base);
    bool table = c[pc] == CF_OP_TABLESWITCH;
    int32_t a = cf_get_s4(c + base + 4), b = cf_get_s4(c + base + 8);
    if (table)
        fprintf(out, "%8u: %-13s { // %d to %d\n", pc, "tableswitch", a, b);
    else
        fprintf(out, "%8u: %-13s { // %d\n", pc, "lookupswitch", a);
    int64_t count = table ? (int64_t)b - a + 1 : a;
    for (int64_t i = 0; i < count; i++) {
        const uint8_t *e = c + base + (table ? 12 + i * 4 : 8 + i * 8);
        int64_t key = table ? a + i : cf_get_s4(e);
        int32_t offset = cf_get_s4(table ? e : e + 4);
        fprintf(out, "%22lld: %lld\n", (long long)key, (long long)pc + offset);
    }
    fprintf(out, "%22s: %lld\n          }\n", "default", (long long)pc + deflt);
}

/* Formats the operands of the instruction at [pc] into [buf]; returns the constant to comment
 * on, or 0. */
static uint16_t format_operands(const cf_code *code, uint32_t pc, char *buf, size_t cap)
{
    const uint8_t *b = code->code + pc;
    buf[0] = '\0';
    switch (cf_opcodes[b[0]].kind) {
    case CF_OPND_LOCAL:
        snprintf(buf, cap, "%u", b[1]);
        return 0;
    case CF_OPND_S1:
        snprintf(buf, cap, "%d", (int8_t)b[1]);
        return 0;
    case CF_OPND_S2:
        snprintf(buf, cap, "%d", (int16_t)cf_get_u2(b + 1));
        return 0;
    case CF_OPND_CP1:
        snprintf(buf, cap, "#%u", b[1]);
        return b[1];
    case CF_OPND_CP2:
        snprintf(buf, cap, "#%u", cf_get_u2(b + 1));
        return cf_get_u2(b + 1);
    case CF_OPND_BRANCH2:
        snprintf(buf, cap, "%lld", (long long)pc + (int16_t)cf_get_u2(b + 1));
        return 0;
    case CF_OPND_BRANCH4:
        snprintf(buf, cap, "%lld", (long long)pc + cf_get_s4(b + 1));
        return 0;
    case CF_OPND_IINC:
        snprintf(buf, cap, "%u, %d", b[1], (int8_t)b[2]);
        return 0;
    case CF_OPND_NEWARRAY:
        snprintf(buf, cap, " %s", newarray_type(b[1]));
        return 0; /* javap pads one more */
    case CF_OPND_MULTIARRAY:
    case CF_OPND_INTERFACE:
    case CF_OPND_INDY:
        snprintf(buf, cap, "#%u,  %u", cf_get_u2(b + 1), b[3]);
        return cf_get_u2(b + 1);
    default:
        return 0;
    }
}

static void print_wide(FILE *out, const cf_code *code, uint32_t pc)
{
    const uint8_t *b = code->code + pc;
    char mnemonic[24];
    snprintf(mnemonic, sizeof mnemonic, "%s_w", cf_opcodes[b[1]].mnemonic);
    if (b[1] == CF_OP_IINC)
        fprintf(out, "%8u: %-13s %u, %d\n", pc, mnemonic, cf_get_u2(b + 2),
                (int16_t)cf_get_u2(b + 4));
    else
        fprintf(out, "%8u: %-13s %u\n", pc, mnemonic, cf_get_u2(b + 2));
}

static void print_instruction(FILE *out, const cf_class *cls, const cf_code *code, uint32_t pc)
{
    uint8_t op = code->code[pc];
    const cf_opcode_info *info = &cf_opcodes[op];
    if (info->kind == CF_OPND_TABLESWITCH || info->kind == CF_OPND_LOOKUPSWITCH) {
        print_switch(out, code, pc);
        return;
    }
    if (info->kind == CF_OPND_WIDE) {
        print_wide(out, code, pc);
        return;
    }
    char operands[48];
    uint16_t constant = format_operands(code, pc, operands, sizeof operands);
    if (!operands[0]) {
        fprintf(out, "%8u: %s\n", pc, info->mnemonic);
        return;
    }
    int column = fprintf(out, "%8u: %-13s %s", pc, info->mnemonic, operands);
    if (constant) {
        fprintf(out, "%*s// ", column < COMMENT_COLUMN ? COMMENT_COLUMN - column : 1, "");
        print_constant(out, cls, constant);
    }
    fputc('\n', out);
}

/* javap trims trailing white space, which matters when a String constant ends in spaces. */
void cf_disassemble_instruction(FILE *out, const cf_class *cls, const cf_code *code, uint32_t pc)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem) return;
    print_instruction(mem, cls, code, pc);
    fclose(mem);
    while (len > 0 && (text[len - 1] == ' ' || text[len - 1] == '\n')) len--;
    fwrite(text, 1, len, out);
    fputc('\n', out);
    free(text);
}

/* ---- Code tables -------------------------------------------------------------------------------
 */

static void print_handlers(FILE *out, const cf_class *cls, const cf_code *code)
{
    if (!code->handler_count) return;
    fprintf(out, "    Exception table:\n       from    to  target type\n");
    for (uint16_t i = 0; i < code->handler_count; i++) {
        const cf_handler *h = &code->handlers[i];
        fprintf(out, "       %5u %5u %5u   ", h->start_pc, h->end_pc, h->handler_pc);
        if (h->catch_type)
            fprintf(out, "Class %s\n", cf_class_name(cls, h->catch_type));
        else
            fprintf(out, "any\n");
    }
}

static void print_debug_tables(FILE *out, const cf_class *cls, const cf_code *code)
{
    if (code->has_line_table) fprintf(out, "    LineNumberTable:\n");
    for (size_t i = 0; i < code->line_count; i++)
        fprintf(out, "      line %u: %u\n", code->lines[i].line, code->lines[i].start_pc);
    if (!code->has_local_var_table) return;
    fprintf(out, "    LocalVariableTable:\n      Start  Length  Slot  Name   Signature\n");
    for (size_t i = 0; i < code->local_var_count; i++) {
        const cf_local_var *v = &code->local_vars[i];
        fprintf(out, "      %5u %7u %5u %5s   %s\n", v->start_pc, v->length, v->slot,
                cf_utf8(cls, v->name), cf_utf8(cls, v->descriptor));
    }
}

static void print_code(FILE *out, const cf_class *cls, const cf_code *code)
{
    fprintf(out, "    Code:\n");
    for (uint32_t pc = 0; pc < code->length; pc += cf_instruction_length(code, pc))
        cf_disassemble_instruction(out, cls, code, pc);
    print_handlers(out, cls, code);
    print_debug_tables(out, cls, code);
}

/* ---- Declarations ------------------------------------------------------------------------------
 */

static void print_dotted(FILE *out, const char *name)
{
    for (const char *c = name; *c; c++) fputc(*c == '/' ? '.' : *c, out);
}

static void print_flags(FILE *out, uint16_t access, const uint16_t *flags, const char *const *words,
                        size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (access & flags[i]) fprintf(out, "%s ", words[i]);
}

static void print_field(FILE *out, const cf_class *cls, const cf_member *f)
{
    static const uint16_t flags[] = {CF_ACC_PUBLIC,   CF_ACC_PRIVATE, CF_ACC_PROTECTED,
                                     CF_ACC_STATIC,   CF_ACC_FINAL,   CF_ACC_VOLATILE,
                                     CF_ACC_TRANSIENT};
    static const char *const words[] = {"public", "private",  "protected", "static",
                                        "final",  "volatile", "transient"};
    fputs("  ", out);
    print_flags(out, f->access, flags, words, sizeof flags / sizeof flags[0]);
    if (!f->signature || !cf_print_type_signature(out, cf_utf8(cls, f->signature), false))
        cf_print_type_signature(out, f->descriptor, true);
    fprintf(out, " %s;\n\n", f->name);
}

/* Prints "(params)" with javap's varargs rule: the last "[]" becomes "...". */
static void print_params(FILE *out, const cf_method_signature *sig, bool varargs)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem) return;
    fputc('(', mem);
    cf_print_signature_span(mem, sig, sig->params, sig->params_end, ", ");
    fputc(')', mem);
    fclose(mem);
    char *last = NULL;
    for (char *at = strstr(text, "[]"); at; at = strstr(at + 1, "[]")) last = at;
    if (varargs && last) {
        *last = '\0';
        fprintf(out, "%s...%s", text, last + 2);
    } else {
        fputs(text, out);
    }
    free(text);
}

static void print_throws(FILE *out, const cf_class *cls, const cf_member *m,
                         const cf_method_signature *sig)
{
    if (!m->exceptions) return;
    fputs(" throws ", out);
    if (*sig->throws) {
        cf_print_signature_span(out, sig, sig->throws, sig->throws + strlen(sig->throws), ", ");
        return;
    }
    for (uint16_t i = 0; i < m->exception_count; i++) {
        if (i) fputs(", ", out);
        print_dotted(out, cf_class_name(cls, m->exceptions[i]));
    }
}

/* javap shows "default" on concrete instance methods of interfaces from version 52 on. */
static bool is_default(const cf_class *cls, const cf_member *m)
{
    return (cls->access & CF_ACC_INTERFACE) && cls->major_version >= 52 &&
           !(m->access & (CF_ACC_ABSTRACT | CF_ACC_STATIC | CF_ACC_PRIVATE)) &&
           strcmp(m->name, "<clinit>");
}

static void print_method_head(FILE *out, const cf_class *cls, const cf_member *m)
{
    static const uint16_t flags[] = {CF_ACC_PUBLIC, CF_ACC_PRIVATE,  CF_ACC_PROTECTED,
                                     CF_ACC_STATIC, CF_ACC_FINAL,    CF_ACC_SYNCHRONIZED,
                                     CF_ACC_NATIVE, CF_ACC_ABSTRACT, CF_ACC_STRICT};
    static const char *const words[] = {"public",       "private", "protected", "static",  "final",
                                        "synchronized", "native",  "abstract",  "strictfp"};
    cf_method_signature sig;
    if (!m->signature || !cf_split_method_signature(cf_utf8(cls, m->signature), false, &sig))
        cf_split_method_signature(m->descriptor, true, &sig);
    fputs("  ", out);
    print_flags(out, m->access, flags, words, sizeof flags / sizeof flags[0]);
    if (is_default(cls, m)) fputs("default ", out);
    if (sig.type_params != sig.type_params_end) {
        cf_print_type_parameters(out, sig.type_params);
        fputc(' ', out);
    }
    if (!strcmp(m->name, "<clinit>")) {
        fputs("{}", out);
    } else if (!strcmp(m->name, "<init>")) {
        print_dotted(out, cls->name);
        print_params(out, &sig, m->access & CF_ACC_VARARGS);
    } else {
        cf_print_signature_span(out, &sig, sig.result, sig.throws, "");
        fprintf(out, " %s", m->name);
        print_params(out, &sig, m->access & CF_ACC_VARARGS);
    }
    print_throws(out, cls, m, &sig);
    fputs(";\n", out);
}

static void print_supertypes(FILE *out, const cf_class *cls, bool interface)
{
    if (cls->signature && cf_print_class_signature(out, cf_utf8(cls, cls->signature), interface))
        return;
    if (!interface && cls->super_name && strcmp(cls->super_name, "java/lang/Object")) {
        fputs(" extends ", out);
        print_dotted(out, cls->super_name);
    }
    for (uint16_t i = 0; i < cls->interface_count; i++) {
        fputs(i ? "," : interface ? " extends " : " implements ", out);
        print_dotted(out, cf_class_name(cls, cls->interfaces[i]));
    }
}

static void print_class_head(FILE *out, const cf_class *cls)
{
    bool interface = cls->access & CF_ACC_INTERFACE;
    if (cls->source_file) fprintf(out, "Compiled from \"%s\"\n", cf_utf8(cls, cls->source_file));
    if (cls->access & CF_ACC_PUBLIC) fputs("public ", out);
    if (cls->access & CF_ACC_FINAL) fputs("final ", out);
    if ((cls->access & CF_ACC_ABSTRACT) && !interface) fputs("abstract ", out);
    fputs(interface ? "interface " : "class ", out);
    print_dotted(out, cls->name);
    print_supertypes(out, cls, interface);
    fputs(" {\n", out);
}

void cf_disassemble(FILE *out, const cf_class *cls)
{
    print_class_head(out, cls);
    for (uint16_t i = 0; i < cls->field_count; i++) print_field(out, cls, &cls->fields[i]);
    for (uint16_t i = 0; i < cls->method_count; i++) {
        const cf_member *m = &cls->methods[i];
        print_method_head(out, cls, m);
        if (m->code) print_code(out, cls, m->code);
        if (i + 1 < cls->method_count) fputc('\n', out);
    }
    fputs("}\n", out);
}
