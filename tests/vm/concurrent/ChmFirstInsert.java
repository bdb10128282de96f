// Two threads race to put the first key into an empty ConcurrentHashMap: exactly one of the two
// putIfAbsent calls wins, whichever thread installs the table (a model-library bug once let each
// thread install a table of its own, so both won).
// expect: ok
// expect outcomes: "winners = 1, size = 1\n"
import java.util.concurrent.ConcurrentHashMap;

public class ChmFirstInsert {
    static final ConcurrentHashMap<Integer, Integer> map = new ConcurrentHashMap<>();
    static final boolean[] won = new boolean[2];

    public static void main(String[] args) throws InterruptedException {
        Thread[] ts = new Thread[2];
        for (int i = 0; i < 2; i++) {
            final int id = i;
            ts[i] = new Thread(() -> won[id] = map.putIfAbsent(0, id) == null);
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        int winners = (won[0] ? 1 : 0) + (won[1] ? 1 : 0);
        System.out.println("winners = " + winners + ", size = " + map.size());
        assert winners == 1 : "both threads inserted the first key";
    }
}
