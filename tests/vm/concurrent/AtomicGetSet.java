// An AtomicInteger reached through a final instance field, incremented with get() then set():
// atomics are never exempted, so the lost update is found (Java PathFinder's defaults miss it).
// expect: violation AssertionError: lost update
import java.util.concurrent.atomic.AtomicInteger;

public class AtomicGetSet {
    private final AtomicInteger value = new AtomicInteger();

    void increment() {
        value.set(value.get() + 1);
    }

    public static void main(String[] args) throws InterruptedException {
        AtomicGetSet c = new AtomicGetSet();
        Thread a = new Thread(c::increment);
        Thread b = new Thread(c::increment);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("value = " + c.value.get());
        assert c.value.get() == 2 : "lost update";
    }
}
