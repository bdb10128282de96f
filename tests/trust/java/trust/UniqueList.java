package trust;
import java.util.Vector;
/** Adds each value once: a check-then-act over a synchronized Vector (not atomic as a whole). */
public class UniqueList {
    private final Vector<Integer> items = new Vector<>();
    public boolean addIfAbsent(int x) {
        if (items.contains(x)) return false;
        items.add(x);
        return true;
    }
    public int size() { return items.size(); }
}
