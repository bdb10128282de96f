package cftest;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** Generic classes and methods, nested, inner, local and anonymous classes, interfaces, enums. */
public abstract class Shapes<T extends Comparable<? super T>, U> implements Serializable, Comparable<Shapes<T, U>> {
    private static final long serialVersionUID = 1L;

    protected T best;
    List<? extends Number> numbers;
    Map<String, List<T>> index;
    U[] items;
    transient volatile int version;

    interface Shape {
        double area();

        default String describe() {
            return "area " + area();
        }

        static Shape unit() {
            return () -> 1.0;
        }
    }

    static final class Circle implements Shape {
        private final double r;

        Circle(double r) {
            this.r = r;
        }

        public double area() {
            return Math.PI * r * r;
        }
    }

    class Inner {
        int read() {
            return version;
        }
    }

    enum Op {
        PLUS {
            int apply(int a, int b) {
                return a + b;
            }
        },
        TIMES {
            int apply(int a, int b) {
                return a * b;
            }
        };

        abstract int apply(int a, int b);
    }

    abstract U convert(T t) throws Exception;

    public int compareTo(Shapes<T, U> other) {
        return best.compareTo(other.best);
    }

    static <E extends Comparable<E>> E max(Collection<? extends E> xs) {
        E best = null;
        for (E x : xs) if (best == null || x.compareTo(best) > 0) best = x;
        return best;
    }

    @SafeVarargs
    static <E> List<E> listOf(E... xs) {
        List<E> out = new ArrayList<>();
        for (E x : xs) out.add(x);
        return out;
    }

    static int sum(int... xs) {
        int s = 0;
        for (int x : xs) s += x;
        return s;
    }

    <X extends Number & Comparable<X>> X bounded(X x) throws IllegalStateException, java.io.IOException {
        return x;
    }

    Callable<Integer> anonymous(final int k) {
        class Local implements Callable<Integer> {
            public Integer call() {
                return k + version;
            }
        }
        return new Callable<Integer>() {
            public Integer call() throws Exception {
                return new Local().call() + 1;
            }
        };
    }

    Inner inner() {
        return new Inner();
    }

    native void nativeMethod(long handle);

    static {
        System.out.println("init");
    }
}
