package trust;

/** Reads a Slot's element from code of another class. */
final class SlotReader {
    private SlotReader() {}

    static int first(int[] cells) {
        return cells[0];
    }
}
