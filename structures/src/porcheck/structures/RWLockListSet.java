package porcheck.structures;

import java.util.concurrent.locks.ReentrantReadWriteLock;

/** A sorted linked-list set: add and remove take the write lock, contains the read lock. */
public class RWLockListSet {
    private static final class Node {
        final int key;
        Node next;

        Node(int key, Node next) {
            this.key = key;
            this.next = next;
        }
    }

    private final Node head = new Node(Integer.MIN_VALUE, new Node(Integer.MAX_VALUE, null));
    private final ReentrantReadWriteLock rw = new ReentrantReadWriteLock();

    public boolean add(int key) {
        rw.writeLock().lock();
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
            rw.writeLock().unlock();
        }
    }

    public boolean remove(int key) {
        rw.writeLock().lock();
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
            rw.writeLock().unlock();
        }
    }

    public boolean contains(int key) {
        rw.readLock().lock();
        try {
            Node curr = head.next;
            while (curr.key < key) curr = curr.next;
            return curr.key == key;
        } finally {
            rw.readLock().unlock();
        }
    }
}
