// Class initialisation order: first active use, superclass first, constants need no init.
public class StaticInit {
    static StringBuilder log = new StringBuilder();

    static void log(String s) { log.append(s).append(';'); }

    static class A {
        static { log("A"); }
        static int x = val("A.x", 1);
        static final int CONST = 99;
        static final String SCONST = "s";
        static void touch() { log("A.touch"); }
    }

    static class B extends A {
        static { log("B"); }
        static int y = val("B.y", 2);
    }

    static class C extends B {
        static { log("C"); }
        static int z;
    }

    interface I {
        int IVAL = val("I.IVAL", 5);
    }

    static class D implements I {
        static { log("D"); }
    }

    static class E {
        static { log("E"); }
        E() { log("new E"); }
    }

    static class F {
        static { log("F"); }
        static int[] arr = new int[3];
    }

    static int val(String name, int v) {
        log(name);
        return v;
    }

    public static void main(String[] args) {
        log("main");
        int c = A.CONST;
        String sc = A.SCONST;
        log("const " + c + sc);
        Class<?> k = B.class;
        log("class literal " + k.getSimpleName());
        B[] array = new B[2];
        log("array " + array.length);
        int z = C.z;
        log("C.z " + z);
        new D();
        log("D made");
        log("I.IVAL " + I.IVAL);
        new E();
        new E();
        F.arr[1] = 5;
        A.touch();
        System.out.println(log);
        System.out.println(A.x + " " + B.y);
    }
}
