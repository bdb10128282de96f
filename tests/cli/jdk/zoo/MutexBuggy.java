package zoo;

import java.util.concurrent.locks.AbstractQueuedSynchronizer;

/** Mutex whose tryAcquire reads the state and then sets it: two threads can both take it. */
public class MutexBuggy {
    static class Sync extends AbstractQueuedSynchronizer {
        @Override
        protected boolean tryAcquire(int ignored) {
            if (getState() != 0) return false;
            setState(1); // BUG: not atomic with the read
            return true;
        }

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
