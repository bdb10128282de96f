package traces;

/** A program whose two threads increment a shared int[] element and write an Object[] element
 * without a lock; it asserts that both increments count. */
public class Slots {
    static final int[] counts = new int[1];
    static final Object[] slots = new Object[1];

    public static void main(String[] args) throws Exception {
        Thread t = new Thread(() -> {
            counts[0]++;
            slots[0] = "t";
        });
        t.start();
        counts[0]++;
        slots[0] = "main";
        t.join();
        assert counts[0] == 2;
    }
}
