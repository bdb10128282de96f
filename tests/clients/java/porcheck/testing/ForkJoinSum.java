package porcheck.testing;

/**
 * A list of ints whose sum() forks a helper thread that adds them up and joins it; sumLater()
 * forks one and returns without waiting. add is synchronized and sum copies under the lock, so
 * sum() is linearizable: a sequential run of it must run its helper, or it would wait for ever
 * and every outcome of sum() would look unexpected. sumLater()'s helper adds a copy into
 * [later], which no method reads back.
 */
public class ForkJoinSum {
    private int[] items = new int[0];
    private int later;

    public synchronized void add(int v) {
        int[] grown = java.util.Arrays.copyOf(items, items.length + 1);
        grown[items.length] = v;
        items = grown;
    }

    public int sum() throws InterruptedException {
        int[] copy;
        synchronized (this) {
            copy = items;
        }
        int[] total = {0};
        Thread helper = new Thread(() -> {
            for (int v : copy) total[0] += v;
        });
        helper.start();
        helper.join();
        return total[0];
    }

    public void sumLater() {
        int[] copy;
        synchronized (this) {
            copy = items;
        }
        new Thread(() -> {
            for (int v : copy) later += v;
        }).start();
    }
}
