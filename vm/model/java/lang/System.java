package java.lang;

import java.io.PrintStream;

public final class System {
    public static PrintStream out = PrintStream.forDescriptor(1);
    public static PrintStream err = PrintStream.forDescriptor(2);

    private System() {}

    public static void setOut(PrintStream out) { System.out = out; }

    public static void setErr(PrintStream err) { System.err = err; }

    public static native void arraycopy(Object src, int srcPos, Object dest, int destPos, int length);

    public static native int identityHashCode(Object x);

    public static native long nanoTime();

    public static native long currentTimeMillis();

    public static String lineSeparator() { return "\n"; }

    public static String getProperty(String key) {
        if (key == null) throw new NullPointerException("key can't be null");
        if (key.isEmpty()) throw new IllegalArgumentException("key can't be empty");
        switch (key) {
        case "line.separator": return "\n";
        case "file.separator": return "/";
        case "path.separator": return ":";
        case "java.version": return "17";
        case "java.specification.version": return "17";
        case "os.name": return "Linux";
        case "file.encoding": return "UTF-8";
        default: return null;
        }
    }

    public static String getProperty(String key, String def) {
        String v = getProperty(key);
        return v == null ? def : v;
    }

    public static String getenv(String name) { return null; }

    /** There is never a security manager. */
    public static SecurityManager getSecurityManager() { return null; }

    public static void exit(int status) { Runtime.getRuntime().exit(status); }

    public static void gc() { Runtime.getRuntime().gc(); }
}
