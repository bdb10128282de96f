package porcheck.testing;

/**
 * A one-slot buffer whose put and take wait on the same monitor but wake only one waiter
 * (notify, not notifyAll): a take can wake the other taker instead of the waiting putter, which
 * waits for ever on a buffer that is empty (a lost wake-up). Run sequentially it is a correct
 * one-slot blocking buffer.
 */
public class NotifyOneBuffer {
    private int item;
    private boolean full;

    public synchronized void put(int x) throws InterruptedException {
        while (full) wait();
        item = x;
        full = true;
        notify(); // BUG: may wake a putter rather than a taker
    }

    public synchronized int take() throws InterruptedException {
        while (!full) wait();
        full = false;
        notify(); // BUG: may wake a taker rather than a putter
        return item;
    }
}
