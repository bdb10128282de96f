package porcheck.structures;

import java.util.concurrent.ConcurrentHashMap;

/**
 * CHMSet whose add is containsKey followed by put when the key equals the constructor's bugKey:
 * a non-atomic check-then-act, so two such adds can both return true.
 */
public class CHMSetBuggy {
    private final ConcurrentHashMap<Integer, Boolean> map = new ConcurrentHashMap<>();
    private final int bugKey;

    public CHMSetBuggy(int bugKey) {
        this.bugKey = bugKey;
    }

    public boolean add(int key) {
        if (key != bugKey) return map.putIfAbsent(key, Boolean.TRUE) == null;
        if (map.containsKey(key)) return false; // BUG: check, then act
        map.put(key, Boolean.TRUE);
        return true;
    }

    public boolean remove(int key) {
        return map.remove(key) != null;
    }

    public boolean contains(int key) {
        return map.containsKey(key);
    }
}
