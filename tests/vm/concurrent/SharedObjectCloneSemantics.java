// What the field-by-field clone of a shared object must keep of Object.clone(): every field of
// every kind, the superclass's fields, the class, a new identity (the copy's own lock and
// fields), and CloneNotSupportedException for a class that is not Cloneable. The objects are
// static (shared) and a second thread runs, but nothing races: one outcome.
// expect: ok
// expect outcomes: "true 7 x 1.5 2.5 true 9 -3 123456789012 base Leaf true false CloneNotSupportedException done\n"
public class SharedObjectCloneSemantics {
    static class Base implements Cloneable {
        String base = "base";

        @Override
        protected Object clone() throws CloneNotSupportedException {
            return super.clone();
        }
    }

    static final class Leaf extends Base {
        int i = 7;
        char c = 'x';
        float f = 1.5f;
        double d = 2.5;
        boolean z = true;
        byte b = 9;
        short s = -3;
        long l = 123456789012L;
    }

    static final class Plain {
        int v = 1;

        Object copy() throws CloneNotSupportedException {
            return clone();
        }
    }

    static Leaf leaf = new Leaf();
    static Plain plain = new Plain();
    static String done;

    public static void main(String[] args) throws Exception {
        Thread other = new Thread(() -> done = "done");
        other.start();
        Leaf c = (Leaf) leaf.clone();
        StringBuilder out = new StringBuilder();
        out.append(c != leaf).append(' ').append(c.i).append(' ').append(c.c).append(' ');
        out.append(c.f).append(' ').append(c.d).append(' ').append(c.z).append(' ');
        out.append(c.b).append(' ').append(c.s).append(' ').append(c.l).append(' ');
        out.append(c.base).append(' ').append(c.getClass().getSimpleName()).append(' ');
        c.i = 8;
        synchronized (c) {
            out.append(Thread.holdsLock(c)).append(' ').append(Thread.holdsLock(leaf) || leaf.i != 7);
        }
        try {
            plain.copy();
        } catch (CloneNotSupportedException e) {
            out.append(' ').append(e.getClass().getSimpleName());
        }
        other.join();
        System.out.println(out.append(' ').append(done));
    }
}
