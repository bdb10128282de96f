// java.util.Collections helpers and unmodifiable views.
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

public class CollectionsUtil {
    public static void main(String[] args) {
        List<Integer> l = new ArrayList<>(Arrays.asList(5, 1, 4, 1, 5, 9, 2, 6, 5, 3));
        Collections.sort(l);
        System.out.println(l);
        Collections.reverse(l);
        System.out.println(l);
        Collections.sort(l, Collections.reverseOrder());
        System.out.println(l + " " + Collections.frequency(l, 5) + " " + Collections.max(l) + " " + Collections.min(l, Collections.reverseOrder()));
        Collections.swap(l, 0, 9);
        System.out.println(l);
        Collections.shuffle(l, new Random(11));
        System.out.println(l);
        System.out.println(Collections.nCopies(3, "ab") + " " + Collections.emptyList() + " " + Collections.singletonList(7) + " " + Collections.singleton("s")
                + " " + Collections.emptyMap() + " " + Collections.singletonMap("k", "v"));
        List<Integer> ro = Collections.unmodifiableList(l);
        try {
            ro.add(1);
        } catch (UnsupportedOperationException e) {
            System.out.println("unmodifiable " + ro.size() + " " + ro.get(0));
        }
        Map<String, Integer> m = new HashMap<>();
        m.put("a", 1);
        Map<String, Integer> rom = Collections.unmodifiableMap(m);
        m.put("b", 2);
        System.out.println(rom + " " + rom.get("b"));
        try {
            rom.put("c", 3);
        } catch (UnsupportedOperationException e) {
            System.out.println("unmodifiable map");
        }
        List<String> names = new ArrayList<>();
        Collections.addAll(names, "Carol", "alice", "Bob", "dave");
        Collections.sort(names);
        System.out.println(names);
        Collections.sort(names, String.CASE_INSENSITIVE_ORDER);
        System.out.println(names + " " + Collections.disjoint(names, Arrays.asList("x", "Bob")));
        List<Integer> filled = new ArrayList<>(Collections.nCopies(4, 0));
        Collections.fill(filled, 8);
        System.out.println(filled + " " + Collections.binarySearch(Arrays.asList(1, 3, 5, 7), 4));
        List<Integer> sync = Collections.synchronizedList(new ArrayList<Integer>());
        sync.add(1);
        sync.add(2);
        System.out.println(sync + " " + sync.size());
    }
}
