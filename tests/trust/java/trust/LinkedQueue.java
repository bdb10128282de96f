package trust;

import java.util.LinkedList;

/** A queue over an unsynchronised java.util.LinkedList. */
public class LinkedQueue {
    private final LinkedList<Integer> list = new LinkedList<>();

    public void offer(int x) {
        list.addLast(x);
    }

    public Integer poll() {
        return list.pollFirst();
    }
}
