package traces;

/** Two named threads (no string is built before they start) build strings and read the clock:
 * the JVM initialises String and System before main, so neither thread initialises them, and
 * no row of the trace says so. main then fails, to print a trace. */
public class BootClasses {
    static volatile String last;

    public static void main(String[] args) throws Exception {
        Thread a = new Thread(() -> last = "a" + System.nanoTime(), "a");
        Thread b = new Thread(() -> last = "b" + System.nanoTime(), "b");
        a.start();
        b.start();
        a.join();
        b.join();
        throw new AssertionError(last);
    }
}
