// Circular class initialisation: a class sees another's defaults while that one is initialising.
public class StaticInitCycle {
    static class First {
        static int a = Second.b + 1;
        static int early = 10;
    }

    static class Second {
        static int b = First.early + First.a + 100;
    }

    static class Self {
        static final Self INSTANCE = new Self();
        static int counter = 5;
        final int seen;

        Self() { seen = counter; counter++; }
    }

    static class Parent {
        static int fromChild = Child.value;
        static { System.out.println("Parent init, Child.value = " + Child.value); }
    }

    static class Child extends Parent {
        static int value = 7;
        static { System.out.println("Child init"); }
    }

    public static void main(String[] args) {
        System.out.println(First.a + " " + Second.b + " " + First.early);
        System.out.println(Self.INSTANCE.seen + " " + Self.counter);
        System.out.println(Child.value + " " + Parent.fromChild);
    }
}
