package porcheck.structures;

import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * RWLockListSet whose add, when the key equals the constructor's bugKey, searches for its place
 * before taking the write lock (the lock placement moved below the traversal) and links the new
 * node without searching again: a concurrent add or remove next to that place is lost or undone.
 */
public class RWLockListSetBuggy {
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
    private final int bugKey;

    public RWLockListSetBuggy(int bugKey) {
        this.bugKey = bugKey;
    }

    public boolean add(int key) {
        boolean moved = key == bugKey; // BUG: the lock is taken after the search
        if (!moved) rw.writeLock().lock();
        Node pred = head;
        Node curr = pred.next;
        while (curr.key < key) {
            pred = curr;
            curr = curr.next;
        }
        if (moved) rw.writeLock().lock();
        try {
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
