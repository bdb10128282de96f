import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.ConcurrentModificationException;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.IllegalFormatConversionException;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.ListIterator;
import java.util.MissingFormatArgumentException;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.UnknownFormatConversionException;
import java.util.Vector;
import java.util.concurrent.TimeUnit;
import java.util.function.BiPredicate;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;
import java.util.function.LongUnaryOperator;

/** The methods tests/vm/test_model_api.c found missing in the model library, as HotSpot runs
 * them: Vector's (its growth, its clone with an array of its own, its iterators), Collections'
 * algorithms and adapters, exception constructors and accessors, functional-interface defaults,
 * Optional, number parsing, Math's bit-level functions, the ranged inserts of the string builders. */
public class ModelApiAdditions {
    interface Body {
        Object run() throws Exception;
    }

    /** Prints what [body] returns, or the exception it throws. */
    static void show(String label, Body body) {
        try {
            System.out.println(label + ": " + body.run());
        } catch (Exception e) {
            System.out.println(label + ": " + e);
        }
    }

    static class Failure extends RuntimeException {
        Failure(String message, Throwable cause) { super(message, cause, false, false); }
    }

    static class ErrorStream extends PrintStream {
        ErrorStream() { super(new ByteArrayOutputStream()); }

        boolean flip() {
            setError();
            boolean set = checkError();
            clearError();
            return set && !checkError();
        }
    }

    static void vector() {
        Vector<Integer> v = new Vector<>(2, 3);
        for (int i = 0; i < 3; i++) v.add(i);
        show("capacity by increment", v::capacity);
        v.ensureCapacity(9);
        show("ensureCapacity", v::capacity);
        v.trimToSize();
        show("trimToSize", v::capacity);
        Vector<Integer> d = new Vector<>();
        for (int i = 0; i < 11; i++) d.add(i);
        show("capacity by doubling", d::capacity);
        v.setSize(5);
        show("setSize up", () -> v);
        v.setSize(2);
        show("setSize down", () -> v + " " + v.size());
        v.insertElementAt(7, 1);
        v.setElementAt(8, 0);
        show("insert and set", () -> v);
        show("setElementAt past the end", () -> {
            v.setElementAt(1, 3);
            return v;
        });
        show("insertElementAt past the end", () -> {
            v.insertElementAt(1, 9);
            return v;
        });
        Object[] copy = new Object[4];
        v.copyInto(copy);
        show("copyInto", () -> Arrays.toString(copy));
        v.add(7);
        show("lastIndexOf from", () -> v.lastIndexOf(7, 2) + " " + v.lastIndexOf(7, 0));
        show("lastIndexOf past the end", () -> v.lastIndexOf(7, 4));
        @SuppressWarnings("unchecked")
        Vector<Integer> c = (Vector<Integer>) v.clone();
        v.set(0, 99);
        c.add(5);
        show("clone has its own array", () -> v + " " + c + " " + c.capacity());
        Enumeration<Integer> e = v.elements();
        StringBuilder sb = new StringBuilder();
        while (e.hasMoreElements()) sb.append(e.nextElement()).append(' ');
        show("elements", sb::toString);
        show("elements past the end", e::nextElement);
        v.subList(1, 3).clear();
        show("removeRange through subList", () -> v);
        ListIterator<Integer> it = v.listIterator(1);
        it.add(4);
        it.previous();
        it.set(6);
        show("listIterator add, previous, set", () -> v + " " + it.nextIndex());
        show("listIterator out of range", () -> v.listIterator(9));
        Iterator<Integer> r = v.iterator();
        r.next();
        r.remove();
        StringBuilder rest = new StringBuilder();
        r.forEachRemaining(x -> rest.append(x));
        show("iterator remove, forEachRemaining", () -> v + " " + rest + " " + r.hasNext());
        show("next past the end", r::next);
        Iterator<Integer> stale = v.iterator();
        v.add(1);
        show("next after a change", stale::next);
    }

