// A record's equals, hashCode and toString come from invokedynamic sites of
// java.lang.runtime.ObjectMethods: porcheck links each to a generated method over the record's
// fields. What they print is what java prints (every primitive kind, -0.0 and NaN, null and
// array components, a record without components, one that overrides all three, records as hash
// keys); then two threads replace a record in an AtomicReference without a CAS (a lost update).
// expect: ok
// expect outcomes: "Pt[x=1, y=2] 33 true false false\nE[] 0 true\nAll[z=true, b=-3, c=q, s=300, i=-7, j=1099511627776, f=-0.0, d=NaN, str=null, arr=null] -1398179248 false true\nC 7 true\n4 v3 true\nState[count=1, last=m]\n" "Pt[x=1, y=2] 33 true false false\nE[] 0 true\nAll[z=true, b=-3, c=q, s=300, i=-7, j=1099511627776, f=-0.0, d=NaN, str=null, arr=null] -1398179248 false true\nC 7 true\n4 v3 true\nState[count=1, last=t]\n" "Pt[x=1, y=2] 33 true false false\nE[] 0 true\nAll[z=true, b=-3, c=q, s=300, i=-7, j=1099511627776, f=-0.0, d=NaN, str=null, arr=null] -1398179248 false true\nC 7 true\n4 v3 true\nState[count=2, last=m]\n" "Pt[x=1, y=2] 33 true false false\nE[] 0 true\nAll[z=true, b=-3, c=q, s=300, i=-7, j=1099511627776, f=-0.0, d=NaN, str=null, arr=null] -1398179248 false true\nC 7 true\n4 v3 true\nState[count=2, last=t]\n"
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

public class RecordMethods {
    record E() {}

    record Pt(int x, int y) {}

    record All(boolean z, byte b, char c, short s, int i, long j, float f, double d, String str,
               int[] arr) {}

    record C(int v) {
        public boolean equals(Object o) { return o instanceof C; }
        public int hashCode() { return 7; }
        public String toString() { return "C"; }
    }

    record State(int count, String last) {}

    static final AtomicReference<State> ref = new AtomicReference<>(new State(0, ""));

    static void bump(String who) {
        State s = ref.get();
        ref.set(new State(s.count() + 1, who));
    }

    public static void main(String[] args) throws Exception {
        Pt p = new Pt(1, 2);
        System.out.println(p + " " + p.hashCode() + " " + p.equals(new Pt(1, 2)) + " "
                           + p.equals(new Pt(2, 1)) + " " + p.equals("Pt[x=1, y=2]"));
        System.out.println(new E() + " " + new E().hashCode() + " " + new E().equals(new E()));
        All a = new All(true, (byte) -3, 'q', (short) 300, -7, 1L << 40, -0.0f, Double.NaN, null, null);
        All b = new All(true, (byte) -3, 'q', (short) 300, -7, 1L << 40, 0.0f, Double.NaN, null, null);
        All c = new All(true, (byte) -3, 'q', (short) 300, -7, 1L << 40, -0.0f, Double.NaN, null, null);
        System.out.println(a + " " + a.hashCode() + " " + a.equals(b) + " " + a.equals(c));
        System.out.println(new C(3) + " " + new C(3).hashCode() + " " + new C(3).equals(new C(4)));
        Map<Pt, String> m = new HashMap<>();
        for (int i = 0; i < 4; i++) m.put(new Pt(i % 2, i / 2), "v" + i);
        System.out.println(m.size() + " " + m.get(new Pt(1, 1)) + " " + m.containsKey(new Pt(0, 1)));
        Thread t = new Thread(() -> bump("t"));
        t.start();
        bump("m");
        t.join();
        System.out.println(ref.get());
    }
}
