// A one-slot buffer guarded by a ReentrantLock with two Conditions: two producers, one consumer
// taking both items.
// expect: ok
// expect outcomes: "sum 3\n"
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

public class LockCondition {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notFull = lock.newCondition(), notEmpty = lock.newCondition();
    private int slot; // 0 = empty

    void put(int v) throws InterruptedException {
        lock.lock();
        try {
            while (slot != 0) notFull.await();
            slot = v;
            notEmpty.signal();
        } finally {
            lock.unlock();
        }
    }

    int take() throws InterruptedException {
        lock.lock();
        try {
            while (slot == 0) notEmpty.await();
            int v = slot;
            slot = 0;
            notFull.signal();
            return v;
        } finally {
            lock.unlock();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        LockCondition b = new LockCondition();
        int[] sum = new int[1];
        Thread p1 = new Thread(() -> { try { b.put(1); } catch (InterruptedException e) { } });
        Thread p2 = new Thread(() -> { try { b.put(2); } catch (InterruptedException e) { } });
        Thread c = new Thread(() -> { try { sum[0] = b.take() + b.take(); } catch (InterruptedException e) { } });
        p1.start();
        p2.start();
        c.start();
        p1.join();
        p2.join();
        c.join();
        System.out.println("sum " + sum[0]);
    }
}
