package porcheck.structures;

import java.util.concurrent.locks.ReentrantLock;

/**
 * CoarseListSet with the lock skipped by add and remove when the key equals the constructor's
 * bugKey: invocations on other keys are correct, so a client chooses how many of its invocations
 * are buggy through its arguments. Not linearizable when a buggy invocation races another writer.
 */
public class CoarseListSetBuggy {
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
    private final int bugKey;

    public CoarseListSetBuggy(int bugKey) {
        this.bugKey = bugKey;
    }

    public boolean add(int key) {
        boolean locked = key != bugKey; // BUG: no lock for the bug key
        if (locked) lock.lock();
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
            if (locked) lock.unlock();
        }
    }

    public boolean remove(int key) {
        boolean locked = key != bugKey; // BUG: no lock for the bug key
        if (locked) lock.lock();
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
            if (locked) lock.unlock();
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
