package java.lang;

public final class Boolean implements java.io.Serializable, Comparable<Boolean> {
    public static final Boolean TRUE = new Boolean(true);
    public static final Boolean FALSE = new Boolean(false);

    static {
        jdk.internal.porcheck.VM.constant(TRUE);
        jdk.internal.porcheck.VM.constant(FALSE);
    }
    @SuppressWarnings("unchecked")
    public static final Class<Boolean> TYPE = (Class<Boolean>) Class.getPrimitiveClass("boolean");

    private final boolean value;

    @Deprecated
    public Boolean(boolean value) { this.value = value; }

    @Deprecated
    public Boolean(String s) { this(parseBoolean(s)); }

    public static boolean parseBoolean(String s) { return "true".equalsIgnoreCase(s); }

    /** Whether system property [name] is "true" (any case). */
    public static boolean getBoolean(String name) {
        try {
            return parseBoolean(System.getProperty(name));
        } catch (IllegalArgumentException | NullPointerException e) {
            return false;
        }
    }

    public boolean booleanValue() { return value; }

    public static Boolean valueOf(boolean b) { return (b ? TRUE : FALSE); }

    public static Boolean valueOf(String s) { return parseBoolean(s) ? TRUE : FALSE; }

    public static String toString(boolean b) { return b ? "true" : "false"; }

    public String toString() { return value ? "true" : "false"; }

    public int hashCode() { return hashCode(value); }

    public static int hashCode(boolean value) { return value ? 1231 : 1237; }

    public boolean equals(Object obj) {
        if (obj instanceof Boolean) return value == ((Boolean) obj).booleanValue();
        return false;
    }

    public int compareTo(Boolean b) { return compare(this.value, b.value); }

    public static int compare(boolean x, boolean y) { return (x == y) ? 0 : (x ? 1 : -1); }

    public static boolean logicalAnd(boolean a, boolean b) { return a && b; }

    public static boolean logicalOr(boolean a, boolean b) { return a || b; }

    public static boolean logicalXor(boolean a, boolean b) { return a ^ b; }
}
