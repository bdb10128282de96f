// synchronized methods and blocks, reentrancy, holdsLock, wait/notify misuse.
public class Synchronized {
    private int count;
    private static int staticCount;

    synchronized void inc() { count++; }

    synchronized int nested(int depth) { return depth == 0 ? count : nested(depth - 1) + 1; }

    static synchronized void sinc() { staticCount++; }

    public static void main(String[] args) throws Exception {
        Synchronized s = new Synchronized();
        for (int i = 0; i < 100; i++) s.inc();
        for (int i = 0; i < 50; i++) sinc();
        System.out.println(s.count + " " + s.nested(20) + " " + staticCount);
        Object lock = new Object();
        System.out.println(Thread.holdsLock(lock));
        synchronized (lock) {
            System.out.println(Thread.holdsLock(lock));
            synchronized (lock) {
                System.out.println("reentered " + Thread.holdsLock(lock));
                lock.notify();
                lock.notifyAll();
                lock.wait(1);
            }
        }
        System.out.println(Thread.holdsLock(lock));
        try {
            lock.wait();
        } catch (IllegalMonitorStateException e) {
            System.out.println("wait: " + e.getClass().getSimpleName());
        }
        try {
            lock.notifyAll();
        } catch (IllegalMonitorStateException e) {
            System.out.println("notifyAll: " + e.getClass().getSimpleName());
        }
        int total = 0;
        try {
            synchronized (lock) {
                total = 1;
                throw new RuntimeException("inside");
            }
        } catch (RuntimeException e) {
            System.out.println(e.getMessage() + " " + Thread.holdsLock(lock) + " " + total);
        }
        synchronized (Synchronized.class) {
            sinc();
        }
        System.out.println(staticCount);
    }
}
