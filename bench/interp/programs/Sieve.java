// Sieve of Eratosthenes over a boolean array, repeated.
public class Sieve {
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 25;
        int n = 1 << 20, count = 0;
        for (int r = 0; r < rounds; r++) {
            boolean[] composite = new boolean[n + 1];
            count = 0;
            for (int i = 2; i <= n; i++) {
                if (composite[i]) continue;
                count++;
                for (int j = i + i; j <= n; j += i) composite[j] = true;
            }
        }
        System.out.println(count);
    }
}
