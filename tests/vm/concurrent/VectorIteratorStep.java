// A Vector's iterator checks for a concurrent change and reads the element in one step under the
// Vector's monitor, as the JDK's does: the model library's Vector used AbstractList's iterator,
// whose next() checked, then read with get(), so an insert between the two made the second next()
// return the first element again ("1,1") without a ConcurrentModificationException.
// expect: ok
// expect outcomes: "0,1 [0, 1, 2]\n" "cme [0, 1, 2]\n" "1,2 [0, 1, 2]\n"
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.Vector;

public class VectorIteratorStep {
    public static void main(String[] args) throws InterruptedException {
        Vector<Integer> v = new Vector<>();
        v.add(1);
        v.add(2);
        String[] seen = new String[1];
        Thread reader = new Thread(() -> {
            String s;
            try {
                Iterator<Integer> it = v.iterator();
                Integer a = it.next();
                s = a + "," + it.next();
            } catch (ConcurrentModificationException e) {
                s = "cme";
            }
            synchronized (seen) {
                seen[0] = s;
            }
        });
        Thread writer = new Thread(() -> v.add(0, 0));
        reader.start();
        writer.start();
        reader.join();
        writer.join();
        synchronized (seen) {
            System.out.println(seen[0] + " " + v);
        }
    }
}
