package cftest;

/** Arrays of every element type, multi-dimensional arrays, clone and length. */
public class Arrays {
    Object all(int n) {
        boolean[] z = new boolean[n];
        byte[] b = new byte[n];
        char[] c = new char[n];
        short[] s = new short[n];
        int[] i = new int[n];
        long[] l = new long[n];
        float[] f = new float[n];
        double[] d = new double[n];
        String[] str = new String[n];
        z[0] = true;
        b[0] = 1;
        c[0] = 'c';
        s[0] = 2;
        i[0] = 3;
        l[0] = 4L;
        f[0] = 5f;
        d[0] = 6d;
        str[0] = "seven";
        return z[0] ? b[0] + c[0] + s[0] + i[0] + l[0] + f[0] + d[0] + str[0] : null;
    }

    int[][][] cube(int n) {
        int[][][] cube = new int[n][n][];
        cube[0][0] = new int[] {1, 2, 3};
        long[][] grid = new long[2][3];
        grid[1][2] = cube.length;
        return cube;
    }

    int[] copy(int[] a) {
        return a.clone();
    }

    String[][] jagged() {
        return new String[][] {{"a"}, {"b", "c"}, {}};
    }
}
