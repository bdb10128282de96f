package trust;

import java.util.Arrays;

/** Two slots a writer keeps equal under its lock, and a reader's snapshot of them without it: a
 * copy of the shared array (Arrays.copyOf, so System.arraycopy) can see the second slot written
 * and not the first. */
public class SnapshotPair {
    private final int[] slots = new int[2];

    public synchronized void set(int v) {
        slots[0] = v;
        slots[1] = v;
    }

    /** True unless the snapshot holds the new second slot beside the old first one. */
    public boolean consistent() {
        int[] copy = Arrays.copyOf(slots, 2);
        return copy[0] == copy[1] || copy[0] != 0;
    }
}
