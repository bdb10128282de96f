// Exception tables in loops, nested methods and constructors; exceptions from constructors.
public class NestedTry {
    static class Resource {
        static int made;
        final int id;
        Resource(boolean fail) {
            if (fail) throw new IllegalArgumentException("constructor failed");
            id = ++made;
        }
    }

    static int parse(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    static String classify(int i) {
        try {
            try {
                if (i % 3 == 0) throw new IllegalStateException("three");
                if (i % 5 == 0) throw new UnsupportedOperationException("five");
                return "plain";
            } catch (IllegalStateException e) {
                if (i % 2 == 0) throw new RuntimeException("even " + e.getMessage());
                return "odd three";
            }
        } catch (UnsupportedOperationException e) {
            return "five";
        } catch (RuntimeException e) {
            return e.getMessage();
        }
    }

    public static void main(String[] args) {
        String[] inputs = {"1", "x", "22", "", "-5", "3.0", "2147483648"};
        int total = 0;
        for (String s : inputs) total += parse(s);
        System.out.println(total);
        for (int i = 1; i <= 15; i++) System.out.print(classify(i) + "; ");
        System.out.println();
        int ok = 0, failed = 0;
        for (int i = 0; i < 10; i++) {
            try {
                new Resource(i % 4 == 0);
                ok++;
            } catch (IllegalArgumentException e) {
                failed++;
            }
        }
        System.out.println(ok + " " + failed + " " + Resource.made);
        long steps = 0;
        for (int i = 0; i < 2000; i++) {
            try {
                if ((i & 7) == 0) throw new Exception("x" + i);
                steps += i;
            } catch (Exception e) {
                steps -= e.getMessage().length();
            }
        }
        System.out.println(steps);
    }
}
