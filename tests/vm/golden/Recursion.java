// Deep recursion, mutual recursion and StackOverflowError recovery.
public class Recursion {
    static int depth;

    static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

    static long ackermann(long m, long n) {
        if (m == 0) return n + 1;
        if (n == 0) return ackermann(m - 1, 1);
        return ackermann(m - 1, ackermann(m, n - 1));
    }

    static boolean isEven(int n) { return n == 0 || isOdd(n - 1); }

    static boolean isOdd(int n) { return n != 0 && isEven(n - 1); }

    static void infinite() {
        depth++;
        infinite();
    }

    static int sumTo(int n) { return n == 0 ? 0 : n + sumTo(n - 1); }

    public static void main(String[] args) {
        System.out.println(fib(25) + " " + ackermann(2, 3) + " " + isEven(1000) + " " + isOdd(777) + " " + sumTo(2000));
        try {
            infinite();
        } catch (StackOverflowError e) {
            System.out.println("stack overflow caught " + (depth > 1000));
        }
        depth = 0;
        try {
            infinite();
        } catch (StackOverflowError e) {
            System.out.println("and again " + (depth > 1000));
        }
        System.out.println(fib(10));
    }
}
