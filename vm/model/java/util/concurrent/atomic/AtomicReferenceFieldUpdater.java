package java.util.concurrent.atomic;

import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;
import jdk.internal.porcheck.Sync;

/** Atomic updates of a volatile reference field. */
public abstract class AtomicReferenceFieldUpdater<T, V> {
    public static <U, W> AtomicReferenceFieldUpdater<U, W> newUpdater(Class<U> tclass, Class<W> vclass, String fieldName) {
        return new Impl<U, W>(tclass, vclass, fieldName);
    }

    protected AtomicReferenceFieldUpdater() {}

    public abstract boolean compareAndSet(T obj, V expect, V update);

    public abstract boolean weakCompareAndSet(T obj, V expect, V update);

    public abstract void set(T obj, V newValue);

    public abstract void lazySet(T obj, V newValue);

    public abstract V get(T obj);

    public V getAndSet(T obj, V newValue) {
        V prev;
        do {
            prev = get(obj);
        } while (!compareAndSet(obj, prev, newValue));
        return prev;
    }

    public final V getAndUpdate(T obj, UnaryOperator<V> updateFunction) {
        V prev, next;
        do {
            prev = get(obj);
            next = updateFunction.apply(prev);
        } while (!compareAndSet(obj, prev, next));
        return prev;
    }

    public final V updateAndGet(T obj, UnaryOperator<V> updateFunction) {
        V prev, next;
        do {
            prev = get(obj);
            next = updateFunction.apply(prev);
        } while (!compareAndSet(obj, prev, next));
        return next;
    }

    public final V getAndAccumulate(T obj, V x, BinaryOperator<V> accumulatorFunction) {
        V prev, next;
        do {
            prev = get(obj);
            next = accumulatorFunction.apply(prev, x);
        } while (!compareAndSet(obj, prev, next));
        return prev;
    }

    public final V accumulateAndGet(T obj, V x, BinaryOperator<V> accumulatorFunction) {
        V prev, next;
        do {
            prev = get(obj);
            next = accumulatorFunction.apply(prev, x);
        } while (!compareAndSet(obj, prev, next));
        return next;
    }

    private static final class Impl<T, V> extends AtomicReferenceFieldUpdater<T, V> {
        private final long offset;
        private final Class<T> tclass;
        private final Class<V> vclass;

        Impl(Class<T> tclass, Class<V> vclass, String fieldName) {
            Class<?> type = Sync.fieldType(tclass, fieldName);
            if (type == null) throw new RuntimeException(new NoSuchFieldException(fieldName));
            if (vclass != type) throw new ClassCastException();
            if (vclass.isPrimitive()) throw new IllegalArgumentException("Must be reference type");
            this.offset = Sync.objectFieldOffset(tclass, fieldName);
            this.tclass = tclass;
            this.vclass = vclass;
        }

        private void check(T obj, V value) {
            if (!tclass.isInstance(obj)) {
                if (obj == null) throw new NullPointerException();
                throw new ClassCastException();
            }
            if (value != null && !vclass.isInstance(value)) throw new ClassCastException();
        }

        public boolean compareAndSet(T obj, V expect, V update) {
            check(obj, update);
            return Sync.compareAndSetReference(obj, offset, expect, update);
        }

        public boolean weakCompareAndSet(T obj, V expect, V update) { return compareAndSet(obj, expect, update); }

        public void set(T obj, V newValue) {
            check(obj, newValue);
            Sync.putReference(obj, offset, newValue);
        }

        public void lazySet(T obj, V newValue) { set(obj, newValue); }

        @SuppressWarnings("unchecked")
        public V get(T obj) {
            check(obj, null);
            return (V) Sync.getReference(obj, offset);
        }

        @SuppressWarnings("unchecked")
        public V getAndSet(T obj, V newValue) {
            check(obj, newValue);
            return (V) Sync.getAndSetReference(obj, offset, newValue);
        }
    }
}
