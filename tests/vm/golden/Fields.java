// Static and instance fields of every type, inheritance, hiding, interface constants.
public class Fields {
    interface Consts { int ANSWER = 42; String NAME = "consts"; long BIG = 1L << 50; }

    static class Base implements Consts {
        boolean z;
        byte b = 1;
        char c = 'b';
        short s = 2;
        int i = 3;
        long l = 4;
        float f = 5.5f;
        double d = 6.25;
        Object o = "base";
        String shadowed = "base field";
        static int count;
        static String sname = "base static";

        Base() { count++; }

        String describe() { return z + " " + b + " " + c + " " + s + " " + i + " " + l + " " + f + " " + d + " " + o + " " + shadowed; }
    }

    static class Derived extends Base {
        String shadowed = "derived field";
        static String sname = "derived static";
        long extra = Long.MIN_VALUE;

        String both() { return shadowed + " / " + super.shadowed + " / " + ((Base) this).shadowed; }
    }

    static boolean sz;
    static byte sb;
    static char sc;
    static short ss;
    static int si;
    static long sl;
    static float sf;
    static double sd;
    static Object so;
    static final int CONST = 7;
    static final String SCONST = "constant";

    public static void main(String[] args) {
        System.out.println(sz + " " + sb + " " + (int) sc + " " + ss + " " + si + " " + sl + " " + sf + " " + sd + " " + so);
        sz = true; sb = -1; sc = 'Z'; ss = -300; si = 1 << 30; sl = -1L >>> 1; sf = 1e-10f; sd = -1e300; so = new int[0];
        System.out.println(sz + " " + sb + " " + sc + " " + ss + " " + si + " " + sl + " " + sf + " " + sd + " " + (so instanceof int[]));
        Derived d = new Derived();
        d.z = true;
        d.l = Long.MAX_VALUE;
        d.d = Double.MIN_VALUE;
        System.out.println(d.describe());
        System.out.println(d.both());
        System.out.println(Base.sname + " " + Derived.sname + " " + Base.count + " " + d.extra);
        new Base();
        new Derived();
        System.out.println(Base.count + " " + Derived.count);
        System.out.println(Consts.ANSWER + " " + Consts.NAME + " " + Consts.BIG + " " + d.ANSWER + " " + CONST + SCONST);
        Base b = d;
        System.out.println(b.shadowed + " " + ((Derived) b).shadowed);
    }
}
