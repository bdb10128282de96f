// A class that exists at compile time but not at run time.
public class Gone {
    public static int v() { return 4; }
}
