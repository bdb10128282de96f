// java.util.Arrays: sorting every type, searching, filling, copying, equality and hashing.
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

public class ArraysUtil {
    public static void main(String[] args) {
        int[] ia = {5, -3, 9, 0, 2, 2, -8, 100, 7};
        Arrays.sort(ia);
        System.out.println(Arrays.toString(ia) + " " + Arrays.binarySearch(ia, 7) + " " + Arrays.binarySearch(ia, 8));
        double[] da = {3.5, -0.0, 0.0, Double.NaN, -1, Double.NEGATIVE_INFINITY, 1e-9};
        Arrays.sort(da);
        System.out.println(Arrays.toString(da));
        float[] fa = {Float.NaN, 2f, -0f, 0f, -2f};
        Arrays.sort(fa);
        System.out.println(Arrays.toString(fa));
        long[] la = {9L, 1L << 40, -5L, 0L};
        Arrays.sort(la);
        char[] ca = "sorting chars".toCharArray();
        Arrays.sort(ca);
        byte[] ba = {5, -128, 127, 0};
        Arrays.sort(ba);
        short[] sa = {300, -300, 3};
        Arrays.sort(sa);
        System.out.println(Arrays.toString(la) + Arrays.toString(ca) + Arrays.toString(ba) + Arrays.toString(sa));
        int[] part = {9, 8, 7, 6, 5, 4, 3};
        Arrays.sort(part, 2, 5);
        System.out.println(Arrays.toString(part));
        String[] sa2 = {"pear", "Apple", "fig", "banana", "cherry", "date"};
        Arrays.sort(sa2);
        System.out.println(Arrays.toString(sa2));
        Arrays.sort(sa2, Comparator.comparing(String::length).thenComparing(Comparator.reverseOrder()));
        System.out.println(Arrays.toString(sa2));
        Integer[] boxed = {3, 1, 2};
        Arrays.sort(boxed, Comparator.reverseOrder());
        System.out.println(Arrays.toString(boxed));
        int[] filled = new int[5];
        Arrays.fill(filled, 7);
        Arrays.fill(filled, 1, 3, -1);
        System.out.println(Arrays.toString(filled) + Arrays.toString(Arrays.copyOf(filled, 7)) + Arrays.toString(Arrays.copyOf(filled, 2))
                + Arrays.toString(Arrays.copyOfRange(filled, 3, 6)));
        System.out.println(Arrays.equals(ia, ia.clone()) + " " + Arrays.equals(new int[] {1}, new int[] {2}) + " " + Arrays.hashCode(ia) + " " + Arrays.hashCode(new double[] {1.5})
                + " " + Arrays.hashCode(new Object[] {"a", 1}) + " " + Arrays.deepHashCode(new Object[] {new int[] {1}}));
        List<String> view = Arrays.asList(sa2);
        view.set(0, "CHANGED");
        System.out.println(sa2[0] + " " + view.size() + " " + view.contains("fig") + " " + view.indexOf("date"));
        try {
            view.add("no");
        } catch (UnsupportedOperationException e) {
            System.out.println("fixed size");
        }
        Object[] objs = {1, "two", 3.0, null, 'c'};
        System.out.println(Arrays.toString(objs) + " " + Arrays.asList(1, 2, 3) + " " + Arrays.toString((Object[]) null) + Arrays.toString(new boolean[] {true}));
        String[] strs = {"b", "a"};
        String[] more = Arrays.copyOf(strs, 4);
        System.out.println(more.getClass().getSimpleName() + " " + Arrays.toString(more));
        int[] big = new int[1000];
        for (int i = 0; i < big.length; i++) big[i] = (i * 7919) % 1009 - 500;
        Arrays.sort(big);
        long check = 0;
        for (int i = 0; i < big.length; i++) check += (long) big[i] * i;
        System.out.println(check + " " + big[0] + " " + big[999]);
    }
}
