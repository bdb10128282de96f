package traces;

/* Two classes whose initialisers read each other's constant: the thread that initialises one
 * waits for the other's initialisation, which the other thread runs (the JVM deadlocks). */
public class InitCycle {
    static class A {
        static final int X;

        static {
            X = B.Y + 1;
        }
    }

    static class B {
        static final int Y;

        static {
            Y = A.X + 1;
        }
    }

    public static void main(String[] args) throws Exception {
        Thread t = new Thread(() -> System.out.println("a " + A.X));
        t.start();
        System.out.println("b " + B.Y);
        t.join();
    }
}
