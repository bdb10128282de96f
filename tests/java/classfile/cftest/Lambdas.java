package cftest;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntBinaryOperator;
import java.util.function.Supplier;

/** Lambdas and method references of every shape. */
public class Lambdas {
    private final String prefix = "p";

    static int twice(int x) {
        return 2 * x;
    }

    Runnable runnable() {
        return () -> System.out.println(prefix);
    }

    Comparator<String> comparator() {
        return (a, b) -> b.compareTo(a);
    }

    Function<Integer, Integer> staticRef() {
        return Lambdas::twice;
    }

    Function<String, Integer> unboundRef() {
        return String::length;
    }

    Supplier<String> boundRef() {
        return prefix::toUpperCase;
    }

    Supplier<List<String>> constructorRef() {
        return ArrayList::new;
    }

    Function<Integer, String[]> arrayConstructor() {
        return String[]::new;
    }

    BiFunction<Integer, Long, Double> boxing() {
        return (i, l) -> i * 1.5 + l;
    }

    IntBinaryOperator capture(int k, long m) {
        return (a, b) -> (int) (a * k + b * m);
    }

    Runnable nested() {
        return () -> {
            Runnable inner = () -> System.out.println(prefix + "inner");
            inner.run();
        };
    }
}
