package trust;

import java.util.concurrent.atomic.AtomicBoolean;

/** A correct counter under a spin lock: a thread that finds the lock taken spins until it is free. */
public class SpinCounter {
    private final AtomicBoolean locked = new AtomicBoolean();
    private int total;

    private void lock() {
        while (!locked.compareAndSet(false, true)) {
        }
    }

    public int add(int amount) {
        lock();
        int t = total + amount;
        total = t;
        locked.set(false);
        return t;
    }

    public int get() {
        lock();
        int t = total;
        locked.set(false);
        return t;
    }
}
