// ArrayList: add/insert/remove/set, search, sublists, bulk operations, equality.
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.ListIterator;

public class ArrayListOps {
    public static void main(String[] args) {
        List<String> l = new ArrayList<>();
        for (String s : "the quick brown fox jumps over the lazy dog".split(" ")) l.add(s);
        System.out.println(l + " " + l.size());
        l.add(0, "START");
        l.add(l.size(), "END");
        l.set(2, "QUICK");
        System.out.println(l.remove(1) + " " + l.remove("the") + " " + l.remove("absent") + " " + l);
        System.out.println(l.indexOf("the") + " " + l.lastIndexOf("the") + " " + l.contains("fox") + " " + l.get(3));
        List<String> sub = l.subList(2, 5);
        System.out.println(sub + " " + sub.size() + " " + sub.indexOf("jumps"));
        sub.set(0, "SUB");
        sub.remove(1);
        System.out.println(l);
        l.addAll(Arrays.asList("x", "y"));
        l.addAll(1, Arrays.asList("i1", "i2"));
        System.out.println(l);
        l.removeAll(Arrays.asList("x", "i1"));
        System.out.println(l);
        l.retainAll(Arrays.asList("START", "y", "END", "dog", "lazy"));
        System.out.println(l + " " + l.isEmpty());
        Collections.sort(l);
        System.out.println(l + " " + l.equals(Arrays.asList("END", "START", "dog", "lazy", "y")) + " " + l.hashCode());
        List<Integer> nums = new ArrayList<>();
        for (int i = 0; i < 50; i++) nums.add((i * 37) % 50);
        Collections.sort(nums);
        System.out.println(nums.subList(0, 10) + " " + Collections.binarySearch(nums, 25) + " " + Collections.max(nums) + " " + Collections.min(nums));
        ListIterator<Integer> it = nums.listIterator();
        while (it.hasNext()) {
            int v = it.next();
            if (v % 2 == 0) it.remove();
            else it.set(v * 10);
        }
        System.out.println(nums);
        Object[] arr = nums.toArray();
        Integer[] typed = nums.toArray(new Integer[0]);
        System.out.println(arr.length + " " + typed.length + " " + typed[3] + " " + typed.getClass().getSimpleName());
        ArrayList<Integer> copy = new ArrayList<>(nums);
        copy.clear();
        System.out.println(copy + " " + nums.size() + " " + new ArrayList<>(Arrays.asList(1, 2, 3)).equals(Arrays.asList(1, 2, 3)));
        @SuppressWarnings("unchecked")
        ArrayList<Integer> cl = (ArrayList<Integer>) new ArrayList<>(Arrays.asList(4, 5)).clone();
        System.out.println(cl);
    }
}
