// Without -ea assert statements are skipped, including their side effects.
public class AssertionsDisabled {
    static int sideEffects;

    static boolean touch() {
        sideEffects++;
        return false;
    }

    public static void main(String[] args) {
        assert touch() : "never evaluated";
        boolean enabled = false;
        assert enabled = true;
        System.out.println("enabled " + enabled + " side effects " + sideEffects);
    }
}
