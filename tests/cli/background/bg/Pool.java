package bg;

/**
 * A counter whose constructor starts a pool of five idle threads, each waiting for ever for work
 * that never comes: more threads than check gives a structure by default, and at every end state
 * they all still wait, which is no deadlock.
 */
public class Pool {
    private final Object work = new Object();
    private int value;

    public Pool() {
        for (int i = 0; i < 5; i++) new Thread(new Idler(work)).start();
    }

    /** One idle thread of the pool. */
    static final class Idler implements Runnable {
        private final Object work;

        Idler(Object work) {
            this.work = work;
        }

        @Override
        public void run() {
            synchronized (work) {
                while (true) {
                    try {
                        work.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        }
    }

    public synchronized int inc() {
        return ++value;
    }
}
