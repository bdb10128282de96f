// LockSupport handshake: the worker parks until the flag is set; main sets it and unparks the
// worker (the permit makes the order of park and unpark irrelevant).
// expect: ok
// expect outcomes: "worker saw the flag\n"
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

public class ParkUnpark {
    public static void main(String[] args) throws InterruptedException {
        AtomicBoolean flag = new AtomicBoolean();
        boolean[] saw = new boolean[1];
        Thread worker = new Thread(() -> {
            while (!flag.get()) LockSupport.park();
            saw[0] = true;
        });
        worker.start();
        flag.set(true);
        LockSupport.unpark(worker);
        worker.join();
        System.out.println(saw[0] ? "worker saw the flag" : "missed");
    }
}
