/** Initialisers that use locals while their superclasses' initialisers run first: the main
 * class (whose superclass Object is initialised with it when it is the first class) and a
 * subclass whose superclass also has an initialiser, both calling methods that initialise yet
 * other classes. Once, the superclass's initialiser returning reset the pending subclass
 * initialiser's operand stack onto its locals, so its first push overwrote its first local. */
public class StaticInitLocals {
    static class Base {
        static int z = 5;
        static final String NAME;
        static {
            String s = "base";
            int k = z + 1;
            NAME = s + k;
        }
    }

    static class Sub extends Base {
        static final String SUMMARY;
        static {
            Object keep = new StringBuilder("sub");
            int n = Base.z * 2;
            Object other = Maker.make();
            SUMMARY = keep + "/" + n + "/" + other;
        }
    }

    static class Maker {
        static Object make() { return Integer.valueOf(Base.z + 100); }
    }

    static final String MAIN_SUMMARY;
    static {
        Maker m = new Maker();
        Object r = m.make();
        int local = 42;
        MAIN_SUMMARY = m.getClass().getName() + " " + r + " " + local;
    }

    public static void main(String[] args) {
        System.out.println(MAIN_SUMMARY);
        System.out.println(Sub.SUMMARY + " " + Base.NAME);
    }
}
