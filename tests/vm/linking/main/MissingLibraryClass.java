import java.util.TreeMap;

public class MissingLibraryClass {
    public static void main(String[] args) {
        TreeMap<String, Integer> m = new TreeMap<>();
        m.put("a", 1);
        System.out.println(m);
    }
}
