package zoo;

import java.util.concurrent.locks.AbstractQueuedSynchronizer;

/** A counter behind a mutex of its own built on the JDK's AbstractQueuedSynchronizer: the
 * synchronizer's state is 1 while held, taken with a compare-and-set. */
public class Mutex {
    static class Sync extends AbstractQueuedSynchronizer {
        @Override
        protected boolean tryAcquire(int ignored) { return compareAndSetState(0, 1); }

        @Override
        protected boolean tryRelease(int ignored) {
            setState(0);
            return true;
        }
    }

    private final Sync sync = new Sync();
    private int count;

    public int inc() {
        sync.acquire(1);
        try {
            return ++count;
        } finally {
            sync.release(1);
        }
    }
}
