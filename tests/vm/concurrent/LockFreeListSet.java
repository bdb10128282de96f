// A lock-free sorted list set (Harris and Michael: logical deletion by marking the next
// reference, physical removal with compareAndSet), used by 3 threads x 2 operations; the
// assertion checks that the final contents agree with the successful adds and removes.
// expect: ok
// not under: dpor source-dpor optimal-dpor cartesian (the stateless three: 2 minutes were not
// enough; cartesian: 16 s of the test's 56, its local sequences take 5.5 M steps)
import java.util.concurrent.atomic.AtomicMarkableReference;

public class LockFreeListSet {
    static final class Node {
        final int key;
        final AtomicMarkableReference<Node> next;

        Node(int key, Node next) {
            this.key = key;
            this.next = new AtomicMarkableReference<>(next, false);
        }
    }

    private final Node head = new Node(Integer.MIN_VALUE, new Node(Integer.MAX_VALUE, null));

    /** Returns {pred, curr} with pred.key < key <= curr.key, unlinking marked nodes on the way. */
    private Node[] find(int key) {
        retry:
        while (true) {
            Node pred = head, curr = pred.next.getReference();
            while (true) {
                boolean[] marked = {false};
                Node succ = curr.next.get(marked);
                while (marked[0]) {
                    if (!pred.next.compareAndSet(curr, succ, false, false)) continue retry;
                    curr = succ;
                    succ = curr.next.get(marked);
                }
                if (curr.key >= key) return new Node[] {pred, curr};
                pred = curr;
                curr = succ;
            }
        }
    }

    boolean add(int key) {
        while (true) {
            Node[] w = find(key);
            if (w[1].key == key) return false;
            Node node = new Node(key, w[1]);
            if (w[0].next.compareAndSet(w[1], node, false, false)) return true;
        }
    }

    boolean remove(int key) {
        while (true) {
            Node[] w = find(key);
            if (w[1].key != key) return false;
            Node succ = w[1].next.getReference();
            if (!w[1].next.attemptMark(succ, true)) continue;
            w[0].next.compareAndSet(w[1], succ, false, false);
            return true;
        }
    }

    int size() {
        int n = 0;
        for (Node c = head.next.getReference(); c.next.getReference() != null; c = c.next.getReference())
            if (!c.next.isMarked()) n++;
        return n;
    }

    public static void main(String[] args) throws InterruptedException {
        LockFreeListSet set = new LockFreeListSet();
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
        System.out.println(set.size() + " " + java.util.Arrays.deepToString(results));
        assert set.size() == adds - removes : "size does not match the successful operations";
    }
}
