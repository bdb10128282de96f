package jdk.internal.misc;

import jdk.internal.porcheck.Sync;

/** The model's jdk.internal.misc.Unsafe: the methods the JDK's own java.util, java.util.concurrent
 * and java.lang classes call, each one Sync native (one atomic, visible step of the calling
 * thread). porcheck is sequentially consistent, so every memory ordering (plain, opaque, acquire,
 * release, volatile) is the same access and fences do nothing. Offsets are field slots from
 * objectFieldOffset, or array elements at ARRAY_BASE + index * arrayIndexScale(arrayClass); the
 * Sync natives decode both and bounds-check them. The bitwise read-modify-writes are loops of
 * getInt and CAS, as the JDK writes them. */
public final class Unsafe {
    /** The offset of element 0 of every array. */
    private static final int ARRAY_BASE = 16;

    public static final int INVALID_FIELD_OFFSET = -1;

    private static final Unsafe theUnsafe = new Unsafe();

    /* The array layout the JDK's classes read (jdk.internal.util.ArraysSupport, ArrayList's
     * growth): element 0 at ARRAY_BASE, each element its own scale. */
    public static final int ARRAY_BOOLEAN_BASE_OFFSET = ARRAY_BASE;
    public static final int ARRAY_BYTE_BASE_OFFSET = ARRAY_BASE;
    public static final int ARRAY_SHORT_BASE_OFFSET = ARRAY_BASE;
    public static final int ARRAY_CHAR_BASE_OFFSET = ARRAY_BASE;
    public static final int ARRAY_INT_BASE_OFFSET = ARRAY_BASE;
    public static final int ARRAY_LONG_BASE_OFFSET = ARRAY_BASE;
    public static final int ARRAY_FLOAT_BASE_OFFSET = ARRAY_BASE;
    public static final int ARRAY_DOUBLE_BASE_OFFSET = ARRAY_BASE;
    public static final int ARRAY_OBJECT_BASE_OFFSET = ARRAY_BASE;
    public static final int ARRAY_BOOLEAN_INDEX_SCALE = theUnsafe.arrayIndexScale(boolean[].class);
    public static final int ARRAY_BYTE_INDEX_SCALE = theUnsafe.arrayIndexScale(byte[].class);
    public static final int ARRAY_SHORT_INDEX_SCALE = theUnsafe.arrayIndexScale(short[].class);
    public static final int ARRAY_CHAR_INDEX_SCALE = theUnsafe.arrayIndexScale(char[].class);
    public static final int ARRAY_INT_INDEX_SCALE = theUnsafe.arrayIndexScale(int[].class);
    public static final int ARRAY_LONG_INDEX_SCALE = theUnsafe.arrayIndexScale(long[].class);
    public static final int ARRAY_FLOAT_INDEX_SCALE = theUnsafe.arrayIndexScale(float[].class);
    public static final int ARRAY_DOUBLE_INDEX_SCALE = theUnsafe.arrayIndexScale(double[].class);
    public static final int ARRAY_OBJECT_INDEX_SCALE = theUnsafe.arrayIndexScale(Object[].class);
    public static final int ADDRESS_SIZE = 8;

    private Unsafe() {}

    public static Unsafe getUnsafe() { return theUnsafe; }

    /** porcheck's VM is little-endian, as the x86-64 and AArch64 JVMs are. */
    public boolean isBigEndian() { return false; }

    /** No raw memory: unaligned accesses are never used. */
    public boolean unalignedAccess() { return false; }

    // ---- Offsets ----

    public long objectFieldOffset(Class<?> c, String name) {
        if (c == null || name == null) throw new NullPointerException();
        return Sync.objectFieldOffset(c, name);
    }

    public int arrayBaseOffset(Class<?> arrayClass) {
        if (arrayClass == null) throw new NullPointerException();
        return ARRAY_BASE;
    }

    public int arrayIndexScale(Class<?> arrayClass) {
        if (arrayClass == null) throw new NullPointerException();
        return Sync.arrayIndexScale(arrayClass);
    }

