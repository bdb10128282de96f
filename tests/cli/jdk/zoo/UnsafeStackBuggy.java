package zoo;

import java.lang.reflect.Field;
import sun.misc.Unsafe;

/** UnsafeStack whose pop reads the top and then stores the next node with an ordered put, not a
 * compare-and-swap: two pops can take one node. */
public class UnsafeStackBuggy {
    private static final Unsafe U;
    private static final long TOP;

    static {
        try {
            Field f = Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            U = (Unsafe) f.get(null);
            TOP = U.objectFieldOffset(UnsafeStackBuggy.class.getDeclaredField("top"));
        } catch (ReflectiveOperationException e) {
            throw new Error(e);
        }
    }

    private static final class Node {
        final int value;
        Node next;

        Node(int value) { this.value = value; }
    }

    private volatile Node top;

    public void push(int v) {
        Node n = new Node(v);
        do {
            n.next = top;
        } while (!U.compareAndSwapObject(this, TOP, n.next, n));
    }

    public int pop() {
        Node t = (Node) U.getObjectVolatile(this, TOP);
        if (t == null) return -1;
        U.putOrderedObject(this, TOP, t.next); // BUG: not atomic with the read
        return t.value;
    }
}
