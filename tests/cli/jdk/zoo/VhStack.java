package zoo;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** A Treiber stack whose top is updated through a VarHandle compareAndSet. */
public class VhStack {
    static final class Node {
        final int value;
        Node next;

        Node(int value) { this.value = value; }
    }

    private volatile Node top;
    private static final VarHandle TOP;

    static {
        try {
            TOP = MethodHandles.lookup().findVarHandle(VhStack.class, "top", Node.class);
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
        Node t;
        do {
            t = (Node) TOP.getAcquire(this);
            if (t == null) return -1;
        } while (!TOP.weakCompareAndSet(this, t, t.next));
        return t.value;
    }
}
