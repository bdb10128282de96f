import jdk.internal.misc.Unsafe;

/** Offsets that address nothing (out of bounds, between elements, the wrong element kind, past
 * the last field) throw IllegalArgumentException on porcheck and leave memory alone. porcheck
 * only: HotSpot does not check. */
public class UnsafeBadOffset {
    static final Unsafe U = Unsafe.getUnsafe();

    int only;

    static void attempt(String what, Runnable r) {
        try {
            r.run();
            System.out.println(what + ": no exception");
        } catch (IllegalArgumentException e) {
            System.out.println(what + ": IllegalArgumentException");
        }
    }

    public static void main(String[] args) {
        int[] ints = {1, 2};
        long base = U.arrayBaseOffset(int[].class), scale = U.arrayIndexScale(int[].class);
        attempt("past the end", () -> U.getAndAddInt(ints, base + 2 * scale, 1));
        attempt("before element 0", () -> U.getInt(ints, base - scale));
        attempt("between elements", () -> U.putInt(ints, base + 1, 9));
        attempt("a long in an int array", () -> U.getLong(ints, base));
        attempt("a reference in an int array", () -> U.compareAndSetReference(ints, base, null, "x"));
        UnsafeBadOffset o = new UnsafeBadOffset();
        long only = U.objectFieldOffset(UnsafeBadOffset.class, "only");
        attempt("a long over the last field", () -> U.getLong(o, only));
        attempt("past the fields", () -> U.getInt(o, only + 1));
        attempt("not an array class", () -> U.arrayIndexScale(UnsafeBadOffset.class));
        System.out.println(ints[0] + " " + ints[1] + " " + o.only + " " + U.arrayIndexScale(Object[].class)
                           + " " + U.arrayIndexScale(long[].class) + " " + U.arrayIndexScale(byte[].class));
    }
}
