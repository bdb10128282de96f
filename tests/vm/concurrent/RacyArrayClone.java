// An array's clone() reads a shared array element by element too: the writer's stores of two
// new strings can fall between its reads ("null,y": the second store seen, not the first). The
// clone of a local array stays one step.
// expect: ok
// expect outcomes: "null,null\n" "null,y\n" "x,null\n" "x,y\n"
public class RacyArrayClone {
    static Object[] shared = new Object[2];

    public static void main(String[] args) throws Exception {
        Object[] a = shared;
        Thread writer = new Thread(() -> {
            a[0] = "x";
            a[1] = "y";
        });
        writer.start();
        Object[] b = a.clone();
        writer.join();
        System.out.println(b[0] + "," + b[1]);
    }
}
