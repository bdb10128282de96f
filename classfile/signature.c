/* Generic signatures (JVMS 4.7.9.1) printed as Java source, the way javap shows declarations.
 * Signatures are not validated at load time (the JVM ignores them), so every reader here checks
 * its input and reports failure; callers fall back on the erased descriptor. */
#include <string.h>

#include "internal.h"

/* A cursor over a signature; [out] is NULL while only validating. A descriptor is read by the
 * same grammar, but its class names may contain < > : and it has no type arguments. */
typedef struct sig_cursor {
    const char *s;
    FILE *out;
    bool descriptor;
} sig_cursor;

static void emit(sig_cursor *c, const char *text)
{
    if (c->out) fputs(text, c->out);
}

static void emit_char(sig_cursor *c, char ch)
{
    if (c->out) fputc(ch == '/' ? '.' : ch, c->out);
}

static bool identifier_char(const sig_cursor *c, char ch)
{
    return ch && !strchr(c->descriptor ? ".;[/" : ".;[/<>:", ch);
}

/* Copies an identifier (with '/' as '.' when [slashes] allows package separators). */
static bool read_identifier(sig_cursor *c, bool slashes)
{
    const char *start = c->s;
    while (identifier_char(c, *c->s) || (slashes && *c->s == '/')) emit_char(c, *c->s++);
    return c->s > start;
}

static bool reference_type(sig_cursor *c);

static bool type_arguments(sig_cursor *c)
{
    if (*c->s != '<' || c->descriptor) return true;
    c->s++;
    emit(c, "<");
    for (bool first = true; *c->s != '>'; first = false) {
        if (!first) emit(c, ", ");
        if (*c->s == '*') {
            c->s++;
            emit(c, "?");
            continue;
        }
        if (*c->s == '+' || *c->s == '-') emit(c, *c->s++ == '+' ? "? extends " : "? super ");
        if (!reference_type(c)) return false;
    }
    c->s++;
    emit(c, ">");
    return true;
}

static bool class_type(sig_cursor *c)
{
    c->s++; /* 'L' */
    if (!read_identifier(c, true) || !type_arguments(c)) return false;
    while (*c->s == '.' && !c->descriptor) {
        c->s++;
        emit(c, ".");
        if (!read_identifier(c, false) || !type_arguments(c)) return false;
    }
    return *c->s++ == ';';
}

static bool type_variable(sig_cursor *c)
{
    c->s++; /* 'T' */
    return read_identifier(c, false) && *c->s++ == ';';
}

static bool java_type(sig_cursor *c);

static bool reference_type(sig_cursor *c)
{
    switch (*c->s) {
    case 'L':
        return class_type(c);
    case 'T':
        return !c->descriptor && type_variable(c);
    case '[':
        c->s++;
        if (!java_type(c)) return false;
        emit(c, "[]");
        return true;
    default:
        return false;
    }
}

static bool java_type(sig_cursor *c)
{
    static const char *const names[] = {
        ['B'] = "byte", ['C'] = "char",  ['D'] = "double",  ['F'] = "float", ['I'] = "int",
        ['J'] = "long", ['S'] = "short", ['Z'] = "boolean", ['V'] = "void"};
    char k = *c->s;
    if (k && strchr("BCDFIJSZ", k)) {
        c->s++;
        emit(c, names[(unsigned char)k]);
        return true;
    }
    return reference_type(c);
}

static bool is_object(const char *s)
{
    return !strncmp(s, "Ljava/lang/Object;", 18);
}

/* TypeParameters: <T:ClassBound:InterfaceBound...>, printed as javap does (an Object class
 * bound is omitted). */
static bool type_parameters(sig_cursor *c)
{
    if (*c->s != '<' || c->descriptor) return true;
    c->s++;
    emit(c, "<");
    for (bool first = true; *c->s != '>'; first = false) {
        if (!first) emit(c, ", ");
        if (!read_identifier(c, false) || *c->s++ != ':') return false;
        const char *sep = " extends ";
        if (*c->s != ':' && !is_object(c->s)) {
            emit(c, sep);
            sep = " & ";
            if (!reference_type(c)) return false;
        } else if (*c->s != ':') {
            c->s += 18;
        }
        while (*c->s == ':') {
            c->s++;
            emit(c, sep);
            sep = " & ";
            if (!reference_type(c)) return false;
        }
    }
    c->s++;
    emit(c, ">");
    return true;
}

/* Prints class signature [sig] after the class name: type parameters, supertypes. */
static bool class_signature(sig_cursor *c, bool interface)
{
    if (!type_parameters(c)) return false;
    if (*c->s != 'L') return false;
    bool object = is_object(c->s);
    FILE *out = c->out;
    if (interface || object) c->out = NULL;
    emit(c, " extends ");
    bool ok = class_type(c);
    c->out = out;
    for (bool first = true; ok && *c->s; first = false) {
        if (*c->s != 'L') return false;
        emit(c, first ? (interface ? " extends " : " implements ") : ", ");
        ok = class_type(c);
    }
    return ok;
}

bool cf_print_class_signature(FILE *out, const char *sig, bool interface)
{
    sig_cursor check = {sig, NULL, false};
    if (!class_signature(&check, interface) || *check.s) return false;
    sig_cursor print = {sig, out, false};
    return class_signature(&print, interface);
}

bool cf_print_type_signature(FILE *out, const char *sig, bool descriptor)
{
    sig_cursor check = {sig, NULL, descriptor};
    if (!java_type(&check) || *check.s) return false;
    sig_cursor print = {sig, out, descriptor};
    return java_type(&print);
}

void cf_print_type_parameters(FILE *out, const char *sig)
{
    sig_cursor c = {sig, out, false};
    type_parameters(&c);
}

/* Splits method signature [sig] into [parts]; false when malformed. */
bool cf_split_method_signature(const char *sig, bool descriptor, cf_method_signature *parts)
{
    sig_cursor c = {sig, NULL, descriptor};
    memset(parts, 0, sizeof *parts);
    parts->descriptor = descriptor;
    parts->type_params = sig;
    if (!type_parameters(&c) || *c.s != '(') return false;
    parts->type_params_end = c.s++;
    parts->params = c.s;
    while (*c.s != ')')
        if (!java_type(&c)) return false;
    parts->params_end = c.s++;
    parts->result = c.s;
    if (*c.s == 'V')
        c.s++;
    else if (!java_type(&c))
        return false;
    parts->throws = c.s;
    while (*c.s == '^') {
        c.s++;
        if (!reference_type(&c)) return false;
    }
    return *c.s == '\0';
}

void cf_print_signature_span(FILE *out, const cf_method_signature *sig, const char *from,
                             const char *to, const char *separator)
{
    sig_cursor c = {from, out, sig->descriptor};
    for (bool first = true; c.s < to; first = false) {
        if (!first) fputs(separator, out);
        if (*c.s == '^') c.s++;
        if (*c.s == 'V') {
            c.s++;
            fputs("void", out);
        } else {
            java_type(&c);
        }
    }
}
