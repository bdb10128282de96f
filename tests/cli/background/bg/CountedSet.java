package bg;

/**
 * A set of the keys 0..3 whose constructor starts a maintenance thread that recounts the size for
 * ever, under the lock the methods take: the recount never changes what the methods see, so the
 * set is linearizable.
 */
public class CountedSet {
    private final boolean[] present = new boolean[4];
    private int size;

    public CountedSet() {
        new Thread(new Recount(this)).start();
    }

    /** The maintenance thread: recounts the size, for ever. */
    static final class Recount implements Runnable {
        private final CountedSet set;

        Recount(CountedSet set) {
            this.set = set;
        }

        @Override
        public void run() {
            while (true) set.recount();
        }
    }

    /** Counts the keys present into size, under the lock. */
    synchronized void recount() {
        int n = 0;
        for (boolean p : present) if (p) n++;
        size = n;
    }

    public synchronized boolean add(int k) {
        if (present[k]) return false;
        present[k] = true;
        size++;
        return true;
    }

    public synchronized boolean remove(int k) {
        if (!present[k]) return false;
        present[k] = false;
        size--;
        return true;
    }

    public synchronized int size() {
        return size;
    }
}
