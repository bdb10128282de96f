package porcheck.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * One thread appends to a plain ArrayList while others read its last element: a race, but under
 * sequentially consistent interleavings of the JDK's ArrayList (which stores an element before it
 * counts it) a reader never sees a size with no element behind it.
 */
public class AppendLog {
    private final List<Integer> entries = new ArrayList<>();

    public void append(int x) { entries.add(x); }

    public int last() {
        int n = entries.size();
        return n == 0 ? -1 : entries.get(n - 1);
    }
}
