// Iterators: removal through the iterator, fail-fast ConcurrentModificationException, ListIterator.
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

public class IteratorsCME {
    public static void main(String[] args) {
        List<Integer> l = new ArrayList<>();
        for (int i = 0; i < 10; i++) l.add(i);
        for (Iterator<Integer> it = l.iterator(); it.hasNext();) if (it.next() % 3 == 0) it.remove();
        System.out.println(l);
        try {
            for (Integer i : l) if (i == 4) l.remove(i);
        } catch (ConcurrentModificationException e) {
            System.out.println("CME list " + l);
        }
        Map<String, Integer> m = new HashMap<>();
        for (int i = 0; i < 6; i++) m.put("k" + i, i);
        try {
            for (String k : m.keySet()) if (k.equals("k2")) m.put("new", 1);
        } catch (ConcurrentModificationException e) {
            System.out.println("CME map " + m.size());
        }
        Iterator<Integer> it = l.iterator();
        try {
            it.remove();
        } catch (IllegalStateException e) {
            System.out.println("remove before next");
        }
        List<String> words = new ArrayList<>();
        words.add("a");
        words.add("b");
        words.add("c");
        for (java.util.ListIterator<String> li = words.listIterator(); li.hasNext();) {
            String w = li.next();
            li.set(w.toUpperCase());
            if (w.equals("b")) li.add("b2");
        }
        System.out.println(words);
        int sum = 0;
        for (int x : l) sum += x;
        System.out.println(sum);
        Iterator<Integer> empty = new ArrayList<Integer>().iterator();
        try {
            empty.next();
        } catch (java.util.NoSuchElementException e) {
            System.out.println("NSEE " + e.getMessage());
        }
        l.removeIf(x -> x > 5);
        System.out.println(l);
    }
}
