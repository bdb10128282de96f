// HashSet and LinkedHashSet: iteration order, set algebra, equality.
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;

public class HashSetOps {
    public static void main(String[] args) {
        Set<Integer> a = new HashSet<>(Arrays.asList(5, 3, 99, 17, 1024, -4, 33, 3, 5));
        Set<Integer> b = new HashSet<>();
        for (int i = 0; i < 40; i += 3) b.add(i);
        System.out.println(a + " " + a.size() + " " + b);
        Set<Integer> union = new HashSet<>(a);
        union.addAll(b);
        Set<Integer> inter = new HashSet<>(a);
        inter.retainAll(b);
        Set<Integer> diff = new HashSet<>(a);
        diff.removeAll(b);
        System.out.println(union + " " + inter + " " + diff);
        System.out.println(a.contains(17) + " " + a.remove(17) + " " + a.remove(17) + " " + a.add(-4) + " " + a.add(7));
        Set<String> words = new HashSet<>();
        for (String w : "to be or not to be that is the question".split(" ")) words.add(w);
        System.out.println(words + " " + words.hashCode());
        Set<String> linked = new LinkedHashSet<>();
        for (String w : "to be or not to be that is the question".split(" ")) linked.add(w);
        System.out.println(linked + " " + linked.equals(words) + " " + words.equals(linked));
        linked.remove("or");
        linked.add("or");
        System.out.println(linked);
        Set<Object> mixed = new HashSet<>();
        mixed.add(null);
        mixed.add(1L);
        mixed.add(1);
        mixed.add("1");
        mixed.add('1');
        mixed.add(1.0);
        System.out.println(mixed.size() + " " + mixed.contains(null) + " " + mixed);
        Set<Integer> large = new HashSet<>();
        for (int i = 0; i < 1000; i++) large.add(i * 7919 % 10007);
        int checksum = 0, idx = 0;
        for (int v : large) checksum += v * (++idx % 13);
        System.out.println(large.size() + " " + checksum);
    }
}
