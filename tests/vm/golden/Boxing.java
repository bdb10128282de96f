// Autoboxing, the wrapper caches, equals versus ==, unboxing of null.
import java.util.ArrayList;
import java.util.List;

public class Boxing {
    public static void main(String[] args) {
        Integer a = 127, b = 127, c = 128, d = 128, e = -128, f = -128, g = -129, h = -129;
        System.out.println((a == b) + " " + (c == d) + " " + (e == f) + " " + (g == h) + " " + c.equals(d));
        Long la = 127L, lb = 127L, lc = 128L, ld = 128L;
        System.out.println((la == lb) + " " + (lc == ld) + " " + la.equals(127L) + " " + la.equals(127));
        Short sa = 100, sb = 100, sc = 1000, sd = 1000;
        Byte ba = 5, bb = 5;
        Character ca = 'a', cb = 'a', cc = '\u0100', cd = '\u0100';
        Boolean t1 = true, t2 = Boolean.valueOf("TRUE");
        System.out.println((sa == sb) + " " + (sc == sd) + " " + (ba == bb) + " " + (ca == cb) + " " + (cc == cd) + " " + (t1 == t2));
        System.out.println((Integer.valueOf(1000) == Integer.valueOf(1000)) + " " + (Integer.valueOf(10) == Integer.valueOf(10)));
        Double x = 1.0, y = 1.0;
        Float fx = 1f, fy = 1f;
        System.out.println((x == y) + " " + x.equals(y) + " " + (fx == fy) + " " + fx.equals(fy));
        int sum = 0;
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < 300; i++) list.add(i);
        for (Integer i : list) sum += i;
        System.out.println(sum + " " + list.get(200).equals(200) + " " + list.contains(299) + " " + list.indexOf(150));
        Integer n = null;
        try {
            int bad = n;
            System.out.println(bad);
        } catch (NullPointerException ex) {
            System.out.println("NPE when unboxing");
        }
        Object o = 42;
        Object ol = 42L;
        Object od = 4.2;
        Object oc = 'c';
        System.out.println(o.getClass().getName() + " " + ol.getClass().getName() + " " + od.getClass().getName() + " " + oc.getClass().getName());
        Integer boxed = 5;
        boxed++;
        boxed += 10;
        System.out.println(boxed + " " + (boxed > 10) + " " + boxed.compareTo(16) + " " + Integer.valueOf(3).hashCode() + " " + Long.valueOf(1L << 33).hashCode()
                + " " + Double.valueOf(1.5).hashCode() + " " + Boolean.TRUE.hashCode() + " " + Character.valueOf('A').hashCode() + " " + Float.valueOf(2.5f).hashCode());
        long widened = boxed;
        double dw = boxed;
        System.out.println(widened + " " + dw);
        Number num = 3.75;
        System.out.println(num.intValue() + " " + num.longValue() + " " + num.floatValue() + " " + num.byteValue());
    }
}
