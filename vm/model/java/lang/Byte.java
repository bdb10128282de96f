package java.lang;

public final class Byte extends Number implements Comparable<Byte> {
    public static final byte MIN_VALUE = -128;
    public static final byte MAX_VALUE = 127;
    public static final int SIZE = 8;
    public static final int BYTES = 1;
    @SuppressWarnings("unchecked")
    public static final Class<Byte> TYPE = (Class<Byte>) Class.getPrimitiveClass("byte");

    private final byte value;

    @Deprecated
    public Byte(byte value) { this.value = value; }

    public static String toString(byte s) { return Integer.toString((int) s, 10); }

    public static byte parseByte(String s, int radix) throws NumberFormatException {
        int i = Integer.parseInt(s, radix);
        if (i < MIN_VALUE || i > MAX_VALUE)
            throw new NumberFormatException("Value out of range. Value:\"" + s + "\" Radix:" + radix);
        return (byte) i;
    }

    public static byte parseByte(String s) throws NumberFormatException { return parseByte(s, 10); }

    public static Byte valueOf(String s) throws NumberFormatException { return valueOf(parseByte(s, 10)); }

    public static Byte valueOf(String s, int radix) throws NumberFormatException { return valueOf(parseByte(s, radix)); }

    private static final class Cache {
        static final Byte[] cache;

        static {
            Byte[] c = new Byte[256];
            for (int i = 0; i < c.length; i++) c[i] = new Byte((byte) (i - 128));
            cache = c;
            jdk.internal.porcheck.VM.constant(c);
        }
    }

    public static Byte valueOf(byte s) {
        int i = (int) s;
        if (i >= -128 && i <= 127) return Cache.cache[i + 128];
        return new Byte(s);
    }

    public byte byteValue() { return (byte) value; }

    public short shortValue() { return (short) value; }

    public int intValue() { return (int) value; }

    public long longValue() { return (long) value; }

    public float floatValue() { return (float) value; }

    public double doubleValue() { return (double) value; }

    public String toString() { return Integer.toString((int) value); }

    public int hashCode() { return (int) value; }

    public static int hashCode(byte value) { return (int) value; }

    public boolean equals(Object obj) {
        if (obj instanceof Byte) return value == ((Byte) obj).byteValue();
        return false;
    }

    public int compareTo(Byte another) { return compare(this.value, another.value); }

    public static int compare(byte x, byte y) { return x - y; }

    public Byte(String s) throws NumberFormatException { this.value = parseByte(s, 10); }

    public static Byte decode(String nm) throws NumberFormatException {
        int i = Integer.decode(nm);
        if (i < MIN_VALUE || i > MAX_VALUE)
            throw new NumberFormatException("Value " + i + " out of range from input " + nm);
        return valueOf((byte) i);
    }

    public static int compareUnsigned(byte x, byte y) { return toUnsignedInt(x) - toUnsignedInt(y); }

    public static int toUnsignedInt(byte x) { return ((int) x) & 0xff; }

    public static long toUnsignedLong(byte x) { return ((long) x) & 0xffL; }
}
