package porcheck.structures;

import java.util.concurrent.atomic.AtomicReference;

/**
 * MSQueue whose offer links the new node with a plain set after seeing a null next (no CAS)
 * when the value equals the constructor's bugKey: a non-atomic check-then-act, so a concurrent
 * enqueue onto the same last node is overwritten and lost.
 */
public class MSQueueBuggy {
    private static final class Node {
        final Integer value;
        final AtomicReference<Node> next = new AtomicReference<>();

        Node(Integer value) {
            this.value = value;
        }
    }

    private final AtomicReference<Node> head, tail;
    private final int bugKey;

    public MSQueueBuggy(int bugKey) {
        this.bugKey = bugKey;
        Node sentinel = new Node(null);
        head = new AtomicReference<>(sentinel);
        tail = new AtomicReference<>(sentinel);
    }

    private boolean link(Node last, Node node) {
        if (node.value != bugKey) return last.next.compareAndSet(null, node);
        last.next.set(node); // BUG: the null check happened before, in offer
        return true;
    }

    public boolean offer(int value) {
        Node node = new Node(value);
        while (true) {
            Node last = tail.get();
            Node next = last.next.get();
            if (last != tail.get()) continue;
            if (next != null) {
                tail.compareAndSet(last, next);
            } else if (link(last, node)) {
                tail.compareAndSet(last, node);
                return true;
            }
        }
    }

    public Integer poll() {
        while (true) {
            Node first = head.get();
            Node last = tail.get();
            Node next = first.next.get();
            if (first != head.get()) continue;
            if (first == last) {
                if (next == null) return null;
                tail.compareAndSet(last, next);
            } else if (head.compareAndSet(first, next)) {
                return next.value;
            }
        }
    }

    public Integer peek() {
        while (true) {
            Node first = head.get();
            Node next = first.next.get();
            if (first == head.get()) return next == null ? null : next.value;
        }
    }

    public boolean isEmpty() {
        return peek() == null;
    }
}
