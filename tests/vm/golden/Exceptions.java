// try/catch/finally, nested handlers, rethrow, multi-catch and custom exception hierarchies.
public class Exceptions {
    static class AppException extends Exception {
        final int code;
        AppException(String m, int code) { super(m); this.code = code; }
    }

    static class NotFound extends AppException { NotFound(String what) { super(what + " not found", 404); } }

    static int depth;

    static void thrower(int kind) throws AppException {
        switch (kind) {
        case 0: throw new NotFound("page");
        case 1: throw new AppException("generic", 500);
        case 2: throw new IllegalArgumentException("bad arg");
        case 3: throw new UnsupportedOperationException();
        case 4: Object o = "x"; Integer i = (Integer) o; break;
        case 5: int[] a = new int[1]; a[2] = 0; break;
        case 6: String s = null; s.length(); break;
        default: break;
        }
    }

    static String attempt(int kind) {
        StringBuilder sb = new StringBuilder();
        try {
            sb.append("try ");
            thrower(kind);
            sb.append("ok ");
        } catch (NotFound e) {
            sb.append("notfound ").append(e.code).append(' ').append(e.getMessage()).append(' ');
        } catch (AppException e) {
            sb.append("app ").append(e.code).append(' ');
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            sb.append("multi ").append(e.getClass().getSimpleName()).append(' ');
        } catch (RuntimeException e) {
            sb.append("runtime ").append(e.getClass().getName()).append(' ');
        } finally {
            sb.append("finally");
        }
        return sb.toString();
    }

    static int nested() {
        int x = 0;
        try {
            try {
                x += 1;
                throw new RuntimeException("inner");
            } catch (RuntimeException e) {
                x += 10;
                throw new IllegalStateException("rethrown from catch", e);
            } finally {
                x += 100;
            }
        } catch (IllegalStateException e) {
            x += 1000;
            System.out.println(e.getMessage() + " caused by " + e.getCause().getMessage());
        }
        return x;
    }

    static void recurse(int n) throws AppException {
        depth++;
        if (n == 0) throw new AppException("bottom", n);
        try {
            recurse(n - 1);
        } finally {
            depth += 10;
        }
    }

    public static void main(String[] args) {
        for (int k = 0; k <= 7; k++) System.out.println(k + ": " + attempt(k));
        System.out.println(nested());
        try {
            recurse(5);
        } catch (AppException e) {
            System.out.println("caught " + e.getMessage() + " depth " + depth);
        }
        try {
            throw new Error("an error");
        } catch (Throwable t) {
            System.out.println(t);
        }
        Exception e = new Exception("outer", new RuntimeException("root"));
        System.out.println(e + " / " + e.getCause() + " / " + e.getCause().getCause());
        RuntimeException plain = new RuntimeException(new IllegalStateException("wrapped"));
        System.out.println(plain.getMessage());
        try {
            Object o = null;
            synchronized (o) { System.out.println("unreachable"); }
        } catch (NullPointerException npe) {
            System.out.println("NPE on monitorenter");
        }
    }
}
