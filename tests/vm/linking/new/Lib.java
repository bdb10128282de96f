// Version 2 of Lib: m() and field removed, s() no longer static.
public class Lib {
    public int s() { return 2; }

    public static String keep() { return "kept"; }
}
