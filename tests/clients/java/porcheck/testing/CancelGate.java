package porcheck.testing;

/** A gate a thread waits at until it opens; cancel() interrupts the waiting thread, then opens
 * the gate. take() answers 1 when it passed and -1 when an interrupt ended its wait, which a
 * sequential run (cancel before take: nobody to interrupt) never shows: a race the model checker
 * missed while it did not model that an interrupt ends a wait. */
public class CancelGate {
    private Thread waiter;
    private boolean open;

    public synchronized int take() {
        waiter = Thread.currentThread();
        try {
            while (!open) wait();
            return 1;
        } catch (InterruptedException e) {
            return -1;
        }
    }

    public int cancel() {
        Thread t;
        synchronized (this) {
            t = waiter;
        }
        if (t != null) t.interrupt();
        synchronized (this) {
            open = true;
            notifyAll();
        }
        return 0;
    }
}
