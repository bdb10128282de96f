// The checker benchmark's client: a sorted linked-list set whose methods are synchronized,
// used by 3 threads x 2 operations, written as a main program for porcheck run.
public class SyncListSet {
    static final class Node {
        final int key;
        Node next;

        Node(int key, Node next) {
            this.key = key;
            this.next = next;
        }
    }

    private final Node head = new Node(Integer.MIN_VALUE, new Node(Integer.MAX_VALUE, null));

    synchronized boolean add(int key) {
        Node pred = head, curr = head.next;
        while (curr.key < key) {
            pred = curr;
            curr = curr.next;
        }
        if (curr.key == key) return false;
        pred.next = new Node(key, curr);
        return true;
    }

    synchronized boolean remove(int key) {
        Node pred = head, curr = head.next;
        while (curr.key < key) {
            pred = curr;
            curr = curr.next;
        }
        if (curr.key != key) return false;
        pred.next = curr.next;
        return true;
    }

    synchronized boolean contains(int key) {
        Node curr = head.next;
        while (curr.key < key) curr = curr.next;
        return curr.key == key;
    }

    public static void main(String[] args) throws InterruptedException {
        SyncListSet set = new SyncListSet();
        boolean[] r = new boolean[6];
        Thread t0 = new Thread(() -> { r[0] = set.add(1); r[1] = set.remove(2); });
        Thread t1 = new Thread(() -> { r[2] = set.add(2); r[3] = set.contains(1); });
        Thread t2 = new Thread(() -> { r[4] = set.remove(1); r[5] = set.add(3); });
        t0.start();
        t1.start();
        t2.start();
        t0.join();
        t1.join();
        t2.join();
        StringBuilder sb = new StringBuilder();
        for (boolean b : r) sb.append(b ? 'T' : 'F');
        System.out.println(sb);
    }
}
