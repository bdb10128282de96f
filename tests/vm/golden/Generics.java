// Generic classes and methods, bridge methods, bounded types and wildcards.
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public class Generics {
    static class Box<T extends Comparable<T>> implements Comparable<Box<T>> {
        final T value;
        Box(T value) { this.value = value; }
        public int compareTo(Box<T> o) { return value.compareTo(o.value); }
        public String toString() { return "Box(" + value + ")"; }
    }

    interface Transformer<A, B> { B apply(A a); }

    static class Lengther implements Transformer<String, Integer> {
        public Integer apply(String s) { return s.length(); }
    }

    static abstract class Shape implements Cloneable {
        abstract Shape copy();
    }

    static class Circle extends Shape {
        double r = 1;
        Circle copy() { Circle c = new Circle(); c.r = r * 2; return c; }
    }

    static <T extends Comparable<? super T>> T max(List<? extends T> xs) {
        T best = xs.get(0);
        for (T x : xs) if (x.compareTo(best) > 0) best = x;
        return best;
    }

    static double sum(List<? extends Number> xs) {
        double s = 0;
        for (Number n : xs) s += n.doubleValue();
        return s;
    }

    static void fill(List<? super Integer> xs, int n) { for (int i = 0; i < n; i++) xs.add(i); }

    @SafeVarargs
    static <T> List<T> listOf(T... xs) { return new ArrayList<>(Arrays.asList(xs)); }

    static <A, B> List<B> map(List<A> xs, Transformer<? super A, ? extends B> f) {
        List<B> out = new ArrayList<>();
        for (A a : xs) out.add(f.apply(a));
        return out;
    }

    public static void main(String[] args) {
        List<Box<String>> boxes = listOf(new Box<>("pear"), new Box<>("apple"), new Box<>("zucchini"));
        System.out.println(max(boxes) + " " + max(Arrays.asList(3, 9, 2)) + " " + sum(Arrays.asList(1, 2.5, 3L)));
        List<Object> objs = new ArrayList<>();
        fill(objs, 4);
        System.out.println(objs);
        @SuppressWarnings({"rawtypes", "unchecked"})
        Transformer raw = new Lengther();
        System.out.println(map(Arrays.asList("a", "bb", "ccc"), new Lengther()) + " " + raw.apply("raw call"));
        Shape s = new Circle();
        Shape c = s.copy();
        System.out.println(((Circle) c).r + " " + (c instanceof Circle));
        Comparable<Box<String>> cmp = boxes.get(0);
        System.out.println(cmp.compareTo(boxes.get(1)) > 0);
        try {
            @SuppressWarnings({"rawtypes", "unchecked"})
            Comparable bad = new Box<>("x");
            bad.compareTo("not a box");
        } catch (ClassCastException e) {
            System.out.println("bridge method cast failed");
        }
        List<? extends Number> ro = Arrays.asList(1, 2L, 3.0f);
        Number first = ro.get(0);
        System.out.println(first + " " + ro.get(2).getClass().getSimpleName());
    }
}
