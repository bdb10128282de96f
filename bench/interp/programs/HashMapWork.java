// A java.util.HashMap workload with boxed Integer keys: puts, gets, updates and removals.
import java.util.HashMap;
import java.util.Map;

public class HashMapWork {
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        long sum = 0;
        for (int r = 0; r < rounds; r++) {
            Map<Integer, Integer> m = new HashMap<>();
            for (int i = 0; i < 20000; i++) m.put(i * 7, i);
            for (int i = 0; i < 40000; i++) {
                Integer v = m.get(i);
                if (v != null) sum += v;
            }
            for (int i = 0; i < 20000; i += 3) m.remove(i * 7);
            for (Map.Entry<Integer, Integer> e : m.entrySet()) sum += e.getKey() ^ e.getValue();
        }
        System.out.println(sum);
    }
}
