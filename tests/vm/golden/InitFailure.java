// A failing static initialiser: ExceptionInInitializerError, then NoClassDefFoundError.
public class InitFailure {
    static class Broken {
        static int value = compute();

        static int compute() {
            if (value == 0) throw new IllegalStateException("cannot initialise");
            return 1;
        }
    }

    static class BrokenError {
        static { if (true) throw new AssertionError("error in clinit"); }
        static void m() {}
    }

    static class Sub extends Broken {
        static int s = 3;
    }

    public static void main(String[] args) {
        try {
            System.out.println(Broken.value);
        } catch (ExceptionInInitializerError e) {
            System.out.println("EIIE cause: " + e.getCause());
            System.out.println("message: " + e.getMessage());
        }
        try {
            System.out.println(Broken.value);
        } catch (NoClassDefFoundError e) {
            System.out.println("NCDFE: " + e.getMessage());
        }
        try {
            System.out.println(Sub.s);
        } catch (Throwable e) {
            System.out.println(e.getClass().getName() + ": " + e.getMessage());
        }
        try {
            BrokenError.m();
        } catch (AssertionError e) {
            System.out.println("Error passes unwrapped: " + e.getMessage());
        }
        try {
            BrokenError.m();
        } catch (NoClassDefFoundError e) {
            System.out.println("then: " + e.getMessage());
        }
    }
}
