// A join of a thread not yet started returns at once: a thread that joins a thread that another
// thread starts sees it before its start (0) or after its end (1). Under the safe classifier the
// start was an invisible step and the join one too, so the reduced searches ran the start first
// and found 1 alone; the race check now sees the join read a life that another thread starts.
// every search
// expect: ok
// expect outcomes: "after join 0\n" "after join 1\n"
public class JoinBeforeStart {
    static volatile int flag;
    static Thread worker;

    public static void main(String[] args) throws InterruptedException {
        worker = new Thread(() -> flag = 1);
        Thread joiner = new Thread(() -> {
            try {
                worker.join();
            } catch (InterruptedException e) {
                System.out.println("interrupted");
            }
            System.out.println("after join " + flag);
        });
        joiner.start();
        worker.start();
        joiner.join();
    }
}
