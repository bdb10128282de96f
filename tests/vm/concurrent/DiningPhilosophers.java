// Three philosophers, each taking its left fork then its right one: the circular wait deadlocks,
// and the report names the cycle.
// expect: violation deadlock
// expect: violation cycle: philosopher-0 -> philosopher-1 -> philosopher-2 -> philosopher-0
public class DiningPhilosophers {
    static class Philosopher extends Thread {
        private final Object left, right;
        int meals;

        Philosopher(String name, Object left, Object right) {
            super(name);
            this.left = left;
            this.right = right;
        }

        @Override
        public void run() {
            synchronized (left) {
                synchronized (right) {
                    meals++;
                }
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Object[] forks = {new Object(), new Object(), new Object()};
        Philosopher[] ps = new Philosopher[3];
        for (int i = 0; i < 3; i++) ps[i] = new Philosopher("philosopher-" + i, forks[i], forks[(i + 1) % 3]);
        for (Philosopher p : ps) p.start();
        int meals = 0;
        for (Philosopher p : ps) {
            p.join();
            meals += p.meals;
        }
        System.out.println("meals = " + meals);
    }
}
