package java.lang;

import java.util.Objects;

public final class Long extends Number implements Comparable<Long> {
    public static final long MIN_VALUE = 0x8000000000000000L;
    public static final long MAX_VALUE = 0x7fffffffffffffffL;
    public static final int SIZE = 64;
    public static final int BYTES = 8;
    @SuppressWarnings("unchecked")
    public static final Class<Long> TYPE = (Class<Long>) Class.getPrimitiveClass("long");

    private final long value;

    @Deprecated
    public Long(long value) { this.value = value; }

    @Deprecated
    public Long(String s) throws NumberFormatException { this.value = parseLong(s, 10); }

    public static String toString(long i, int radix) {
        if (radix < Character.MIN_RADIX || radix > Character.MAX_RADIX) radix = 10;
        char[] buf = new char[65];
        int charPos = 64;
        boolean negative = (i < 0);
        if (!negative) i = -i;
        while (i <= -radix) {
            buf[charPos--] = Integer.digits[(int) (-(i % radix))];
            i = i / radix;
        }
        buf[charPos] = Integer.digits[(int) (-i)];
        if (negative) buf[--charPos] = '-';
        return new String(buf, charPos, (65 - charPos));
    }

    public static String toString(long i) { return toString(i, 10); }

    public static String toUnsignedString(long i, int radix) {
        if (i >= 0) return toString(i, radix);
        long quot = (i >>> 1) / radix << 1;
        long rem = i - quot * radix;
        if (rem >= radix) {
            rem -= radix;
            quot++;
        }
        return toString(quot, radix) + Character.forDigit((int) rem, radix);
    }

    public static String toUnsignedString(long i) { return toUnsignedString(i, 10); }

    static String toUnsignedString0(long val, int shift) {
        int mag = Long.SIZE - Long.numberOfLeadingZeros(val);
        int chars = Math.max(((mag + (shift - 1)) / shift), 1);
        char[] buf = new char[chars];
        int radix = 1 << shift, mask = radix - 1;
        int charPos = chars;
        do {
            buf[--charPos] = Integer.digits[((int) val) & mask];
            val >>>= shift;
        } while (charPos > 0);
        return new String(buf);
    }

    public static String toHexString(long i) { return toUnsignedString0(i, 4); }

    public static String toOctalString(long i) { return toUnsignedString0(i, 3); }

    public static String toBinaryString(long i) { return toUnsignedString0(i, 1); }

    public static long parseLong(String s, int radix) throws NumberFormatException {
        if (s == null) throw new NumberFormatException("Cannot parse null string: null");
        if (radix < Character.MIN_RADIX)
            throw new NumberFormatException("radix " + radix + " less than Character.MIN_RADIX");
        if (radix > Character.MAX_RADIX)
            throw new NumberFormatException("radix " + radix + " greater than Character.MAX_RADIX");
        boolean negative = false;
        int i = 0, len = s.length();
        long limit = -Long.MAX_VALUE;
        if (len == 0) throw NumberFormatException.forInputString("", radix);
        char firstChar = s.charAt(0);
        if (firstChar < '0') {
            if (firstChar == '-') {
                negative = true;
                limit = Long.MIN_VALUE;
            } else if (firstChar != '+') {
                throw NumberFormatException.forInputString(s, radix);
            }
            if (len == 1) throw NumberFormatException.forInputString(s, radix);
            i++;
        }
        long multmin = limit / radix;
        long result = 0;
        while (i < len) {
            int digit = Character.digit(s.charAt(i++), radix);
            if (digit < 0 || result < multmin) throw NumberFormatException.forInputString(s, radix);
            result *= radix;
            if (result < limit + digit) throw NumberFormatException.forInputString(s, radix);
            result -= digit;
        }
        return negative ? result : -result;
    }

    public static long parseLong(String s) throws NumberFormatException { return parseLong(s, 10); }

    public static long parseUnsignedLong(String s) throws NumberFormatException { return parseUnsignedLong(s, 10); }

