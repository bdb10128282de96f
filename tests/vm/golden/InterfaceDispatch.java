// Interface calls, default methods, static interface methods, diamonds and abstract classes.
import java.util.ArrayList;
import java.util.List;

public class InterfaceDispatch {
    interface Greeter {
        String greet(String who);
        default String greetAll(String... who) {
            StringBuilder sb = new StringBuilder();
            for (String w : who) sb.append(greet(w)).append(' ');
            return sb.toString().trim();
        }
        static Greeter polite() { return w -> "Good day, " + w; }
    }

    interface Loud extends Greeter {
        default String greetAll(String... who) { return Greeter.super.greetAll(who).toUpperCase(); }
    }

    interface Named { default String name() { return "named"; } }

    interface Titled extends Named { default String name() { return "titled"; } }

    static class Hi implements Greeter { public String greet(String who) { return "hi " + who; } }

    static class Shout extends Hi implements Loud {}

    static class Both implements Named, Titled {}

    static class Override implements Named, Titled { public String name() { return "own " + Titled.super.name(); } }

    interface Counter { int next(); }

    static abstract class AbstractCounter implements Counter {
        int n;
        public int next() { return step(n++); }
        abstract int step(int i);
    }

    public static void main(String[] args) {
        List<Greeter> gs = new ArrayList<>();
        gs.add(new Hi());
        gs.add(new Shout());
        gs.add(Greeter.polite());
        gs.add(new Greeter() { public String greet(String w) { return "anon " + w; } });
        for (Greeter g : gs) System.out.println(g.greet("bob") + " | " + g.greetAll("x", "y"));
        Named[] ns = {new Both(), new Override(), new Named() {}};
        for (Named n : ns) System.out.println(n.name());
        AbstractCounter squares = new AbstractCounter() { int step(int i) { return i * i; } };
        Counter c = squares;
        for (int i = 0; i < 5; i++) System.out.print(c.next() + " ");
        System.out.println();
        Object o = new Shout();
        System.out.println((o instanceof Loud) + " " + (o instanceof Greeter) + " " + (o instanceof Named) + " " + (o instanceof Hi));
        Comparable<String> cmp = "abc";
        System.out.println(cmp.compareTo("abd") + " " + ((CharSequence) "hello").length());
    }
}
