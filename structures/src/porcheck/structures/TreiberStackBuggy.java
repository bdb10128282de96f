package porcheck.structures;

import java.util.EmptyStackException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * TreiberStack whose push reads the top and then sets it (no CAS) when the value equals the
 * constructor's bugKey: a non-atomic read-modify-write that can lose a concurrent push or undo
 * a concurrent pop.
 */
public class TreiberStackBuggy {
    private static final class Node {
        final int value;
        Node next;

        Node(int value) {
            this.value = value;
        }
    }

    private final AtomicReference<Node> top = new AtomicReference<>();
    private final int bugKey;

    public TreiberStackBuggy(int bugKey) {
        this.bugKey = bugKey;
    }

    public void push(int value) {
        Node node = new Node(value);
        if (value == bugKey) { // BUG: read, then write
            node.next = top.get();
            top.set(node);
            return;
        }
        while (true) {
            Node old = top.get();
            node.next = old;
            if (top.compareAndSet(old, node)) return;
        }
    }

    public int pop() {
        while (true) {
            Node old = top.get();
            if (old == null) throw new EmptyStackException();
            if (top.compareAndSet(old, old.next)) return old.value;
        }
    }

    public int peek() {
        Node t = top.get();
        if (t == null) throw new EmptyStackException();
        return t.value;
    }

    public boolean isEmpty() {
        return top.get() == null;
    }
}
