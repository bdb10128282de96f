// Virtual and interface calls through a polymorphic array.
public class VirtualCalls {
    interface Shape { int area(); }

    static abstract class Base implements Shape {
        int size;
        Base(int size) { this.size = size; }
        abstract int scale();
        public int area() { return size * scale(); }
    }

    static final class Sq extends Base { Sq(int s) { super(s); } int scale() { return size; } }

    static final class Tri extends Base { Tri(int s) { super(s); } int scale() { return size / 2; } }

    static final class Line extends Base { Line(int s) { super(s); } int scale() { return 1; } }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 4000;
        Shape[] shapes = new Shape[1000];
        for (int i = 0; i < shapes.length; i++) shapes[i] = i % 3 == 0 ? new Sq(i % 50) : i % 3 == 1 ? new Tri(i % 40) : new Line(i);
        long total = 0;
        for (int r = 0; r < rounds; r++)
            for (Shape s : shapes) total += s.area();
        System.out.println(total);
    }
}
