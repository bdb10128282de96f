// Thread a allocates a scratch array no other thread sees on each of up to two rounds of waiting
// for b's flag, then keeps an array. How many rounds it waited is garbage by then, so it must not
// make the end states differ: the kept array is the same object whatever was allocated before
// it, and dfs ends in exactly one state (three when objects are named by their plain allocation
// count).
// expect: ok
// expect outcomes: "kept = 7\n"
// expect dfs states: 73 45
// expect dfs end states: 1 1
import java.util.concurrent.atomic.AtomicInteger;

public class SpinGarbage {
    static final AtomicInteger flag = new AtomicInteger();
    static int[] kept;

    static void waitBriefly() {
        int waited = 0;
        for (int i = 0; i < 2 && flag.get() == 0; i++) {
            int[] scratch = new int[] {i};
            waited += scratch.length;
        }
        kept = new int[] {7};
    }

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(SpinGarbage::waitBriefly);
        Thread b = new Thread(() -> flag.set(1));
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("kept = " + kept[0]);
    }
}
