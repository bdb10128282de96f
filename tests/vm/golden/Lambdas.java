// Lambdas and method references of every kind implementing java.util.function interfaces.
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntBinaryOperator;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
import java.util.function.UnaryOperator;

public class Lambdas {
    interface TriFunction<A, B, C, R> { R apply(A a, B b, C c); }

    int base = 3;

    int addBase(int x) { return x + base; }

    static String shout(String s) { return s.toUpperCase() + "!"; }

    Supplier<Integer> capturingThis() { return () -> base * 100; }

    public static void main(String[] args) {
        Runnable r = () -> System.out.println("runnable");
        r.run();
        Supplier<String> sup = () -> "supplied";
        Function<String, Integer> len = String::length;
        Function<String, String> sh = Lambdas::shout;
        UnaryOperator<String> trim = String::trim;
        BiFunction<String, String, Boolean> eq = String::equals;
        Function<Integer, int[]> mkArr = int[]::new;
        Supplier<List<String>> mkList = ArrayList::new;
        Function<String, StringBuilder> mkSb = StringBuilder::new;
        Lambdas self = new Lambdas();
        Function<Integer, Integer> bound = self::addBase;
        ToIntFunction<String> hash = Object::hashCode;
        System.out.println(sup.get() + " " + len.apply("four") + " " + sh.apply("hey") + " [" + trim.apply("  t  ") + "] " + eq.apply("a", "a") + " " + mkArr.apply(3).length
                + " " + mkList.get() + " " + mkSb.apply("sb").reverse() + " " + bound.apply(4) + " " + hash.applyAsInt("A") + " " + self.capturingThis().get());
        int k = 10;
        long big = 1L << 40;
        double dd = 0.5;
        char ch = 'c';
        TriFunction<Integer, Long, Double, String> tri = (a, b, c) -> a + k + " " + (b + big) + " " + (c * dd) + ch;
        System.out.println(tri.apply(1, 2L, 3.0));
        Function<Integer, Integer> inc = x -> x + 1, dbl = x -> x * 2;
        System.out.println(inc.andThen(dbl).apply(5) + " " + inc.compose(dbl).apply(5) + " " + Function.<Integer>identity().apply(9));
        Predicate<String> empty = String::isEmpty, longish = s -> s.length() > 3;
        System.out.println(empty.negate().test("") + " " + empty.or(longish).test("long") + " " + empty.and(longish).test("") + " " + Predicate.isEqual("x").test("x"));
        BinaryOperator<Integer> max = BinaryOperator.maxBy(Integer::compare);
        IntBinaryOperator mul = (a, b) -> a * b;
        System.out.println(max.apply(3, 9) + " " + mul.applyAsInt(6, 7));
        List<String> out = new ArrayList<>();
        Consumer<String> add = out::add;
        add.andThen(s -> out.add(s + s)).accept("x");
        Arrays.asList("p", "q").forEach(add);
        System.out.println(out);
        List<Supplier<Integer>> sups = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            final int j = i;
            sups.add(() -> j * j);
        }
        for (Supplier<Integer> s : sups) System.out.print(s.get() + " ");
        System.out.println();
        Runnable a1 = () -> {}, a2 = () -> {};
        System.out.println((a1 != null) + " " + (a1 == a1));
        Function<Double, Long> round = Math::round;
        Function<Integer, String> hex = Integer::toHexString;
        BiFunction<Integer, Integer, Integer> pow = (b, e) -> (int) Math.pow(b, e);
        System.out.println(round.apply(2.5) + " " + hex.apply(255) + " " + pow.apply(2, 12));
    }
}
