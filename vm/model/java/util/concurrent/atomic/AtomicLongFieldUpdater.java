package java.util.concurrent.atomic;

import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;
import jdk.internal.porcheck.Sync;

/** Atomic updates of a volatile long field named by reflection-free lookup of its slot. */
public abstract class AtomicLongFieldUpdater<T> {
    public static <U> AtomicLongFieldUpdater<U> newUpdater(Class<U> tclass, String fieldName) {
        return new Impl<U>(tclass, fieldName);
    }

    protected AtomicLongFieldUpdater() {}

    public abstract boolean compareAndSet(T obj, long expect, long update);

    public abstract boolean weakCompareAndSet(T obj, long expect, long update);

    public abstract void set(T obj, long newValue);

    public abstract void lazySet(T obj, long newValue);

    public abstract long get(T obj);

    public long getAndSet(T obj, long newValue) {
        long prev;
        do {
            prev = get(obj);
        } while (!compareAndSet(obj, prev, newValue));
        return prev;
    }

    public long getAndIncrement(T obj) { return getAndAdd(obj, 1); }

    public long getAndDecrement(T obj) { return getAndAdd(obj, -1); }

    public long getAndAdd(T obj, long delta) {
        long prev, next;
        do {
            prev = get(obj);
            next = prev + delta;
        } while (!compareAndSet(obj, prev, next));
        return prev;
    }

    public long incrementAndGet(T obj) { return getAndAdd(obj, 1) + 1; }

    public long decrementAndGet(T obj) { return getAndAdd(obj, -1) - 1; }

    public long addAndGet(T obj, long delta) { return getAndAdd(obj, delta) + delta; }

    public final long getAndUpdate(T obj, LongUnaryOperator updateFunction) {
        long prev, next;
        do {
            prev = get(obj);
            next = updateFunction.applyAsLong(prev);
        } while (!compareAndSet(obj, prev, next));
        return prev;
    }

    public final long updateAndGet(T obj, LongUnaryOperator updateFunction) {
        long prev, next;
        do {
            prev = get(obj);
            next = updateFunction.applyAsLong(prev);
        } while (!compareAndSet(obj, prev, next));
        return next;
    }

    public final long getAndAccumulate(T obj, long x, LongBinaryOperator accumulatorFunction) {
        long prev, next;
        do {
            prev = get(obj);
            next = accumulatorFunction.applyAsLong(prev, x);
        } while (!compareAndSet(obj, prev, next));
        return prev;
    }

    public final long accumulateAndGet(T obj, long x, LongBinaryOperator accumulatorFunction) {
        long prev, next;
        do {
            prev = get(obj);
            next = accumulatorFunction.applyAsLong(prev, x);
        } while (!compareAndSet(obj, prev, next));
        return next;
    }

    private static final class Impl<T> extends AtomicLongFieldUpdater<T> {
        private final long offset;
        private final Class<T> tclass;

        Impl(Class<T> tclass, String fieldName) {
            Class<?> type = Sync.fieldType(tclass, fieldName);
            if (type == null) throw new RuntimeException(new NoSuchFieldException(fieldName));
            if (type != long.class) throw new IllegalArgumentException("Must be long type");
            this.offset = Sync.objectFieldOffset(tclass, fieldName);
            this.tclass = tclass;
        }

        private void check(T obj) {
            if (!tclass.isInstance(obj)) {
                if (obj == null) throw new NullPointerException();
                throw new ClassCastException("Cannot cast " + obj.getClass().getName() + " to " + tclass.getName());
            }
        }

        public boolean compareAndSet(T obj, long expect, long update) {
            check(obj);
            return Sync.compareAndSetLong(obj, offset, expect, update);
        }

        public boolean weakCompareAndSet(T obj, long expect, long update) { return compareAndSet(obj, expect, update); }

        public void set(T obj, long newValue) {
            check(obj);
            Sync.putLong(obj, offset, newValue);
        }

        public void lazySet(T obj, long newValue) { set(obj, newValue); }

        public long get(T obj) {
            check(obj);
            return Sync.getLong(obj, offset);
        }

        public long getAndSet(T obj, long newValue) {
            check(obj);
            return Sync.getAndSetLong(obj, offset, newValue);
        }

        public long getAndAdd(T obj, long delta) {
            check(obj);
            return Sync.getAndAddLong(obj, offset, delta);
        }
    }
}
