// Vector's bulk calls are atomic, as the JDK's synchronized methods make them: the model
// library's Vector inherited addAll (one synchronized add per element) from AbstractList, and the
// checker observed "[1, 3, 2, 4]" here.
// expect: ok
// expect outcomes: "[1, 2, 3, 4] [2, 3] true\n" "[3, 4, 1, 2] [4, 1] true\n"
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Vector;

public class VectorBulkCalls {
    public static void main(String[] args) throws InterruptedException {
        Vector<Integer> v = new Vector<>();
        Thread t1 = new Thread(() -> v.addAll(Arrays.asList(1, 2)));
        Thread t2 = new Thread(() -> v.addAll(Arrays.asList(3, 4)));
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println(v + " " + v.subList(1, 3) + " " + v.equals(new ArrayList<>(v)));
    }
}
