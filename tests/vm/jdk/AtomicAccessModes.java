// The atomics' compare-and-exchange, weak compare-and-set and opaque access modes, and the
// reference field updater's accumulators: the same results on the JDK's atomics and on the model
// library's (porcheck --model-library).
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

public class AtomicAccessModes {
    volatile String name = "a";
    static final AtomicReferenceFieldUpdater<AtomicAccessModes, String> NAME =
            AtomicReferenceFieldUpdater.newUpdater(AtomicAccessModes.class, String.class, "name");

    public static void main(String[] args) {
        AtomicInteger i = new AtomicInteger(5);
        System.out.println(i.compareAndExchange(5, 7) + " " + i.compareAndExchange(5, 9) + " " + i.compareAndExchangeAcquire(7, 8) + " "
                + i.compareAndExchangeRelease(8, 1) + " " + i.weakCompareAndSetAcquire(1, 2) + " " + i.weakCompareAndSetRelease(0, 3) + " " + i);
        AtomicLong l = new AtomicLong(1L << 40);
        System.out.println(l.compareAndExchange(1L << 40, 3) + " " + l.compareAndExchange(1L << 40, 4) + " " + l.compareAndExchangeAcquire(3, 5) + " "
                + l.compareAndExchangeRelease(5, 6) + " " + l.weakCompareAndSetAcquire(6, 7) + " " + l.weakCompareAndSetRelease(0, 8) + " " + l);
        AtomicBoolean b = new AtomicBoolean();
        System.out.println(b.compareAndExchange(false, true) + " " + b.compareAndExchange(false, true) + " " + b.compareAndExchangeAcquire(true, false) + " "
                + b.compareAndExchangeRelease(true, true) + " " + b.weakCompareAndSetPlain(false, true) + " " + b.weakCompareAndSetVolatile(false, true) + " "
                + b.weakCompareAndSetAcquire(true, false) + " " + b.weakCompareAndSetRelease(false, true) + " " + b.getOpaque());
        b.setOpaque(false);
        System.out.println(b.get());
        String x = "x", y = "y";
        AtomicReference<String> r = new AtomicReference<>(x);
        System.out.println(r.compareAndExchange(y, "z") + " " + r.compareAndExchange(x, y) + " " + r.compareAndExchangeAcquire(y, x) + " "
                + r.compareAndExchangeRelease(x, y) + " " + r.weakCompareAndSetPlain(y, x) + " " + r.weakCompareAndSetVolatile(x, y) + " "
                + r.weakCompareAndSetAcquire(y, x) + " " + r.weakCompareAndSetRelease(y, x) + " " + r.getOpaque());
        r.setOpaque(null);
        System.out.println(r.get() + " " + r.compareAndExchange(null, x));
        AtomicAccessModes o = new AtomicAccessModes();
        System.out.println(NAME.getAndAccumulate(o, "b", String::concat) + " " + NAME.accumulateAndGet(o, "c", String::concat) + " " + o.name);
    }
}
