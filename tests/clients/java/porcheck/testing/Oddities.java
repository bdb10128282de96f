package porcheck.testing;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A class with unusual results and behaviours, for the harness and oracle tests: results of
 * every kind (void, long, char, double, a boxed Integer or null, a String, an exception),
 * collection and map arguments, a constructor that throws, a method that never returns, one
 * that blocks for ever, a lock hold() keeps (take() in another thread blocks for ever, as run
 * sequentially), two locks swap() and swapBack() take in opposite orders (a deadlock), and waits
 * (poll() times out in a loop, awaitOnce() and parkOnce() under an if, awaitLooped() in a helper).
 */
public class Oddities {
    private int value;
    private final ReentrantLock lock = new ReentrantLock();
    private final ReentrantLock other = new ReentrantLock();

    public Oddities(int start) {
        if (start < 0) throw new IllegalArgumentException("negative start " + start);
        value = start;
    }

    public void set(int v) { value = v; }

    public long twice() { return 2L * value; }

    public char letter() { return (char) ('a' + value); }

    public double half() { return value / 2.0; }

    public Integer boxed() { return value == 0 ? null : Integer.valueOf(value); }

    public String text() { return "v=" + value; }

    public int fail() { throw new IllegalStateException("always"); }

    public int sum(Collection<Integer> items) {
        int s = 0;
        for (int x : items) s += x;
        return s;
    }

    public int sumMap(Map<Integer, Integer> map) {
        int s = 0;
        for (Map.Entry<Integer, Integer> e : map.entrySet()) s += e.getKey() * e.getValue();
        return s;
    }

    public boolean flag(boolean b) { return !b; }

    public long addLong(long d) {
        value += (int) d;
        return value;
    }

    public Object echo(Object o) { return o; }

    public void spin() {
        while (value >= 0) value = value * 2 % 7;
    }

    public synchronized void block() {
        try {
            for (;;) wait();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    public void hold() { lock.lock(); }

    public int take() {
        lock.lock();
        try {
            return value;
        } finally {
            lock.unlock();
        }
    }

    public void swap() {
        lock.lock();
        other.lock();
        value = -value;
        other.unlock();
        lock.unlock();
    }

    public void swapBack() {
        other.lock();
        lock.lock();
        value = -value;
        lock.unlock();
        other.unlock();
    }

    public synchronized int poll() throws InterruptedException {
        while (value == 0) wait(1);
        return value;
    }

    public synchronized int awaitOnce() throws InterruptedException {
        if (value == 0) wait();
        return value;
    }

    public synchronized int awaitLooped() throws InterruptedException {
        while (value == 0) pause();
        return value;
    }

    private void pause() throws InterruptedException { wait(); }

    private volatile Thread sleeper;

    public int parkOnce() {
        sleeper = Thread.currentThread();
        if (value == 0) java.util.concurrent.locks.LockSupport.park();
        return value;
    }

    public void wake(int v) {
        value = v;
        Thread s = sleeper;
        if (s != null) java.util.concurrent.locks.LockSupport.unpark(s);
    }
}
