package porcheck.structures;

import java.util.concurrent.ConcurrentHashMap;

/** A set over the keys of a ConcurrentHashMap: add is putIfAbsent, remove is remove. */
public class CHMSet {
    private final ConcurrentHashMap<Integer, Boolean> map = new ConcurrentHashMap<>();

    public boolean add(int key) {
        return map.putIfAbsent(key, Boolean.TRUE) == null;
    }

    public boolean remove(int key) {
        return map.remove(key) != null;
    }

    public boolean contains(int key) {
        return map.containsKey(key);
    }
}
