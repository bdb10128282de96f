package culprit;

import java.util.concurrent.ConcurrentSkipListMap;

/** A register whose put builds a ConcurrentSkipListMap in its body (from the second call on), and
 * whose nested Table class needs one in its static initialiser. */
public class Lazy {
    private int value;

    public void put(int v) {
        if (value != 0) new ConcurrentSkipListMap<Integer, Integer>();
        value = v;
    }

    public int get() {
        return Table.SIZE;
    }

    /** A holder whose static initialiser builds the map. */
    static class Table {
        static final int SIZE = new ConcurrentSkipListMap<Integer, Integer>().size();
    }
}
