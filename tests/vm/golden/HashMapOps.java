// HashMap with the JDK's iteration order through resizes, removals and views.
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

public class HashMapOps {
    static class Key {
        final int id;
        Key(int id) { this.id = id; }
        public int hashCode() { return id % 5; }
        public boolean equals(Object o) { return o instanceof Key && ((Key) o).id == id; }
        public String toString() { return "K" + id; }
    }

    public static void main(String[] args) {
        Map<String, Integer> m = new HashMap<>();
        String[] words = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon".split(" ");
        for (int i = 0; i < words.length; i++) m.put(words[i], i);
        System.out.println(m);
        System.out.println(m.keySet());
        System.out.println(m.values());
        System.out.println(m.get("pi") + " " + m.get("nope") + " " + m.containsKey("rho") + " " + m.containsValue(7) + " " + m.size());
        System.out.println(m.put("pi", 314) + " " + m.remove("alpha") + " " + m.remove("alpha"));
        Iterator<Map.Entry<String, Integer>> it = m.entrySet().iterator();
        while (it.hasNext()) if (it.next().getValue() % 3 == 0) it.remove();
        System.out.println(m);
        Map<Integer, String> ints = new HashMap<>();
        for (int i = 0; i < 100; i += 7) ints.put(i * 31, "v" + i);
        ints.put(null, "null key");
        ints.put(-1, null);
        System.out.println(ints);
        Map<Key, Integer> coll = new HashMap<>();
        for (int i = 0; i < 20; i++) coll.put(new Key(i), i);
        coll.remove(new Key(7));
        System.out.println(coll);
        Map<Long, Double> big = new HashMap<>(4);
        for (long i = 0; i < 200; i++) big.put(i * i * 1000003L, i / 4.0);
        long sum = 0;
        int n = 0;
        StringBuilder order = new StringBuilder();
        for (Map.Entry<Long, Double> e : big.entrySet()) {
            sum += e.getKey();
            if (n++ < 15) order.append(e.getKey()).append('=').append(e.getValue()).append(' ');
        }
        System.out.println(sum + " " + order);
        Map<String, Integer> copy = new HashMap<>(m);
        System.out.println(copy.equals(m) + " " + (copy.hashCode() == m.hashCode()) + " " + copy);
        copy.clear();
        System.out.println(copy + " " + copy.isEmpty());
        Map<Character, Integer> freq = new HashMap<>();
        for (char c : "mississippi river".toCharArray()) freq.put(c, freq.containsKey(c) ? freq.get(c) + 1 : 1);
        System.out.println(freq);
    }
}
