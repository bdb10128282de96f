package porcheck.testing;

/**
 * A counter whose public methods work through private helpers, for the interleaving tables'
 * nested calls: inc reads through read() and writes through store(), which overwrites its own
 * parameter (so a table cannot show the arguments it was called with); deep() reads the value
 * four calls down, one more than the tables nest. inc is not atomic: two incs can both read 0.
 */
public class HelperCounter {
    private int value;

    public int inc(int by) {
        int old = read();
        store(old, by);
        return old;
    }

    public int deep() {
        return one(1);
    }

    private int read() {
        return value;
    }

    private void store(int old, int by) {
        by = old + by;
        value = by;
    }

    private int one(int n) {
        return two(n + 1);
    }

    private int two(int n) {
        return three(n + 1);
    }

    private int three(int n) {
        return four(n + 1);
    }

    private int four(int n) {
        return value + n - 4;
    }
}