    // ---- int ----

    public int getInt(Object o, long offset) { return Sync.getInt(o, offset); }

    public int getIntOpaque(Object o, long offset) { return Sync.getInt(o, offset); }

    public int getIntAcquire(Object o, long offset) { return Sync.getInt(o, offset); }

    public int getIntVolatile(Object o, long offset) { return Sync.getInt(o, offset); }

    public void putInt(Object o, long offset, int x) { Sync.putInt(o, offset, x); }

    public void putIntOpaque(Object o, long offset, int x) { Sync.putInt(o, offset, x); }

    public void putIntRelease(Object o, long offset, int x) { Sync.putInt(o, offset, x); }

    public void putIntVolatile(Object o, long offset, int x) { Sync.putInt(o, offset, x); }

    public boolean compareAndSetInt(Object o, long offset, int expected, int x) {
        return Sync.compareAndSetInt(o, offset, expected, x);
    }

    public boolean weakCompareAndSetInt(Object o, long offset, int expected, int x) {
        return Sync.compareAndSetInt(o, offset, expected, x);
    }

    public boolean weakCompareAndSetIntPlain(Object o, long offset, int expected, int x) {
        return Sync.compareAndSetInt(o, offset, expected, x);
    }

    public boolean weakCompareAndSetIntAcquire(Object o, long offset, int expected, int x) {
        return Sync.compareAndSetInt(o, offset, expected, x);
    }

    public boolean weakCompareAndSetIntRelease(Object o, long offset, int expected, int x) {
        return Sync.compareAndSetInt(o, offset, expected, x);
    }

    public int compareAndExchangeInt(Object o, long offset, int expected, int x) {
        return Sync.compareAndExchangeInt(o, offset, expected, x);
    }

    public int compareAndExchangeIntAcquire(Object o, long offset, int expected, int x) {
        return Sync.compareAndExchangeInt(o, offset, expected, x);
    }

    public int compareAndExchangeIntRelease(Object o, long offset, int expected, int x) {
        return Sync.compareAndExchangeInt(o, offset, expected, x);
    }

    public int getAndAddInt(Object o, long offset, int delta) { return Sync.getAndAddInt(o, offset, delta); }

    public int getAndSetInt(Object o, long offset, int x) { return Sync.getAndSetInt(o, offset, x); }

    public int getAndBitwiseAndInt(Object o, long offset, int mask) {
        int v;
        do {
            v = Sync.getInt(o, offset);
        } while (!Sync.compareAndSetInt(o, offset, v, v & mask));
        return v;
    }

    public int getAndBitwiseOrInt(Object o, long offset, int mask) {
        int v;
        do {
            v = Sync.getInt(o, offset);
        } while (!Sync.compareAndSetInt(o, offset, v, v | mask));
        return v;
    }

    public int getAndBitwiseXorInt(Object o, long offset, int mask) {
        int v;
        do {
            v = Sync.getInt(o, offset);
        } while (!Sync.compareAndSetInt(o, offset, v, v ^ mask));
        return v;
    }

    // ---- long ----

    public long getLong(Object o, long offset) { return Sync.getLong(o, offset); }

    public long getLongOpaque(Object o, long offset) { return Sync.getLong(o, offset); }

    public long getLongAcquire(Object o, long offset) { return Sync.getLong(o, offset); }

    public long getLongVolatile(Object o, long offset) { return Sync.getLong(o, offset); }

    public void putLong(Object o, long offset, long x) { Sync.putLong(o, offset, x); }

    public void putLongOpaque(Object o, long offset, long x) { Sync.putLong(o, offset, x); }

    public void putLongRelease(Object o, long offset, long x) { Sync.putLong(o, offset, x); }

    public void putLongVolatile(Object o, long offset, long x) { Sync.putLong(o, offset, x); }

    public boolean compareAndSetLong(Object o, long offset, long expected, long x) {
        return Sync.compareAndSetLong(o, offset, expected, x);
    }

    public boolean weakCompareAndSetLong(Object o, long offset, long expected, long x) {
        return Sync.compareAndSetLong(o, offset, expected, x);
    }

