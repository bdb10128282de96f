// Two threads lock the same cached Integer (a boxing-cache object, which fingerprints otherwise
// leave out of the heap walk) and box their results into a shared map: the lock must still
// exclude, and states with and without the lock held must stay apart.
// expect: ok
// expect outcomes: "count = 2 {1=1, 2=2} same box\n" "count = 2 {1=2, 2=1} same box\n"
import java.util.HashMap;

public class BoxedLocks {
    static int count;
    static final HashMap<Integer, Long> results = new HashMap<>();

    static void work(int k) {
        Integer key = Integer.valueOf(7);
        synchronized (key) {
            int seen = count;
            count = seen + 1;
            results.put(k, Long.valueOf(count));
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(() -> work(1));
        Thread b = new Thread(() -> work(2));
        a.start();
        b.start();
        a.join();
        b.join();
        Character c = 'x';
        Boolean yes = c == Character.valueOf('x');
        System.out.println("count = " + count + " " + results + (yes ? " same box" : " other box"));
    }
}
