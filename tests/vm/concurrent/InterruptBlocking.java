// An interrupt ends each blocking call that the JDK lets it end: LockSupport.park returns (the
// flag stays set), a ReentrantLock's lockInterruptibly and a CountDownLatch's await (the JDK's
// AbstractQueuedSynchronizer) throw InterruptedException, and so does Thread.sleep; a Condition's
// awaitUninterruptibly waits on until signalled, the flag kept. Main holds the lock and never
// counts the latch down, so before interrupts were modelled the worker blocked for ever.
// every search
// expect: ok
// expect outcomes: "parked true, lock interrupted, latch interrupted, slept, signalled true\n" "parked true, lock interrupted, latch interrupted, sleep interrupted, signalled true\n"
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

public class InterruptBlocking {
    static final ReentrantLock lock = new ReentrantLock();
    static final Condition cond = lock.newCondition();
    static final CountDownLatch latch = new CountDownLatch(1);
    static volatile int stage;
    static volatile boolean acked;
    static boolean signalled;

    public static void main(String[] args) throws InterruptedException {
        lock.lock();
        Thread worker = new Thread(InterruptBlocking::work);
        worker.start();
        while (stage != 1) Thread.onSpinWait();
        worker.interrupt(); /* the park */
        while (stage != 2) Thread.onSpinWait();
        worker.interrupt(); /* lockInterruptibly */
        while (stage != 3) Thread.onSpinWait();
        worker.interrupt(); /* the latch */
        lock.unlock();
        while (stage != 4) Thread.onSpinWait();
        worker.interrupt(); /* the sleep, before or after it */
        acked = true;
        while (stage != 5) Thread.onSpinWait();
        worker.interrupt(); /* the uninterruptible await: it waits on */
        lock.lock();
        signalled = true;
        cond.signal();
        lock.unlock();
        worker.join();
    }

    static void work() {
        StringBuilder out = new StringBuilder();
        stage = 1;
        while (!Thread.currentThread().isInterrupted()) LockSupport.park();
        out.append("parked ").append(Thread.interrupted());
        stage = 2;
        try {
            lock.lockInterruptibly();
            out.append(", locked");
        } catch (InterruptedException e) {
            out.append(", lock interrupted");
        }
        stage = 3;
        try {
            latch.await();
            out.append(", counted down");
        } catch (InterruptedException e) {
            out.append(", latch interrupted");
        }
        stage = 4;
        try {
            Thread.sleep(1);
            out.append(", slept");
        } catch (InterruptedException e) {
            out.append(", sleep interrupted");
        }
        while (!acked) Thread.onSpinWait();
        Thread.interrupted();
        lock.lock();
        stage = 5;
        while (!signalled) cond.awaitUninterruptibly();
        out.append(", signalled ").append(Thread.interrupted());
        lock.unlock();
        System.out.println(out);
    }
}
