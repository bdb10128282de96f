// Once main has ended, the thread it started runs alone; its lock and read still race with main's
// earlier write, so every search must also run the thread first (output 0). The searches that
// reason about past events (DPOR's races, DE's and DL's labels) missed "0\n" while a thread
// running alone took its scheduling points as one step labelled by its first.
// every search
// expect: ok
// expect outcomes: "0\n" "1\n"
public class LoneThreadRace {
    static int x;

    public static void main(String[] args) {
        Thread t = new Thread(() -> {
            synchronized (LoneThreadRace.class) {
                System.out.println(x);
            }
        });
        t.start();
        synchronized (LoneThreadRace.class) {
            x = 1;
        }
    }
}
