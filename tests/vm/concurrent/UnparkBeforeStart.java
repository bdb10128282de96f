// An unpark before the thread starts gives it no permit (HotSpot ignores it: the thread has no
// parker yet; porcheck has no thread for it yet), so the worker's park waits for ever while main
// joins it: a deadlock. An unpark after the start would let it through. (The park stands in a
// loop, where porcheck takes a spurious return to be re-checked and explores none.)
// expect: violation deadlock
import java.util.concurrent.locks.LockSupport;

public class UnparkBeforeStart {
    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> {
            for (int i = 0; i < 1; i++) LockSupport.park();
        });
        LockSupport.unpark(worker);
        worker.start();
        worker.join();
        System.out.println("worker passed its park");
    }
}
