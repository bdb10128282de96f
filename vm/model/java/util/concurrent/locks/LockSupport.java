package java.util.concurrent.locks;

import jdk.internal.porcheck.Sync;

/** park and unpark as Sync natives; a timed park takes the permit if there is one and returns
 * either way (its time may be up at once; Sync.parkTimed says when the clock moves).
 * Blockers are not recorded (getBlocker answers null): they only serve diagnostics. */
public class LockSupport {
    private LockSupport() {}

    public static void unpark(Thread thread) {
        if (thread != null) Sync.unpark(thread);
    }

    public static void park() { Sync.park(); }

    public static void park(Object blocker) { Sync.park(); }

    public static void parkNanos(long nanos) {
        if (nanos > 0) Sync.parkTimed(nanos, false);
    }

    public static void parkNanos(Object blocker, long nanos) { parkNanos(nanos); }

    public static void parkUntil(long deadline) { Sync.parkTimed(deadline, true); }

    public static void parkUntil(Object blocker, long deadline) { parkUntil(deadline); }

    public static void setCurrentBlocker(Object blocker) {}

    /** The id of [thread] (the JDK reads its tid field; ReentrantReadWriteLock keys hold counts
     * by it). */
    static final long getThreadId(Thread thread) { return thread.getId(); }

    public static Object getBlocker(Thread t) {
        if (t == null) throw new NullPointerException();
        return null;
    }
}
