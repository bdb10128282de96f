/* Natives of java.lang and java.io: Object, Class, System, String, Throwable, Math, Float,
 * Double, Runtime, PrintStream, and jdk.internal.porcheck.VM (the model library's helpers). */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "natives.h"

#define FN(name) static int name(vm *machine, vm_thread *t, vm_slot *args, vm_slot *ret)
#define UNUSED (void)machine, (void)t, (void)args, (void)ret

/* ---- Object ---------------------------------------------------------------------------------- */

FN(object_get_class)
{
    UNUSED;
    ret->ref = vm_obj(machine, args[0].ref)->cls->mirror;
    return VM_NATIVE_OK;
}

FN(object_hash_code)
{
    UNUSED;
    ret->i = (int32_t)vm_identity_hash(machine, args[0].ref);
    return VM_NATIVE_OK;
}

/* True when the checker runs and another thread may write [o] while this one reads it: [o] is
 * shared and not constant (the copies of System.arraycopy and clone() then go field by field). */
static bool read_watched(const vm *machine, const vm_object *o)
{
    return machine->driver.hooks && (o->flags & VM_OBJ_SHARED) && !(o->flags & VM_OBJ_CONSTANT);
}

FN(object_clone)
{
    vm_object *o = vm_obj(machine, args[0].ref);
    if (o->cls->kind != VM_KIND_ARRAY && !vm_is_assignable(o->cls, machine->known.cloneable)) {
        char name[512];
        vm_throw(machine, t, "java/lang/CloneNotSupportedException", "%s",
                 vm_dotted_name(o->cls, name, sizeof name));
        return native_thrown(machine);
    }
    if (o->length && read_watched(machine, o)) { /* each element or field read: an access */
        machine->delegate =
            o->cls->kind == VM_KIND_ARRAY ? machine->clone_model : machine->clone_object_model;
        return VM_NATIVE_DELEGATE;
    }
    ret->ref = vm_clone_object(machine, t, args[0].ref);
    return ret->ref ? VM_NATIVE_OK : VM_NATIVE_FAIL;
}

const vm_native vm_natives_object[] = {
    {"getClass", "()Ljava/lang/Class;", object_get_class, VM_SYNC_NONE, NULL},
    {"hashCode", "()I", object_hash_code, VM_SYNC_NONE, NULL},
    {"clone", "()Ljava/lang/Object;", object_clone, VM_SYNC_NONE, NULL},
    {"wait", "(J)V", vm_native_object_wait, VM_SYNC_LOCK, "wait"},
    {"notify", "()V", vm_native_object_notify, VM_SYNC_LOCK, "notify"},
    {"notifyAll", "()V", vm_native_object_notify_all, VM_SYNC_LOCK, "notifyAll"},
    {0},
};

/* ---- Class ------------------------------------------------------------------------------------
 */

#define THIS_CLASS vm_class_of_mirror(machine, args[0].ref)

FN(class_name)
{
    UNUSED;
    char name[1024];
    ret->ref = vm_new_string(machine, t, vm_dotted_name(THIS_CLASS, name, sizeof name));
    return ret->ref ? VM_NATIVE_OK : VM_NATIVE_FAIL;
}

FN(class_is_instance)
{
    UNUSED;
    ret->i = args[1].ref && vm_is_assignable(vm_obj(machine, args[1].ref)->cls, THIS_CLASS);
    return VM_NATIVE_OK;
}

FN(class_is_assignable_from)
{
    if (!args[1].ref) return native_npe(machine, t);
    ret->i = vm_is_assignable(vm_class_of_mirror(machine, args[1].ref), THIS_CLASS);
    return VM_NATIVE_OK;
}

FN(class_is_interface)
{
    UNUSED;
    ret->i = THIS_CLASS->kind == VM_KIND_INTERFACE;
    return VM_NATIVE_OK;
}

FN(class_is_array)
{
    UNUSED;
    ret->i = THIS_CLASS->kind == VM_KIND_ARRAY;
    return VM_NATIVE_OK;
}

FN(class_is_primitive)
{
    UNUSED;
    ret->i = THIS_CLASS->kind == VM_KIND_PRIMITIVE;
    return VM_NATIVE_OK;
}

FN(class_component)
{
    UNUSED;
    vm_class *c = THIS_CLASS;
    ret->ref = c->kind == VM_KIND_ARRAY ? c->component->mirror : 0;
    return VM_NATIVE_OK;
}

