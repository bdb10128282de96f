// Object.clone() of a shared object reads its fields one at a time (a synchronisation read
// each, in declaration order): the writer's two stores can both fall between the clone's two
// reads ("0,2": the second store seen, not the first). Before, the clone was one invisible
// native step and every search reported "0,0" alone.
// expect: ok
// expect outcomes: "0,0\n" "0,2\n" "1,0\n" "1,2\n"
public class RacyObjectClone {
    static class Pair implements Cloneable {
        int a;
        long b;

        Pair copy() throws CloneNotSupportedException {
            return (Pair) clone();
        }
    }

    static Pair shared = new Pair();

    public static void main(String[] args) throws Exception {
        Pair p = shared;
        Thread writer = new Thread(() -> {
            p.a = 1;
            p.b = 2;
        });
        writer.start();
        Pair c = p.copy();
        writer.join();
        System.out.println(c.a + "," + c.b);
    }
}
