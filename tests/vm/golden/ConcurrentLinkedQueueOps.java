// ConcurrentLinkedQueue: FIFO behaviour, removal, iteration.
import java.util.Arrays;
import java.util.Iterator;
import java.util.concurrent.ConcurrentLinkedQueue;

public class ConcurrentLinkedQueueOps {
    public static void main(String[] args) throws InterruptedException {
        ConcurrentLinkedQueue<Integer> q = new ConcurrentLinkedQueue<>();
        System.out.println(q.poll() + " " + q.peek() + " " + q.isEmpty() + " " + q.size() + " " + q);
        for (int i = 0; i < 10; i++) q.offer(i * i);
        System.out.println(q + " " + q.size() + " " + q.peek() + " " + q.contains(49) + " " + q.contains(50));
        System.out.println(q.poll() + " " + q.poll() + " " + q.remove(25) + " " + q.remove(26) + " " + q);
        Iterator<Integer> it = q.iterator();
        while (it.hasNext()) if (it.next() % 2 == 0) it.remove();
        System.out.println(q);
        q.addAll(Arrays.asList(100, 200));
        try {
            q.offer(null);
        } catch (NullPointerException e) {
            System.out.println("no nulls");
        }
        int sum = 0;
        for (Integer v; (v = q.poll()) != null;) sum += v;
        System.out.println(sum + " " + q.isEmpty() + " " + q);
        ConcurrentLinkedQueue<String> shared = new ConcurrentLinkedQueue<>();
        Thread[] ts = new Thread[3];
        for (int t = 0; t < 3; t++) {
            final int id = t;
            ts[t] = new Thread(() -> {
                for (int k = 0; k < 5; k++) shared.add("t" + id + "-" + k);
            });
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        System.out.println(shared.size());
        int count = 0;
        for (String s : shared) if (s.endsWith("-4")) count++;
        System.out.println(count);
    }
}
