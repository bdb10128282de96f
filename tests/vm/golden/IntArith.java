// Integer arithmetic with Java semantics: wrap-around, division and remainder edge cases, shifts.
public class IntArith {
    static int[] values = {0, 1, -1, 7, -7, 13, 100, -100, Integer.MAX_VALUE, Integer.MIN_VALUE, 0x55555555, 123456789};

    public static void main(String[] args) {
        for (int a : values) {
            for (int b : values) {
                StringBuilder sb = new StringBuilder();
                sb.append(a).append(' ').append(b).append(": ");
                sb.append(a + b).append(' ').append(a - b).append(' ').append(a * b).append(' ');
                if (b != 0) sb.append(a / b).append(' ').append(a % b).append(' ');
                else sb.append("div0 ");
                sb.append(a & b).append(' ').append(a | b).append(' ').append(a ^ b);
                System.out.println(sb);
            }
        }
        for (int a : values) {
            for (int s = -3; s < 70; s += 7) {
                System.out.println(a + " shifts " + s + ": " + (a << s) + " " + (a >> s) + " " + (a >>> s));
            }
            System.out.println("neg " + (-a) + " not " + (~a));
        }
        int x = Integer.MAX_VALUE;
        x++;
        System.out.println("inc " + x);
        x += 1000;
        x -= 1;
        x *= 3;
        x /= 7;
        x %= 1000;
        x <<= 3;
        x >>= 1;
        x >>>= 2;
        x ^= 0xff;
        x |= 0x100;
        x &= 0xfff;
        System.out.println("compound " + x);
        try {
            System.out.println(values[2] / values[0]);
        } catch (ArithmeticException e) {
            System.out.println("caught " + e.getMessage());
        }
        try {
            System.out.println(values[3] % values[0]);
        } catch (ArithmeticException e) {
            System.out.println("caught rem " + e.getMessage());
        }
        System.out.println(Integer.MIN_VALUE / -1);
        System.out.println(Integer.MIN_VALUE % -1);
        short sh = (short) 40000;
        byte by = (byte) 200;
        char ch = (char) -1;
        System.out.println(sh + " " + by + " " + (int) ch + " " + (sh + by + ch));
        int sum = 0;
        for (int i = -1000; i < 1000; i += 3) sum += i * i - i / 3;
        System.out.println("sum " + sum);
    }
}
