package zoo;

import java.util.TreeMap;

/** Ranking whose record reads and writes the JDK TreeMap in two critical sections: two records
 * of one player can both read the old count and lose an increment. */
public class RankingBuggy {
    private final TreeMap<Integer, Integer> scores = new TreeMap<>();

    public int record(int player) {
        Integer old;
        synchronized (this) {
            old = scores.get(player);
        }
        int now = old == null ? 1 : old + 1;
        synchronized (this) {
            scores.put(player, now);
        }
        return now;
    }

    public synchronized int best() {
        return scores.isEmpty() ? -1 : scores.lastKey();
    }

    public synchronized int size() {
        return scores.size();
    }
}
