import java.util.concurrent.Semaphore;

/** The JDK's Semaphore (AbstractQueuedSynchronizer through jdk.internal.misc.Unsafe): permits,
 * tryAcquire, and three threads that take turns on a counter. */
public class JdkSemaphore {
    static int counter;

    public static void main(String[] args) throws Exception {
        Semaphore s = new Semaphore(2);
        s.acquire();
        System.out.println("permits " + s.availablePermits());
        System.out.println("tryAcquire(2) " + s.tryAcquire(2));
        System.out.println("tryAcquire() " + s.tryAcquire());
        s.release(2);
        System.out.println("permits " + s.availablePermits() + " drained " + s.drainPermits());
        Semaphore mutex = new Semaphore(1, true);
        Thread[] workers = new Thread[3];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new Thread(() -> {
                for (int k = 0; k < 3; k++) {
                    mutex.acquireUninterruptibly();
                    counter++;
                    mutex.release();
                }
            });
            workers[i].start();
        }
        for (Thread w : workers) w.join();
        System.out.println("counter " + counter + " permits " + mutex.availablePermits()
                           + " fair " + mutex.isFair() + " queued " + mutex.hasQueuedThreads());
    }
}
