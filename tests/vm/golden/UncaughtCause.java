// An uncaught exception with a cause chain and a custom toString.
public class UncaughtCause {
    static class Custom extends RuntimeException {
        Custom(String m, Throwable cause) { super(m, cause); }
        public String getMessage() { return "custom[" + super.getMessage() + "]"; }
    }

    public static void main(String[] args) {
        System.out.println("start");
        try {
            Object o = null;
            o.toString();
        } catch (NullPointerException e) {
            throw new Custom("wrapped npe", new IllegalStateException("middle", e));
        }
    }
}
