package porcheck.structures;

import java.util.concurrent.locks.ReentrantLock;

/**
 * OptimisticListSet whose add and remove do not lock the predecessor when the key equals the
 * constructor's bugKey: a concurrent remove of that predecessor can then unlink it after the
 * validation, and the new node (or the removal) is lost.
 */
public class OptimisticListSetBuggy {
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
    private final int bugKey;

    public OptimisticListSetBuggy(int bugKey) {
        this.bugKey = bugKey;
    }

    private boolean validate(Node pred, Node curr) {
        Node node = head;
        while (node.key <= pred.key) {
            if (node == pred) return pred.next == curr;
            node = node.next;
        }
        return false;
    }

    public boolean add(int key) {
        boolean lockPred = key != bugKey; // BUG: the predecessor stays unlocked for the bug key
        while (true) {
            Node pred = head;
            Node curr = pred.next;
            while (curr.key < key) {
                pred = curr;
                curr = curr.next;
            }
            if (lockPred) pred.lock.lock();
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
                if (lockPred) pred.lock.unlock();
            }
        }
    }

    public boolean remove(int key) {
        boolean lockPred = key != bugKey; // BUG: the predecessor stays unlocked for the bug key
        while (true) {
            Node pred = head;
            Node curr = pred.next;
            while (curr.key < key) {
                pred = curr;
                curr = curr.next;
            }
            if (lockPred) pred.lock.lock();
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
                if (lockPred) pred.lock.unlock();
            }
        }
    }

    public boolean contains(int key) {
        Node curr = head;
        while (curr.key < key) curr = curr.next;
        return curr.key == key;
    }
}
