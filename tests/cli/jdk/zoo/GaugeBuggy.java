package zoo;

import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.StampedLock;

/** Gauge whose read does not validate its optimistic read: it can see a torn value. */
public class GaugeBuggy {
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
        if (stamp == 0) { // BUG: the optimistic read is not validated
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
