package zoo;

import java.util.concurrent.Semaphore;

/** A ticket counter guarded by a Semaphore with one permit: each pass gets its own ticket. */
public class Turnstile {
    private final Semaphore gate = new Semaphore(1);
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
