package traces;

/** A thread that starts a helper of its own and joins it, racing with another thread on two
 * counters: each lost update is a violation of its own, and each is shown by replaying its
 * schedule on the same machine, after the replays of the others. */
public class Helpers {
    static int x, y;

    public static void main(String[] args) throws Exception {
        Thread t1 = new Thread(() -> {
            Thread helper = new Thread(() -> {
                x++;
                y++;
            });
            helper.start();
            try {
                helper.join();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        Thread t2 = new Thread(() -> {
            x++;
            y++;
        });
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        if (x != 2 || y != 2) throw new AssertionError("x=" + x + " y=" + y);
    }
}
