/* Names and values for the interleaving tables of one report (explore_names): an object is named
 * by the shortest path of fields and elements from the structure under test (breadth first, at
 * most PATH_DEPTH hops, not through the insides of library objects), else by its short class and
 * a number per report ("Node@3"); boxed numbers, booleans, characters and strings by their
 * value. */
#include <stdio.h>

#include "check.h"
#include "natives.h"

/* The longest path searched, in hops, and the most objects the search visits. */
enum { PATH_DEPTH = 4, PATH_NODES = 512 };

/* One object the path search reached: from which entry, through which field or element. */
typedef struct hop {
    uint32_t h;
    int parent;        /* index of the entry it was reached from; -1 for the root */
    const char *field; /* the field's name, or NULL for an element */
    uint32_t index;    /* the element's index */
    int depth;
} hop;

/* ---- Class names ----------------------------------------------------------------------------- */

/* Returns binary class name [name] without its package and outer classes ("a/b/List$Node" is
 * "Node"; an anonymous "List$1" stays). */
static const char *short_class(const char *name)
{
    const char *s = strrchr(name, '/');
    s = s ? s + 1 : name;
    const char *d = strrchr(s, '$');
    return d && d[1] && !(d[1] >= '0' && d[1] <= '9') ? d + 1 : s;
}

void explore_say_class(base_textbuf *out, const char *name)
{
    static const char prims[] = "ZBCSIJFD";
    static const char *const prim_names[] = {"boolean", "byte", "char",  "short",
                                             "int",     "long", "float", "double"};
    size_t dims = strspn(name, "[");
    const char *p = strchr(prims, name[dims]);
    if (dims && name[dims] != 'L' && p && name[dims]) {
        base_textbuf_printf(out, "%s", prim_names[p - prims]);
    } else if (dims) {
        char elem[512];
        snprintf(elem, sizeof elem, "%s", name + dims + 1);
        elem[strcspn(elem, ";")] = '\0';
        base_textbuf_printf(out, "%s", short_class(elem));
    } else {
        base_textbuf_printf(out, "%s", short_class(name));
    }
    for (size_t i = 0; i < dims; i++) base_textbuf_printf(out, "[]");
}

/* ---- Paths ----------------------------------------------------------------------------------- */

/* True when [h] is among the first [n] entries of [q]. */
static bool queued(const hop *q, size_t n, uint32_t h)
{
    for (size_t i = 0; i < n; i++)
        if (q[i].h == h) return true;
    return false;
}

/* Appends the path of entry [i] of [q] ("head.next", "table[3]"). */
static void say_path(base_textbuf *out, const hop *q, int i)
{
    if (q[i].parent < 0) return;
    say_path(out, q, q[i].parent);
    if (q[i].field)
        base_textbuf_printf(out, "%s%s", q[q[i].parent].parent < 0 ? "" : ".", q[i].field);
    else
        base_textbuf_printf(out, "[%u]", q[i].index);
}

/* Queues the objects that entry [i] of [q] references; returns the new length, and the entry
 * of [target] in [*found] when it is among them. */
static size_t expand(const vm *machine, hop *q, size_t n, int i, uint32_t target, int *found)
{
    const vm_object *o = vm_obj(machine, q[i].h);
    const vm_class *cls = o->cls;
    if (cls->kind != VM_KIND_ARRAY && vm_is_system_name(cls->name))
        return n; /* a library object is named by its field ("top", "lock"), not its insides */
    if (cls->kind == VM_KIND_ARRAY) {
        for (uint32_t k = 0; cls->elem_kind == 'L' && k < o->length && n < PATH_NODES; k++) {
            uint32_t c = ((const uint32_t *)VM_ELEMS(o))[k];
            if (!c || queued(q, n, c)) continue;
            q[n] = (hop){c, i, NULL, k, q[i].depth + 1};
            if (c == target) return *found = (int)n, n + 1;
            n++;
        }
        return n;
    }
    for (const vm_class *k = cls; k; k = k->super)
        for (uint16_t f = 0; f < k->field_count && n < PATH_NODES; f++) {
            const vm_field *fd = &k->fields[f];
            if ((fd->access & CF_ACC_STATIC) || fd->kind != 'L') continue;
            uint32_t c = VM_FIELDS(o)[fd->offset].ref;
            if (!c || queued(q, n, c)) continue;
            q[n] = (hop){c, i, fd->name, 0, q[i].depth + 1};
            if (c == target) return *found = (int)n, n + 1;
            n++;
        }
    return n;
}

/* Appends the shortest path from [root] to [target]; false when there is none within
 * PATH_DEPTH hops. */
static bool say_path_to(base_textbuf *out, const vm *machine, uint32_t root, uint32_t target)
{
    static _Thread_local hop q[PATH_NODES]; /* one per thread: portfolio members name at once */
    size_t n = 1;
    int found = -1;
    q[0] = (hop){root, -1, NULL, 0, 0};
    for (size_t i = 0; i < n && found < 0; i++)
        if (q[i].depth < PATH_DEPTH) n = expand(machine, q, n, (int)i, target, &found);
    if (found < 0) return false;
    say_path(out, q, found);
    return true;
}

/* ---- Objects and values ---------------------------------------------------------------------- */

