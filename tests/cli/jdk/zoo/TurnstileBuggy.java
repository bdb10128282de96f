package zoo;

import java.util.concurrent.Semaphore;

/** Turnstile whose Semaphore has two permits: two passes can read the same ticket. */
public class TurnstileBuggy {
    private final Semaphore gate = new Semaphore(2); // BUG: two threads pass at once
    private int next;

    public int pass() {
        gate.acquireUninterruptibly();
        try {
            int ticket = next;
            next = ticket + 1;
            return ticket;
        } finally {
            gate.release();
        }
    }

    public int passed() {
        gate.acquireUninterruptibly();
        try {
            return next;
        } finally {
            gate.release();
        }
    }
}
