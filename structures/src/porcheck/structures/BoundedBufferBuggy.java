package porcheck.structures;

/**
 * BoundedBuffer (a two-slot FIFO buffer guarded by its monitor) with a bug: take checks for an
 * empty buffer only before it waits, not again when woken, so a taker woken after another one
 * emptied the buffer takes a slot that holds nothing.
 */
public class BoundedBufferBuggy {
    private final int[] items = new int[2];
    private int head, count;

    public synchronized void put(int x) throws InterruptedException {
        while (count == items.length) wait();
        items[(head + count) % items.length] = x;
        count++;
        notifyAll();
    }

    public synchronized int take() throws InterruptedException {
        if (count == 0) wait(); // BUG: not re-checked when woken
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
