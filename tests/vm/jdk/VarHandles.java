/** Every VarHandle access mode on instance, static and array variables of every kind, the
 * conversions at call sites (boxing, widening, void), the errors (bounds, stores, casts, null,
 * missing field), and the JDK's AtomicIntegerArray, AtomicLongArray and AtomicReferenceArray,
 * which use array-element VarHandles: porcheck must print what HotSpot prints. */
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

public class VarHandles {
    int count;
    long total;
    volatile String name = "a";
    boolean flag;
    byte b = 127;
    char c = 'x';
    float f = 1.5f;
    double d = 2.25;
    static int sCount;
    static Object sRef;
    private static final VarHandle COUNT, TOTAL, NAME, FLAG, B, C, F, D, SCOUNT, SREF, INTS, REFS, BYTES;
    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            COUNT = l.findVarHandle(VarHandles.class, "count", int.class);
            TOTAL = l.findVarHandle(VarHandles.class, "total", long.class);
            NAME = l.findVarHandle(VarHandles.class, "name", String.class);
            FLAG = l.findVarHandle(VarHandles.class, "flag", boolean.class);
            B = l.findVarHandle(VarHandles.class, "b", byte.class);
            C = l.findVarHandle(VarHandles.class, "c", char.class);
            F = l.findVarHandle(VarHandles.class, "f", float.class);
            D = l.findVarHandle(VarHandles.class, "d", double.class);
            SCOUNT = l.findStaticVarHandle(VarHandles.class, "sCount", int.class);
            SREF = l.findStaticVarHandle(VarHandles.class, "sRef", Object.class);
            INTS = MethodHandles.arrayElementVarHandle(int[].class);
            REFS = MethodHandles.arrayElementVarHandle(Object[].class);
            BYTES = MethodHandles.arrayElementVarHandle(byte[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public static void main(String[] args) throws Exception {
        VarHandles v = new VarHandles();
        System.out.println(COUNT.compareAndSet(v, 0, 5) + " " + COUNT.compareAndSet(v, 0, 6) + " " + v.count);
        System.out.println((int) COUNT.getAndAdd(v, 3) + " " + (int) COUNT.get(v) + " " + (int) COUNT.getAcquire(v));
        COUNT.setRelease(v, 42);
        System.out.println((int) COUNT.getVolatile(v) + " " + (int) COUNT.compareAndExchange(v, 42, 7) + " " + v.count);
        System.out.println((int) COUNT.getAndBitwiseOr(v, 8) + " " + (int) COUNT.getAndBitwiseAnd(v, 12) + " " + (int) COUNT.getAndBitwiseXor(v, 1) + " " + v.count);
        Object boxed = COUNT.get(v);
        System.out.println(boxed + " " + boxed.getClass().getName());
        long widened = (long) COUNT.get(v);
        System.out.println(widened);
        System.out.println((long) TOTAL.getAndAdd(v, 1L << 40) + " " + (long) TOTAL.get(v) + " " + TOTAL.weakCompareAndSet(v, 1L << 40, 3L) + " " + v.total);
        System.out.println((String) NAME.getAndSet(v, "b") + " " + NAME.compareAndSet(v, "b", "c") + " " + v.name + " " + (String) NAME.compareAndExchangeAcquire(v, "x", "y"));
        System.out.println(FLAG.compareAndSet(v, false, true) + " " + (boolean) FLAG.getAndBitwiseXor(v, true) + " " + v.flag);
        System.out.println((byte) B.getAndAdd(v, (byte) 1) + " " + v.b);
        System.out.println((char) C.getAndAdd(v, (char) 2) + " " + v.c);
        System.out.println((float) F.getAndAdd(v, 1.0f) + " " + v.f + " " + F.compareAndSet(v, 2.5f, 3.5f) + " " + v.f);
        System.out.println((double) D.getAndAdd(v, 0.5) + " " + v.d);
        SCOUNT.set(9);
        System.out.println((int) SCOUNT.getAndAdd(1) + " " + sCount + " " + SCOUNT.compareAndSet(10, 11) + " " + sCount);
        SREF.setVolatile("s");
        System.out.println(SREF.get() + " " + sRef + " " + SREF.getAndSet((Object) null) + " " + sRef);
        int[] ints = new int[3];
        INTS.set(ints, 1, 4);
        System.out.println((int) INTS.getAndAdd(ints, 1, 2) + " " + ints[1] + " " + INTS.compareAndSet(ints, 2, 0, 9) + " " + ints[2]);
        Object[] refs = new String[2];
        REFS.set(refs, 0, "p");
        System.out.println(REFS.get(refs, 0) + " " + REFS.compareAndSet(refs, 0, "p", "q") + " " + refs[0]);
        byte[] bytes = {-1, 5};
        System.out.println((byte) BYTES.get(bytes, 0) + " " + (byte) BYTES.getAndAdd(bytes, 1, (byte) 126) + " " + bytes[1]);
        try { INTS.get(ints, 3); } catch (ArrayIndexOutOfBoundsException e) { System.out.println(e.getMessage()); }
        try { REFS.set(refs, 1, Integer.valueOf(3)); } catch (ArrayStoreException e) { System.out.println("ASE " + e.getMessage()); }
        try { NAME.set(v, (Object) Integer.valueOf(3)); } catch (ClassCastException e) { System.out.println("CCE"); }
        try { COUNT.get((VarHandles) null); } catch (NullPointerException e) { System.out.println("NPE"); }
        try { MethodHandles.lookup().findVarHandle(VarHandles.class, "count", long.class); } catch (NoSuchFieldException e) { System.out.println("NSFE " + e.getMessage()); }
        System.out.println(COUNT.varType() + " " + INTS.varType() + " " + INTS.coordinateTypes());
        VarHandle.fullFence(); VarHandle.acquireFence(); VarHandle.releaseFence();
        AtomicIntegerArray aia = new AtomicIntegerArray(4);
        aia.incrementAndGet(2); aia.addAndGet(2, 5); aia.compareAndSet(0, 0, 3);
        System.out.println(aia + " " + aia.length() + " " + aia.getAndUpdate(1, x -> x + 10) + " " + aia);
        AtomicLongArray ala = new AtomicLongArray(new long[] {1, 2});
        ala.getAndAdd(1, 40);
        System.out.println(ala);
        AtomicReferenceArray<String> ara = new AtomicReferenceArray<>(2);
        ara.set(0, "z"); ara.compareAndSet(1, null, "w");
        System.out.println(ara);
    }
}
