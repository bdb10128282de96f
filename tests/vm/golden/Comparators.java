// Comparator combinators and sorting with them.
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

public class Comparators {
    static class Person {
        final String name;
        final int age;
        final double score;
        Person(String name, int age, double score) { this.name = name; this.age = age; this.score = score; }
        String getName() { return name; }
        int getAge() { return age; }
        public String toString() { return name + "(" + age + "," + score + ")"; }
    }

    public static void main(String[] args) {
        List<Person> ps = new ArrayList<>(Arrays.asList(new Person("Ann", 31, 3.5), new Person("bob", 25, 4.0), new Person("Cid", 31, 2.0),
                new Person("dee", 19, 4.0), new Person("Eve", 25, 1.5), new Person("ann", 40, 3.5)));
        ps.sort(Comparator.comparing(Person::getName));
        System.out.println(ps);
        ps.sort(Comparator.comparing(Person::getName, String.CASE_INSENSITIVE_ORDER));
        System.out.println(ps);
        ps.sort(Comparator.comparingInt(Person::getAge).thenComparing(Person::getName));
        System.out.println(ps);
        ps.sort(Comparator.comparingDouble((Person p) -> p.score).reversed().thenComparingInt(p -> p.age));
        System.out.println(ps);
        ps.sort(Comparator.comparing(Person::getAge, Comparator.reverseOrder()).thenComparing(Person::getName, Comparator.reverseOrder()));
        System.out.println(ps);
        List<String> withNulls = new ArrayList<>(Arrays.asList("b", null, "a", null, "c"));
        withNulls.sort(Comparator.nullsFirst(Comparator.naturalOrder()));
        System.out.println(withNulls);
        withNulls.sort(Comparator.nullsLast(Comparator.<String>reverseOrder()));
        System.out.println(withNulls);
        Comparator<String> byLen = (a, b) -> a.length() - b.length();
        List<String> words = new ArrayList<>(Arrays.asList("ccc", "a", "bb", "dd", "e", "fff"));
        Collections.sort(words, byLen);
        System.out.println(words);
        Collections.sort(words, byLen.reversed().thenComparing(Comparator.naturalOrder()));
        System.out.println(words + " " + Collections.max(words, byLen) + " " + Collections.min(words, byLen.thenComparing(Comparator.reverseOrder())));
        System.out.println(Comparator.<Integer>naturalOrder().compare(1, 2) + " " + Comparator.<Integer>reverseOrder().compare(1, 2) + " " + Collections.reverseOrder(byLen).compare("a", "bb"));
    }
}
