// Virtual dispatch: overriding, super calls, overloading, private and static methods.
public class VirtualDispatch {
    static class Animal {
        String name() { return "animal"; }
        String speak() { return name() + " makes " + sound(); }
        String sound() { return "..."; }
        private String secret() { return "animal secret"; }
        String callSecret() { return secret(); }
        static String kind() { return "Animal"; }
        String over(Object o) { return "Animal.over(Object)"; }
        String over(String s) { return "Animal.over(String)"; }
    }

    static class Dog extends Animal {
        String name() { return "dog"; }
        String sound() { return "woof"; }
        private String secret() { return "dog secret"; }
        static String kind() { return "Dog"; }
        String over(Object o) { return "Dog.over(Object)"; }
        String speak() { return super.speak() + "!"; }
    }

    static class Puppy extends Dog {
        String sound() { return "yip"; }
        String name() { return "puppy (" + super.name() + ")"; }
    }

    static abstract class Shape {
        abstract double area();
        public String toString() { return getClass().getSimpleName() + " area " + area(); }
    }

    static class Rect extends Shape {
        final double w, h;
        Rect(double w, double h) { this.w = w; this.h = h; }
        double area() { return w * h; }
    }

    static final class Square extends Rect {
        Square(double s) { super(s, s); }
    }

    public static void main(String[] args) {
        Animal[] animals = {new Animal(), new Dog(), new Puppy()};
        for (Animal a : animals) {
            System.out.println(a.speak() + " | " + a.callSecret() + " | " + a.over("s") + " | " + a.over((Object) "s"));
        }
        System.out.println(Animal.kind() + " " + Dog.kind());
        Shape[] shapes = {new Rect(2, 3), new Square(4)};
        for (Shape s : shapes) System.out.println(s);
        Object o = new Puppy();
        System.out.println(o.toString().startsWith("VirtualDispatch$Puppy@") + " " + (o instanceof Dog) + " " + (o instanceof Animal));
        long total = 0;
        for (int i = 0; i < 30000; i++) total += animals[i % 3].sound().length();
        System.out.println(total);
    }
}