FN(class_super)
{
    UNUSED;
    vm_class *c = THIS_CLASS;
    ret->ref = c->kind == VM_KIND_INTERFACE || !c->super ? 0 : c->super->mirror;
    return VM_NATIVE_OK;
}

FN(class_modifiers)
{
    UNUSED;
    ret->i = THIS_CLASS->access;
    return VM_NATIVE_OK;
}

FN(class_assertions)
{
    UNUSED;
    const char *n = THIS_CLASS->name;
    ret->i = machine->opts.assertions && strncmp(n, "java/", 5) && strncmp(n, "jdk/", 4);
    return VM_NATIVE_OK;
}

FN(class_primitive)
{
    UNUSED;
    char name[32];
    vm_string_utf8(machine, args[0].ref, name, sizeof name);
    ret->ref = 0;
    for (int i = 0; i < 9; i++)
        if (!strcmp(machine->known.primitives[i]->name, name))
            ret->ref = machine->known.primitives[i]->mirror;
    return VM_NATIVE_OK;
}

FN(class_enum_constants)
{
    UNUSED;
    vm_class *c = THIS_CLASS;
    vm_field *f = c->cf ? vm_declared_field(c, "$VALUES") : NULL;
    uint32_t values = f && (f->access & CF_ACC_STATIC) ? c->statics[f->offset].ref : 0;
    ret->ref = values ? vm_clone_object(machine, t, values) : 0;
    return values && !ret->ref ? VM_NATIVE_FAIL : VM_NATIVE_OK;
}

const vm_native vm_natives_class[] = {
    {"getName0", "()Ljava/lang/String;", class_name, VM_SYNC_NONE, NULL},
    {"isInstance", "(Ljava/lang/Object;)Z", class_is_instance, VM_SYNC_NONE, NULL},
    {"isAssignableFrom", "(Ljava/lang/Class;)Z", class_is_assignable_from, VM_SYNC_NONE, NULL},
    {"isInterface", "()Z", class_is_interface, VM_SYNC_NONE, NULL},
    {"isArray", "()Z", class_is_array, VM_SYNC_NONE, NULL},
    {"isPrimitive", "()Z", class_is_primitive, VM_SYNC_NONE, NULL},
    {"getComponentType", "()Ljava/lang/Class;", class_component, VM_SYNC_NONE, NULL},
    {"getSuperclass", "()Ljava/lang/Class;", class_super, VM_SYNC_NONE, NULL},
    {"getModifiers", "()I", class_modifiers, VM_SYNC_NONE, NULL},
    {"desiredAssertionStatus", "()Z", class_assertions, VM_SYNC_NONE, NULL},
    {"getPrimitiveClass", "(Ljava/lang/String;)Ljava/lang/Class;", class_primitive, VM_SYNC_NONE,
     NULL},
    {"enumConstants", "()[Ljava/lang/Object;", class_enum_constants, VM_SYNC_NONE, NULL},
    {0},
};

/* ---- System -----------------------------------------------------------------------------------
 */

/* Describes array class [c] as "int[]" for arraycopy's messages. */
static const char *array_text(const vm_class *c, char *buf, size_t cap)
{
    char inner[512];
    if (c->component->kind == VM_KIND_PRIMITIVE)
        snprintf(buf, cap, "%s[]", c->component->name);
    else if (c->component->kind == VM_KIND_ARRAY)
        snprintf(buf, cap, "%s[]", array_text(c->component, inner, sizeof inner));
    else
        snprintf(buf, cap, "%s[]", vm_dotted_name(c->component, inner, sizeof inner));
    return buf;
}

/* Checks the types of arraycopy's arrays; false after throwing. */
static bool arraycopy_types(vm *machine, vm_thread *t, const vm_object *s, const vm_object *d)
{
    char a[600], b[600];
    const vm_object *bad = s->cls->kind != VM_KIND_ARRAY   ? s
                           : d->cls->kind != VM_KIND_ARRAY ? d
                                                           : NULL;
    if (bad)
        return vm_throw(machine, t, "java/lang/ArrayStoreException",
                        "arraycopy: %s type %s is not an array",
                        bad == s ? "source" : "destination", vm_dotted_name(bad->cls, a, sizeof a));
    if ((s->cls->elem_kind != 'L' || d->cls->elem_kind != 'L') && s->cls != d->cls)
        return vm_throw(machine, t, "java/lang/ArrayStoreException",
                        "arraycopy: type mismatch: can not copy %s into %s",
                        array_text(s->cls, a, sizeof a), array_text(d->cls, b, sizeof b));
    return true;
}

