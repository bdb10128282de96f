// Map's default methods (getOrDefault, putIfAbsent, compute*, merge, replaceAll, forEach).
import java.util.HashMap;
import java.util.Map;

public class MapDefaults {
    public static void main(String[] args) {
        Map<String, Integer> m = new HashMap<>();
        m.put("a", 1);
        m.put("b", 2);
        System.out.println(m.getOrDefault("a", 0) + " " + m.getOrDefault("z", 0) + " " + m.putIfAbsent("a", 10) + " " + m.putIfAbsent("c", 3) + " " + m);
        System.out.println(m.computeIfAbsent("d", k -> k.length() * 4) + " " + m.computeIfAbsent("a", k -> 99) + " " + m.computeIfPresent("b", (k, v) -> v * 10)
                + " " + m.computeIfPresent("zz", (k, v) -> 1) + " " + m.compute("c", (k, v) -> v == null ? 0 : v + 100) + " " + m);
        System.out.println(m.merge("a", 5, Integer::sum) + " " + m.merge("new", 7, Integer::sum) + " " + m.merge("b", 1, (x, y) -> null) + " " + m);
        m.replaceAll((k, v) -> v * 2);
        StringBuilder sb = new StringBuilder();
        m.forEach((k, v) -> sb.append(k).append(':').append(v).append(' '));
        System.out.println(sb + " " + m.replace("a", 0) + " " + m.replace("a", 0, 1) + " " + m.remove("a", 5) + " " + m.remove("a", 1) + " " + m);
        Map<String, Integer> counts = new HashMap<>();
        for (String w : "a b a c b a d".split(" ")) counts.merge(w, 1, Integer::sum);
        System.out.println(counts);
        System.out.println(m.compute("gone", (k, v) -> null) + " " + m.containsKey("gone"));
    }
}
