// Three threads increment an AtomicInteger with a compareAndSet retry loop: no update is lost.
// expect: ok
// expect outcomes: "value = 3\n"
import java.util.concurrent.atomic.AtomicInteger;

public class CasLoop {
    private final AtomicInteger value = new AtomicInteger();

    void increment() {
        while (true) {
            int v = value.get();
            if (value.compareAndSet(v, v + 1)) return;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        CasLoop c = new CasLoop();
        Thread[] ts = new Thread[3];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = new Thread(c::increment);
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        System.out.println("value = " + c.value.get());
        assert c.value.get() == 3 : "lost update";
    }
}
