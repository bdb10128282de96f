package porcheck.structures;

import java.util.EmptyStackException;
import java.util.concurrent.atomic.AtomicReference;

/** Treiber's lock-free stack: push and pop CAS the top; pop and peek of an empty stack throw. */
public class TreiberStack {
    private static final class Node {
        final int value;
        Node next;

        Node(int value) {
            this.value = value;
        }
    }

    private final AtomicReference<Node> top = new AtomicReference<>();

    public void push(int value) {
        Node node = new Node(value);
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
