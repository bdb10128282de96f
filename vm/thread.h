/* Private to vm/, included by internal.h (include that, not this): the thread data model. Threads
 * and their frames as data, and the code that runs them: frames.c (calls, returns, monitors),
 * exception.c (throwing, unwinding, stack traces), thread.c (thread life cycle, the interpreter
 * entry) and indy.c (invokedynamic). */
#ifndef PORCHECK_VM_THREAD_H
#define PORCHECK_VM_THREAD_H

/* ---- Threads and frames ------------------------------------------------------------------------
 */

/* Frame flags. */
enum {
    VM_FRAME_CLINIT =
        1, /* runs <clinit> of its method's class: on exit the class is done or failed */
    VM_FRAME_PENDING = 2,  /* not started yet: an exception unwinding into it passes through */
    VM_FRAME_UNCAUGHT = 4, /* runs Thread.dispatchUncaughtException: the thread ends after it */
    VM_FRAME_ATOMIC = 8,   /* a call into an atomic library class from outside: it and the frames
                            * above it run as one step up to where they park (hooks.h) */
    VM_FRAME_WATCHED = 16, /* a trace waits for its result: its return records it in the thread */
};

/* One activation; its locals and operands live in the thread's slot array. */
struct vm_frame {
    vm_method *method;
    uint32_t pc;          /* offset of the current instruction (saved while not running) */
    uint32_t locals;      /* index of local 0 in the thread's slots */
    uint32_t sp;          /* index one past the top operand (saved while not running) */
    uint32_t monitor;     /* object locked by a synchronized method, or 0 */
    uint32_t gen;         /* the thread's push count when this frame was pushed */
    uint8_t advance;      /* bytes the caller's pc moves when this frame returns */
    uint8_t flags;        /* VM_FRAME_* */
    vm_frame_cache cache; /* checking: what the checker caches on it (hooks.h) */
};

/* The timeout of a thread's timed wait (wait(ms), Condition.awaitNanos). */
enum {
    VM_TIMER_NONE = 0, /* no timed wait */
    VM_TIMER_RUNNING,  /* waiting, and the timeout may still fire */
    VM_TIMER_EXPIRED,  /* the timeout fired: the thread competes for the monitor unnotified */
    VM_TIMER_DEAF, /* no timeout, and an interrupt does not end the wait (awaitUninterruptibly) */
    VM_TIMER_ABORTABLE, /* BLOCKED in lockInterruptibly (exec only: the checker calls it only when
                         * it can go on): an interrupt ends the wait */
};

/* How many returns of watched frames a thread remembers. */
enum { VM_WATCH_RETURNS = 4 };

/* A VM_FRAME_WATCHED frame that returned normally: which one (its gen) and its result. */
typedef struct vm_watch_return {
    uint32_t gen;
    vm_slot result[2];
} vm_watch_return;

