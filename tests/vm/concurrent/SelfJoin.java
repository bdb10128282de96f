// A thread that joins itself waits for ever, as on the JVM (isAlive() stays true), unless an
// interrupt ends the join; a join of a thread never started returns at once. porcheck returned
// from a self-join at once.
// every search
// expect: ok
// expect outcomes: "interrupted, unstarted alive false\n"
public class SelfJoin {
    public static void main(String[] args) throws InterruptedException {
        Thread self = Thread.currentThread();
        Thread other = new Thread(self::interrupt);
        other.start();
        String how;
        try {
            self.join();
            how = "joined";
        } catch (InterruptedException e) {
            how = "interrupted";
        }
        Thread never = new Thread(() -> { });
        never.join();
        System.out.println(how + ", unstarted alive " + never.isAlive());
    }
}
