package porcheck.structures;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A set kept in a ConcurrentLinkedQueue without duplicates: add checks and offers under a lock
 * (so adds are serialised), remove and contains use the queue's own lock-free operations.
 */
public class CLQSet {
    private final ConcurrentLinkedQueue<Integer> queue = new ConcurrentLinkedQueue<>();
    private final ReentrantLock addLock = new ReentrantLock();

    public boolean add(int key) {
        addLock.lock();
        try {
            if (queue.contains(key)) return false;
            return queue.offer(key);
        } finally {
            addLock.unlock();
        }
    }

    public boolean remove(int key) {
        return queue.remove(Integer.valueOf(key));
    }

    public boolean contains(int key) {
        return queue.contains(key);
    }
}
