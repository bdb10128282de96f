package zoo;

import java.lang.reflect.Field;
import sun.misc.Unsafe;

/** A Treiber stack whose top is swapped with sun.misc.Unsafe, found the old way by reflection. */
public class UnsafeStack {
    private static final Unsafe U;
    private static final long TOP;

    static {
        try {
            Field f = Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            U = (Unsafe) f.get(null);
            TOP = U.objectFieldOffset(UnsafeStack.class.getDeclaredField("top"));
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
        Node t;
        do {
            t = (Node) U.getObjectVolatile(this, TOP);
            if (t == null) return -1;
        } while (!U.compareAndSwapObject(this, TOP, t, t.next));
        return t.value;
    }
}
