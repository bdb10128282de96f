// java.util.Random yields the JDK's sequence for a seed.
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

public class RandomSequences {
    public static void main(String[] args) {
        for (long seed : new long[] {0, 1, 42, -7, 123456789012L, Long.MAX_VALUE}) {
            Random r = new Random(seed);
            StringBuilder sb = new StringBuilder();
            sb.append(seed).append(": ").append(r.nextInt()).append(' ').append(r.nextInt(10)).append(' ').append(r.nextInt(1 << 20)).append(' ').append(r.nextInt(1000000007))
                    .append(' ').append(r.nextLong()).append(' ').append(r.nextBoolean()).append(' ').append(r.nextFloat()).append(' ').append(r.nextDouble());
            System.out.println(sb);
        }
        Random r = new Random(99);
        int[] hist = new int[10];
        for (int i = 0; i < 100000; i++) hist[r.nextInt(10)]++;
        StringBuilder sb = new StringBuilder();
        for (int h : hist) sb.append(h).append(' ');
        System.out.println(sb);
        byte[] bytes = new byte[11];
        r.nextBytes(bytes);
        System.out.println(java.util.Arrays.toString(bytes));
        r.setSeed(5);
        System.out.println(r.nextInt(100) + " " + r.nextInt(100) + " " + r.nextInt(3));
        List<Integer> deck = new ArrayList<>();
        for (int i = 0; i < 20; i++) deck.add(i);
        Collections.shuffle(deck, new Random(7));
        System.out.println(deck);
        Random g = new Random(3);
        double s = 0;
        for (int i = 0; i < 10; i++) s += Math.abs(g.nextInt(50) - 25);
        System.out.println(s);
    }
}
