package traces;

import java.util.concurrent.CountDownLatch;

/** Two threads read Config, whose initialiser is not trivial: the first initialises it, the other
 * waits for it. Then main awaits a latch that only two of its three counts leave: a deadlock
 * inside the library, which the report places at main's own line first. */
public class LateInit {
    static class Config {
        static final int[] SIZES = {1, 2, 3};
    }

    public static void main(String[] args) throws Exception {
        CountDownLatch done = new CountDownLatch(3);
        Runnable r = () -> {
            if (Config.SIZES.length == 3) done.countDown();
        };
        new Thread(r).start();
        new Thread(r).start();
        done.await();
    }
}
