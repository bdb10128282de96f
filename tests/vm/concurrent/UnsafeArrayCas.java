// One thread CASes element 0 of a shared array through jdk.internal.misc.Unsafe (offset
// arrayBaseOffset + 0 * arrayIndexScale), the other reads that element with a plain aaload: the
// two are dependent (the same label: array and element index), so every search sees both orders.
// Compiled with --add-exports java.base/jdk.internal.misc=ALL-UNNAMED.
// expect: ok
// expect outcomes: "cas true, read null\n" "cas true, read x\n"
import jdk.internal.misc.Unsafe;

public class UnsafeArrayCas {
    static final Unsafe U = Unsafe.getUnsafe();
    static final long FIRST = U.arrayBaseOffset(Object[].class);

    final Object[] cells = new Object[2];
    boolean swapped;
    Object seen;

    public static void main(String[] args) throws InterruptedException {
        UnsafeArrayCas s = new UnsafeArrayCas();
        Thread writer = new Thread(() -> s.swapped = U.compareAndSetReference(s.cells, FIRST, null, "x"));
        Thread reader = new Thread(() -> s.seen = s.cells[0]);
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println("cas " + s.swapped + ", read " + s.seen);
    }
}
