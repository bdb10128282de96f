// A one-slot buffer with wait/notifyAll: one producer puts two items, two consumers take one each.
// Waiting in a while loop is correct.
// expect: ok
// expect outcomes: "taken 3\n"
public class ProducerConsumer {
    private Integer slot;

    synchronized void put(int v) throws InterruptedException {
        while (slot != null) wait();
        slot = v;
        notifyAll();
    }

    synchronized int take() throws InterruptedException {
        while (slot == null) wait();
        int v = slot;
        slot = null;
        notifyAll();
        return v;
    }

    public static void main(String[] args) throws InterruptedException {
        ProducerConsumer b = new ProducerConsumer();
        int[] got = new int[2];
        Thread producer = new Thread(() -> {
            try {
                b.put(1);
                b.put(2);
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        });
        Thread c0 = new Thread(() -> {
            try {
                got[0] = b.take();
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        });
        Thread c1 = new Thread(() -> {
            try {
                got[1] = b.take();
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        });
        producer.start();
        c0.start();
        c1.start();
        producer.join();
        c0.join();
        c1.join();
        System.out.println("taken " + (got[0] + got[1]));
    }
}
