// Version 1 of a library class the programs in ../main were compiled against.
public class Lib {
    public int field = 3;

    public static int m() { return 1; }

    public static int s() { return 2; }

    public static String keep() { return "kept"; }
}
