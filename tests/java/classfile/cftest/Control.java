package cftest;

import java.io.IOException;

/** Branches, switches, loops, exceptions, finally and monitors. */
public class Control {
    enum Color { RED, GREEN, BLUE }

    private int counter;

    int table(int x) {
        switch (x) {
            case 0: return 10;
            case 1: return 11;
            case 2: return 12;
            case 3: return 13;
            default: return -1;
        }
    }

    int lookup(int x) {
        switch (x) {
            case -100: return 1;
            case 7: return 2;
            case 100000: return 3;
            default: return 0;
        }
    }

    String strings(String s) {
        switch (s) {
            case "alpha": return "A";
            case "beta": return "B";
            case "Aa": return "collides";
            case "BB": return "with Aa";
            default: return s;
        }
    }

    int colors(Color c) {
        switch (c) {
            case RED: return 1;
            case BLUE: return 3;
            default: return 2;
        }
    }

    int loops(int[] xs) {
        int sum = 0;
        outer:
        for (int i = 0; i < xs.length; i++) {
            int j = 0;
            while (j < i) {
                if (xs[j] == 42) break outer;
                if (xs[j] < 0) continue outer;
                j++;
            }
            do {
                sum += xs[i];
            } while (sum < 10);
        }
        return sum;
    }

    int exceptions(int x) throws IOException {
        try {
            try {
                if (x == 0) throw new IOException("zero");
                return 100 / x;
            } catch (ArithmeticException | IllegalStateException e) {
                return -1;
            } finally {
                counter++;
            }
        } catch (RuntimeException e) {
            throw new IOException(e);
        } finally {
            counter--;
        }
    }

    synchronized void locked() {
        synchronized (this) {
            counter++;
            synchronized (Control.class) {
                counter--;
            }
        }
    }

    Object types(Object o) {
        if (o instanceof String) return ((String) o).length();
        if (o instanceof int[]) return ((int[]) o).length;
        if (o instanceof Comparable<?>[]) return "comparables";
        return o == null ? null : o.getClass();
    }

    static int nullChecks(Object a, Object b) {
        if (a == null) return 0;
        if (b != null) return 1;
        return a == b ? 2 : 3;
    }
}
