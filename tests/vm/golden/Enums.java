// Enums: values, valueOf, ordinal, fields, constant-specific bodies, switch and compareTo.
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

public class Enums {
    enum Planet {
        MERCURY(3.303e+23, 2.4397e6), EARTH(5.976e+24, 6.37814e6), JUPITER(1.9e+27, 7.1492e7);

        private final double mass, radius;

        Planet(double mass, double radius) { this.mass = mass; this.radius = radius; }

        double surfaceGravity() { return 6.67300E-11 * mass / (radius * radius); }
    }

    enum Op {
        PLUS("+") { int apply(int a, int b) { return a + b; } },
        TIMES("*") { int apply(int a, int b) { return a * b; } },
        MINUS("-") {
            int apply(int a, int b) { return a - b; }
            public String toString() { return "minus!"; }
        };

        final String symbol;

        Op(String symbol) { this.symbol = symbol; }

        abstract int apply(int a, int b);
    }

    enum Level { LOW, MEDIUM, HIGH; Level next() { return values()[(ordinal() + 1) % values().length]; } }

    interface Describable { String describe(); }

    enum Shape implements Describable {
        SQUARE, CIRCLE;
        public String describe() { return name().toLowerCase() + "#" + ordinal(); }
    }

    public static void main(String[] args) {
        for (Planet p : Planet.values()) System.out.println(p + " " + p.ordinal() + " " + p.surfaceGravity());
        for (Op op : Op.values()) System.out.println(op + " " + op.name() + " " + op.symbol + " " + op.apply(6, 3) + " " + op.getDeclaringClass().getSimpleName());
        System.out.println(Level.valueOf("HIGH") + " " + Level.LOW.next() + " " + Level.HIGH.next() + " " + Level.LOW.compareTo(Level.HIGH) + " " + Level.MEDIUM.equals(Level.MEDIUM));
        try {
            Level.valueOf("NONE");
        } catch (IllegalArgumentException e) {
            System.out.println(e.getMessage());
        }
        List<Level> ls = new ArrayList<>();
        ls.add(Level.HIGH);
        ls.add(Level.LOW);
        ls.add(Level.MEDIUM);
        Collections.sort(ls);
        System.out.println(ls);
        for (Shape s : Shape.values()) {
            Describable d = s;
            switch (s) {
            case SQUARE: System.out.println("four sides " + d.describe()); break;
            case CIRCLE: System.out.println("round " + d.describe()); break;
            }
        }
        System.out.println(Op.MINUS.getClass() == Op.class);
        System.out.println(Enum.valueOf(Level.class, "MEDIUM").ordinal() + " " + Level.class.isEnum() + " " + Level.values().length);
    }
}
