// Double.toString/Float.toString exactly as JDK 17 prints them, and parsing.
import java.util.Random;

public class DoubleFormatting {
    public static void main(String[] args) {
        double[] ds = {0.1, 0.2, 0.3, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 100, 1e7, 9999999.0, 1e-3, 9.99e-4, 1e21, 1e22, 1e23, 2e23, 5e-324, 1.7976931348623157e308,
                123456789012345678.0, 0.000123, 4.35, 2.675, 1.005, 8.41, 3.0e10, 1234.5e-2, Math.PI * 1e10, 2.2250738585072014E-308};
        for (double d : ds) System.out.println(d + " " + (float) d + " " + (-d) + " " + Double.toString(d * 3) + " " + Float.toString((float) (d / 7)));
        Random r = new Random(2024);
        for (int i = 0; i < 400; i++) {
            double d = Double.longBitsToDouble(r.nextLong());
            float f = Float.intBitsToFloat(r.nextInt());
            double m = r.nextInt(1000000) / 1000.0;
            System.out.println(d + " " + f + " " + m + " " + (float) m + " " + (long) (m * 1e6) * 1.0);
        }
        for (int e = 0; e < 64; e++) System.out.print((double) (1L << e) + " " + (float) (1L << e) + " ");
        System.out.println();
        String[] in = {"1", "1.5", "-0.0", ".5", "5.", "1e3", "1E-3", "  7.25  ", "NaN", "-Infinity", "0x1p4", "1.0f", "2d", "1e400", "1e-400"};
        for (String s : in) System.out.println("'" + s + "' " + Double.parseDouble(s) + " " + Float.parseFloat(s) + " " + Double.valueOf(s).hashCode());
        System.out.println(Double.toHexString(1.0) + " " + Double.toHexString(-0.1) + " " + Double.toHexString(Double.MIN_VALUE) + " " + Double.isNaN(0.0 / 0.0)
                + " " + Double.isInfinite(-1 / 0.0) + " " + Double.isFinite(1e308 * 10) + " " + Double.MAX_VALUE + " " + Float.MIN_NORMAL);
    }
}
