// System.arraycopy of a shared array reads it element by element, in ascending order: the
// writer's two stores can both fall between the copy's two reads, so the copy sees the second
// store and not the first ("0,1"), an outcome no atomic copy gives. Before the copy was
// modelled it was one invisible native step, and every search reported "0,0" alone.
// expect: ok
// expect outcomes: "0,0\n" "0,1\n" "1,0\n" "1,1\n"
public class RacyArrayCopy {
    static int[] shared = new int[2];

    public static void main(String[] args) throws Exception {
        int[] a = shared;
        Thread writer = new Thread(() -> {
            a[0] = 1;
            a[1] = 1;
        });
        writer.start();
        int[] b = new int[2];
        System.arraycopy(a, 0, b, 0, 2);
        writer.join();
        System.out.println(b[0] + "," + b[1]);
    }
}
