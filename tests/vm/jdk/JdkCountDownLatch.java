import java.util.concurrent.CountDownLatch;

/** The JDK's CountDownLatch (AbstractQueuedSynchronizer through jdk.internal.misc.Unsafe): two
 * workers count down, the main thread waits for them. */
public class JdkCountDownLatch {
    static volatile int done;

    public static void main(String[] args) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch finished = new CountDownLatch(2);
        for (int i = 0; i < 2; i++) {
            new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
                synchronized (JdkCountDownLatch.class) {
                    done++;
                }
                finished.countDown();
            }).start();
        }
        System.out.println("before " + start.getCount() + " " + finished.getCount());
        start.countDown();
        finished.await();
        System.out.println("after " + finished.getCount() + " done " + done);
        finished.countDown();
        finished.await();
        System.out.println("still " + finished.getCount());
    }
}
