// Reflection on fields (Class.getDeclaredField/getField, Field.get/set, modifiers) and
// sun.misc.Unsafe reached through its theUnsafe field: offsets, compare-and-swap, get-and-add,
// ordered and volatile stores, static fields, and getUnsafe's SecurityException.
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import sun.misc.Unsafe;

public class ReflectionUnsafe {
    static int hits = 7;
    static final String NAME = "counter";
    private volatile int count = 1;
    private long total = 10L;
    public Object item = "x";
    boolean flag = true;

    static class Base {
        public int shared = 5;
    }

    static class Derived extends Base {}

    static class Later {
        static int ready = init();

        static int init() {
            System.out.println("Later initialised");
            return 42;
        }
    }

    public static void main(String[] args) throws Exception {
        ReflectionUnsafe r = new ReflectionUnsafe();
        Field count = ReflectionUnsafe.class.getDeclaredField("count");
        System.out.println(count + " " + count.getName() + " " + count.getType() + " " + Modifier.isVolatile(count.getModifiers()));
        count.setAccessible(true);
        System.out.println(count.get(r) + " " + count.getInt(r));
        count.setInt(r, 3);
        System.out.println(r.count);
        Field hitsField = ReflectionUnsafe.class.getDeclaredField("hits");
        System.out.println(hitsField.get(null) + " " + Modifier.isStatic(hitsField.getModifiers()));
        System.out.println(ReflectionUnsafe.class.getDeclaredField("total").getLong(r));
        System.out.println(ReflectionUnsafe.class.getDeclaredField("flag").getBoolean(r));
        System.out.println(ReflectionUnsafe.class.getField("item").get(r));
        System.out.println(Derived.class.getField("shared").get(new Derived()));
        System.out.println(Later.class.getDeclaredField("ready").get(null));
        try {
            ReflectionUnsafe.class.getDeclaredField("missing");
        } catch (NoSuchFieldException e) {
            System.out.println(e);
        }
        try {
            Derived.class.getDeclaredField("shared");
        } catch (NoSuchFieldException e) {
            System.out.println(e);
        }
        try {
            Unsafe.getUnsafe();
        } catch (SecurityException e) {
            System.out.println(e);
        }
        Field f = Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        Unsafe u = (Unsafe) f.get(null);
        long off = u.objectFieldOffset(count);
        System.out.println(u.compareAndSwapInt(r, off, 3, 4) + " " + u.compareAndSwapInt(r, off, 3, 5) + " " + r.count);
        System.out.println(u.getAndAddInt(r, off, 10) + " " + u.getIntVolatile(r, off));
        long totalOff = u.objectFieldOffset(ReflectionUnsafe.class.getDeclaredField("total"));
        u.putOrderedLong(r, totalOff, 99L);
        System.out.println(u.getLong(r, totalOff) + " " + u.compareAndSwapLong(r, totalOff, 99L, 100L) + " " + r.total);
        long itemOff = u.objectFieldOffset(ReflectionUnsafe.class.getField("item"));
        System.out.println(u.compareAndSwapObject(r, itemOff, "x", "y") + " " + u.getObjectVolatile(r, itemOff) + " " + u.getAndSetObject(r, itemOff, "z") + " " + r.item);
        Object base = u.staticFieldBase(hitsField);
        long hitsOff = u.staticFieldOffset(hitsField);
        System.out.println(u.getAndAddInt(base, hitsOff, 1) + " " + hits);
        int[] a = {1, 2, 3};
        long second = u.arrayBaseOffset(int[].class) + u.arrayIndexScale(int[].class);
        System.out.println(u.compareAndSwapInt(a, second, 2, 20) + " " + a[1]);
    }
}
