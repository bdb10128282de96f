// Producer and consumer threads coordinating through wait/notifyAll and a Condition.
import java.util.LinkedList;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

public class ProducerConsumer {
    static final LinkedList<Integer> buffer = new LinkedList<>();
    static final int CAPACITY = 3;
    static long consumed;

    static void produce(int v) throws InterruptedException {
        synchronized (buffer) {
            while (buffer.size() == CAPACITY) buffer.wait();
            buffer.add(v);
            buffer.notifyAll();
        }
    }

    static int consume() throws InterruptedException {
        synchronized (buffer) {
            while (buffer.isEmpty()) buffer.wait();
            int v = buffer.removeFirst();
            buffer.notifyAll();
            return v;
        }
    }

    static final ReentrantLock lock = new ReentrantLock();
    static final Condition notEmpty = lock.newCondition();
    static int slot = -1;

    public static void main(String[] args) throws InterruptedException {
        Thread producer = new Thread(() -> {
            try {
                for (int i = 1; i <= 20; i++) produce(i);
                produce(-1);
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        });
        Thread consumer = new Thread(() -> {
            try {
                for (int v; (v = consume()) != -1;) consumed += v * v;
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        });
        consumer.start();
        producer.start();
        producer.join();
        consumer.join();
        System.out.println("consumed " + consumed + " left " + buffer.size());
        Thread waiter = new Thread(() -> {
            lock.lock();
            try {
                while (slot < 0) notEmpty.awaitUninterruptibly();
                System.out.println("waiter saw " + slot);
            } finally {
                lock.unlock();
            }
        });
        waiter.start();
        Thread.sleep(1);
        lock.lock();
        try {
            slot = 42;
            notEmpty.signal();
        } finally {
            lock.unlock();
        }
        waiter.join();
        System.out.println("done");
    }
}
