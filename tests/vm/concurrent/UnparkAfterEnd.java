// The worker parks once; main unparks it twice. When the second unpark comes after the park, the
// worker ends holding a permit that nothing can take any more, and when it comes after the worker
// ended, HotSpot ignores it. An ended thread keeps no permit, so dfs ends in one state, not two.
// expect: ok
// expect outcomes: "done\n"
// expect dfs end states: 1 1
import java.util.concurrent.locks.LockSupport;

public class UnparkAfterEnd {
    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(LockSupport::park);
        worker.start();
        LockSupport.unpark(worker);
        LockSupport.unpark(worker);
        worker.join();
        System.out.println("done");
    }
}