    static void collections() {
        List<String> sorted = Arrays.asList("d", "c", "b", "a");
        show("binarySearch with comparator",
             () -> Collections.binarySearch(sorted, "b", Collections.reverseOrder()) + " "
                     + Collections.binarySearch(sorted, "e", Collections.reverseOrder()) + " "
                     + Collections.binarySearch(Arrays.asList("a", "b"), "b", null));
        List<String> dest = new ArrayList<>(Arrays.asList("x", "y", "z"));
        Collections.copy(dest, Arrays.asList("1", "2"));
        show("copy", () -> dest);
        show("copy too long", () -> {
            Collections.copy(dest, Arrays.asList("1", "2", "3", "4"));
            return dest;
        });
        List<String> abc = new LinkedList<>(Arrays.asList("a", "b", "a", "c"));
        show("replaceAll", () -> Collections.replaceAll(abc, "a", "z") + " " + abc + " "
                                         + Collections.replaceAll(abc, "q", "z"));
        List<Integer> digits = Arrays.asList(1, 2, 3, 1, 2, 3);
        show("indexOfSubList", () -> Collections.indexOfSubList(digits, Arrays.asList(2, 3)) + " "
                                             + Collections.lastIndexOfSubList(digits, Arrays.asList(2, 3))
                                             + " " + Collections.indexOfSubList(digits, Arrays.asList(4))
                                             + " " + Collections.lastIndexOfSubList(digits, List.of()));
        List<Integer> small = new ArrayList<>(Arrays.asList(0, 1, 2, 3, 4, 5));
        Collections.rotate(small, 2);
        show("rotate", () -> small);
        Collections.rotate(small, -8);
        show("rotate back", () -> small);
        LinkedList<Integer> big = new LinkedList<>();
        for (int i = 0; i < 120; i++) big.add(i);
        Collections.rotate(big, 7);
        show("rotate a long list", () -> big.subList(0, 9) + " " + big.getLast());
        show("emptyIterator", () -> Collections.emptyIterator().hasNext());
        show("emptyIterator next", () -> Collections.emptyIterator().next());
        show("emptyListIterator", () -> Collections.emptyListIterator().nextIndex() + " "
                                                + Collections.emptyListIterator().previousIndex());
        show("emptyListIterator remove", () -> {
            Collections.emptyListIterator().remove();
            return "";
        });
        show("emptyEnumeration", () -> Collections.emptyEnumeration().hasMoreElements());
        show("enumeration and list",
             () -> Collections.list(Collections.enumeration(Arrays.asList(3, 1, 2))));
        Set<String> set = Collections.newSetFromMap(new HashMap<>());
        show("newSetFromMap", () -> set.add("a") + " " + set.add("a") + " " + set.add("b") + " "
                                            + set + " " + set.remove("a") + " " + set);
        show("newSetFromMap non-empty", () -> {
            HashMap<String, Boolean> m = new HashMap<>();
            m.put("x", true);
            return Collections.newSetFromMap(m);
        });
        Queue<Integer> lifo = Collections.asLifoQueue(new ArrayDeque<>());
        lifo.add(1);
        lifo.offer(2);
        lifo.add(3);
        show("asLifoQueue", () -> lifo + " " + lifo.peek() + " " + lifo.poll() + " " + lifo.remove()
                                          + " " + lifo);
        List<String> sync = Collections.synchronizedList(new ArrayList<>(Arrays.asList("p", "q")));
        show("synchronized toArray(IntFunction)", () -> Arrays.toString(sync.toArray(String[]::new)));
    }

    static void exceptions() {
        Exception cause = new IOException("disk");
        show("ConcurrentModificationException", () -> new ConcurrentModificationException(cause).getMessage()
                                                              + " / " + new ConcurrentModificationException("m", cause).getCause());
        show("NoSuchElementException", () -> new NoSuchElementException(cause).getMessage());
        show("ClassNotFoundException", () -> new ClassNotFoundException("C", cause).getException());
        show("BootstrapMethodError", () -> new BootstrapMethodError("b", cause).getCause() + " "
                                                   + new BootstrapMethodError(cause).getMessage());
        show("UncheckedIOException", () -> {
            IOException io = new UncheckedIOException(new IOException("x")).getCause();
            return io.getMessage();
        });
        Failure f = new Failure("quiet", cause);
        f.addSuppressed(new RuntimeException());
        show("no suppression, no stack trace", () -> f.getSuppressed().length + " "
                                                             + f.getStackTrace().length + " " + f.getCause());
        try {
            String.format("%d", "x");
        } catch (IllegalFormatConversionException e) {
            show("IllegalFormatConversionException", () -> e.getConversion() + " "
                                                                   + e.getArgumentClass().getName() + " " + e.getMessage());
        }
        try {
            String.format("%q", 1);
        } catch (UnknownFormatConversionException e) {
            show("UnknownFormatConversionException", () -> e.getConversion() + " " + e.getMessage());
        }
        try {
            String.format("%s %s", "a");
        } catch (MissingFormatArgumentException e) {
            show("MissingFormatArgumentException", () -> e.getFormatSpecifier() + " " + e.getMessage());
        }
    }

