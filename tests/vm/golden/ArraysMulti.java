// Multi-dimensional arrays: multianewarray, jagged arrays, arrays of arrays.
import java.util.Arrays;

public class ArraysMulti {
    public static void main(String[] args) {
        int[][] grid = new int[4][5];
        for (int r = 0; r < 4; r++) for (int c = 0; c < 5; c++) grid[r][c] = r * 10 + c;
        System.out.println(Arrays.deepToString(grid));
        long[][][] cube = new long[2][3][4];
        cube[1][2][3] = 42;
        System.out.println(cube.length + " " + cube[0].length + " " + cube[0][0].length + " " + cube[1][2][3] + " " + cube[0][1][2]);
        String[][] partial = new String[3][];
        System.out.println(partial[0] == null);
        partial[0] = new String[] {"a"};
        partial[1] = new String[] {"b", "c"};
        partial[2] = new String[0];
        System.out.println(Arrays.deepToString(partial));
        int[][] tri = new int[5][];
        for (int i = 0; i < 5; i++) {
            tri[i] = new int[i + 1];
            tri[i][0] = tri[i][i] = 1;
            for (int j = 1; j < i; j++) tri[i][j] = tri[i - 1][j - 1] + tri[i - 1][j];
        }
        System.out.println(Arrays.deepToString(tri));
        double[][] id = new double[3][3];
        for (int i = 0; i < 3; i++) id[i][i] = 1.0;
        System.out.println(Arrays.deepToString(id));
        Object[] mixed = {new int[] {1, 2}, new String[] {"x"}, "plain", null, new double[][] {{1.5}}};
        System.out.println(Arrays.deepToString(mixed));
        char[][][] chars = new char[2][2][];
        System.out.println(chars[1][1] == null);
        try {
            int[][] neg = new int[2][-1];
            System.out.println(neg.length);
        } catch (NegativeArraySizeException e) {
            System.out.println("NASE " + e.getMessage());
        }
        int[][] zero = new int[0][5];
        System.out.println(zero.length);
        Object o = grid;
        System.out.println((o instanceof int[][]) + " " + (o instanceof Object[]) + " " + (grid[0] instanceof int[]));
        int[][] rows = grid.clone();
        rows[0][0] = 99;
        System.out.println(grid[0][0] + " " + (rows[0] == grid[0]));
        System.out.println(Arrays.deepEquals(grid, rows) + " " + Arrays.equals(grid[1], new int[] {10, 11, 12, 13, 14}));
    }
}
