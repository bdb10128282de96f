package java.lang;

/** A thread as VM data: start0 creates the VM thread, the VM sets [alive]. */
public class Thread implements Runnable {
    private volatile String name;
    private long tid;
    private boolean alive;
    private boolean daemon;
    private Runnable target;
    private int priority = NORM_PRIORITY;
    private boolean started;
    private volatile boolean interrupted;
    private UncaughtExceptionHandler uncaughtExceptionHandler;
    private ThreadGroup group; /* null: the main group (ThreadGroup.main) */
    Object[] threadLocals;

    // The JDK's ThreadLocalRandom and Striped64 (LongAdder) keep their per-thread state here,
    // through Unsafe and VarHandles; the last two are the fields TLR's initialiser looks up.
    long threadLocalRandomSeed;
    int threadLocalRandomProbe;
    int threadLocalRandomSecondarySeed;
    Object inheritableThreadLocals;
    Object inheritedAccessControlContext;

    private static int threadInitNumber;
    private static long threadSeqNumber = 1;
    private static volatile UncaughtExceptionHandler defaultUncaughtExceptionHandler;

    public static final int MIN_PRIORITY = 1;
    public static final int NORM_PRIORITY = 5;
    public static final int MAX_PRIORITY = 10;

    @FunctionalInterface
    public interface UncaughtExceptionHandler {
        void uncaughtException(Thread t, Throwable e);
    }

    private static synchronized int nextThreadNum() { return threadInitNumber++; }

    /** Seeds the JDK ThreadLocalRandom's per-thread state from the thread's id, so that no
     * thread's first random number depends on the others' (the JDK draws it from a global
     * seeder, in the order threads first ask: another interleaving to explore, and another
     * state, for every order). porcheck explores interleavings, not random values: every
     * thread's random numbers are fixed. */
    private void seedThreadLocalRandom() {
        long z = tid * 0x9e3779b97f4a7c15L;
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        z ^= z >>> 33;
        threadLocalRandomSeed = z;
        threadLocalRandomProbe = (int) (z >>> 32) | 1;
        threadLocalRandomSecondarySeed = (int) z | 1;
    }

    private static synchronized long nextThreadID() { return ++threadSeqNumber; }

    public Thread() { this((Runnable) null, "Thread-" + nextThreadNum()); }

    public Thread(Runnable target) { this(target, "Thread-" + nextThreadNum()); }

    public Thread(String name) { this((Runnable) null, name); }

    public Thread(ThreadGroup group, Runnable target) { this(group, target, "Thread-" + nextThreadNum(), 0); }

    public Thread(ThreadGroup group, String name) { this(group, null, name, 0); }

    public Thread(ThreadGroup group, Runnable target, String name) { this(group, target, name, 0); }

    /** A thread in [group] (null: the current thread's); the stack size is ignored, as the JVM may. */
    public Thread(ThreadGroup group, Runnable target, String name, long stackSize) {
        this(target, name);
        if (group != null && group != ThreadGroup.main()) this.group = group;
        else if (group == null) this.group = currentThread().group;
    }

    /** The same; thread locals are not inherited whatever [inheritThreadLocals] says. */
    public Thread(ThreadGroup group, Runnable target, String name, long stackSize, boolean inheritThreadLocals) {
        this(group, target, name, stackSize);
    }

    public Thread(Runnable target, String name) {
        if (name == null) throw new NullPointerException("name cannot be null");
        this.name = name;
        this.target = target;
        this.tid = nextThreadID();
        seedThreadLocalRandom();
        Thread parent = currentThread();
        if (parent != null) {
            this.daemon = parent.isDaemon();
            this.priority = parent.getPriority();
        }
    }

    public static native Thread currentThread();

    public static native void yield();

    /** Sleeps the current thread (this one): returns at once, or throws InterruptedException
     * when it is interrupted, clearing its flag. */
    private native void sleep0(long millis) throws InterruptedException;

    public static void sleep(long millis) throws InterruptedException {
        if (millis < 0) throw new IllegalArgumentException("timeout value is negative");
        currentThread().sleep0(millis);
    }

    public static void sleep(long millis, int nanos) throws InterruptedException { sleep(millis); }

    public static void onSpinWait() { Thread.yield(); }

    private native void start0();

    private static native void join0(Thread t);

    public static native boolean holdsLock(Object obj);

