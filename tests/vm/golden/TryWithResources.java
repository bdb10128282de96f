// try-with-resources closes in reverse order and records suppressed exceptions.
public class TryWithResources {
    static StringBuilder log = new StringBuilder();

    static class Res implements AutoCloseable {
        final String name;
        final boolean failClose;
        Res(String name, boolean failClose) { this.name = name; this.failClose = failClose; log.append("open ").append(name).append("; "); }
        public void close() throws Exception {
            log.append("close ").append(name).append("; ");
            if (failClose) throw new IllegalStateException("close failed: " + name);
        }
    }

    public static void main(String[] args) throws Exception {
        try (Res a = new Res("a", false); Res b = new Res("b", false)) {
            log.append("body; ");
        }
        System.out.println(log);
        log.setLength(0);
        try (Res a = new Res("a", true); Res b = new Res("b", true)) {
            log.append("body; ");
            throw new RuntimeException("body failed");
        } catch (RuntimeException e) {
            System.out.println(e.getMessage() + " suppressed " + e.getSuppressed().length);
            for (Throwable s : e.getSuppressed()) System.out.println("  " + s.getMessage());
        }
        System.out.println(log);
        log.setLength(0);
        try (Res a = new Res("only", true)) {
            log.append("fine body; ");
        } catch (IllegalStateException e) {
            System.out.println("from close: " + e.getMessage() + " " + e.getSuppressed().length);
        }
        System.out.println(log);
        Res outside = new Res("outside", false);
        try (Res r = outside) {
            log.append("using ").append(r.name);
        }
        System.out.println(log);
    }
}
