// Two lambda call sites linked in the order the first argument chooses: what the VM names by
// the site (each lambda's class, the one instance of a non-capturing lambda and so its identity
// hash) must not depend on which site linked first, or the same state gets two names in two
// workers of a parallel search, or on two paths that link in different orders.
import java.util.function.IntSupplier;

public class LinkOrder {
    static IntSupplier one() {
        return () -> 1;
    }

    static IntSupplier two() {
        return () -> 2;
    }

    public static void main(String[] args) {
        IntSupplier a, b;
        if (args.length > 0) {
            b = two();
            a = one();
        } else {
            a = one();
            b = two();
        }
        System.out.println(a.getClass().getName() + " " + System.identityHashCode(a));
        System.out.println(b.getClass().getName() + " " + System.identityHashCode(b));
        System.out.println(a.getAsInt() + b.getAsInt());
    }
}
