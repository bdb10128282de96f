package java.util.concurrent.atomic;

import jdk.internal.porcheck.Sync;

/** A reference and a boolean mark updated together: an immutable pair swapped by CAS. */
public class AtomicMarkableReference<V> {
    private static final class Pair<T> {
        final T reference;
        final boolean mark;

        private Pair(T reference, boolean mark) {
            this.reference = reference;
            this.mark = mark;
        }

        static <T> Pair<T> of(T reference, boolean mark) { return new Pair<T>(reference, mark); }
    }

    private static final long PAIR = Sync.objectFieldOffset(AtomicMarkableReference.class, "pair");
    private volatile Pair<V> pair;

    public AtomicMarkableReference(V initialRef, boolean initialMark) { pair = Pair.of(initialRef, initialMark); }

    public V getReference() { return pair.reference; }

    public boolean isMarked() { return pair.mark; }

    public V get(boolean[] markHolder) {
        Pair<V> pair = this.pair;
        markHolder[0] = pair.mark;
        return pair.reference;
    }

    public boolean weakCompareAndSet(V expectedReference, V newReference, boolean expectedMark, boolean newMark) {
        return compareAndSet(expectedReference, newReference, expectedMark, newMark);
    }

    public boolean compareAndSet(V expectedReference, V newReference, boolean expectedMark, boolean newMark) {
        Pair<V> current = pair;
        return expectedReference == current.reference && expectedMark == current.mark
                && ((newReference == current.reference && newMark == current.mark) || casPair(current, Pair.of(newReference, newMark)));
    }

    public void set(V newReference, boolean newMark) {
        Pair<V> current = pair;
        if (newReference != current.reference || newMark != current.mark) this.pair = Pair.of(newReference, newMark);
    }

    public boolean attemptMark(V expectedReference, boolean newMark) {
        Pair<V> current = pair;
        return expectedReference == current.reference && (newMark == current.mark || casPair(current, Pair.of(expectedReference, newMark)));
    }

    private boolean casPair(Pair<V> cmp, Pair<V> val) { return Sync.compareAndSetReference(this, PAIR, cmp, val); }
}
