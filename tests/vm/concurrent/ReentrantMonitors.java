// Reentrant monitors: a synchronized method calls another on the same object and waits while
// holding the monitor twice; wait releases every hold and re-acquires them all.
// expect: ok
// expect outcomes: "done 2\n"
public class ReentrantMonitors {
    private boolean ready;
    private int count;

    synchronized void outer() throws InterruptedException {
        inner();
    }

    synchronized void inner() throws InterruptedException {
        synchronized (this) {
            while (!ready) wait();
            count++;
        }
        count++;
    }

    synchronized void release() {
        ready = true;
        notifyAll();
    }

    public static void main(String[] args) throws InterruptedException {
        ReentrantMonitors m = new ReentrantMonitors();
        Thread waiter = new Thread(() -> {
            try {
                m.outer();
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        });
        waiter.start();
        m.release();
        waiter.join();
        synchronized (m) {
            System.out.println("done " + m.count);
        }
    }
}
