package porcheck.structures;

import java.util.concurrent.atomic.AtomicReference;

/**
 * The lock-free queue of Michael and Scott: a sentinel node, enqueue CASes the last node's next
 * and then swings the tail, dequeue CASes the head; threads help a lagging tail along. poll and
 * peek of an empty queue give null.
 */
public class MSQueue {
    private static final class Node {
        final Integer value;
        final AtomicReference<Node> next = new AtomicReference<>();

        Node(Integer value) {
            this.value = value;
        }
    }

    private final AtomicReference<Node> head, tail;

    public MSQueue() {
        Node sentinel = new Node(null);
        head = new AtomicReference<>(sentinel);
        tail = new AtomicReference<>(sentinel);
    }

    public boolean offer(int value) {
        Node node = new Node(value);
        while (true) {
            Node last = tail.get();
            Node next = last.next.get();
            if (last != tail.get()) continue;
            if (next != null) {
                tail.compareAndSet(last, next);
            } else if (last.next.compareAndSet(null, node)) {
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
