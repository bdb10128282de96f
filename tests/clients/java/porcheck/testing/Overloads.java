package porcheck.testing;

/**
 * A set of small keys whose containsKey is overloaded three ways, each overload telling itself
 * apart by its results: containsKey(Integer) looks the key up, containsKey(Object) is always
 * false, and the inherited containsKey(Number) is always true. A spec parameter of type
 * java.lang.Integer, java.lang.Object or int fits all three; which one a check calls shows in
 * its outcomes.
 */
public class Overloads extends OverloadsBase {
    private int keys; // bit k: key k (0..31) is present

    public synchronized void put(int key) {
        keys |= 1 << key;
    }

    public synchronized boolean containsKey(Integer key) {
        return key != null && (keys >> key & 1) != 0;
    }

    public boolean containsKey(Object key) {
        return false;
    }
}
