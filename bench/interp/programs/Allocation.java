// Allocation of many short-lived objects: linked lists built and dropped.
public class Allocation {
    static final class Node {
        final int value;
        final Node next;
        Node(int value, Node next) { this.value = value; this.next = next; }
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 600;
        long sum = 0;
        for (int r = 0; r < rounds; r++) {
            Node head = null;
            for (int i = 0; i < 10000; i++) head = new Node(i ^ r, head);
            for (Node p = head; p != null; p = p.next) sum += p.value;
        }
        System.out.println(sum);
    }
}
