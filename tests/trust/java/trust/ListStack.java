package trust;

import java.util.ArrayList;

/** A stack over an unsynchronised java.util.ArrayList. */
public class ListStack {
    private final ArrayList<Integer> items = new ArrayList<>();

    public void push(int x) {
        items.add(x);
    }

    public Integer pop() {
        if (items.isEmpty()) return null;
        return items.remove(items.size() - 1);
    }
}
