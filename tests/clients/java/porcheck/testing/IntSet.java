package porcheck.testing;

/**
 * A set of small ints (0..31) whose methods are not named as java.util.Set's: a spec maps
 * addInt, removeInt and containsInt onto the set model's add, remove and contains.
 */
public class IntSet {
    private int bits; // bit k: k is in the set

    public synchronized boolean addInt(int k) {
        boolean had = (bits >> k & 1) != 0;
        bits |= 1 << k;
        return !had;
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