/* Checks arraycopy's bounds; false after throwing. */
static bool arraycopy_bounds(vm *machine, vm_thread *t, const vm_object *s, const vm_object *d,
                             const int32_t *p)
{
    char a[600];
    int32_t sp = p[0], dp = p[1], n = p[2];
    const char *oob = "java/lang/ArrayIndexOutOfBoundsException";
    if (n < 0) return vm_throw(machine, t, oob, "arraycopy: length %d is negative", n);
    if (sp < 0)
        return vm_throw(machine, t, oob, "arraycopy: source index %d out of bounds for %s", sp,
                        array_text(s->cls, a, sizeof a));
    if (dp < 0)
        return vm_throw(machine, t, oob, "arraycopy: destination index %d out of bounds for %s", dp,
                        array_text(d->cls, a, sizeof a));
    if ((int64_t)sp + n > s->length)
        return vm_throw(machine, t, oob, "arraycopy: last source index %lld out of bounds for %s",
                        (long long)sp + n, array_text(s->cls, a, sizeof a));
    if ((int64_t)dp + n > d->length)
        return vm_throw(machine, t, oob,
                        "arraycopy: last destination index %lld out of bounds for %s",
                        (long long)dp + n, array_text(d->cls, a, sizeof a));
    return true;
}

/* Copies references one by one, checking each against the destination's element type. */
static int copy_checked(vm *machine, vm_thread *t, vm_object *s, vm_object *d, const int32_t *p)
{
    uint32_t *src = VM_ELEMS(s), *dst = VM_ELEMS(d);
    for (int32_t i = 0; i < p[2]; i++) {
        uint32_t v = src[p[0] + i];
        if (v && !vm_is_assignable(vm_obj(machine, v)->cls, d->cls->component)) {
            char a[600], b[600];
            vm_throw(machine, t, "java/lang/ArrayStoreException",
                     "arraycopy: element type mismatch: can not cast one of the elements of %s to "
                     "the type of "
                     "the destination array, %s",
                     array_text(s->cls, a, sizeof a),
                     vm_dotted_name(d->cls->component, b, sizeof b));
            return native_thrown(machine);
        }
        dst[p[1] + i] = v;
    }
    return VM_NATIVE_OK;
}

/* True when the checker must see the element accesses of a copy of [n] elements from [s] to [d]
 * one by one: it reads a shared array that may be written, or writes a shared array. Another
 * thread's accesses may fall between them, and the classifier labels each (a copy inside one
 * native step would hide both the accesses and what comes between). */
static bool copy_watched(const vm *machine, const vm_object *s, const vm_object *d, int32_t n)
{
    return n > 0 &&
           (read_watched(machine, s) || (machine->driver.hooks && (d->flags & VM_OBJ_SHARED)));
}

FN(system_arraycopy)
{
    UNUSED;
    if (!args[0].ref || !args[2].ref) return native_npe(machine, t);
    vm_object *s = vm_obj(machine, args[0].ref), *d = vm_obj(machine, args[2].ref);
    int32_t p[3] = {args[1].i, args[3].i, args[4].i};
    if (!arraycopy_types(machine, t, s, d) || !arraycopy_bounds(machine, t, s, d, p))
        return native_thrown(machine);
    if (copy_watched(machine, s, d, p[2])) {
        machine->delegate = machine->arraycopy_model;
        return VM_NATIVE_DELEGATE;
    }
    d = vm_obj_w(machine, args[2].ref);
    if (machine->driver.hooks && (d->flags & VM_OBJ_SHARED) && s->cls->elem_kind == 'L')
        for (int32_t i = 0; i < p[2]; i++) /* what a shared array receives is shared */
            machine->driver.hooks->published(machine, ((const uint32_t *)VM_ELEMS(s))[p[0] + i]);
    if (s->cls != d->cls && !vm_is_assignable(s->cls, d->cls))
        return copy_checked(machine, t, s, d, p);
    size_t size = s->cls->elem_size;
    memmove((char *)VM_ELEMS(d) + (size_t)p[1] * size, (char *)VM_ELEMS(s) + (size_t)p[0] * size,
            (size_t)p[2] * size);
    return VM_NATIVE_OK;
}

FN(system_identity_hash)
{
    UNUSED;
    ret->i = args[0].ref ? (int32_t)vm_identity_hash(machine, args[0].ref) : 0;
    return VM_NATIVE_OK;
}

FN(system_nano_time)
{
    UNUSED;
    vm_globals_w(machine);
    machine->clock += 1000;
    vm_set_long(ret, (int64_t)machine->clock);
    return VM_NATIVE_OK;
}

