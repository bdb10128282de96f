package traces;

import java.util.concurrent.atomic.AtomicReference;

/** An owner slot that keeps the claiming thread; claim checks and then sets, so two claims can
 * both succeed. */
public class Owner {
    private final AtomicReference<Thread> owner = new AtomicReference<>();

    public boolean claim() {
        if (owner.get() != null) return false;
        owner.set(Thread.currentThread());
        return true;
    }
}
