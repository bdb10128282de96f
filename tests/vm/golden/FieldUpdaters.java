// AtomicIntegerFieldUpdater, AtomicLongFieldUpdater and AtomicReferenceFieldUpdater.
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

public class FieldUpdaters {
    static class Node {
        volatile int count;
        volatile long total;
        volatile Node next;
        volatile String label = "n";
        final int id;
        Node(int id) { this.id = id; }
        public String toString() { return "Node" + id; }
    }

    static final AtomicIntegerFieldUpdater<Node> COUNT = AtomicIntegerFieldUpdater.newUpdater(Node.class, "count");
    static final AtomicLongFieldUpdater<Node> TOTAL = AtomicLongFieldUpdater.newUpdater(Node.class, "total");
    static final AtomicReferenceFieldUpdater<Node, Node> NEXT = AtomicReferenceFieldUpdater.newUpdater(Node.class, Node.class, "next");
    static final AtomicReferenceFieldUpdater<Node, String> LABEL = AtomicReferenceFieldUpdater.newUpdater(Node.class, String.class, "label");

    public static void main(String[] args) {
        Node a = new Node(1), b = new Node(2), c = new Node(3);
        System.out.println(COUNT.get(a) + " " + COUNT.incrementAndGet(a) + " " + COUNT.getAndAdd(a, 5) + " " + COUNT.compareAndSet(a, 6, 60) + " " + COUNT.compareAndSet(a, 6, 61)
                + " " + a.count + " " + COUNT.getAndSet(a, -1) + " " + COUNT.updateAndGet(a, x -> x * 10) + " " + COUNT.accumulateAndGet(a, 3, Integer::sum));
        TOTAL.set(b, 1L << 35);
        System.out.println(TOTAL.get(b) + " " + TOTAL.addAndGet(b, 1) + " " + TOTAL.compareAndSet(b, (1L << 35) + 1, 0) + " " + b.total + " " + TOTAL.getAndIncrement(b));
        System.out.println(NEXT.compareAndSet(a, null, b) + " " + NEXT.compareAndSet(a, null, c) + " " + a.next + " " + NEXT.getAndSet(a, c) + " " + NEXT.get(a)
                + " " + NEXT.compareAndSet(b, null, null) + " " + LABEL.get(c) + " " + LABEL.compareAndSet(c, "n", "m") + " " + c.label);
        try {
            AtomicIntegerFieldUpdater.newUpdater(Node.class, "missing");
        } catch (RuntimeException e) {
            System.out.println("missing field: " + e.getClass().getSimpleName());
        }
        try {
            AtomicIntegerFieldUpdater.newUpdater(Node.class, "total");
        } catch (IllegalArgumentException e) {
            System.out.println("wrong type: " + e.getMessage());
        }
        try {
            AtomicReferenceFieldUpdater.newUpdater(Node.class, Integer.class, "next");
        } catch (ClassCastException e) {
            System.out.println("wrong reference type");
        }
        Node head = new Node(0);
        for (int i = 1; i <= 5; i++) {
            Node n = new Node(i);
            Node old;
            do {
                old = head.next;
                n.next = old;
            } while (!NEXT.compareAndSet(head, old, n));
        }
        StringBuilder sb = new StringBuilder();
        for (Node n = head.next; n != null; n = n.next) sb.append(n).append(' ');
        System.out.println(sb);
    }
}
