package java.util.concurrent.atomic;

import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import jdk.internal.porcheck.Sync;

/** Atomic updates of a volatile int field named by reflection-free lookup of its slot. */
public abstract class AtomicIntegerFieldUpdater<T> {
    public static <U> AtomicIntegerFieldUpdater<U> newUpdater(Class<U> tclass, String fieldName) {
        return new Impl<U>(tclass, fieldName);
    }

    protected AtomicIntegerFieldUpdater() {}

    public abstract boolean compareAndSet(T obj, int expect, int update);

    public abstract boolean weakCompareAndSet(T obj, int expect, int update);

    public abstract void set(T obj, int newValue);

    public abstract void lazySet(T obj, int newValue);

    public abstract int get(T obj);

    public int getAndSet(T obj, int newValue) {
        int prev;
        do {
            prev = get(obj);
        } while (!compareAndSet(obj, prev, newValue));
        return prev;
    }

    public int getAndIncrement(T obj) { return getAndAdd(obj, 1); }

    public int getAndDecrement(T obj) { return getAndAdd(obj, -1); }

    public int getAndAdd(T obj, int delta) {
        int prev, next;
        do {
            prev = get(obj);
            next = prev + delta;
        } while (!compareAndSet(obj, prev, next));
        return prev;
    }

    public int incrementAndGet(T obj) { return getAndAdd(obj, 1) + 1; }

    public int decrementAndGet(T obj) { return getAndAdd(obj, -1) - 1; }

    public int addAndGet(T obj, int delta) { return getAndAdd(obj, delta) + delta; }

    public final int getAndUpdate(T obj, IntUnaryOperator updateFunction) {
        int prev, next;
        do {
            prev = get(obj);
            next = updateFunction.applyAsInt(prev);
        } while (!compareAndSet(obj, prev, next));
        return prev;
    }

    public final int updateAndGet(T obj, IntUnaryOperator updateFunction) {
        int prev, next;
        do {
            prev = get(obj);
            next = updateFunction.applyAsInt(prev);
        } while (!compareAndSet(obj, prev, next));
        return next;
    }

    public final int getAndAccumulate(T obj, int x, IntBinaryOperator accumulatorFunction) {
        int prev, next;
        do {
            prev = get(obj);
            next = accumulatorFunction.applyAsInt(prev, x);
        } while (!compareAndSet(obj, prev, next));
        return prev;
    }

    public final int accumulateAndGet(T obj, int x, IntBinaryOperator accumulatorFunction) {
        int prev, next;
        do {
            prev = get(obj);
            next = accumulatorFunction.applyAsInt(prev, x);
        } while (!compareAndSet(obj, prev, next));
        return next;
    }

    private static final class Impl<T> extends AtomicIntegerFieldUpdater<T> {
        private final long offset;
        private final Class<T> tclass;

        Impl(Class<T> tclass, String fieldName) {
            Class<?> type = Sync.fieldType(tclass, fieldName);
            if (type == null) throw new RuntimeException(new NoSuchFieldException(fieldName));
            if (type != int.class) throw new IllegalArgumentException("Must be integer type");
            this.offset = Sync.objectFieldOffset(tclass, fieldName);
            this.tclass = tclass;
        }

        private void check(T obj) {
            if (!tclass.isInstance(obj)) {
                if (obj == null) throw new NullPointerException();
                throw new ClassCastException("Cannot cast " + obj.getClass().getName() + " to " + tclass.getName());
            }
        }

        public boolean compareAndSet(T obj, int expect, int update) {
            check(obj);
            return Sync.compareAndSetInt(obj, offset, expect, update);
        }

        public boolean weakCompareAndSet(T obj, int expect, int update) { return compareAndSet(obj, expect, update); }

        public void set(T obj, int newValue) {
            check(obj);
            Sync.putInt(obj, offset, newValue);
        }

        public void lazySet(T obj, int newValue) { set(obj, newValue); }

        public int get(T obj) {
            check(obj);
            return Sync.getInt(obj, offset);
        }

        public int getAndSet(T obj, int newValue) {
            check(obj);
            return Sync.getAndSetInt(obj, offset, newValue);
        }

        public int getAndAdd(T obj, int delta) {
            check(obj);
            return Sync.getAndAddInt(obj, offset, delta);
        }
    }
}
