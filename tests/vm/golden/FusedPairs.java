// The interpreter's quickened code (superinstructions, resolved field accesses) against HotSpot:
// every site runs many times, so that exceptions are thrown from the rewritten forms too, and the
// handler then sees the locals and the stack as the plain instructions would leave them.
public class FusedPairs {
    int small;
    long wide;
    double real;
    Object ref;
    byte[] bytes = new byte[4];
    boolean[] flags = new boolean[3];

    static int sumFields(FusedPairs p, int rounds) {
        int s = 0;
        for (int i = 0; i < rounds; i++) {
            p.small += i;
            p.wide += (long) i << 33;
            p.real += i * 0.5;
            s += p.small;
        }
        return s;
    }

    int readAfterNull(FusedPairs other) {
        int caught = 0;
        for (int i = 0; i < 10; i++) {
            FusedPairs q = (i % 3 == 0) ? null : other;
            try {
                caught += q.small; // aload, getfield: null every third round
            } catch (NullPointerException e) {
                caught += 1000;
            }
            try {
                long w = q.wide; // a two-slot field of a null object
                caught += (int) (w >>> 33);
            } catch (NullPointerException e) {
                caught += 10000;
            }
        }
        return caught + this.small; // aload_0, getfield
    }

    static int indexing(int[] a, int[][] m, int limit) {
        int s = 0, i = 0, j = 1, k = 2, n = 3;
        for (int r = 0; r < limit; r++) {
            try {
                s += a[i]; // iload_1-ish then iaload (fused)
                s += a[j];
                s += a[k];
                s += a[n];
                s += m[j][k]; // iload, aaload, iload, iaload
                i = i + 1; // iadd, istore
                j = j + 2;
                k = k + 3;
                n = n + 1;
            } catch (ArrayIndexOutOfBoundsException e) {
                s += 100 * r + i + j + k + n; // the locals as the plain code leaves them
                i = 0;
                j = 1;
                k = 2;
                n = 3;
            }
        }
        return s;
    }

    static int nullArrays(int rounds) {
        int s = 0;
        int[] a = null;
        int[][] m = null;
        for (int i = 0; i < rounds; i++) {
            try {
                s += (i % 2 == 0) ? m[i][0] : a[i];
            } catch (NullPointerException e) {
                s += 7;
            }
        }
        return s;
    }

    int bytesAndFlags(int rounds) {
        int s = 0;
        for (int i = 0; i < rounds; i++) {
            bytes[i & 3] = (byte) (bytes[i & 3] + 100);
            flags[i % 3] = !flags[i % 3];
            s += bytes[i & 3] + (flags[i % 3] ? 1 : 0);
        }
        return s;
    }

    static int deepLoop(int n) {
        int s = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j += 2) s += i ^ j;
        return s;
    }

    public static void main(String[] args) {
        FusedPairs p = new FusedPairs();
        System.out.println(sumFields(p, 50) + " " + p.wide + " " + p.real);
        System.out.println(p.readAfterNull(p));
        int[] a = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
        int[][] m = new int[8][12];
        for (int i = 0; i < 8; i++)
            for (int j = 0; j < 12; j++) m[i][j] = i * 12 + j;
        System.out.println(indexing(a, m, 40));
        System.out.println(nullArrays(20));
        System.out.println(p.bytesAndFlags(25));
        System.out.println(deepLoop(60));
        p.ref = p;
        System.out.println(((FusedPairs) p.ref).small);
    }
}
