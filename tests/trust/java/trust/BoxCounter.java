package trust;

import trust.helper.Box;

/** A counter whose lost update is on a helper class of another package. */
public class BoxCounter {
    private final Box box = Box.fresh();

    public int inc() {
        int x = box.count;
        box.count = x + 1;
        return x + 1;
    }
}
