package porcheck.drivers;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Random;
import java.util.Stack;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import porcheck.structures.*;

/**
 * Runs seeded random operation sequences on every bundled structure (and on the JDK's
 * ConcurrentHashMap and ConcurrentLinkedQueue), one thread, printing "Name op(args)=result" per
 * operation, and checks each result against the matching java.util collection. The test suite
 * runs it on HotSpot and on porcheck exec and requires identical output; it also replays the
 * lines on porcheck's ADT models. Usage: StructuresDriver SEED OPS. Exit 1 on a mismatch.
 */
public class StructuresDriver {
    /** One operation on a structure; the result as text (an exception by its class name). */
    interface Op {
        Object run() throws Exception;
    }

    private static Random random;
    private static int mismatches;
    private static final int KEYS = 6;

    static String result(Op op) {
        try {
            return String.valueOf(op.run());
        } catch (Exception e) {
            return e.getClass().getName();
        }
    }

    /** Runs [impl] and [ref], prints the implementation's result, and compares them. */
    static void step(String name, String call, Op impl, Op ref) {
        String got = result(impl), want = result(ref);
        System.out.println(name + " " + call + "=" + got);
        if (!got.equals(want)) {
            System.out.println("MISMATCH " + name + " " + call + ": expected " + want);
            mismatches++;
        }
    }

    static int key() {
        return random.nextInt(KEYS);
    }

    /** The set methods of every set structure, by name. */
    interface IntSet {
        boolean add(int k);

        boolean remove(int k);

        boolean contains(int k);
    }

    static void runSet(String name, IntSet set, int ops) {
        HashSet<Integer> ref = new HashSet<>();
        for (int i = 0; i < ops; i++) {
            int k = key();
            switch (random.nextInt(3)) {
            case 0: step(name, "add(" + k + ")", () -> set.add(k), () -> ref.add(k)); break;
            case 1: step(name, "remove(" + k + ")", () -> set.remove(k), () -> ref.remove(k)); break;
            default: step(name, "contains(" + k + ")", () -> set.contains(k), () -> ref.contains(k));
            }
        }
    }

    static void runSets(int ops) {
        CoarseListSet a = new CoarseListSet();
        runSet("CoarseListSet", new IntSet() {
            public boolean add(int k) { return a.add(k); }
            public boolean remove(int k) { return a.remove(k); }
            public boolean contains(int k) { return a.contains(k); }
        }, ops);
        CoarseListSetBuggy b = new CoarseListSetBuggy(0);
        runSet("CoarseListSetBuggy", new IntSet() {
            public boolean add(int k) { return b.add(k); }
            public boolean remove(int k) { return b.remove(k); }
            public boolean contains(int k) { return b.contains(k); }
        }, ops);
        RWLockListSet c = new RWLockListSet();
        runSet("RWLockListSet", new IntSet() {
            public boolean add(int k) { return c.add(k); }
            public boolean remove(int k) { return c.remove(k); }
            public boolean contains(int k) { return c.contains(k); }
        }, ops);
        RWLockListSetBuggy d = new RWLockListSetBuggy(0);
        runSet("RWLockListSetBuggy", new IntSet() {
            public boolean add(int k) { return d.add(k); }
            public boolean remove(int k) { return d.remove(k); }
            public boolean contains(int k) { return d.contains(k); }
        }, ops);
        OptimisticListSet e = new OptimisticListSet();
        runSet("OptimisticListSet", new IntSet() {
            public boolean add(int k) { return e.add(k); }
            public boolean remove(int k) { return e.remove(k); }
            public boolean contains(int k) { return e.contains(k); }
        }, ops);
        OptimisticListSetBuggy f = new OptimisticListSetBuggy(0);
        runSet("OptimisticListSetBuggy", new IntSet() {
            public boolean add(int k) { return f.add(k); }
            public boolean remove(int k) { return f.remove(k); }
            public boolean contains(int k) { return f.contains(k); }
        }, ops);
        LazyListSet g = new LazyListSet();
        runSet("LazyListSet", new IntSet() {
            public boolean add(int k) { return g.add(k); }
            public boolean remove(int k) { return g.remove(k); }
            public boolean contains(int k) { return g.contains(k); }
        }, ops);
        LazyListSetBuggy h = new LazyListSetBuggy();
        runSet("LazyListSetBuggy", new IntSet() {
            public boolean add(int k) { return h.add(k); }
            public boolean remove(int k) { return h.remove(k); }
            public boolean contains(int k) { return h.contains(k); }
        }, ops);
    }

