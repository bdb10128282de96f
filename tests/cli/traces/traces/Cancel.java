package traces;

import java.util.concurrent.LinkedBlockingQueue;

/** A worker takes from a queue until interrupted; main puts one item, interrupts it and joins it:
 * the interrupt ends the worker's take() before or after it took the item. */
public class Cancel {
    public static void main(String[] args) throws Exception {
        LinkedBlockingQueue<Integer> q = new LinkedBlockingQueue<>();
        int[] got = {0};
        Thread worker = new Thread(() -> {
            try {
                for (;;) got[0] += q.take();
            } catch (InterruptedException e) {
                // cancelled
            }
        });
        worker.start();
        q.put(5);
        worker.interrupt();
        worker.join();
        System.out.println("got " + got[0]);
    }
}
