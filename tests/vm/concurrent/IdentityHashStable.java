// A thread allocates a throw-away object, then one whose identity hash it reads, then reaches a
// scheduling point. Objects a step allocated are renamed at its end to reuse the counts of
// garbage, and an identity hash is derived from the object's id: an object whose hash the program
// has seen must keep its id, or the hash would change under it.
// expect: ok
// expect outcomes: "same hash\n"
import java.util.concurrent.atomic.AtomicInteger;

public class IdentityHashStable {
    static final AtomicInteger flag = new AtomicInteger();
    static Object junk;
    static boolean same;

    static void hashTwice() {
        junk = new Object();
        junk = null;
        Object o = new Object();
        int before = System.identityHashCode(o);
        flag.incrementAndGet();
        same = before == System.identityHashCode(o) && before == o.hashCode();
    }

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(IdentityHashStable::hashTwice);
        Thread b = new Thread(flag::incrementAndGet);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println(same ? "same hash" : "hash changed");
    }
}
