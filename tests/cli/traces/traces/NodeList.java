package traces;

/**
 * An insert-only list whose steps happen inside Node's code: add reads through Node.getNext (an
 * AtomicReference inside) and links with a plain set, not a CAS, so two adds can lose one; copy
 * reads the head's hits inside Node's constructor and Node.hitsOf, while hit increments them
 * without a lock.
 */
public class NodeList {
    private final Node head = new Node(Integer.MIN_VALUE, new Node(Integer.MAX_VALUE, null));

    public boolean add(int k) {
        Node pred = head;
        Node curr = pred.getNext();
        while (curr.key < k) {
            pred = curr;
            curr = curr.getNext();
        }
        if (curr.key == k) return false;
        pred.next.set(new Node(k, curr));
        return true;
    }

    public boolean contains(int k) {
        Node curr = head.getNext();
        while (curr.key < k) curr = curr.getNext();
        return curr.key == k;
    }

    public int copy() {
        Node c = new Node(head);
        return c.key - Integer.MIN_VALUE + Node.hitsOf(head);
    }

    public void hit() {
        head.hits++;
    }
}
