package porcheck.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * Results that are arrays and objects, for the tests of how porcheck records them (as Violat
 * does): arrays element by element, collections and objects whose class overrides toString
 * through it, and objects that would print as an identity hash, which are bad-spec errors.
 */
public class Results {
    private int value;

    /** A pair that prints itself. */
    public static final class Point {
        private final int x, y;

        Point(int x, int y) {
            this.x = x;
            this.y = y;
        }

        @Override
        public String toString() { return "(" + x + ", " + y + ")"; }
    }

    /** A node without a toString of its own. */
    public static final class Node {
        final int key;

        Node(int key) { this.key = key; }
    }

    public void set(int v) { value = v; }

    public int get() { return value; }

    /** Writes 5, then 0: only another thread can see the 5. */
    public void flicker() {
        value = 5;
        value = 0;
    }

    public int[] arr() {
        int v = value;
        return new int[] {v, v + 1};
    }

    public int[][] grid() { return new int[][] {{value}, {}, {1, 2}}; }

    public String[] names() { return new String[] {"v" + value, null}; }

    public List<Integer> list() {
        List<Integer> l = new ArrayList<>();
        l.add(value);
        l.add(7);
        return l;
    }

    public Point point() { return new Point(value, 2); }

    public Node node() { return new Node(value); }

    /** The string "null" while flicker's 5 shows, else null: two results that print alike. */
    public String word() { return value == 5 ? "null" : null; }

    /** A Node (no toString) when the value is 5, else the value boxed. */
    public Object opaque() {
        int v = value;
        return v == 5 ? new Node(v) : Integer.valueOf(v);
    }

    /** A list holding a Node (no toString) when the value is 1, else an empty list. */
    public List<Node> nodes() {
        List<Node> l = new ArrayList<>();
        if (value == 1) l.add(new Node(1));
        return l;
    }
}
