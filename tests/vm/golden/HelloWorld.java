// The smallest program, plus its arguments (none) and a few prints of every primitive.
public class HelloWorld {
    public static void main(String[] args) {
        System.out.println("Hello, world!");
        System.out.println(args.length);
        System.out.print(true);
        System.out.print(' ');
        System.out.print(42);
        System.out.print(' ');
        System.out.print(42L);
        System.out.print(' ');
        System.out.print(4.2f);
        System.out.print(' ');
        System.out.print(4.2);
        System.out.print(' ');
        System.out.print(new char[] {'o', 'k'});
        System.out.println();
        System.out.println((Object) null);
        System.out.println((String) null);
        System.out.println('x');
        System.out.println(new char[] {'a', 'b', 'c'});
        System.out.printf("%s-%d%n", "fmt", 7);
        System.out.println("unicode: \u00e9\u00e8 \u4e2d\u6587 \ud83d\ude00");
    }
}
