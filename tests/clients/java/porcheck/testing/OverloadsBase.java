package porcheck.testing;

/** The superclass of Overloads: it adds an inherited overload of containsKey, always true. */
public class OverloadsBase {
    public boolean containsKey(Number key) {
        return true;
    }
}
