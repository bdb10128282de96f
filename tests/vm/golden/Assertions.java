// golden-flags: -ea
// With -ea an assert that fails throws AssertionError carrying its message; uncaught, it ends main.
public class Assertions {
    static int checks;

    static int positive(int x) {
        assert x > 0 : "not positive: " + x;
        checks++;
        return x;
    }

    public static void main(String[] args) {
        System.out.println(positive(5));
        try {
            positive(-1);
        } catch (AssertionError e) {
            System.out.println("caught " + e.getMessage());
        }
        boolean enabled = false;
        assert enabled = true;
        System.out.println("enabled " + enabled + " checks " + checks);
        assert checks == 99 : checks;
    }
}
