package traces;

/* A structure whose own thread counts for ever: the checks of its clients stop at a limit, on a
 * path whose end is all that thread's steps. */
public class Ticker {
    private volatile int ticks;

    public Ticker() {
        Thread t = new Thread(() -> {
            while (ticks >= 0) ticks++;
        });
        t.setDaemon(true);
        t.start();
    }

    public int ticks() {
        return ticks;
    }
}