    static void runLockFreeSets(int ops) {
        HarrisMichaelListSet a = new HarrisMichaelListSet();
        runSet("HarrisMichaelListSet", new IntSet() {
            public boolean add(int k) { return a.add(k); }
            public boolean remove(int k) { return a.remove(k); }
            public boolean contains(int k) { return a.contains(k); }
        }, ops);
        HarrisMichaelListSetBuggy b = new HarrisMichaelListSetBuggy(0);
        runSet("HarrisMichaelListSetBuggy", new IntSet() {
            public boolean add(int k) { return b.add(k); }
            public boolean remove(int k) { return b.remove(k); }
            public boolean contains(int k) { return b.contains(k); }
        }, ops);
        LockFreeBSTSet c = new LockFreeBSTSet();
        runSet("LockFreeBSTSet", new IntSet() {
            public boolean add(int k) { return c.add(k); }
            public boolean remove(int k) { return c.remove(k); }
            public boolean contains(int k) { return c.contains(k); }
        }, ops);
        CLQSet d = new CLQSet();
        runSet("CLQSet", new IntSet() {
            public boolean add(int k) { return d.add(k); }
            public boolean remove(int k) { return d.remove(k); }
            public boolean contains(int k) { return d.contains(k); }
        }, ops);
        CLQSetBuggy e = new CLQSetBuggy(0);
        runSet("CLQSetBuggy", new IntSet() {
            public boolean add(int k) { return e.add(k); }
            public boolean remove(int k) { return e.remove(k); }
            public boolean contains(int k) { return e.contains(k); }
        }, ops);
        CHMSet f = new CHMSet();
        runSet("CHMSet", new IntSet() {
            public boolean add(int k) { return f.add(k); }
            public boolean remove(int k) { return f.remove(k); }
            public boolean contains(int k) { return f.contains(k); }
        }, ops);
        CHMSetBuggy g = new CHMSetBuggy(0);
        runSet("CHMSetBuggy", new IntSet() {
            public boolean add(int k) { return g.add(k); }
            public boolean remove(int k) { return g.remove(k); }
            public boolean contains(int k) { return g.contains(k); }
        }, ops);
    }

    static void runMap(String name, CoarseHashMap m1, CoarseHashMapBuggy m2, int ops) {
        HashMap<Integer, Integer> ref = new HashMap<>();
        for (int i = 0; i < ops; i++) {
            int k = key(), v = random.nextInt(KEYS);
            Op impl, want;
            String call;
            switch (random.nextInt(5)) {
            case 0:
                call = "put(" + k + "," + v + ")";
                impl = m1 != null ? () -> m1.put(k, v) : () -> m2.put(k, v);
                want = () -> ref.put(k, v);
                break;
            case 1:
                call = "get(" + k + ")";
                impl = m1 != null ? () -> m1.get(k) : () -> m2.get(k);
                want = () -> ref.get(k);
                break;
            case 2:
                call = "remove(" + k + ")";
                impl = m1 != null ? () -> m1.remove(k) : () -> m2.remove(k);
                want = () -> ref.remove(k);
                break;
            case 3:
                call = "containsKey(" + k + ")";
                impl = m1 != null ? () -> m1.containsKey(k) : () -> m2.containsKey(k);
                want = () -> ref.containsKey(k);
                break;
            default:
                call = "size()";
                impl = m1 != null ? () -> m1.size() : () -> m2.size();
                want = () -> ref.size();
            }
            step(name, call, impl, want);
        }
    }

    static void runStack(String name, TreiberStack s1, TreiberStackBuggy s2, int ops) {
        Stack<Integer> ref = new Stack<>();
        for (int i = 0; i < ops; i++) {
            int v = key();
            switch (random.nextInt(4)) {
            case 0:
                step(name, "push(" + v + ")", () -> {
                    if (s1 != null) s1.push(v);
                    else s2.push(v);
                    return "void";
                }, () -> {
                    ref.push(v);
                    return "void";
                });
                break;
            case 1: step(name, "pop()", () -> s1 != null ? s1.pop() : s2.pop(), () -> ref.pop()); break;
            case 2: step(name, "peek()", () -> s1 != null ? s1.peek() : s2.peek(), () -> ref.peek()); break;
            default:
                step(name, "isEmpty()", () -> s1 != null ? s1.isEmpty() : s2.isEmpty(),
                     () -> ref.isEmpty());
            }
        }
    }

    static void runQueue(String name, MSQueue q1, MSQueueBuggy q2, int ops) {
        ArrayDeque<Integer> ref = new ArrayDeque<>();
        for (int i = 0; i < ops; i++) {
            int v = key();
            switch (random.nextInt(4)) {
            case 0:
                step(name, "offer(" + v + ")", () -> q1 != null ? q1.offer(v) : q2.offer(v),
                     () -> ref.offer(v));
                break;
            case 1: step(name, "poll()", () -> q1 != null ? q1.poll() : q2.poll(), () -> ref.poll()); break;
            case 2: step(name, "peek()", () -> q1 != null ? q1.peek() : q2.peek(), () -> ref.peek()); break;
            default:
                step(name, "isEmpty()", () -> q1 != null ? q1.isEmpty() : q2.isEmpty(),
                     () -> ref.isEmpty());
            }
        }
    }

