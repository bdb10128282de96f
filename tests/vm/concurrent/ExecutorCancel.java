// Executors: a single-thread pool runs a task that waits on a latch nobody counts down; main
// cancels it with cancel(true), whose interrupt ends the wait (or the task never runs, cancelled
// before the worker took it), then shuts the pool down and waits for it: shutdown interrupts
// the idle worker, blocked in its queue's take(). Before interrupts and thread groups were
// modelled, Executors stopped at Thread.getThreadGroup, and no interrupt ended a wait.
// every search
// not under: dpor source-dpor optimal-dpor o-dpor (no loop-free state space: 60 s were not
// enough for each)
// expect: ok
// expect outcomes: "cancelled true\nnot run, true\n" "cancelled true\ninterrupted, true\n"
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

public class ExecutorCancel {
    public static void main(String[] args) throws InterruptedException {
        ExecutorService ex = Executors.newSingleThreadExecutor();
        CountDownLatch never = new CountDownLatch(1);
        AtomicReference<String> how = new AtomicReference<>("not run");
        Future<?> f = ex.submit(() -> {
            try {
                never.await();
                how.set("counted down");
            } catch (InterruptedException e) {
                how.set("interrupted");
            }
        });
        System.out.println("cancelled " + f.cancel(true));
        ex.shutdown();
        while (!ex.awaitTermination(1, TimeUnit.DAYS)) { }
        System.out.println(how.get() + ", " + f.isCancelled());
    }
}
