// Narrowing and widening conversions and char arithmetic.
public class Conversions {
    public static void main(String[] args) {
        int[] ints = {0, 1, 127, 128, 255, 256, -1, -128, -129, 32767, 32768, 65535, 65536, Integer.MAX_VALUE, Integer.MIN_VALUE};
        for (int i : ints) {
            System.out.println(i + " -> b" + (byte) i + " s" + (short) i + " c" + (int) (char) i + " l" + (long) i + " f" + (float) i + " d" + (double) i);
        }
        long[] longs = {0L, 1L << 31, 1L << 32, -1L, Long.MAX_VALUE, Long.MIN_VALUE, 0x123456789abcdefL};
        for (long l : longs) System.out.println(l + " -> i" + (int) l + " f" + (float) l + " d" + (double) l + " s" + (short) l);
        double[] ds = {0.5, -0.5, 1.9999, -1.9999, 2.5e9, -2.5e9, 1e19, -1e19, Double.NaN, Double.POSITIVE_INFINITY};
        for (double d : ds) System.out.println(d + " -> i" + (int) d + " l" + (long) d + " f" + (float) d + " b" + (byte) d + " c" + (int) (char) d);
        char c = 'A';
        c += 2;
        c++;
        char d = (char) (c + 1);
        System.out.println(c + " " + d + " " + (c + d) + " " + (char) (c | 0x20) + " " + Character.getNumericValue('7'));
        for (char x = 'a'; x < 'g'; x++) System.out.print(x);
        System.out.println();
        byte b = 10;
        b += 300;
        short s = 1000;
        s *= 100;
        System.out.println(b + " " + s);
        boolean flag = true;
        flag &= false;
        flag |= true;
        flag ^= true;
        System.out.println(flag);
    }
}