/* Returns the number of object [o] in [names], giving it the next one of its class if new. */
static unsigned number_of(explore_names *names, const vm_object *o)
{
    unsigned same = 0;
    for (size_t i = 0; i < names->count; i++) {
        if (names->seen[i].id == o->id) return names->seen[i].number;
        same += names->seen[i].cls == o->cls;
    }
    if (names->count == sizeof names->seen / sizeof names->seen[0]) return same + 1;
    names->seen[names->count++] = (struct explore_named){o->id, o->cls, same + 1};
    return same + 1;
}

/* Appends a boxed primitive or string [o] by its value; false for any other object. */
static bool say_boxed(base_textbuf *out, const vm *machine, uint32_t h, const vm_object *o)
{
    const char *name = o->cls->name;
    if (!strcmp(name, "java/lang/String")) {
        char text[200];
        base_textbuf_printf(out, "\"%s\"", vm_string_utf8(machine, h, text, sizeof text));
        return true;
    }
    if (strncmp(name, "java/lang/", 10) || o->cls->kind == VM_KIND_ARRAY) return false;
    static const char *const boxes[] = {"Integer", "Long",      "Short", "Byte",
                                        "Boolean", "Character", "Float", "Double"};
    static const char kinds[] = "IJSBZCFD";
    for (size_t i = 0; i < sizeof boxes / sizeof boxes[0]; i++) {
        if (strcmp(name + 10, boxes[i])) continue;
        const vm_field *f = NULL;
        for (uint16_t k = 0; k < o->cls->field_count && !f; k++)
            if (!strcmp(o->cls->fields[k].name, "value")) f = &o->cls->fields[k];
        if (!f) return false;
        explore_say_value(out, machine, NULL, kinds[i], &VM_FIELDS(o)[f->offset]);
        return true;
    }
    return false;
}

/* Appends "Thread[T1]" when [h] is the Thread object of a started thread (a client's thread is
 * an instance of porcheck's harness class, which the user never wrote); false otherwise. */
static bool say_thread(base_textbuf *out, const vm *machine, uint32_t h)
{
    for (uint32_t i = 0; i < machine->thread_count; i++) {
        if (machine->threads[i]->object != h) continue;
        char name[128];
        explore_thread_name(machine, i, name, sizeof name);
        base_textbuf_printf(out, "Thread[%s]", name);
        return true;
    }
    return false;
}

/* Appends the name of object [h]; by a path from the structure when [path] and there is one. */
static void say_object(base_textbuf *out, const vm *machine, explore_names *names, uint32_t h,
                       bool path)
{
    if (!h) {
        base_textbuf_printf(out, "null");
        return;
    }
    const vm_object *o = vm_obj(machine, h);
    if (say_boxed(out, machine, h, o)) return;
    if (vm_id_is_mirror(o->id)) {
        explore_say_class(out, vm_class_of_mirror(machine, h)->name);
        base_textbuf_printf(out, ".class");
        return;
    }
    if (h == names->root) {
        base_textbuf_printf(out, "this");
        return;
    }
    if (say_thread(out, machine, h)) return;
    if (path && names->root && say_path_to(out, machine, names->root, h)) return;
    explore_say_class(out, o->cls->name);
    base_textbuf_printf(out, "@%u", number_of(names, o));
}

void explore_say_object(base_textbuf *out, const vm *machine, explore_names *names, uint32_t h)
{
    say_object(out, machine, names, h, true);
}

void explore_say_value(base_textbuf *out, const vm *machine, explore_names *names, char kind,
                       const vm_slot *slot)
{
    switch (kind) {
    case 'Z':
        base_textbuf_printf(out, "%s", slot->i ? "true" : "false");
        return;
    case 'C':
        if (slot->i >= 32 && slot->i < 127)
            base_textbuf_printf(out, "'%c'", (char)slot->i);
        else
            base_textbuf_printf(out, "%d", slot->i);
        return;
    case 'J':
        base_textbuf_printf(out, "%lld", (long long)vm_get_long(slot));
        return;
    case 'F':
        base_textbuf_printf(out, "%g", (double)slot->f);
        return;
    case 'D':
        base_textbuf_printf(out, "%g", vm_get_double(slot));
        return;
    case 'L':
    case '[':
        say_object(out, machine, names, slot->ref, false); /* values keep one name: Node@3 */
        return;
    default:
        base_textbuf_printf(out, "%d", slot->i);
    }
}

void explore_say_element(base_textbuf *out, const vm *machine, explore_names *names,
                         const vm_object *array, uint32_t index)
{
    const void *e = (const char *)VM_ELEMS(array) + (size_t)index * array->cls->elem_size;
    vm_slot v[2] = {{0}, {0}};
    switch (array->cls->elem_kind) {
    case 'Z':
    case 'B':
        v[0].i = *(const int8_t *)e;
        break;
    case 'C':
        v[0].i = *(const uint16_t *)e;
        break;
    case 'S':
        v[0].i = *(const int16_t *)e;
        break;
    case 'J':
        vm_set_long(v, *(const int64_t *)e);
        break;
    case 'D':
        vm_set_double(v, *(const double *)e);
        break;
    case 'F':
        v[0].f = *(const float *)e;
        break;
    case 'L':
        v[0].ref = *(const uint32_t *)e;
        break;
    default:
        v[0].i = *(const int32_t *)e;
    }
    explore_say_value(out, machine, names, array->cls->elem_kind, v);
}
