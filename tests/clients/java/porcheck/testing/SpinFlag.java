package porcheck.testing;

/**
 * A flag that awaitOpen() spins on until open() sets it (Thread.onSpinWait, a volatile read):
 * run alone, or before open(), it goes round the same states for ever, as a wait that never
 * ends waits. awaitCounting() spins too, but counts its rounds, so its state never comes back.
 */
public class SpinFlag {
    private volatile boolean open;

    public void open() {
        open = true;
    }

    public boolean awaitOpen() {
        while (!open) Thread.onSpinWait();
        return true;
    }

    public long awaitCounting() {
        long rounds = 0;
        while (!open) rounds++;
        return rounds;
    }
}
