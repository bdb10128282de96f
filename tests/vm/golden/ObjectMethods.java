// Object's methods: equals/hashCode contracts, getClass, clone of arrays and Cloneable objects.
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;

public class ObjectMethods {
    static final class Point implements Cloneable {
        final int x, y;
        int[] tags = {1, 2};
        Point(int x, int y) { this.x = x; this.y = y; }
        public boolean equals(Object o) { return o instanceof Point && ((Point) o).x == x && ((Point) o).y == y; }
        public int hashCode() { return Objects.hash(x, y); }
        public String toString() { return "P" + x + "," + y; }
        public Point clone() {
            try {
                return (Point) super.clone();
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
    }

    static class NotCloneable {
        Object tryClone() throws CloneNotSupportedException { return super.clone(); }
    }

    public static void main(String[] args) throws Exception {
        Point a = new Point(1, 2), b = new Point(1, 2), c = new Point(2, 1);
        System.out.println(a.equals(b) + " " + (a == b) + " " + a.equals(c) + " " + (a.hashCode() == b.hashCode()) + " " + a.hashCode() + " " + c.hashCode() + " " + a.equals(null));
        Set<Point> set = new HashSet<>();
        set.add(a);
        set.add(b);
        set.add(c);
        System.out.println(set.size() + " " + set.contains(new Point(2, 1)));
        Point cl = a.clone();
        System.out.println(cl + " " + (cl != a) + " " + cl.equals(a) + " " + (cl.tags == a.tags));
        try {
            new NotCloneable().tryClone();
        } catch (CloneNotSupportedException e) {
            System.out.println("CNSE " + e.getMessage());
        }
        int[][] arr = {{1}, {2}};
        int[][] arrClone = arr.clone();
        System.out.println((arrClone != arr) + " " + (arrClone[0] == arr[0]) + " " + arrClone.length);
        Object o = new Object();
        System.out.println(o.equals(o) + " " + o.getClass().getName() + " " + (o.hashCode() == System.identityHashCode(o)) + " " + System.identityHashCode(null));
        System.out.println(a.getClass().getName() + " " + a.getClass().getSimpleName() + " " + int[].class.getName() + " " + String[][].class.getName() + " " + int.class.getName()
                + " " + String[].class.getSimpleName() + " " + Integer.TYPE + " " + Runnable.class + " " + a.getClass().getSuperclass().getName());
        System.out.println(Objects.equals(null, null) + " " + Objects.hashCode(null) + " " + Objects.toString(null, "dflt") + " " + Objects.isNull(null)
                + " " + Objects.hash(1, "a", null) + " " + Objects.requireNonNull("x") + " " + Objects.compare("a", "b", String::compareTo));
        System.out.println(Integer.class.isInstance(5) + " " + Number.class.isAssignableFrom(Integer.class) + " " + Integer.class.isAssignableFrom(Number.class)
                + " " + int[].class.isArray() + " " + int[].class.getComponentType() + " " + Runnable.class.isInterface() + " " + String.class.cast("s"));
    }
}
