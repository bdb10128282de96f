package java.util.concurrent.atomic;

import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;
import jdk.internal.porcheck.Sync;

/** A long updated atomically; every read-modify-write is one Sync native. */
public class AtomicLong extends Number implements java.io.Serializable {
    private static final long VALUE = Sync.objectFieldOffset(AtomicLong.class, "value");
    private volatile long value;

    public AtomicLong(long initialValue) { value = initialValue; }

    public AtomicLong() {}

    public final long get() { return value; }

    public final void set(long newValue) { value = newValue; }

    public final void lazySet(long newValue) { value = newValue; }

    public final long getAndSet(long newValue) { return Sync.getAndSetLong(this, VALUE, newValue); }

    public final boolean compareAndSet(long expectedValue, long newValue) { return Sync.compareAndSetLong(this, VALUE, expectedValue, newValue); }

    public final boolean weakCompareAndSet(long expectedValue, long newValue) { return compareAndSet(expectedValue, newValue); }

    public final boolean weakCompareAndSetPlain(long expectedValue, long newValue) { return compareAndSet(expectedValue, newValue); }

    public final long getAndIncrement() { return Sync.getAndAddLong(this, VALUE, 1); }

    public final long getAndDecrement() { return Sync.getAndAddLong(this, VALUE, -1); }

    public final long getAndAdd(long delta) { return Sync.getAndAddLong(this, VALUE, delta); }

    public final long incrementAndGet() { return Sync.getAndAddLong(this, VALUE, 1) + 1; }

    public final long decrementAndGet() { return Sync.getAndAddLong(this, VALUE, -1) - 1; }

    public final long addAndGet(long delta) { return Sync.getAndAddLong(this, VALUE, delta) + delta; }

    public final long getAndUpdate(LongUnaryOperator updateFunction) {
        long prev = get(), next = 0;
        for (boolean haveNext = false;;) {
            if (!haveNext) next = updateFunction.applyAsLong(prev);
            if (weakCompareAndSetVolatile(prev, next)) return prev;
            haveNext = (prev == (prev = get()));
        }
    }

    public final long updateAndGet(LongUnaryOperator updateFunction) {
        long prev = get(), next = 0;
        for (boolean haveNext = false;;) {
            if (!haveNext) next = updateFunction.applyAsLong(prev);
            if (weakCompareAndSetVolatile(prev, next)) return next;
            haveNext = (prev == (prev = get()));
        }
    }

    public final long getAndAccumulate(long x, LongBinaryOperator accumulatorFunction) {
        long prev = get(), next = 0;
        for (boolean haveNext = false;;) {
            if (!haveNext) next = accumulatorFunction.applyAsLong(prev, x);
            if (weakCompareAndSetVolatile(prev, next)) return prev;
            haveNext = (prev == (prev = get()));
        }
    }

    public final long accumulateAndGet(long x, LongBinaryOperator accumulatorFunction) {
        long prev = get(), next = 0;
        for (boolean haveNext = false;;) {
            if (!haveNext) next = accumulatorFunction.applyAsLong(prev, x);
            if (weakCompareAndSetVolatile(prev, next)) return next;
            haveNext = (prev == (prev = get()));
        }
    }

    public final boolean weakCompareAndSetVolatile(long expectedValue, long newValue) { return compareAndSet(expectedValue, newValue); }

    public final long getPlain() { return value; }

    public final void setPlain(long newValue) { value = newValue; }

    public final long getAcquire() { return value; }

    public final void setRelease(long newValue) { value = newValue; }

    public final long getOpaque() { return value; }

    public final void setOpaque(long newValue) { value = newValue; }

    public final long compareAndExchange(long expectedValue, long newValue) { return Sync.compareAndExchangeLong(this, VALUE, expectedValue, newValue); }

    public final long compareAndExchangeAcquire(long expectedValue, long newValue) { return compareAndExchange(expectedValue, newValue); }

    public final long compareAndExchangeRelease(long expectedValue, long newValue) { return compareAndExchange(expectedValue, newValue); }

    public final boolean weakCompareAndSetAcquire(long expectedValue, long newValue) { return compareAndSet(expectedValue, newValue); }

    public final boolean weakCompareAndSetRelease(long expectedValue, long newValue) { return compareAndSet(expectedValue, newValue); }

    public String toString() { return Long.toString(get()); }

    public int intValue() { return (int) get(); }

    public long longValue() { return (long) get(); }

    public float floatValue() { return (float) get(); }

    public double doubleValue() { return (double) get(); }
}
