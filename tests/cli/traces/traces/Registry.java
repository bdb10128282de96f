package traces;

/* A structure whose two lookups initialise nested classes that read each other's constant:
 * name() and code() at once deadlock in class initialisation. */
public class Registry {
    static class Names {
        static final int FIRST = Codes.BASE + 1;
    }

    static class Codes {
        static final int BASE;

        static {
            BASE = Names.FIRST * 0 + 10;
        }
    }

    public int name() {
        return Names.FIRST;
    }

    public int code() {
        return Codes.BASE;
    }
}
