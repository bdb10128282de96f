package java.lang;

/** The root class; identity hash codes and monitors live in the VM's object header. */
public class Object {
    public Object() {}

    public final native Class<?> getClass();

    public native int hashCode();

    public boolean equals(Object obj) { return this == obj; }

    protected native Object clone() throws CloneNotSupportedException;

    public String toString() { return getClass().getName() + "@" + Integer.toHexString(hashCode()); }

    public final native void notify();

    public final native void notifyAll();

    public final void wait() throws InterruptedException { wait(0L); }

    public final native void wait(long timeoutMillis) throws InterruptedException;

    public final void wait(long timeoutMillis, int nanos) throws InterruptedException {
        if (nanos < 0 || nanos > 999999) throw new IllegalArgumentException("nanosecond timeout value out of range");
        wait(timeoutMillis + (nanos > 0 ? 1 : 0));
    }

    @Deprecated
    protected void finalize() throws Throwable {}
}
