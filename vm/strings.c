/* Java strings from C: creation from UTF-16 or modified UTF-8, the intern table, conversion
 * to UTF-8 for output and messages, and Java's textual form of floating-point values. */
#include <stdio.h>

#include "internal.h"

uint32_t vm_new_string16(vm *machine, vm_thread *t, const uint16_t *units, size_t len)
{
    if (len > INT32_MAX) return 0;
    uint32_t chars = vm_new_array(machine, t, machine->known.char_array, (int32_t)len);
    if (!chars) return 0;
    if (len) memcpy(VM_ELEMS(vm_obj(machine, chars)), units, len * sizeof *units);
    uint32_t s = vm_new_object(machine, t, machine->known.string);
    if (!s) return 0;
    VM_FIELDS(vm_obj(machine, s))[machine->off.string_value].ref = chars;
    return s;
}

/* Decodes modified UTF-8 [s] of [len] bytes into a new String. */
static uint32_t string_from_utf8(vm *machine, vm_thread *t, const char *s, size_t len)
{
    uint16_t small[256] = {0};
    uint16_t *units = len <= 256 ? small : base_malloc(len * sizeof *units);
    if (!units) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory"), 0;
    size_t n = cf_utf8_to_utf16(s, len, units, len);
    uint32_t h = vm_new_string16(machine, t, units, n);
    if (units != small) base_free(units);
    return h;
}

uint32_t vm_new_string(vm *machine, vm_thread *t, const char *s)
{
    return string_from_utf8(machine, t, s, strlen(s));
}

size_t vm_string_chars(const vm *machine, uint32_t h, const uint16_t **units)
{
    uint32_t chars = VM_FIELDS(vm_obj(machine, h))[machine->off.string_value].ref;
    if (!chars) {
        *units = NULL;
        return 0;
    }
    const vm_object *a = vm_obj(machine, chars);
    *units = VM_ELEMS(a);
    return a->length;
}

