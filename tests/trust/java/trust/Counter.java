package trust;

/** A counter whose lost update is on a field of a top-level helper class (Cell). */
public class Counter {
    private final Cell cell = new Cell();

    public int inc() {
        int x = cell.v;
        cell.v = x + 1;
        return x + 1;
    }

    public int get() {
        return cell.v;
    }
}
