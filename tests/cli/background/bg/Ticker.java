package bg;

/**
 * A counter whose constructor starts a daemon thread that counts its own ticks for ever: every
 * tick is a new state, so the state space has no end and no search of it is complete.
 */
public class Ticker {
    private int value;
    private int ticks;

    public Ticker() {
        Thread t = new Clock(this);
        t.setDaemon(true);
        t.start();
    }

    /** The ticking thread. */
    static final class Clock extends Thread {
        private final Ticker ticker;

        Clock(Ticker ticker) {
            this.ticker = ticker;
        }

        @Override
        public void run() {
            while (true) ticker.tick();
        }
    }

    /** One tick. */
    synchronized void tick() {
        ticks++;
    }

    public synchronized int inc() {
        return ++value;
    }
}
