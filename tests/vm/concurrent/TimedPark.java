import java.util.concurrent.locks.LockSupport;

// A timed park takes the permit of an unpark that came before or during it, so the untimed park
// after it may wait for ever; with the permit left for it, the thread ends.
// every search
// expect: violation deadlock
// expect outcomes: "" "done\n"
public class TimedPark {
    public static void main(String[] args) {
        Thread t = new Thread(() -> {
            LockSupport.parkNanos(1000);
            LockSupport.park();
            System.out.println("done");
        });
        t.start();
        LockSupport.unpark(t);
    }
}
