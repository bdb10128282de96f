package cftest;

/** Constants of every kind, arithmetic, conversions and bit operations. */
public class Basics {
    static final int BIG_INT = 123456789;
    static final long BIG_LONG = 0x7fffffffffffffffL;
    static final long NEG_LONG = -9876543210L;
    static final float F_PI = 3.14159f;
    static final double D_E = 2.718281828459045;
    static final char CH = 'Q';
    static final boolean FLAG = true;
    static final short SH = -1234;
    static final byte BY = 100;
    static final String GREETING = "hello";
    static double[] special = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
        Double.MIN_VALUE, Double.MAX_VALUE, -0.0, 1e-3, 9.999e-4, 1e7, 9999999.0, 123456.789e10, 1.0E-300};
    static float[] specialF = {Float.NaN, Float.POSITIVE_INFINITY, Float.MIN_VALUE, Float.MAX_VALUE,
        -0.0f, 0.001f, 1e7f, 1.17549435E-38f, 0.3f, 16777216f, 1.0E-10f};

    int ints(int a, int b) {
        int c = a + b - a * b / (b | 1) % 7;
        c <<= 3;
        c >>= 1;
        c >>>= 2;
        c ^= ~a & b | a;
        return -c;
    }

    long longs(long a, long b) {
        long c = a + b - a * b / (b | 1) % 7;
        c = c << 3 >> 1 >>> 2;
        c ^= ~a & b | a;
        return a < b ? -c : c == 0 ? 1L : 1000000L;
    }

    double doubles(double a, float f) {
        double d = a * 2.5 + f / 3.0f - (a % 1.5);
        if (d > a || d < -a || d != d) return d;
        return -d + 1.0;
    }

    Object conversions(int i, long l, float f, double d) {
        byte b = (byte) i;
        char c = (char) i;
        short s = (short) i;
        return (long) i + (float) l + (double) f + (int) d + (long) d + (float) d + (int) f
            + (long) f + (int) l + (double) l + b + c + s;
    }

    int constants() {
        int a = -1 + 0 + 1 + 2 + 3 + 4 + 5;
        int b = 127 + -128 + 32767 + -32768 + 65536 + Integer.MIN_VALUE;
        long c = 0L + 1L + 2L;
        float d = 0f + 1f + 2f + 3f;
        double e = 0d + 1d + 2d;
        return a + b + (int) (c + d + e) + CH + SH + BY + (FLAG ? 1 : 0);
    }

    static int iinc(int n) {
        int sum = 0;
        for (int i = 0; i < n; i += 1000) sum += 200;
        for (int i = n; i > 0; i -= 129) sum -= 127;
        return sum;
    }

    static boolean compare(long a, long b, float c, float d, double e, double f, Object o) {
        return a > b && c < d && e >= f && o != null && o == (Object) "x";
    }
}