    static void functions() {
        BiPredicate<Integer, Integer> less = (a, b) -> a < b;
        BiPredicate<Integer, Integer> even = (a, b) -> (a + b) % 2 == 0;
        show("BiPredicate", () -> less.and(even).test(1, 3) + " " + less.and(even).test(1, 2) + " "
                                          + less.or(even).test(3, 1) + " " + less.or(even).test(4, 1));
        IntPredicate positive = x -> x > 0;
        IntPredicate odd = x -> x % 2 != 0;
        show("IntPredicate", () -> positive.and(odd).test(3) + " " + positive.or(odd).test(-3) + " "
                                           + positive.negate().test(3));
        IntUnaryOperator twice = x -> 2 * x;
        IntUnaryOperator inc = x -> x + 1;
        show("IntUnaryOperator", () -> twice.compose(inc).applyAsInt(3) + " "
                                               + twice.andThen(inc).applyAsInt(3) + " "
                                               + IntUnaryOperator.identity().applyAsInt(5));
        LongUnaryOperator ltwice = x -> 2 * x;
        show("LongUnaryOperator", () -> ltwice.compose(x -> x + 1).applyAsLong(3) + " "
                                                + ltwice.andThen(x -> x + 1).applyAsLong(3) + " "
                                                + LongUnaryOperator.identity().applyAsLong(5));
        DoubleUnaryOperator half = x -> x / 2;
        show("DoubleUnaryOperator", () -> half.compose(x -> x + 1).applyAsDouble(3) + " "
                                                  + half.andThen(x -> x + 1).applyAsDouble(3) + " "
                                                  + DoubleUnaryOperator.identity().applyAsDouble(5));
        StringBuilder seen = new StringBuilder();
        IntConsumer a = x -> seen.append("a").append(x);
        a.andThen(x -> seen.append("b").append(x)).accept(7);
        show("IntConsumer", seen::toString);
        show("andThen(null)", () -> a.andThen(null));
        Optional<String> some = Optional.of("v");
        Optional<String> none = Optional.empty();
        StringBuilder branch = new StringBuilder();
        some.ifPresentOrElse(branch::append, () -> branch.append("none"));
        none.ifPresentOrElse(branch::append, () -> branch.append("-none"));
        show("Optional", () -> branch + " " + some.flatMap(s -> Optional.of(s + s)) + " "
                                       + none.flatMap(s -> Optional.of(s)) + " " + none.or(() -> Optional.of("w"))
                                       + " " + some.or(() -> Optional.of("w")));
        show("Optional.flatMap to null", () -> some.flatMap(s -> null));
    }

