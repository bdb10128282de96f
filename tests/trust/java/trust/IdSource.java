package trust;

/** Ids from a static counter, through static methods: a client calls them as Target.m(). take()
 * is a lost update (two threads can get one id); takeLocked() is synchronized on the class. */
public class IdSource {
    private static int next;

    public static int take() {
        return next++;
    }

    public static synchronized int takeLocked() {
        return next++;
    }
}
