package zoo;

import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.StampedLock;

/** A value kept twice (two fields written together) behind the JDK's StampedLock: set takes the
 * write lock; read tries an optimistic read, validates it, and falls back on the read lock (its
 * Lock view); a read never sees the two copies differ. */
public class Gauge {
    private final StampedLock sl = new StampedLock();
    private final Lock readView = sl.asReadLock();
    private int first, second;

    public void set(int v) {
        long stamp = sl.writeLock();
        try {
            first = v;
            second = v;
        } finally {
            sl.unlockWrite(stamp);
        }
    }

    /** The value, or -1 when the two copies differ. */
    public int read() {
        long stamp = sl.tryOptimisticRead();
        int a = first, b = second;
        if (!sl.validate(stamp)) {
            readView.lock();
            try {
                a = first;
                b = second;
            } finally {
                readView.unlock();
            }
        }
        return a == b ? a : -1;
    }
}
