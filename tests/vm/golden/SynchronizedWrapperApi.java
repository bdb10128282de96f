// The synchronized wrappers of java.util.Collections used single-threaded: every method of the
// collection, set, list and map wrappers, their views and sublists, against HotSpot.
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.Set;

public class SynchronizedWrapperApi {
    public static void main(String[] args) {
        Collection<Integer> c = Collections.synchronizedCollection(new ArrayList<>(Arrays.asList(3, 1, 2)));
        System.out.println(c + " " + c.size() + " " + c.isEmpty() + " " + c.contains(2) + " " + c.add(4) + " " + c.remove((Object) 1)
                + " " + c.containsAll(Arrays.asList(2, 3)) + " " + c.addAll(Arrays.asList(5, 6)) + " " + c.removeAll(Arrays.asList(6))
                + " " + c.retainAll(Arrays.asList(2, 3, 4, 5)) + " " + Arrays.toString(c.toArray()) + " " + c.toArray(new Integer[0]).length);
        c.removeIf(x -> x % 2 == 0);
        StringBuilder seen = new StringBuilder();
        c.forEach(seen::append);
        synchronized (c) {
            for (int x : c) seen.append('/').append(x);
        }
        System.out.println(c + " " + seen);
        c.clear();
        System.out.println(c + " " + c.isEmpty());

        Set<String> s = Collections.synchronizedSet(new HashSet<>(Arrays.asList("a", "b")));
        System.out.println(s.add("c") + " " + s.add("a") + " " + s.size() + " " + s.equals(new HashSet<>(Arrays.asList("a", "b", "c")))
                + " " + (s.hashCode() == new HashSet<>(Arrays.asList("a", "b", "c")).hashCode()) + " " + s.contains("b"));

        List<Integer> l = Collections.synchronizedList(new ArrayList<>(Arrays.asList(5, 3, 5, 1)));
        List<Integer> linked = Collections.synchronizedList(new LinkedList<>(Arrays.asList(1, 2)));
        System.out.println((l instanceof RandomAccess) + " " + (linked instanceof RandomAccess) + " " + l.get(1) + " " + l.set(1, 4)
                + " " + l.indexOf(5) + " " + l.lastIndexOf(5) + " " + l.remove(0) + " " + l);
        l.add(0, 9);
        l.addAll(1, Arrays.asList(7, 8));
        System.out.println(l + " " + l.equals(Arrays.asList(9, 7, 8, 4, 5, 1)) + " " + (l.hashCode() == Arrays.asList(9, 7, 8, 4, 5, 1).hashCode()));
        List<Integer> sub = l.subList(1, 3);
        sub.set(0, 70);
        System.out.println(sub + " " + l + " " + (sub instanceof RandomAccess));
        l.replaceAll(x -> x + 1);
        l.sort(null);
        System.out.println(l + " " + l.listIterator().next() + " " + l.listIterator(2).next() + " " + linked.subList(0, 1));

        Map<String, Integer> m = Collections.synchronizedMap(new HashMap<>());
        System.out.println(m.put("a", 1) + " " + m.put("a", 2) + " " + m.get("a") + " " + m.containsKey("a") + " " + m.containsValue(2)
                + " " + m.size() + " " + m.isEmpty() + " " + m.getOrDefault("z", -1) + " " + m.putIfAbsent("a", 3) + " " + m.putIfAbsent("b", 4));
        System.out.println(m.merge("a", 10, Integer::sum) + " " + m.compute("c", (k, v) -> v == null ? 1 : v + 1) + " " + m.computeIfAbsent("d", k -> 5)
                + " " + m.computeIfPresent("d", (k, v) -> v * 2) + " " + m.replace("b", 40) + " " + m.replace("b", 40, 41) + " " + m.remove("c", 9)
                + " " + m.remove("c", 1) + " " + m.remove("zz"));
        m.replaceAll((k, v) -> v + 100);
        Map<String, Integer> copy = new HashMap<>();
        m.forEach(copy::put);
        Map<String, Integer> more = new HashMap<>();
        more.put("e", 7);
        m.putAll(more);
        System.out.println(new java.util.TreeMap<>(m) + " " + m.equals(copy) + " " + copy.size() + " " + (m.hashCode() == new HashMap<>(m).hashCode()));
        Set<String> keys = m.keySet();
        Collection<Integer> values = m.values();
        Set<Map.Entry<String, Integer>> entries = m.entrySet();
        keys.remove("e");
        System.out.println(keys.size() + " " + values.contains(112) + " " + entries.size() + " " + m.size());
        m.clear();
        System.out.println(m + " " + keys.isEmpty());
    }
}