    public void start() {
        synchronized (this) {
            if (started) throw new IllegalThreadStateException();
            started = true;
        }
        start0();
    }

    public void run() {
        if (target != null) target.run();
    }

    public final void join() throws InterruptedException { join0(this); }

    /** Waits for this thread to end, or for [millis] ms (0: for ever); a timed join may time out
     * at once, so it returns at once and the thread may still run, unless the caller is
     * interrupted while this thread is alive (InterruptedException, as the JDK's wait does). */
    public final void join(long millis) throws InterruptedException {
        if (millis < 0) throw new IllegalArgumentException("timeout value is negative");
        if (millis == 0) join0(this);
        else if (isAlive0() && Thread.interrupted()) throw new InterruptedException();
    }

    public final void join(long millis, int nanos) throws InterruptedException {
        if (millis < 0) throw new IllegalArgumentException("timeout value is negative");
        if (nanos < 0 || nanos > 999999) throw new IllegalArgumentException("nanosecond timeout value out of range");
        join(nanos > 0 && millis < Long.MAX_VALUE ? millis + 1 : millis);
    }

    /** Whether this thread has started and not ended: a scheduling point, since its start and
     * end (steps of the VM, not field writes) change it. */
    private native boolean isAlive0();

    public final boolean isAlive() { return isAlive0(); }

    /** A thread's state as getState reports it. */
    public enum State { NEW, RUNNABLE, BLOCKED, WAITING, TIMED_WAITING, TERMINATED }

    /** NEW before start(); the state of a started thread, which another thread's steps change
     * at any moment, is not modelled (a one-line error). */
    public State getState() {
        if (!started) return State.NEW;
        jdk.internal.porcheck.VM.unsupported("java/lang/Thread.getState of a started thread");
        return State.RUNNABLE;
    }

    /** This thread's group; null once it has ended, as the JDK's. */
    public final ThreadGroup getThreadGroup() {
        if (started && !isAlive0()) return null;
        return group != null ? group : ThreadGroup.main();
    }

    public final void setDaemon(boolean on) {
        if (isAlive0()) throw new IllegalThreadStateException();
        daemon = on;
    }

    public final boolean isDaemon() { return daemon; }

    public final String getName() { return name; }

    public final synchronized void setName(String name) {
        if (name == null) throw new NullPointerException("name cannot be null");
        this.name = name;
    }

    public long getId() { return tid; }

    public final int getPriority() { return priority; }

    public final void setPriority(int newPriority) {
        if (newPriority > MAX_PRIORITY || newPriority < MIN_PRIORITY) throw new IllegalArgumentException();
        priority = newPriority;
    }

    /** Sets this thread's interrupt flag and wakes it from an interruptible wait (the flag is
     * read and written by these natives only). */
    private native void interrupt0();

    private native boolean isInterrupted0();

    /** Clears the flag of the current thread (this one); returns whether it was set. */
    private native boolean clearInterrupt0();

    public void interrupt() { interrupt0(); }

    public boolean isInterrupted() { return isInterrupted0(); }

    public static boolean interrupted() { return currentThread().clearInterrupt0(); }

    public String toString() { return "Thread[" + getName() + "," + getPriority() + ",main]"; }

    public void setUncaughtExceptionHandler(UncaughtExceptionHandler eh) { uncaughtExceptionHandler = eh; }

    /** The handler set on this thread, else its group (null once it has ended), as the JDK's. */
    public UncaughtExceptionHandler getUncaughtExceptionHandler() {
        return uncaughtExceptionHandler != null ? uncaughtExceptionHandler : getThreadGroup();
    }

    public static void setDefaultUncaughtExceptionHandler(UncaughtExceptionHandler eh) { defaultUncaughtExceptionHandler = eh; }

    public static UncaughtExceptionHandler getDefaultUncaughtExceptionHandler() { return defaultUncaughtExceptionHandler; }

    /** Called by the VM when [e] ends this thread. */
    private void dispatchUncaughtException(Throwable e) {
        if (uncaughtExceptionHandler == null && group != null) {
            group.uncaughtException(this, e);
            return;
        }
        UncaughtExceptionHandler h = uncaughtExceptionHandler != null ? uncaughtExceptionHandler : defaultUncaughtExceptionHandler;
        if (h != null) {
            h.uncaughtException(this, e);
            return;
        }
        System.err.print("Exception in thread \"" + getName() + "\" ");
        e.printStackTrace(System.err);
    }
}
