// Stack trace elements carry class, method, file and line from the LineNumberTable.
public class StackTraces {
    static class Thrower {
        void level3() { throw new IllegalStateException("deep"); }
        void level2() { level3(); }
        void level1() { level2(); }
    }

    static void print(Throwable t) {
        System.out.println(t);
        for (StackTraceElement e : t.getStackTrace())
            if (e.getClassName().startsWith("StackTraces")) System.out.println("  " + e.getClassName() + "." + e.getMethodName() + ":" + e.getLineNumber() + " " + e.getFileName() + " " + e);
    }

    static Exception make() { return new RuntimeException("made here"); }

    public static void main(String[] args) {
        try {
            new Thrower().level1();
        } catch (IllegalStateException e) {
            print(e);
        }
        print(make());
        try {
            try {
                new Thrower().level2();
            } catch (RuntimeException e) {
                throw new RuntimeException("wrapper", e);
            }
        } catch (RuntimeException e) {
            print(e);
            print(e.getCause());
            e.printStackTrace(System.out);
        }
        Throwable t = new Throwable("no frames");
        t.setStackTrace(new StackTraceElement[] {new StackTraceElement("a.B", "c", "B.java", 3), new StackTraceElement("x.Y", "z", null, -1)});
        t.printStackTrace(System.out);
        try {
            int[] a = null;
            a[0]++;
        } catch (NullPointerException e) {
            StackTraceElement top = e.getStackTrace()[0];
            System.out.println(top.getMethodName() + " " + top.getLineNumber());
        }
    }
}
