package zoo;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Word counts on ConcurrentHashMap's atomic updates: merge, computeIfAbsent, compute,
 * computeIfPresent and remove, correct under the JDK's map and under the model library's. Keys 1
 * and 17 share a bin of a 16-bin table. */
public class WordCounts {
    private final ConcurrentHashMap<Integer, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Integer, Integer> sums = new ConcurrentHashMap<>();

    public int add(int w) {
        sums.merge(w, 1, Integer::sum);
        return counts.computeIfAbsent(w, k -> new AtomicInteger()).incrementAndGet();
    }

    public int bump(int w) {
        return sums.compute(w, (k, v) -> v == null ? 10 : v + 10);
    }

    public int drop(int w) {
        Integer v = sums.computeIfPresent(w, (k, old) -> old > 1 ? old - 1 : null);
        return v == null ? -1 : v;
    }

    public boolean forget(int w) {
        return sums.remove(w) != null;
    }

    public int total(int w) {
        Integer s = sums.get(w);
        return s == null ? 0 : s;
    }
}
