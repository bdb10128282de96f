package culprit;

import java.util.concurrent.Callable;

/** A register whose class implements Callable, an interface the model library lacks. */
public class Callback implements Callable<Integer> {
    private int value;

    public void put(int v) {
        value = v;
    }

    public int get() {
        return value;
    }

    @Override
    public Integer call() {
        return value;
    }
}
