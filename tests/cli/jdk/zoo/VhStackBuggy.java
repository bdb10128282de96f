package zoo;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** The same stack, whose pop reads the top and then sets it (setRelease) instead of a
 * compareAndSet: two pops can take the same node. */
public class VhStackBuggy {
    static final class Node {
        final int value;
        Node next;

        Node(int value) { this.value = value; }
    }

    private volatile Node top;
    private static final VarHandle TOP;

    static {
        try {
            TOP = MethodHandles.lookup().findVarHandle(VhStackBuggy.class, "top", Node.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public void push(int value) {
        Node n = new Node(value);
        Node t;
        do {
            t = (Node) TOP.getAcquire(this);
            n.next = t;
        } while (!TOP.compareAndSet(this, t, n));
    }

    public int pop() {
        Node t = (Node) TOP.getAcquire(this);
        if (t == null) return -1;
        TOP.setRelease(this, t.next);
        return t.value;
    }
}
