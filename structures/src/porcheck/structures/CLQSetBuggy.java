package porcheck.structures;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;

/**
 * CLQSet whose add checks and offers without the lock when the key equals the constructor's
 * bugKey: a non-atomic check-then-act, so two such adds can both succeed and leave a duplicate.
 */
public class CLQSetBuggy {
    private final ConcurrentLinkedQueue<Integer> queue = new ConcurrentLinkedQueue<>();
    private final ReentrantLock addLock = new ReentrantLock();
    private final int bugKey;

    public CLQSetBuggy(int bugKey) {
        this.bugKey = bugKey;
    }

    public boolean add(int key) {
        boolean locked = key != bugKey; // BUG: check-then-act without the lock for the bug key
        if (locked) addLock.lock();
        try {
            if (queue.contains(key)) return false;
            return queue.offer(key);
        } finally {
            if (locked) addLock.unlock();
        }
    }

    public boolean remove(int key) {
        return queue.remove(Integer.valueOf(key));
    }

    public boolean contains(int key) {
        return queue.contains(key);
    }
}
