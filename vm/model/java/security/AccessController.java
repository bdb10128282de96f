package java.security;

/** The model's AccessController: porcheck runs without a security manager, so a privileged
 * action simply runs (the JDK's own asks for its caller's class, which is not modelled). */
public final class AccessController {
    private AccessController() {}

    public static <T> T doPrivileged(PrivilegedAction<T> action) { return action.run(); }

    public static <T> T doPrivilegedWithCombiner(PrivilegedAction<T> action) { return action.run(); }

    public static <T> T doPrivileged(PrivilegedAction<T> action, AccessControlContext context) {
        return action.run();
    }

    public static <T> T doPrivileged(PrivilegedAction<T> action, AccessControlContext context,
                                     Permission... perms) {
        return action.run();
    }

    public static <T> T doPrivileged(PrivilegedExceptionAction<T> action) throws PrivilegedActionException {
        try {
            return action.run();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new PrivilegedActionException(e);
        }
    }

    public static <T> T doPrivileged(PrivilegedExceptionAction<T> action, AccessControlContext context)
        throws PrivilegedActionException {
        return doPrivileged(action);
    }

    public static <T> T doPrivilegedWithCombiner(PrivilegedExceptionAction<T> action)
        throws PrivilegedActionException {
        return doPrivileged(action);
    }

    /** No context: there is no security manager to consult one. */
    public static AccessControlContext getContext() { return null; }

    /** Every permission is granted. */
    public static void checkPermission(Permission perm) {}
}
