// An interrupt ends a join of a live thread (InterruptedException, the flag cleared); a join of a
// thread that has ended returns, the flag kept. The joiner reads isAlive() first, which races
// with the worker's end: every pair of answers is possible. With join enabled only once the
// joined thread had ended, the searches never saw the interrupted join (and a join by an
// interrupted thread was to stop the search with an error it never reached); with the end
// invisible under the safe classifier, or isAlive() a plain read of a field the VM writes, the
// reduced searches lost outcomes.
// every search
// expect: ok
// expect outcomes: "alive true, joined, flag true\n" "alive false, joined, flag true\n" "alive true, joined, flag false\n" "alive false, joined, flag false\n" "alive true, interrupted, flag false\n"
public class InterruptJoin {
    static volatile int work;

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> work = 1);
        Thread joiner = new Thread(() -> {
            boolean alive = worker.isAlive();
            String how;
            try {
                worker.join();
                how = "joined";
            } catch (InterruptedException e) {
                how = "interrupted";
            }
            System.out.println("alive " + alive + ", " + how + ", flag "
                               + Thread.currentThread().isInterrupted());
        });
        worker.start();
        joiner.start();
        joiner.interrupt();
        joiner.join();
    }
}
