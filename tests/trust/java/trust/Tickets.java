package trust;

import java.util.concurrent.atomic.AtomicInteger;

/** Tickets from an AtomicInteger. gap() reads the counter twice, and a take() of another thread
 * may come between the reads: a gap of 1 is no linearizable outcome. Narrowed to this class, the
 * visible set leaves AtomicInteger.get()'s read of its field invisible; the race check must see
 * it meet getAndIncrement()'s write (a synchronisation native, always a scheduling point). */
public class Tickets {
    private final AtomicInteger next = new AtomicInteger();

    public int take() {
        return next.getAndIncrement();
    }

    public int gap() {
        int first = next.get();
        int second = next.get();
        return second - first;
    }
}