    public boolean weakCompareAndSetLongPlain(Object o, long offset, long expected, long x) {
        return Sync.compareAndSetLong(o, offset, expected, x);
    }

    public boolean weakCompareAndSetLongAcquire(Object o, long offset, long expected, long x) {
        return Sync.compareAndSetLong(o, offset, expected, x);
    }

    public boolean weakCompareAndSetLongRelease(Object o, long offset, long expected, long x) {
        return Sync.compareAndSetLong(o, offset, expected, x);
    }

    public long compareAndExchangeLong(Object o, long offset, long expected, long x) {
        return Sync.compareAndExchangeLong(o, offset, expected, x);
    }

    public long compareAndExchangeLongAcquire(Object o, long offset, long expected, long x) {
        return Sync.compareAndExchangeLong(o, offset, expected, x);
    }

    public long compareAndExchangeLongRelease(Object o, long offset, long expected, long x) {
        return Sync.compareAndExchangeLong(o, offset, expected, x);
    }

    public long getAndAddLong(Object o, long offset, long delta) { return Sync.getAndAddLong(o, offset, delta); }

    public long getAndSetLong(Object o, long offset, long x) { return Sync.getAndSetLong(o, offset, x); }

    public long getAndBitwiseAndLong(Object o, long offset, long mask) {
        long v;
        do {
            v = Sync.getLong(o, offset);
        } while (!Sync.compareAndSetLong(o, offset, v, v & mask));
        return v;
    }

    public long getAndBitwiseOrLong(Object o, long offset, long mask) {
        long v;
        do {
            v = Sync.getLong(o, offset);
        } while (!Sync.compareAndSetLong(o, offset, v, v | mask));
        return v;
    }

    public long getAndBitwiseXorLong(Object o, long offset, long mask) {
        long v;
        do {
            v = Sync.getLong(o, offset);
        } while (!Sync.compareAndSetLong(o, offset, v, v ^ mask));
        return v;
    }

    // ---- references ----

    public Object getReference(Object o, long offset) { return Sync.getReference(o, offset); }

    public Object getReferenceOpaque(Object o, long offset) { return Sync.getReference(o, offset); }

    public Object getReferenceAcquire(Object o, long offset) { return Sync.getReference(o, offset); }

    public Object getReferenceVolatile(Object o, long offset) { return Sync.getReference(o, offset); }

    public void putReference(Object o, long offset, Object x) { Sync.putReference(o, offset, x); }

    public void putReferenceOpaque(Object o, long offset, Object x) { Sync.putReference(o, offset, x); }

    public void putReferenceRelease(Object o, long offset, Object x) { Sync.putReference(o, offset, x); }

    public void putReferenceVolatile(Object o, long offset, Object x) { Sync.putReference(o, offset, x); }

    public boolean compareAndSetReference(Object o, long offset, Object expected, Object x) {
        return Sync.compareAndSetReference(o, offset, expected, x);
    }

    public boolean weakCompareAndSetReference(Object o, long offset, Object expected, Object x) {
        return Sync.compareAndSetReference(o, offset, expected, x);
    }

    public boolean weakCompareAndSetReferencePlain(Object o, long offset, Object expected, Object x) {
        return Sync.compareAndSetReference(o, offset, expected, x);
    }

    public boolean weakCompareAndSetReferenceAcquire(Object o, long offset, Object expected, Object x) {
        return Sync.compareAndSetReference(o, offset, expected, x);
    }

    public boolean weakCompareAndSetReferenceRelease(Object o, long offset, Object expected, Object x) {
        return Sync.compareAndSetReference(o, offset, expected, x);
    }

    public Object compareAndExchangeReference(Object o, long offset, Object expected, Object x) {
        return Sync.compareAndExchangeReference(o, offset, expected, x);
    }

    public Object compareAndExchangeReferenceAcquire(Object o, long offset, Object expected, Object x) {
        return Sync.compareAndExchangeReference(o, offset, expected, x);
    }

