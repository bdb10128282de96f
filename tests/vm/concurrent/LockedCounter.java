// A counter incremented by two threads under a lock: no error, the final count is always 2.
// expect: ok
// expect outcomes: "count = 2\n"
public class LockedCounter {
    private int count;

    synchronized void increment() {
        count = count + 1;
    }

    public static void main(String[] args) throws InterruptedException {
        LockedCounter c = new LockedCounter();
        Thread a = new Thread(c::increment);
        Thread b = new Thread(c::increment);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("count = " + c.count);
        assert c.count == 2 : "lost update";
    }
}
