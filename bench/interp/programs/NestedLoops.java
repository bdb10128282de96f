// Nested loops with instance-field and array access: a matrix product on int arrays.
public class NestedLoops {
    int[][] a, b, c;
    int n;
    long checksum;

    NestedLoops(int n) {
        this.n = n;
        a = new int[n][n];
        b = new int[n][n];
        c = new int[n][n];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                a[i][j] = (i * 31 + j) % 17;
                b[i][j] = (i + j * 7) % 13;
            }
    }

    void multiply() {
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                int s = 0;
                for (int k = 0; k < n; k++) s += a[i][k] * b[k][j];
                c[i][j] = s;
                checksum += s;
            }
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 24;
        NestedLoops m = new NestedLoops(160);
        for (int r = 0; r < rounds; r++) m.multiply();
        System.out.println(m.checksum);
    }
}
