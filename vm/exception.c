/* Java exceptions as VM data: creating and throwing them, backtraces (method id and pc pairs
 * stored in the throwable), StackTraceElement arrays, and unwinding frames to a handler. An
 * exception no frame catches runs Thread.dispatchUncaughtException, as HotSpot does. */
#include <stdio.h>

#include "internal.h"

bool vm_throw(vm *machine, vm_thread *t, const char *name, const char *fmt, ...)
{
    vm_class *cls = vm_load_class(machine, t, name);
    if (!cls) return false;
    uint32_t h = vm_new_object(machine, t, cls);
    if (!h) return false;
    if (fmt) {
        char msg[1024];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        uint32_t s = vm_new_string(machine, t, msg);
        if (!s) return false;
        VM_FIELDS(vm_obj(machine, h))[machine->off.throwable_message].ref = s;
    }
    if (!vm_fill_backtrace(machine, t, h)) return false;
    t->exception = h;
    return false;
}

bool vm_throw_npe(vm *machine, vm_thread *t)
{
    return vm_throw(machine, t, "java/lang/NullPointerException", NULL);
}

/* Returns how many frames at the top of [t] belong to creating throwable class [ec]: its
 * fillInStackTrace and its constructors. */
static uint32_t frames_to_skip(const vm_thread *t, const vm_class *ec)
{
    uint32_t skip = 0;
    while (skip < t->depth) {
        const vm_method *m = t->frames[t->depth - 1 - skip].method;
        if (strcmp(m->name, "fillInStackTrace") && strcmp(m->name, "fillInStackTrace0")) break;
        skip++;
    }
    while (skip < t->depth) {
        const vm_method *m = t->frames[t->depth - 1 - skip].method;
        if (strcmp(m->name, "<init>") || !vm_is_assignable(ec, m->owner)) break;
        skip++;
    }
    return skip;
}

bool vm_fill_backtrace(vm *machine, vm_thread *t, uint32_t h)
{
    uint32_t skip = frames_to_skip(t, vm_obj(machine, h)->cls);
    uint32_t n = 0;
    for (uint32_t i = 0; i + skip < t->depth; i++) n += !t->frames[i].method->owner->hidden;
    uint32_t bt = vm_new_array(machine, t, machine->known.int_array, (int32_t)(2 * n));
    if (!bt) return false;
    int32_t *pairs = VM_ELEMS(vm_obj(machine, bt));
    uint32_t k = 0;
    for (uint32_t i = t->depth - skip; i-- > 0;) {
        const vm_frame *f = &t->frames[i];
        if (f->method->owner->hidden) continue;
        pairs[k++] = (int32_t)f->method->id;
        pairs[k++] = (int32_t)f->pc;
    }
    vm_slot *fields = VM_FIELDS(vm_obj_w(machine, h));
    fields[machine->off.throwable_backtrace].ref = bt;
    fields[machine->off.throwable_trace].ref = 0;
    return true;
}

/* Creates the StackTraceElement for [m] at [pc]; 0 on failure. */
static uint32_t make_element(vm *machine, vm_thread *t, const vm_method *m, uint32_t pc)
{
    char name[512];
    uint32_t e = vm_new_object(machine, t, machine->known.ste);
    uint32_t cls = e ? vm_new_string(machine, t, vm_dotted_name(m->owner, name, sizeof name)) : 0;
    uint32_t meth = cls ? vm_intern_utf8(machine, m->name, strlen(m->name)) : 0;
    const char *src = m->owner->source_file;
    uint32_t file = meth && src ? vm_intern_utf8(machine, src, strlen(src)) : 0;
    if (!meth || (src && !file)) return 0;
    vm_slot *f = VM_FIELDS(vm_obj(machine, e));
    f[machine->off.ste_class].ref = cls;
    f[machine->off.ste_method].ref = meth;
    f[machine->off.ste_file].ref = file;
    f[machine->off.ste_line].i = m->code                       ? cf_line_of(m->code, pc)
                                 : (m->access & CF_ACC_NATIVE) ? -2
                                                               : -1;
    return e;
}

