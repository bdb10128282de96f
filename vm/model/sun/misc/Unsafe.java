package sun.misc;

import java.lang.reflect.Field;

/** sun.misc.Unsafe as JDK 17 has it for application code: each method is the same one of
 * jdk.internal.misc.Unsafe (one Sync native: one atomic, visible step). Application code gets it
 * by reflection (the field theUnsafe), as getUnsafe() throws SecurityException for it. Raw memory
 * (allocateMemory, addresses) is not modelled. */
public final class Unsafe {
    private static final Unsafe theUnsafe = new Unsafe();
    private static final jdk.internal.misc.Unsafe U = jdk.internal.misc.Unsafe.getUnsafe();

    public static final int INVALID_FIELD_OFFSET = -1;
    public static final int ARRAY_BOOLEAN_BASE_OFFSET = jdk.internal.misc.Unsafe.ARRAY_BOOLEAN_BASE_OFFSET;
    public static final int ARRAY_BYTE_BASE_OFFSET = jdk.internal.misc.Unsafe.ARRAY_BYTE_BASE_OFFSET;
    public static final int ARRAY_SHORT_BASE_OFFSET = jdk.internal.misc.Unsafe.ARRAY_SHORT_BASE_OFFSET;
    public static final int ARRAY_CHAR_BASE_OFFSET = jdk.internal.misc.Unsafe.ARRAY_CHAR_BASE_OFFSET;
    public static final int ARRAY_INT_BASE_OFFSET = jdk.internal.misc.Unsafe.ARRAY_INT_BASE_OFFSET;
    public static final int ARRAY_LONG_BASE_OFFSET = jdk.internal.misc.Unsafe.ARRAY_LONG_BASE_OFFSET;
    public static final int ARRAY_FLOAT_BASE_OFFSET = jdk.internal.misc.Unsafe.ARRAY_FLOAT_BASE_OFFSET;
    public static final int ARRAY_DOUBLE_BASE_OFFSET = jdk.internal.misc.Unsafe.ARRAY_DOUBLE_BASE_OFFSET;
    public static final int ARRAY_OBJECT_BASE_OFFSET = jdk.internal.misc.Unsafe.ARRAY_OBJECT_BASE_OFFSET;
    public static final int ARRAY_BOOLEAN_INDEX_SCALE = jdk.internal.misc.Unsafe.ARRAY_BOOLEAN_INDEX_SCALE;
    public static final int ARRAY_BYTE_INDEX_SCALE = jdk.internal.misc.Unsafe.ARRAY_BYTE_INDEX_SCALE;
    public static final int ARRAY_SHORT_INDEX_SCALE = jdk.internal.misc.Unsafe.ARRAY_SHORT_INDEX_SCALE;
    public static final int ARRAY_CHAR_INDEX_SCALE = jdk.internal.misc.Unsafe.ARRAY_CHAR_INDEX_SCALE;
    public static final int ARRAY_INT_INDEX_SCALE = jdk.internal.misc.Unsafe.ARRAY_INT_INDEX_SCALE;
    public static final int ARRAY_LONG_INDEX_SCALE = jdk.internal.misc.Unsafe.ARRAY_LONG_INDEX_SCALE;
    public static final int ARRAY_FLOAT_INDEX_SCALE = jdk.internal.misc.Unsafe.ARRAY_FLOAT_INDEX_SCALE;
    public static final int ARRAY_DOUBLE_INDEX_SCALE = jdk.internal.misc.Unsafe.ARRAY_DOUBLE_INDEX_SCALE;
    public static final int ARRAY_OBJECT_INDEX_SCALE = jdk.internal.misc.Unsafe.ARRAY_OBJECT_INDEX_SCALE;
    public static final int ADDRESS_SIZE = jdk.internal.misc.Unsafe.ADDRESS_SIZE;

    private Unsafe() {}

    /** Throws SecurityException, as for every caller outside the JDK: use the field theUnsafe. */
    public static Unsafe getUnsafe() { throw new SecurityException("Unsafe"); }

    // ---- offsets ----

    public long objectFieldOffset(Field f) {
        if (f == null) throw new NullPointerException();
        if (f.getDeclaringClass().isRecord()) throw new UnsupportedOperationException("can't get field offset on a record class: " + f);
        return U.objectFieldOffset(f);
    }

    public long staticFieldOffset(Field f) {
        if (f == null) throw new NullPointerException();
        return U.staticFieldOffset(f);
    }

    public Object staticFieldBase(Field f) {
        if (f == null) throw new NullPointerException();
        return U.staticFieldBase(f);
    }

    public boolean shouldBeInitialized(Class<?> c) { return U.shouldBeInitialized(c); }

    public void ensureClassInitialized(Class<?> c) { U.ensureClassInitialized(c); }

    public int arrayBaseOffset(Class<?> arrayClass) { return U.arrayBaseOffset(arrayClass); }

    public int arrayIndexScale(Class<?> arrayClass) { return U.arrayIndexScale(arrayClass); }

    public int addressSize() { return ADDRESS_SIZE; }

    public int pageSize() { return U.pageSize(); }

    // ---- loads and stores ----

    public int getInt(Object o, long offset) { return U.getInt(o, offset); }

