// A spin-wait that always ends: main spins until the worker publishes its value, so the state
// space has cycles (the spin) but every state can still reach the end: no livelock.
// expect: ok
// expect outcomes: "42\n"
public class SpinHandoff {
    static volatile boolean ready;
    static int value;

    public static void main(String[] args) throws Exception {
        Thread worker = new Thread(() -> {
            value = 42;
            ready = true;
        });
        worker.start();
        while (!ready) {
        }
        System.out.println(value);
        worker.join();
    }
}
