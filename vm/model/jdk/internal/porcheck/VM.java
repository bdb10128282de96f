package jdk.internal.porcheck;

/** Helpers the model library needs from the VM. */
public final class VM {
    private VM() {}

    /** Creates an array of [length] elements of [componentType] (java.lang.reflect.Array.newInstance). */
    public static native Object newArray(Class<?> componentType, int length);
}
