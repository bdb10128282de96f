package java.lang.reflect;

import jdk.internal.porcheck.Sync;
import jdk.internal.porcheck.VM;

/** A field that Class.getDeclaredField or getField found, for code that gets at sun.misc.Unsafe
 * or a field's value by reflection. Its value is read and written through the Sync natives, one
 * step each with the label of getfield/putfield (getstatic/putstatic) of the field; reading or
 * writing a static initialises its class first. Access checks are not modelled (setAccessible
 * always succeeds and private fields are readable); float and double values are read and written
 * by their bits. */
public final class Field {
    private final Class<?> clazz;
    private final String name;
    private final Class<?> type;
    private final int modifiers;

    /** Made by Class.getDeclaredField (public only because Class is in another package). */
    public Field(Class<?> clazz, String name, Class<?> type, int modifiers) {
        this.clazz = clazz;
        this.name = name;
        this.type = type;
        this.modifiers = modifiers;
    }

    public Class<?> getDeclaringClass() { return clazz; }

    public String getName() { return name; }

    public Class<?> getType() { return type; }

    public int getModifiers() { return modifiers; }

    public void setAccessible(boolean flag) {}

    public boolean trySetAccessible() { return true; }

    public boolean canAccess(Object obj) { return true; }

    public boolean isSynthetic() { return (modifiers & 0x1000) != 0; }

    public boolean isEnumConstant() { return (modifiers & 0x4000) != 0; }

    /** The object the Sync natives address for [obj]: [obj] itself, or the class for a static. */
    private Object base(Object obj) {
        if (Modifier.isStatic(modifiers)) {
            VM.ensureInitialized(clazz);
            return clazz;
        }
        if (obj == null) throw new NullPointerException("Cannot get field " + name + " of null");
        if (!clazz.isInstance(obj))
            throw new IllegalArgumentException("Can not get " + type.getName() + " field " + clazz.getName() + "." + name + " on " + obj.getClass().getName());
        return obj;
    }

    private long offset() {
        return Modifier.isStatic(modifiers) ? Sync.staticFieldOffset(clazz, name) : Sync.objectFieldOffset(clazz, name);
    }

    public Object get(Object obj) throws IllegalAccessException {
        Object b = base(obj);
        long o = offset();
        if (!type.isPrimitive()) return Sync.getReference(b, o);
        if (type == int.class) return Integer.valueOf(Sync.getInt(b, o));
        if (type == long.class) return Long.valueOf(Sync.getLong(b, o));
        if (type == boolean.class) return Boolean.valueOf(Sync.getInt(b, o) != 0);
        if (type == byte.class) return Byte.valueOf((byte) Sync.getInt(b, o));
        if (type == short.class) return Short.valueOf((short) Sync.getInt(b, o));
        if (type == char.class) return Character.valueOf((char) Sync.getInt(b, o));
        if (type == float.class) return Float.valueOf(Float.intBitsToFloat(Sync.getInt(b, o)));
        return Double.valueOf(Double.longBitsToDouble(Sync.getLong(b, o)));
    }

    public int getInt(Object obj) throws IllegalAccessException {
        if (type != int.class && type != short.class && type != byte.class && type != char.class)
            throw mismatch("int");
        return Sync.getInt(base(obj), offset());
    }

    public long getLong(Object obj) throws IllegalAccessException {
        if (type == long.class) return Sync.getLong(base(obj), offset());
        return getInt(obj);
    }

    public boolean getBoolean(Object obj) throws IllegalAccessException {
        if (type != boolean.class) throw mismatch("boolean");
        return Sync.getInt(base(obj), offset()) != 0;
    }

    public void set(Object obj, Object value) throws IllegalAccessException {
        if (Modifier.isFinal(modifiers) && Modifier.isStatic(modifiers))
            throw new IllegalAccessException("Can not set static final " + type.getName() + " field " + clazz.getName() + "." + name);
        Object b = base(obj);
        long o = offset();
        if (!type.isPrimitive()) {
            if (value != null && !type.isInstance(value)) throw mismatch(value.getClass().getName());
            Sync.putReference(b, o, value);
        } else if (type == long.class && value instanceof Number) {
            Sync.putLong(b, o, ((Number) value).longValue());
        } else if (type == int.class && value instanceof Integer) {
            Sync.putInt(b, o, (Integer) value);
        } else if (type == boolean.class && value instanceof Boolean) {
            Sync.putInt(b, o, (Boolean) value ? 1 : 0);
        } else {
            VM.unsupported("java.lang.reflect.Field.set of a " + type.getName() + " field");
        }
    }

    public void setInt(Object obj, int value) throws IllegalAccessException { set(obj, Integer.valueOf(value)); }

    public void setLong(Object obj, long value) throws IllegalAccessException { set(obj, Long.valueOf(value)); }

    public void setBoolean(Object obj, boolean value) throws IllegalAccessException { set(obj, Boolean.valueOf(value)); }

    private IllegalArgumentException mismatch(String what) {
        return new IllegalArgumentException("Can not get or set " + type.getName() + " field " + clazz.getName() + "." + name + " as " + what);
    }

    public boolean equals(Object o) {
        if (!(o instanceof Field)) return false;
        Field f = (Field) o;
        return f.clazz == clazz && f.name.equals(name);
    }

    public int hashCode() { return clazz.getName().hashCode() ^ name.hashCode(); }

    public String toString() {
        String mods = Modifier.toString(modifiers);
        return (mods.isEmpty() ? "" : mods + " ") + type.getTypeName() + " " + clazz.getTypeName() + "." + name;
    }
}
