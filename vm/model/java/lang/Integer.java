package java.lang;

public final class Integer extends Number implements Comparable<Integer> {
    public static final int MIN_VALUE = 0x80000000;
    public static final int MAX_VALUE = 0x7fffffff;
    public static final int SIZE = 32;
    public static final int BYTES = 4;
    @SuppressWarnings("unchecked")
    public static final Class<Integer> TYPE = (Class<Integer>) Class.getPrimitiveClass("int");

    static final char[] digits = {
        '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h',
        'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z'
    };

    private final int value;

    @Deprecated
    public Integer(int value) { this.value = value; }

    @Deprecated
    public Integer(String s) throws NumberFormatException { this.value = parseInt(s, 10); }

    public static String toString(int i, int radix) {
        if (radix < Character.MIN_RADIX || radix > Character.MAX_RADIX) radix = 10;
        if (radix == 10) return toString(i);
        return Long.toString(i, radix);
    }

    public static String toString(int i) {
        if (i == MIN_VALUE) return "-2147483648";
        char[] buf = new char[11];
        int pos = 11;
        boolean negative = i < 0;
        if (negative) i = -i;
        do {
            buf[--pos] = (char) ('0' + i % 10);
            i /= 10;
        } while (i != 0);
        if (negative) buf[--pos] = '-';
        return new String(buf, pos, 11 - pos);
    }

    static String toUnsignedString0(int val, int shift) {
        int mag = Integer.SIZE - Integer.numberOfLeadingZeros(val);
        int chars = Math.max(((mag + (shift - 1)) / shift), 1);
        char[] buf = new char[chars];
        int radix = 1 << shift, mask = radix - 1;
        int charPos = chars;
        do {
            buf[--charPos] = digits[val & mask];
            val >>>= shift;
        } while (charPos > 0);
        return new String(buf);
    }

    public static String toHexString(int i) { return toUnsignedString0(i, 4); }

    public static String toOctalString(int i) { return toUnsignedString0(i, 3); }

    public static String toBinaryString(int i) { return toUnsignedString0(i, 1); }

    public static String toUnsignedString(int i) { return Long.toString(toUnsignedLong(i)); }

    public static String toUnsignedString(int i, int radix) { return Long.toUnsignedString(toUnsignedLong(i), radix); }

    public static int parseInt(String s, int radix) throws NumberFormatException {
        if (s == null) throw new NumberFormatException("Cannot parse null string: null");
        if (radix < Character.MIN_RADIX)
            throw new NumberFormatException("radix " + radix + " less than Character.MIN_RADIX");
        if (radix > Character.MAX_RADIX)
            throw new NumberFormatException("radix " + radix + " greater than Character.MAX_RADIX");
        boolean negative = false;
        int i = 0, len = s.length();
        int limit = -Integer.MAX_VALUE;
        if (len == 0) throw NumberFormatException.forInputString("", radix);
        char firstChar = s.charAt(0);
        if (firstChar < '0') {
            if (firstChar == '-') {
                negative = true;
                limit = Integer.MIN_VALUE;
            } else if (firstChar != '+') {
                throw NumberFormatException.forInputString(s, radix);
            }
            if (len == 1) throw NumberFormatException.forInputString(s, radix);
            i++;
        }
        int multmin = limit / radix;
        int result = 0;
        while (i < len) {
            int digit = Character.digit(s.charAt(i++), radix);
            if (digit < 0 || result < multmin) throw NumberFormatException.forInputString(s, radix);
            result *= radix;
            if (result < limit + digit) throw NumberFormatException.forInputString(s, radix);
            result -= digit;
        }
        return negative ? result : -result;
    }

    public static int parseInt(String s) throws NumberFormatException {
        if (s == null) throw new NumberFormatException("Cannot parse null string: null");
        return parseInt(s, 10);
    }

    public static int parseUnsignedInt(String s) { return parseUnsignedInt(s, 10); }

    public static int parseUnsignedInt(String s, int radix) {
        long v = Long.parseLong(s, radix);
        if ((v & 0xffffffff00000000L) != 0 || s.startsWith("-"))
            throw new NumberFormatException("String value " + s + " exceeds range of unsigned int.");
        return (int) v;
    }

    public static Integer valueOf(String s, int radix) throws NumberFormatException { return valueOf(parseInt(s, radix)); }

    public static Integer valueOf(String s) throws NumberFormatException { return valueOf(parseInt(s, 10)); }

    private static final class IntegerCache {
        static final int low = -128;
        static final int high = 127;
        static final Integer[] cache;

        static {
            Integer[] c = new Integer[(high - low) + 1];
            int j = low;
            for (int k = 0; k < c.length; k++) c[k] = new Integer(j++);
            cache = c;
            jdk.internal.porcheck.VM.constant(c);
        }
    }

