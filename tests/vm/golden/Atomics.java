// java.util.concurrent.atomic used single-threaded: every operation and its result.
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicMarkableReference;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicStampedReference;

public class Atomics {
    public static void main(String[] args) {
        AtomicInteger ai = new AtomicInteger(5);
        System.out.println(ai.get() + " " + ai.incrementAndGet() + " " + ai.getAndIncrement() + " " + ai.decrementAndGet() + " " + ai.getAndDecrement()
                + " " + ai.addAndGet(10) + " " + ai.getAndAdd(-3) + " " + ai.getAndSet(100) + " " + ai);
        System.out.println(ai.compareAndSet(100, 7) + " " + ai.compareAndSet(100, 8) + " " + ai.get() + " " + ai.updateAndGet(x -> x * 3) + " " + ai.getAndUpdate(x -> x - 1)
                + " " + ai.accumulateAndGet(4, Math::max) + " " + ai.getAndAccumulate(50, Integer::sum) + " " + ai.intValue() + " " + ai.doubleValue());
        ai.set(Integer.MAX_VALUE);
        System.out.println(ai.incrementAndGet() + " " + new AtomicInteger());
        AtomicLong al = new AtomicLong(1L << 40);
        System.out.println(al.incrementAndGet() + " " + al.getAndAdd(1L << 41) + " " + al.compareAndSet(3L << 40 | 1, -1) + " " + al + " " + al.updateAndGet(x -> x * 2)
                + " " + al.accumulateAndGet(5, (a, b) -> a - b) + " " + al.longValue());
        AtomicBoolean ab = new AtomicBoolean();
        System.out.println(ab.get() + " " + ab.compareAndSet(false, true) + " " + ab.compareAndSet(false, true) + " " + ab.getAndSet(false) + " " + ab);
        AtomicReference<String> ar = new AtomicReference<>("start");
        String expected = ar.get();
        System.out.println(ar.compareAndSet(expected, "next") + " " + ar.compareAndSet("start", "again") + " " + ar.get() + " " + ar.getAndSet(null) + " " + ar
                + " " + ar.updateAndGet(s -> s == null ? "was null" : s) + " " + ar.accumulateAndGet("!", String::concat));
        AtomicReference<Integer> boxed = new AtomicReference<>(1000);
        System.out.println(boxed.compareAndSet(1000, 1) + " " + boxed.compareAndSet(boxed.get(), 2) + " " + boxed.get());
        String a = "A", b = "B";
        AtomicMarkableReference<String> amr = new AtomicMarkableReference<>(a, false);
        boolean[] mark = new boolean[1];
        System.out.println(amr.getReference() + " " + amr.isMarked() + " " + amr.compareAndSet(a, b, false, true) + " " + amr.compareAndSet(a, b, false, true)
                + " " + amr.get(mark) + mark[0] + " " + amr.attemptMark(b, false) + " " + amr.isMarked());
        AtomicStampedReference<String> asr = new AtomicStampedReference<>(a, 0);
        int[] stamp = new int[1];
        System.out.println(asr.compareAndSet(a, b, 0, 1) + " " + asr.compareAndSet(b, a, 0, 2) + " " + asr.getStamp() + " " + asr.getReference()
                + " " + asr.compareAndSet(b, a, 1, 2) + " " + asr.get(stamp) + stamp[0]);
        asr.set(b, 10);
        System.out.println(asr.getReference() + asr.getStamp() + " " + asr.attemptStamp(b, 11) + asr.getStamp());
        AtomicInteger counter = new AtomicInteger();
        for (int i = 0; i < 10000; i++) {
            int v;
            do {
                v = counter.get();
            } while (!counter.compareAndSet(v, v + 2));
        }
        System.out.println(counter);
    }
}
