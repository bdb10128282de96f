import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicMarkableReference;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.StampedLock;

/** The JDK's own java.util.concurrent classes, run single-threaded: porcheck must print what
 * HotSpot prints (VarHandles, Unsafe, ThreadLocalRandom's per-thread state, the JDK's atomics,
 * ConcurrentHashMap and ConcurrentLinkedQueue ahead of the model library's). */
public class JdkConcurrent {
    public static void main(String[] args) throws Exception {
        ConcurrentLinkedDeque<Integer> d = new ConcurrentLinkedDeque<>();
        d.addFirst(1);
        d.addLast(2);
        d.offerFirst(0);
        System.out.println(d + " " + d.pollLast() + " " + d.peekFirst() + " " + d.size());
        ConcurrentSkipListMap<Integer, String> m = new ConcurrentSkipListMap<>();
        for (int i = 0; i < 20; i++) m.put((i * 7) % 20, "v" + i);
        m.remove(3);
        System.out.println(m.size() + " " + m.firstKey() + " " + m.lastKey() + " " + m.get(14) + " "
            + m.ceilingKey(3) + " " + m.headMap(5) + " " + m.descendingMap().firstKey());
        ConcurrentSkipListSet<String> s = new ConcurrentSkipListSet<>(List.of("b", "a", "c"));
        System.out.println(s + " " + s.pollFirst() + " " + s.contains("c"));
        LongAdder adder = new LongAdder();
        for (int i = 0; i < 5; i++) adder.add(i);
        System.out.println(adder.sum() + " " + adder + " " + adder.sumThenReset() + " " + adder.sum());
        LinkedTransferQueue<Integer> ltq = new LinkedTransferQueue<>();
        ltq.offer(1);
        ltq.offer(2);
        System.out.println(ltq.poll() + " " + ltq + " " + ltq.tryTransfer(5) + " " + ltq.size());
        SynchronousQueue<Integer> sq = new SynchronousQueue<>();
        System.out.println(sq.offer(1) + " " + sq.poll() + " " + sq.isEmpty());
        PriorityBlockingQueue<Integer> pbq = new PriorityBlockingQueue<>(List.of(5, 1, 3));
        System.out.println(pbq.poll() + " " + pbq.peek() + " " + pbq.size());
        LinkedBlockingDeque<Integer> lbd = new LinkedBlockingDeque<>(2);
        System.out.println(lbd.offerFirst(3) + " " + lbd.offerLast(1) + " " + lbd.offer(9) + " " + lbd);
        ArrayBlockingQueue<Integer> abq = new ArrayBlockingQueue<>(2);
        abq.offer(3);
        abq.offer(1);
        List<Integer> drained = new ArrayList<>();
        abq.drainTo(drained);
        System.out.println(drained + " " + abq.remainingCapacity());
        LinkedBlockingQueue<Integer> lbq = new LinkedBlockingQueue<>();
        lbq.put(4);
        System.out.println(lbq.take() + " " + lbq.poll());
        ConcurrentHashMap<String, Integer> chm = new ConcurrentHashMap<>();
        for (int i = 0; i < 30; i++) chm.merge("k" + (i % 7), 1, Integer::sum);
        System.out.println(chm + " " + chm.mappingCount() + " " + chm.getOrDefault("k9", -1));
        ConcurrentLinkedQueue<Integer> clq = new ConcurrentLinkedQueue<>(List.of(1, 2, 3));
        clq.poll();
        clq.removeIf(x -> x == 2);
        System.out.println(clq + " " + clq.size());
        AtomicReference<String> ref = new AtomicReference<>("x");
        System.out.println(ref.compareAndExchange("x", "y") + " " + ref.getPlain() + " "
            + ref.accumulateAndGet("z", String::concat));
        AtomicLong al = new AtomicLong(1L << 40);
        System.out.println(al.getAndIncrement() + " " + al.updateAndGet(v -> v * 2));
        AtomicMarkableReference<String> amr = new AtomicMarkableReference<>("a", false);
        boolean[] mark = new boolean[1];
        System.out.println(amr.compareAndSet("a", "b", false, true) + " " + amr.get(mark) + " " + mark[0]);
        StampedLock lock = new StampedLock();
        long stamp = lock.tryOptimisticRead();
        System.out.println(lock.validate(stamp) + " " + lock.isWriteLocked());
        long w = lock.writeLock();
        System.out.println(lock.validate(stamp) + " " + lock.isWriteLocked());
        lock.unlockWrite(w);
        CyclicBarrier barrier = new CyclicBarrier(1, () -> System.out.println("tripped"));
        System.out.println(barrier.await() + " " + barrier.getParties());
        int r = ThreadLocalRandom.current().nextInt(10);
        System.out.println(r >= 0 && r < 10);
    }
}
