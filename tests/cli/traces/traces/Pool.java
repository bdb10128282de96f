package traces;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** A thread pool: a task submitted and its result taken, then the pool shut down and waited
 * for. exec ran main's timed wait again and again while the worker, needing the pool's lock
 * that main took back at once, never ran: a thread that blocks now lets the others go first. */
public class Pool {
    public static void main(String[] args) throws Exception {
        ExecutorService ex = Executors.newFixedThreadPool(1);
        Future<Integer> f = ex.submit(() -> 6 * 7);
        System.out.println(f.get());
        ex.shutdown();
        while (!ex.awaitTermination(1, TimeUnit.DAYS)) { }
        System.out.println("terminated");
    }
}
