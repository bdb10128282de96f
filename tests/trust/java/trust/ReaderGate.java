package trust;

/**
 * A counter whose writers wait at a gate until no reader is inside. The readers count themselves
 * in and out with a read and a write each, so two readers can lose an update and leave the count
 * at 1 or -1: a writer then spins for ever. Every interleaving that ends is linearizable.
 */
public class ReaderGate {
    private volatile int readers;
    private volatile int total;

    public int get() {
        readers = readers + 1;
        int t = total;
        readers = readers - 1;
        return t;
    }

    public synchronized void add(int amount) {
        while (readers != 0) {
        }
        total = total + amount;
    }
}
