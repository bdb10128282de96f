// A sorted linked-list set under one ReentrantLock, used by 3 threads x 2 operations; the
// assertion checks that the final contents agree with the successful adds and removes.
// expect: ok
import java.util.concurrent.locks.ReentrantLock;

public class LockListSet {
    static final class Node {
        final int key;
        Node next;

        Node(int key, Node next) {
            this.key = key;
            this.next = next;
        }
    }

    private final Node head = new Node(Integer.MIN_VALUE, new Node(Integer.MAX_VALUE, null));
    private final ReentrantLock lock = new ReentrantLock();

    boolean add(int key) {
        lock.lock();
        try {
            Node pred = head, curr = head.next;
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

    boolean remove(int key) {
        lock.lock();
        try {
            Node pred = head, curr = head.next;
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

    String contents() {
        StringBuilder sb = new StringBuilder("{");
        for (Node n = head.next; n.next != null; n = n.next) sb.append(n == head.next ? "" : ",").append(n.key);
        return sb.append("}").toString();
    }

    int size() {
        int n = 0;
        for (Node c = head.next; c.next != null; c = c.next) n++;
        return n;
    }

    public static void main(String[] args) throws InterruptedException {
        LockListSet set = new LockListSet();
        boolean[][] results = new boolean[3][2];
        Thread t0 = new Thread(() -> { results[0][0] = set.add(1); results[0][1] = set.remove(2); });
        Thread t1 = new Thread(() -> { results[1][0] = set.add(2); results[1][1] = set.add(1); });
        Thread t2 = new Thread(() -> { results[2][0] = set.remove(1); results[2][1] = set.add(3); });
        t0.start();
        t1.start();
        t2.start();
        t0.join();
        t1.join();
        t2.join();
        int adds = 0, removes = 0;
        boolean[] isAdd = {true, false, true, true, false, true};
        for (int i = 0; i < 6; i++) {
            if (!results[i / 2][i % 2]) continue;
            if (isAdd[i]) adds++;
            else removes++;
        }
        System.out.println(set.contents() + " " + java.util.Arrays.deepToString(results));
        assert set.size() == adds - removes : "size does not match the successful operations";
    }
}
