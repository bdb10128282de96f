// Long arithmetic: wrap-around, division edge cases, shifts by int amounts, comparisons.
public class LongArith {
    static long[] values = {0L, 1L, -1L, 7L, -7L, 1L << 40, -(1L << 33), Long.MAX_VALUE, Long.MIN_VALUE, 0x5555555555555555L, 1234567890123L};

    public static void main(String[] args) {
        for (long a : values) {
            for (long b : values) {
                String line = a + " " + b + ": " + (a + b) + " " + (a - b) + " " + (a * b) + " "
                        + (b != 0 ? (a / b) + " " + (a % b) : "div0") + " " + (a & b) + " " + (a | b) + " " + (a ^ b)
                        + " cmp " + (a < b) + (a == b) + (a > b) + " " + Long.compare(a, b);
                System.out.println(line);
            }
            for (int s = -5; s < 130; s += 11) System.out.println(a + " << " + s + " = " + (a << s) + " " + (a >> s) + " " + (a >>> s));
        }
        System.out.println(Long.MIN_VALUE / -1L);
        System.out.println(Long.MIN_VALUE % -1L);
        try {
            System.out.println(values[1] / values[0]);
        } catch (ArithmeticException e) {
            System.out.println("caught " + e.getMessage());
        }
        long acc = 1;
        for (int i = 1; i <= 30; i++) acc = acc * 31 + i;
        System.out.println("acc " + acc);
        long[] arr = new long[4];
        arr[1] += 5;
        arr[2] = arr[1]++ * 3;
        arr[3] -= arr[2]--;
        System.out.println(arr[0] + " " + arr[1] + " " + arr[2] + " " + arr[3]);
        int i = (int) (1L << 35 | 12345);
        System.out.println(i + " " + (long) i + " " + (int) Long.MAX_VALUE + " " + (short) 123456789012L);
    }
}
