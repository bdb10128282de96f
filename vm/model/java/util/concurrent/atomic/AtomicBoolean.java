package java.util.concurrent.atomic;

import jdk.internal.porcheck.Sync;

public class AtomicBoolean implements java.io.Serializable {
    private static final long VALUE = Sync.objectFieldOffset(AtomicBoolean.class, "value");
    private volatile int value;

    public AtomicBoolean(boolean initialValue) { value = initialValue ? 1 : 0; }

    public AtomicBoolean() {}

    public final boolean get() { return value != 0; }

    public final boolean compareAndSet(boolean expectedValue, boolean newValue) {
        return Sync.compareAndSetInt(this, VALUE, (expectedValue ? 1 : 0), (newValue ? 1 : 0));
    }

    public boolean weakCompareAndSet(boolean expectedValue, boolean newValue) { return compareAndSet(expectedValue, newValue); }

    public final void set(boolean newValue) { value = newValue ? 1 : 0; }

    public final void lazySet(boolean newValue) { set(newValue); }

    public final boolean getAndSet(boolean newValue) { return Sync.getAndSetInt(this, VALUE, newValue ? 1 : 0) != 0; }

    public final boolean getPlain() { return value != 0; }

    public final void setPlain(boolean newValue) { set(newValue); }

    public final boolean getAcquire() { return get(); }

    public final void setRelease(boolean newValue) { set(newValue); }

    public boolean weakCompareAndSetPlain(boolean expectedValue, boolean newValue) { return compareAndSet(expectedValue, newValue); }

    public final boolean weakCompareAndSetVolatile(boolean expectedValue, boolean newValue) { return compareAndSet(expectedValue, newValue); }

    public final boolean weakCompareAndSetAcquire(boolean expectedValue, boolean newValue) { return compareAndSet(expectedValue, newValue); }

    public final boolean weakCompareAndSetRelease(boolean expectedValue, boolean newValue) { return compareAndSet(expectedValue, newValue); }

    public final boolean compareAndExchange(boolean expectedValue, boolean newValue) {
        return Sync.compareAndExchangeInt(this, VALUE, expectedValue ? 1 : 0, newValue ? 1 : 0) != 0;
    }

    public final boolean compareAndExchangeAcquire(boolean expectedValue, boolean newValue) { return compareAndExchange(expectedValue, newValue); }

    public final boolean compareAndExchangeRelease(boolean expectedValue, boolean newValue) { return compareAndExchange(expectedValue, newValue); }

    public final boolean getOpaque() { return get(); }

    public final void setOpaque(boolean newValue) { set(newValue); }

    public String toString() { return Boolean.toString(get()); }
}
