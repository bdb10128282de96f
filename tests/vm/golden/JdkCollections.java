import java.util.*;
import java.util.concurrent.*;

/** Collections that porcheck's model library does not have, run from the JDK's own classes
 * (TreeMap, TreeSet, PriorityQueue, the blocking queues, BitSet) beside model ones. */
public class JdkCollections {
    public static void main(String[] args) throws Exception {
        TreeMap<String, Integer> map = new TreeMap<>();
        for (String s : "pear apple fig kiwi banana cherry".split(" ")) map.put(s, s.length());
        System.out.println(map);
        System.out.println(map.firstKey() + " " + map.lastEntry() + " " + map.headMap("fig"));
        System.out.println(map.descendingMap() + " " + map.ceilingKey("c") + " " + map.floorKey("c"));
        map.remove("fig");
        System.out.println(map.keySet() + " " + map.values());
        TreeSet<Integer> set = new TreeSet<>(Comparator.reverseOrder());
        for (int i = 0; i < 10; i++) set.add(i * 7 % 10);
        System.out.println(set + " " + set.first() + " " + set.tailSet(4) + " " + set.pollLast());
        PriorityQueue<Integer> pq = new PriorityQueue<>();
        for (int i = 0; i < 8; i++) pq.add((i * 5) % 8);
        StringBuilder sb = new StringBuilder();
        while (!pq.isEmpty()) sb.append(pq.poll()).append(' ');
        System.out.println(sb);
        LinkedBlockingQueue<String> lbq = new LinkedBlockingQueue<>(2);
        System.out.println(lbq.offer("a") + " " + lbq.offer("b") + " " + lbq.offer("c") + " " + lbq);
        System.out.println(lbq.poll() + " " + lbq.take() + " " + lbq.poll() + " " + lbq.size());
        ArrayBlockingQueue<Integer> abq = new ArrayBlockingQueue<>(3);
        abq.put(1);
        abq.add(2);
        System.out.println(abq.peek() + " " + abq.remainingCapacity() + " " + abq);
        BitSet bits = new BitSet();
        bits.set(3);
        bits.set(64);
        bits.set(10, 13);
        System.out.println(bits + " " + bits.cardinality() + " " + bits.nextClearBit(10));
        ArrayDeque<Integer> deque = new ArrayDeque<>();
        deque.push(1);
        deque.offerLast(2);
        System.out.println(deque.pollFirst() + " " + deque);
        TreeMap<Integer, String> byLength = new TreeMap<>();
        byLength.put(2, "two");
        byLength.merge(2, "!", String::concat);
        byLength.computeIfAbsent(5, k -> "five");
        System.out.println(byLength);
    }
}
