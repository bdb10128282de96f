// Classic algorithms exercising loops, arrays and recursion: sieve, sorts, n-queens, matrix multiply.
import java.util.Arrays;

public class Algorithms {
    static int queens(int n, int row, int cols, int d1, int d2) {
        if (row == n) return 1;
        int count = 0;
        for (int c = 0; c < n; c++) {
            if ((cols & (1 << c)) != 0 || (d1 & (1 << (row + c))) != 0 || (d2 & (1 << (row - c + n))) != 0) continue;
            count += queens(n, row + 1, cols | (1 << c), d1 | (1 << (row + c)), d2 | (1 << (row - c + n)));
        }
        return count;
    }

    static void quicksort(int[] a, int lo, int hi) {
        if (lo >= hi) return;
        int p = a[(lo + hi) >>> 1], i = lo, j = hi;
        while (i <= j) {
            while (a[i] < p) i++;
            while (a[j] > p) j--;
            if (i <= j) {
                int t = a[i];
                a[i++] = a[j];
                a[j--] = t;
            }
        }
        quicksort(a, lo, j);
        quicksort(a, i, hi);
    }

    static long gcd(long a, long b) { return b == 0 ? a : gcd(b, a % b); }

    public static void main(String[] args) {
        boolean[] composite = new boolean[100001];
        int primes = 0;
        long sum = 0;
        for (int i = 2; i <= 100000; i++) {
            if (composite[i]) continue;
            primes++;
            sum += i;
            for (long j = (long) i * i; j <= 100000; j += i) composite[(int) j] = true;
        }
        System.out.println(primes + " " + sum);
        for (int n = 4; n <= 8; n++) System.out.print(queens(n, 0, 0, 0, 0) + " ");
        System.out.println();
        int[] data = new int[2000];
        long seed = 12345;
        for (int i = 0; i < data.length; i++) {
            seed = (seed * 6364136223846793005L + 1442695040888963407L);
            data[i] = (int) (seed >>> 40) - (1 << 23);
        }
        int[] copy = data.clone();
        quicksort(data, 0, data.length - 1);
        Arrays.sort(copy);
        System.out.println(Arrays.equals(data, copy) + " " + data[0] + " " + data[1999] + " " + data[1000]);
        double[][] m = new double[20][20];
        for (int i = 0; i < 20; i++) for (int j = 0; j < 20; j++) m[i][j] = (i * 7 + j * 3) % 11 - 5;
        double[][] r = new double[20][20];
        for (int i = 0; i < 20; i++) for (int j = 0; j < 20; j++) for (int k = 0; k < 20; k++) r[i][j] += m[i][k] * m[k][j];
        double trace = 0;
        for (int i = 0; i < 20; i++) trace += r[i][i];
        System.out.println(trace + " " + r[3][7]);
        System.out.println(gcd(1071, 462) + " " + gcd(1L << 40, 3L << 35));
        StringBuilder collatz = new StringBuilder();
        for (long n = 27; n != 1; n = n % 2 == 0 ? n / 2 : 3 * n + 1) if (n > 1000) collatz.append(n).append(',');
        System.out.println(collatz);
    }
}
