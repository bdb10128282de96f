package java.util.concurrent.locks;

import java.util.concurrent.TimeUnit;
import jdk.internal.porcheck.Sync;

/** A reentrant read-write lock: its state (the writer, its hold count, the readers) lives in
 * fields guarded by the monitor of [sync], and waiting goes through Sync.await. A writer may
 * also take the read lock (downgrading); a reader cannot upgrade. */
public class ReentrantReadWriteLock implements ReadWriteLock, java.io.Serializable {
    final Object sync = new Object();
    private Thread writer;
    private int writeHolds;
    private int readers;
    private final ThreadLocal<int[]> readHolds = new ThreadLocal<int[]>() {
        protected int[] initialValue() { return new int[1]; }
    };
    private final ReadLock readerLock = new ReadLock(this);
    private final WriteLock writerLock = new WriteLock(this);
    private final boolean fair;

    public ReentrantReadWriteLock() { this(false); }

    public ReentrantReadWriteLock(boolean fair) { this.fair = fair; }

    public ReentrantReadWriteLock.WriteLock writeLock() { return writerLock; }

    public ReentrantReadWriteLock.ReadLock readLock() { return readerLock; }

    public final boolean isFair() { return fair; }

    public int getReadLockCount() {
        Sync.monitorEnter(sync);
        try {
            return readers;
        } finally {
            Sync.monitorExit(sync);
        }
    }

    public boolean isWriteLocked() {
        Sync.monitorEnter(sync);
        try {
            return writer != null;
        } finally {
            Sync.monitorExit(sync);
        }
    }

    public boolean isWriteLockedByCurrentThread() {
        Sync.monitorEnter(sync);
        try {
            return writer == Thread.currentThread();
        } finally {
            Sync.monitorExit(sync);
        }
    }

    public int getWriteHoldCount() {
        Sync.monitorEnter(sync);
        try {
            return writer == Thread.currentThread() ? writeHolds : 0;
        } finally {
            Sync.monitorExit(sync);
        }
    }

    public int getReadHoldCount() { return readHolds.get()[0]; }

    boolean acquireShared(boolean wait) {
        try {
            return acquireShared(wait, false);
        } catch (InterruptedException e) {
            throw new AssertionError(e); /* an uninterruptible wait throws none */
        }
    }

    /** Takes the read lock, waiting for it or not ([wait]); with [interruptible], an interrupt
     * before or while it waits throws InterruptedException. */
    boolean acquireShared(boolean wait, boolean interruptible) throws InterruptedException {
        if (interruptible && Thread.interrupted()) throw new InterruptedException();
        Thread me = Thread.currentThread();
        Sync.monitorEnter(sync);
        try {
            while (writer != null && writer != me) {
                if (!wait) return false;
                awaitChange(interruptible);
            }
            readers++;
            readHolds.get()[0]++;
            return true;
        } finally {
            Sync.monitorExit(sync);
        }
    }

    /** Waits, holding [sync], until another thread changes the lock's state. */
    private void awaitChange(boolean interruptible) throws InterruptedException {
        if (interruptible) Sync.await(sync, sync);
        else Sync.awaitUninterruptibly(sync, sync);
    }

    void releaseShared() {
        Sync.monitorEnter(sync);
        try {
            int[] holds = readHolds.get();
            if (holds[0] == 0) throw new IllegalMonitorStateException("attempt to unlock read lock, not locked by current thread");
            holds[0]--;
            if (--readers == 0) Sync.signalAll(sync, sync);
        } finally {
            Sync.monitorExit(sync);
        }
    }

    boolean acquireExclusive(boolean wait) {
        try {
            return acquireExclusive(wait, false);
        } catch (InterruptedException e) {
            throw new AssertionError(e); /* an uninterruptible wait throws none */
        }
    }

    /** Takes the write lock, as acquireShared takes the read lock. */
    boolean acquireExclusive(boolean wait, boolean interruptible) throws InterruptedException {
        if (interruptible && Thread.interrupted()) throw new InterruptedException();
        Thread me = Thread.currentThread();
        Sync.monitorEnter(sync);
        try {
            if (writer == me) {
                writeHolds++;
                return true;
            }
            while (writer != null || readers > 0) {
                if (!wait) return false;
                awaitChange(interruptible);
            }
            writer = me;
            writeHolds = 1;
            return true;
        } finally {
            Sync.monitorExit(sync);
        }
    }

