// ReentrantLock, Condition and ReentrantReadWriteLock used by one thread.
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

public class Locks {
    static class CountingLock extends ReentrantLock {
        int locks;
        public void lock() {
            locks++;
            super.lock();
        }
    }

    public static void main(String[] args) throws Exception {
        ReentrantLock lock = new ReentrantLock();
        System.out.println(lock.isLocked() + " " + lock.isHeldByCurrentThread() + " " + lock.getHoldCount() + " " + lock.isFair());
        lock.lock();
        lock.lock();
        System.out.println(lock.isLocked() + " " + lock.isHeldByCurrentThread() + " " + lock.getHoldCount() + " " + lock.tryLock() + " " + lock.getHoldCount());
        lock.unlock();
        lock.unlock();
        lock.unlock();
        System.out.println(lock.isLocked() + " " + lock.getHoldCount());
        try {
            lock.unlock();
        } catch (IllegalMonitorStateException e) {
            System.out.println("unlock without lock: " + e.getClass().getSimpleName());
        }
        System.out.println(lock.tryLock(10, TimeUnit.MILLISECONDS) + " " + lock.getHoldCount());
        Condition cond = lock.newCondition();
        cond.signal();
        cond.signalAll();
        System.out.println(cond.await(1, TimeUnit.MILLISECONDS) + " " + lock.getHoldCount());
        lock.unlock();
        try {
            cond.signal();
        } catch (IllegalMonitorStateException e) {
            System.out.println("signal without lock");
        }
        CountingLock cl = new CountingLock();
        Lock asLock = cl;
        for (int i = 0; i < 3; i++) {
            asLock.lock();
            try {
                System.out.print(cl.getHoldCount() + " ");
            } finally {
                asLock.unlock();
            }
        }
        System.out.println(cl.locks + " " + new ReentrantLock(true).isFair());
        ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
        rw.readLock().lock();
        rw.readLock().lock();
        System.out.println(rw.getReadLockCount() + " " + rw.getReadHoldCount() + " " + rw.isWriteLocked() + " " + rw.writeLock().tryLock());
        rw.readLock().unlock();
        rw.readLock().unlock();
        rw.writeLock().lock();
        rw.writeLock().lock();
        System.out.println(rw.isWriteLocked() + " " + rw.isWriteLockedByCurrentThread() + " " + rw.getWriteHoldCount() + " " + rw.readLock().tryLock() + " " + rw.getReadLockCount());
        rw.readLock().unlock();
        rw.writeLock().unlock();
        rw.writeLock().unlock();
        System.out.println(rw.isWriteLocked() + " " + rw.getWriteHoldCount());
        try {
            rw.readLock().unlock();
        } catch (IllegalMonitorStateException e) {
            System.out.println(e.getMessage());
        }
        try {
            rw.writeLock().unlock();
        } catch (IllegalMonitorStateException e) {
            System.out.println("write unlock without lock");
        }
        int shared = 0;
        for (int i = 0; i < 1000; i++) {
            lock.lock();
            try {
                shared += i;
            } finally {
                lock.unlock();
            }
        }
        System.out.println(shared);
    }
}