FN(system_current_millis)
{
    UNUSED;
    vm_globals_w(machine);
    machine->clock += 1000000;
    vm_set_long(ret, VM_EPOCH_MILLIS + (int64_t)(machine->clock / 1000000));
    return VM_NATIVE_OK;
}

const vm_native vm_natives_system[] = {
    {"arraycopy", "(Ljava/lang/Object;ILjava/lang/Object;II)V", system_arraycopy, VM_SYNC_NONE,
     NULL},
    {"identityHashCode", "(Ljava/lang/Object;)I", system_identity_hash, VM_SYNC_NONE, NULL},
    {"nanoTime", "()J", system_nano_time, VM_SYNC_NONE, NULL},
    {"currentTimeMillis", "()J", system_current_millis, VM_SYNC_NONE, NULL},
    {0},
};

/* ---- Runtime ----------------------------------------------------------------------------------
 */

FN(runtime_halt)
{
    UNUSED;
    vm_globals_w(machine);
    machine->exiting = true;
    machine->exit_status = args[0].i;
    return VM_NATIVE_THROW;
}

FN(runtime_processors)
{
    UNUSED;
    ret->i = 1;
    return VM_NATIVE_OK;
}

FN(runtime_memory)
{
    UNUSED;
    vm_set_long(ret, INT64_C(1) << 30);
    return VM_NATIVE_OK;
}

FN(runtime_gc)
{
    UNUSED;
    return VM_NATIVE_OK;
}

/* AtomicLong.VMSupportsCS8(): porcheck's longs are always compared and set atomically. */
FN(atomic_long_cs8)
{
    UNUSED;
    ret->i = 1;
    return VM_NATIVE_OK;
}

const vm_native vm_natives_atomic_long[] = {
    {"VMSupportsCS8", "()Z", atomic_long_cs8, VM_SYNC_NONE, NULL},
    {0},
};

const vm_native vm_natives_runtime[] = {
    {"halt0", "(I)V", runtime_halt, VM_SYNC_NONE, NULL},
    {"availableProcessors", "()I", runtime_processors, VM_SYNC_NONE, NULL},
    {"freeMemory", "()J", runtime_memory, VM_SYNC_NONE, NULL},
    {"totalMemory", "()J", runtime_memory, VM_SYNC_NONE, NULL},
    {"maxMemory", "()J", runtime_memory, VM_SYNC_NONE, NULL},
    {"gc", "()V", runtime_gc, VM_SYNC_NONE, NULL},
    {0},
};

/* ---- String, Throwable --------------------------------------------------------------------------
 */

FN(string_intern)
{
    UNUSED;
    ret->ref = vm_intern_string(machine, args[0].ref);
    return ret->ref ? VM_NATIVE_OK : VM_NATIVE_FAIL;
}

const vm_native vm_natives_string[] = {
    {"intern", "()Ljava/lang/String;", string_intern, VM_SYNC_NONE, NULL},
    {0},
};

FN(throwable_fill)
{
    UNUSED;
    return vm_fill_backtrace(machine, t, args[0].ref) ? VM_NATIVE_OK : VM_NATIVE_FAIL;
}

FN(throwable_trace)
{
    UNUSED;
    ret->ref = vm_stack_trace(machine, t, args[0].ref);
    return ret->ref ? VM_NATIVE_OK : VM_NATIVE_FAIL;
}

const vm_native vm_natives_throwable[] = {
    {"fillInStackTrace0", "()V", throwable_fill, VM_SYNC_NONE, NULL},
    {"getStackTrace0", "()[Ljava/lang/StackTraceElement;", throwable_trace, VM_SYNC_NONE, NULL},
    {0},
};

/* ---- Math ---------------------------------------------------------------------------------------
 */

/* A correctly rounded cube root (libm's may be an ulp off where fdlibm is exact). */
static double java_cbrt(double x)
{
    double y = cbrt(x);
    if (!isfinite(y) || y == 0) return y;
    double best = y;
    long double err = fabsl((long double)y * y * y - x);
    for (int k = 0; k < 2; k++) {
        double c = nextafter(y, k ? INFINITY : -INFINITY);
        long double e = fabsl((long double)c * c * c - x);
        if (e < err) err = e, best = c;
    }
    return best;
}

