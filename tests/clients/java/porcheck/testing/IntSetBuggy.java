package porcheck.testing;

/**
 * IntSet with a check-then-act addInt: it reads the bits, then writes them back without a lock,
 * so two addInt(1) can both return true (and a concurrent removeInt can be lost).
 */
public class IntSetBuggy {
    private int bits; // bit k: k is in the set

    public boolean addInt(int k) {
        int b = bits;
        if ((b >> k & 1) != 0) return false;
        bits = b | 1 << k;
        return true;
    }

    public synchronized boolean removeInt(int k) {
        boolean had = (bits >> k & 1) != 0;
        bits &= ~(1 << k);
        return had;
    }

    public synchronized boolean containsInt(int k) {
        return (bits >> k & 1) != 0;
    }
}
