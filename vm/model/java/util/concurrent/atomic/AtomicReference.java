package java.util.concurrent.atomic;

import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;
import jdk.internal.porcheck.Sync;

public class AtomicReference<V> implements java.io.Serializable {
    private static final long VALUE = Sync.objectFieldOffset(AtomicReference.class, "value");
    private volatile V value;

    public AtomicReference(V initialValue) { value = initialValue; }

    public AtomicReference() {}

    public final V get() { return value; }

    public final void set(V newValue) { value = newValue; }

    public final void lazySet(V newValue) { value = newValue; }

    public final boolean compareAndSet(V expectedValue, V newValue) { return Sync.compareAndSetReference(this, VALUE, expectedValue, newValue); }

    public final boolean weakCompareAndSet(V expectedValue, V newValue) { return compareAndSet(expectedValue, newValue); }

    @SuppressWarnings("unchecked")
    public final V getAndSet(V newValue) { return (V) Sync.getAndSetReference(this, VALUE, newValue); }

    public final V getAndUpdate(UnaryOperator<V> updateFunction) {
        V prev = get(), next = null;
        for (boolean haveNext = false;;) {
            if (!haveNext) next = updateFunction.apply(prev);
            if (compareAndSet(prev, next)) return prev;
            haveNext = (prev == (prev = get()));
        }
    }

    public final V updateAndGet(UnaryOperator<V> updateFunction) {
        V prev = get(), next = null;
        for (boolean haveNext = false;;) {
            if (!haveNext) next = updateFunction.apply(prev);
            if (compareAndSet(prev, next)) return next;
            haveNext = (prev == (prev = get()));
        }
    }

    public final V getAndAccumulate(V x, BinaryOperator<V> accumulatorFunction) {
        V prev = get(), next = null;
        for (boolean haveNext = false;;) {
            if (!haveNext) next = accumulatorFunction.apply(prev, x);
            if (compareAndSet(prev, next)) return prev;
            haveNext = (prev == (prev = get()));
        }
    }

    public final V accumulateAndGet(V x, BinaryOperator<V> accumulatorFunction) {
        V prev = get(), next = null;
        for (boolean haveNext = false;;) {
            if (!haveNext) next = accumulatorFunction.apply(prev, x);
            if (compareAndSet(prev, next)) return next;
            haveNext = (prev == (prev = get()));
        }
    }

    public final V getPlain() { return value; }

    public final void setPlain(V newValue) { value = newValue; }

    public final V getAcquire() { return value; }

    public final void setRelease(V newValue) { value = newValue; }

    @SuppressWarnings("unchecked")
    public final V compareAndExchange(V expectedValue, V newValue) { return (V) Sync.compareAndExchangeReference(this, VALUE, expectedValue, newValue); }

    public final V compareAndExchangeAcquire(V expectedValue, V newValue) { return compareAndExchange(expectedValue, newValue); }

    public final V compareAndExchangeRelease(V expectedValue, V newValue) { return compareAndExchange(expectedValue, newValue); }

    public final boolean weakCompareAndSetPlain(V expectedValue, V newValue) { return compareAndSet(expectedValue, newValue); }

    public final boolean weakCompareAndSetVolatile(V expectedValue, V newValue) { return compareAndSet(expectedValue, newValue); }

    public final boolean weakCompareAndSetAcquire(V expectedValue, V newValue) { return compareAndSet(expectedValue, newValue); }

    public final boolean weakCompareAndSetRelease(V expectedValue, V newValue) { return compareAndSet(expectedValue, newValue); }

    public final V getOpaque() { return value; }

    public final void setOpaque(V newValue) { value = newValue; }

    public String toString() { return String.valueOf(get()); }
}
