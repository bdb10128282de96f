// notify() wakes an arbitrary waiting thread: with two waiters and one notification, either may
// be the one that wakes (the other is left waiting, which ends in a deadlock report).
// every search
// expect: violation deadlock
// expect outcomes: "woke A\n" "woke B\n"
public class NotifyChoice {
    private final Object lock = new Object();
    private int waiting, tokens;

    void await(String name) throws InterruptedException {
        synchronized (lock) {
            waiting++;
            lock.notifyAll();
            while (tokens == 0) lock.wait();
            tokens--;
            System.out.println("woke " + name);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        NotifyChoice n = new NotifyChoice();
        for (String name : new String[] {"A", "B"}) {
            new Thread(() -> {
                try {
                    n.await(name);
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            }).start();
        }
        synchronized (n.lock) {
            while (n.waiting < 2) n.lock.wait();
            n.tokens = 1;
            n.lock.notify();
        }
    }
}
