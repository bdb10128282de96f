// An array published through a java.util.ArrayList (library code, not visible to the safe
// classifier) and then written by its creator outside the lock: the array is shared from the
// moment the list stores it, so the reader can see the element before the write.
// expect: ok
// expect outcomes: "seen 0\n" "seen 1\n" "empty\n"
import java.util.ArrayList;

public class ExposeViaLibrary {
    private final ArrayList<int[]> list = new ArrayList<>();

    void publish() {
        int[] cell = new int[1];
        synchronized (list) {
            list.add(cell);
        }
        cell[0] = 1;
    }

    String look() {
        int[] cell = null;
        synchronized (list) {
            if (!list.isEmpty()) cell = list.get(0);
        }
        return cell == null ? "empty" : "seen " + cell[0];
    }

    public static void main(String[] args) throws InterruptedException {
        ExposeViaLibrary e = new ExposeViaLibrary();
        String[] seen = new String[1];
        Thread a = new Thread(e::publish);
        Thread b = new Thread(() -> seen[0] = e.look());
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println(seen[0]);
    }
}
