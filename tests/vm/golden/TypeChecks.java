// instanceof and checkcast with classes, interfaces, arrays and null.
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.RandomAccess;

public class TypeChecks {
    interface A {}
    interface B extends A {}
    static class C implements B {}
    static class D extends C implements Serializable {}

    static String check(Object o) {
        return (o instanceof A ? "A" : "-") + (o instanceof B ? "B" : "-") + (o instanceof C ? "C" : "-") + (o instanceof D ? "D" : "-")
                + (o instanceof Serializable ? "S" : "-") + (o instanceof Cloneable ? "K" : "-") + (o instanceof Object[] ? "O" : "-")
                + (o instanceof A[] ? "a" : "-") + (o instanceof C[] ? "c" : "-") + (o instanceof int[] ? "i" : "-") + (o instanceof Comparable ? "M" : "-");
    }

    public static void main(String[] args) {
        Object[] things = {null, new C(), new D(), new C[1], new D[1], new A[1], new int[1], new long[1], "s", new Object[1], new int[1][], new B[0][0], 42};
        for (Object o : things) System.out.println((o == null ? "null" : o.getClass().getSimpleName()) + " " + check(o));
        Object o = new D();
        A a = (A) o;
        C c = (C) a;
        Serializable s = (Serializable) c;
        System.out.println(a == s);
        Object arr = new D[2];
        C[] cs = (C[]) arr;
        A[] as = (A[]) arr;
        Object[] os = (Object[]) arr;
        System.out.println(cs.length + as.length + os.length);
        Object nul = null;
        String str = (String) nul;
        System.out.println(str);
        try {
            D d = (D) new C();
            System.out.println(d);
        } catch (ClassCastException e) {
            System.out.println(e.getMessage());
        }
        try {
            int[] ia = (int[]) (Object) new long[0];
            System.out.println(ia);
        } catch (ClassCastException e) {
            System.out.println(e.getMessage());
        }
        try {
            Object[] objs = new C[1];
            objs[0] = new D();
            objs[0] = "string into C[]";
        } catch (ArrayStoreException e) {
            System.out.println("ASE " + e.getMessage());
        }
        List<Integer> list = new ArrayList<>();
        System.out.println((list instanceof RandomAccess) + " " + (list instanceof Cloneable) + " " + (list instanceof Iterable));
    }
}
