package traces;

import java.util.concurrent.atomic.AtomicMarkableReference;

/**
 * An owner flag on AtomicMarkableReference, whose set and compareAndSet each take two steps (a
 * read of the pair, then its write). claim checks and then sets, so two claims can both succeed.
 */
public class Flag {
    private final AtomicMarkableReference<Integer> owner = new AtomicMarkableReference<>(null, false);

    public boolean claim(int who) {
        if (owner.isMarked()) return false;
        owner.set(who, true);
        return true;
    }

    public boolean grab(int who) {
        return owner.compareAndSet(null, who, false, true);
    }
}
