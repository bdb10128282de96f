import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicIntegerArray;

/** Two threads increment a counter through a VarHandle; the first argument chooses how:
 * "cas" (a compareAndSet loop on an instance field), "add" (getAndAdd on a static field), "array"
 * (the JDK's AtomicIntegerArray), all correct; "racy" (getVolatile then setVolatile: an update
 * can be lost) and "racy-static" (the same on a static field) are the buggy variants. */
public class VarHandleCounter {
    volatile int value;
    static volatile int total;
    static final VarHandle VALUE, TOTAL;
    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            VALUE = l.findVarHandle(VarHandleCounter.class, "value", int.class);
            TOTAL = l.findStaticVarHandle(VarHandleCounter.class, "total", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        String mode = args[0];
        VarHandleCounter c = new VarHandleCounter();
        AtomicIntegerArray cells = new AtomicIntegerArray(2);
        Thread[] ts = new Thread[2];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = new Thread(() -> {
                switch (mode) {
                case "cas":
                    int v;
                    do {
                        v = (int) VALUE.getVolatile(c);
                    } while (!VALUE.compareAndSet(c, v, v + 1));
                    break;
                case "add":
                    TOTAL.getAndAdd(1);
                    break;
                case "array":
                    cells.incrementAndGet(1);
                    break;
                case "racy":
                    VALUE.setVolatile(c, (int) VALUE.getVolatile(c) + 1);
                    break;
                default:
                    TOTAL.setVolatile((int) TOTAL.getVolatile() + 1);
                }
            });
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        int result = c.value + total + cells.get(1);
        System.out.println("value = " + result);
        if (result != 2) throw new AssertionError("lost update");
    }
}
