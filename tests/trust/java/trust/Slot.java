package trust;

/** One shared array element, written by Slot's own code and read through a helper class:
 * an element's visibility follows the code that accesses it, so narrowed to Slot the write is
 * visible and the read is not. */
public class Slot {
    private final int[] cells = new int[1];
    private int marks;

    public int set(int v) {
        cells[0] = v;
        return 0;
    }

    public int peek() {
        marks = marks + 1;
        return SlotReader.first(cells);
    }
}
