import java.util.concurrent.Callable;

// Makes a Ranks, whose superclass implements Callable, which the model library lacks.
public class MissingLibrarySuper {
    static class Base implements Callable<Integer> {
        public Integer call() { return 1; }
    }

    static class Ranks extends Base {}

    public static void main(String[] args) {
        System.out.println(new Ranks().call());
    }
}
