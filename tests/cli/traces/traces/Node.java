package traces;

import java.util.concurrent.atomic.AtomicReference;

/** A list node in a class of its own, with getters, a copying constructor and a static helper. */
class Node {
    final int key;
    final AtomicReference<Node> next;
    int hits;

    Node(int key, Node next) {
        this.key = key;
        this.next = new AtomicReference<>(next);
    }

    Node(Node copyOf) {
        this.key = copyOf.key + copyOf.hits;
        this.next = new AtomicReference<>(copyOf.next.get());
    }

    Node getNext() {
        return next.get();
    }

    static int hitsOf(Node n) {
        return n.hits;
    }
}
