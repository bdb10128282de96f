package culprit;

import java.util.concurrent.ConcurrentNavigableMap;

/** A register with a method whose return type is ConcurrentNavigableMap; a field of that type
 * only is never loaded. */
public class Views {
    private ConcurrentNavigableMap<Integer, Integer> unused;
    private int value;

    public void put(int v) {
        value = v;
    }

    public int get() {
        return value;
    }

    public ConcurrentNavigableMap<Integer, Integer> view() {
        return unused;
    }
}
