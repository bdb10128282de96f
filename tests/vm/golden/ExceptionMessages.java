// The messages of exceptions the VM and the library throw.
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;

public class ExceptionMessages {
    interface Task { void run() throws Exception; }

    enum Color { RED, GREEN }

    static void show(Task t) {
        try {
            t.run();
            System.out.println("no exception");
        } catch (Exception e) {
            System.out.println(e);
        }
    }

    public static void main(String[] args) {
        show(() -> { int[] a = new int[3]; a[3] = 1; });
        show(() -> { long[] a = new long[0]; System.out.println(a[-2]); });
        show(() -> { Object[] a = new String[1]; a[0] = 1.5; });
        show(() -> { int[] a = new int[-7]; });
        show(() -> { Object o = "s"; Integer i = (Integer) o; });
        show(() -> { Object o = new ArrayList<String>(); String s = (String) o; });
        show(() -> { Object o = new int[1]; long[] l = (long[]) o; });
        show(() -> { int x = 0; System.out.println(5 / x); });
        show(() -> { long x = 0; System.out.println(5L % x); });
        show(() -> "abc".charAt(10));
        show(() -> "abc".substring(2, 1));
        show(() -> new ArrayList<Integer>().get(0));
        show(() -> new ArrayList<Integer>(-1));
        show(() -> new LinkedList<Integer>().getFirst());
        show(() -> new ArrayList<Integer>().iterator().next());
        show(() -> new HashMap<String, String>(-3));
        show(() -> Integer.parseInt("12a"));
        show(() -> Integer.parseInt(""));
        show(() -> Long.parseLong("99999999999999999999"));
        show(() -> Double.parseDouble("x1"));
        show(() -> { List<Integer> l = new ArrayList<>(); l.add(1); Iterator<Integer> it = l.iterator(); it.next(); it.remove(); it.remove(); });
        show(() -> { List<Integer> l = new ArrayList<>(); l.add(1); l.add(2); for (Integer i : l) l.remove(i); });
        show(() -> new StringBuilder("ab").deleteCharAt(5));
        show(() -> { throw new Exception(); });
        show(() -> { throw new Exception((String) null); });
        show(() -> { throw new IllegalStateException("state", new RuntimeException("cause")); });
        show(() -> { Object o = new Object(); o.wait(); });
        show(() -> { Object o = new Object(); o.notify(); });
        show(() -> Math.addExact(Integer.MAX_VALUE, 1));
        show(() -> Math.multiplyExact(Long.MAX_VALUE, 2L));
        show(() -> java.util.Objects.requireNonNull(null, "must not be null"));
        show(() -> Enum.valueOf(Color.class, "NOPE"));
        show(() -> Color.valueOf("GREEN").name());
    }
}
