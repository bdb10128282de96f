// Programs for the fingerprint tests (test_lts.c drives their schedules step by step).
public class FpProbe {
    static class Shared {
        boolean flag;
        int a, b;
        Object x, y;
    }

    // "loadorder": each worker loads and initialises a class of its own, whose objects hold a
    // string literal, their class's mirror and a method frame's worth of work; two VMs that run
    // the workers in opposite orders load the classes (and intern the literals) in opposite orders.
    static class LoadA {
        static int made;
        final String tag = "alpha";
        final Object kind = LoadA.class;
        LoadA() { made = count(made); }
        static int count(int n) { return n + 1; }
    }

    static class LoadB {
        static int made;
        final String tag = "beta";
        final Object kind = LoadB.class;
        LoadB() { made = count(made); }
        static int count(int n) { return n + 1; }
    }

    public static void main(String[] args) throws InterruptedException {
        String mode = args.length > 0 ? args[0] : "commute";
        Shared s = new Shared();
        Thread t1, t2;
        if (mode.equals("commute")) {
            t1 = new Thread(() -> { s.a = 1; s.x = new Object(); });
            t2 = new Thread(() -> { s.b = 2; s.y = new Object(); });
        } else if (mode.equals("garbage")) {
            t1 = new Thread(() -> {
                if (s.flag) {
                    int[] garbage = new int[100];
                    garbage[0] = 1;
                    s.x = garbage;
                    s.x = null;
                }
                s.a = 1;
            });
            t2 = new Thread(() -> { s.flag = true; s.flag = false; });
        } else if (mode.equals("symmetry")) {
            Runnable install = () -> {
                synchronized (s) {
                    if (s.x == null) s.x = new int[] {7};
                }
            };
            t1 = new Thread(install);
            t2 = new Thread(install);
        } else if (mode.equals("loadorder")) {
            t1 = new Thread(() -> { s.x = new LoadA(); });
            t2 = new Thread(() -> { s.y = new LoadB(); });
        } else {
            t1 = new Thread(() -> { s.a = s.flag ? 2 : 1; });
            t2 = new Thread(() -> { s.flag = true; s.b = 1; s.flag = false; });
        }
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println(s.a + " " + s.b);
    }
}
