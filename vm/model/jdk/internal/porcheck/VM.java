package jdk.internal.porcheck;

/** Helpers the model library needs from the VM. */
public final class VM {
    private VM() {}

    /** Creates an array of [length] elements of [componentType] (java.lang.reflect.Array.newInstance). */
    public static native Object newArray(Class<?> componentType, int length);

    /** A new instance of [o]'s class, every field zero, no constructor run (Object.clone). */
    public static native Object allocateLike(Object o);

    /**
     * The instance fields of [o]'s class and its superclasses, each as its slot times 4 plus its
     * kind: 0 an int, boolean, byte, char, short or float, 1 a long or double, 2 a reference.
     */
    public static native int[] instanceCells(Object o);

    /**
     * Promises that [o] and everything it references are never written again (the boxing
     * caches), so the checker leaves them out of its state walks.
     */
    public static native void constant(Object o);

    /** Stops the run: the program needs [what], which porcheck does not model (exit status 2,
     * "unsupported: WHAT (called from ...)"). */
    public static native void unsupported(String what);

    /** Runs the initialisers of the JDK classes the checker names (those the client's run in
     * the implementation oracle initialised), so that no client thread runs them. */
    public static native void preinitialize();

    /** Runs the initialiser of [c] unless it ran (or runs in this thread). */
    public static native void ensureInitialized(Class<?> c);

    /** Whether [c] is initialised. */
    public static native boolean isInitialized(Class<?> c);
}
