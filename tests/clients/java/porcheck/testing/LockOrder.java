package porcheck.testing;

/**
 * Two monitors taken in opposite orders: ab() locks a then b, ba() locks b then a. Run one after
 * the other (as every linearization does) both return; run in two threads, each can hold the
 * monitor the other waits for, a real deadlock that no linearization explains.
 */
public class LockOrder {
    private final Object a = new Object(), b = new Object();
    private int count;

    public int ab() {
        synchronized (a) {
            synchronized (b) {
                return ++count;
            }
        }
    }

    public int ba() {
        synchronized (b) {
            synchronized (a) {
                return ++count;
            }
        }
    }
}
