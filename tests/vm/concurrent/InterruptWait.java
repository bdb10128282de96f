// Thread.interrupt() ends a wait() with InterruptedException, clearing the flag: interrupted
// before it waits, the worker throws at once; while it waits, it throws once it holds the lock
// again, unless main's notifyAll reached it first (it then returns normally, the flag still set).
// Before interrupts were modelled the worker was never interrupted ("woken true" alone).
// every search
// expect: ok
// expect outcomes: "interrupted false\n" "woken true\n"
public class InterruptWait {
    static final Object lock = new Object();
    static boolean ready;

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> {
            String how;
            synchronized (lock) {
                try {
                    while (!ready) lock.wait();
                    how = "woken";
                } catch (InterruptedException e) {
                    how = "interrupted";
                }
            }
            System.out.println(how + " " + Thread.currentThread().isInterrupted());
        });
        worker.start();
        worker.interrupt();
        synchronized (lock) {
            ready = true;
            lock.notifyAll();
        }
        worker.join();
    }
}
