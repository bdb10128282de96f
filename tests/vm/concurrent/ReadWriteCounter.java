// A counter behind a ReentrantReadWriteLock: two writers increment under the write lock, a reader
// reads under the read lock; the reader sees 0, 1 or 2 and the final value is 2.
// expect: ok
// expect outcomes: "read 0, final 2\n" "read 1, final 2\n" "read 2, final 2\n"
import java.util.concurrent.locks.ReentrantReadWriteLock;

public class ReadWriteCounter {
    private final ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
    private int value;

    void increment() {
        rw.writeLock().lock();
        try {
            value++;
        } finally {
            rw.writeLock().unlock();
        }
    }

    int read() {
        rw.readLock().lock();
        try {
            return value;
        } finally {
            rw.readLock().unlock();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        ReadWriteCounter c = new ReadWriteCounter();
        int[] seen = new int[1];
        Thread w1 = new Thread(c::increment), w2 = new Thread(c::increment);
        Thread r = new Thread(() -> seen[0] = c.read());
        w1.start();
        w2.start();
        r.start();
        w1.join();
        w2.join();
        r.join();
        System.out.println("read " + seen[0] + ", final " + c.read());
    }
}
