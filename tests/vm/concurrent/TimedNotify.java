// notify() may pick a thread in a timed wait: here the timed waiter can take the one
// notification meant for the untimed one, which then waits for ever.
// every search
// expect: violation deadlock
// expect outcomes: ""
public class TimedNotify {
    private final Object lock = new Object();
    private boolean ready;

    public static void main(String[] args) throws InterruptedException {
        TimedNotify n = new TimedNotify();
        Thread untimed = new Thread(() -> {
            synchronized (n.lock) {
                try {
                    while (!n.ready) n.lock.wait();
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            }
        });
        Thread timed = new Thread(() -> {
            synchronized (n.lock) {
                try {
                    n.lock.wait(10);
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            }
        });
        untimed.start();
        timed.start();
        synchronized (n.lock) {
            n.ready = true;
            n.lock.notify();
        }
    }
}
