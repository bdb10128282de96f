import java.util.concurrent.CountDownLatch;

/** A producer publishes a value and counts the JDK's CountDownLatch down; a consumer awaits the
 * latch and reads the value. With the first argument "early" the producer counts down before it
 * writes (the buggy variant: a consumer can read 0). */
public class LatchPublish {
    int data;

    public static void main(String[] args) throws InterruptedException {
        boolean early = args[0].equals("early");
        CountDownLatch ready = new CountDownLatch(1);
        LatchPublish p = new LatchPublish();
        Thread producer = new Thread(() -> {
            if (early) ready.countDown();
            p.data = 42;
            if (!early) ready.countDown();
        });
        Runnable consume = () -> {
            try {
                ready.await();
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
            int seen = p.data;
            if (seen != 42) throw new AssertionError("read " + seen + " after the latch opened");
        };
        producer.start();
        Thread consumer = new Thread(consume);
        consumer.start();
        producer.join();
        consumer.join();
        System.out.println("data = " + p.data);
    }
}
