// The parallel benchmark's bigger SyncListSet client: bench/run/programs/SyncListSet.java's
// synchronized sorted linked-list set (compiled beside this file), used by 4 threads x 4
// operations, a search of seconds where SyncListSet's own 3 x 2 client takes milliseconds.
public class BigSyncListSet {
    public static void main(String[] args) throws InterruptedException {
        SyncListSet set = new SyncListSet();
        boolean[] r = new boolean[16];
        Thread[] ts = {
            new Thread(() -> { r[0] = set.add(1); r[1] = set.remove(2); r[2] = set.add(3); r[3] = set.contains(2); }),
            new Thread(() -> { r[4] = set.add(2); r[5] = set.contains(1); r[6] = set.remove(3); r[7] = set.add(1); }),
            new Thread(() -> { r[8] = set.remove(1); r[9] = set.add(3); r[10] = set.contains(2); r[11] = set.remove(2); }),
            new Thread(() -> { r[12] = set.add(4); r[13] = set.remove(4); r[14] = set.contains(3); r[15] = set.add(2); })};
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        StringBuilder sb = new StringBuilder();
        for (boolean b : r) sb.append(b ? 'T' : 'F');
        System.out.println(sb);
    }
}
