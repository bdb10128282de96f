package java.lang;

import java.util.Objects;
import java.util.function.Supplier;

/** Thread-local values live in an array on each Thread, indexed by the ThreadLocal's id. */
public class ThreadLocal<T> {
    private static final Object NULL_VALUE = new Object();
    private static int nextId;
    private final int id;

    public ThreadLocal() {
        synchronized (ThreadLocal.class) {
            id = nextId++;
        }
    }

    protected T initialValue() { return null; }

    public static <S> ThreadLocal<S> withInitial(Supplier<? extends S> supplier) {
        Objects.requireNonNull(supplier);
        return new ThreadLocal<S>() {
            protected S initialValue() { return supplier.get(); }
        };
    }

    @SuppressWarnings("unchecked")
    public T get() {
        Object[] m = Thread.currentThread().threadLocals;
        if (m != null && id < m.length && m[id] != null) {
            Object v = m[id];
            return v == NULL_VALUE ? null : (T) v;
        }
        T value = initialValue();
        set(value);
        return value;
    }

    public void set(T value) {
        Thread t = Thread.currentThread();
        Object[] m = t.threadLocals;
        if (m == null || id >= m.length) {
            Object[] grown = new Object[Math.max(id + 1, m == null ? 8 : m.length * 2)];
            if (m != null) System.arraycopy(m, 0, grown, 0, m.length);
            t.threadLocals = m = grown;
        }
        m[id] = value == null ? NULL_VALUE : value;
    }

    public void remove() {
        Object[] m = Thread.currentThread().threadLocals;
        if (m != null && id < m.length) m[id] = null;
    }
}
