// ConcurrentHashMap: the JDK's iteration order through resizes, and its atomic operations.
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

public class ConcurrentHashMapOps {
    public static void main(String[] args) {
        ConcurrentHashMap<String, Integer> m = new ConcurrentHashMap<>();
        String[] words = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon phi chi psi omega".split(" ");
        for (int i = 0; i < words.length; i++) m.put(words[i], i);
        System.out.println(m);
        System.out.println(m.keySet());
        System.out.println(m.values());
        System.out.println(m.size() + " " + m.get("pi") + " " + m.get("none") + " " + m.containsKey("mu") + " " + m.containsValue(3) + " " + m.mappingCount());
        System.out.println(m.putIfAbsent("pi", 0) + " " + m.putIfAbsent("new", 99) + " " + m.remove("alpha", 5) + " " + m.remove("alpha", 0) + " " + m.replace("beta", 1, 100)
                + " " + m.replace("beta", 2) + " " + m.getOrDefault("zz", -1));
        System.out.println(m.computeIfAbsent("gamma", k -> 50) + " " + m.computeIfAbsent("fresh", String::length) + " " + m.computeIfPresent("delta", (k, v) -> v + 1000)
                + " " + m.compute("eta", (k, v) -> v == null ? 1 : v * 2) + " " + m.merge("zeta", 10, Integer::sum) + " " + m.merge("brand", 10, Integer::sum));
        System.out.println(m);
        try {
            m.put(null, 1);
        } catch (NullPointerException e) {
            System.out.println("null key rejected");
        }
        try {
            m.put("k", null);
        } catch (NullPointerException e) {
            System.out.println("null value rejected");
        }
        ConcurrentMap<Integer, Integer> ints = new ConcurrentHashMap<>(4);
        for (int i = 0; i < 100; i++) ints.put(i * 37, i);
        long check = 0;
        int pos = 0;
        for (Map.Entry<Integer, Integer> e : ints.entrySet()) check += (long) e.getKey() * (++pos);
        System.out.println(ints.size() + " " + check);
        ConcurrentHashMap<Integer, String> small = new ConcurrentHashMap<>();
        for (int i = 0; i < 13; i++) small.put(i * 16, "v" + i);
        System.out.println(small);
        Map<String, Integer> copy = new ConcurrentHashMap<>(m);
        System.out.println(copy.equals(m) + " " + copy);
        Set<String> ks = ConcurrentHashMap.newKeySet();
        ks.add("x");
        ks.add("y");
        ks.add("x");
        System.out.println(ks + " " + ks.size());
        StringBuilder sb = new StringBuilder();
        m.forEach((k, v) -> {
            if (v > 10) sb.append(k).append(' ');
        });
        System.out.println(sb);
        m.replaceAll((k, v) -> v % 7);
        m.keySet().removeIf(k -> k.length() > 4);
        System.out.println(m + " " + m.isEmpty());
        m.clear();
        System.out.println(m + " " + m.isEmpty());
    }
}