    void releaseExclusive() {
        Sync.monitorEnter(sync);
        try {
            if (writer != Thread.currentThread()) throw new IllegalMonitorStateException();
            if (--writeHolds == 0) {
                writer = null;
                Sync.signalAll(sync, sync);
            }
        } finally {
            Sync.monitorExit(sync);
        }
    }

    /** Waits on [cond] releasing the write lock entirely, then takes it back; timed or not
     * ([timed]), ended by an interrupt or not ([interruptible]: InterruptedException once the
     * write lock is held again, as the JDK's condition throws it). True when it was signalled
     * rather than timed out. */
    boolean awaitWrite(Object cond, boolean timed, boolean interruptible) throws InterruptedException {
        Thread me = Thread.currentThread();
        if (interruptible && Thread.interrupted()) throw new InterruptedException();
        Sync.monitorEnter(sync);
        try {
            if (writer != me) throw new IllegalMonitorStateException();
            int saved = writeHolds;
            writer = null;
            writeHolds = 0;
            Sync.signalAll(sync, sync);
            boolean signalled = true;
            InterruptedException interrupted = null;
            try {
                if (timed) signalled = Sync.awaitTimed(sync, cond);
                else if (interruptible) Sync.await(sync, cond);
                else Sync.awaitUninterruptibly(sync, cond);
            } catch (InterruptedException e) {
                interrupted = e;
            }
            while (writer != null || readers > 0) awaitChange(false);
            writer = me;
            writeHolds = saved;
            if (interrupted != null) throw interrupted;
            return signalled;
        } finally {
            Sync.monitorExit(sync);
        }
    }

    void checkWriter() {
        if (!isWriteLockedByCurrentThread()) throw new IllegalMonitorStateException();
    }

    public String toString() {
        return super.toString() + "[Write locks = " + (writer == null ? 0 : writeHolds) + ", Read locks = " + readers + "]";
    }

    public static class ReadLock implements Lock, java.io.Serializable {
        private final ReentrantReadWriteLock lock;

        protected ReadLock(ReentrantReadWriteLock lock) { this.lock = lock; }

        public void lock() { lock.acquireShared(true); }

        public void lockInterruptibly() throws InterruptedException { lock.acquireShared(true, true); }

        public boolean tryLock() { return lock.acquireShared(false); }

        public boolean tryLock(long timeout, TimeUnit unit) throws InterruptedException {
            return lock.acquireShared(false, true);
        }

        public void unlock() { lock.releaseShared(); }

        public Condition newCondition() { throw new UnsupportedOperationException(); }
    }

    public static class WriteLock implements Lock, java.io.Serializable {
        private final ReentrantReadWriteLock lock;

        protected WriteLock(ReentrantReadWriteLock lock) { this.lock = lock; }

        public void lock() { lock.acquireExclusive(true); }

        public void lockInterruptibly() throws InterruptedException { lock.acquireExclusive(true, true); }

        public boolean tryLock() { return lock.acquireExclusive(false); }

        public boolean tryLock(long timeout, TimeUnit unit) throws InterruptedException {
            return lock.acquireExclusive(false, true);
        }

        public void unlock() { lock.releaseExclusive(); }

        public boolean isHeldByCurrentThread() { return lock.isWriteLockedByCurrentThread(); }

        public int getHoldCount() { return lock.getWriteHoldCount(); }

        public Condition newCondition() {
            final ReentrantReadWriteLock rw = lock;
            return new Condition() {
                public void await() throws InterruptedException { rw.awaitWrite(this, false, true); }

                public void awaitUninterruptibly() {
                    try {
                        rw.awaitWrite(this, false, false);
                    } catch (InterruptedException e) {
                        throw new AssertionError(e); /* an uninterruptible wait throws none */
                    }
                }

                public long awaitNanos(long nanosTimeout) throws InterruptedException {
                    if (rw.awaitWrite(this, true, true)) return nanosTimeout > 0 ? nanosTimeout : 0;
                    Sync.passTime(nanosTimeout);
                    return 0;
                }

                public boolean await(long time, TimeUnit unit) throws InterruptedException {
                    if (rw.awaitWrite(this, true, true)) return true;
                    Sync.passTime(unit.toNanos(time));
                    return false;
                }

                public void signal() {
                    rw.checkWriter();
                    Sync.signal(rw.sync, this);
                }

                public void signalAll() {
                    rw.checkWriter();
                    Sync.signalAll(rw.sync, this);
                }
            };
        }
    }
}
