package traces;

/** Torn copies: main copies a shared array and clones a shared object while a writer sets both
 * fields of each; the assertion fails when a copy saw the second write and not the first. */
public class Copies {
    static final class Pair implements Cloneable {
        int a, b;

        Pair copy() throws CloneNotSupportedException {
            return (Pair) clone();
        }
    }

    static int[] slots = new int[2];
    static Pair pair = new Pair();

    public static void main(String[] args) throws Exception {
        Thread writer = new Thread(() -> {
            slots[0] = 1;
            slots[1] = 1;
            pair.a = 1;
            pair.b = 1;
        });
        writer.start();
        int[] s = new int[2];
        System.arraycopy(slots, 0, s, 0, 2);
        Pair p = pair.copy();
        writer.join();
        if (s[0] < s[1] || p.a < p.b) throw new AssertionError("torn");
    }
}
