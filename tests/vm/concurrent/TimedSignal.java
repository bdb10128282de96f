import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

// Condition.await(time, unit) ends by a signal (true) or by its timeout (false), and signal() may
// pick the timed waiter: then the untimed one, whose condition now holds, waits for ever.
// every search
// expect: violation deadlock
// expect outcomes: "false\n" "true\n"
public class TimedSignal {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private boolean ready;

    public static void main(String[] args) throws InterruptedException {
        TimedSignal s = new TimedSignal();
        Thread untimed = new Thread(() -> {
            s.lock.lock();
            try {
                while (!s.ready) s.changed.awaitUninterruptibly();
            } finally {
                s.lock.unlock();
            }
        });
        Thread timed = new Thread(() -> {
            s.lock.lock();
            try {
                System.out.println(s.changed.await(10, TimeUnit.MILLISECONDS));
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            } finally {
                s.lock.unlock();
            }
        });
        untimed.start();
        timed.start();
        s.lock.lock();
        try {
            s.ready = true;
            s.changed.signal();
        } finally {
            s.lock.unlock();
        }
    }
}
