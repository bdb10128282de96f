package java.lang;

/** A thread group as the JDK's Executors and thread factories use it: a name, a parent, a
 * maximum priority and a daemon flag. Every thread started without a group is in the main
 * group (Thread.getThreadGroup); groups do not list their threads (activeCount, enumerate and
 * interrupt are left out: a program calling them gets a one-line error). */
public class ThreadGroup implements Thread.UncaughtExceptionHandler {
    private final ThreadGroup parent;
    private final String name;
    private int maxPriority;
    private boolean daemon;

    /** The system group, the main group's parent. */
    private ThreadGroup() {
        this.parent = null;
        this.name = "system";
        this.maxPriority = Thread.MAX_PRIORITY;
    }

    public ThreadGroup(String name) { this(Thread.currentThread().getThreadGroup(), name); }

    public ThreadGroup(ThreadGroup parent, String name) {
        if (parent == null) throw new NullPointerException();
        this.parent = parent;
        this.name = name;
        this.maxPriority = parent.getMaxPriority();
        this.daemon = parent.isDaemon();
    }

    /** The main thread's group (and that of every thread started without one). */
    static ThreadGroup main() { return Groups.MAIN; }

    private static final class Groups {
        static final ThreadGroup MAIN = new ThreadGroup(new ThreadGroup(), "main");
    }

    public final String getName() { return name; }

    public final ThreadGroup getParent() { return parent; }

    public final int getMaxPriority() { return maxPriority; }

    public final boolean isDaemon() { return daemon; }

    public final void setDaemon(boolean daemon) { this.daemon = daemon; }

    public final void setMaxPriority(int pri) {
        if (pri < Thread.MIN_PRIORITY || pri > Thread.MAX_PRIORITY) return;
        maxPriority = parent != null ? Math.min(pri, parent.getMaxPriority()) : pri;
    }

    public final boolean parentOf(ThreadGroup g) {
        for (; g != null; g = g.parent)
            if (g == this) return true;
        return false;
    }

    public final void checkAccess() {}

    public void uncaughtException(Thread t, Throwable e) {
        if (parent != null) {
            parent.uncaughtException(t, e);
            return;
        }
        Thread.UncaughtExceptionHandler h = Thread.getDefaultUncaughtExceptionHandler();
        if (h != null) {
            h.uncaughtException(t, e);
        } else {
            System.err.print("Exception in thread \"" + t.getName() + "\" ");
            e.printStackTrace(System.err);
        }
    }

    public String toString() {
        return getClass().getName() + "[name=" + getName() + ",maxpri=" + getMaxPriority() + "]";
    }
}