#define MATH1(name, expr)                                                                          \
    FN(math_##name)                                                                                \
    {                                                                                              \
        UNUSED;                                                                                    \
        double x = vm_get_double(args);                                                            \
        vm_set_double(ret, (expr));                                                                \
        return VM_NATIVE_OK;                                                                       \
    }
#define MATH2(name, expr)                                                                          \
    FN(math_##name)                                                                                \
    {                                                                                              \
        UNUSED;                                                                                    \
        double x = vm_get_double(args), y = vm_get_double(args + 2);                               \
        vm_set_double(ret, (expr));                                                                \
        return VM_NATIVE_OK;                                                                       \
    }

MATH1(sin, sin(x))
MATH1(cos, cos(x))
MATH1(tan, tan(x))
MATH1(asin, asin(x))
MATH1(acos, acos(x))
MATH1(atan, atan(x))
MATH1(exp, exp(x))
MATH1(log, log(x))
MATH1(log10, log10(x))
MATH1(sqrt, sqrt(x))
MATH1(cbrt, java_cbrt(x))
MATH1(sinh, sinh(x))
MATH1(cosh, cosh(x))
MATH1(tanh, tanh(x))
MATH1(expm1, expm1(x))
MATH1(log1p, log1p(x))
MATH1(floor, floor(x))
MATH1(ceil, ceil(x))
MATH1(rint, rint(x))
MATH2(atan2, atan2(x, y))
MATH2(pow, pow(x, y))
MATH2(hypot, hypot(x, y))
MATH2(remainder, remainder(x, y))

const vm_native vm_natives_math[] = {
    {"sin", "(D)D", math_sin, VM_SYNC_NONE, NULL},
    {"cos", "(D)D", math_cos, VM_SYNC_NONE, NULL},
    {"tan", "(D)D", math_tan, VM_SYNC_NONE, NULL},
    {"asin", "(D)D", math_asin, VM_SYNC_NONE, NULL},
    {"acos", "(D)D", math_acos, VM_SYNC_NONE, NULL},
    {"atan", "(D)D", math_atan, VM_SYNC_NONE, NULL},
    {"exp", "(D)D", math_exp, VM_SYNC_NONE, NULL},
    {"log", "(D)D", math_log, VM_SYNC_NONE, NULL},
    {"log10", "(D)D", math_log10, VM_SYNC_NONE, NULL},
    {"sqrt", "(D)D", math_sqrt, VM_SYNC_NONE, NULL},
    {"cbrt", "(D)D", math_cbrt, VM_SYNC_NONE, NULL},
    {"sinh", "(D)D", math_sinh, VM_SYNC_NONE, NULL},
    {"cosh", "(D)D", math_cosh, VM_SYNC_NONE, NULL},
    {"tanh", "(D)D", math_tanh, VM_SYNC_NONE, NULL},
    {"expm1", "(D)D", math_expm1, VM_SYNC_NONE, NULL},
    {"log1p", "(D)D", math_log1p, VM_SYNC_NONE, NULL},
    {"floor", "(D)D", math_floor, VM_SYNC_NONE, NULL},
    {"ceil", "(D)D", math_ceil, VM_SYNC_NONE, NULL},
    {"rint", "(D)D", math_rint, VM_SYNC_NONE, NULL},
    {"atan2", "(DD)D", math_atan2, VM_SYNC_NONE, NULL},
    {"pow", "(DD)D", math_pow, VM_SYNC_NONE, NULL},
    {"hypot", "(DD)D", math_hypot, VM_SYNC_NONE, NULL},
    {"IEEEremainder", "(DD)D", math_remainder, VM_SYNC_NONE, NULL},
    {0},
};

/* ---- Float and Double ---------------------------------------------------------------------------
 */

FN(float_to_bits)
{
    UNUSED;
    ret->i = args[0].i;
    return VM_NATIVE_OK;
}

FN(double_to_bits)
{
    UNUSED;
    ret[0] = args[0];
    ret[1] = args[1];
    return VM_NATIVE_OK;
}

FN(float_to_string)
{
    UNUSED;
    char buf[64];
    cf_format_java_double(buf, sizeof buf, args[0].f, true);
    ret->ref = vm_new_string(machine, t, buf);
    return ret->ref ? VM_NATIVE_OK : VM_NATIVE_FAIL;
}

FN(double_to_string)
{
    UNUSED;
    char buf[64];
    cf_format_java_double(buf, sizeof buf, vm_get_double(args), false);
    ret->ref = vm_new_string(machine, t, buf);
    return ret->ref ? VM_NATIVE_OK : VM_NATIVE_FAIL;
}

/* Accepts Java's FloatingDecimal grammar (without the NaN/Infinity words) of [s]. */
static bool java_number_syntax(const char *s)
{
    const char *c = s + (*s == '+' || *s == '-');
    bool hex = c[0] == '0' && (c[1] == 'x' || c[1] == 'X');
    if (hex) c += 2;
    int digits = 0;
    for (; hex ? isxdigit((unsigned char)*c) : isdigit((unsigned char)*c); c++) digits++;
    if (*c == '.')
        for (c++; hex ? isxdigit((unsigned char)*c) : isdigit((unsigned char)*c); c++) digits++;
    if (!digits) return false;
    if (hex ? (*c == 'p' || *c == 'P') : (*c == 'e' || *c == 'E')) {
        c++;
        c += *c == '+' || *c == '-';
        if (!isdigit((unsigned char)*c)) return false;
        while (isdigit((unsigned char)*c)) c++;
    } else if (hex) {
        return false;
    }
    if (*c && strchr("fFdD", *c)) c++;
    return *c == '\0';
}

/* Parses String [h] as Java's Double.parseDouble; false after throwing NumberFormatException. */
static bool parse_java_double(vm *machine, vm_thread *t, uint32_t h, bool is_float, double *out)
{
    char raw[512], buf[512];
    vm_string_utf8(machine, h, raw, sizeof raw);
    const char *b = raw;
    while (*b && (unsigned char)*b <= ' ') b++;
    size_t n = strlen(b);
    while (n && (unsigned char)b[n - 1] <= ' ') n--;
    snprintf(buf, sizeof buf, "%.*s", (int)n, b);
    if (!n)
        return vm_throw(machine, t, "java/lang/NumberFormatException",
                        raw[0] ? "For input string: \"%s\"" : "empty String", raw);
    const char *word = buf + (buf[0] == '+' || buf[0] == '-');
    if (!strcmp(word, "NaN") || !strcmp(word, "Infinity")) {
        *out = word[0] == 'N' ? NAN : buf[0] == '-' ? -INFINITY : INFINITY;
        return true;
    }
    if (!java_number_syntax(buf))
        return vm_throw(machine, t, "java/lang/NumberFormatException", "For input string: \"%s\"",
                        raw);
    if (n && strchr("fFdD", buf[n - 1])) buf[n - 1] = '\0';
    *out = is_float ? (double)strtof(buf, NULL) : strtod(buf, NULL);
    return true;
}

FN(float_parse)
{
    UNUSED;
    double v;
    if (!args[0].ref) return native_npe(machine, t);
    if (!parse_java_double(machine, t, args[0].ref, true, &v)) return native_thrown(machine);
    ret->f = (float)v;
    return VM_NATIVE_OK;
}

FN(double_parse)
{
    UNUSED;
    double v;
    if (!args[0].ref) return native_npe(machine, t);
    if (!parse_java_double(machine, t, args[0].ref, false, &v)) return native_thrown(machine);
    vm_set_double(ret, v);
    return VM_NATIVE_OK;
}

const vm_native vm_natives_float[] = {
    {"floatToRawIntBits", "(F)I", float_to_bits, VM_SYNC_NONE, NULL},
    {"intBitsToFloat", "(I)F", float_to_bits, VM_SYNC_NONE, NULL},
    {"toString", "(F)Ljava/lang/String;", float_to_string, VM_SYNC_NONE, NULL},
    {"parseFloat", "(Ljava/lang/String;)F", float_parse, VM_SYNC_NONE, NULL},
    {0},
};

const vm_native vm_natives_double[] = {
    {"doubleToRawLongBits", "(D)J", double_to_bits, VM_SYNC_NONE, NULL},
    {"longBitsToDouble", "(J)D", double_to_bits, VM_SYNC_NONE, NULL},
    {"toString", "(D)Ljava/lang/String;", double_to_string, VM_SYNC_NONE, NULL},
    {"parseDouble", "(Ljava/lang/String;)D", double_parse, VM_SYNC_NONE, NULL},
    {0},
};

/* ---- PrintStream
 * ---------------------------------------------------------------------------------- */

FN(print_string)
{
    UNUSED;
    const uint16_t *units;
    size_t len = args[1].ref ? vm_string_chars(machine, args[1].ref, &units) : 0;
    char small[1024] = {0};
    size_t cap = len * 3 + 2;
    char *buf = cap <= sizeof small ? small : base_malloc(cap);
    if (!buf) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory"), VM_NATIVE_FAIL;
    size_t n = len ? vm_utf16_to_utf8(units, len, buf, cap) : 0;
    if (args[2].i) buf[n++] = '\n';
    vm_output(machine, args[0].i, buf, n);
    if (buf != small) base_free(buf);
    return VM_NATIVE_OK;
}

FN(print_bytes)
{
    UNUSED;
    if (!args[1].ref) return native_npe(machine, t);
    const vm_object *a = vm_obj(machine, args[1].ref);
    int32_t off = args[2].i, len = args[3].i;
    if (off < 0 || len < 0 || (int64_t)off + len > a->length) {
        vm_throw(machine, t, "java/lang/IndexOutOfBoundsException",
                 "Range [%d, %d + %d) out of bounds for length %u", off, off, len, a->length);
        return native_thrown(machine);
    }
    vm_output(machine, args[0].i, (const char *)VM_ELEMS(a) + off, (size_t)len);
    return VM_NATIVE_OK;
}

const vm_native vm_natives_printstream[] = {
    {"writeString0", "(ILjava/lang/String;Z)V", print_string, VM_SYNC_OUTPUT, "print"},
    {"writeBytes0", "(I[BII)V", print_bytes, VM_SYNC_OUTPUT, "print"},
    {0},
};

/* ---- jdk.internal.porcheck.VM
 * ---------------------------------------------------------------------- */

FN(vm_new_array_of)
{
    UNUSED;
    if (!args[0].ref) return native_npe(machine, t);
    if (args[1].i < 0) {
        vm_throw(machine, t, "java/lang/NegativeArraySizeException", "%d", args[1].i);
        return native_thrown(machine);
    }
    vm_class *c = vm_class_of_mirror(machine, args[0].ref);
    vm_class *ac =
        c->kind == VM_KIND_PRIMITIVE && c->elem_kind == 'V' ? NULL : vm_array_class(machine, c);
    if (!ac) {
        vm_throw(machine, t, "java/lang/IllegalArgumentException", NULL);
        return native_thrown(machine);
    }
    ret->ref = vm_new_array(machine, t, ac, args[1].i);
    return ret->ref ? VM_NATIVE_OK : VM_NATIVE_FAIL;
}

/* VM.allocateLike(o): a new instance of [o]'s class, every field zero. */
FN(vm_allocate_like)
{
    UNUSED;
    if (!args[0].ref) return native_npe(machine, t);
    ret->ref = vm_new_object(machine, t, vm_obj(machine, args[0].ref)->cls);
    return ret->ref ? VM_NATIVE_OK : VM_NATIVE_FAIL;
}

/* Returns the count of instance fields of [cls] and its superclasses, written into [cells] (slot
 * times 4 plus kind: 0 one slot, 1 two, 2 a reference) when not NULL. */
static uint32_t instance_cells(const vm_class *cls, int32_t *cells)
{
    uint32_t n = 0;
    for (const vm_class *c = cls; c; c = c->super)
        for (uint16_t i = 0; i < c->field_count; i++) {
            const vm_field *f = &c->fields[i];
            if (f->access & CF_ACC_STATIC) continue;
            int kind = f->kind == 'L' ? 2 : f->kind == 'J' || f->kind == 'D' ? 1 : 0;
            if (cells) cells[n] = (int32_t)(f->offset * 4 + (uint32_t)kind);
            n++;
        }
    return n;
}

/* VM.instanceCells(o): the instance fields of [o]'s class, for the model of Object.clone(). */
FN(vm_instance_cells)
{
    UNUSED;
    if (!args[0].ref) return native_npe(machine, t);
    const vm_class *cls = vm_obj(machine, args[0].ref)->cls;
    uint32_t n = instance_cells(cls, NULL);
    ret->ref = vm_new_array(machine, t, machine->known.int_array, (int32_t)n);
    if (!ret->ref) return VM_NATIVE_FAIL;
    instance_cells(cls, (int32_t *)VM_ELEMS(vm_obj(machine, ret->ref)));
    return VM_NATIVE_OK;
}

/* VM.constant(o): the model promises that [o] and what it reaches are never written again. */
FN(vm_constant)
{
    UNUSED;
    if (machine->driver.hooks) vm_make_constant(machine, args[0].ref);
    return VM_NATIVE_OK;
}

/* VM.unsupported(what): the model reaches a feature porcheck does not model; the run stops with
 * "unsupported: WHAT (called from ...)". */
FN(vm_unsupported_feature)
{
    UNUSED;
    char what[512];
    if (!args[0].ref) return native_npe(machine, t);
    vm_string_utf8(machine, args[0].ref, what, sizeof what);
    vm_unsupported(machine, t, what);
    return VM_NATIVE_FAIL;
}

/* Initialises [c] for VM.preinitialize: VM_NATIVE_OK when it is initialised, or what the native
 * returns (its initialiser pushed, thrown, failed). */
static int preinitialize_class(vm *machine, vm_thread *t, vm_class *c)
{
    switch (vm_initialize(machine, t, c)) {
    case VM_INIT_READY:
        return VM_NATIVE_OK;
    case VM_INIT_PUSHED:
        return VM_NATIVE_PUSHED;
    case VM_INIT_THROWN:
        return native_thrown(machine);
    default:
        return VM_NATIVE_FAIL;
    }
}

/* Initialises the member classes of atomic library class [c] (a lock's queue nodes, which the
 * sequential runs never need): otherwise the first contended call would initialise them inside
 * the search, a step of its own in every interleaving. */
static int preinitialize_members(vm *machine, vm_thread *t, const vm_class *c)
{
    for (uint16_t i = 0; c->atomic_library && i < c->cf->inner_class_count; i++) {
        const cf_inner_class *ic = &c->cf->inner_classes[i];
        const char *outer = ic->outer_class ? cf_class_name(c->cf, ic->outer_class) : NULL;
        const char *inner = cf_class_name(c->cf, ic->inner_class);
        if (!outer || !inner || strcmp(outer, c->name)) continue;
        vm_class *m = vm_load_class(machine, t, inner);
        if (!m) return VM_NATIVE_FAIL;
        int r = m->kind == VM_KIND_CLASS ? preinitialize_class(machine, t, m) : VM_NATIVE_OK;
        if (r == VM_NATIVE_OK) r = preinitialize_members(machine, t, m);
        if (r != VM_NATIVE_OK) return r;
    }
    return VM_NATIVE_OK;
}

/* VM.preinitialize(): runs the initialisers of the classes vm_options.preinit names, in order,
 * that have not run, and of the member classes of the atomic library classes among them; the
 * call is made again after each initialiser pushed returns. */
FN(vm_preinitialize)
{
    UNUSED;
    for (size_t i = 0; i < machine->opts.preinit_count; i++) {
        vm_class *c = vm_load_class(machine, t, machine->opts.preinit[i]);
        if (!c) return VM_NATIVE_FAIL;
        int r = preinitialize_class(machine, t, c);
        if (r == VM_NATIVE_OK) r = preinitialize_members(machine, t, c);
        if (r != VM_NATIVE_OK) return r;
    }
    return VM_NATIVE_OK;
}

/* VM.ensureInitialized(c): initialises class [c] unless it is, or is being initialised by this
 * thread; the call is made again after its initialiser returns. Another thread's initialisation
 * of it is unsupported here (reflection would have to wait inside a native). */
FN(vm_ensure_initialized)
{
    UNUSED;
    if (!args[0].ref) return native_npe(machine, t);
    vm_class *c = vm_class_of_mirror(machine, args[0].ref);
    if (c->init_state == VM_INIT_RUNNING && c->init_thread != t->id) {
        vm_unsupported(machine, t, "reflection on a class that another thread is initialising");
        return VM_NATIVE_FAIL;
    }
    return preinitialize_class(machine, t, c);
}

/* VM.isInitialized(c). */
FN(vm_is_initialized)
{
    UNUSED;
    if (!args[0].ref) return native_npe(machine, t);
    ret->i = vm_class_of_mirror(machine, args[0].ref)->init_state == VM_INIT_DONE;
    return VM_NATIVE_OK;
}

const vm_native vm_natives_sysvm[] = {
    {"newArray", "(Ljava/lang/Class;I)Ljava/lang/Object;", vm_new_array_of, VM_SYNC_NONE, NULL},
    {"constant", "(Ljava/lang/Object;)V", vm_constant, VM_SYNC_NONE, NULL},
    {"allocateLike", "(Ljava/lang/Object;)Ljava/lang/Object;", vm_allocate_like, VM_SYNC_NONE,
     NULL},
    {"instanceCells", "(Ljava/lang/Object;)[I", vm_instance_cells, VM_SYNC_NONE, NULL},
    {"unsupported", "(Ljava/lang/String;)V", vm_unsupported_feature, VM_SYNC_NONE, NULL},
    {"preinitialize", "()V", vm_preinitialize, VM_SYNC_NONE, NULL},
    {"ensureInitialized", "(Ljava/lang/Class;)V", vm_ensure_initialized, VM_SYNC_NONE, NULL},
    {"isInitialized", "(Ljava/lang/Class;)Z", vm_is_initialized, VM_SYNC_NONE, NULL},
    {0},
};
