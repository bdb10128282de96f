package zoo;

import java.util.concurrent.atomic.AtomicIntegerArray;

/** Votes for two candidates counted in the JDK's AtomicIntegerArray (array-element VarHandles). */
public class Tally {
    private final AtomicIntegerArray votes = new AtomicIntegerArray(2);

    public int vote(int candidate) { return votes.incrementAndGet(candidate); }

    public int count(int candidate) { return votes.get(candidate); }
}