    /** [s] as an unsigned long in [radix]: digits only (a leading '+' allowed), at most 2^64-1.
     * A text too long for a long is read as its digits but the last (parseLong's errors), then
     * that last digit. */
    public static long parseUnsignedLong(String s, int radix) throws NumberFormatException {
        if (s == null) throw new NumberFormatException("Cannot parse null string");
        int len = s.length();
        if (len == 0) throw NumberFormatException.forInputString(s, radix);
        if (s.charAt(0) == '-')
            throw new NumberFormatException("Illegal leading minus sign on unsigned string " + s + ".");
        if (len <= 12 || (radix == 10 && len <= 18)) return parseLong(s, radix); // fits a long
        long first = parseLong(s, 0, len - 1, radix);
        int last = Character.digit(s.charAt(len - 1), radix);
        if (last < 0) throw new NumberFormatException("Bad digit at end of " + s);
        long high = first * radix, result = high + last;
        if (compareUnsigned(first, divideUnsigned(-1L, radix)) > 0 || compareUnsigned(result, high) < 0)
            throw new NumberFormatException("String value " + s + " exceeds range of unsigned long.");
        return result;
    }

    /** Chars [beginIndex, endIndex) of [s] as a signed long in [radix]; an error names its index
     * in that range. */
    public static long parseLong(CharSequence s, int beginIndex, int endIndex, int radix) throws NumberFormatException {
        if (beginIndex < 0 || beginIndex > endIndex || endIndex > Objects.requireNonNull(s).length())
            throw new IndexOutOfBoundsException();
        if (radix < Character.MIN_RADIX)
            throw new NumberFormatException("radix " + radix + " less than Character.MIN_RADIX");
        if (radix > Character.MAX_RADIX)
            throw new NumberFormatException("radix " + radix + " greater than Character.MAX_RADIX");
        if (beginIndex == endIndex) throw new NumberFormatException("");
        int i = beginIndex;
        boolean negative = false;
        long limit = -Long.MAX_VALUE;
        char firstChar = s.charAt(i);
        if (firstChar < '0') {
            if (firstChar == '-') {
                negative = true;
                limit = Long.MIN_VALUE;
            } else if (firstChar != '+') {
                throw rangeError(s, beginIndex, endIndex, i);
            }
            i++;
            if (i == endIndex) throw rangeError(s, beginIndex, endIndex, i);
        }
        long multmin = limit / radix, result = 0;
        for (; i < endIndex; i++) {
            int digit = Character.digit(s.charAt(i), radix);
            if (digit < 0 || result < multmin) throw rangeError(s, beginIndex, endIndex, i);
            result *= radix;
            if (result < limit + digit) throw rangeError(s, beginIndex, endIndex, i);
            result -= digit;
        }
        return negative ? result : -result;
    }

    private static NumberFormatException rangeError(CharSequence s, int begin, int end, int at) {
        return new NumberFormatException("Error at index " + (at - begin) + " in: \"" + s.subSequence(begin, end) + "\"");
    }

    /** [nm] as Integer.decode reads it, for longs: an optional sign, then 0x, 0X, # or 0 for a
     * radix of 16 or 8, then digits. */
    public static Long decode(String nm) throws NumberFormatException {
        if (nm.isEmpty()) throw new NumberFormatException("Zero length string");
        int radix = 10, index = 0;
        boolean negative = nm.charAt(0) == '-';
        if (negative || nm.charAt(0) == '+') index++;
        if (nm.startsWith("0x", index) || nm.startsWith("0X", index)) {
            index += 2;
            radix = 16;
        } else if (nm.startsWith("#", index)) {
            index++;
            radix = 16;
        } else if (nm.startsWith("0", index) && nm.length() > 1 + index) {
            index++;
            radix = 8;
        }
        if (nm.startsWith("-", index) || nm.startsWith("+", index))
            throw new NumberFormatException("Sign character in wrong position");
        String digits = nm.substring(index);
        try {
            long v = parseLong(digits, radix);
            return valueOf(negative ? -v : v);
        } catch (NumberFormatException e) { // Long.MIN_VALUE, or a message naming the whole text
            return valueOf(parseLong(negative ? "-" + digits : digits, radix));
        }
    }

