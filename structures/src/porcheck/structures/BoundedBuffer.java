package porcheck.structures;

/**
 * A bounded FIFO buffer of two slots guarded by its monitor: put waits while the buffer is full
 * and take while it is empty, each re-checking its condition in a loop, and both wake every
 * waiter when they change it. Invocations block, so a client order run one invocation at a time
 * in which one would wait for ever is not a linearization.
 */
public class BoundedBuffer {
    private final int[] items = new int[2];
    private int head, count;

    public synchronized void put(int x) throws InterruptedException {
        while (count == items.length) wait();
        items[(head + count) % items.length] = x;
        count++;
        notifyAll();
    }

    public synchronized int take() throws InterruptedException {
        while (count == 0) wait();
        int x = items[head];
        head = (head + 1) % items.length;
        count--;
        notifyAll();
        return x;
    }

    public synchronized int size() {
        return count;
    }
}
