// join(ms) may time out while the thread still runs: main then reads x before the write (0) or
// after it (1); join() and join(0) wait for the end (only 1).
// every search
// expect: ok
// expect outcomes: "0 1\n" "1 1\n"
public class TimedJoin {
    static int x;

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> x = 1);
        t.start();
        t.join(100);
        int timed = x;
        t.join(0);
        System.out.println(timed + " " + x);
    }
}