    public Object compareAndExchangeReferenceRelease(Object o, long offset, Object expected, Object x) {
        return Sync.compareAndExchangeReference(o, offset, expected, x);
    }

    public Object getAndSetReference(Object o, long offset, Object x) { return Sync.getAndSetReference(o, offset, x); }

    // ---- fences: sequential consistency needs none ----

    // ---- boolean, byte, short, char, float and double (the Int and Long natives) ----
    public boolean getBoolean(Object o, long offset) { return Sync.getInt(o, offset) != 0; }

    public boolean getBooleanOpaque(Object o, long offset) { return Sync.getInt(o, offset) != 0; }

    public boolean getBooleanAcquire(Object o, long offset) { return Sync.getInt(o, offset) != 0; }

    public boolean getBooleanVolatile(Object o, long offset) { return Sync.getInt(o, offset) != 0; }

    public void putBoolean(Object o, long offset, boolean x) { Sync.putInt(o, offset, x ? 1 : 0); }

    public void putBooleanOpaque(Object o, long offset, boolean x) { Sync.putInt(o, offset, x ? 1 : 0); }

    public void putBooleanRelease(Object o, long offset, boolean x) { Sync.putInt(o, offset, x ? 1 : 0); }

    public void putBooleanVolatile(Object o, long offset, boolean x) { Sync.putInt(o, offset, x ? 1 : 0); }

    public byte getByte(Object o, long offset) { return (byte) Sync.getInt(o, offset); }

    public byte getByteOpaque(Object o, long offset) { return (byte) Sync.getInt(o, offset); }

    public byte getByteAcquire(Object o, long offset) { return (byte) Sync.getInt(o, offset); }

    public byte getByteVolatile(Object o, long offset) { return (byte) Sync.getInt(o, offset); }

    public void putByte(Object o, long offset, byte x) { Sync.putInt(o, offset, x); }

    public void putByteOpaque(Object o, long offset, byte x) { Sync.putInt(o, offset, x); }

    public void putByteRelease(Object o, long offset, byte x) { Sync.putInt(o, offset, x); }

    public void putByteVolatile(Object o, long offset, byte x) { Sync.putInt(o, offset, x); }

    public short getShort(Object o, long offset) { return (short) Sync.getInt(o, offset); }

    public short getShortOpaque(Object o, long offset) { return (short) Sync.getInt(o, offset); }

    public short getShortAcquire(Object o, long offset) { return (short) Sync.getInt(o, offset); }

    public short getShortVolatile(Object o, long offset) { return (short) Sync.getInt(o, offset); }

    public void putShort(Object o, long offset, short x) { Sync.putInt(o, offset, x); }

    public void putShortOpaque(Object o, long offset, short x) { Sync.putInt(o, offset, x); }

    public void putShortRelease(Object o, long offset, short x) { Sync.putInt(o, offset, x); }

    public void putShortVolatile(Object o, long offset, short x) { Sync.putInt(o, offset, x); }

    public char getChar(Object o, long offset) { return (char) Sync.getInt(o, offset); }

    public char getCharOpaque(Object o, long offset) { return (char) Sync.getInt(o, offset); }

    public char getCharAcquire(Object o, long offset) { return (char) Sync.getInt(o, offset); }

    public char getCharVolatile(Object o, long offset) { return (char) Sync.getInt(o, offset); }

    public void putChar(Object o, long offset, char x) { Sync.putInt(o, offset, x); }

    public void putCharOpaque(Object o, long offset, char x) { Sync.putInt(o, offset, x); }

    public void putCharRelease(Object o, long offset, char x) { Sync.putInt(o, offset, x); }

    public void putCharVolatile(Object o, long offset, char x) { Sync.putInt(o, offset, x); }

    public float getFloat(Object o, long offset) { return Float.intBitsToFloat(Sync.getInt(o, offset)); }

    public float getFloatOpaque(Object o, long offset) { return Float.intBitsToFloat(Sync.getInt(o, offset)); }

    public float getFloatAcquire(Object o, long offset) { return Float.intBitsToFloat(Sync.getInt(o, offset)); }

