package java.lang.invoke;

import jdk.internal.porcheck.Sync;
import jdk.internal.porcheck.VM;

/** The model's MethodHandles: lookups that make VarHandles (findVarHandle, findStaticVarHandle,
 * arrayElementVarHandle). Method handles themselves are not modelled. porcheck checks no access
 * rights: code that javac compiled and HotSpot ran is assumed to look up only what it may. */
public class MethodHandles {
    private MethodHandles() {}

    /** A lookup for the caller (which this model does not record: see Lookup.lookupClass). */
    public static Lookup lookup() { return new Lookup(null); }

    public static Lookup publicLookup() { return new Lookup(Object.class); }

    public static Lookup privateLookupIn(Class<?> targetClass, Lookup caller) throws IllegalAccessException {
        if (targetClass == null || caller == null) throw new NullPointerException();
        if (targetClass.isPrimitive() || targetClass.isArray())
            throw new IllegalArgumentException(targetClass + " is a primitive or array class");
        return new Lookup(targetClass);
    }

    public static VarHandle arrayElementVarHandle(Class<?> arrayClass) {
        if (!arrayClass.isArray()) throw new IllegalArgumentException("not an array class: " + arrayClass.getName());
        return new VarHandle.ArrayHandle(arrayClass);
    }

    /** Finds a VarHandle's field [name] of type [type] in [c]. */
    public static final class Lookup {
        private final Class<?> lookupClass;

        Lookup(Class<?> lookupClass) { this.lookupClass = lookupClass; }

        public Class<?> lookupClass() {
            if (lookupClass == null) VM.unsupported("java/lang/invoke/MethodHandles$Lookup.lookupClass of lookup()");
            return lookupClass;
        }

        public Lookup in(Class<?> requestedLookupClass) {
            if (requestedLookupClass == null) throw new NullPointerException();
            return new Lookup(requestedLookupClass);
        }

        public VarHandle findVarHandle(Class<?> recv, String name, Class<?> type)
            throws NoSuchFieldException, IllegalAccessException {
            checkType(recv, name, type, "getField");
            try {
                return new VarHandle.FieldHandle(recv, Sync.objectFieldOffset(recv, name), type);
            } catch (RuntimeException e) {
                throw new IllegalAccessException("expected a non-static field: " + recv.getName() + "." + name);
            }
        }

        public VarHandle findStaticVarHandle(Class<?> decl, String name, Class<?> type)
            throws NoSuchFieldException, IllegalAccessException {
            checkType(decl, name, type, "getStatic");
            try {
                return new VarHandle.StaticHandle(decl, Sync.staticFieldOffset(decl, name), type);
            } catch (RuntimeException e) {
                throw new IllegalAccessException("expected a static field: " + decl.getName() + "." + name);
            }
        }

        /** Throws NoSuchFieldException unless [c] (or a superclass) has field [name] of [type]. */
        private static void checkType(Class<?> c, String name, Class<?> type, String kind)
            throws NoSuchFieldException {
            if (c == null || name == null || type == null) throw new NullPointerException();
            if (Sync.fieldType(c, name) != type)
                throw new NoSuchFieldException("no such field: " + c.getName() + "." + name + "/" + type.getName() + "/" + kind);
        }

        @Override
        public String toString() { return lookupClass == null ? "Lookup" : lookupClass.getName(); }
    }
}
