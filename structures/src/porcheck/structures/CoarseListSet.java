package porcheck.structures;

import java.util.concurrent.locks.ReentrantLock;

/** A sorted linked-list set guarded by one lock: correct (linearizable). */
public class CoarseListSet {
    private static final class Node {
        final int key;
        Node next;

        Node(int key, Node next) {
            this.key = key;
            this.next = next;
        }
    }

    private final Node head = new Node(Integer.MIN_VALUE, new Node(Integer.MAX_VALUE, null));
    private final ReentrantLock lock = new ReentrantLock();

    public boolean add(int key) {
        lock.lock();
        try {
            Node pred = head;
            Node curr = pred.next;
            while (curr.key < key) {
                pred = curr;
                curr = curr.next;
            }
            if (curr.key == key) return false;
            pred.next = new Node(key, curr);
            return true;
        } finally {
            lock.unlock();
        }
    }

    public boolean remove(int key) {
        lock.lock();
        try {
            Node pred = head;
            Node curr = pred.next;
            while (curr.key < key) {
                pred = curr;
                curr = curr.next;
            }
            if (curr.key != key) return false;
            pred.next = curr.next;
            return true;
        } finally {
            lock.unlock();
        }
    }

    public boolean contains(int key) {
        lock.lock();
        try {
            Node curr = head.next;
            while (curr.key < key) curr = curr.next;
            return curr.key == key;
        } finally {
            lock.unlock();
        }
    }
}
