// Inner, anonymous, local and static nested classes, including access to private members.
public class InnerClasses {
    private int secret = 7;
    private static String sstatic = "static secret";

    private int twice() { return secret * 2; }

    class Inner {
        int peek() { return secret + twice(); }
        class Deeper { String all() { return secret + " " + peek() + " " + sstatic; } }
    }

    static class Nested {
        private int hidden = 3;
        int read(InnerClasses o) { return o.secret + hidden; }
    }

    interface Op { int apply(int x); }

    Op adder(final int k) {
        return new Op() {
            int calls;
            public int apply(int x) { calls++; return x + k + secret + calls; }
        };
    }

    Op local(int base) {
        class Local implements Op {
            public int apply(int x) { return base * x + secret; }
        }
        return new Local();
    }

    public static void main(String[] args) {
        InnerClasses outer = new InnerClasses();
        InnerClasses.Inner in = outer.new Inner();
        System.out.println(in.peek());
        InnerClasses.Inner.Deeper deep = in.new Deeper();
        System.out.println(deep.all());
        outer.secret = 10;
        System.out.println(deep.all());
        Nested n = new Nested();
        System.out.println(n.read(outer) + " " + n.hidden);
        Op a = outer.adder(100);
        System.out.println(a.apply(1) + " " + a.apply(1));
        Op l = outer.local(3);
        System.out.println(l.apply(5));
        System.out.println(Inner.class.getName() + " " + Inner.Deeper.class.getName() + " " + Nested.class.getSimpleName());
        Runnable r = new Runnable() {
            public void run() { System.out.println("anonymous run " + sstatic); }
        };
        r.run();
    }
}
