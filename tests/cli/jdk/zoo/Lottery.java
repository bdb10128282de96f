package zoo;

import java.util.concurrent.ThreadLocalRandom;

/** Tickets numbered by a plain counter (read, then written: two draws can get one number), each
 * with a ThreadLocalRandom prize of 0. */
public class Lottery {
    private int tickets;

    public int draw() {
        int prize = ThreadLocalRandom.current().nextInt(1);
        int t = tickets;
        tickets = t + 1;
        return t + prize;
    }
}
