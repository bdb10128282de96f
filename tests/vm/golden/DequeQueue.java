// ArrayDeque and LinkedList used as stacks and queues, and Stack.
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedList;
import java.util.Queue;
import java.util.Stack;

public class DequeQueue {
    public static void main(String[] args) {
        Deque<Integer> stack = new ArrayDeque<>();
        for (int i = 0; i < 20; i++) stack.push(i);
        StringBuilder sb = new StringBuilder();
        while (stack.size() > 12) sb.append(stack.pop()).append(' ');
        System.out.println(sb + "| " + stack.peek() + " " + stack.peekLast() + " " + stack);
        Queue<String> q = new ArrayDeque<>();
        q.offer("a");
        q.add("b");
        q.offer("c");
        System.out.println(q.poll() + q.peek() + q.size() + " " + q);
        Deque<Integer> d = new ArrayDeque<>(2);
        for (int i = 0; i < 10; i++) {
            d.offerFirst(i);
            d.offerLast(-i);
        }
        System.out.println(d + " " + d.pollFirst() + " " + d.pollLast() + " " + d.removeFirstOccurrence(3) + " " + d.contains(-3));
        try {
            new ArrayDeque<Integer>().removeFirst();
        } catch (java.util.NoSuchElementException e) {
            System.out.println("empty deque");
        }
        try {
            new ArrayDeque<Integer>().add(null);
        } catch (NullPointerException e) {
            System.out.println("no nulls");
        }
        Queue<Integer> lq = new LinkedList<>();
        for (int i = 0; i < 5; i++) lq.add(i * i);
        int total = 0;
        while (!lq.isEmpty()) total += lq.remove();
        System.out.println(total + " " + lq.poll());
        Stack<String> st = new Stack<>();
        st.push("x");
        st.push("y");
        st.push("z");
        System.out.println(st.pop() + st.peek() + st.size() + st.search("x") + st.empty() + " " + st);
        try {
            new Stack<Integer>().pop();
        } catch (java.util.EmptyStackException e) {
            System.out.println("empty stack");
        }
        java.util.Iterator<Integer> desc = d.descendingIterator();
        while (desc.hasNext()) System.out.print(desc.next() + ",");
        System.out.println();
    }
}
