// What the element-by-element copy of shared arrays must keep of System.arraycopy: overlapping
// ranges of one array copy as through a temporary array (both directions), every primitive
// element type, a clone's class and length, and a reference copy that meets an element the
// destination cannot hold stores the elements before it and throws HotSpot's
// ArrayStoreException. The arrays are static (shared) and a second thread runs, but nothing
// races: one outcome.
// expect: ok
// expect outcomes: "1123 2344 [b, 1.5, true, 7, 8, x, 2.5] [s, null, null] java.lang.ArrayStoreException: arraycopy: element type mismatch: can not cast one of the elements of java.lang.Object[] to the type of the destination array, java.lang.String int[] 3 done\n"
import java.util.Arrays;

public class SharedArrayCopySemantics {
    static int[] ints = {1, 2, 3, 4};
    static byte[] bytes = {'a', 'b'};
    static double[] doubles = {1.5, 2.5};
    static boolean[] bools = {true};
    static short[] shorts = {7};
    static long[] longs = {8};
    static char[] chars = {'x'};
    static float[] floats = {2.5f};
    static Object[] mixed = {"s", 1, "t"};
    static String[] strings = new String[3];
    static String done;

    public static void main(String[] args) throws Exception {
        Thread other = new Thread(() -> done = "done");
        other.start();
        StringBuilder out = new StringBuilder();
        System.arraycopy(ints, 0, ints, 1, 3); // 1 1 2 3: backwards
        for (int v : ints) out.append(v);
        out.append(' ');
        ints = new int[] {1, 2, 3, 4};
        System.arraycopy(ints, 1, ints, 0, 3); // 2 3 4 4: forwards
        for (int v : ints) out.append(v);
        out.append(' ');
        Object[] row = {
            (char) Arrays.copyOf(bytes, 2)[1], Arrays.copyOf(doubles, 1)[0], bools.clone()[0],
            shorts.clone()[0], longs.clone()[0], chars.clone()[0], floats.clone()[0] + 0.0};
        out.append(Arrays.toString(row)).append(' ');
        try {
            System.arraycopy(mixed, 0, strings, 0, 3);
        } catch (ArrayStoreException e) {
            out.append(Arrays.toString(strings)).append(' ').append(e).append(' ');
        }
        int[] copy = ints.clone();
        out.append(copy.getClass().getSimpleName()).append(' ').append(copy.length - 1);
        other.join();
        System.out.println(out.append(' ').append(done));
    }
}
