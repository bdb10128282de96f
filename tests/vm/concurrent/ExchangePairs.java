// Exchanger: a timed exchange with no partner times out; then main and a worker swap their
// items (a null among them) whichever comes first. The model's Exchanger parks where the JDK's
// spins with a counter that made every turn a new state, so that no search of it ended.
// expect: ok
// expect outcomes: "timed out\nmain got null, worker got a\n"
import java.util.concurrent.Exchanger;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

public class ExchangePairs {
    public static void main(String[] args) throws Exception {
        Exchanger<String> ex = new Exchanger<>();
        try {
            ex.exchange("alone", 1, TimeUnit.MILLISECONDS);
            System.out.println("a partner came");
        } catch (TimeoutException e) {
            System.out.println("timed out");
        }
        String[] got = new String[1];
        Thread worker = new Thread(() -> {
            try {
                got[0] = ex.exchange(null);
            } catch (InterruptedException e) {
                got[0] = "interrupted";
            }
        });
        worker.start();
        String mine = ex.exchange("a");
        worker.join();
        System.out.println("main got " + mine + ", worker got " + got[0]);
    }
}