    /** The system property [nm] decoded as a Long, or [val] when it is absent or no number. */
    public static Long getLong(String nm, Long val) {
        String v = null;
        try {
            v = System.getProperty(nm);
        } catch (IllegalArgumentException | NullPointerException e) {
        }
        if (v != null) {
            try {
                return Long.decode(v);
            } catch (NumberFormatException e) {
            }
        }
        return val;
    }

    public static Long getLong(String nm) { return getLong(nm, null); }

    public static Long getLong(String nm, long val) {
        Long result = getLong(nm, null);
        return result == null ? Long.valueOf(val) : result;
    }

    public static Long valueOf(String s, int radix) throws NumberFormatException { return valueOf(parseLong(s, radix)); }

    public static Long valueOf(String s) throws NumberFormatException { return valueOf(parseLong(s, 10)); }

    private static final class LongCache {
        static final Long[] cache;

        static {
            Long[] c = new Long[-(-128) + 127 + 1];
            for (int i = 0; i < c.length; i++) c[i] = new Long(i - 128);
            cache = c;
            jdk.internal.porcheck.VM.constant(c);
        }
    }

    public static Long valueOf(long l) {
        if (l >= -128 && l <= 127) return LongCache.cache[(int) l + 128];
        return new Long(l);
    }

    public byte byteValue() { return (byte) value; }

    public short shortValue() { return (short) value; }

    public int intValue() { return (int) value; }

    public long longValue() { return value; }

    public float floatValue() { return (float) value; }

    public double doubleValue() { return (double) value; }

    public String toString() { return toString(value); }

    public int hashCode() { return hashCode(value); }

    public static int hashCode(long value) { return (int) (value ^ (value >>> 32)); }

    public boolean equals(Object obj) {
        if (obj instanceof Long) return value == ((Long) obj).longValue();
        return false;
    }

    public int compareTo(Long anotherLong) { return compare(this.value, anotherLong.value); }

    public static int compare(long x, long y) { return (x < y) ? -1 : ((x == y) ? 0 : 1); }

    public static int compareUnsigned(long x, long y) { return compare(x + MIN_VALUE, y + MIN_VALUE); }

    public static long highestOneBit(long i) { return i & (MIN_VALUE >>> numberOfLeadingZeros(i)); }

    public static long lowestOneBit(long i) { return i & -i; }

    public static int numberOfLeadingZeros(long i) {
        int x = (int) (i >>> 32);
        return x == 0 ? 32 + Integer.numberOfLeadingZeros((int) i) : Integer.numberOfLeadingZeros(x);
    }

    public static int numberOfTrailingZeros(long i) {
        int x = (int) i;
        return x == 0 ? 32 + Integer.numberOfTrailingZeros((int) (i >>> 32)) : Integer.numberOfTrailingZeros(x);
    }

    public static int bitCount(long i) { return Integer.bitCount((int) i) + Integer.bitCount((int) (i >>> 32)); }

    public static long rotateLeft(long i, int distance) { return (i << distance) | (i >>> -distance); }

    public static long rotateRight(long i, int distance) { return (i >>> distance) | (i << -distance); }

    public static long reverse(long i) {
        return ((long) Integer.reverse((int) i) << 32) | (Integer.reverse((int) (i >>> 32)) & 0xffffffffL);
    }

    public static long reverseBytes(long i) {
        return ((long) Integer.reverseBytes((int) i) << 32) | (Integer.reverseBytes((int) (i >>> 32)) & 0xffffffffL);
    }

    public static int signum(long i) { return (int) ((i >> 63) | (-i >>> 63)); }

    public static long sum(long a, long b) { return a + b; }

    public static long max(long a, long b) { return Math.max(a, b); }

    public static long min(long a, long b) { return Math.min(a, b); }

    public static long divideUnsigned(long dividend, long divisor) {
        if (divisor < 0) return compareUnsigned(dividend, divisor) < 0 ? 0L : 1L;
        if (dividend > 0) return dividend / divisor;
        long q = ((dividend >>> 1) / divisor) << 1;
        long r = dividend - q * divisor;
        return q + (compareUnsigned(r, divisor) >= 0 ? 1 : 0);
    }

    public static long remainderUnsigned(long dividend, long divisor) {
        return dividend - divideUnsigned(dividend, divisor) * divisor;
    }
}