    public void putInt(Object o, long offset, int x) { U.putInt(o, offset, x); }

    public int getIntVolatile(Object o, long offset) { return U.getIntVolatile(o, offset); }

    public void putIntVolatile(Object o, long offset, int x) { U.putIntVolatile(o, offset, x); }

    public long getLong(Object o, long offset) { return U.getLong(o, offset); }

    public void putLong(Object o, long offset, long x) { U.putLong(o, offset, x); }

    public long getLongVolatile(Object o, long offset) { return U.getLongVolatile(o, offset); }

    public void putLongVolatile(Object o, long offset, long x) { U.putLongVolatile(o, offset, x); }

    public Object getObject(Object o, long offset) { return U.getReference(o, offset); }

    public void putObject(Object o, long offset, Object x) { U.putReference(o, offset, x); }

    public Object getObjectVolatile(Object o, long offset) { return U.getReferenceVolatile(o, offset); }

    public void putObjectVolatile(Object o, long offset, Object x) { U.putReferenceVolatile(o, offset, x); }

    public boolean getBoolean(Object o, long offset) { return U.getBoolean(o, offset); }

    public void putBoolean(Object o, long offset, boolean x) { U.putBoolean(o, offset, x); }

    public boolean getBooleanVolatile(Object o, long offset) { return U.getBooleanVolatile(o, offset); }

    public void putBooleanVolatile(Object o, long offset, boolean x) { U.putBooleanVolatile(o, offset, x); }

    public byte getByte(Object o, long offset) { return U.getByte(o, offset); }

    public void putByte(Object o, long offset, byte x) { U.putByte(o, offset, x); }

    public byte getByteVolatile(Object o, long offset) { return U.getByteVolatile(o, offset); }

    public void putByteVolatile(Object o, long offset, byte x) { U.putByteVolatile(o, offset, x); }

    public short getShort(Object o, long offset) { return U.getShort(o, offset); }

    public void putShort(Object o, long offset, short x) { U.putShort(o, offset, x); }

    public short getShortVolatile(Object o, long offset) { return U.getShortVolatile(o, offset); }

    public void putShortVolatile(Object o, long offset, short x) { U.putShortVolatile(o, offset, x); }

    public char getChar(Object o, long offset) { return U.getChar(o, offset); }

    public void putChar(Object o, long offset, char x) { U.putChar(o, offset, x); }

    public char getCharVolatile(Object o, long offset) { return U.getCharVolatile(o, offset); }

    public void putCharVolatile(Object o, long offset, char x) { U.putCharVolatile(o, offset, x); }

    public float getFloat(Object o, long offset) { return U.getFloat(o, offset); }

    public void putFloat(Object o, long offset, float x) { U.putFloat(o, offset, x); }

    public float getFloatVolatile(Object o, long offset) { return U.getFloatVolatile(o, offset); }

    public void putFloatVolatile(Object o, long offset, float x) { U.putFloatVolatile(o, offset, x); }

    public double getDouble(Object o, long offset) { return U.getDouble(o, offset); }

    public void putDouble(Object o, long offset, double x) { U.putDouble(o, offset, x); }

    public double getDoubleVolatile(Object o, long offset) { return U.getDoubleVolatile(o, offset); }

    public void putDoubleVolatile(Object o, long offset, double x) { U.putDoubleVolatile(o, offset, x); }

    public void putOrderedInt(Object o, long offset, int x) { U.putIntRelease(o, offset, x); }

    public final boolean compareAndSwapInt(Object o, long offset, int expected, int x) {
        return U.compareAndSetInt(o, offset, expected, x);
    }

    public void putOrderedLong(Object o, long offset, long x) { U.putLongRelease(o, offset, x); }

    public final boolean compareAndSwapLong(Object o, long offset, long expected, long x) {
        return U.compareAndSetLong(o, offset, expected, x);
    }

    public void putOrderedObject(Object o, long offset, Object x) { U.putReferenceRelease(o, offset, x); }

    public final boolean compareAndSwapObject(Object o, long offset, Object expected, Object x) {
        return U.compareAndSetReference(o, offset, expected, x);
    }

    public final int getAndAddInt(Object o, long offset, int delta) { return U.getAndAddInt(o, offset, delta); }

    public final long getAndAddLong(Object o, long offset, long delta) { return U.getAndAddLong(o, offset, delta); }

    public final int getAndSetInt(Object o, long offset, int x) { return U.getAndSetInt(o, offset, x); }

    public final long getAndSetLong(Object o, long offset, long x) { return U.getAndSetLong(o, offset, x); }

    public final Object getAndSetObject(Object o, long offset, Object x) { return U.getAndSetReference(o, offset, x); }

    // ---- fences, threads, exceptions ----

    public void loadFence() { U.loadFence(); }

    public void storeFence() { U.storeFence(); }

    public void fullFence() { U.fullFence(); }

    public void park(boolean isAbsolute, long time) { U.park(isAbsolute, time); }

    public void unpark(Object thread) { U.unpark(thread); }

    public void throwException(Throwable e) { U.throwException(e); }

    public Object allocateInstance(Class<?> cls) throws InstantiationException {
        jdk.internal.porcheck.VM.unsupported("sun/misc/Unsafe.allocateInstance");
        return null;
    }
}
