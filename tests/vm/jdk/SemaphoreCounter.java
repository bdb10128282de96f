import java.util.concurrent.Semaphore;

/** Two threads increment a plain counter guarded by the JDK's Semaphore. The permits come from
 * the first argument: 1 makes a mutex (no update is lost), 2 lets both in at once (the buggy
 * variant: an update can be lost). */
public class SemaphoreCounter {
    int value;

    public static void main(String[] args) throws InterruptedException {
        Semaphore guard = new Semaphore(Integer.parseInt(args[0]));
        SemaphoreCounter c = new SemaphoreCounter();
        Thread[] ts = new Thread[2];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = new Thread(() -> {
                guard.acquireUninterruptibly();
                int v = c.value;
                c.value = v + 1;
                guard.release();
            });
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        System.out.println("value = " + c.value);
        if (c.value != 2) throw new AssertionError("lost update");
    }
}
