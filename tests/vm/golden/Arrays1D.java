// One-dimensional arrays of every type: defaults, stores, loads, clone, length, errors.
import java.util.Arrays;

public class Arrays1D {
    public static void main(String[] args) {
        boolean[] z = new boolean[3];
        byte[] b = new byte[3];
        char[] c = new char[3];
        short[] s = new short[3];
        int[] i = new int[3];
        long[] l = new long[3];
        float[] f = new float[3];
        double[] d = new double[3];
        String[] str = new String[3];
        System.out.println(Arrays.toString(z) + Arrays.toString(b) + Arrays.toString(s) + Arrays.toString(i) + Arrays.toString(l)
                + Arrays.toString(f) + Arrays.toString(d) + Arrays.toString(str) + (int) c[0]);
        for (int k = 0; k < 3; k++) {
            z[k] = k % 2 == 0;
            b[k] = (byte) (k * 100);
            c[k] = (char) ('x' + k);
            s[k] = (short) (k * 20000);
            i[k] = k * 1000000000;
            l[k] = k * 5000000000L;
            f[k] = k / 3f;
            d[k] = k / 3.0;
            str[k] = "s" + k;
        }
        System.out.println(Arrays.toString(z) + Arrays.toString(b) + Arrays.toString(c) + Arrays.toString(s) + Arrays.toString(i)
                + Arrays.toString(l) + Arrays.toString(f) + Arrays.toString(d) + Arrays.toString(str));
        int[] copy = i.clone();
        copy[0] = 99;
        System.out.println(i[0] + " " + copy[0] + " " + copy.length + " " + (copy != i));
        b[1] += 100;
        c[2]++;
        s[0] -= 1;
        l[2] *= 3;
        d[1] /= 2;
        System.out.println(b[1] + " " + c[2] + " " + s[0] + " " + l[2] + " " + d[1]);
        Object[] objs = str;
        try {
            objs[0] = Integer.valueOf(1);
        } catch (ArrayStoreException e) {
            System.out.println("ASE " + e.getMessage());
        }
        try {
            System.out.println(i[3]);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("AIOOBE " + e.getMessage());
        }
        try {
            i[-1] = 0;
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("AIOOBE " + e.getMessage());
        }
        try {
            int[] bad = new int[-5];
            System.out.println(bad.length);
        } catch (NegativeArraySizeException e) {
            System.out.println("NASE " + e.getMessage());
        }
        int[] nil = null;
        try {
            System.out.println(nil.length);
        } catch (NullPointerException e) {
            System.out.println("NPE on length");
        }
        try {
            nil[0] = 1;
        } catch (NullPointerException e) {
            System.out.println("NPE on store");
        }
        int[] big = new int[100000];
        for (int k = 0; k < big.length; k++) big[k] = k * 7 % 1000;
        long sum = 0;
        for (int v : big) sum += v;
        System.out.println("sum " + sum);
        System.arraycopy(big, 0, big, 5, 10);
        System.out.println(Arrays.toString(Arrays.copyOfRange(big, 0, 16)));
        char[] word = {'h', 'e', 'l', 'l', 'o'};
        System.out.println(new String(word, 1, 3) + String.valueOf(word));
        boolean[] flags = new boolean[5];
        flags[2] = true;
        System.out.println(Arrays.toString(flags));
    }
}