    public float getFloatVolatile(Object o, long offset) { return Float.intBitsToFloat(Sync.getInt(o, offset)); }

    public void putFloat(Object o, long offset, float x) { Sync.putInt(o, offset, Float.floatToRawIntBits(x)); }

    public void putFloatOpaque(Object o, long offset, float x) { Sync.putInt(o, offset, Float.floatToRawIntBits(x)); }

    public void putFloatRelease(Object o, long offset, float x) { Sync.putInt(o, offset, Float.floatToRawIntBits(x)); }

    public void putFloatVolatile(Object o, long offset, float x) { Sync.putInt(o, offset, Float.floatToRawIntBits(x)); }

    public double getDouble(Object o, long offset) { return Double.longBitsToDouble(Sync.getLong(o, offset)); }

    public double getDoubleOpaque(Object o, long offset) { return Double.longBitsToDouble(Sync.getLong(o, offset)); }

    public double getDoubleAcquire(Object o, long offset) { return Double.longBitsToDouble(Sync.getLong(o, offset)); }

    public double getDoubleVolatile(Object o, long offset) { return Double.longBitsToDouble(Sync.getLong(o, offset)); }

    public void putDouble(Object o, long offset, double x) { Sync.putLong(o, offset, Double.doubleToRawLongBits(x)); }

    public void putDoubleOpaque(Object o, long offset, double x) { Sync.putLong(o, offset, Double.doubleToRawLongBits(x)); }

    public void putDoubleRelease(Object o, long offset, double x) { Sync.putLong(o, offset, Double.doubleToRawLongBits(x)); }

    public void putDoubleVolatile(Object o, long offset, double x) { Sync.putLong(o, offset, Double.doubleToRawLongBits(x)); }

    // ---- reflection (sun.misc.Unsafe's way in) ----

    public long objectFieldOffset(java.lang.reflect.Field f) {
        if (f == null) throw new NullPointerException();
        if (java.lang.reflect.Modifier.isStatic(f.getModifiers())) throw new IllegalArgumentException();
        return Sync.objectFieldOffset(f.getDeclaringClass(), f.getName());
    }

    public long staticFieldOffset(java.lang.reflect.Field f) {
        if (f == null) throw new NullPointerException();
        if (!java.lang.reflect.Modifier.isStatic(f.getModifiers())) throw new IllegalArgumentException();
        return Sync.staticFieldOffset(f.getDeclaringClass(), f.getName());
    }

    /** The object a static field's offset goes with: its class (the Sync natives' static base). */
    public Object staticFieldBase(java.lang.reflect.Field f) {
        if (f == null) throw new NullPointerException();
        if (!java.lang.reflect.Modifier.isStatic(f.getModifiers())) throw new IllegalArgumentException();
        return f.getDeclaringClass();
    }

    public void ensureClassInitialized(Class<?> c) {
        if (c == null) throw new NullPointerException();
        jdk.internal.porcheck.VM.ensureInitialized(c);
    }

    public boolean shouldBeInitialized(Class<?> c) {
        if (c == null) throw new NullPointerException();
        return !jdk.internal.porcheck.VM.isInitialized(c);
    }

    public int addressSize() { return 8; }

    public int pageSize() { return 4096; }

    public void loadFence() {}

    public void storeFence() {}

    public void fullFence() {}

    public void storeStoreFence() {}

    public void loadLoadFence() {}

    // ---- threads ----

    /** Parks the current thread; a timed park may return at once (as a timeout or a spurious
     * wake-up may), so only an untimed one blocks (Sync.parkTimed). */
    public void park(boolean isAbsolute, long time) {
        if (!isAbsolute && time == 0) Sync.park();
        else Sync.parkTimed(time, isAbsolute);
    }

    public void unpark(Object thread) {
        if (thread != null) Sync.unpark((Thread) thread);
    }

    public void throwException(Throwable e) { Unsafe.<RuntimeException>sneakyThrow(e); }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> void sneakyThrow(Throwable e) throws E { throw (E) e; }
}
