package java.lang;

/** A class mirror: one per loaded class; the VM sets [index] when it creates the mirror. */
public final class Class<T> implements java.io.Serializable {
    private transient int index;
    private transient String name;

    private Class() {}

    public String getName() {
        String n = name;
        if (n == null) name = n = getName0();
        return n;
    }

    private native String getName0();

    public String getSimpleName() {
        if (isArray()) return getComponentType().getSimpleName() + "[]";
        String n = getName();
        int dot = n.lastIndexOf('.');
        n = n.substring(dot + 1);
        int dollar = n.lastIndexOf('$');
        if (dollar >= 0) {
            n = n.substring(dollar + 1);
            int i = 0;
            while (i < n.length() && Character.isDigit(n.charAt(i))) i++;
            n = n.substring(i);
        }
        return n;
    }

    public String getTypeName() {
        if (isArray()) return getComponentType().getTypeName() + "[]";
        return getName();
    }

    public String getPackageName() {
        Class<?> c = this;
        while (c.isArray()) c = c.getComponentType();
        if (c.isPrimitive()) return "java.lang";
        String n = c.getName();
        int dot = n.lastIndexOf('.');
        return dot < 0 ? "" : n.substring(0, dot);
    }

    public String toString() {
        return (isInterface() ? "interface " : (isPrimitive() ? "" : "class ")) + getName();
    }

    /** The field [name] that this class declares (Field: the model's reflection). */
    public java.lang.reflect.Field getDeclaredField(String name) throws NoSuchFieldException {
        if (name == null) throw new NullPointerException();
        int mods = jdk.internal.porcheck.Sync.fieldModifiers(this, name);
        if (mods < 0) throw new NoSuchFieldException(name);
        return new java.lang.reflect.Field(this, name, jdk.internal.porcheck.Sync.fieldType(this, name), mods);
    }

    /** The public field [name] of this class or a superclass. */
    public java.lang.reflect.Field getField(String name) throws NoSuchFieldException {
        if (name == null) throw new NullPointerException();
        for (Class<?> c = this; c != null; c = c.getSuperclass()) {
            int mods = jdk.internal.porcheck.Sync.fieldModifiers(c, name);
            if (mods >= 0 && java.lang.reflect.Modifier.isPublic(mods)) return c.getDeclaredField(name);
        }
        throw new NoSuchFieldException(name);
    }

    /** False: the model makes no hidden classes the program can see. */
    public boolean isHidden() { return false; }

    /** Whether this is a record class. */
    public boolean isRecord() { return getSuperclass() != null && getSuperclass().getName().equals("java.lang.Record"); }

    public native boolean isInstance(Object obj);

    public native boolean isAssignableFrom(Class<?> cls);

    public native boolean isInterface();

    public native boolean isArray();

    public native boolean isPrimitive();

    public native Class<?> getComponentType();

    public native Class<? super T> getSuperclass();

    public native int getModifiers();

    public native boolean desiredAssertionStatus();

    static native Class<?> getPrimitiveClass(String name);

    native Object[] enumConstants();

    public boolean isEnum() {
        return getSuperclass() == Enum.class && (getModifiers() & 0x4000) != 0;
    }

    public boolean isAnnotation() { return (getModifiers() & 0x2000) != 0; }

    public boolean isSynthetic() { return (getModifiers() & 0x1000) != 0; }

    @SuppressWarnings("unchecked")
    public T[] getEnumConstants() {
        Object[] values = enumConstants();
        return (T[]) values;
    }

    @SuppressWarnings("unchecked")
    public T cast(Object obj) {
        if (obj != null && !isInstance(obj))
            throw new ClassCastException("Cannot cast " + obj.getClass().getName() + " to " + getName());
        return (T) obj;
    }
}
