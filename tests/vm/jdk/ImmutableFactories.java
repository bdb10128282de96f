// List.of, Set.of and Map.of of every arity the JDK declares (the model library's java.util), and
// Map.ofEntries; what they reject. Sets and maps print sorted: HotSpot's iteration order of
// Set.of and Map.of changes from run to run.
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

public class ImmutableFactories {
    static void attempt(String what, Runnable r) {
        try {
            r.run();
            System.out.println(what + ": no exception");
        } catch (RuntimeException e) {
            System.out.println(what + ": " + e.getClass().getName() + " " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        System.out.println(List.of() + " " + List.of(1) + " " + List.of(1, 2) + " " + List.of(1, 2, 3));
        System.out.println(List.of(1, 2, 3, 4) + " " + List.of(1, 2, 3, 4, 5) + " " + List.of(1, 2, 3, 4, 5, 6));
        System.out.println(List.of(1, 2, 3, 4, 5, 6, 7) + " " + List.of(1, 2, 3, 4, 5, 6, 7, 8));
        System.out.println(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9) + " " + List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
        System.out.println(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11) + " " + List.of(4, 4, 4, 4).size());
        System.out.println(new TreeSet<>(Set.of(4, 3, 2, 1)) + " " + new TreeSet<>(Set.of(5, 4, 3, 2, 1))
                + " " + new TreeSet<>(Set.of(6, 5, 4, 3, 2, 1)) + " " + new TreeSet<>(Set.of(7, 6, 5, 4, 3, 2, 1)));
        System.out.println(new TreeSet<>(Set.of(8, 7, 6, 5, 4, 3, 2, 1)) + " " + new TreeSet<>(Set.of(9, 8, 7, 6, 5, 4, 3, 2, 1))
                + " " + new TreeSet<>(Set.of(10, 9, 8, 7, 6, 5, 4, 3, 2, 1)) + " " + Set.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11).size());
        System.out.println(new TreeMap<>(Map.of(1, "a", 2, "b", 3, "c", 4, "d", 5, "e")));
        System.out.println(new TreeMap<>(Map.of(1, "a", 2, "b", 3, "c", 4, "d", 5, "e", 6, "f")));
        System.out.println(new TreeMap<>(Map.of(1, "a", 2, "b", 3, "c", 4, "d", 5, "e", 6, "f", 7, "g")));
        System.out.println(new TreeMap<>(Map.of(1, "a", 2, "b", 3, "c", 4, "d", 5, "e", 6, "f", 7, "g", 8, "h")));
        System.out.println(new TreeMap<>(Map.of(1, "a", 2, "b", 3, "c", 4, "d", 5, "e", 6, "f", 7, "g", 8, "h", 9, "i")));
        System.out.println(new TreeMap<>(Map.of(1, "a", 2, "b", 3, "c", 4, "d", 5, "e", 6, "f", 7, "g", 8, "h", 9, "i", 10, "j")));
        System.out.println(new TreeMap<>(Map.ofEntries(Map.entry(2, "b"), Map.entry(1, "a"))) + " " + Map.ofEntries().size());
        attempt("Set.of with a duplicate", () -> Set.of(1, 2, 3, 4, 1));
        attempt("Map.of with a duplicate key", () -> Map.of(1, "a", 2, "b", 3, "c", 4, "d", 5, "e", 1, "f"));
        attempt("Map.ofEntries with a duplicate key", () -> Map.ofEntries(Map.entry(1, "a"), Map.entry(1, "b")));
        attempt("List.of with a null", () -> List.of(1, 2, 3, 4, null));
        attempt("Map.of with a null value", () -> Map.of(1, "a", 2, "b", 3, "c", 4, "d", 5, null));
        attempt("adding to List.of", () -> List.of(1, 2, 3, 4).add(5));
        attempt("putting into Map.of", () -> Map.of(1, "a", 2, "b", 3, "c", 4, "d", 5, "e").put(6, "f"));
    }
}
