package java.util.concurrent.locks;

import java.util.concurrent.TimeUnit;
import jdk.internal.porcheck.Sync;

/** A reentrant mutual-exclusion lock: the monitor of a private object, taken and released
 * through the Sync natives. Subclassable like the JDK's. */
public class ReentrantLock implements Lock, java.io.Serializable {
    private final Object sync = new Object();
    private final boolean fair;

    public ReentrantLock() { this(false); }

    public ReentrantLock(boolean fair) { this.fair = fair; }

    public void lock() { Sync.monitorEnter(sync); }

    public void lockInterruptibly() throws InterruptedException { Sync.monitorEnterInterruptibly(sync); }

    public boolean tryLock() { return Sync.tryMonitorEnter(sync); }

    /** Its time may be up at once; an interrupt ends it as lockInterruptibly's does. */
    public boolean tryLock(long timeout, TimeUnit unit) throws InterruptedException {
        if (Thread.interrupted()) throw new InterruptedException();
        return tryLock();
    }

    public void unlock() {
        if (Sync.monitorDepth(sync) == 0) throw new IllegalMonitorStateException();
        Sync.monitorExit(sync);
    }

    public Condition newCondition() { return new MonitorCondition(sync); }

    public int getHoldCount() { return Sync.monitorDepth(sync); }

    public boolean isHeldByCurrentThread() { return Sync.monitorDepth(sync) > 0; }

    public boolean isLocked() { return Sync.isLocked(sync); }

    public final boolean isFair() { return fair; }

    /** Whether a thread waits on [condition], a condition of this lock, which the caller holds. */
    public boolean hasWaiters(Condition condition) { return getWaitQueueLength(condition) > 0; }

    /** How many threads wait on [condition] (signalled ones no longer do). */
    public int getWaitQueueLength(Condition condition) {
        if (condition == null) throw new NullPointerException();
        if (!(condition instanceof MonitorCondition) || ((MonitorCondition) condition).lock != sync)
            throw new IllegalArgumentException("not owner");
        if (Sync.monitorDepth(sync) == 0) throw new IllegalMonitorStateException();
        return Sync.waitQueueLength(sync, condition);
    }

    public String toString() {
        return super.toString() + (isLocked() ? (isHeldByCurrentThread() ? "[Locked by thread " + Thread.currentThread().getName() + "]" : "[Locked]") : "[Unlocked]");
    }

    /** A condition of a monitor used as a lock. */
    static final class MonitorCondition implements Condition, java.io.Serializable {
        private final Object lock;

        MonitorCondition(Object lock) { this.lock = lock; }

        private void check() {
            if (Sync.monitorDepth(lock) == 0) throw new IllegalMonitorStateException();
        }

        public void await() throws InterruptedException {
            check();
            Sync.await(lock, this);
        }

        public void awaitUninterruptibly() {
            check();
            Sync.awaitUninterruptibly(lock, this);
        }

        public long awaitNanos(long nanosTimeout) throws InterruptedException {
            check();
            /* signalled: an estimate of the time left, here all of it */
            if (Sync.awaitTimed(lock, this)) return nanosTimeout > 0 ? nanosTimeout : 0;
            Sync.passTime(nanosTimeout);
            return 0;
        }

        public boolean await(long time, TimeUnit unit) throws InterruptedException {
            check();
            if (Sync.awaitTimed(lock, this)) return true;
            Sync.passTime(unit.toNanos(time));
            return false;
        }

        public void signal() {
            check();
            Sync.signal(lock, this);
        }

        public void signalAll() {
            check();
            Sync.signalAll(lock, this);
        }
    }
}
