package trust;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/** Results that depend on the calling thread: a lock taken and kept (tryTake() succeeds again on
 * the thread that holds it, fails on the others), a count per thread in a ThreadLocal, the
 * thread's name. A sequential run on one thread would expect other results than a correct
 * concurrent run gives. */
public class ThreadBound {
    private final ReentrantLock lock = new ReentrantLock();
    private final AtomicInteger total = new AtomicInteger();
    private final ThreadLocal<int[]> mine = ThreadLocal.withInitial(() -> new int[1]);

    public boolean tryTake() {
        return lock.tryLock();
    }

    public int hit() {
        mine.get()[0]++;
        return total.incrementAndGet();
    }

    public int myHits() {
        return mine.get()[0];
    }

    public String who() {
        return Thread.currentThread().getName();
    }
}
