import jdk.internal.misc.Unsafe;

/** jdk.internal.misc.Unsafe on array elements and fields, as the JDK's own classes use it
 * (element offset base + index * scale): CAS, compareAndExchange, getAndAdd, getAndSet, the
 * ordered reads and writes. Compiled with --add-exports java.base/jdk.internal.misc. */
public class UnsafeArrays {
    static final Unsafe U = Unsafe.getUnsafe();

    int count;
    long total;
    Object item;

    static long at(Class<?> arrayClass, int index) {
        return U.arrayBaseOffset(arrayClass) + (long) index * U.arrayIndexScale(arrayClass);
    }

    public static void main(String[] args) {
        Object[] refs = new Object[3];
        System.out.println(U.compareAndSetReference(refs, at(Object[].class, 1), null, "one"));
        System.out.println(U.compareAndSetReference(refs, at(Object[].class, 1), null, "uno"));
        System.out.println(U.compareAndExchangeReference(refs, at(Object[].class, 2), null, "two"));
        System.out.println(U.getReferenceAcquire(refs, at(Object[].class, 2)));
        U.putReferenceRelease(refs, at(Object[].class, 0), "zero");
        System.out.println(refs[0] + " " + refs[1] + " " + refs[2]);
        System.out.println(U.getAndSetReference(refs, at(Object[].class, 0), null) + " " + refs[0]);

        int[] ints = {5, 6, 7};
        System.out.println(U.getAndAddInt(ints, at(int[].class, 2), 10) + " " + ints[2]);
        System.out.println(U.compareAndExchangeInt(ints, at(int[].class, 0), 4, 40) + " " + ints[0]);
        System.out.println(U.weakCompareAndSetIntPlain(ints, at(int[].class, 1), 6, 60) + " " + ints[1]);
        System.out.println(U.getAndBitwiseAndInt(ints, at(int[].class, 1), 0x0f) + " " + ints[1]);
        U.putIntVolatile(ints, at(int[].class, 0), -1);
        System.out.println(U.getIntOpaque(ints, at(int[].class, 0)));

        long[] longs = {1L << 40, 2};
        System.out.println(U.getAndAddLong(longs, at(long[].class, 0), 1) + " " + longs[0]);
        System.out.println(U.compareAndSetLong(longs, at(long[].class, 1), 2, -2) + " " + longs[1]);
        System.out.println(U.getAndSetLong(longs, at(long[].class, 1), 7) + " " + longs[1]);
        System.out.println(U.compareAndExchangeLong(longs, at(long[].class, 1), 8, 9) + " " + longs[1]);

        UnsafeArrays o = new UnsafeArrays();
        long count = U.objectFieldOffset(UnsafeArrays.class, "count");
        long total = U.objectFieldOffset(UnsafeArrays.class, "total");
        long item = U.objectFieldOffset(UnsafeArrays.class, "item");
        System.out.println(U.compareAndSetInt(o, count, 0, 3) + " " + U.getAndAddInt(o, count, 2) + " " + o.count);
        System.out.println(U.getAndAddLong(o, total, 1L << 33) + " " + U.getLongVolatile(o, total));
        System.out.println(U.compareAndSetReference(o, item, null, refs) + " " + (o.item == refs));
        U.storeFence();
        U.loadFence();
        U.fullFence();
        System.out.println("done");
    }
}
