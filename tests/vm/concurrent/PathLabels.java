// One label can name objects of different classes on different paths: the maker thread's first
// allocation is an int[] on the paths where it reads turn == 0 and a long[] on the others. The
// reader reads the int[], the writer writes the long[]; no object is accessed by two threads, so the
// race check (cli_trust runs this program with a visible set that leaves these accesses
// invisible) must report no race, as it did when its notes were keyed by label alone.
// expect: ok
// expect outcomes: "int[] 0\n" "int[] 7\n" "long[] 0\n"
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

public class PathLabels {
    static final AtomicInteger turn = new AtomicInteger();
    static final AtomicReference<Object> made = new AtomicReference<>();
    static final AtomicInteger seen = new AtomicInteger();

    public static void main(String[] args) throws Exception {
        Thread maker = new Thread(() -> {
            if (turn.get() == 0)
                made.set(new int[] {7});
            else
                made.set(new long[] {7});
        });
        Thread reader = new Thread(() -> {
            Object m = made.get();
            if (m instanceof int[]) seen.set(((int[]) m)[0]);
        });
        Thread writer = new Thread(() -> {
            Object m = made.get();
            if (m instanceof long[]) ((long[]) m)[0] = 1;
        });
        maker.start();
        reader.start();
        writer.start();
        turn.set(1);
        maker.join();
        reader.join();
        writer.join();
        Object m = made.get();
        System.out.println((m instanceof int[] ? "int[] " : "long[] ") + seen.get());
    }
}