/* Appends code point [cp] as UTF-8 to [buf] at [*n] when it fits in [cap]. */
static void put_utf8(char *buf, size_t cap, size_t *n, uint32_t cp)
{
    char tmp[4];
    size_t k;
    if (cp < 0x80) {
        tmp[0] = (char)cp;
        k = 1;
    } else if (cp < 0x800) {
        tmp[0] = (char)(0xC0 | (cp >> 6));
        tmp[1] = (char)(0x80 | (cp & 0x3F));
        k = 2;
    } else if (cp < 0x10000) {
        tmp[0] = (char)(0xE0 | (cp >> 12));
        tmp[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        tmp[2] = (char)(0x80 | (cp & 0x3F));
        k = 3;
    } else {
        tmp[0] = (char)(0xF0 | (cp >> 18));
        tmp[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        tmp[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        tmp[3] = (char)(0x80 | (cp & 0x3F));
        k = 4;
    }
    if (*n + k >= cap) return;
    memcpy(buf + *n, tmp, k);
    *n += k;
}

/* Converts [len] UTF-16 [units] to UTF-8 in [buf] of [cap] bytes; returns the bytes written. */
size_t vm_utf16_to_utf8(const uint16_t *units, size_t len, char *buf, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        uint32_t cp = units[i];
        if (cp >= 0xD800 && cp < 0xDC00 && i + 1 < len && units[i + 1] >= 0xDC00 &&
            units[i + 1] < 0xE000)
            cp = 0x10000 + ((cp - 0xD800) << 10) + (units[++i] - 0xDC00u);
        else if (cp >= 0xD800 && cp < 0xE000)
            cp = '?';
        put_utf8(buf, cap, &n, cp);
    }
    if (cap) buf[n < cap ? n : cap - 1] = '\0';
    return n;
}

char *vm_string_utf8(const vm *machine, uint32_t h, char *buf, size_t cap)
{
    const uint16_t *units;
    size_t len = h ? vm_string_chars(machine, h, &units) : 0;
    if (!h) {
        snprintf(buf, cap, "null");
        return buf;
    }
    vm_utf16_to_utf8(units, len, buf, cap);
    return buf;
}

/* ---- Interning ------------------------------------------------------------------------------ */

static uint32_t java_hash(const uint16_t *units, size_t len)
{
    uint32_t h = 0;
    for (size_t i = 0; i < len; i++) h = 31 * h + units[i];
    return h;
}

static bool same_chars(const vm *machine, uint32_t h, const uint16_t *units, size_t len)
{
    const uint16_t *other;
    size_t n = vm_string_chars(machine, h, &other);
    return n == len && (len == 0 || !memcmp(other, units, len * sizeof *units));
}

static bool grow_strings(vm *machine)
{
    uint32_t cap = machine->string_capacity ? machine->string_capacity * 2 : 1024;
    uint32_t *table = base_calloc(cap, sizeof *table);
    if (!table) return false;
    for (uint32_t i = 0; i < machine->string_capacity; i++) {
        uint32_t h = machine->strings[i];
        if (!h) continue;
        const uint16_t *units;
        size_t len = vm_string_chars(machine, h, &units);
        uint32_t j = java_hash(units, len) & (cap - 1);
        while (table[j]) j = (j + 1) & (cap - 1);
        table[j] = h;
    }
    base_free(machine->strings);
    machine->strings = table;
    machine->string_capacity = cap;
    return true;
}

/* Gives new literal [h] and its characters' array ids made from its [len] [units]: every vm then
 * names a literal alike, whichever path met it first (the VM's own allocation count does not). */
static void name_literal(vm *machine, uint32_t h, const uint16_t *units, size_t len)
{
    uint64_t id = vm_id_of_named_vm_object(vm_stable_hash(units, len * sizeof *units, 0x4c4954));
    vm_object *o = vm_obj(machine, h);
    vm_object_set_id(o, id);
    uint32_t value = VM_FIELDS(o)[machine->off.string_value].ref;
    if (value && vm_id_is_vm_object(vm_obj(machine, value)->id))
        vm_object_set_id(vm_obj(machine, value), id | 1);
}

/* Finds or adds the interned string with [len] [units]; [make] creates it when missing. */
static uint32_t intern_units(vm *machine, const uint16_t *units, size_t len, uint32_t existing)
{
    if ((machine->string_count + 1) * 2 > machine->string_capacity && !grow_strings(machine))
        return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory"), 0;
    uint32_t mask = machine->string_capacity - 1;
    uint32_t j = java_hash(units, len) & mask;
    for (; machine->strings[j]; j = (j + 1) & mask)
        if (same_chars(machine, machine->strings[j], units, len)) return machine->strings[j];
    uint32_t h = existing ? existing : vm_new_string16(machine, NULL, units, len);
    if (!h || !vm_pin(machine, h)) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory"), 0;
    if (!existing) name_literal(machine, h, units, len);
    /* A literal's hash is cached from the start: String.hashCode, which caches it on first use,
     * then never writes the shared literal (a benign race the checker would otherwise see). */
    if (!existing && machine->off.string_hash != machine->off.string_value)
        VM_FIELDS(vm_obj(machine, h))[machine->off.string_hash].i = (int32_t)java_hash(units, len);
    machine->strings[j] = h;
    machine->string_count++;
    return h;
}

uint32_t vm_intern_utf8(vm *machine, const char *s, size_t len)
{
    uint16_t small[256] = {0};
    uint16_t *units = len <= 256 ? small : base_malloc(len * sizeof *units + 1);
    if (!units) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory"), 0;
    size_t n = cf_utf8_to_utf16(s, len, units, len);
    uint32_t h = intern_units(machine, units, n, 0);
    if (units != small) base_free(units);
    return h;
}

uint32_t vm_intern_string(vm *machine, uint32_t h)
{
    const uint16_t *units;
    size_t len = vm_string_chars(machine, h, &units);
    uint16_t small[256] = {0};
    uint16_t *copy = len <= 256 ? small : base_malloc(len * sizeof *copy + 1);
    if (!copy) return vm_fail(machine, VM_ERR_NOMEM, "error: out of memory"), 0;
    if (len) memcpy(copy, units, len * sizeof *copy);
    uint32_t r = intern_units(machine, copy, len, h);
    if (copy != small) base_free(copy);
    return r;
}
