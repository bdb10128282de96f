package bg;

/**
 * CountedSet whose maintenance thread recounts without the lock: a recount that read the keys
 * before an add and writes the size after it undoes the add's size++, so size() can return a
 * size that no order of the invocations gives.
 */
public class CountedSetBuggy {
    private final boolean[] present = new boolean[4];
    private int size;

    public CountedSetBuggy() {
        new Thread(new Recount(this)).start();
    }

    /** The maintenance thread: recounts the size, for ever. */
    static final class Recount implements Runnable {
        private final CountedSetBuggy set;

        Recount(CountedSetBuggy set) {
            this.set = set;
        }

        @Override
        public void run() {
            while (true) set.recount();
        }
    }

    /** Counts the keys present into size, without the lock (the bug). */
    void recount() {
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
