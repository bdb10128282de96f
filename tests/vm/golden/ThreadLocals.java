// ThreadLocal values are per thread, with initial values and removal.
public class ThreadLocals {
    static final ThreadLocal<Integer> counter = ThreadLocal.withInitial(() -> 100);
    static final ThreadLocal<String> name = new ThreadLocal<>();

    public static void main(String[] args) throws InterruptedException {
        System.out.println(counter.get() + " " + name.get());
        counter.set(counter.get() + 1);
        name.set("main-value");
        int[] seen = new int[1];
        String[] seenName = new String[1];
        Thread t = new Thread(() -> {
            seen[0] = counter.get();
            counter.set(5);
            seenName[0] = name.get();
        });
        t.start();
        t.join();
        System.out.println(counter.get() + " " + name.get() + " " + seen[0] + " " + seenName[0]);
        counter.remove();
        name.remove();
        System.out.println(counter.get() + " " + name.get());
        ThreadLocal<StringBuilder> sb = new ThreadLocal<StringBuilder>() {
            protected StringBuilder initialValue() { return new StringBuilder("init"); }
        };
        sb.get().append("+more");
        System.out.println(sb.get());
    }
}
