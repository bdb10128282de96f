package zoo;

import java.util.concurrent.atomic.AtomicIntegerArray;

/** Tally whose vote reads the count and then sets it: two votes can count as one. */
public class TallyBuggy {
    private final AtomicIntegerArray votes = new AtomicIntegerArray(2);

    public int vote(int candidate) {
        int n = votes.get(candidate) + 1;
        votes.set(candidate, n);
        return n;
    }

    public int count(int candidate) { return votes.get(candidate); }
}
