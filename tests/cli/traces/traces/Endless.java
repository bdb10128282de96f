package traces;

/* A loop that never comes back to a state it was in: spin() counts for ever, so every search of
 * it stops at a limit on an ever deeper path, all of whose end is that thread's. */
public class Endless {
    private volatile int ticks;

    public int spin() {
        while (ticks >= 0) ticks++;
        return ticks;
    }

    public int ticks() {
        return ticks;
    }

    public static void main(String[] args) throws Exception {
        Endless e = new Endless();
        Thread t = new Thread(e::spin);
        t.start();
        System.out.println(e.ticks());
        t.join();
    }
}
