/* Waits outside loops: a call of Condition.await() may return although no thread signalled it (a
 * spurious wake-up, which Condition's contract allows although the JDK's implementation never
 * does it), and porcheck does not explore that return. Code that waits in a loop re-checks its
 * condition and is safe whatever wakes it; a wait that no loop of its method encloses
 * (`if (empty) cond.await();`) is the textbook bug that only a spurious wake-up shows when one
 * thread waits. This scan reads the class under test and every class of the user's class path
 * that it refers to, transitively, and reports each such call, so that an ok verdict does not
 * hide what porcheck cannot see. Object.wait() and LockSupport.park() are left out: check and run
 * explore their spurious returns at such places (vm_spurious_site), and timed waits, whose
 * return they explore at any moment (as a timeout). */
#include <stdio.h>
#include <string.h>

#include "harness_private.h"

/* The most classes one scan reads (a bound on a pathological class path). */
enum { LINT_MAX_CLASSES = 4096 };

/* The scan: the class path, the classes met (binary names, owned), where lines go. */
typedef struct lint {
    cf_classpath *cp;
    char *names[LINT_MAX_CLASSES];
    size_t count;
    harness_lint_report report;
    void *ctx;
    size_t found;
} lint;

/* Who allows a spurious return of a wait, and that porcheck does not explore it. */
#define CONTRACT                                                                                   \
    "which Condition's contract allows although the JDK's implementation, which porcheck runs, "   \
    "never does it"

/* The untimed waits, and how a line names each. */
static const struct waiting_call {
    uint8_t opcode;
    const char *owner;
    const char *name, *descriptor, *shown, *waker;
    const char *why; /* who allows the return */
} waiting_calls[] = {
    {CF_OP_INVOKEINTERFACE, "java/util/concurrent/locks/Condition", "await", "()V",
     "Condition.await()", "a signal", CONTRACT},
    {CF_OP_INVOKEINTERFACE, "java/util/concurrent/locks/Condition", "awaitUninterruptibly", "()V",
     "Condition.awaitUninterruptibly()", "a signal", CONTRACT},
};

/* Queues class [name] unless it was met already (or the bound is reached). */
static void meet(lint *l, const char *name)
{
    if (name[0] == '[' || l->count == LINT_MAX_CLASSES) return;
    for (size_t i = 0; i < l->count; i++)
        if (!strcmp(l->names[i], name)) return;
    char *copy = base_malloc(strlen(name) + 1);
    if (copy) l->names[l->count++] = strcpy(copy, name);
}

/* Returns the waiting call the instruction at [pc] of [code] makes, or NULL. */
static const struct waiting_call *waiting_call_at(const cf_class *cls, const cf_code *code,
                                                  uint32_t pc)
{
    uint8_t op = code->code[pc];
    if (op != CF_OP_INVOKEVIRTUAL && op != CF_OP_INVOKESTATIC && op != CF_OP_INVOKEINTERFACE)
        return NULL;
    const char *owner, *name, *descriptor;
    cf_member_ref(cls, (uint16_t)(code->code[pc + 1] << 8 | code->code[pc + 2]), &owner, &name,
                  &descriptor);
    for (size_t i = 0; i < sizeof waiting_calls / sizeof *waiting_calls; i++) {
        const struct waiting_call *w = &waiting_calls[i];
        if (w->opcode == op && !strcmp(w->owner, owner) && !strcmp(w->name, name) &&
            !strcmp(w->descriptor, descriptor))
            return w;
    }
    return NULL;
}

/* Reports the call [w] at [pc] of method [m] of [cls]. */
static void report(lint *l, const cf_class *cls, const cf_member *m, uint32_t pc,
                   const struct waiting_call *w)
{
    char dotted[512], line[1024];
    snprintf(dotted, sizeof dotted, "%s", cls->name);
    for (char *p = dotted; *p; p++)
        if (*p == '/') *p = '.';
    int at = cf_line_of(m->code, pc);
    const char *file = cls->source_file ? cf_utf8(cls, cls->source_file) : "?";
    snprintf(line, sizeof line,
             "%s.%s (%s:%d) calls %s outside any loop: it may return without %s (a spurious "
             "wake-up, %s), so the condition it waited for may not hold; re-check it in a while "
             "loop",
             dotted, m->name, file, at, w->shown, w->waker, w->why);
    l->report(line, l->ctx);
    l->found++;
}

/* Scans method [m] of [cls]. */
static void scan_method(lint *l, const cf_class *cls, const cf_member *m)
{
    const cf_code *code = m->code;
    for (uint32_t pc = 0, n; code && pc < code->length; pc += n) {
        if (!(n = cf_instruction_length(code, pc))) return;
        const struct waiting_call *w = waiting_call_at(cls, code, pc);
        if (w && !cf_pc_in_loop(code, pc)) report(l, cls, m, pc, w);
    }
}

/* Scans class [name] when the class path holds it, and meets the classes it refers to. */
static void scan_class(lint *l, const char *name)
{
    cf_class *cls = NULL;
    cf_error err = {0};
    if (cf_classpath_load(l->cp, name, &cls, &err) != CF_OK) return; /* the JDK's, or missing */
    for (uint16_t i = 1; i < cls->constant_count; i++)
        if (cls->constants[i].tag == CF_TAG_CLASS) meet(l, cf_class_name(cls, i));
    for (uint16_t i = 0; i < cls->method_count; i++) scan_method(l, cls, &cls->methods[i]);
    cf_class_free(cls);
}

size_t harness_unlooped_waits(const char *classpath, const char *root, harness_lint_report report,
                              void *ctx)
{
    lint l = {.report = report, .ctx = ctx};
    cf_error err = {0};
    if (cf_classpath_new(&l.cp, &err) != CF_OK) return 0;
    if (cf_classpath_add_list(l.cp, classpath, &err) == CF_OK) {
        char binary[512];
        snprintf(binary, sizeof binary, "%s", root);
        for (char *p = binary; *p; p++)
            if (*p == '.') *p = '/';
        meet(&l, binary);
        for (size_t i = 0; i < l.count; i++) scan_class(&l, l.names[i]);
    }
    for (size_t i = 0; i < l.count; i++) base_free(l.names[i]);
    cf_classpath_free(l.cp);
    return l.found;
}
