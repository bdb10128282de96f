// Programs for the fingerprint tests (test_lts.c drives their schedules step by step).
public class FpProbe {
    static class Shared {
        boolean flag;
        int a, b;
        Object x, y;
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
