// A timed wait in the JDK's own code ends: CountDownLatch.await(1, SECONDS) (the JDK's
// AbstractQueuedSynchronizer, which parks with parkNanos until a deadline it reads from
// nanoTime) returns true once the worker counted down, or false when its time is up first.
// The park used to pass no time, so every turn of the JDK's loop was a new state a microsecond
// later, and the search never ended; it now advances the clock to the deadline. A loop of the
// application's own that polls with parkNanos (the worker's) still comes back to its states.
// every search
// expect: ok
// expect outcomes: "true\n" "false\n"
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

public class TimedLatch {
    static volatile boolean go;

    public static void main(String[] args) throws InterruptedException {
        CountDownLatch latch = new CountDownLatch(1);
        Thread worker = new Thread(() -> {
            while (!go) LockSupport.parkNanos(1000);
            latch.countDown();
        });
        worker.start();
        go = true;
        System.out.println(latch.await(1, TimeUnit.SECONDS));
        worker.join();
    }
}
