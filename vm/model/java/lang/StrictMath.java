package java.lang;

import java.util.Random;

public final class StrictMath {
    public static final double E = 2.7182818284590452354;
    public static final double PI = 3.14159265358979323846;

    private StrictMath() {}

    public static native double sin(double a);
    public static native double cos(double a);
    public static native double tan(double a);
    public static native double asin(double a);
    public static native double acos(double a);
    public static native double atan(double a);
    public static native double exp(double a);
    public static native double log(double a);
    public static native double log10(double a);
    public static native double sqrt(double a);
    public static native double cbrt(double a);
    public static native double sinh(double a);
    public static native double cosh(double a);
    public static native double tanh(double a);
    public static native double expm1(double a);
    public static native double log1p(double a);
    public static native double floor(double a);
    public static native double ceil(double a);
    public static native double rint(double a);
    public static native double atan2(double y, double x);
    public static native double pow(double a, double b);
    public static native double hypot(double x, double y);
    public static native double IEEEremainder(double f1, double f2);

    public static double toRadians(double angdeg) { return angdeg * 0.017453292519943295; }

    public static double toDegrees(double angrad) { return angrad * 57.29577951308232; }

    public static long round(double a) {
        if (a != a) return 0;
        double f = floor(a);
        return (long) (a - f >= 0.5 ? f + 1 : f);
    }

    public static int round(float a) {
        if (a != a) return 0;
        double f = floor(a);
        return (int) (a - f >= 0.5 ? f + 1 : f);
    }

    private static final class RandomHolder {
        static final Random generator = new Random();
    }

    public static double random() { return RandomHolder.generator.nextDouble(); }

    public static int addExact(int x, int y) {
        int r = x + y;
        if (((x ^ r) & (y ^ r)) < 0) throw new ArithmeticException("integer overflow");
        return r;
    }

    public static long addExact(long x, long y) {
        long r = x + y;
        if (((x ^ r) & (y ^ r)) < 0) throw new ArithmeticException("long overflow");
        return r;
    }

    public static int subtractExact(int x, int y) {
        int r = x - y;
        if (((x ^ y) & (x ^ r)) < 0) throw new ArithmeticException("integer overflow");
        return r;
    }

    public static long subtractExact(long x, long y) {
        long r = x - y;
        if (((x ^ y) & (x ^ r)) < 0) throw new ArithmeticException("long overflow");
        return r;
    }

    public static int multiplyExact(int x, int y) {
        long r = (long) x * (long) y;
        if ((int) r != r) throw new ArithmeticException("integer overflow");
        return (int) r;
    }

    public static long multiplyExact(long x, int y) { return multiplyExact(x, (long) y); }

    public static long multiplyExact(long x, long y) {
        long r = x * y;
        long ax = Math.abs(x), ay = Math.abs(y);
        if (((ax | ay) >>> 31 != 0)) {
            if (((y != 0) && (r / y != x)) || (x == Long.MIN_VALUE && y == -1)) throw new ArithmeticException("long overflow");
        }
        return r;
    }

    public static int incrementExact(int a) {
        if (a == Integer.MAX_VALUE) throw new ArithmeticException("integer overflow");
        return a + 1;
    }

    public static long incrementExact(long a) {
        if (a == Long.MAX_VALUE) throw new ArithmeticException("long overflow");
        return a + 1L;
    }

    public static int decrementExact(int a) {
        if (a == Integer.MIN_VALUE) throw new ArithmeticException("integer overflow");
        return a - 1;
    }

    public static long decrementExact(long a) {
        if (a == Long.MIN_VALUE) throw new ArithmeticException("long overflow");
        return a - 1L;
    }

    public static int negateExact(int a) {
        if (a == Integer.MIN_VALUE) throw new ArithmeticException("integer overflow");
        return -a;
    }

    public static long negateExact(long a) {
        if (a == Long.MIN_VALUE) throw new ArithmeticException("long overflow");
        return -a;
    }

    public static int toIntExact(long value) {
        if ((int) value != value) throw new ArithmeticException("integer overflow");
        return (int) value;
    }

    public static int floorDiv(int x, int y) {
        int q = x / y;
        if ((x ^ y) < 0 && (q * y != x)) q--;
        return q;
    }

    public static long floorDiv(long x, int y) { return floorDiv(x, (long) y); }

    public static long floorDiv(long x, long y) {
        long q = x / y;
        if ((x ^ y) < 0 && (q * y != x)) q--;
        return q;
    }

    public static int floorMod(int x, int y) {
        int mod = x % y;
        if ((mod ^ y) < 0 && mod != 0) mod += y;
        return mod;
    }

    public static int floorMod(long x, int y) { return (int) floorMod(x, (long) y); }

    public static long floorMod(long x, long y) {
        long mod = x % y;
        if ((mod ^ y) < 0 && mod != 0) mod += y;
        return mod;
    }

    public static int abs(int a) { return (a < 0) ? -a : a; }