/* A Java thread as data. */
struct vm_thread {
    uint32_t id;
    uint8_t state;      /* a vm_thread_state */
    uint32_t object;    /* the java.lang.Thread object */
    uint32_t exception; /* the pending exception, or 0 */
    vm_slot *slots;     /* locals and operand stacks of every frame */
    uint32_t slot_capacity;
    vm_frame *frames;
    uint32_t depth; /* frames in use */
    uint32_t frame_capacity;
    uint64_t allocations;         /* objects this thread allocated: the low part of their ids */
    uint64_t library_allocations; /* library objects it allocated (VM_ID_LIBRARY_BIT) */
    uint32_t starts;              /* threads it has started: part of their keys (thread.c) */
    uint32_t wait_object;  /* WAITING in wait/await: the object waited on; BLOCKED: the monitor */
    uint32_t wait_lock;    /* the monitor to re-enter after a wait */
    uint32_t saved_count;  /* the monitor count to restore after a wait */
    uint32_t join_thread;  /* WAITING in join: the thread id + 1 waited for */
    vm_class *wait_class;  /* BLOCKED on a class another thread is initialising */
    bool notified;         /* a waiting thread was notified and now competes for the monitor */
    uint8_t wait_timer;    /* a VM_TIMER_*: the timeout of a timed wait */
    bool permit;           /* LockSupport.unpark's permit */
    bool parked;           /* WAITING in LockSupport.park */
    bool uncaught;         /* died of an uncaught exception */
    uint8_t park;          /* checking: a vm_park, why the thread stands where it does */
    uint32_t epoch;        /* checking: the trail epoch in which the thread was last logged */
    uint32_t pushes;       /* frames pushed on the path so far (the next frame's gen) */
    uint32_t atomic_frame; /* 1 + the index of the last VM_FRAME_ATOMIC frame pushed, or 0 (it
                            * counts while that frame is still there: vm_atomic_call) */
    vm_thread_cache cache; /* checking: what the checker caches on it (hooks.h) */
    uint8_t watch_return_count;
    vm_watch_return watch_returns[VM_WATCH_RETURNS]; /* the last VM_FRAME_WATCHED frames that
                                                      * returned normally, oldest first (the
                                                      * last fields: the trail keeps the thread
                                                      * up to the last one in use) */
};

/* ---- frames.c
 * ------------------------------------------------------------------------------------ */

/* Outcome of invoking a method. */
typedef enum vm_call_result {
    VM_CALL_PUSHED,  /* a Java frame was pushed */
    VM_CALL_DONE,    /* a native completed, its result pushed and the caller's pc advanced */
    VM_CALL_THROWN,  /* an exception is pending */
    VM_CALL_BLOCKED, /* the thread must wait; the instruction is retried */
    VM_CALL_FATAL,   /* a fatal error is recorded */
    VM_CALL_YIELD,   /* a native completed and the thread yields */
} vm_call_result;

/* The frame of [t]'s atomic library call that its current frame runs in (VM_FRAME_ATOMIC), or
 * NULL when it runs outside one. */
static inline const vm_frame *vm_atomic_call(const vm_thread *t)
{
    uint32_t i = t->atomic_frame;
    if (!i || i > t->depth || !(t->frames[i - 1].flags & VM_FRAME_ATOMIC)) return NULL;
    return &t->frames[i - 1];
}

/* Invokes [m] for thread [t] whose top frame has its pc and sp saved and the arguments on its
 * operand stack; [advance] is the length of the calling instruction. */
vm_call_result vm_invoke(vm *machine, vm_thread *t, vm_method *m, uint8_t advance);

/* Pushes a frame for Java method [m] whose locals start at slot [base] of [t], where its
 * arguments already are; throws StackOverflowError, or blocks on a synchronized method's monitor.
 */
vm_call_result vm_push_frame(vm *machine, vm_thread *t, vm_method *m, uint32_t base,
                             uint8_t advance);

/* Pops the top frame of [t], passing [ret_slots] result slots at [result] to the caller; returns
 * false when the thread has no frame left. */
bool vm_pop_frame(vm *machine, vm_thread *t, const vm_slot *result, uint32_t ret_slots);

/* Tries to enter the monitor of object [h] for [t]; false when another thread holds it. */
bool vm_monitor_enter(vm *machine, vm_thread *t, uint32_t h);

/* Leaves the monitor of [h]; false after throwing IllegalMonitorStateException. */
bool vm_monitor_exit(vm *machine, vm_thread *t, uint32_t h);

/* ---- exception.c
 * --------------------------------------------------------------------------------- */

/* Throws a new exception of class [name] with a printf-style message (NULL: no message) on [t];
 * returns false (a fatal error is recorded when the class cannot be loaded). */
