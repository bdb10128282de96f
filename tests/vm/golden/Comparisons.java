// Comparison instructions on every type, including NaN and references.
public class Comparisons {
    static String cmp(double a, double b) { return (a < b ? "<" : "") + (a <= b ? "<=" : "") + (a > b ? ">" : "") + (a >= b ? ">=" : "") + (a == b ? "==" : "") + (a != b ? "!=" : ""); }

    static String cmp(float a, float b) { return (a < b ? "<" : "") + (a <= b ? "<=" : "") + (a > b ? ">" : "") + (a >= b ? ">=" : "") + (a == b ? "==" : "") + (a != b ? "!=" : ""); }

    static String cmp(long a, long b) { return (a < b ? "<" : "") + (a <= b ? "<=" : "") + (a > b ? ">" : "") + (a >= b ? ">=" : "") + (a == b ? "==" : "") + (a != b ? "!=" : ""); }

    public static void main(String[] args) {
        double[] ds = {Double.NaN, -1.0, -0.0, 0.0, 1.0, Double.POSITIVE_INFINITY};
        for (double a : ds) for (double b : ds) System.out.println(a + " " + b + " " + cmp(a, b) + " " + cmp((float) a, (float) b) + " " + Double.compare(a, b));
        long[] ls = {Long.MIN_VALUE, -1, 0, 1, Long.MAX_VALUE};
        for (long a : ls) for (long b : ls) System.out.println(a + " " + b + " " + cmp(a, b));
        Object o1 = new Object(), o2 = new Object(), n = null;
        System.out.println((o1 == o1) + " " + (o1 == o2) + " " + (o1 != o2) + " " + (n == null) + " " + (o1 != null));
        String s1 = "hello", s2 = "hel" + "lo", s3 = new String("hello");
        System.out.println((s1 == s2) + " " + (s1 == s3) + " " + s1.equals(s3) + " " + (s1 == s3.intern()));
        int count = 0;
        for (int i = -5; i <= 5; i++) {
            if (i < 0) count += 1;
            if (i <= 0) count += 10;
            if (i > 0) count += 100;
            if (i >= 0) count += 1000;
            if (i == 0) count += 10000;
            if (i != 0) count += 100000;
        }
        System.out.println(count);
    }
}
