package porcheck.structures;

import java.util.concurrent.locks.ReentrantLock;

/**
 * The lazy list set of Heller et al.: removal marks a node before unlinking it, validation
 * checks that neither node is marked and that they are still adjacent, and contains is wait-free.
 */
public class LazyListSet {
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
        return !pred.marked && !curr.marked && pred.next == curr;
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
