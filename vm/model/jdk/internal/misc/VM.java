package jdk.internal.misc;

/** The model's jdk.internal.misc.VM: the boot state the JDK's classes ask about. porcheck's VM
 * is always fully booted, has no saved system properties (a JDK class reading one gets its
 * default) and one class loader. */
public class VM {
    private static final int SYSTEM_BOOTED = 4;

    public VM() {}

    public static int initLevel() { return SYSTEM_BOOTED; }

    public static boolean isModuleSystemInited() { return true; }

    public static boolean isBooted() { return true; }

    public static boolean isShutdown() { return false; }

    /** No property is set, as in a JVM started without -D options. */
    public static String getSavedProperty(String key) {
        if (key == null) throw new NullPointerException();
        return null;
    }

    public static boolean isSystemDomainLoader(ClassLoader loader) { return true; }

    public static boolean isSetUID() { return false; }
}
