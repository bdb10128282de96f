package zoo;

import java.util.concurrent.atomic.LongAdder;

/** Hits with a cap of one, checked and then added: two hits can both pass the check. */
public class HitsCapped {
    private final LongAdder count = new LongAdder();

    public boolean hit() {
        if (count.sum() >= 1) return false;
        count.increment();
        return true;
    }

    public long hits() { return count.sum(); }
}
