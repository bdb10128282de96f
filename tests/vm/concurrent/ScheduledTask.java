// A scheduled executor runs a task after its delay (a second): the JDK's DelayedWorkQueue waits
// with awaitNanos (the model's condition) until the task's time, which it reads from nanoTime
// again. A timed await that passed no time made each turn of that loop a new state, a
// microsecond at a time, so that no search of a program that schedules ended (2.8 M states in
// 20 s); the JDK's wait now passes its time (35 K states).
// not under: dpor source-dpor optimal-dpor o-dpor (stateless or path-bound: the pool's loops
// make their trees too large for the suite)
// expect: ok
// expect outcomes: "later\n"
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

public class ScheduledTask {
    public static void main(String[] args) throws Exception {
        ScheduledExecutorService s = Executors.newSingleThreadScheduledExecutor();
        ScheduledFuture<String> g = s.schedule(() -> "later", 1, TimeUnit.SECONDS);
        System.out.println(g.get());
        s.shutdown();
    }
}