bool vm_throw(vm *machine, vm_thread *t, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Throws NullPointerException on [t]. */
bool vm_throw_npe(vm *machine, vm_thread *t);

/* Fills the backtrace of throwable [h] from [t]'s frames. */
bool vm_fill_backtrace(vm *machine, vm_thread *t, uint32_t h);

/* Builds the StackTraceElement[] of throwable [h]; 0 on failure. */
uint32_t vm_stack_trace(vm *machine, vm_thread *t, uint32_t h);

/* Outcome of unwinding. */
typedef enum vm_unwind_result {
    VM_UNWIND_CAUGHT,
    VM_UNWIND_ENDED,
    VM_UNWIND_FATAL,
    VM_UNWIND_STOPPED, /* checking: stopped before leaving a synchronized or <clinit> frame */
} vm_unwind_result;

/* Unwinds [t]'s frames to a handler of its pending exception; when none is left, pushes the
 * uncaught-exception handler, or ends the thread (checking: only marks it uncaught). With
 * [skip] (checking), stops before a frame whose leaving releases a monitor or ends a class
 * initialiser, unless *[skip] spares that one (and is cleared). */
vm_unwind_result vm_unwind(vm *machine, vm_thread *t, bool *skip);

/* ---- thread.c -------------------------------------------------------------------------------- */

/* Creates a thread for Thread object [object] (0: none yet), started by [starter] (NULL: the
 * main thread), in [*out]; false when out of memory. */
bool vm_thread_create(vm *machine, vm_thread *starter, uint32_t object, vm_thread **out);

/* Marks [t] terminated and wakes its joiners. */
void vm_thread_end(vm *machine, vm_thread *t);

/* Returns true when [t] can run: runnable, or what it waits for has happened. */
bool vm_thread_enabled(const vm *machine, const vm_thread *t);

/* True when [t]'s interrupt flag (Thread.interrupt) is set. */
bool vm_thread_interrupted(const vm *machine, const vm_thread *t);

/* True when [t], waiting on a condition, was notified or may take a pending notification. */
bool vm_notified(const vm *machine, const vm_thread *t);

/* True when the top frame of [t] is Object.wait() or LockSupport.park() (the forms without a
 * timeout), called by the application's code at a place that no loop of its method encloses,
 * and [machine] explores spurious wake-ups (vm_options.spurious_wakeups, under checking): the
 * textbook `if (empty) wait();`, which with one waiting thread only a spurious wake-up breaks.
 * Such a wait() is a timed wait whose timeout may fire at any moment; such a park() may return
 * at any moment without a permit, as a timed park does. */
bool vm_spurious_site(const vm *machine, const vm_thread *t);

/* True when an untimed LockSupport.park() by [t] returns now rather than blocks: it has a
 * permit, is interrupted, or may wake up spuriously there (vm_spurious_site). */
bool vm_park_returns(const vm *machine, const vm_thread *t);

/* True when [t]'s timed wait may still time out: its timer runs and nothing woke it yet. */
static inline bool vm_timer_pending(const vm_thread *t)
{
    return t->wait_timer == VM_TIMER_RUNNING && !t->notified;
}

/* Returns the thread whose java.lang.Thread object is [object], or NULL. */
vm_thread *vm_thread_of_object(vm *machine, uint32_t object);

/* True when the thread of java.lang.Thread object [object] (0: none) is alive: started and not
 * ended, as the field the VM sets at start and clears at the end says (Thread.isAlive(); a join
 * waits while it holds, the joiner itself included, which waits for ever). */
bool vm_thread_alive(const vm *machine, uint32_t object);

/* Runs [t] with the dispatch mode configured on [machine]. */
vm_run_result vm_interpret(vm *machine, vm_thread *t, const vm_stop *stop);

/* The two interpreters, built from interp_loop.h. */
vm_run_result vm_interpret_switch(vm *machine, vm_thread *t, const vm_stop *stop);
vm_run_result vm_interpret_goto(vm *machine, vm_thread *t, const vm_stop *stop);

/* ---- indy.c ------------------------------------------------------------------------------------
 */

/* Executes invokedynamic [index] of the top frame's class for [t] (pc and sp saved). */
vm_call_result vm_invokedynamic(vm *machine, vm_thread *t, uint16_t index);

/* Frees a linked call site. */
void vm_callsite_free(vm_callsite *site);

#endif
