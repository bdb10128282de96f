package porcheck.testing;

/** A gate that threads pass once it is open; peek() waits a little (a timed wait) for it. open()
 * wakes one waiter, which may be a peeking thread: then a passing thread waits for ever. */
public class TimedGate {
    private boolean open;

    public synchronized void open() {
        open = true;
        notify();
    }

    public synchronized void openAll() {
        open = true;
        notifyAll();
    }

    public synchronized boolean pass() throws InterruptedException {
        while (!open) wait();
        return true;
    }

    public synchronized boolean peek() throws InterruptedException {
        if (!open) wait(5);
        return open;
    }
}
