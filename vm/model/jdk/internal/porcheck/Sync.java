package jdk.internal.porcheck;

/** The synchronisation natives every lock and atomic of the model library goes through; each
 * call is one atomic step of the calling thread (the concurrency issue marks them visible).
 * Offsets are field slots from objectFieldOffset, array elements at 16 + index *
 * arrayIndexScale(the array's class) (jdk.internal.misc.Unsafe's arrayBaseOffset), or static
 * fields from staticFieldOffset with the Class as the object; a bad offset throws
 * IllegalArgumentException. The Int natives also address boolean, byte, short, char and float
 * elements (widened as the JVM does), the Long natives double elements. */
public final class Sync {
    private Sync() {}

    public static native boolean compareAndSetInt(Object o, long offset, int expected, int x);

    public static native boolean compareAndSetLong(Object o, long offset, long expected, long x);

    public static native boolean compareAndSetReference(Object o, long offset, Object expected, Object x);

    /** Compares and sets, returning the value found (the CAS succeeded when it equals [expected]). */
    public static native int compareAndExchangeInt(Object o, long offset, int expected, int x);

    public static native long compareAndExchangeLong(Object o, long offset, long expected, long x);

    public static native Object compareAndExchangeReference(Object o, long offset, Object expected, Object x);

    public static native int getAndAddInt(Object o, long offset, int delta);

    public static native long getAndAddLong(Object o, long offset, long delta);

    public static native int getAndSetInt(Object o, long offset, int x);

    public static native long getAndSetLong(Object o, long offset, long x);

    public static native Object getAndSetReference(Object o, long offset, Object x);

    public static native int getInt(Object o, long offset);

    public static native void putInt(Object o, long offset, int x);

    public static native long getLong(Object o, long offset);

    public static native void putLong(Object o, long offset, long x);

    public static native Object getReference(Object o, long offset);

    public static native void putReference(Object o, long offset, Object x);

    public static native int getAndBitwiseOrInt(Object o, long offset, int mask);

    public static native long getAndBitwiseOrLong(Object o, long offset, long mask);

    public static native int getAndBitwiseAndInt(Object o, long offset, int mask);

    public static native long getAndBitwiseAndLong(Object o, long offset, long mask);

    public static native int getAndBitwiseXorInt(Object o, long offset, int mask);

    public static native long getAndBitwiseXorLong(Object o, long offset, long mask);

    public static native long objectFieldOffset(Class<?> c, String name);

    /** The offset of static field [name] of [c], to be used with [c] itself as the object. */
    public static native long staticFieldOffset(Class<?> c, String name);

    /** The length of array [array]. */
    public static native int arrayLength(Object array);

    /** The bytes per element of arrays of [arrayClass], as the VM stores them. */
    public static native int arrayIndexScale(Class<?> arrayClass);

    public static native Class<?> fieldType(Class<?> c, String name);

    /** The access flags of the field [name] that [c] itself declares, or -1 when it has none. */
    public static native int fieldModifiers(Class<?> c, String name);

    /** Enters [lock]'s monitor, blocking while another thread holds it. */
    public static native void monitorEnter(Object lock);

    /** As monitorEnter, but an interrupt of the current thread, before or while it waits, ends
     * the call with InterruptedException (clearing the flag). */
    public static native void monitorEnterInterruptibly(Object lock) throws InterruptedException;

    public static native boolean tryMonitorEnter(Object lock);

    /** Leaves [lock]'s monitor; IllegalMonitorStateException when not the owner. */
    public static native void monitorExit(Object lock);

    /** The current thread's hold count of [lock]'s monitor (0 when it does not own it). */
    public static native int monitorDepth(Object lock);

    public static native boolean isLocked(Object lock);

    /** Releases [lock] entirely, waits on [condition] until signalled, re-acquires [lock]; an
     * interrupt before the wait throws InterruptedException at once, one during it after [lock]
     * is held again (unless a signal came first), clearing the flag. */
    public static native void await(Object lock, Object condition) throws InterruptedException;

    /** As await, but interrupts do not end the wait (the flag stays set). */
    public static native void awaitUninterruptibly(Object lock, Object condition);

    /** As await, but the wait may also end by its timeout, at any moment; returns true when it
     * ended by a signal. */
    public static native boolean awaitTimed(Object lock, Object condition)
        throws InterruptedException;

    /** Wakes one thread waiting on [condition], a condition of [lock] (the checker treats it as
     * an access to [lock]'s monitor). */
    public static native void signal(Object lock, Object condition);

    public static native void signalAll(Object lock, Object condition);

    /** How many threads wait on [condition], a condition of [lock], and are not signalled (the
     * checker treats it as a read of [lock]'s monitor). */
    public static native int waitQueueLength(Object lock, Object condition);

    /** Parks the current thread until it has a permit (which it takes) or is interrupted. */
    public static native void park();

    /** A timed park of [time] nanoseconds, or until currentTimeMillis() [time] when [absolute]:
     * takes the current thread's permit if it has one, and returns either way (its time may be
     * up at once; when the JDK's own code parks, unwoken, its time passes on the clock). */
    public static native void parkTimed(long time, boolean absolute);

    /** Called by a condition's timed await that ended by its timeout: when the JDK's own code
     * waited, the [nanos] it waited pass on the clock (as a timed park's do). */
    public static native void passTime(long nanos);

    public static native void unpark(Thread thread);
}
