// finally blocks with return, break and continue, and finally overriding results.
public class FinallyFlow {
    static int counter;

    @SuppressWarnings("finally")
    static int override() {
        try {
            return 1;
        } finally {
            return 2;
        }
    }

    static int sideEffect() {
        int x = 1;
        try {
            return x;
        } finally {
            x = 5;
            counter += 100;
        }
    }

    @SuppressWarnings("finally")
    static String swallow() {
        try {
            throw new RuntimeException("lost");
        } finally {
            return "swallowed";
        }
    }

    static String loops() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            try {
                if (i == 1) continue;
                if (i == 4) break;
                sb.append("body").append(i).append(' ');
            } finally {
                sb.append("fin").append(i).append(' ');
            }
        }
        outer:
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                try {
                    if (j == 1) continue outer;
                    sb.append(i).append(j).append(' ');
                } finally {
                    sb.append('f');
                }
            }
        }
        return sb.toString();
    }

    static int nestedFinally() {
        int r = 0;
        try {
            try {
                r = 1;
                throw new IllegalStateException();
            } finally {
                r *= 10;
            }
        } catch (IllegalStateException e) {
            r += 5;
        } finally {
            r *= 2;
        }
        return r;
    }

    public static void main(String[] args) {
        System.out.println(override() + " " + sideEffect() + " " + counter + " " + swallow());
        System.out.println(loops());
        System.out.println(nestedFinally());
        int total = 0;
        for (int i = 0; i < 1000; i++) {
            try {
                if (i % 7 == 0) throw new ArithmeticException();
                total += i;
            } catch (ArithmeticException e) {
                total -= 1;
            } finally {
                total += 2;
            }
        }
        System.out.println(total);
    }
}
