// Reading the interrupt flag is a scheduling point: a worker reads it (Thread.interrupted())
// while another thread interrupts it, so it sees false or true. With the reads invisible, the
// reduced searches ran the worker's read before the interrupt and found "false" alone.
// every search
// expect: ok
// expect outcomes: "t0 false\n" "t0 true\n"
public class InterruptFlag {
    static final Thread[] threads = new Thread[1];

    public static void main(String[] args) throws InterruptedException {
        Thread reader = new Thread(() -> {
            boolean seen = Thread.interrupted();
            System.out.println("t0 " + seen);
        });
        Thread interrupter = new Thread(() -> threads[0].interrupt());
        threads[0] = reader;
        reader.start();
        interrupter.start();
        reader.join();
        interrupter.join();
    }
}
