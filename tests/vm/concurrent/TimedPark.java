import java.util.concurrent.locks.LockSupport;

// A timed park takes the permit of an unpark that came before or during it, so the untimed park
// after it may wait for ever; with the permit left for it, the thread ends. (The untimed park
// stands in a loop, where porcheck takes a spurious return to be re-checked and explores none.)
// every search
// expect: violation deadlock
// expect outcomes: "" "done\n"
public class TimedPark {
    public static void main(String[] args) {
        Thread t = new Thread(() -> {
            LockSupport.parkNanos(1000);
            for (int i = 0; i < 1; i++) LockSupport.park();
            System.out.println("done");
        });
        t.start();
        LockSupport.unpark(t);
    }
}
