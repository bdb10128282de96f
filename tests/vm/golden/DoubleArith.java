// Double arithmetic and Double.toString of many magnitudes.
public class DoubleArith {
    public static void main(String[] args) {
        double[] v = {0.0, -0.0, 1.0, -1.0, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 100.0, 1e7, 1e-3, 1e-4, 123456789.125, 1e21, 1e22,
                1.7976931348623157e308, 4.9e-324, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Math.PI, Math.E, 12345.6789e-10};
        for (double a : v) {
            for (double b : v) {
                System.out.println(a + " " + b + ": " + (a + b) + " " + (a - b) + " " + (a * b) + " " + (a / b) + " " + (a % b)
                        + " " + (a < b) + (a > b) + (a == b) + " " + Double.compare(a, b));
            }
            System.out.println("conv " + (int) a + " " + (long) a + " " + (float) a + " " + (char) (int) a);
        }
        double d = 0;
        for (int i = 0; i < 10; i++) d += 0.1;
        System.out.println(d + " " + (d == 1.0) + " " + (0.1 + 0.2) + " " + (0.1 + 0.2 == 0.3));
        for (int e = -12; e <= 24; e += 3) {
            double x = Math.pow(10, e);
            System.out.println(e + " " + x + " " + (x * 1.5) + " " + (x / 7) + " " + (-x * 3.25));
        }
        long bits = Double.doubleToLongBits(-0.0);
        System.out.println(bits + " " + Double.longBitsToDouble(0x7fefffffffffffffL) + " " + Double.MIN_VALUE);
        System.out.println((double) Long.MAX_VALUE + " " + (long) 9.223372036854776E18 + " " + (int) -1e100 + " " + (long) Double.NaN);
        System.out.println(Double.valueOf(2.5).equals(2.5) + " " + Double.valueOf(Double.NaN).equals(Double.NaN) + " " + (Double.NaN == Double.NaN)
                + " " + Double.valueOf(0.0).equals(-0.0));
    }
}
