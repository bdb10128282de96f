// Threads spin-waiting on an atomic flag and a volatile field still make progress.
import java.util.concurrent.atomic.AtomicBoolean;
public class SpinWait {
    static final AtomicBoolean lock = new AtomicBoolean();
    static int counter;
    public static void main(String[] args) throws Exception {
        Runnable r = () -> {
            for (int i = 0; i < 1000; i++) {
                while (!lock.compareAndSet(false, true)) {}
                counter++;
                lock.set(false);
            }
        };
        Thread a = new Thread(r), b = new Thread(r);
        a.start(); b.start();
        volatileWait();
        a.join(); b.join();
        System.out.println(counter);
    }
    static volatile boolean flag;
    static void volatileWait() {
        new Thread(() -> flag = true).start();
        while (!flag) {}
        System.out.println("flag seen");
    }
}
