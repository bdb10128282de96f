package porcheck.testing;

import java.util.*;

/**
 * Plain java.util collections used without locks, and a shared java.util.Random (thread-safe: two
 * threads never both draw the number one of them would), one family of methods per class (named
 * by its prefix), for the test that compares the model library's classes with the JDK's under
 * races (test_model_collections.py) and for check's tests: a racy use must show the JDK's
 * behaviours, a ConcurrentModificationException among them, and no others.
 */
public class RacyCollections {
    private final ArrayList<Integer> al = new ArrayList<>();
    private final LinkedList<Integer> ll = new LinkedList<>();
    private final HashMap<Integer, Integer> hm = new HashMap<>();
    private final ArrayDeque<Integer> dq = new ArrayDeque<>();
    private final HashSet<Integer> hs = new HashSet<>();
    private final LinkedHashMap<Integer, Integer> lhm = new LinkedHashMap<>();
    private final Vector<Integer> ve = new Vector<>();
    private final Random rn = new Random(7);
    private final Stack<Integer> st = new Stack<>();
    private final LinkedHashSet<Integer> lhs = new LinkedHashSet<>();

    private static int sum(Iterable<Integer> xs) {
        int s = 0;
        for (Integer x : xs) s = s * 10 + (x == null ? 7 : x);
        return s;
    }

    public void alAdd(int x) { al.add(x); }
    public boolean alRemove(int x) { return al.remove(Integer.valueOf(x)); }
    public int alFirst() { return al.isEmpty() ? -1 : al.get(0); }
    public int alLast() { int n = al.size(); return n == 0 ? -1 : al.get(n - 1); }
    public int alSum() { return sum(al); }
    public void alInsert(int x) { al.add(0, x); }
    public int alSet(int x) { return al.isEmpty() ? -1 : al.set(0, x); }
    public void alClear() { al.clear(); }
    public boolean alRemoveIf(int x) { return al.removeIf(e -> e == x); }

    public void llAdd(int x) { ll.add(x); }
    public int llPoll() { Integer x = ll.poll(); return x == null ? -1 : x; }
    public int llSum() { return sum(ll); }
    public int llSize() { return ll.size(); }

    public int hmPut(int k) { Integer o = hm.put(k, k + 10); return o == null ? -1 : o; }
    public int hmRemove(int k) { Integer o = hm.remove(k); return o == null ? -1 : o; }
    public int hmGet(int k) { Integer o = hm.get(k); return o == null ? -1 : o; }
    public int hmSum() { return sum(hm.values()); }
    public int hmSize() { return hm.size(); }
    public int hmPutIfAbsent(int k) { Integer o = hm.putIfAbsent(k, k + 20); return o == null ? -1 : o; }
    public int hmMerge(int k) { return hm.merge(k, 1, Integer::sum); }
    public int hmCompute(int k) { return hm.computeIfAbsent(k, x -> x + 30); }
    public int hmEntries() { int s = 0; for (Map.Entry<Integer, Integer> e : hm.entrySet()) s = s * 10 + e.getKey(); return s; }

    public void dqPush(int x) { dq.push(x); }
    public void dqAdd(int x) { dq.addLast(x); }
    public int dqPoll() { Integer x = dq.poll(); return x == null ? -1 : x; }
    public int dqSum() { return sum(dq); }

    public boolean hsAdd(int x) { return hs.add(x); }
    public boolean hsRemove(int x) { return hs.remove(x); }
    public int hsSum() { return sum(hs); }
    public boolean hsContains(int x) { return hs.contains(x); }
    public int hsSize() { return hs.size(); }

    public int lhmPut(int k) { Integer o = lhm.put(k, k); return o == null ? -1 : o; }
    public int lhmRemove(int k) { Integer o = lhm.remove(k); return o == null ? -1 : o; }
    public int lhmSum() { return sum(lhm.keySet()); }
    public int lhmGet(int k) { Integer o = lhm.get(k); return o == null ? -1 : o; }
    public int lhmFirst() { Iterator<Integer> it = lhm.keySet().iterator(); return it.hasNext() ? it.next() : -1; }

    public void veAdd(int x) { ve.add(x); }
    public int veRemove(int x) { return ve.remove(Integer.valueOf(x)) ? 1 : 0; }
    public int veSum() { return sum(ve); }
    public int veLast() { return ve.isEmpty() ? -1 : ve.lastElement(); }
    public int veGet() { return ve.size() > 0 ? ve.get(ve.size() - 1) : -1; }

    public int rnInt() { return rn.nextInt(100); }
    public boolean rnBool() { return rn.nextBoolean(); }
    public void rnReseed(int x) { rn.setSeed(x); }

    public void stPush(int x) { st.push(x); }
    public int stPop() { return st.empty() ? -1 : st.pop(); }
    public int stPeek() { return st.empty() ? -1 : st.peek(); }
    public int stSum() { return sum(st); }

    public boolean lhsAdd(int x) { return lhs.add(x); }
    public boolean lhsRemove(int x) { return lhs.remove(x); }
    public int lhsSum() { return sum(lhs); }
}
