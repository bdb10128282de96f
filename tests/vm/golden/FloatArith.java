// Float arithmetic: rounding, NaN and infinity, signed zero, conversions with saturation.
public class FloatArith {
    public static void main(String[] args) {
        float[] v = {0f, -0f, 1f, -1f, 0.1f, 1.5f, -2.5f, 3.4028235e38f, 1.4e-45f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 1e10f, 123.456f};
        for (float a : v) {
            for (float b : v) {
                System.out.println(a + " " + b + ": " + (a + b) + " " + (a - b) + " " + (a * b) + " " + (a / b) + " " + (a % b)
                        + " " + (a < b) + " " + (a <= b) + " " + (a == b) + " " + (a != b) + " " + Float.compare(a, b));
            }
            System.out.println("conv " + (int) a + " " + (long) a + " " + (double) a + " " + (short) a + " " + (byte) a + " " + (char) a + 0);
        }
        float f = 0.1f;
        float sum = 0;
        for (int i = 0; i < 10; i++) sum += f;
        System.out.println("sum " + sum + " " + (sum == 1.0f));
        System.out.println((float) 16777217 + " " + (float) 123456789L + " " + (float) 0.1 + " " + (1.0f / 3));
        System.out.println(Float.floatToIntBits(-0f) + " " + Float.intBitsToFloat(0x7f7fffff) + " " + Float.MIN_VALUE + " " + Float.MAX_VALUE);
        System.out.println(Math.abs(-0f) + " " + Math.max(-0f, 0f) + " " + Math.min(-0f, 0f) + " " + Math.max(Float.NaN, 1f));
    }
}