    static void numbers() {
        show("Byte", () -> Byte.decode("0x7f") + " " + Byte.decode("-#10") + " " + new Byte("12") + " "
                                   + Byte.compareUnsigned((byte) -1, (byte) 1));
        show("Byte.decode out of range", () -> Byte.decode("200"));
        show("Short", () -> Short.decode("010") + " " + new Short("-3") + " "
                                    + Short.compareUnsigned((short) 1, (short) -1));
        show("Float", () -> new Float("1.5"));
        show("Long.decode", () -> Long.decode("0x7fffffffffffffff") + " " + Long.decode("-0x8000000000000000")
                                          + " " + Long.decode("#ff") + " " + Long.decode("010") + " "
                                          + Long.decode("-5") + " " + Long.decode("+0"));
        show("Long.decode sign", () -> Long.decode("0x-5"));
        show("Long.decode empty", () -> Long.decode(""));
        show("parseUnsignedLong", () -> Long.parseUnsignedLong("18446744073709551615") + " "
                                                + Long.parseUnsignedLong("ffffffffffffffff", 16) + " "
                                                + Long.parseUnsignedLong("+42") + " "
                                                + Long.parseUnsignedLong("9223372036854775808"));
        show("parseUnsignedLong too big", () -> Long.parseUnsignedLong("18446744073709551616"));
        show("parseUnsignedLong minus", () -> Long.parseUnsignedLong("-1"));
        show("parseUnsignedLong empty", () -> Long.parseUnsignedLong(""));
        show("parseUnsignedLong bad digit", () -> Long.parseUnsignedLong("1844674407370955161x"));
        show("parseUnsignedLong bad prefix", () -> Long.parseUnsignedLong("18446x44073709551615"));
        show("parseUnsignedLong null", () -> Long.parseUnsignedLong(null));
        for (String t : new String[] {"12345", "+", "", "x1", "-9223372036854775808", "9223372036854775808"})
            show("ranged parseLong '" + t + "'", () -> Long.parseLong("a" + t + "b", 1, 1 + t.length(), 10));
        show("ranged parseLong bad range", () -> Long.parseLong("abc", 2, 5, 10));
        show("properties", () -> Long.getLong("porcheck.none") + " " + Long.getLong("porcheck.none", 5L)
                                         + " " + Integer.getInteger("porcheck.none", 7) + " "
                                         + Integer.getInteger("porcheck.none") + " "
                                         + Boolean.getBoolean("porcheck.none"));
        show("multiplyFull", () -> Math.multiplyFull(Integer.MAX_VALUE, Integer.MIN_VALUE));
        long[] samples = {0, 1, -1, 3, Long.MAX_VALUE, Long.MIN_VALUE, 0x123456789abcdefL, -0x1234567890L};
        StringBuilder highs = new StringBuilder();
        for (long x : samples)
            for (long y : samples) highs.append(Math.multiplyHigh(x, y)).append(' ');
        show("multiplyHigh", highs::toString);
        show("StrictMath.multiplyHigh", () -> StrictMath.multiplyHigh(Long.MIN_VALUE, 3));
        show("absExact", () -> Math.absExact(-5L));
        show("absExact overflow", () -> Math.absExact(Long.MIN_VALUE));
        float[] fs = {0f, -0f, 1f, -1.5f, Float.MIN_VALUE, Float.MAX_VALUE, Float.MIN_NORMAL,
                      Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN, 3.3e-42f};
        StringBuilder fl = new StringBuilder();
        for (float x : fs)
            fl.append(Math.ulp(x)).append(' ').append(Math.getExponent(x)).append(' ')
              .append(Math.nextUp(x)).append(' ').append(Math.nextDown(x)).append(' ')
              .append(Math.nextAfter(x, 1.0)).append(' ').append(Math.nextAfter(x, -1.0)).append(' ')
              .append(Math.nextAfter(x, (double) x)).append(" | ");
        show("float neighbours", fl::toString);
        double[] ds = {0.0, -0.0, 1.0, -2.5, Double.MIN_VALUE, Double.MAX_VALUE,
                       Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NaN};
        StringBuilder dl = new StringBuilder();
        for (double x : ds)
            dl.append(Math.nextDown(x)).append(' ').append(Math.nextAfter(x, 0.5)).append(' ')
              .append(StrictMath.nextAfter(x, Double.NEGATIVE_INFINITY)).append(' ')
              .append(StrictMath.nextDown(x)).append(" | ");
        show("double neighbours", dl::toString);
        show("nextAfter -0 and 0", () -> 1 / Math.nextAfter(-0.0, 0.0) + " " + 1 / Math.nextAfter(0.0f, -0.0));
    }

    static void text() throws IOException {
        char[] chars = "hello".toCharArray();
        show("copyValueOf", () -> String.copyValueOf(chars, 1, 3));
        show("transform", () -> "abc".transform(s -> s.length()));
        show("contentEquals", () -> "ab".contentEquals(new StringBuffer("ab")) + " "
                                            + "ab".contentEquals(new StringBuilder("ac")) + " "
                                            + "ab".contentEquals((CharSequence) new StringBuffer("a")));
        StringBuilder b = new StringBuilder("ad");
        b.insert(1, chars, 1, 2).insert(0, "xyz", 1, 3).insert(b.length(), (CharSequence) null, 0, 2);
        show("StringBuilder ranged inserts", b::toString);
        StringBuffer f = new StringBuffer("ad");
        f.insert(1, chars, 0, 1).insert(2, new StringBuilder("pq"), 1, 2);
        show("StringBuffer ranged inserts", f::toString);
        show("insert chars bad offset", () -> new StringBuilder("a").insert(2, chars, 0, 1));
        show("insert chars bad range", () -> new StringBuilder("a").insert(0, chars, 3, 4));
        show("insert sequence bad offset", () -> new StringBuffer("a").insert(-1, "xy", 0, 1));
        show("insert sequence bad range", () -> new StringBuffer("a").insert(0, "xy", 1, 3));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes("hi".getBytes());
        PrintStream ps = new PrintStream(bytes);
        ps.writeBytes("!".getBytes());
        ByteArrayOutputStream other = new ByteArrayOutputStream();
        bytes.writeTo(other);
        show("writeBytes and writeTo", () -> bytes + " " + other);
        show("setError and clearError", () -> new ErrorStream().flip());
    }

    static void threads() throws InterruptedException {
        Thread t = new Thread(() -> {});
        t.start();
        t.join(0, 5);
        TimeUnit.MILLISECONDS.timedJoin(t, 1);
        t.join(); // the timed joins may return first on a busy machine (HotSpot: about 2 ms)
        show("joined", t::isAlive);
        show("join bad nanos", () -> {
            t.join(1, 1000000);
            return "";
        });
    }

    public static void main(String[] args) throws Exception {
        vector();
        collections();
        exceptions();
        functions();
        numbers();
        text();
        threads();
    }
}
