// ConcurrentHashMap's updates in one thread, on the JDK's map and on the model library's: the
// atomic compute family (a null result removes), remove and clear in bins of several keys (1,
// 17, 33 share a bin of 16), resizing by put and by compute, and the iteration order after each.
import java.util.concurrent.ConcurrentHashMap;

public class ChmUpdates {
    public static void main(String[] args) {
        ConcurrentHashMap<Integer, Integer> m = new ConcurrentHashMap<>();
        System.out.println(m.computeIfAbsent(1, k -> k * 100) + " " + m.computeIfAbsent(1, k -> -1));
        System.out.println(m.computeIfAbsent(17, k -> null) + " " + m.containsKey(17));
        System.out.println(m.compute(17, (k, v) -> v == null ? 7 : v + 1) + " " + m.compute(17, (k, v) -> v + 1));
        System.out.println(m.merge(33, 5, Integer::sum) + " " + m.merge(33, 5, Integer::sum) + " " + m);
        System.out.println(m.computeIfPresent(2, (k, v) -> 9) + " " + m.computeIfPresent(33, (k, v) -> v * 2));
        System.out.println(m.compute(1, (k, v) -> null) + " " + m.merge(17, 1, (a, b) -> null) + " " + m);
        System.out.println(m.remove(33) + " " + m.remove(33) + " " + m.remove(1, 5) + " " + m);
        for (int i = 0; i < 40; i++) m.put(i * 3, i);
        for (int i = 40; i < 80; i++) m.compute(i * 3, (k, v) -> k);
        for (int i = 0; i < 80; i += 3) m.computeIfPresent(i * 3, (k, v) -> null);
        System.out.println(m.size() + " " + m);
        m.replaceAll((k, v) -> v + 1);
        int sum = 0;
        for (int v : m.values()) sum += v;
        System.out.println(sum + " " + m.keySet());
        m.clear();
        System.out.println(m + " " + m.isEmpty() + " " + m.computeIfAbsent(5, k -> 50) + " " + m);
    }
}
