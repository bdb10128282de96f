package trust;

/** A correct counter: the helper cell is only touched under the counter's monitor. */
public class LockedCounter {
    private final Cell cell = new Cell();

    public synchronized int inc() {
        int x = cell.v;
        cell.v = x + 1;
        return x + 1;
    }

    public synchronized int get() {
        return cell.v;
    }
}
