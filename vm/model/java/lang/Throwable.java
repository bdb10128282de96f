package java.lang;

import java.io.PrintStream;

/** Throwables carry a VM backtrace (method ids and bytecode offsets) turned into
 * StackTraceElements on demand. */
public class Throwable implements java.io.Serializable {
    private String detailMessage;
    private Throwable cause;
    private boolean causeSet;
    private transient Object backtrace;
    private StackTraceElement[] stackTrace;
    private Throwable[] suppressed;
    private transient boolean writableStackTrace = true;
    private transient boolean suppressionDisabled; // the 4-argument constructor's enableSuppression, negated

    public Throwable() { fillInStackTrace(); }

    public Throwable(String message) {
        fillInStackTrace();
        detailMessage = message;
    }

    public Throwable(String message, Throwable cause) {
        fillInStackTrace();
        detailMessage = message;
        this.cause = cause;
        causeSet = true;
    }

    public Throwable(Throwable cause) {
        fillInStackTrace();
        detailMessage = (cause == null ? null : cause.toString());
        this.cause = cause;
        causeSet = true;
    }

    protected Throwable(String message, Throwable cause, boolean enableSuppression, boolean writableStackTrace) {
        this.writableStackTrace = writableStackTrace;
        this.suppressionDisabled = !enableSuppression;
        if (writableStackTrace) fillInStackTrace();
        detailMessage = message;
        this.cause = cause;
        causeSet = true;
    }

    public String getMessage() { return detailMessage; }

    public String getLocalizedMessage() { return getMessage(); }

    public synchronized Throwable getCause() { return cause == this ? null : cause; }

    public synchronized Throwable initCause(Throwable cause) {
        if (causeSet || this.cause != null)
            throw new IllegalStateException("Can't overwrite cause with " + java.util.Objects.toString(cause, "a null"), this);
        if (cause == this) throw new IllegalArgumentException("Self-causation not permitted", this);
        this.cause = cause;
        causeSet = true;
        return this;
    }

    public String toString() {
        String s = getClass().getName();
        String message = getLocalizedMessage();
        return (message != null) ? (s + ": " + message) : s;
    }

    public void printStackTrace() { printStackTrace(System.err); }

    public void printStackTrace(PrintStream s) {
        s.println(this);
        StackTraceElement[] trace = getOurStackTrace();
        for (StackTraceElement traceElement : trace) s.println("\tat " + traceElement);
        for (Throwable se : getSuppressed()) se.printEnclosedStackTrace(s, trace, "Suppressed: ", "\t");
        Throwable ourCause = getCause();
        if (ourCause != null) ourCause.printEnclosedStackTrace(s, trace, "Caused by: ", "");
    }

    private void printEnclosedStackTrace(PrintStream s, StackTraceElement[] enclosingTrace, String caption, String prefix) {
        StackTraceElement[] trace = getOurStackTrace();
        int m = trace.length - 1;
        int n = enclosingTrace.length - 1;
        while (m >= 0 && n >= 0 && trace[m].equals(enclosingTrace[n])) {
            m--;
            n--;
        }
        int framesInCommon = trace.length - 1 - m;
        s.println(prefix + caption + this);
        for (int i = 0; i <= m; i++) s.println(prefix + "\tat " + trace[i]);
        if (framesInCommon != 0) s.println(prefix + "\t... " + framesInCommon + " more");
        for (Throwable se : getSuppressed()) se.printEnclosedStackTrace(s, trace, "Suppressed: ", prefix + "\t");
        Throwable ourCause = getCause();
        if (ourCause != null) ourCause.printEnclosedStackTrace(s, trace, "Caused by: ", prefix);
    }

    public synchronized Throwable fillInStackTrace() {
        if (writableStackTrace) fillInStackTrace0();
        return this;
    }

    private native void fillInStackTrace0();

    private native StackTraceElement[] getStackTrace0();

    public StackTraceElement[] getStackTrace() { return getOurStackTrace().clone(); }

    private synchronized StackTraceElement[] getOurStackTrace() {
        if (stackTrace == null) stackTrace = backtrace == null ? new StackTraceElement[0] : getStackTrace0();
        return stackTrace;
    }

    public void setStackTrace(StackTraceElement[] stackTrace) {
        StackTraceElement[] defensiveCopy = stackTrace.clone();
        for (int i = 0; i < defensiveCopy.length; i++)
            if (defensiveCopy[i] == null) throw new NullPointerException("stackTrace[" + i + "]");
        synchronized (this) {
            this.stackTrace = defensiveCopy;
        }
    }

    public final synchronized void addSuppressed(Throwable exception) {
        if (exception == this) throw new IllegalArgumentException("Self-suppression not permitted", exception);
        if (exception == null) throw new NullPointerException("Cannot suppress a null exception.");
        if (suppressionDisabled) return;
        int n = suppressed == null ? 0 : suppressed.length;
        Throwable[] grown = new Throwable[n + 1];
        if (n > 0) System.arraycopy(suppressed, 0, grown, 0, n);
        grown[n] = exception;
        suppressed = grown;
    }

    public final synchronized Throwable[] getSuppressed() {
        return suppressed == null ? new Throwable[0] : suppressed.clone();
    }
}
