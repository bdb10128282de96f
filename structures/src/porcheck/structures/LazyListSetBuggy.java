package porcheck.structures;

import java.util.concurrent.locks.ReentrantLock;

/**
 * The lazy list set of Heller et al. with one bug: validate() does not check that the
 * predecessor is still unmarked, so an add can link a node behind a removed predecessor and be
 * lost (add returns true, a later contains returns false). Not linearizable.
 */
public class LazyListSetBuggy {
    private static final class Node {
        final int key;
        volatile Node next;
        volatile boolean marked;
        final ReentrantLock lock = new ReentrantLock();

        Node(int key, Node next) {
            this.key = key;
            this.next = next;
        }
    }

    private final Node head = new Node(Integer.MIN_VALUE, new Node(Integer.MAX_VALUE, null));

    private static boolean validate(Node pred, Node curr) {
        return !curr.marked && pred.next == curr; // BUG: should also require !pred.marked
    }

    public boolean add(int key) {
        while (true) {
            Node pred = head;
            Node curr = head.next;
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
            Node curr = head.next;
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
                        curr.marked = true;
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
        return curr.key == key && !curr.marked;
    }
}
