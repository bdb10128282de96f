package porcheck.structures;

import java.util.concurrent.atomic.AtomicMarkableReference;

/**
 * The lock-free list set of Harris and Michael: a node is removed logically by marking its next
 * reference and physically by a CAS on its predecessor; find() snips marked nodes on the way;
 * contains is wait-free.
 */
public class HarrisMichaelListSet {
    private static final class Node {
        final int key;
        final AtomicMarkableReference<Node> next;

        Node(int key, Node next) {
            this.key = key;
            this.next = new AtomicMarkableReference<>(next, false);
        }
    }

    private static final class Window {
        final Node pred, curr;

        Window(Node pred, Node curr) {
            this.pred = pred;
            this.curr = curr;
        }
    }

    private final Node head = new Node(Integer.MIN_VALUE, new Node(Integer.MAX_VALUE, null));

    private Window find(int key) {
        retry:
        while (true) {
            Node pred = head;
            Node curr = pred.next.getReference();
            while (true) {
                boolean[] marked = {false};
                Node succ = curr.next.get(marked);
                while (marked[0]) {
                    if (!pred.next.compareAndSet(curr, succ, false, false)) continue retry;
                    curr = succ;
                    succ = curr.next.get(marked);
                }
                if (curr.key >= key) return new Window(pred, curr);
                pred = curr;
                curr = succ;
            }
        }
    }

    public boolean add(int key) {
        while (true) {
            Window w = find(key);
            if (w.curr.key == key) return false;
            Node node = new Node(key, w.curr);
            if (w.pred.next.compareAndSet(w.curr, node, false, false)) return true;
        }
    }

    public boolean remove(int key) {
        while (true) {
            Window w = find(key);
            if (w.curr.key != key) return false;
            Node succ = w.curr.next.getReference();
            // mark with a CAS from unmarked: attemptMark also succeeds when already marked
            if (!w.curr.next.compareAndSet(succ, succ, false, true)) continue;
            w.pred.next.compareAndSet(w.curr, succ, false, false);
            return true;
        }
    }

    public boolean contains(int key) {
        Node curr = head;
        while (curr.key < key) curr = curr.next.getReference();
        return curr.key == key && !curr.next.isMarked();
    }
}