    static void runConcurrentHashMap(int ops) {
        String name = "ConcurrentHashMap";
        ConcurrentHashMap<Object, Object> map = new ConcurrentHashMap<>();
        HashMap<Object, Object> ref = new HashMap<>();
        for (int i = 0; i < ops; i++) {
            Integer k = key(), v = random.nextInt(KEYS), w = random.nextInt(KEYS);
            switch (random.nextInt(12)) {
            case 0: step(name, "put(" + k + "," + v + ")", () -> map.put(k, v), () -> ref.put(k, v)); break;
            case 1: step(name, "get(" + k + ")", () -> map.get(k), () -> ref.get(k)); break;
            case 2: step(name, "remove(" + k + ")", () -> map.remove(k), () -> ref.remove(k)); break;
            case 3: step(name, "containsKey(" + k + ")", () -> map.containsKey(k), () -> ref.containsKey(k)); break;
            case 4: step(name, "putIfAbsent(" + k + "," + v + ")", () -> map.putIfAbsent(k, v), () -> ref.putIfAbsent(k, v)); break;
            case 5: step(name, "remove(" + k + "," + v + ")", () -> map.remove(k, v), () -> ref.remove(k, v)); break;
            case 6: step(name, "replace(" + k + "," + v + ")", () -> map.replace(k, v), () -> ref.replace(k, v)); break;
            case 7: step(name, "replace(" + k + "," + v + "," + w + ")", () -> map.replace(k, v, w), () -> ref.replace(k, v, w)); break;
            case 8: step(name, "getOrDefault(" + k + "," + v + ")", () -> map.getOrDefault(k, v), () -> ref.getOrDefault(k, v)); break;
            case 9: step(name, "containsValue(" + v + ")", () -> map.containsValue(v), () -> ref.containsValue(v)); break;
            case 10: step(name, "size()", () -> map.size(), () -> ref.size()); break;
            default:
                if (random.nextInt(8) == 0) {
                    step(name, "clear()", () -> {
                        map.clear();
                        return "void";
                    }, () -> {
                        ref.clear();
                        return "void";
                    });
                } else {
                    step(name, "isEmpty()", () -> map.isEmpty(), () -> ref.isEmpty());
                }
            }
        }
    }

    static void runConcurrentLinkedQueue(int ops) {
        String name = "ConcurrentLinkedQueue";
        ConcurrentLinkedQueue<Integer> q = new ConcurrentLinkedQueue<>();
        ArrayDeque<Integer> ref = new ArrayDeque<>();
        for (int i = 0; i < ops; i++) {
            Integer v = key();
            switch (random.nextInt(10)) {
            case 0: case 1: step(name, "offer(" + v + ")", () -> q.offer(v), () -> ref.offer(v)); break;
            case 2: step(name, "poll()", () -> q.poll(), () -> ref.poll()); break;
            case 3: step(name, "peek()", () -> q.peek(), () -> ref.peek()); break;
            case 4: step(name, "add(" + v + ")", () -> q.add(v), () -> ref.add(v)); break;
            case 5: step(name, "remove()", () -> q.remove(), () -> ref.remove()); break;
            case 6: step(name, "element()", () -> q.element(), () -> ref.element()); break;
            case 7: step(name, "remove(" + v + ")", () -> q.remove(v), () -> ref.remove(v)); break;
            case 8: step(name, "contains(" + v + ")", () -> q.contains(v), () -> ref.contains(v)); break;
            default: step(name, "size()", () -> q.size(), () -> ref.size());
            }
        }
    }

    public static void main(String[] args) {
        long seed = args.length > 0 ? Long.parseLong(args[0]) : 42;
        int ops = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        random = new Random(seed);
        runSets(ops);
        runLockFreeSets(ops);
        runMap("CoarseHashMap", new CoarseHashMap(), null, ops);
        runMap("CoarseHashMapBuggy", null, new CoarseHashMapBuggy(0), ops);
        runStack("TreiberStack", new TreiberStack(), null, ops);
        runStack("TreiberStackBuggy", null, new TreiberStackBuggy(0), ops);
        runQueue("MSQueue", new MSQueue(), null, ops);
        runQueue("MSQueueBuggy", null, new MSQueueBuggy(0), ops);
        runConcurrentHashMap(ops);
        runConcurrentLinkedQueue(ops);
        System.out.println(mismatches == 0 ? "ok" : mismatches + " mismatches");
        System.exit(mismatches == 0 ? 0 : 1);
    }
}
