package trust;

/** Two fields a writer keeps equal under its lock, and a reader's clone() of the record without
 * it: the clone can see the second field written and not the first. */
public class SnapshotRecord {
    static final class Rec implements Cloneable {
        int first, second;

        Rec copy() {
            try {
                return (Rec) clone();
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
    }

    private final Rec rec = new Rec();

    public synchronized void set(int v) {
        rec.first = v;
        rec.second = v;
    }

    /** True unless the copy holds the new second field beside the old first one. */
    public boolean consistent() {
        Rec copy = rec.copy();
        return copy.first == copy.second || copy.first != 0;
    }
}
