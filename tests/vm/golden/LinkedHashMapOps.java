// LinkedHashMap: insertion order, access order and an LRU cache through removeEldestEntry.
import java.util.LinkedHashMap;
import java.util.Map;

public class LinkedHashMapOps {
    static class Lru<K, V> extends LinkedHashMap<K, V> {
        final int cap;
        Lru(int cap) { super(16, 0.75f, true); this.cap = cap; }
        protected boolean removeEldestEntry(Map.Entry<K, V> eldest) { return size() > cap; }
    }

    public static void main(String[] args) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (String s : "zeta alpha mu beta".split(" ")) m.put(s, s.length());
        m.put("alpha", 100);
        System.out.println(m + " " + m.keySet() + " " + m.values());
        m.remove("mu");
        m.put("mu", 2);
        System.out.println(m);
        Lru<Integer, String> lru = new Lru<>(3);
        for (int i = 0; i < 5; i++) {
            lru.put(i, "v" + i);
            lru.get(i - 1);
        }
        System.out.println(lru);
        lru.get(2);
        lru.put(9, "v9");
        System.out.println(lru + " " + lru.containsKey(3));
    }
}
