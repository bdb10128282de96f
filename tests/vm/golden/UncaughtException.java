// An uncaught exception ends main: its trace goes to stderr and the exit status is 1.
public class UncaughtException {
    static void fail(int n) {
        if (n == 0) throw new UnsupportedOperationException("gave up at depth zero");
        fail(n - 1);
    }

    public static void main(String[] args) {
        System.out.println("before");
        try {
            fail(2);
        } finally {
            System.out.println("finally runs");
        }
        System.out.println("never printed");
    }
}
