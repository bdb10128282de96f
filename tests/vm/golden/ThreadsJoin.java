// Threads started by the program run and are joined; the results are deterministic.
import java.util.concurrent.atomic.AtomicInteger;

public class ThreadsJoin {
    static int[] results = new int[4];

    static class Worker extends Thread {
        final int id;
        Worker(int id) { super("worker-" + id); this.id = id; }
        public void run() {
            int sum = 0;
            for (int i = 0; i <= 100 * (id + 1); i++) sum += i;
            results[id] = sum;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Worker[] ws = new Worker[4];
        for (int i = 0; i < 4; i++) ws[i] = new Worker(i);
        System.out.println(ws[0].getName() + " " + ws[0].isAlive());
        for (Worker w : ws) w.start();
        for (Worker w : ws) w.join();
        System.out.println(java.util.Arrays.toString(results) + " " + ws[0].isAlive());
        AtomicInteger counter = new AtomicInteger();
        Thread[] ts = new Thread[3];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = new Thread(() -> {
                for (int k = 0; k < 1000; k++) counter.incrementAndGet();
            });
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        System.out.println(counter.get());
        Object lock = new Object();
        int[] shared = new int[1];
        Runnable task = () -> {
            for (int k = 0; k < 500; k++) {
                synchronized (lock) {
                    shared[0]++;
                }
            }
        };
        Thread a = new Thread(task, "a"), b = new Thread(task, "b");
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println(shared[0] + " " + a.getName() + b.getName() + " " + Thread.currentThread().getName());
        Thread t = new Thread(() -> {});
        try {
            t.start();
            t.start();
        } catch (IllegalThreadStateException e) {
            System.out.println("started twice");
        }
        t.join();
        Thread daemon = new Thread(() -> {});
        daemon.setDaemon(true);
        System.out.println(daemon.isDaemon() + " " + Thread.currentThread().isDaemon() + " " + Thread.currentThread().getPriority());
    }
}
