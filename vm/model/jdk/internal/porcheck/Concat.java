package jdk.internal.porcheck;

/** The Java side of invokedynamic string concatenation: the VM passes the parts (constants and
 * arguments, primitives already turned into Strings) when one of them needs toString(). */
public final class Concat {
    private Concat() {}

    public static String concat(Object[] parts) {
        StringBuilder sb = new StringBuilder();
        for (Object part : parts) {
            String s = part == null ? "null" : part.toString();
            sb.append(s == null ? "null" : s);
        }
        return sb.toString();
    }
}