    public static Integer valueOf(int i) {
        if (i >= IntegerCache.low && i <= IntegerCache.high) return IntegerCache.cache[i + (-IntegerCache.low)];
        return new Integer(i);
    }

    public static Integer decode(String nm) throws NumberFormatException {
        int radix = 10, index = 0;
        boolean negative = false;
        if (nm.isEmpty()) throw new NumberFormatException("Zero length string");
        char firstChar = nm.charAt(0);
        if (firstChar == '-') {
            negative = true;
            index++;
        } else if (firstChar == '+') {
            index++;
        }
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
        long v = Long.parseLong(nm.substring(index), radix);
        return valueOf((int) (negative ? -v : v));
    }

    public byte byteValue() { return (byte) value; }

    public short shortValue() { return (short) value; }

    public int intValue() { return value; }

    public long longValue() { return value; }

    public float floatValue() { return (float) value; }

    public double doubleValue() { return (double) value; }

    public String toString() { return toString(value); }

    public int hashCode() { return value; }

    public static int hashCode(int value) { return value; }

    public boolean equals(Object obj) {
        if (obj instanceof Integer) return value == ((Integer) obj).intValue();
        return false;
    }

    /** The system property [nm] decoded as an Integer, or [val] when it is absent or no number. */
    public static Integer getInteger(String nm, Integer val) {
        String v = null;
        try {
            v = System.getProperty(nm);
        } catch (IllegalArgumentException | NullPointerException e) {
        }
        if (v != null) {
            try {
                return Integer.decode(v);
            } catch (NumberFormatException e) {
            }
        }
        return val;
    }

    public static Integer getInteger(String nm) { return getInteger(nm, null); }

    public static Integer getInteger(String nm, int val) {
        Integer result = getInteger(nm, null);
        return result == null ? Integer.valueOf(val) : result;
    }

    public int compareTo(Integer anotherInteger) { return compare(this.value, anotherInteger.value); }

    public static int compare(int x, int y) { return (x < y) ? -1 : ((x == y) ? 0 : 1); }

    public static int compareUnsigned(int x, int y) { return compare(x + MIN_VALUE, y + MIN_VALUE); }

    public static long toUnsignedLong(int x) { return ((long) x) & 0xffffffffL; }

    public static int divideUnsigned(int dividend, int divisor) { return (int) (toUnsignedLong(dividend) / toUnsignedLong(divisor)); }

    public static int remainderUnsigned(int dividend, int divisor) { return (int) (toUnsignedLong(dividend) % toUnsignedLong(divisor)); }

    public static int highestOneBit(int i) { return i & (MIN_VALUE >>> numberOfLeadingZeros(i)); }

    public static int lowestOneBit(int i) { return i & -i; }

    public static int numberOfLeadingZeros(int i) {
        if (i <= 0) return i == 0 ? 32 : 0;
        int n = 31;
        if (i >= 1 << 16) { n -= 16; i >>>= 16; }
        if (i >= 1 << 8) { n -= 8; i >>>= 8; }
        if (i >= 1 << 4) { n -= 4; i >>>= 4; }
        if (i >= 1 << 2) { n -= 2; i >>>= 2; }
        return n - (i >>> 1);
    }

    public static int numberOfTrailingZeros(int i) {
        if (i == 0) return 32;
        int n = 0;
        while ((i & 1) == 0) {
            i >>>= 1;
            n++;
        }
        return n;
    }

    public static int bitCount(int i) {
        i = i - ((i >>> 1) & 0x55555555);
        i = (i & 0x33333333) + ((i >>> 2) & 0x33333333);
        i = (i + (i >>> 4)) & 0x0f0f0f0f;
        i = i + (i >>> 8);
        i = i + (i >>> 16);
        return i & 0x3f;
    }

    public static int rotateLeft(int i, int distance) { return (i << distance) | (i >>> -distance); }

    public static int rotateRight(int i, int distance) { return (i >>> distance) | (i << -distance); }

    public static int reverse(int i) {
        i = (i & 0x55555555) << 1 | (i >>> 1) & 0x55555555;
        i = (i & 0x33333333) << 2 | (i >>> 2) & 0x33333333;
        i = (i & 0x0f0f0f0f) << 4 | (i >>> 4) & 0x0f0f0f0f;
        return reverseBytes(i);
    }

    public static int signum(int i) { return (i >> 31) | (-i >>> 31); }

    public static int reverseBytes(int i) {
        return (i << 24) | ((i & 0xff00) << 8) | ((i >>> 8) & 0xff00) | (i >>> 24);
    }

    public static int sum(int a, int b) { return a + b; }

    public static int max(int a, int b) { return Math.max(a, b); }

    public static int min(int a, int b) { return Math.min(a, b); }
}