uint32_t vm_stack_trace(vm *machine, vm_thread *t, uint32_t h)
{
    uint32_t bt = VM_FIELDS(vm_obj(machine, h))[machine->off.throwable_backtrace].ref;
    uint32_t n = bt ? vm_obj(machine, bt)->length / 2 : 0;
    vm_class *array = vm_array_class(machine, machine->known.ste);
    uint32_t a = array ? vm_new_array(machine, t, array, (int32_t)n) : 0;
    if (!a) return 0;
    for (uint32_t i = 0; i < n; i++) {
        const int32_t *pairs = VM_ELEMS(vm_obj(machine, bt));
        uint32_t e =
            make_element(machine, t, machine->methods[pairs[2 * i]], (uint32_t)pairs[2 * i + 1]);
        if (!e) return 0;
        ((uint32_t *)VM_ELEMS(vm_obj(machine, a)))[i] = e;
    }
    return a;
}

/* ---- Unwinding ------------------------------------------------------------------------------ */

/* Looks for a handler of [t]'s pending exception in frame [f]; moves there when found. */
static int find_handler(vm *machine, vm_thread *t, vm_frame *f)
{
    const cf_code *code = f->method->code;
    vm_class *ec = vm_obj(machine, t->exception)->cls;
    for (uint16_t i = 0; i < code->handler_count; i++) {
        const cf_handler *h = &code->handlers[i];
        if (f->pc < h->start_pc || f->pc >= h->end_pc) continue;
        if (h->catch_type) {
            if (!vm_resolve_class(machine, t, f->method->owner, h->catch_type)) return -1;
            if (!vm_is_assignable(ec, f->method->owner->cp[h->catch_type].cls)) continue;
        }
        f->sp = f->locals + f->method->max_locals;
        t->slots[f->sp++].ref = t->exception;
        f->pc = h->handler_pc;
        t->exception = 0;
        return 1;
    }
    return 0;
}

/* Starts Thread.dispatchUncaughtException on [t], whose frames are all gone. The checker
 * reports the exception itself and keeps it on the thread. */
static vm_unwind_result dispatch_uncaught(vm *machine, vm_thread *t)
{
    t->uncaught = true;
    if (!t->object || machine->driver.hooks) return VM_UNWIND_ENDED;
    t->slots[0].ref = t->object;
    t->slots[1].ref = t->exception;
    t->exception = 0;
    vm_call_result r = vm_push_frame(machine, t, machine->uncaught_handler, 0, 0);
    if (r == VM_CALL_FATAL) return VM_UNWIND_FATAL;
    if (r != VM_CALL_PUSHED) return VM_UNWIND_ENDED;
    t->frames[t->depth - 1].flags |= VM_FRAME_UNCAUGHT;
    return VM_UNWIND_CAUGHT;
}

vm_unwind_result vm_unwind(vm *machine, vm_thread *t, bool *skip)
{
    while (t->depth) {
        vm_frame *f = &t->frames[t->depth - 1];
        if (!(f->flags & VM_FRAME_PENDING) && f->method->code) {
            int found = find_handler(machine, t, f);
            if (found < 0) return VM_UNWIND_FATAL;
            if (found) return VM_UNWIND_CAUGHT;
        }
        if (skip && (f->monitor || (f->flags & VM_FRAME_CLINIT))) {
            if (!*skip) {
                t->park = VM_PARK_UNWIND;
                return VM_UNWIND_STOPPED;
            }
            *skip = false;
        }
        vm_frame popped = *f;
        t->depth--;
        if (popped.monitor) {
            vm_object *o = vm_obj_w(machine, popped.monitor);
            if (o->lock_owner == t->id + 1 && --o->lock_count == 0) o->lock_owner = 0;
        }
        if (popped.flags & VM_FRAME_CLINIT) vm_finish_clinit(machine, t, &popped, true);
        if (machine->failed) return VM_UNWIND_FATAL;
        if (popped.flags & VM_FRAME_UNCAUGHT) return VM_UNWIND_ENDED;
    }
    return dispatch_uncaught(machine, t);
}
