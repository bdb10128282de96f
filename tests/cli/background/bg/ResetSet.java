package bg;

/**
 * A set of the keys 0..3 that starts with key 0 and whose constructor starts a thread that
 * resets the size to 0 once, without the lock (a start-up bug). { add(1); size() } gives (true,
 * 2) when the reset comes last, (true, 1) when it comes first and (true, 0) when it comes between
 * the two: a search that runs the client first reaches the end with the reset still pending, and
 * finds (true, 0) only when it counts that pending reset as racing with size()'s read.
 */
public class ResetSet {
    private final boolean[] present = new boolean[4];
    private int size;

    public ResetSet() {
        present[0] = true;
        size = 1;
        new Thread(new Reset(this)).start();
    }

    /** The resetting thread. */
    static final class Reset implements Runnable {
        private final ResetSet set;

        Reset(ResetSet set) {
            this.set = set;
        }

        @Override
        public void run() {
            set.size = 0;
        }
    }

    public synchronized boolean add(int k) {
        if (present[k]) return false;
        present[k] = true;
        size++;
        return true;
    }

    public synchronized int size() {
        return size;
    }
}
