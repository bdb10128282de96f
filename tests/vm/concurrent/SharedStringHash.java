// Two threads hash one string built at run time: one merges it into a ConcurrentHashMap, the
// other hashes it directly and then merges the equal literal. String.hashCode caches the hash in
// a plain field, a race by design that changes no result (every value it holds gives every
// caller the same hash), so its accesses are no scheduling points under either classifier, and
// the race check does not widen String for it (which made every String field access visible:
// 1,561 states under safe and 1,607 under jpf, against 952 and 1,463 without, when a thread
// running alone after the other ended still took its scheduling points as one step).
// expect: ok
// expect outcomes: "2 1 1\n"
// expect dfs states: 1543 1008
// expect dfs end states: 8 8
import java.util.concurrent.ConcurrentHashMap;

public class SharedStringHash {
    static final ConcurrentHashMap<String, Integer> map = new ConcurrentHashMap<>();
    static String built;

    public static void main(String[] args) throws Exception {
        built = new StringBuilder("ke").append("y").toString();
        Thread t = new Thread(() -> map.merge(built, 1, Integer::sum));
        t.start();
        int h = built.hashCode();
        map.merge("key", 1, Integer::sum);
        t.join();
        System.out.println(map.get("key") + " " + map.size() + " " + (h == "key".hashCode() ? 1 : 0));
    }
}
