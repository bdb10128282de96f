package java.lang.ref;

import jdk.internal.porcheck.VM;

/** porcheck does not model garbage collection, so it cannot say when the JVM clears a weak, soft
 * or phantom reference: creating one is a one-line error rather than a reference that the
 * search would never see cleared. reachabilityFence (the JDK's executors call it) does nothing:
 * no object is collected. The JDK's Reference starts its reference-handler thread as it is
 * initialised. */
public abstract class Reference<T> {
    private final T referent;

    Reference(T referent) { this(referent, null); }

    Reference(T referent, ReferenceQueue<? super T> queue) {
        VM.unsupported("java/lang/ref/Reference: weak, soft and phantom references (porcheck does "
                       + "not model garbage collection)");
        this.referent = referent;
    }

    public T get() { return referent; }

    public final boolean refersTo(T obj) { return referent == obj; }

    public void clear() {}

    public boolean isEnqueued() { return false; }

    public boolean enqueue() { return false; }

    public static void reachabilityFence(Object ref) {}
}
