public class Deadlock {
    public static void main(String[] args) throws Exception {
        Object a = new Object(), b = new Object();
        Thread t = new Thread(() -> {
            synchronized (b) {
                synchronized (a) {
                    System.out.println("never");
                }
            }
        });
        synchronized (a) {
            t.start();
            Thread.sleep(10);
            synchronized (b) {
                System.out.println("never either");
            }
        }
    }
}
