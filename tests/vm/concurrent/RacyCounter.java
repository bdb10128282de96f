// The same counter without the lock: a lost update is found.
// expect: violation AssertionError: lost update
public class RacyCounter {
    private int count;

    void increment() {
        count = count + 1;
    }

    public static void main(String[] args) throws InterruptedException {
        RacyCounter c = new RacyCounter();
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
