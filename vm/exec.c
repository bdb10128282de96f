/* porcheck exec's VM side: start main, then schedule threads one after another, each until it
 * ends, blocks or yields, or has used a time slice (so that spin-waiting threads let the thread
 * they wait for run); the order is deterministic. */
#include <stdio.h>

#include "internal.h"

/* Creates the java.lang.Thread object of the main thread without running a constructor. */
static uint32_t main_thread_object(vm *machine, vm_thread *t)
{
    uint32_t obj = vm_new_object(machine, t, machine->known.thread);
    uint32_t name = obj ? vm_new_string(machine, t, "main") : 0;
    if (!name) return 0;
    vm_slot *f = VM_FIELDS(vm_obj(machine, obj));
    f[machine->off.thread_name].ref = name;
    vm_set_long(&f[machine->off.thread_id], 1);
    f[machine->off.thread_alive].i = 1;
    vm_slot *priority = vm_field_slot(machine, obj, "priority");
    if (priority) priority->i = 5;
    return obj;
}

/* Builds the String[] of the program arguments. */
static uint32_t make_args(vm *machine, vm_thread *t, int argc, char **argv)
{
    vm_class *array = vm_array_class(machine, machine->known.string);
    uint32_t a = array ? vm_new_array(machine, t, array, argc) : 0;
    for (int i = 0; a && i < argc; i++) {
        uint32_t s = vm_new_string(machine, t, argv[i]);
        if (!s) return 0;
        ((uint32_t *)VM_ELEMS(vm_obj(machine, a)))[i] = s;
    }
    return a;
}

/* Finds public static void main(String[]) of class [name] (dotted or binary). */
static vm_method *find_main(vm *machine, const char *name, vm_class **cls)
{
    char binary[1024];
    snprintf(binary, sizeof binary, "%s", name);
    for (char *c = binary; *c; c++)
        if (*c == '.') *c = '/';
    *cls = vm_load_class(machine, NULL, binary);
    if (!*cls) return NULL;
    vm_method *m = vm_declared_method(*cls, "main", "([Ljava/lang/String;)V");
    if (!m || !(m->access & CF_ACC_STATIC))
        vm_fail(machine, VM_ERR_BAD_INPUT,
                "error: Main method not found in class %s, please define the main method as: "
                "public static void main(String[] args)",
                name);
    return m && (m->access & CF_ACC_STATIC) ? m : NULL;
}

/* Pushes the initialiser frames of [cls] on [t] (none when it needs none) above its top frame,
 * which waits for them without having started; false after a failure. */
static bool initialise_first(vm *machine, vm_thread *t, vm_class *cls)
{
    vm_frame *top = &t->frames[t->depth - 1];
    uint8_t flags = top->flags;
    top->flags |= VM_FRAME_PENDING;
    vm_init_result r = vm_initialize(machine, t, cls);
    if (r == VM_INIT_READY) top->flags = flags;
    return r == VM_INIT_READY || r == VM_INIT_PUSHED;
}

/* The classes the JVM initialises before it runs main (System.out exists, strings work), so that
 * no thread of the program ever initialises them: none of the program's threads runs their
 * initialisers, or waits for another that does. */
static const char *const boot_classes[] = {"java/lang/String", "java/lang/System"};

/* Creates the main thread with a frame for [main] under the initialiser frames of its class,
 * and those under the boot classes' (which run first). */
static bool start_main(vm *machine, vm_class *cls, vm_method *main, int argc, char **argv)
{
    vm_thread *t;
    if (!vm_thread_create(machine, NULL, 0, &t)) return false;
    t->object = main_thread_object(machine, t);
    uint32_t args = t->object ? make_args(machine, t, argc, argv) : 0;
    if (!args) return false;
    t->slots[0].ref = args;
    if (vm_push_frame(machine, t, main, 0, 0) != VM_CALL_PUSHED) return false;
    if (!initialise_first(machine, t, cls)) return false;
    for (size_t i = sizeof boot_classes / sizeof *boot_classes; i-- > 0;) {
        vm_class *boot = vm_load_class(machine, t, boot_classes[i]);
        if (!boot || !initialise_first(machine, t, boot)) return false;
    }
    return true;
}

/* Returns the next thread to run after [current]: itself while enabled, else the first enabled
 * one after it in id order; NULL when none is. */
static vm_thread *pick(vm *machine, uint32_t current, bool rotate)
{
    uint32_t n = machine->thread_count;
    for (uint32_t k = rotate ? 1 : 0; k <= n; k++) {
        vm_thread *t = machine->threads[(current + k) % n];
        if (vm_thread_enabled(machine, t)) return t;
    }
    return NULL;
}

/* Returns true while a non-daemon thread is alive. */
static bool user_threads_alive(const vm *machine)
{
    for (uint32_t i = 0; i < machine->thread_count; i++) {
        const vm_thread *t = machine->threads[i];
        if (t->state == VM_THREAD_TERMINATED || t->state == VM_THREAD_NEW) continue;
        if (!t->object || !VM_FIELDS(vm_obj(machine, t->object))[machine->off.thread_daemon].i)
            return true;
    }
    return false;
}

static bool schedule(vm *machine)
{
    static const vm_stop slice = {.budget = 1u << 20};
    uint32_t current = 0;
    bool rotate = false;
    while (!machine->exiting && user_threads_alive(machine)) {
        vm_thread *t = pick(machine, current, rotate);
        if (!t)
            return vm_fail(machine, VM_ERR_DEADLOCK,
                           "error: deadlock: every live thread is blocked or waiting");
        current = t->id;
        vm_run_result r = vm_interpret(machine, t, &slice);
        if (r == VM_RUN_FAILED) return false;
        rotate = r == VM_RUN_STOPPED || r == VM_RUN_BLOCKED; /* the others first */
    }
    return true;
}

/* Copies the fatal error into [err], defaulting to out-of-memory; returns its status. */
static vm_status report(const vm *machine, vm_error *err)
{
    *err = machine->error;
    if (err->status == VM_OK) {
        err->status = VM_ERR_NOMEM;
        snprintf(err->message, sizeof err->message, "error: out of memory");
    }
    return err->status;
}

vm_status vm_start(vm *machine, const char *main_class, int argc, char **argv, vm_error *err)
{
    vm_class *cls = NULL;
    vm_method *main = find_main(machine, main_class, &cls);
    if (!main || !start_main(machine, cls, main, argc, argv)) return report(machine, err);
    return VM_OK;
}

int vm_exit_status(const vm *machine)
{
    if (machine->exiting) return machine->exit_status;
    return machine->thread_count && machine->threads[0]->uncaught ? 1 : 0;
}

vm_status vm_exec(vm *machine, const char *main_class, int argc, char **argv, int *exit_status,
                  vm_error *err)
{
    vm_status s = vm_start(machine, main_class, argc, argv, err);
    bool ok = s == VM_OK && schedule(machine);
    vm_flush_output(machine);
    if (s != VM_OK) return s;
    if (!ok) return report(machine, err);
    *exit_status = vm_exit_status(machine);
    return VM_OK;
}
