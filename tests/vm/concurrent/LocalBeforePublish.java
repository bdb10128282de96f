// Two threads each fill a node of their own before publishing it with one synchronized store.
// Writes to a node no other thread can reach yet commute with everything, so neither classifier
// makes them scheduling points: the state count stays that of the two publications (and of
// main's walk over the published lists once both threads are joined).
// expect: ok
// expect outcomes: "a=10 b=20 last=10\n" "a=10 b=20 last=20\n"
// expect dfs states: 236 200
public class LocalBeforePublish {
    static final class Node {
        int value;
        Node next;
    }

    private Node last;

    static Node fill(int base) {
        Node head = null;
        for (int i = 1; i <= 10; i++) {
            Node n = new Node();
            n.value = base * i;
            n.next = head;
            head = n;
        }
        return head;
    }

    synchronized void publish(Node n) {
        last = n;
    }

    static int sumOfTail(Node n) {
        while (n.next != null) n = n.next;
        return n.value;
    }

    public static void main(String[] args) throws InterruptedException {
        LocalBeforePublish p = new LocalBeforePublish();
        Node[] made = new Node[2];
        Thread a = new Thread(() -> p.publish(made[0] = fill(10)));
        Thread b = new Thread(() -> p.publish(made[1] = fill(20)));
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("a=" + sumOfTail(made[0]) + " b=" + sumOfTail(made[1]) + " last="
                           + sumOfTail(p.last));
    }
}
