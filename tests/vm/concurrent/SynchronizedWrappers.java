// Collections.synchronizedList and synchronizedMap make each call atomic, the bulk and compound
// ones included (addAll, merge, putIfAbsent), as the JDK's wrappers do: the model library's
// inherited addAll and merge from AbstractList and Map's defaults, one synchronized step per
// element or per get and put, and the checker reported "[1, 3, 2, 4]" and a lost merge here.
// expect: ok
// expect outcomes: "[1, 2, 3, 4] 2 first\n" "[3, 4, 1, 2] 2 first\n" "[1, 2, 3, 4] 2 second\n" "[3, 4, 1, 2] 2 second\n"
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public class SynchronizedWrappers {
    private final List<Integer> log = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, Integer> counts = Collections.synchronizedMap(new HashMap<>());
    private final Map<String, String> owner = Collections.synchronizedMap(new HashMap<>());

    void record(int a, int b, String who) {
        log.addAll(Arrays.asList(a, b));
        counts.merge("calls", 1, Integer::sum); // linked by whichever thread calls first
        owner.putIfAbsent("winner", who);
    }

    public static void main(String[] args) throws InterruptedException {
        SynchronizedWrappers w = new SynchronizedWrappers();
        Thread t1 = new Thread(() -> w.record(1, 2, "first"));
        Thread t2 = new Thread(() -> w.record(3, 4, "second"));
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println(w.log + " " + w.counts.get("calls") + " " + w.owner.get("winner"));
    }
}
