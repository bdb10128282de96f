package porcheck.structures;

import java.util.concurrent.locks.ReentrantLock;

/**
 * The optimistic list set (Herlihy and Shavit, ch. 9.6): add and remove traverse without locks,
 * lock the predecessor and the current node, and validate by traversing again that the
 * predecessor is still reachable and still points to the current node; contains takes no lock.
 */
public class OptimisticListSet {
    private static final class Node {
        final int key;
        volatile Node next;
        final ReentrantLock lock = new ReentrantLock();

        Node(int key, Node next) {
            this.key = key;
            this.next = next;
        }
    }

    private final Node head = new Node(Integer.MIN_VALUE, new Node(Integer.MAX_VALUE, null));

    private boolean validate(Node pred, Node curr) {
        Node node = head;
        while (node.key <= pred.key) {
            if (node == pred) return pred.next == curr;
            node = node.next;
        }
        return false;
    }

    public boolean add(int key) {
        while (true) {
            Node pred = head;
            Node curr = pred.next;
            while (curr.key < key) {
                pred = curr;
                curr = curr.next;
            }
            pred.lock.lock();
            try {
                curr.lock.lock();
                try {
                    if (validate(pred, curr)) {
                        if (curr.key == key) return false;
                        pred.next = new Node(key, curr);
                        return true;
                    }
                } finally {
                    curr.lock.unlock();
                }
            } finally {
                pred.lock.unlock();
            }
        }
    }

    public boolean remove(int key) {
        while (true) {
            Node pred = head;
            Node curr = pred.next;
            while (curr.key < key) {
                pred = curr;
                curr = curr.next;
            }
            pred.lock.lock();
            try {
                curr.lock.lock();
                try {
                    if (validate(pred, curr)) {
                        if (curr.key != key) return false;
                        pred.next = curr.next;
                        return true;
                    }
                } finally {
                    curr.lock.unlock();
                }
            } finally {
                pred.lock.unlock();
            }
        }
    }

    public boolean contains(int key) {
        Node curr = head;
        while (curr.key < key) curr = curr.next;
        return curr.key == key;
    }
}
