package trust;

import java.util.HashMap;

/** A set over an unsynchronised java.util.HashMap. */
public class MapSet {
    private final HashMap<Integer, Integer> map = new HashMap<>();

    public boolean add(int x) {
        return map.put(x, x) == null;
    }

    public int size() {
        return map.size();
    }
}