    public static int absExact(int a) {
        if (a == Integer.MIN_VALUE) throw new ArithmeticException("Overflow to represent absolute value of Integer.MIN_VALUE");
        return abs(a);
    }

    public static long abs(long a) { return (a < 0) ? -a : a; }

    public static float abs(float a) { return Float.intBitsToFloat(Float.floatToRawIntBits(a) & 0x7fffffff); }

    public static double abs(double a) { return Double.longBitsToDouble(Double.doubleToRawLongBits(a) & 0x7fffffffffffffffL); }

    public static int max(int a, int b) { return (a >= b) ? a : b; }

    public static long max(long a, long b) { return (a >= b) ? a : b; }

    public static float max(float a, float b) {
        if (a != a) return a;
        if ((a == 0.0f) && (b == 0.0f) && (Float.floatToRawIntBits(a) == Float.floatToRawIntBits(-0.0f))) return b;
        return (a >= b) ? a : b;
    }

    public static double max(double a, double b) {
        if (a != a) return a;
        if ((a == 0.0d) && (b == 0.0d) && (Double.doubleToRawLongBits(a) == Double.doubleToRawLongBits(-0.0d))) return b;
        return (a >= b) ? a : b;
    }

    public static int min(int a, int b) { return (a <= b) ? a : b; }

    public static long min(long a, long b) { return (a <= b) ? a : b; }

    public static float min(float a, float b) {
        if (a != a) return a;
        if ((a == 0.0f) && (b == 0.0f) && (Float.floatToRawIntBits(b) == Float.floatToRawIntBits(-0.0f))) return b;
        return (a <= b) ? a : b;
    }

    public static double min(double a, double b) {
        if (a != a) return a;
        if ((a == 0.0d) && (b == 0.0d) && (Double.doubleToRawLongBits(b) == Double.doubleToRawLongBits(-0.0d))) return b;
        return (a <= b) ? a : b;
    }

    public static double signum(double d) { return (d == 0.0 || Double.isNaN(d)) ? d : copySign(1.0, d); }

    public static float signum(float f) { return (f == 0.0f || Float.isNaN(f)) ? f : copySign(1.0f, f); }

    public static double copySign(double magnitude, double sign) {
        return Double.longBitsToDouble((Double.doubleToRawLongBits(sign) & 0x8000000000000000L)
                | (Double.doubleToRawLongBits(magnitude) & 0x7fffffffffffffffL));
    }

    public static float copySign(float magnitude, float sign) {
        return Float.intBitsToFloat((Float.floatToRawIntBits(sign) & 0x80000000) | (Float.floatToRawIntBits(magnitude) & 0x7fffffff));
    }

    public static double ulp(double d) {
        if (Double.isNaN(d)) return d;
        if (Double.isInfinite(d)) return Double.POSITIVE_INFINITY;
        d = abs(d);
        if (d == Double.MAX_VALUE) return 1.9958403095347198E292;
        return Double.longBitsToDouble(Double.doubleToRawLongBits(d) + 1) - d;
    }

    public static double scalb(double d, int scaleFactor) {
        if (scaleFactor > 2100) scaleFactor = 2100;
        if (scaleFactor < -2100) scaleFactor = -2100;
        while (scaleFactor > 512) {
            d *= 0x1p512;
            scaleFactor -= 512;
        }
        while (scaleFactor < -512) {
            d *= 0x1p-512;
            scaleFactor += 512;
        }
        return d * Double.longBitsToDouble((long) (scaleFactor + 1023) << 52);
    }

    public static float scalb(float f, int scaleFactor) {
        if (scaleFactor > 300) scaleFactor = 300;
        if (scaleFactor < -300) scaleFactor = -300;
        return (float) ((double) f * scalb(1.0, scaleFactor));
    }

    public static int getExponent(double d) { return (int) (((Double.doubleToRawLongBits(d) & 0x7ff0000000000000L) >> 52) - 1023); }

    public static double nextUp(double d) {
        if (Double.isNaN(d) || d == Double.POSITIVE_INFINITY) return d;
        d += 0.0d;
        return Double.longBitsToDouble(Double.doubleToRawLongBits(d) + ((d >= 0.0d) ? +1L : -1L));
    }

    // The same exact results as Math's: one implementation, there.
    public static long multiplyFull(int x, int y) { return Math.multiplyFull(x, y); }

    public static long multiplyHigh(long x, long y) { return Math.multiplyHigh(x, y); }

    public static long absExact(long a) { return Math.absExact(a); }

    public static float ulp(float f) { return Math.ulp(f); }

    public static int getExponent(float f) { return Math.getExponent(f); }

    public static float nextUp(float f) { return Math.nextUp(f); }

    public static double nextDown(double d) { return Math.nextDown(d); }

    public static float nextDown(float f) { return Math.nextDown(f); }

    public static double nextAfter(double start, double direction) { return Math.nextAfter(start, direction); }

    public static float nextAfter(float start, double direction) { return Math.nextAfter(start, direction); }
}
