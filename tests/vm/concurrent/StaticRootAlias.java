// Thread a initialises Holder, whose static final ROOT array only Holder's statics reach until
// someone reads it, then allocates an array of its own, publishes it, locks both and makes
// chosen one of them: ROOT when b raised the flag first. The object-id reuse took ROOT, which no
// thread's roots reach and no thread had shared yet, for garbage, and gave a's array ROOT's id:
// the two end states then serialised alike, the search kept only the first, and the violation
// (b first) was missed. Objects that statics hold count as live.
// expect: violation a chose the static root
public class StaticRootAlias {
    static final class Holder {
        static final Object[] ROOT = new Object[1];

        static void touch() {}
    }

    static volatile boolean flag;
    static volatile Object chosen, published;

    static void pick() {
        Holder.touch();
        Object mine = new Object[1];
        boolean late = flag;
        published = mine;
        synchronized (mine) {}
        synchronized (Holder.ROOT) {}
        chosen = late ? Holder.ROOT : mine;
    }

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(StaticRootAlias::pick);
        Thread b = new Thread(() -> flag = true);
        a.start();
        b.start();
        a.join();
        b.join();
        assert chosen != Holder.ROOT : "a chose the static root";
    }
}
