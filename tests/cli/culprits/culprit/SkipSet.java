package culprit;

/** A set whose superclass's superclass is ConcurrentSkipListMap. */
public class SkipSet extends SkipBase {
    private static final long serialVersionUID = 1L;

    public void put(int v) {
        put(v, v);
    }

    public int get() {
        return size();
    }
}
