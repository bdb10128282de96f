package trust;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/** A counter under a queue lock of its own: threads queue up, the head takes the lock, the
 * releaser unparks the next. Correct; DL-S-POR explores a third of S-POR's transitions on it but
 * walks them again hundreds of times each, and takes twice as long. */
public class QueueLock {
    private final AtomicBoolean locked = new AtomicBoolean();
    private final ConcurrentLinkedQueue<Thread> waiters = new ConcurrentLinkedQueue<>();
    private int count;

    private void lock() {
        Thread me = Thread.currentThread();
        waiters.add(me);
        while (waiters.peek() != me || !locked.compareAndSet(false, true)) LockSupport.park(this);
        waiters.remove();
    }

    private void unlock() {
        locked.set(false);
        LockSupport.unpark(waiters.peek());
    }

    public int inc() {
        lock();
        try {
            return ++count;
        } finally {
            unlock();
        }
    }

    public int get() {
        lock();
        try {
            return count;
        } finally {
            unlock();
        }
    }
}
