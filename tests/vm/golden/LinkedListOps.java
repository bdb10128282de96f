// LinkedList as a list, a queue and a deque.
import java.util.Iterator;
import java.util.LinkedList;
import java.util.ListIterator;

public class LinkedListOps {
    public static void main(String[] args) {
        LinkedList<Integer> l = new LinkedList<>();
        for (int i = 0; i < 10; i++) {
            if (i % 2 == 0) l.addFirst(i);
            else l.addLast(i);
        }
        System.out.println(l + " " + l.getFirst() + " " + l.getLast() + " " + l.size());
        System.out.println(l.removeFirst() + " " + l.removeLast() + " " + l.pollFirst() + " " + l.peekLast() + " " + l);
        l.add(3, 100);
        l.set(0, -1);
        System.out.println(l.get(3) + " " + l.indexOf(100) + " " + l.remove(3) + " " + l.remove(Integer.valueOf(5)) + " " + l);
        l.push(77);
        l.offer(88);
        System.out.println(l.pop() + " " + l.poll() + " " + l.peek() + " " + l);
        ListIterator<Integer> it = l.listIterator(2);
        it.add(500);
        it.next();
        it.remove();
        while (it.hasPrevious()) System.out.print(it.previous() + " ");
        System.out.println();
        Iterator<Integer> d = l.descendingIterator();
        while (d.hasNext()) System.out.print(d.next() + " ");
        System.out.println();
        LinkedList<String> q = new LinkedList<>();
        System.out.println(q.poll() + " " + q.peek() + " " + q.pollLast());
        q.add("a");
        q.add("b");
        q.removeFirstOccurrence("a");
        System.out.println(q + " " + q.contains("b") + " " + q.equals(new LinkedList<>(q)) + " " + q.hashCode());
    }
}
