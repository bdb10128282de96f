// A thread notifies the monitor of a signal it made before any other thread can reach it (no
// thread can wait there: a notify that wakes nobody), publishes it, and then sets and notifies it
// again, now that the other thread may be waiting on it. Notifying an unshared object is no
// scheduling point; notifying a shared one is, and here it wakes the waiter.
// expect: ok
// expect outcomes: "woken\n"
// expect dfs states: 103 75
// expect dfs end states: 2 2
// every search
public class NotifyBeforePublish {
    static final class Signal {
        boolean set;
    }

    static volatile Signal published;

    public static void main(String[] args) throws Exception {
        Thread maker = new Thread(() -> {
            Signal s = new Signal();
            synchronized (s) {
                s.notifyAll();
                s.notify();
            }
            published = s;
            synchronized (s) {
                s.set = true;
                s.notifyAll();
            }
        });
        Thread waiter = new Thread(() -> {
            Signal s;
            while ((s = published) == null) Thread.yield();
            synchronized (s) {
                while (!s.set) {
                    try {
                        s.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        });
        maker.start();
        waiter.start();
        maker.join();
        waiter.join();
        System.out.println("woken");
    }
}
