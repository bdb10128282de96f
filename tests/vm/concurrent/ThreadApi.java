// Threads from a Thread subclass, a Runnable and a lambda; currentThread, getName, getId,
// isAlive, sleep, yield and join. The output does not depend on the interleaving.
// expect: ok
// expect outcomes: "alive before start: false\nsum = 6\nalive after join: false\nmain is main\n"
public class ThreadApi {
    static int[] parts = new int[3];

    static class Worker extends Thread {
        Worker() {
            super("worker");
        }

        @Override
        public void run() {
            parts[0] = getName().equals("worker") && currentThread() == this ? 1 : -100;
        }
    }

    static class Task implements Runnable {
        public void run() {
            Thread.yield();
            parts[1] = 2;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Worker();
        Thread b = new Thread(new Task(), "task");
        Thread c = new Thread(() -> {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                return;
            }
            parts[2] = Thread.currentThread().getId() > 1 ? 3 : -100;
        });
        System.out.println("alive before start: " + a.isAlive());
        a.start();
        b.start();
        c.start();
        a.join();
        b.join();
        c.join();
        System.out.println("sum = " + (parts[0] + parts[1] + parts[2]));
        System.out.println("alive after join: " + (a.isAlive() || b.isAlive() || c.isAlive()));
        System.out.println("main is " + Thread.currentThread().getName());
    }
}
