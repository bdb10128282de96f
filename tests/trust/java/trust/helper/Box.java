package trust.helper;

/** A mutable box in another package than the class that races on it. */
public class Box {
    public int count;

    public static Box fresh() {
        return new Box();
    }
}
