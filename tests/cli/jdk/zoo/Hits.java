package zoo;

import java.util.concurrent.atomic.LongAdder;

/** A hit counter on the JDK's LongAdder (Striped64: VarHandles, ThreadLocalRandom probes). */
public class Hits {
    private final LongAdder count = new LongAdder();

    public void hit() { count.increment(); }

    public long hits() { return count.sum(); }
}
